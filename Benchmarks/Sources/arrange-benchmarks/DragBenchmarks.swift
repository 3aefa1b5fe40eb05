import ArrangeDragDrop
import ArrangeGeometry

/// The drag figures of docs/drag-and-drop.md: the cost of one pointer move during a mouse drag in
/// on-drop mode over ``ListGeometry`` containers, against a naive engine's linear scan of the
/// item frames measured in the same run.
///
/// Every container's frame is as tall as its content, so nothing scrolls and every item can be
/// under the pointer; the pointer jumps to a random point (fixed seed) of the arena at each move,
/// which changes the proposal at almost every move: the worst case, with a proposal-changed
/// event, an announcement and a new presentation per move.
struct DragBenchmarks {
  /// One arena to drag in.
  struct Scenario {
    /// The number of containers, side by side.
    var containerCount: Int
    /// The number of items in each container.
    var itemsPerContainer: Int
    /// Whether the p99 of a move is checked against ``DragBenchmarks/moveBar``.
    var hasMoveBar: Bool
    /// The least naive/Arrange ratio (p50) required, or `nil` when the ratio is informative.
    var ratioBar: Double?
  }

  /// The two arenas of the issue (one container of 100,000 items, 10 containers of 10,000; the
  /// bars apply at 100,000 items), and a small one that shows how the cost grows with the items.
  static let scenarios = [
    Scenario(containerCount: 1, itemsPerContainer: 100_000, hasMoveBar: true, ratioBar: 100),
    Scenario(containerCount: 10, itemsPerContainer: 10_000, hasMoveBar: true, ratioBar: nil),
    Scenario(containerCount: 1, itemsPerContainer: 1_000, hasMoveBar: false, ratioBar: nil),
  ]
  /// The bar on the p99 of one pointer move, in nanoseconds.
  static let moveBar = 5_000.0
  /// Column width, gap between columns and item height, in points.
  static let columnWidth = 200.0
  static let gap = 20.0
  static let itemLength = 10.0

  typealias Engine = DragEngine<ListGeometry<Int>>

  /// How many times each figure is measured.
  let iterations: Iterations
  /// Accumulates results so that no measured work can be optimized away.
  var sink = 0

  /// Iteration counts for one run.
  struct Iterations {
    /// Timed pointer moves per scenario (after an untimed warm-up of a tenth as many).
    var moves: Int
    /// Moves answered by the naive scan (each is O(n)); their proposals are also compared.
    var naiveMoves: Int
  }

  /// The per-move timings and counts of one scenario.
  struct Results {
    var scenario: Scenario
    var move = Samples()
    var naive = Samples()
    /// Heap operations (allocations plus reallocations) per move: the mean and the most.
    var allocationsPerMove = 0.0
    var maximumAllocations: UInt64 = 0
    /// The share of moves that changed the proposal.
    var proposalChangeRate = 0.0
    /// Proposals (action and container) that differ from the naive engine's.
    var mismatchedProposals = 0
  }

  /// The pointer move costs of every scenario.
  struct Report {
    var scenarios: [Results] = []
    /// Two back-to-back reads of the clock: the overhead inside every per-move sample.
    var clockOverhead = Samples()
  }

  /// Runs every drag figure.
  mutating func run() -> Report {
    var report = Report()
    var clock = Samples(capacity: 10_000)
    for _ in 0..<10_000 {
      let start = monotonicNanoseconds()
      clock.append(Double(monotonicNanoseconds() - start))
    }
    report.clockOverhead = clock
    for (number, scenario) in DragBenchmarks.scenarios.enumerated() {
      report.scenarios.append(measure(scenario, seed: 0xD2A6_0000 + UInt64(number)))
    }
    return report
  }

  /// Adds the drag rows to `table`.
  func report(_ report: Report, into table: inout Table) {
    for results in report.scenarios {
      let scenario = results.scenario
      let items = format(Double(scenario.containerCount * scenario.itemsPerContainer), digits: 0)
      let shape =
        scenario.containerCount == 1
        ? "1 container of \(items) items"
        : "\(scenario.containerCount) containers × "
          + "\(format(Double(scenario.itemsPerContainer), digits: 0)) items"
      table.section("Drag, \(shape), per pointer move (mouse, on drop, ListGeometry)")
      let bar = DragBenchmarks.moveBar
      table.row(
        "pointer move: DragEngine.handle(.move)", p50: formatDuration(results.move.median),
        p99: formatDuration(results.move.p99),
        bar: scenario.hasMoveBar ? "p99 ≤ " + format(bar, digits: 0) + " ns" : "—",
        verdict: scenario.hasMoveBar ? (results.move.p99 <= bar ? .pass : .fail) : .info)
      let factor = results.move.median > 0 ? results.naive.median / results.move.median : 0
      let scanned =
        scenario.containerCount == 1 ? "all item frames" : "the target container's item frames"
      table.row(
        "naive linear scan of \(scanned)", p50: formatDuration(results.naive.median),
        p99: formatDuration(results.naive.p99),
        bar: "naive/Arrange ×" + format(factor, digits: 1)
          + (scenario.ratioBar.map { " (≥ ×" + format($0, digits: 0) + ")" } ?? ""),
        verdict: scenario.ratioBar.map { factor >= $0 ? .pass : .fail } ?? .info)
      table.row(
        "proposals equal to the naive engine's",
        p50: results.mismatchedProposals == 0 ? "yes" : "no",
        p99: "\(results.mismatchedProposals) differ", bar: "all equal",
        verdict: results.mismatchedProposals == 0 ? .pass : .fail, isCorrectness: true)
      let counted = AllocationCounter.method == .interposed
      table.row(
        "heap allocations per move",
        p50: counted ? format(results.allocationsPerMove, digits: 2) : "n/a",
        p99: counted ? "max \(results.maximumAllocations)" : "not counted", bar: "—",
        verdict: .info)
      table.row(
        "moves that changed the proposal",
        p50: format(results.proposalChangeRate * 100, digits: 1) + "%", p99: "", bar: "—",
        verdict: .info)
    }
    table.row(
      "clock read overhead (included above)", p50: formatDuration(report.clockOverhead.median),
      p99: formatDuration(report.clockOverhead.p99), bar: "—", verdict: .info)
  }

  // MARK: - Measuring

  /// The arena of `scenario`: columns side by side, items `itemLength` tall from y = 0, each
  /// frame as tall as its content; item IDs are consecutive integers across containers.
  static func containers(for scenario: Scenario) -> [ArenaContainer<ListGeometry<Int>>] {
    let perContainer = scenario.itemsPerContainer
    return (0..<scenario.containerCount).map { index in
      let frame = Rect(
        x: Double(index) * (columnWidth + gap), y: 0, width: columnWidth,
        height: Double(perContainer) * itemLength)
      let geometry = ListGeometry(
        items: Array(index * perContainer..<(index + 1) * perContainer), frame: frame,
        itemLength: itemLength)
      return ArenaContainer(id: ContainerID(index), name: "Column \(index + 1)", geometry: geometry)
    }
  }

  private mutating func measure(_ scenario: Scenario, seed: UInt64) -> Results {
    var results = Results(scenario: scenario)
    var random = SplitMix64(seed: seed)
    let containers = DragBenchmarks.containers(for: scenario)
    let width =
      Double(scenario.containerCount) * DragBenchmarks.columnWidth
      + Double(scenario.containerCount - 1) * DragBenchmarks.gap
    let height = Double(scenario.itemsPerContainer) * DragBenchmarks.itemLength
    // Anywhere in the arena's bounding box, gaps between columns included (there the drag is
    // over no container and proposes returning to the origin).
    let points = (0..<4096).map { _ in
      Point(
        x: Double(random.next() % UInt64(width * 1000)) / 1000,
        y: Double(random.next() % UInt64(height * 1000)) / 1000)
    }

    // Lift an item in the middle of the first container: press, then move past the 5-point
    // mouse threshold.
    var engine = Engine(containers: containers)
    let originIndex = scenario.itemsPerContainer / 2
    let origin = Slot(ContainerID(0), originIndex)
    let dragged = containers[0].geometry.item(at: originIndex)
    let grab = containers[0].geometry.frameOfItem(at: originIndex).center
    var time = 0.0
    engine.handle(.pointer(PointerEvent(.down, at: grab, time: time)))
    time += 0.01
    engine.handle(.pointer(PointerEvent(.move, at: grab.offsetBy(dx: 6, dy: 0), time: time)))
    precondition(engine.isDragging, "the benchmark drag did not start")
    let session = SessionID.pointer(PointerID(0))

    let warmUp = iterations.moves / 10
    let naiveMoves = Swift.min(iterations.naiveMoves, iterations.moves)
    var moveSamples = Samples(capacity: iterations.moves)
    var proposals: [DropProposal<Int>?] = []
    proposals.reserveCapacity(naiveMoves)
    var allocations: UInt64 = 0
    var changes = 0
    for k in -warmUp..<iterations.moves {
      let point = points[(k % points.count + points.count) % points.count]
      time += 1.0 / 120
      let input = DragInput<ListGeometry<Int>>.pointer(PointerEvent(.move, at: point, time: time))
      AllocationCounter.reset()
      let start = monotonicNanoseconds()
      let effects = engine.handle(input)
      let end = monotonicNanoseconds()
      let counts = AllocationCounter.read()
      guard k >= 0 else { continue }
      moveSamples.append(Double(end - start))
      allocations += counts.total
      results.maximumAllocations = Swift.max(results.maximumAllocations, counts.total)
      for effect in effects {
        if case .event(.proposalChanged) = effect { changes += 1 }
      }
      sink &+= effects.count
      if k < naiveMoves { proposals.append(engine.proposal(for: session)) }
    }
    engine.handle(.pointer(PointerEvent(.cancel, at: grab, time: time)))
    precondition(!engine.isDragging, "the benchmark drag did not end")
    results.move = moveSamples
    results.proposalChangeRate = Double(changes) / Double(Swift.max(iterations.moves, 1))
    if AllocationCounter.method == .interposed {
      results.allocationsPerMove = Double(allocations) / Double(iterations.moves)
    }

    let naive = NaiveDragEngine(containers: containers, dragged: dragged, origin: origin)
    var naiveSamples = Samples(capacity: naiveMoves)
    for k in 0..<naiveMoves {
      let point = points[k % points.count]
      var answer = DropProposal<Int>(.none, container: nil)
      naiveSamples.append(measureNanoseconds { answer = naive.proposal(at: point) })
      if proposals[k] != answer { results.mismatchedProposals += 1 }
      if case .move(let slot) = answer.action { sink &+= slot.index }
    }
    results.naive = naiveSamples
    return results
  }
}

/// What a simple drag engine does at each pointer move, by linear scans.
///
/// It finds the container under the pointer by scanning the container frames, then the insertion
/// index by scanning every item frame of that container (the number of other items whose midpoint
/// is above the pointer, the rule ``ListGeometry/insertionIndex(for:)`` documents). Nothing else:
/// no events, announcements or presentation, so it is a lower bound of such an engine's cost.
private struct NaiveDragEngine {
  let containerIDs: [ContainerID]
  let containerFrames: [Rect]
  let itemFrames: [[Rect]]
  let items: [[Int]]
  let dragged: Int
  let origin: Slot

  init(containers: [ArenaContainer<ListGeometry<Int>>], dragged: Int, origin: Slot) {
    containerIDs = containers.map(\.id)
    containerFrames = containers.map(\.geometry.frame)
    itemFrames = containers.map { container in
      (0..<container.geometry.count).map { container.geometry.frameOfItem(at: $0) }
    }
    items = containers.map(\.geometry.items)
    self.dragged = dragged
    self.origin = origin
  }

  /// The proposal of an on-drop mouse drag of `dragged` with the pointer at `point`.
  func proposal(at point: Point) -> DropProposal<Int> {
    guard let position = containerFrames.firstIndex(where: { $0.contains(point) }) else {
      return DropProposal(.none, container: nil)
    }
    let frames = itemFrames[position]
    let ids = items[position]
    var index = 0
    for k in frames.indices where ids[k] != dragged && frames[k].midY < point.y {
      index += 1
    }
    let id = containerIDs[position]
    if id == origin.container && index == origin.index {
      return DropProposal(.none, container: id)
    }
    return DropProposal(.move(to: Slot(id, index)), container: id)
  }
}

extension DragBenchmarks {
  /// Pointer moves over one container of 100,000 items for `seconds`, for `perf record`.
  static func profile(seconds: Double) -> Int {
    let scenario = scenarios[0]
    var engine = DragEngine(containers: containers(for: scenario))
    var random = SplitMix64(seed: 7)
    let grab = Point(x: 100, y: Double(scenario.itemsPerContainer / 2) * itemLength + 5)
    engine.handle(.pointer(PointerEvent(.down, at: grab, time: 0)))
    engine.handle(.pointer(PointerEvent(.move, at: grab.offsetBy(dx: 6, dy: 0), time: 0.01)))
    let height = UInt64(Double(scenario.itemsPerContainer) * itemLength)
    let end = monotonicNanoseconds() + UInt64(seconds * 1e9)
    var time = 0.01
    var sink = 0
    while monotonicNanoseconds() < end {
      for _ in 0..<1000 {
        time += 1.0 / 120
        let point = Point(x: Double(random.next() % 220), y: Double(random.next() % height))
        sink &+= engine.handle(.pointer(PointerEvent(.move, at: point, time: time))).count
      }
    }
    return sink
  }
}
