import ArrangeDragDrop
import ArrangeGeometry

/// Dragging a selection: 1,000 items selected (every hundredth) in one container of 100,000,
/// the pointer moved at random over the container, then dropped; the drop's moves are checked
/// to land the selection contiguously, in selection order.
struct SelectionBenchmarks {
  /// The bar on the p99 of one pointer move, in nanoseconds.
  static let moveBar = 20_000.0
  /// The bar on the drop (the moves worked out and emitted), in nanoseconds.
  static let dropBar = 5_000_000.0
  static let itemCount = 100_000
  static let selected = Array(stride(from: 50, to: 100_000, by: 100))

  /// Timed pointer moves, and drops (each of a fresh drag).
  var moves: Int
  var drops: Int
  var sink = 0

  struct Report {
    var move = Samples()
    var drop = Samples()
    var landsTogether = true
  }

  static func engine() -> DragEngine<ListGeometry<Int>> {
    let geometry = ListGeometry(
      items: Array(0..<itemCount),
      frame: Rect(x: 0, y: 0, width: 200, height: Double(itemCount) * 10), itemLength: 10)
    var engine = DragEngine(containers: [
      ArenaContainer(id: ContainerID(0), name: "A", geometry: geometry)
    ])
    engine.handle(.setSelection(selected))
    let grab = Point(x: 100, y: Double(selected[0]) * 10 + 5)
    engine.handle(.pointer(PointerEvent(.down, at: grab, time: 0)))
    engine.handle(.pointer(PointerEvent(.move, at: Point(x: 106, y: grab.y), time: 0.01)))
    precondition(engine.isDragging, "the selection drag did not start")
    return engine
  }

  mutating func run() -> Report {
    var report = Report()
    var random = SplitMix64(seed: 0x5E1E_C7)
    var engine = Self.engine()
    var time = 0.02
    for k in -(moves / 10)..<moves {
      time += 1.0 / 120
      let y = Double(random.next() % UInt64(Self.itemCount * 10))
      let input = DragInput<ListGeometry<Int>>.pointer(
        PointerEvent(.move, at: Point(x: 100, y: y), time: time))
      let start = monotonicNanoseconds()
      let effects = engine.handle(input)
      let end = monotonicNanoseconds()
      sink &+= effects.count
      if k >= 0 { report.move.append(Double(end - start)) }
    }
    for _ in 0..<drops {
      var fresh = Self.engine()
      let target = Point(x: 100, y: 500_000.0 + 3)
      fresh.handle(.pointer(PointerEvent(.move, at: target, time: 1)))
      let start = monotonicNanoseconds()
      let effects = fresh.handle(.pointer(PointerEvent(.up, at: target, time: 1.1)))
      let end = monotonicNanoseconds()
      report.drop.append(Double(end - start))
      // Apply the moves to a plain array: the selection must be contiguous, in order.
      var items = Array(0..<Self.itemCount)
      for case .apply(.move(let item, let from, let to, _)) in effects {
        guard items.indices.contains(from.index), items[from.index] == item else {
          report.landsTogether = false
          break
        }
        items.remove(at: from.index)
        items.insert(item, at: to.index)
      }
      if let first = items.firstIndex(of: Self.selected[0]) {
        report.landsTogether =
          report.landsTogether
          && Array(items[first..<(first + Self.selected.count)]) == Self.selected
      } else {
        report.landsTogether = false
      }
    }
    return report
  }

  func report(_ report: Report, into table: inout Table) {
    table.section("Drag of a 1,000-item selection over 100,000 items (mouse, on drop)")
    table.row(
      "pointer move: DragEngine.handle(.move)", p50: formatDuration(report.move.median),
      p99: formatDuration(report.move.p99), bar: "p99 ≤ 20,000 ns",
      verdict: report.move.p99 <= Self.moveBar ? .pass : .fail)
    table.row(
      "drop: the moves worked out and emitted", p50: formatDuration(report.drop.median),
      p99: formatDuration(report.drop.p99), bar: "≤ 5 ms",
      verdict: report.drop.median <= Self.dropBar ? .pass : .fail)
    table.row(
      "the selection lands contiguously, in order", p50: report.landsTogether ? "yes" : "no",
      p99: "", bar: "always", verdict: report.landsTogether ? .pass : .fail, isCorrectness: true)
  }
}
