import ArrangeDragDrop
import ArrangeGeometry
import ArrangeTestSupport
import Testing

@Suite struct SmokeTests {
  @Test("A drag within a column and one across columns move the items")
  func basicMoves() {
    var harness = DragHarness(columns: [("To Do", ["a", "b", "c"]), ("Done", ["d"])])
    harness.drag("a", to: Point(x: 50, y: 27))
    #expect(harness.items(0) == ["b", "c", "a"])
    harness.drag("b", to: Point(x: 150, y: 2))
    #expect(harness.items(0) == ["c", "a"])
    #expect(harness.items(1) == ["b", "d"])
    #expect(harness.errors.isEmpty)
  }

  @Test("Live application gives the same model as on-drop")
  func live() {
    var configuration = DragConfiguration()
    configuration.operationTiming = .live
    var harness = DragHarness(
      columns: [("To Do", ["a", "b", "c"]), ("Done", ["d"])], configuration: configuration)
    harness.drag("a", to: Point(x: 150, y: 12))
    #expect(harness.items(0) == ["b", "c"])
    #expect(harness.items(1) == ["d", "a"])
    #expect(harness.errors.isEmpty)
  }

  @Test("Exchange mode swaps")
  func exchange() {
    var configuration = DragConfiguration()
    configuration.mode = .exchange
    var harness = DragHarness(
      columns: [("Row", ["item1", "item2", "item3", "item4", "item5"])],
      configuration: configuration)
    harness.drag("item1", to: harness.center(of: "item5"))
    #expect(harness.items(0) == ["item5", "item2", "item3", "item4", "item1"])
  }
}
