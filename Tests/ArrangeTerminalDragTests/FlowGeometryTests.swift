import ArrangeDragDrop
import ArrangeGeometry
import ArrangeLayout
import ArrangeTerminalDrag
import ArrangeTestSupport
import Testing

/// A wrapping flow seen by the drag engine as a container.
@Suite struct FlowGeometryTests {
  static func board() -> FlowGeometry<String> {
    // Nine 4×1 tasks in a flow 14 cells wide: three per line (4 + 1 + 4 + 1 + 4), three lines.
    let items = (1...9).map { "t\($0)" }
    let style = FlowStyle(axis: .horizontal, itemSpacing: 1, lineSpacing: 0)
    return FlowGeometry(
      items: items, sizes: Array(repeating: Size(width: 4, height: 1), count: 9),
      frame: Rect(x: 10, y: 5, width: 14, height: 3), style: style)
  }

  @Test("A flow container answers item and insertion queries in arena coordinates")
  func flowQueries() {
    let flow = Self.board()
    #expect(flow.frameOfItem(at: 4) == Rect(x: 15, y: 6, width: 4, height: 1))
    #expect(flow.itemIndex(at: Point(x: 16, y: 6.5)) == 4)
    #expect(flow.itemIndex(at: Point(x: 14.5, y: 6.5)) == nil)  // the gap
    #expect(flow.itemIndex(at: Point(x: 0, y: 0)) == nil)
    #expect(flow.insertionIndex(for: Point(x: 11, y: 7.5)) == 6)
    #expect(flow.insertionIndex(for: Point(x: 23.5, y: 7.5)) == 9)
    #expect(flow.index(of: "t7") == 6)
  }

  @Test("ShinobiEssentials: a task dragged from the first line to the last in a flow container")
  func flowDrag() throws {
    var engine = DragEngine(
      containers: [ArenaContainer(id: ContainerID(0), name: "Tasks", geometry: Self.board())])
    var model = DragModel<String>([(ContainerID(0), (1...9).map { "t\($0)" })])
    let steps: [(PointerPhase, Double, Double)] = [
      (.down, 11, 5.5), (.move, 17, 5.5), (.move, 16.5, 7.5), (.up, 16.5, 7.5),
    ]
    for (phase, x, y) in steps {
      for effect in engine.handle(.pointer(PointerEvent(phase, at: Point(x: x, y: y), time: 0))) {
        if case .apply(let operation) = effect { try model.apply(operation) }
      }
    }
    // Before t8's middle on the last line: after t7, which is now at index 5.
    #expect(
      model.items(in: ContainerID(0)) == ["t2", "t3", "t4", "t5", "t6", "t7", "t1", "t8", "t9"])
  }
}
