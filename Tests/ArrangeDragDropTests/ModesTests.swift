import ArrangeDragDrop
import ArrangeGeometry
import ArrangeTestSupport
import Testing

/// Copy, remove, drop into, undo/redo, presentation, concurrency and replay.
@Suite struct ModesTests {
  typealias H = DragHarness
  static let pointer0 = SessionID.pointer(PointerID(0))

  static func copyRules() -> DragRules<String> {
    var rules = DragRules<String>()
    rules.copyID = { "\($0) copy" }
    rules.canDrop = { _, _, to, _ in
      to == ContainerID(0) ? .refuse("The palette takes nothing") : .allow
    }
    return rules
  }

  static func palette(_ application: OperationTiming = .onDrop) -> DragHarness {
    var configuration = DragConfiguration()
    configuration.operationTiming = application
    var harness = DragHarness(
      columns: [("Palette", ["red", "green"]), ("Canvas", ["x"])], configuration: configuration,
      rules: copyRules())
    harness.engine.handle(.addContainer(harness.engine.containers[0], priority: 0))
    var palette = harness.engine.containers[0]
    palette.mode = .copy
    harness.engine.handle(.addContainer(palette, priority: 0))
    return harness
  }

  @Test(
    "A palette gives copies with app-supplied IDs and keeps its item",
    arguments: OperationTiming.allCases)
  func copy(_ application: OperationTiming) {
    var harness = Self.palette(application)
    harness.drag("red", to: Point(x: 150, y: 12))
    #expect(harness.items(0) == ["red", "green"])
    #expect(harness.items(1) == ["x", "red copy"])
    #expect(harness.errors.isEmpty)
    let dropped = harness.events.compactMap { event -> DragTransaction<String>? in
      if case .dropped(_, let transaction) = event { return transaction } else { return nil }
    }
    #expect(dropped.last?.operations == [.copy("red", as: "red copy", to: Slot(ContainerID(1), 1))])
    #expect(harness.announcements.last == "Copied red to Canvas, position 2 of 2")
  }

  @Test("A palette accepts nothing, and reorders within itself")
  func paletteAcceptsNothing() {
    var harness = Self.palette()
    harness.drag("x", to: Point(x: 50, y: 2))
    #expect(harness.items(0) == ["red", "green"])
    #expect(harness.items(1) == ["x"])
    #expect(harness.announcements.contains("The palette takes nothing"))
    harness.drag("red", to: Point(x: 50, y: 17))
    #expect(harness.items(0) == ["green", "red"])
  }

  @Test("Copy mode without a copyID rule refuses to copy")
  func copyWithoutID() {
    var configuration = DragConfiguration()
    configuration.mode = .copy
    var harness = DragHarness(columns: [("A", ["a"]), ("B", [])], configuration: configuration)
    harness.drag("a", to: Point(x: 150, y: 2))
    #expect(harness.items(1).isEmpty)
    #expect(harness.operations.isEmpty)
  }

  @Test("Dropping in the middle of an item that accepts drops puts it inside")
  func dropInto() {
    var rules = DragRules<String>()
    rules.canDropInto = { _, target in target == "folder" ? .allow : .refuse(nil) }
    var harness = DragHarness(
      columns: [("Files", ["a", "folder", "b", "c"])], rules: rules, itemLength: 20)
    harness.drag("c", to: Point(x: 50, y: 30))  // the middle of "folder" (20…40)
    #expect(harness.items(0) == ["a", "folder", "b"])
    #expect(harness.model.contents["folder"] == ["c"])
    #expect(harness.announcements.last == "Put c into folder")
    harness.drag("b", to: Point(x: 50, y: 22))  // folder's top edge: an insertion, not into
    #expect(harness.items(0) == ["a", "b", "folder"])
    // In b's middle, but b takes nothing: a plain insertion past b's midpoint.
    harness.drag("a", to: Point(x: 50, y: 33))
    #expect(harness.items(0) == ["b", "a", "folder"])
  }

  @Test("Edit mode lets a drop outside remove the item; the rule can still refuse")
  func editModeRemoval() {
    var harness = DragHarness(columns: [("A", ["a", "b"])])
    harness.drag("a", to: Point(x: 500, y: 5))
    #expect(harness.items(0) == ["a", "b"])
    harness.send(.setEditing(true, from: ContainerID(0)))
    harness.drag("a", to: Point(x: 500, y: 5), startingAt: 1)
    #expect(harness.items(0) == ["b"])
    #expect(harness.announcements.last == "Removed a")
    harness.engine.rules.canRemove = { item, _ in item == "b" ? .refuse("b stays") : .allow }
    harness.drag("b", to: Point(x: 500, y: 5), startingAt: 2)
    #expect(harness.items(0) == ["b"])
    #expect(harness.announcements.contains("b stays"))
  }

  @Test("Undo and redo apply exact inverses, by transaction")
  func undoRedo() {
    var harness = DragHarness(columns: [("A", ["a", "b", "c"]), ("B", ["d"])])
    harness.drag("a", to: Point(x: 150, y: 12))
    harness.drag("c", to: Point(x: 50, y: 2), startingAt: 1)
    #expect(harness.items(0) == ["c", "b"])
    #expect(harness.items(1) == ["d", "a"])
    harness.send(.undo)
    #expect(harness.items(0) == ["b", "c"])
    harness.send(.undo)
    #expect(harness.items(0) == ["a", "b", "c"])
    #expect(harness.items(1) == ["d"])
    #expect(!harness.engine.canUndo)
    harness.send(.undo)
    #expect(harness.announcements.last == "Nothing to undo")
    harness.send(.redo)
    harness.send(.redo)
    #expect(harness.items(0) == ["c", "b"])
    #expect(harness.items(1) == ["d", "a"])
    #expect(harness.errors.isEmpty)
    harness.send(.undo)
    harness.drag("b", to: Point(x: 150, y: 2), startingAt: 2)  // a new drag clears the redo history
    #expect(!harness.engine.canRedo)
  }

  @Test("Undo is refused during a drag")
  func undoDuringDrag() {
    var harness = DragHarness(columns: [("A", ["a", "b"])])
    harness.drag("a", to: Point(x: 50, y: 17))
    harness.send(H.pointer(.down, 50, 5, 1))
    harness.send(H.pointer(.move, 50, 20, 1.1))
    #expect(!harness.engine.canUndo)
    harness.send(.undo)
    #expect(harness.items(0) == ["b", "a"])
  }

  @Test("The presentation: ghost at the grab offset, hidden origin, indicator line, the sift")
  func presentation() throws {
    var harness = DragHarness(columns: [("A", ["a", "b", "c", "d"]), ("B", ["e"])])
    harness.send(H.pointer(.down, 30, 13, 0))  // b, grabbed 3 below its top
    harness.send(H.pointer(.move, 30, 33, 0.1))
    let session = try #require(harness.engine.presentation.sessions.first)
    #expect(session.ghostFrame == Rect(x: 0, y: 30, width: 100, height: 10))
    #expect(session.hiddenSlot == Slot(ContainerID(0), 1))
    // Past c's midpoint (25), before d's (35): b goes between c and d, and only c moves up.
    #expect(session.indicator == .line(ContainerID(0), Rect(x: 0, y: 30, width: 100, height: 0)))
    #expect(session.shifted == [ShiftedItems(container: ContainerID(0), range: 2..<3, offset: -1)])
    #expect(session.highlightedContainer == ContainerID(0))
    harness.send(H.pointer(.move, 130, 1, 0.2))
    let across = try #require(harness.engine.presentation.sessions.first)
    #expect(across.indicator == .line(ContainerID(1), Rect(x: 100, y: 0, width: 100, height: 0)))
    #expect(
      across.shifted == [
        ShiftedItems(container: ContainerID(0), range: 2..<4, offset: -1),
        ShiftedItems(container: ContainerID(1), range: 0..<1, offset: 1),
      ])
    harness.send(H.pointer(.up, 130, 1, 0.3))
    #expect(harness.engine.presentation.sessions.isEmpty)
    #expect(harness.log.last == .presentationChanged)
  }

  @Test("Exchange presentation dims the displaced item at the default alpha 0.6")
  func exchangePresentation() throws {
    var configuration = DragConfiguration()
    configuration.mode = .exchange
    var harness = DragHarness(columns: [("A", ["a", "b", "c"])], configuration: configuration)
    harness.send(H.pointer(.down, 50, 5, 0))
    harness.send(H.pointer(.move, 50, 25, 0.1))
    let session = try #require(harness.engine.presentation.sessions.first)
    #expect(session.displaced.count == 1)
    #expect(session.displaced.first?.item == "c")
    #expect(session.displaced.first?.alpha == 0.6)
    #expect(session.displaced.first?.targetFrame == Rect(x: 0, y: 0, width: 100, height: 10))
    #expect(session.indicator == .item(ContainerID(0), Rect(x: 0, y: 20, width: 100, height: 10)))
  }

  @Test("Concurrent drags each commit, on top of the model at the time of their drop")
  func concurrent() {
    var configuration = DragConfiguration()
    configuration.allowsConcurrentDrags = true
    var harness = DragHarness(
      columns: [("A", ["a", "b", "c"]), ("B", ["d", "e"]), ("C", [])], configuration: configuration)
    let one = PointerID(1)
    let two = PointerID(2)
    harness.send(.pointer(PointerEvent(.down, at: Point(x: 50, y: 25), time: 0, id: one)))  // c
    harness.send(.pointer(PointerEvent(.down, at: Point(x: 150, y: 5), time: 0, id: two)))  // d
    harness.send(.pointer(PointerEvent(.move, at: Point(x: 250, y: 5), time: 0.1, id: one)))
    harness.send(.pointer(PointerEvent(.move, at: Point(x: 50, y: 1), time: 0.1, id: two)))
    #expect(harness.engine.activeSessions.count == 2)
    harness.send(.pointer(PointerEvent(.up, at: Point(x: 250, y: 5), time: 0.2, id: one)))
    harness.send(.pointer(PointerEvent(.up, at: Point(x: 50, y: 1), time: 0.2, id: two)))
    #expect(harness.items(0) == ["d", "a", "b"])
    #expect(harness.items(1) == ["e"])
    #expect(harness.items(2) == ["c"])
    #expect(harness.errors.isEmpty)
  }

  @Test("The same item cannot be in two sessions")
  func sameItemTwice() {
    var configuration = DragConfiguration()
    configuration.allowsConcurrentDrags = true
    var harness = DragHarness(columns: [("A", ["a", "b"])], configuration: configuration)
    harness.send(.pointer(PointerEvent(.down, at: Point(x: 50, y: 5), time: 0, id: PointerID(1))))
    harness.send(.pointer(PointerEvent(.down, at: Point(x: 50, y: 5), time: 0, id: PointerID(2))))
    #expect(
      harness.events.contains(.refused(.pointer(PointerID(2)), DragRefusal(.itemAlreadyDragged))))
  }

  @Test("A container added mid-drag becomes a target at once")
  func containerAddedMidDrag() {
    var harness = DragHarness(columns: [("A", ["a", "b"])])
    harness.send(H.pointer(.down, 50, 5, 0))
    harness.send(H.pointer(.move, 150, 5, 0.1))
    #expect(harness.engine.proposal(for: Self.pointer0)?.container == nil)
    harness.model.setItems([], in: ContainerID(5))
    let geometry = ListGeometry<String>(
      items: [], frame: Rect(x: 100, y: 0, width: 100, height: 100), itemLength: 10)
    harness.send(
      .addContainer(
        ArenaContainer(id: ContainerID(5), name: "New", geometry: geometry), priority: nil))
    #expect(
      harness.engine.proposal(for: Self.pointer0)?.action == .move(to: Slot(ContainerID(5), 0)))
    harness.send(H.pointer(.up, 150, 5, 0.2))
    #expect(harness.model.items(in: ContainerID(5)) == ["a"])
  }

  @Test("Replaying a recorded stream reproduces every output")
  func replay() {
    var harness = DragHarness(columns: [("A", ["a", "b", "c"]), ("B", ["d"])])
    let start = harness.engine
    var recording = DragRecording<ListGeometry<String>>()
    var outputs: [[DragEffect<String>]] = []
    let inputs: [DragInput<ListGeometry<String>>] = [
      H.pointer(.down, 50, 5, 0), H.pointer(.move, 50, 20, 0.1), .tick(time: 0.2),
      H.pointer(.move, 150, 4, 0.3), .key(.cancel, time: 0.35), H.pointer(.down, 50, 15, 0.4),
      H.pointer(.move, 150, 4, 0.5), H.pointer(.up, 150, 4, 0.6), .undo, .redo,
    ]
    for input in inputs {
      outputs.append(harness.engine.handle(input, recordingInto: &recording))
    }
    #expect(recording.inputs.count == inputs.count)
    #expect(recording.replay(on: start) == outputs)
    #expect(outputs.contains { !$0.isEmpty })
  }

  @Test("Closest center targets the container whose center is nearest the ghost, even from a gap")
  func closestCenter() {
    var configuration = DragConfiguration()
    configuration.strategy = .closestCenter
    // Columns 100 wide and 40 apart: x = 0…100 and 140…240.
    var harness = DragHarness(
      columns: [("A", ["a", "b"]), ("B", ["c"])], configuration: configuration, gap: 40)
    harness.send(H.pointer(.down, 50, 5, 0))
    harness.send(H.pointer(.move, 56, 5, 0.1))
    // The pointer is in the gap; the ghost (grabbed at its middle) is centered at x = 135, which
    // is 50 from B's center (190) and 85 from A's (50).
    harness.send(H.pointer(.move, 135, 15, 0.2))
    #expect(harness.engine.proposal(for: Self.pointer0)?.container == ContainerID(1))
    harness.send(H.pointer(.up, 135, 15, 0.3))
    #expect(harness.items(1) == ["c", "a"])
  }

  @Test(
    "ShinobiEssentials decides ownership by the view's centre: the item's centre picks container and slot"
  )
  func itemCenter() {
    // Columns 100 wide side by side: x = 0…100 and 100…200; items 10 tall. `a` is held by its
    // left edge (x 5), so its center is 45 to the right of the pointer; the pointer then stops
    // in A (x 70) with the item's center in B (x 115), below c's middle.
    func gesture(_ strategy: TargetStrategy) -> (DragHarness, DropAction<String>?) {
      var configuration = DragConfiguration()
      configuration.strategy = strategy
      var harness = DragHarness(
        columns: [("A", ["a", "b"]), ("B", ["c", "d"])], configuration: configuration)
      harness.send(H.pointer(.down, 5, 5, 0))
      harness.send(H.pointer(.move, 11, 5, 0.1))
      harness.send(H.pointer(.move, 70, 11, 0.2))
      let proposed = harness.engine.proposal(for: Self.pointer0)?.action
      harness.send(H.pointer(.up, 70, 11, 0.3))
      return (harness, proposed)
    }
    let (center, proposed) = gesture(.itemCenter)
    #expect(proposed == .move(to: Slot(ContainerID(1), 1)))
    #expect(center.items(0) == ["b"])
    #expect(center.items(1) == ["c", "a", "d"])
    // With the pointer deciding, the same gesture stays in A.
    let (pointer, _) = gesture(.pointerInside)
    #expect(pointer.items(1) == ["c", "d"])
  }

  @Test(
    "ShinobiEssentials: outside edit mode a long press enters edit mode; only in edit mode do views drag"
  )
  func dragsOnlyInEditMode() {
    var configuration = DragConfiguration()
    configuration.dragsOnlyInEditMode = true
    var harness = DragHarness(columns: [("A", ["a", "b", "c"])], configuration: configuration)
    // A press that moves away at once is not a drag.
    harness.send(H.pointer(.down, 50, 5, 0))
    harness.send(H.pointer(.move, 50, 25, 0.05))
    harness.send(H.pointer(.up, 50, 25, 0.1))
    #expect(!harness.events.contains { if case .began = $0 { true } else { false } })
    #expect(!harness.engine.isEditing)
    // Held for half a second, a press enters edit mode, and still drags nothing.
    harness.send(H.pointer(.down, 50, 5, 1))
    harness.send(.tick(time: 1.6))
    #expect(harness.engine.isEditing)
    #expect(harness.events.contains(.editModeBegan(from: ContainerID(0))))
    harness.send(H.pointer(.move, 50, 25, 1.7))
    harness.send(H.pointer(.up, 50, 25, 1.8))
    #expect(harness.items(0) == ["a", "b", "c"])
    #expect(!harness.events.contains { if case .began = $0 { true } else { false } })
    // In edit mode a press drags at once.
    harness.drag("a", to: Point(x: 50, y: 29), startingAt: 2)
    #expect(harness.items(0) == ["b", "c", "a"])
    // The keyboard is not gated.
    harness.send(.setEditing(false, from: nil))
    harness.send(.key(.lift("b"), time: 3))
    harness.send(.key(.nextSlot, time: 3.1))
    harness.send(.key(.drop, time: 3.2))
    #expect(harness.items(0) == ["c", "b", "a"])
  }

  @Test("BetweenKit's sample exchanges within a collection and inserts across")
  func modePerPair() {
    var rules = DragRules<String>()
    rules.mode = { _, source, target in source == target ? .exchange : .move }
    // Columns 100 wide side by side: x = 0…100 and 100…200; items 10 tall.
    var harness = DragHarness(columns: [("A", ["a", "b", "c"]), ("B", ["d", "e"])], rules: rules)
    // Within A: a and c trade places.
    harness.drag("a", to: harness.center(of: "c"))
    #expect(harness.items(0) == ["c", "b", "a"])
    // Across: b is inserted between d and e, and nothing comes back.
    harness.drag("b", to: Point(x: 150, y: 11), startingAt: 1)
    #expect(harness.items(0) == ["c", "a"])
    #expect(harness.items(1) == ["d", "b", "e"])
    // Over B and then back over A in one drag: the mode follows the container under the drag.
    let start = harness.center(of: "c")
    harness.send(H.pointer(.down, start.x, start.y, 2))
    harness.send(H.pointer(.move, start.x + 6, start.y, 2.1))
    harness.send(H.pointer(.move, 150, 11, 2.2))
    #expect(
      harness.engine.proposal(for: Self.pointer0)?.action == .move(to: Slot(ContainerID(1), 1)))
    let a = harness.center(of: "a")
    harness.send(H.pointer(.move, a.x, a.y, 2.3))
    #expect(
      harness.engine.proposal(for: Self.pointer0)?.action
        == .exchange(with: "a", at: Slot(ContainerID(0), 1)))
    harness.send(H.pointer(.up, a.x, a.y, 2.4))
    #expect(harness.items(0) == ["a", "c"])
  }

  @Test("A mode per pair copies across and moves within, switching as the drag crosses")
  func copyPerPair() throws {
    var rules = Self.copyRules()
    rules.canDrop = nil
    rules.mode = { _, source, target in source == target ? nil : .copy }
    // Columns 100 wide side by side: x = 0…100 and 100…200; items 10 tall.
    var harness = DragHarness(columns: [("A", ["a", "b", "c"]), ("B", ["d"])], rules: rules)
    // Across: a copy of b lands after d, and A keeps b.
    harness.drag("b", to: Point(x: 150, y: 12))
    #expect(harness.items(0) == ["a", "b", "c"])
    #expect(harness.items(1) == ["d", "b copy"])
    #expect(harness.operations == [.copy("b", as: "b copy", to: Slot(ContainerID(1), 1))])
    // Within A: a moves, no copy.
    harness.drag("a", to: Point(x: 50, y: 29), startingAt: 1)
    #expect(harness.items(0) == ["b", "c", "a"])
    #expect(harness.items(1) == ["d", "b copy"])
    // One drag over B, then back over A: a copy while over B (A's items stay where they are),
    // a move once back.
    let start = harness.center(of: "c")
    harness.send(H.pointer(.down, start.x, start.y, 2))
    harness.send(H.pointer(.move, start.x + 6, start.y, 2.1))
    harness.send(H.pointer(.move, 150, 1, 2.2))
    #expect(
      harness.engine.proposal(for: Self.pointer0)?.action == .copy(to: Slot(ContainerID(1), 0)))
    let over = try #require(harness.engine.presentation.sessions.first)
    #expect(over.shifted == [ShiftedItems(container: ContainerID(1), range: 0..<2, offset: 1)])
    harness.send(H.pointer(.move, 50, 1, 2.3))
    #expect(
      harness.engine.proposal(for: Self.pointer0)?.action == .move(to: Slot(ContainerID(0), 0)))
    harness.send(H.pointer(.up, 50, 1, 2.4))
    #expect(harness.items(0) == ["c", "b", "a"])
    #expect(harness.items(1) == ["d", "b copy"])
    #expect(harness.errors.isEmpty)
  }

  @Test("A palette whose pair mode is move gives its item away to that container")
  func paletteMovesPerPair() {
    var rules = Self.copyRules()
    rules.mode = { _, _, target in target == ContainerID(1) ? .move : nil }
    var harness = DragHarness(
      columns: [("Palette", ["red", "green"]), ("Canvas", ["x"])], rules: rules)
    var palette = harness.engine.containers[0]
    palette.mode = .copy
    harness.engine.handle(.addContainer(palette, priority: 0))
    harness.drag("red", to: Point(x: 150, y: 12))
    #expect(harness.items(0) == ["green"])
    #expect(harness.items(1) == ["x", "red"])
  }

  @Test("A selection copies or not as it began, whatever the pair's mode")
  func selectionKeepsItsCopyMode() {
    var rules = Self.copyRules()
    rules.canDrop = nil
    rules.mode = { _, source, target in source == target ? nil : .copy }
    var harness = DragHarness(columns: [("A", ["a0", "a1", "a2"]), ("B", ["b0"])], rules: rules)
    harness.send(.setSelection(["a0", "a2"]))
    harness.drag("a0", to: Point(x: 150, y: 12))
    #expect(harness.items(0) == ["a1"])
    #expect(harness.items(1) == ["b0", "a0", "a2"])
    #expect(!harness.operations.contains { if case .copy = $0 { true } else { false } })
  }

  @Test("A keyboard drag from a palette onto a delete zone removes nothing")
  func paletteKeyboardDeleteZone() {
    var harness = Self.palette()
    var trash = harness.engine.containers[1]
    trash.isDeleteZone = true
    harness.engine.handle(.addContainer(trash, priority: nil))
    harness.send(.key(.lift("red"), time: 0))
    harness.send(.key(.nextContainer, time: 0.1))
    #expect(harness.engine.proposal(for: .keyboard)?.action == DropAction.none)
    harness.send(.key(.drop, time: 0.2))
    #expect(harness.items(0) == ["red", "green"])
    #expect(harness.operations.isEmpty)
  }
}
