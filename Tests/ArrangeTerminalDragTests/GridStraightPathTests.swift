import ArrangeDragDrop
import ArrangeGeometry
import ArrangeLayout
import ArrangeTerminalDrag
import ArrangeTestSupport
import Testing

/// Grids of equal tiles, one above the other: a pointer that goes straight from a tile of the
/// first to a line of the second lands the same live as on drop.
@Suite struct GridStraightPathTests {
  /// Tiles 20 × 20 with 4 between them in grids 100 wide (four to a line), 120 tall.
  struct Grids: DragHostModel {
    var model: DragModel<String>
    var frames: [ContainerID: Rect]

    mutating func apply(_ operation: DragOperation<String>) throws(DragModelError) {
      try model.apply(operation)
    }

    func geometry(of id: ContainerID) -> FlowGeometry<String>? {
      guard let frame = frames[id] else { return nil }
      let items = model.items(in: id)
      return FlowGeometry(
        items: items, sizes: Array(repeating: Size(width: 20, height: 20), count: items.count),
        frame: frame,
        style: FlowStyle(axis: .horizontal, itemSpacing: 4, lineSpacing: 4))
    }
  }

  static func host(_ grids: [[String]], timing: OperationTiming) -> DragHost<Grids> {
    var configuration = DragConfiguration()
    configuration.operationTiming = timing
    let ids = grids.indices.map { ContainerID($0) }
    let model = Grids(
      model: DragModel(zip(ids, grids).map { ($0, $1) }),
      frames: Dictionary(
        uniqueKeysWithValues: ids.map {
          ($0, Rect(x: 0, y: Double($0.rawValue) * 120, width: 100, height: 120))
        }))
    return DragHost(
      model: model, containers: ids.map { ($0, "Grid \($0.rawValue)") },
      configuration: configuration)
  }

  @Test("Straight paths into another grid of equal tiles land the same live and on drop")
  func straightPaths() {
    var random = SeededRandom(seed: 47)
    var crossed = 0
    for _ in 0..<800 {
      let grids = (0..<2).map { grid in
        (0..<Int.random(in: grid == 0 ? 1...14 : 0...14, using: &random)).map { "g\(grid)t\($0)" }
      }
      let dragged = grids[0][Int.random(in: 0..<grids[0].count, using: &random)]
      // On one of the lines the second grid has before the drag (a line added while the item
      // is there live is not one a drop at the release sees).
      let lines = max(1, (grids[1].count + 3) / 4)
      let line = Double(Int.random(in: 0..<lines, using: &random))
      let target = Point(
        x: Double.random(in: 1...99, using: &random),
        y: 120 + line * 24 + Double.random(in: 0.5...19.5, using: &random))
      let steps = Int.random(in: 2...30, using: &random)
      var ends: [[[String]]] = []
      for timing in OperationTiming.allCases {
        var host = Self.host(grids, timing: timing)
        let at = host.engine.container(ContainerID(0))!.geometry.index(of: dragged)!
        let start = host.engine.container(ContainerID(0))!.geometry.frameOfItem(at: at).center
        func send(_ phase: PointerPhase, _ point: Point, _ time: Double) {
          _ = host.handle(.pointer(PointerEvent(phase, at: point, time: time)))
        }
        send(.down, start, 0)
        for step in 1...steps {
          let share = Double(step) / Double(steps)
          send(
            .move,
            Point(
              x: start.x + (target.x - start.x) * share, y: start.y + (target.y - start.y) * share),
            Double(step) * 0.01)
        }
        send(.up, target, Double(steps + 1) * 0.01)
        #expect(host.lastFailure == nil)
        ends.append(grids.indices.map { host.model.model.items(in: ContainerID($0)) })
      }
      if ends[0][1].contains(dragged) { crossed += 1 }
      #expect(ends[0] == ends[1], "\(grids) \(dragged) → \(target) in \(steps)")
    }
    #expect(crossed > 500)
  }
}
