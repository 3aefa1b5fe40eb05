import ArrangeDragDrop
import ArrangeGeometry
import ArrangeTestSupport
import Testing

/// Undo and redo after the app changed the containers itself: the items are found where they are
/// now, and a drop whose item the app took away is refused with its name, never "Undone".
@Suite struct UndoAfterAppEditTests {
  /// A [a0, a1, a2] and B [b0, b1, b2], a1 dragged to B's end.
  func dropped() -> DragHarness {
    var harness = DragHarness(columns: [("A", ["a0", "a1", "a2"]), ("B", ["b0", "b1", "b2"])])
    harness.drag("a1", to: Point(x: 150, y: 45))
    #expect(harness.items(0) == ["a0", "a2"])
    #expect(harness.items(1) == ["b0", "b1", "b2", "a1"])
    return harness
  }

  /// The app changes its own model (a user's edit), and the host reports the new geometry.
  func edit(_ harness: inout DragHarness, _ operation: DragOperation<String>) {
    var failed = false
    harness.log += harness.host.updateModel { model in
      do { try model.lists.model.apply(operation) } catch { failed = true }
    }
    #expect(!failed)
  }

  @Test("An item the app moved down since is taken from where it is now")
  func insertedAbove() {
    var harness = dropped()
    edit(&harness, .insert("new", at: Slot(ContainerID(1), 0)))
    #expect(harness.items(1) == ["new", "b0", "b1", "b2", "a1"])
    let before = harness.log.count
    harness.send(.undo)
    let applied = harness.log[before...].compactMap {
      if case .apply(let o) = $0 { o } else { nil }
    }
    #expect(
      applied == [
        .move("a1", from: Slot(ContainerID(1), 4), to: Slot(ContainerID(0), 1), before: "a2")
      ])
    #expect(harness.items(0) == ["a0", "a1", "a2"])
    #expect(harness.items(1) == ["new", "b0", "b1", "b2"])
    #expect(harness.errors.isEmpty)
    #expect(harness.announcements.last == "Undone")
    // Redo finds it in A, where the app has put something before it since.
    edit(&harness, .insert("top", at: Slot(ContainerID(0), 0)))
    harness.send(.redo)
    #expect(harness.items(0) == ["top", "a0", "a2"])
    #expect(harness.items(1) == ["new", "b0", "b1", "a1", "b2"])
    #expect(harness.errors.isEmpty)
    #expect(harness.announcements.last == "Redone")
  }

  @Test("A drop whose item the app took away is refused, named, and forgotten")
  func removed() {
    var harness = dropped()
    harness.drag("b0", to: Point(x: 50, y: 2))
    #expect(harness.items(0) == ["b0", "a0", "a2"])
    edit(&harness, .remove("b0", from: Slot(ContainerID(0), 0)))
    let before = harness.log.count
    harness.send(.undo)
    let applied = harness.log[before...].filter { if case .apply = $0 { true } else { false } }
    #expect(applied.isEmpty)
    #expect(harness.announcements.last == "Cannot undo: b0 is no longer there")
    #expect(harness.items(0) == ["a0", "a2"])
    // The next undo takes the drop before it.
    harness.send(.undo)
    #expect(harness.items(0) == ["a0", "a1", "a2"])
    #expect(harness.announcements.last == "Undone")
    harness.send(.undo)
    #expect(harness.announcements.last == "Nothing to undo")
    #expect(harness.errors.isEmpty)
  }

  @Test("An item the app moved to another container is taken from there")
  func movedElsewhere() {
    var harness = dropped()
    edit(
      &harness,
      .move("a1", from: Slot(ContainerID(1), 3), to: Slot(ContainerID(0), 0), before: "a0"))
    harness.send(.undo)
    #expect(harness.items(0) == ["a0", "a1", "a2"])
    #expect(harness.items(1) == ["b0", "b1", "b2"])
    #expect(harness.errors.isEmpty)
    #expect(harness.announcements.last == "Undone")
  }
}
