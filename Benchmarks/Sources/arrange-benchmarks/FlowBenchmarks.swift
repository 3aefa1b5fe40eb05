import ArrangeGeometry
import ArrangeLayout

/// The flow figures of docs/layout.md: O(log n) queries and incremental edits at 100,000 items,
/// each against a naive baseline measured in the same run.
struct FlowBenchmarks {
  /// The number of items in the flow.
  static let itemCount = 100_000
  /// The flow's style: start-aligned lines and items, small gaps.
  static let style = FlowStyle(itemSpacing: 4, lineSpacing: 4)
  /// A container about 1,000 points wide, unbounded downwards.
  static let container = Size(width: 1000, height: .infinity)
  /// Queries per timed batch (each batch gives one per-query sample).
  static let batchSize = 1000

  /// How many times each figure is measured.
  let iterations: Iterations
  /// Accumulates results so that no measured work can be optimized away.
  var sink = 0

  /// Iteration counts for one run.
  struct Iterations {
    /// Timed batches of `batchSize` queries, per query kind.
    var queryBatches: Int
    /// Queries answered by the naive linear scans (each is O(n)).
    var naiveQueries: Int
    /// Incremental inserts (and as many removals).
    var edits: Int
    /// Full recomputes with `replaceItems`.
    var fullRecomputes: Int
  }

  /// The per-query and per-edit timings and counts measured.
  struct Results {
    var itemAt = Samples()
    var insertionIndex = Samples()
    var naiveItemAt = Samples()
    var naiveInsertionIndex = Samples()
    var insert = Samples()
    var remove = Samples()
    var replaceItems = Samples()
    var fullReflow = Samples()
    /// Heap operations per `item(at:)` query.
    var itemAtAllocations = 0.0
    /// Heap operations per `insertionIndex(for:)` query.
    var insertionIndexAllocations = 0.0
    /// Heap operations per incremental insert and per removal.
    var insertAllocations = 0.0
    var removeAllocations = 0.0
    /// Lines whose item ranges an edit changed (beyond shifting), per edit.
    var changedLines = Samples()
    /// Heap operations per `replaceItems` of the whole flow.
    var replaceItemsAllocations: UInt64 = 0
    /// Queries whose answer differs from the naive scan's.
    var mismatchedQueries = 0
    /// Whether the incrementally edited flow equals one laid out from scratch.
    var editsMatchFullLayout = true
    /// The number of lines of the flow.
    var lineCount = 0
  }

  private static func randomSize(_ random: inout SplitMix64) -> Size {
    Size(width: Double(8 + random.next() % 56), height: Double(8 + random.next() % 24))
  }

  /// Runs every flow figure.
  mutating func run() -> Results {
    var results = Results()
    var random = SplitMix64(seed: 0x5EED_F10E)
    let sizes = (0..<FlowBenchmarks.itemCount).map { _ in FlowBenchmarks.randomSize(&random) }
    let flow = FlowLayout(
      style: FlowBenchmarks.style, itemSizes: sizes, containerSize: FlowBenchmarks.container)
    results.lineCount = flow.lineCount
    let content = flow.contentSize
    let pointCount = FlowBenchmarks.batchSize * 16
    let points = (0..<pointCount).map { _ in
      Point(
        x: -10 + Double(random.next() % 1_020_000) / 1000,
        y: -10 + Double(random.next() % UInt64((content.height + 20) * 1000)) / 1000)
    }
    measureQueries(flow, points: points, into: &results)
    measureNaiveQueries(flow, points: points, into: &results)
    measureEdits(sizes: sizes, random: &random, into: &results)
    return results
  }

  private mutating func measureQueries(
    _ flow: FlowLayout, points: [Point], into results: inout Results
  ) {
    let batch = FlowBenchmarks.batchSize
    let batches = points.count / batch
    var itemAt = Samples(capacity: iterations.queryBatches)
    var insertion = Samples(capacity: iterations.queryBatches)
    for b in 0..<iterations.queryBatches {
      let range = (b % batches) * batch..<(b % batches + 1) * batch
      itemAt.append(
        measureNanoseconds {
          for point in points[range] { sink &+= flow.item(at: point) ?? -1 }
        })
      insertion.append(
        measureNanoseconds {
          for point in points[range] { sink &+= flow.insertionIndex(for: point) }
        })
    }
    results.itemAt = itemAt.scaled(by: Double(batch))
    results.insertionIndex = insertion.scaled(by: Double(batch))
    let range = 0..<batch
    results.itemAtAllocations =
      Double(
        AllocationCounter.count {
          for point in points[range] { sink &+= flow.item(at: point) ?? -1 }
        }.total) / Double(batch)
    results.insertionIndexAllocations =
      Double(
        AllocationCounter.count {
          for point in points[range] { sink &+= flow.insertionIndex(for: point) }
        }.total) / Double(batch)
  }

  private mutating func measureNaiveQueries(
    _ flow: FlowLayout, points: [Point], into results: inout Results
  ) {
    let frames = flow.itemFrames
    let halfGap = FlowBenchmarks.style.lineSpacing / 2
    var itemAt = Samples(capacity: iterations.naiveQueries)
    var insertion = Samples(capacity: iterations.naiveQueries)
    for (k, point) in points.prefix(iterations.naiveQueries).enumerated() {
      var naiveItem: Int? = nil
      var naiveIndex = 0
      itemAt.append(measureNanoseconds { naiveItem = naiveItemAt(point, frames) })
      insertion.append(
        measureNanoseconds { naiveIndex = naiveInsertionIndex(point, frames, halfGap: halfGap) })
      sink &+= (naiveItem ?? -1) &+ naiveIndex &+ k
      if naiveItem != flow.item(at: point) || naiveIndex != flow.insertionIndex(for: point) {
        results.mismatchedQueries += 1
      }
    }
    results.naiveItemAt = itemAt
    results.naiveInsertionIndex = insertion
  }

  /// The item under `point`: the first frame that contains it, by linear scan.
  private func naiveItemAt(_ point: Point, _ frames: [Rect]) -> Int? {
    for (index, frame) in frames.enumerated() where frame.contains(point) { return index }
    return nil
  }

  /// The insertion index for `point` by linear scan, with the engine's documented rule: lines
  /// are the runs of items sharing a top edge (items are start-aligned); the point belongs to
  /// the first line whose bottom plus half the line gap lies below it, and lands before the
  /// first item of that line whose middle lies beyond it, or after the line's last item.
  private func naiveInsertionIndex(_ point: Point, _ frames: [Rect], halfGap: Double) -> Int {
    let count = frames.count
    var start = 0
    while start < count {
      let top = frames[start].minY
      var end = start
      var bottom = top
      while end < count && frames[end].minY == top {
        bottom = Swift.max(bottom, frames[end].maxY)
        end += 1
      }
      if end == count && point.y >= bottom { return count }
      if bottom + halfGap > point.y || end == count {
        for index in start..<end where frames[index].midX > point.x { return index }
        return end
      }
      start = end
    }
    return 0
  }

  /// The item range of every line.
  private func lineRanges(of flow: FlowLayout) -> [Range<Int>] {
    (0..<flow.lineCount).map { flow.items(inLine: $0) }
  }

  /// How many lines of `after` differ from those of `before` once the common leading lines and
  /// the common trailing lines (shifted by `delta` items) are set aside: the lines an edit
  /// re-flowed.
  private func changedLineCount(_ before: [Range<Int>], _ after: [Range<Int>], delta: Int) -> Int {
    var prefix = 0
    while prefix < before.count && prefix < after.count && before[prefix] == after[prefix] {
      prefix += 1
    }
    var suffix = 0
    while suffix < before.count - prefix && suffix < after.count - prefix {
      let old = before[before.count - 1 - suffix]
      let new = after[after.count - 1 - suffix]
      guard old.lowerBound + delta == new.lowerBound && old.upperBound + delta == new.upperBound
      else { break }
      suffix += 1
    }
    return after.count - prefix - suffix
  }

  private mutating func measureEdits(
    sizes: [Size], random: inout SplitMix64, into results: inout Results
  ) {
    var flow = FlowLayout(
      style: FlowBenchmarks.style, itemSizes: sizes, containerSize: FlowBenchmarks.container)
    var mirror = sizes
    var insert = Samples(capacity: iterations.edits)
    var remove = Samples(capacity: iterations.edits)
    var insertAllocations: UInt64 = 0
    var removeAllocations: UInt64 = 0
    var changed = Samples(capacity: 2 * iterations.edits)
    var before = lineRanges(of: flow)
    for _ in 0..<iterations.edits {
      let size = FlowBenchmarks.randomSize(&random)
      let at = Int(random.next() % UInt64(flow.count + 1))
      AllocationCounter.reset()
      insert.append(measureNanoseconds { flow.insert(size, at: at) })
      insertAllocations += AllocationCounter.read().total
      mirror.insert(size, at: at)
      var after = lineRanges(of: flow)
      changed.append(Double(changedLineCount(before, after, delta: 1)))
      before = after
      let from = Int(random.next() % UInt64(flow.count))
      AllocationCounter.reset()
      remove.append(measureNanoseconds { sink &+= Int(flow.remove(at: from).width) })
      removeAllocations += AllocationCounter.read().total
      mirror.remove(at: from)
      after = lineRanges(of: flow)
      changed.append(Double(changedLineCount(before, after, delta: -1)))
      before = after
    }
    results.changedLines = changed
    results.insert = insert
    results.remove = remove
    if AllocationCounter.method == .interposed {
      results.insertAllocations = Double(insertAllocations) / Double(iterations.edits)
      results.removeAllocations = Double(removeAllocations) / Double(iterations.edits)
    }
    let reference = FlowLayout(
      style: FlowBenchmarks.style, itemSizes: mirror, containerSize: FlowBenchmarks.container)
    results.editsMatchFullLayout =
      flow.itemFrames == reference.itemFrames && flow.contentSize == reference.contentSize

    // The full recompute of the same kind of edit: the whole item list replaced and re-flowed.
    var full = reference
    var replace = Samples(capacity: iterations.fullRecomputes)
    var reflow = Samples(capacity: iterations.fullRecomputes)
    for k in 0..<iterations.fullRecomputes {
      if k % 2 == 0 {
        mirror.insert(FlowBenchmarks.randomSize(&random), at: Int(random.next() % 1000))
      } else {
        mirror.remove(at: Int(random.next() % 1000))
      }
      replace.append(measureNanoseconds { full.replaceItems(mirror) })
      reflow.append(measureNanoseconds { full.setContainerSize(FlowBenchmarks.container) })
      sink &+= full.lineCount
    }
    results.replaceItems = replace
    results.replaceItemsAllocations = AllocationCounter.count { full.replaceItems(mirror) }.total
    results.fullReflow = reflow
  }
}
