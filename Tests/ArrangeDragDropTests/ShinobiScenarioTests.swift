import ArrangeDragDrop
import ArrangeGeometry
import ArrangeTestSupport
import Testing

/// Seed 000, the ShinobiEssentials multi-flow board: nine tasks over To Do, In Progress and
/// Done, transfer between flows, the single-drag lock, arena-wide edit mode, didMoveView and
/// didNotMoveView.
@Suite struct ShinobiScenarioTests {
  static let flows: [(name: String, items: [String])] = [
    ("To Do", ["Task 1", "Task 2", "Task 3"]),
    ("In Progress", ["Task 4", "Task 5", "Task 6"]),
    ("Done", ["Task 7", "Task 8", "Task 9"]),
  ]

  static func harness(
    _ application: OperationTiming = .onDrop, concurrent: Bool = false
  ) -> DragHarness {
    var configuration = DragConfiguration()
    configuration.operationTiming = application
    configuration.allowsConcurrentDrags = concurrent
    return DragHarness(columns: flows, configuration: configuration)
  }

  static var allTasks: [String] { flows.flatMap(\.items).sorted() }

  // MARK: - Transfer

  @Test(
    "ShinobiEssentials: a task transfers from To Do to Done across In Progress",
    arguments: OperationTiming.allCases)
  func transfer(application: OperationTiming) {
    var harness = Self.harness(application)
    harness.send(seedPointer(.down, 50, 15, 0))
    harness.send(seedPointer(.move, 56, 15, 0.01))
    harness.send(seedPointer(.move, 150, 12, 0.02))
    switch application {
    case .onDrop:
      #expect(harness.items(1) == ["Task 4", "Task 5", "Task 6"])
    case .live:
      // The flow under the drag takes ownership of the view at once.
      #expect(harness.items(1) == ["Task 4", "Task 2", "Task 5", "Task 6"])
      #expect(harness.items(0) == ["Task 1", "Task 3"])
    }
    harness.send(seedPointer(.move, 250, 12, 0.03))
    harness.send(seedPointer(.up, 250, 12, 0.04))

    #expect(harness.items(0) == ["Task 1", "Task 3"])
    #expect(harness.items(1) == ["Task 4", "Task 5", "Task 6"])
    #expect(harness.items(2) == ["Task 7", "Task 2", "Task 8", "Task 9"])
    #expect(seedAllItems(harness) == Self.allTasks)
    let events = harness.events
    #expect(events.first == .began(seedSession(), "Task 2", origin: seedSlot(0, 1)))
    #expect(
      seedCrossings(events) == ["entered 0", "exited 0", "entered 1", "exited 1", "entered 2"])
    let move = DragOperation.move(
      "Task 2", from: seedSlot(0, 1), to: seedSlot(2, 1), before: "Task 8")
    #expect(
      seedOutcomes(events) == [
        .didMove(seedSession(), "Task 2"), .dropped(seedSession(), DragTransaction([move])),
      ])
    #expect(harness.announcements.first == "Picked up Task 2, position 2 of 3 in To Do")
    #expect(harness.announcements.last == "Dropped Task 2 in Done, position 2 of 4")
    #expect(harness.errors.isEmpty)
  }

  // MARK: - The single-drag lock

  @Test("ShinobiEssentials: the single-drag lock refuses a second pointer while a drag is on")
  func singleDragLock() {
    var harness = Self.harness()
    harness.send(seedPointer(.down, 50, 5, 0))
    harness.send(seedPointer(.move, 56, 5, 0.01))
    #expect(harness.engine.activeSessions == [seedSession(0)])

    let second = harness.send(seedPointer(.down, 150, 5, 0.02, id: 1))
    #expect(
      seedEvents(second) == [.refused(seedSession(1), DragRefusal(.anotherDragInProgress))])
    #expect(seedEvents(harness.send(seedPointer(.move, 150, 300, 0.03, id: 1))).isEmpty)
    #expect(seedEvents(harness.send(seedPointer(.up, 150, 300, 0.04, id: 1))).isEmpty)
    #expect(harness.engine.activeSessions == [seedSession(0)])

    harness.send(seedPointer(.move, 250, 500, 0.05))
    harness.send(seedPointer(.up, 250, 500, 0.06))
    #expect(harness.items(2) == ["Task 7", "Task 8", "Task 9", "Task 1"])
    #expect(harness.items(1) == ["Task 4", "Task 5", "Task 6"])
    #expect(harness.operations.count == 1)

    // didMoveView released the lock: the second pointer may drag now.
    harness.send(seedPointer(.down, 150, 5, 1, id: 1))
    let began = harness.send(seedPointer(.move, 156, 5, 1.01, id: 1))
    #expect(seedEvents(began).contains(.began(seedSession(1), "Task 4", origin: seedSlot(1, 0))))
    // The first pointer is locked out in turn.
    let locked = harness.send(seedPointer(.down, 50, 5, 1.02, id: 0))
    #expect(seedEvents(locked) == [.refused(seedSession(0), DragRefusal(.anotherDragInProgress))])
    // Released where it was (didNotMoveView), which also releases the lock.
    let released = harness.send(seedPointer(.up, 150, 5, 1.03, id: 1))
    #expect(seedOutcomes(seedEvents(released)).first == .didNotMove(seedSession(1), "Task 4"))
    harness.send(seedPointer(.down, 50, 5, 2))
    let again = harness.send(seedPointer(.move, 56, 5, 2.01))
    #expect(seedEvents(again).contains(.began(seedSession(0), "Task 2", origin: seedSlot(0, 0))))
    #expect(harness.errors.isEmpty)
  }

  @Test("ShinobiEssentials: with concurrent drags allowed, two pointers drag at once")
  func concurrentDrags() {
    var harness = Self.harness(concurrent: true)
    harness.send(seedPointer(.down, 50, 5, 0, id: 0))
    harness.send(seedPointer(.move, 56, 5, 0.01, id: 0))
    harness.send(seedPointer(.move, 150, 500, 0.02, id: 0))
    let second = harness.send(seedPointer(.down, 250, 5, 0.03, id: 1))
    #expect(
      !seedEvents(second).contains {
        if case .refused = $0 { return true }
        return false
      })
    harness.send(seedPointer(.move, 244, 5, 0.04, id: 1))
    harness.send(seedPointer(.move, 50, 500, 0.05, id: 1))
    #expect(harness.engine.activeSessions == [seedSession(0), seedSession(1)])
    #expect(harness.engine.presentation.sessions.map(\.item) == ["Task 1", "Task 7"])
    #expect(
      harness.engine.proposal(for: seedSession(0))?.action == .move(to: seedSlot(1, 3)))
    #expect(
      harness.engine.proposal(for: seedSession(1))?.action == .move(to: seedSlot(0, 3)))

    // An item is in one session only.
    let third = harness.send(seedPointer(.down, 50, 5, 0.06, id: 2))
    #expect(seedEvents(third) == [.refused(seedSession(2), DragRefusal(.itemAlreadyDragged))])

    harness.send(seedPointer(.up, 150, 500, 0.07, id: 0))
    harness.send(seedPointer(.up, 50, 500, 0.08, id: 1))
    #expect(harness.items(0) == ["Task 2", "Task 3", "Task 7"])
    #expect(harness.items(1) == ["Task 4", "Task 5", "Task 6", "Task 1"])
    #expect(harness.items(2) == ["Task 8", "Task 9"])
    #expect(
      harness.operations == [
        .move("Task 1", from: seedSlot(0, 0), to: seedSlot(1, 3), before: nil),
        .move("Task 7", from: seedSlot(2, 0), to: seedSlot(0, 2), before: nil),
      ])
    #expect(
      harness.events.filter {
        if case .didMove = $0 { return true }
        return false
      } == [.didMove(seedSession(0), "Task 1"), .didMove(seedSession(1), "Task 7")])
    #expect(harness.errors.isEmpty)
  }

  @Test(
    "ShinobiEssentials: concurrent live drags through the same flow keep every task exactly once"
  )
  func concurrentLiveDrags() {
    var harness = Self.harness(.live, concurrent: true)
    // Each step: the input and the three flows after it.
    let steps: [(input: SeedInput, todo: [String], progress: [String])] = [
      (seedPointer(.down, 50, 5, 0, id: 0), ["Task 1", "Task 2", "Task 3"], Self.flows[1].items),
      (
        seedPointer(.move, 56, 5, 0.01, id: 0), ["Task 1", "Task 2", "Task 3"], Self.flows[1].items
      ),
      // Pointer 0 takes Task 1 to the top of In Progress.
      (
        seedPointer(.move, 150, 2, 0.02, id: 0), ["Task 2", "Task 3"],
        ["Task 1", "Task 4", "Task 5", "Task 6"]
      ),
      // Pointer 1 lifts Task 5 (third in In Progress now) and takes it to the end.
      (
        seedPointer(.down, 150, 25, 0.03, id: 1), ["Task 2", "Task 3"],
        ["Task 1", "Task 4", "Task 5", "Task 6"]
      ),
      (
        seedPointer(.move, 156, 25, 0.04, id: 1), ["Task 2", "Task 3"],
        ["Task 1", "Task 4", "Task 5", "Task 6"]
      ),
      (
        seedPointer(.move, 150, 500, 0.05, id: 1), ["Task 2", "Task 3"],
        ["Task 1", "Task 4", "Task 6", "Task 5"]
      ),
      // Pointer 0 takes Task 1 back to the top of To Do, under pointer 1's drag.
      (
        seedPointer(.move, 50, 2, 0.06, id: 0), ["Task 1", "Task 2", "Task 3"],
        ["Task 4", "Task 6", "Task 5"]
      ),
      (
        seedPointer(.move, 150, 495, 0.07, id: 1), ["Task 1", "Task 2", "Task 3"],
        ["Task 4", "Task 6", "Task 5"]
      ),
      (
        seedPointer(.up, 50, 2, 0.08, id: 0), ["Task 1", "Task 2", "Task 3"],
        ["Task 4", "Task 6", "Task 5"]
      ),
      (
        seedPointer(.up, 150, 495, 0.09, id: 1), ["Task 1", "Task 2", "Task 3"],
        ["Task 4", "Task 6", "Task 5"]
      ),
    ]
    for (number, step) in steps.enumerated() {
      harness.send(step.input)
      #expect(harness.errors.isEmpty, "step \(number): \(harness.errors)")
      #expect(harness.model.invariantViolations().isEmpty, "step \(number)")
      #expect(seedAllItems(harness) == Self.allTasks, "step \(number)")
      #expect(harness.items(0) == step.todo, "step \(number)")
      #expect(harness.items(1) == step.progress, "step \(number)")
      #expect(harness.items(2) == Self.flows[2].items, "step \(number)")
    }
    let outcomes = seedOutcomes(harness.events)
    #expect(outcomes.contains(.didNotMove(seedSession(0), "Task 1")))
    #expect(outcomes.contains(.didMove(seedSession(1), "Task 5")))
  }

  // MARK: - Edit mode

  @Test(
    "ShinobiEssentials: edit mode begun from one flow applies to all, and presses drag at once",
    arguments: PointerKind.allCases)
  func editMode(kind: PointerKind) {
    var harness = Self.harness()
    let began = harness.send(.setEditing(true, from: ContainerID(1)))
    #expect(seedEvents(began) == [.editModeBegan(from: ContainerID(1))])
    #expect(harness.engine.isEditing)
    #expect(harness.engine.presentation.isEditing)
    // The other flows joining in do not begin it again.
    #expect(seedEvents(harness.send(.setEditing(true, from: ContainerID(0)))).isEmpty)
    #expect(seedEvents(harness.send(.setEditing(true, from: ContainerID(2)))).isEmpty)

    for flow in 0..<3 {
      let x = Double(flow) * 100 + 50
      let time = Double(flow)
      let pressed = harness.send(seedPointer(.down, x, 5, time, kind: kind))
      let task = Self.flows[flow].items[0]
      #expect(
        seedEvents(pressed).contains(.began(seedSession(), task, origin: seedSlot(flow, 0))),
        "flow \(flow)")
      #expect(harness.engine.isDragging, "flow \(flow)")
      let released = harness.send(seedPointer(.up, x, 5, time + 0.01, kind: kind))
      #expect(seedOutcomes(seedEvents(released)).first == .didNotMove(seedSession(), task))
    }
    #expect(
      harness.events.filter {
        if case .editModeBegan = $0 { return true }
        return false
      }.count == 1)

    let ended = harness.send(.setEditing(false, from: ContainerID(2)))
    #expect(seedEvents(ended) == [.editModeEnded(from: ContainerID(2))])
    #expect(!harness.engine.isEditing)
    // Out of edit mode a press waits for its activation again.
    let pressed = harness.send(seedPointer(.down, 50, 5, 10, kind: kind))
    #expect(!seedEvents(pressed).contains(where: seedIsBegan))
    #expect(!harness.engine.isDragging)
    #expect(harness.operations.isEmpty)
  }

  // MARK: - didMoveView and didNotMoveView

  @Test(
    "ShinobiEssentials: a task dropped back where it was did not move; one dropped elsewhere did",
    arguments: OperationTiming.allCases)
  func didMoveAndDidNotMove(application: OperationTiming) {
    var harness = Self.harness(application)
    harness.send(seedPointer(.down, 50, 5, 0))
    harness.send(seedPointer(.move, 56, 5, 0.01))
    harness.send(seedPointer(.move, 150, 12, 0.02))  // over In Progress
    harness.send(seedPointer(.move, 50, 25, 0.03))  // lower in To Do
    harness.send(seedPointer(.move, 50, 5, 0.04))  // back where it was
    let released = harness.send(seedPointer(.up, 50, 5, 0.05))
    #expect(
      seedOutcomes(seedEvents(released)) == [
        .didNotMove(seedSession(), "Task 1"), .dropped(seedSession(), DragTransaction([])),
      ])
    #expect(seedOperations(released).isEmpty)
    #expect(harness.announcements.last == "Dropped Task 1 where it was")
    if application == .onDrop { #expect(harness.operations.isEmpty) }
    for (index, flow) in Self.flows.enumerated() { #expect(harness.items(index) == flow.items) }
    #expect(!harness.engine.canUndo)

    let before = harness.log.count
    harness.drag("Task 1", to: Point(x: 250, y: 500), startingAt: 1)
    let events = seedEvents(Array(harness.log[before...]))
    let move = DragOperation.move("Task 1", from: seedSlot(0, 0), to: seedSlot(2, 3), before: nil)
    #expect(
      seedOutcomes(events) == [
        .didMove(seedSession(), "Task 1"), .dropped(seedSession(), DragTransaction([move])),
      ])
    #expect(harness.items(2) == ["Task 7", "Task 8", "Task 9", "Task 1"])
    #expect(harness.engine.canUndo)
    #expect(seedAllItems(harness) == Self.allTasks)
    #expect(harness.errors.isEmpty)
  }
}
