import ArrangeDragDrop
import ArrangeGeometry
import ArrangeTestSupport
import Testing

/// `DragConfiguration.removesOutsideInEditMode`: in edit mode an item dropped outside every
/// container is removed (a home screen), or returns (a flow layout).
@Suite struct EditModeRemovalTests {
  /// A column a, b, c in edit mode, with `removes`, and "a" dropped far outside it.
  func droppedOutside(removes: Bool) -> DragHarness {
    var configuration = DragConfiguration()
    configuration.removesOutsideInEditMode = removes
    var harness = DragHarness(columns: [("List", ["a", "b", "c"])], configuration: configuration)
    harness.send(.setEditing(true, from: nil))
    harness.drag("a", to: Point(x: 500, y: 2_000))
    return harness
  }

  @Test("By default an item dropped outside in edit mode is removed")
  func removed() {
    #expect(DragConfiguration().removesOutsideInEditMode)
    let harness = droppedOutside(removes: true)
    #expect(harness.items(0) == ["b", "c"])
  }

  @Test("Told not to, it returns to its place and nothing is applied")
  func returns() {
    let harness = droppedOutside(removes: false)
    #expect(harness.items(0) == ["a", "b", "c"])
    #expect(harness.operations.isEmpty)
  }
}
