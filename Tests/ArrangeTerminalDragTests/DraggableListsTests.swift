import ArrangeDragDrop
import ArrangeGeometry
import ArrangeTerminal
import ArrangeTerminalDrag
import Testing

/// Lists, engine and renderer kept in step by one call per input.
@Suite struct DraggableListsTests {
  static func lists() -> DraggableLists<String> {
    let left = CellRect(column: 1, row: 1, width: 20, height: 10)
    let right = CellRect(column: 23, row: 1, width: 20, height: 10)
    return DraggableLists(
      ids: [ContainerID(0), ContainerID(1)], names: ["To Do", "Done"],
      lists: [
        ListContainer(items: ["a", "b"], frame: left), ListContainer(items: [], frame: right),
      ], motion: .reduced)
  }

  @Test("A mouse drag from one list to the other moves the item, says so, and is drawn")
  func dragBetweenLists() {
    var lists = Self.lists()
    var status = StatusLine(message: "")
    let steps: [(PointerPhase, Double, Double)] = [
      (.down, 3, 1.5), (.move, 10, 1.5), (.move, 25, 1.5),
    ]
    for (index, (phase, x, y)) in steps.enumerated() {
      let event = PointerEvent(phase, at: Point(x: x, y: y), time: Double(index) / 10)
      lists.perform(.pointer(event), at: Double(index) / 10, status: &status) { $0 }
    }
    #expect(lists.isDragging)
    #expect(status.message == "Moved to Done, position 1 of 1")
    #expect(lists.renderer.isHighlighted(ContainerID(1)))
    lists.perform(
      .pointer(PointerEvent(.up, at: Point(x: 25, y: 1.5), time: 0.4)), at: 0.4, status: &status
    ) { $0 }
    #expect(!lists.isDragging)
    #expect(lists.arena.lists.map(\.items) == [["b"], ["a"]])
    #expect(status.message.hasPrefix("Dropped a in Done"))
  }

  @Test("Reporting geometry after a list moved lets the engine find it at its new place")
  func reportGeometry() {
    var lists = Self.lists()
    var status = StatusLine(message: "")
    lists.arena.lists[1].setFrame(CellRect(column: 40, row: 1, width: 20, height: 10))
    lists.reportGeometry(at: 0, status: &status) { $0 }
    #expect(lists.engine.container(ContainerID(1))?.geometry.frame.minX == 40)
  }
}
