import ArrangeDragDrop
import ArrangeTestSupport
import Testing

/// Dragging a selection: the items travel together and land contiguously, in selection order,
/// as one transaction with one undo.
@Suite struct MultiItemDragTests {
  typealias H = DragHarness

  /// To Do (x 0…100) and Done (x 100…200), items 10 tall.
  static func harness(
    _ todo: [String] = ["a", "b", "c", "d"], _ done: [String] = ["x", "y"],
    configuration: DragConfiguration = DragConfiguration(), rules: DragRules<String> = .init()
  ) -> DragHarness {
    DragHarness(
      columns: [("To Do", todo), ("Done", done)], configuration: configuration, rules: rules)
  }

  static func transactions(_ harness: DragHarness) -> [DragTransaction<String>] {
    harness.events.compactMap { if case .dropped(_, let t) = $0 { t } else { nil } }
  }

  @Test("A selection dragged to another list lands there together, in selection order")
  func acrossLists() {
    var harness = Self.harness()
    harness.send(.setSelection(["c", "a"]))
    harness.drag("a", to: Point(x: 150, y: 11))
    #expect(harness.items(0) == ["b", "d"])
    #expect(harness.items(1) == ["x", "c", "a", "y"])
    #expect(Self.transactions(harness).map(\.operations.count) == [2])
    #expect(harness.announcements.first == "Picked up 2 items")
    #expect(harness.announcements.last == "Dropped 2 items in Done, positions 2–3 of 4")
    #expect(harness.model.invariantViolations().isEmpty)
    // One undo takes the whole drag back.
    harness.send(.undo)
    #expect(harness.items(0) == ["a", "b", "c", "d"])
    #expect(harness.items(1) == ["x", "y"])
  }

  @Test("Within one list the selection closes up around the slot")
  func withinOneList() {
    var harness = Self.harness(["a", "b", "c", "d", "e"])
    harness.send(.setSelection(["e", "b"]))
    harness.drag("b", to: Point(x: 50, y: 1))
    #expect(harness.items(0) == ["e", "b", "a", "c", "d"])
    harness.send(.setSelection(["a", "d"]))
    harness.drag("a", to: Point(x: 50, y: 49))
    #expect(harness.items(0) == ["e", "b", "c", "a", "d"])
  }

  @Test("Cancelling a selection drag restores every item")
  func cancel() {
    var configuration = DragConfiguration()
    configuration.operationTiming = .live
    var harness = Self.harness(configuration: configuration)
    harness.send(.setSelection(["a", "c"]))
    harness.send(H.pointer(.down, 50, 5, 0))
    harness.send(H.pointer(.move, 150, 5, 0.1))
    // Applied at the drop, live or not: nothing moved yet.
    #expect(harness.operations.isEmpty)
    harness.send(.key(.cancel, time: 0.2))
    #expect(harness.items(0) == ["a", "b", "c", "d"])
    #expect(harness.items(1) == ["x", "y"])
  }

  @Test("Rules apply to every item; a refusal names the item and the reason")
  func perItemRules() {
    var rules = DragRules<String>()
    rules.accepts = { item, container in
      .allow(if: item != "c" || container == ContainerID(0), otherwise: "Done takes no c")
    }
    var harness = Self.harness(rules: rules)
    harness.send(.setSelection(["a", "c"]))
    harness.drag("a", to: Point(x: 150, y: 11))
    #expect(harness.items(1) == ["x", "y"])
    #expect(harness.announcements.contains("c: Done takes no c"))

    var full = DragRules<String>()
    full.capacity = { $0 == ContainerID(1) ? 3 : nil }
    var capped = Self.harness(rules: full)
    capped.send(.setSelection(["a", "b"]))
    capped.drag("a", to: Point(x: 150, y: 11))
    #expect(capped.items(1) == ["x", "y"])
    // a fits (3 of 3); b is the one that does not.
    #expect(capped.announcements.contains("b: Done is full"))
  }

  @Test("Keyboard: toggle the selection, lift it, move, drop; announcements say how many")
  func keyboard() {
    var harness = Self.harness()
    harness.send(.key(.toggleSelection("a"), time: 0))
    harness.send(.key(.toggleSelection("d"), time: 0))
    harness.send(.key(.toggleSelection("b"), time: 0))
    harness.send(.key(.toggleSelection("b"), time: 0))
    #expect(harness.engine.selection == ["a", "d"])
    harness.send(.key(.lift("d"), time: 1))
    // The target starts where d is among the others (after b and c), then goes to Done.
    harness.send(.key(.nextContainer, time: 1.1))
    harness.send(.key(.previousSlot, time: 1.2))
    harness.send(.key(.drop, time: 1.3))
    #expect(harness.items(0) == ["b", "c"])
    #expect(harness.items(1) == ["x", "a", "d", "y"])
    #expect(harness.announcements.first == "Picked up 2 items")
    #expect(harness.announcements.contains("Moved 2 items to Done, positions 2–3 of 4"))
    #expect(harness.announcements.last == "Dropped 2 items in Done, positions 2–3 of 4")
  }

  @Test("In exchange mode, and for an item outside the selection, only that item is lifted")
  func singleWhenNotMoving() {
    var configuration = DragConfiguration()
    configuration.mode = .exchange
    var harness = Self.harness(configuration: configuration)
    harness.send(.setSelection(["a", "c"]))
    harness.drag("a", to: Point(x: 150, y: 5))
    #expect(harness.items(0) == ["x", "b", "c", "d"])
    #expect(harness.items(1) == ["a", "y"])

    var moving = Self.harness()
    moving.send(.setSelection(["a", "c"]))
    moving.drag("b", to: Point(x: 150, y: 25))
    #expect(moving.items(0) == ["a", "c", "d"])
    #expect(moving.items(1) == ["x", "y", "b"])
  }

  @Test("The presentation carries the companions; the renderer's ghost shows the count")
  func presentation() {
    var harness = Self.harness()
    harness.send(.setSelection(["a", "c", "d"]))
    harness.send(H.pointer(.down, 50, 5, 0))
    harness.send(H.pointer(.move, 150, 5, 0.1))
    #expect(harness.engine.presentation.sessions.first?.companions == ["c", "d"])
  }
}
