import ArrangeDragDrop
import ArrangeGeometry
import ArrangeTestSupport
import Testing

/// Live and on drop land the same on a straight path, however many moves a real pointer sends.
///
/// docs/drag-and-drop.md promises it for a pointer that goes straight from the lift to where it
/// is released; a real pointer sends many moves along that line and crosses into other lists.
@Suite struct StraightPathTests {
  typealias H = DragHarness

  /// Lists stacked in one column (`stacked`) or side by side, each `height` tall, items
  /// `itemLength` long.
  static func harness(
    _ lists: [[String]], stacked: Bool, height: Double, itemLength: Double,
    timing: OperationTiming
  ) -> DragHarness {
    var configuration = DragConfiguration()
    configuration.operationTiming = timing
    var harness = DragHarness(
      columns: lists.enumerated().map { ("L\($0.offset)", $0.element) },
      configuration: configuration, columnHeight: height, itemLength: itemLength)
    if stacked {
      for index in lists.indices {
        let frame = Rect(x: 0, y: Double(index) * height, width: 100, height: height)
        harness.send(
          .setGeometry(
            ContainerID(index),
            ListGeometry(items: lists[index], frame: frame, itemLength: itemLength)))
      }
    }
    return harness
  }

  /// Presses at `from`, moves along the straight line to `to` in `steps` equal moves, releases
  /// at `to`.
  static func drag(_ harness: inout DragHarness, from: Point, to: Point, steps: Int) {
    harness.send(H.pointer(.down, from.x, from.y, 0))
    for step in 1...steps {
      let share = Double(step) / Double(steps)
      let x = from.x + (to.x - from.x) * share
      let y = from.y + (to.y - from.y) * share
      harness.send(H.pointer(.move, x, y, Double(step) * 0.01))
    }
    harness.send(H.pointer(.up, to.x, to.y, Double(steps + 1) * 0.01))
  }

  @Test("The issue's path: down into the next list with several moves lands the same")
  func issuePath() {
    var ends: [OperationTiming: [[String]]] = [:]
    for timing in OperationTiming.allCases {
      var harness = Self.harness(
        [["a0", "a1"], ["b0", "b1"]], stacked: true, height: 100, itemLength: 20, timing: timing)
      harness.send(H.pointer(.down, 50, 30, 0))
      harness.send(H.pointer(.move, 50, 40, 0.1))
      harness.send(H.pointer(.move, 50, 105, 0.2))
      harness.send(H.pointer(.up, 50, 115, 0.3))
      #expect(harness.errors.isEmpty)
      ends[timing] = [harness.items(0), harness.items(1)]
    }
    // 115 is past b0's middle (110): a1 lands after b0, live as on drop.
    #expect(ends[.onDrop] == [["a0"], ["b0", "a1", "b1"]])
    #expect(ends[.live] == ends[.onDrop])
  }

  @Test(
    "Straight paths with many moves land the same live and on drop, across lists",
    arguments: [true, false])
  func manyMoves(stacked: Bool) {
    var random = SeededRandom(seed: stacked ? 44 : 45)
    var crossed = 0
    for _ in 0..<800 {
      let listCount = Int.random(in: 2...3, using: &random)
      let itemLength = [10.0, 20, 23][Int.random(in: 0..<3, using: &random)]
      let height = 200.0
      let lists = (0..<listCount).map { list in
        (0..<Int.random(in: list == 0 ? 1...6 : 0...6, using: &random)).map { "l\(list)i\($0)" }
      }
      let source = Int.random(in: 0..<listCount, using: &random)
      guard !lists[source].isEmpty else { continue }
      let dragged = lists[source][Int.random(in: 0..<lists[source].count, using: &random)]
      let target =
        stacked
        ? Point(
          x: Double.random(in: 20...80, using: &random),
          y: Double.random(in: 1...(Double(listCount) * height - 1), using: &random))
        : Point(
          x: Double.random(in: 1...(Double(listCount) * 100 - 1), using: &random),
          y: Double.random(in: 0...150, using: &random))
      let steps = Int.random(in: 2...40, using: &random)
      var ends: [[[String]]] = []
      var start = Point(x: 0, y: 0)
      for timing in OperationTiming.allCases {
        var harness = Self.harness(
          lists, stacked: stacked, height: height, itemLength: itemLength, timing: timing)
        start = harness.center(of: dragged)
        Self.drag(&harness, from: start, to: target, steps: steps)
        #expect(harness.errors.isEmpty)
        ends.append(lists.indices.map { harness.items($0) })
      }
      if !ends[0][source].contains(dragged) { crossed += 1 }
      #expect(ends[0] == ends[1], "\(lists) \(dragged) \(start) → \(target) in \(steps)")
    }
    // Many of the paths do enter another list.
    #expect(crossed > 150)
  }
}
