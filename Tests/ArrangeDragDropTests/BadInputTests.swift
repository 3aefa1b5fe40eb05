import ArrangeDragDrop
import ArrangeGeometry
import ArrangeTestSupport
import Testing

/// Every bad-input case of docs/drag-and-drop.md (Robustness): never a crash, never a lost or duplicated item.
@Suite struct BadInputTests {
  typealias H = DragHarness

  static func board() -> DragHarness {
    DragHarness(columns: [("To Do", ["a", "b", "c"]), ("Done", ["d", "e"])])
  }

  static func allItemsSorted(_ harness: DragHarness) -> [String] { harness.model.allItems.sorted() }

  @Test("A long session remembers at most undoLimit transactions: the oldest are forgotten")
  func undoLimit() {
    var configuration = DragConfiguration()
    configuration.undoLimit = 3
    var harness = DragHarness(
      columns: [("To Do", ["a", "b", "c"]), ("Done", ["d", "e"])], configuration: configuration)
    // Five drags, each moving one card to the end of the other column.
    for (round, item) in ["a", "d", "b", "e", "c"].enumerated() {
      let column = harness.model.items(in: ContainerID(0)).contains(item) ? 1 : 0
      harness.drag(item, to: Point(x: Double(column) * 100 + 50, y: 900), startingAt: Double(round))
    }
    #expect(harness.operations.count == 5)
    var undone = 0
    while harness.engine.canUndo {
      harness.send(.undo)
      undone += 1
    }
    #expect(undone == 3)
    // The first two moves stay: a and d are where those drags put them.
    #expect(harness.model.items(in: ContainerID(1)).contains("a"))
    #expect(harness.model.items(in: ContainerID(0)).contains("d"))
    var none = DragConfiguration()
    none.undoLimit = 0
    var forgetful = DragHarness(columns: [("A", ["x"]), ("B", [])], configuration: none)
    forgetful.drag("x", to: Point(x: 150, y: 900))
    #expect(forgetful.model.items(in: ContainerID(1)) == ["x"])
    #expect(!forgetful.engine.canUndo)
  }

  @Test("A move or a release before any press does nothing")
  func moveAndEndBeforePress() {
    var harness = Self.board()
    let before = harness.model
    #expect(harness.send(H.pointer(.move, 5, 5, 0)).isEmpty)
    #expect(harness.send(H.pointer(.up, 5, 5, 0.1)).isEmpty)
    #expect(harness.send(H.pointer(.cancel, 5, 5, 0.2)).isEmpty)
    #expect(harness.model == before)
    #expect(!harness.engine.isDragging)
  }

  @Test("A second press for the same pointer is ignored and the drag goes on")
  func secondPress() {
    var harness = Self.board()
    harness.send(H.pointer(.down, 50, 5, 0))
    harness.send(H.pointer(.move, 50, 16, 0.1))
    #expect(harness.engine.isDragging)
    #expect(harness.send(H.pointer(.down, 150, 5, 0.2)).isEmpty)
    harness.send(H.pointer(.move, 50, 27, 0.3))
    harness.send(H.pointer(.up, 50, 27, 0.4))
    #expect(harness.items(0) == ["b", "c", "a"])
    #expect(harness.items(1) == ["d", "e"])
  }

  @Test("Releasing twice commits once")
  func endTwice() {
    var harness = Self.board()
    harness.drag("a", to: Point(x: 150, y: 2))
    let after = harness.model
    #expect(harness.send(H.pointer(.up, 150, 2, 1)).isEmpty)
    #expect(harness.model == after)
    #expect(harness.operations.count == 1)
  }

  @Test("Events from an unknown pointer do not touch a drag in progress")
  func unknownPointer() {
    var harness = Self.board()
    harness.send(H.pointer(.down, 50, 5, 0))
    harness.send(H.pointer(.move, 50, 16, 0.1))
    let proposal = harness.engine.proposal(for: .pointer(PointerID(0)))
    let stranger = PointerID(7)
    #expect(
      harness.send(.pointer(PointerEvent(.move, at: Point(x: 150, y: 5), time: 0.2, id: stranger)))
        .isEmpty)
    #expect(
      harness.send(.pointer(PointerEvent(.up, at: Point(x: 150, y: 5), time: 0.3, id: stranger)))
        .isEmpty)
    #expect(harness.engine.proposal(for: .pointer(PointerID(0))) == proposal)
    #expect(harness.engine.isDragging)
  }

  @Test(
    "NaN and infinite coordinates are ignored, the previous state kept",
    arguments: [
      Point(x: .nan, y: 5), Point(x: 5, y: .nan), Point(x: .infinity, y: 5),
      Point(x: 5, y: -.infinity),
    ])
  func nonFiniteCoordinates(_ bad: Point) {
    var harness = Self.board()
    #expect(harness.send(.pointer(PointerEvent(.down, at: bad, time: 0))).isEmpty)
    harness.send(H.pointer(.down, 50, 5, 0))
    harness.send(H.pointer(.move, 50, 27, 0.1))
    let proposal = harness.engine.proposal(for: .pointer(PointerID(0)))
    #expect(proposal?.action == .move(to: Slot(ContainerID(0), 2)))
    #expect(harness.send(.pointer(PointerEvent(.move, at: bad, time: 0.2))).isEmpty)
    #expect(harness.send(.pointer(PointerEvent(.up, at: bad, time: 0.3))).isEmpty)
    #expect(harness.engine.proposal(for: .pointer(PointerID(0))) == proposal)
    harness.send(H.pointer(.up, 50, 27, 0.4))
    #expect(harness.items(0) == ["b", "c", "a"])
  }

  @Test("A lost pointer's cancel ends its press or drag even with no usable coordinates")
  func cancelWithoutCoordinates() {
    var harness = Self.board()
    harness.send(H.pointer(.down, 50, 5, 0))
    harness.send(H.pointer(.move, 50, 27, 0.1))
    #expect(harness.engine.isDragging)
    harness.send(.pointer(PointerEvent(.cancel, at: Point(x: .nan, y: .nan), time: 0.2)))
    #expect(!harness.engine.isDragging)
    #expect(harness.items(0) == ["a", "b", "c"])
    // A press that is cancelled the same way does not start a drag on the next move.
    harness.send(H.pointer(.down, 50, 5, 0.3))
    harness.send(.pointer(PointerEvent(.cancel, at: Point(x: .infinity, y: 5), time: 0.4)))
    harness.send(H.pointer(.move, 50, 27, 0.5))
    #expect(!harness.engine.isDragging)
  }

  @Test("A touch press released at no usable place does not become a drag at the next tick")
  func pressReleasedWithoutCoordinates() {
    var harness = Self.board()
    harness.send(.pointer(PointerEvent(.down, at: Point(x: 50, y: 5), time: 0, kind: .touch)))
    harness.send(.pointer(PointerEvent(.up, at: Point(x: .nan, y: 5), time: 0.05, kind: .touch)))
    harness.send(.tick(time: 1))
    #expect(!harness.engine.isDragging)
    #expect(harness.events.isEmpty, "\(harness.events)")
  }

  @Test("A pointer far away is outside every container and the item returns")
  func farAway() {
    var harness = Self.board()
    harness.send(H.pointer(.down, 50, 5, 0))
    harness.send(H.pointer(.move, 1e300, -1e300, 0.1))
    #expect(harness.engine.proposal(for: .pointer(PointerID(0)))?.action == DropAction.none)
    harness.send(H.pointer(.up, 1e300, -1e300, 0.2))
    #expect(harness.items(0) == ["a", "b", "c"])
    #expect(harness.events.contains(.didNotMove(.pointer(PointerID(0)), "a")))
  }

  @Test("NaN and backwards times count as no time passing")
  func badTimes() {
    var configuration = DragConfiguration()
    configuration.touchActivation = .longPress(delay: 0.5, tolerance: 10)
    var harness = DragHarness(
      columns: [("To Do", ["a", "b"])], configuration: configuration)
    harness.send(.pointer(PointerEvent(.down, at: Point(x: 50, y: 5), time: 1, kind: .touch)))
    harness.send(.tick(time: .nan))
    harness.send(.tick(time: 0))
    harness.send(.tick(time: -.infinity))
    #expect(!harness.engine.isDragging)
    harness.send(.tick(time: 1.6))
    #expect(harness.engine.isDragging)
  }

  @Test("Removing the origin container mid-drag cancels the drag")
  func originContainerRemoved() {
    var harness = Self.board()
    harness.send(H.pointer(.down, 50, 5, 0))
    harness.send(H.pointer(.move, 150, 5, 0.1))
    harness.send(.removeContainer(ContainerID(0)))
    #expect(!harness.engine.isDragging)
    #expect(harness.events.contains(.cancelled(.pointer(PointerID(0)), "a")))
    #expect(harness.send(H.pointer(.up, 150, 5, 0.2)).isEmpty)
    #expect(Self.allItemsSorted(harness) == ["a", "b", "c", "d", "e"])
  }

  @Test("Removing the target container mid-drag retargets; the drop goes elsewhere or nowhere")
  func targetContainerRemoved() {
    var harness = Self.board()
    harness.send(H.pointer(.down, 50, 5, 0))
    harness.send(H.pointer(.move, 150, 5, 0.1))
    #expect(harness.engine.proposal(for: .pointer(PointerID(0)))?.container == ContainerID(1))
    harness.send(.removeContainer(ContainerID(1)))
    #expect(harness.engine.isDragging)
    #expect(harness.engine.proposal(for: .pointer(PointerID(0)))?.action == DropAction.none)
    harness.send(H.pointer(.up, 150, 5, 0.2))
    #expect(harness.items(0) == ["a", "b", "c"])
  }

  @Test("Removing the target container mid-drag in live application puts the item back")
  func liveTargetContainerRemoved() {
    var configuration = DragConfiguration()
    configuration.operationTiming = .live
    var harness = DragHarness(
      columns: [("To Do", ["a", "b", "c"]), ("Done", ["d", "e"])], configuration: configuration)
    harness.send(H.pointer(.down, 50, 5, 0))
    harness.send(H.pointer(.move, 150, 5, 0.1))
    #expect(harness.items(1) == ["a", "d", "e"])
    harness.send(.removeContainer(ContainerID(1)))
    #expect(harness.items(0) == ["a", "b", "c"])
    #expect(harness.items(1) == ["d", "e"])
    #expect(harness.errors.isEmpty)
  }

  @Test("A container resized mid-drag retargets against the new frame")
  func containerResized() {
    var harness = Self.board()
    harness.send(H.pointer(.down, 50, 5, 0))
    harness.send(H.pointer(.move, 150, 5, 0.1))
    #expect(harness.engine.proposal(for: .pointer(PointerID(0)))?.container == ContainerID(1))
    let moved = ListGeometry(
      items: ["d", "e"], frame: Rect(x: 300, y: 0, width: 100, height: 1_000), itemLength: 10)
    harness.send(.setGeometry(ContainerID(1), moved))
    #expect(harness.engine.proposal(for: .pointer(PointerID(0)))?.container == nil)
    harness.send(H.pointer(.move, 350, 15, 0.2))
    harness.send(H.pointer(.up, 350, 15, 0.3))
    #expect(harness.items(1) == ["d", "a", "e"])
    #expect(harness.errors.isEmpty)
  }

  @Test("Items inserted by the app before the origin mid-drag shift the origin; nothing is lost")
  func itemsChangedMidDrag() throws {
    var harness = Self.board()
    harness.send(H.pointer(.down, 50, 15, 0))  // b
    harness.send(H.pointer(.move, 150, 15, 0.1))
    try harness.model.apply(.insert("x", at: Slot(ContainerID(0), 0)))
    harness.syncGeometry()
    harness.send(H.pointer(.move, 150, 12, 0.2))
    harness.send(H.pointer(.up, 150, 12, 0.3))
    #expect(harness.errors.isEmpty)
    #expect(harness.items(0) == ["x", "a", "c"])
    #expect(harness.items(1) == ["d", "b", "e"])
  }

  @Test("The app deleting the dragged item mid-drag cancels the drag without operations")
  func draggedItemDeleted() throws {
    var harness = Self.board()
    harness.send(H.pointer(.down, 50, 5, 0))
    harness.send(H.pointer(.move, 50, 25, 0.1))
    try harness.model.apply(.remove("a", from: Slot(ContainerID(0), 0)))
    harness.syncGeometry()
    harness.send(.tick(time: 0.15))
    #expect(!harness.engine.isDragging)
    #expect(harness.events.contains(.cancelled(.pointer(PointerID(0)), "a")))
    harness.send(H.pointer(.up, 50, 25, 0.2))
    #expect(harness.operations.isEmpty)
    #expect(harness.items(0) == ["b", "c"])
  }

  @Test("Geometry for an unknown container is ignored")
  func unknownContainer() {
    var harness = Self.board()
    let stray = ListGeometry(
      items: ["z"], frame: Rect(x: 0, y: 0, width: 10, height: 10), itemLength: 10)
    #expect(harness.send(.setGeometry(ContainerID(42), stray)).isEmpty)
    #expect(harness.send(.removeContainer(ContainerID(42))).isEmpty)
    #expect(harness.send(.moveContainer(ContainerID(42), priority: 0)).isEmpty)
    #expect(harness.engine.containers.map(\.id) == [ContainerID(0), ContainerID(1)])
  }

  @Test("A rule that changes its answer mid-drag is asked again; the drop obeys the latest answer")
  func rulesChangeAnswers() {
    var harness = Self.board()
    harness.send(H.pointer(.down, 50, 5, 0))
    harness.send(H.pointer(.move, 150, 5, 0.1))
    #expect(
      harness.engine.proposal(for: .pointer(PointerID(0)))?.action
        == .move(to: Slot(ContainerID(1), 0)))
    harness.engine.rules.canDrop = { _, _, _, _ in .refuse("Done is locked") }
    harness.send(H.pointer(.move, 150, 6, 0.2))
    let proposal = harness.engine.proposal(for: .pointer(PointerID(0)))
    #expect(proposal?.refusal?.kind == .cannotDrop)
    #expect(proposal?.refusal?.reason == "Done is locked")
    #expect(
      proposal?.action == .move(to: Slot(ContainerID(1), 0)) || proposal?.action == DropAction.none)
    harness.send(H.pointer(.move, 150, 7, 0.25))
    harness.send(H.pointer(.up, 150, 7, 0.3))
    #expect(harness.items(1) == ["d", "e"])
    #expect(harness.announcements.contains("Done is locked"))
  }

  @Test("An app that fails to apply the drop gets a rollback and an error event")
  func applicationFails() {
    var engine = Self.board().engine
    engine.handle(H.pointer(.down, 50, 5, 0))
    engine.handle(H.pointer(.move, 150, 5, 0.1))
    let drop = engine.handle(H.pointer(.up, 150, 5, 0.2))
    #expect(
      drop.contains(
        .apply(.move("a", from: Slot(ContainerID(0), 0), to: Slot(ContainerID(1), 0), before: "d")))
    )
    #expect(engine.canUndo)
    // The app applied nothing: nothing to roll back, and the transaction leaves the undo history.
    let failure = engine.handle(.applicationFailed(applied: 0, message: "disk full"))
    #expect(failure.contains(.event(.applicationFailed(message: "disk full"))))
    #expect(!failure.contains { if case .apply = $0 { return true } else { return false } })
    #expect(!engine.canUndo)
  }

  @Test("A live drag whose operation fails half-way is rolled back and cancelled")
  func liveApplicationFails() throws {
    var configuration = DragConfiguration()
    configuration.operationTiming = .live
    var harness = DragHarness(
      columns: [("To Do", ["a", "b", "c"]), ("Done", ["d", "e"])], configuration: configuration)
    harness.send(H.pointer(.down, 50, 5, 0))
    harness.send(H.pointer(.move, 150, 5, 0.1))  // live: a moves to Done
    #expect(harness.items(1) == ["a", "d", "e"])
    // The next step moves it within Done; pretend the app could not apply it (it did not).
    var engine = harness.engine
    let step = engine.handle(H.pointer(.move, 150, 25, 0.2))
    #expect(step.contains { if case .apply = $0 { return true } else { return false } })
    let failure = engine.handle(.applicationFailed(applied: 0, message: "no"))
    var model = harness.model
    for effect in failure { if case .apply(let operation) = effect { try model.apply(operation) } }
    #expect(model.items(in: ContainerID(0)) == ["a", "b", "c"])
    #expect(model.items(in: ContainerID(1)) == ["d", "e"])
    #expect(!engine.isDragging)
    #expect(failure.contains(.event(.applicationFailed(message: "no"))))
  }

  @Test("A failure report with nothing to roll back is ignored")
  func failureWithoutBatch() {
    var harness = Self.board()
    #expect(harness.send(.applicationFailed(applied: 3, message: "?")).isEmpty)
  }
}
