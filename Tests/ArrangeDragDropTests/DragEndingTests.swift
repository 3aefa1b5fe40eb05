import ArrangeDragDrop
import ArrangeGeometry
import ArrangeTestSupport
import Testing

/// How a drag ends when the inputs are unusual: a failure reported for several batches, a long
/// press released before any tick, redo with nothing to redo.
@Suite struct DragEndingTests {
  typealias H = DragHarness

  static func operations(_ effects: [DragEffect<String>]) -> [DragOperation<String>] {
    effects.compactMap {
      if case .apply(let operation) = $0 { return operation } else { return nil }
    }
  }

  @Test("A failure reported for an input with several batches rolls all of them back")
  func rollbackSpansBatches() throws {
    var configuration = DragConfiguration()
    configuration.operationTiming = .live
    var rules = DragRules<String>()
    rules.canRemove = { _, _ in .allow }
    var harness = DragHarness(
      columns: [("A", ["a", "b"]), ("B", ["x"])], configuration: configuration, rules: rules,
      columnHeight: 100)
    harness.send(H.pointer(.down, 50, 5, 0))
    harness.send(H.pointer(.move, 56, 5, 0.01))
    harness.send(H.pointer(.move, 150, 20, 0.02))
    #expect(harness.items(1) == ["x", "a"])
    // Releasing outside every container: one input undoes the live move and removes the item.
    var engine = harness.engine
    let release = engine.handle(H.pointer(.up, 150, 500, 0.03))
    #expect(Self.operations(release).count == 2)
    // The app applied none of it: the engine must take back the live move the app did apply.
    let answer = engine.handle(.applicationFailed(applied: 0, message: "disk full"))
    var model = harness.model
    try model.apply(Self.operations(answer))
    #expect(model.items(in: ContainerID(0)) == ["a", "b"])
    #expect(model.items(in: ContainerID(1)) == ["x"])
    #expect(answer.contains(.event(.applicationFailed(message: "disk full"))))
    #expect(!engine.canUndo)
    #expect(!engine.isDragging)
  }

  @Test("A long press released with no tick in between still drags")
  func longPressReleaseWithoutTick() {
    var harness = DragHarness(columns: [("A", ["a", "b"])])
    harness.send(.pointer(PointerEvent(.down, at: Point(x: 50, y: 5), time: 0, kind: .touch)))
    harness.send(.pointer(PointerEvent(.up, at: Point(x: 50, y: 16), time: 1, kind: .touch)))
    #expect(
      harness.events.first == .began(.pointer(PointerID(0)), "a", origin: Slot(ContainerID(0), 0)))
    #expect(harness.items(0) == ["b", "a"])
  }

  @Test("Redo with nothing to redo says so")
  func nothingToRedo() {
    var harness = DragHarness(columns: [("A", ["a"])])
    harness.send(.redo)
    #expect(harness.announcements == ["Nothing to redo"])
  }

  @Test(
    "A live drag dropped in the input that applied its last change, which the app failed, leaves nothing to undo"
  )
  func failedLiveDropIsNotUndoable() throws {
    var configuration = DragConfiguration()
    configuration.operationTiming = .live
    var harness = DragHarness(
      columns: [("A", ["a", "b"]), ("B", ["x"])], configuration: configuration, columnHeight: 100)
    harness.send(H.pointer(.down, 50, 5, 0))
    harness.send(H.pointer(.move, 56, 5, 0.01))
    // The release is the first input that moves the item (live): its change and the drop come
    // in one input, and the app applies none of it.
    var engine = harness.engine
    let release = engine.handle(H.pointer(.up, 150, 20, 0.02))
    #expect(Self.operations(release).count == 1)
    let answer = engine.handle(.applicationFailed(applied: 0, message: "disk full"))
    #expect(Self.operations(answer).isEmpty, "nothing was applied, so nothing is taken back")
    #expect(!engine.canUndo, "the failed drop stayed on the undo stack")
    let undo = engine.handle(.undo)
    #expect(Self.operations(undo).isEmpty)
  }

  @Test("Undo after concurrent live drags never names positions another drag has changed since")
  func concurrentLiveHistory() throws {
    var configuration = DragConfiguration()
    configuration.operationTiming = .live
    configuration.allowsConcurrentDrags = true
    var harness = DragHarness(
      columns: [("A", ["a0", "a1", "a2", "a3"])], configuration: configuration)
    func pointer(_ id: Int, _ phase: PointerPhase, _ y: Double, _ time: Double) {
      harness.send(
        .pointer(PointerEvent(phase, at: Point(x: 50, y: y), time: time, id: PointerID(id))))
    }
    // Pointer 1 takes a2 to the top, live, and keeps holding it.
    pointer(1, .down, 25, 0)
    pointer(1, .move, 31, 0.1)
    pointer(1, .move, 2, 0.2)
    #expect(harness.items(0) == ["a2", "a0", "a1", "a3"])
    // Pointer 2 moves a3 up one place and drops it: a transaction recorded on top of a2's live
    // change.
    pointer(2, .down, 35, 0.3)
    pointer(2, .move, 41, 0.4)
    pointer(2, .move, 22, 0.5)
    pointer(2, .up, 22, 0.6)
    #expect(harness.items(0) == ["a2", "a0", "a3", "a1"])
    // Pointer 1 gives up: a2 goes back to the end, and a3 moves up under it.
    pointer(1, .cancel, 2, 0.7)
    #expect(harness.items(0) == ["a0", "a3", "a1", "a2"])
    // a3's move was recorded with a2 at the top: its positions no longer hold, so the history
    // is gone rather than wrong.
    harness.send(.undo)
    #expect(harness.errors.isEmpty, "undo named stale positions: \(harness.errors)")
    #expect(harness.items(0) == ["a0", "a3", "a1", "a2"])
    #expect(harness.announcements.last == "Nothing to undo")
  }

  @Test("A live change the app failed to apply does not shift where another drag's item is")
  func failedLiveChangeKeepsOtherDragsInPlace() {
    var configuration = DragConfiguration()
    configuration.operationTiming = .live
    configuration.allowsConcurrentDrags = true
    let harness = DragHarness(
      columns: [("A", ["a0", "a1", "a2", "a3"])], configuration: configuration)
    var engine = harness.engine
    func pointer(_ id: Int, _ phase: PointerPhase, _ y: Double, _ time: Double, _ kind: PointerKind)
      -> [DragEffect<String>]
    {
      engine.handle(
        .pointer(
          PointerEvent(phase, at: Point(x: 50, y: y), time: time, id: PointerID(id), kind: kind)))
    }
    // A touch holds a2, not long enough yet to lift it.
    _ = pointer(1, .down, 25, 0, .touch)
    // A mouse takes a3 to the top, live; the app fails to apply that.
    _ = pointer(0, .down, 35, 0, .mouse)
    _ = pointer(0, .move, 41, 0.01, .mouse)
    let moved = pointer(0, .move, 5, 0.02, .mouse)
    #expect(
      Self.operations(moved) == [
        .move("a3", from: Slot(ContainerID(0), 3), to: Slot(ContainerID(0), 0), before: "a0")
      ])
    _ = engine.handle(.applicationFailed(applied: 0, message: "disk full"))
    // The touch's long press is up: a2 is still where it was, third.
    let lifted = engine.handle(.tick(time: 0.3))
    #expect(
      lifted.contains(
        .event(.began(.pointer(PointerID(1)), "a2", origin: Slot(ContainerID(0), 2)))), "\(lifted)")
  }

  @Test(
    "A keyboard drag over a delete zone that is taken away drops nothing into it, live or on drop",
    arguments: [OperationTiming.onDrop, .live])
  func keyboardRemovalNeedsItsZone(timing: OperationTiming) {
    var configuration = DragConfiguration()
    configuration.operationTiming = timing
    var harness = DragHarness(columns: [("A", ["a", "b"]), ("Trash", [])])
    var containers = harness.engine.containers
    containers[1] = ArenaContainer(
      id: containers[1].id, name: "Trash", geometry: containers[1].geometry, isDeleteZone: true)
    var rules = DragRules<String>()
    rules.canRemove = { _, _ in .allow }
    harness.engine = DragEngine(containers: containers, configuration: configuration, rules: rules)
    harness.send(.key(.lift("a"), time: 0))
    harness.send(.key(.nextContainer, time: 0.1))
    #expect(harness.engine.proposal(for: .keyboard)?.action == .remove)
    harness.send(.removeContainer(containers[1].id))
    harness.send(.key(.drop, time: 0.2))
    #expect(harness.items(0) == ["a", "b"])
    #expect(harness.errors.isEmpty)
  }

  @Test(
    "Two live drags that start in one input name no anchor read from geometry the other changed")
  func concurrentActivationsAnchors() {
    var configuration = DragConfiguration()
    configuration.operationTiming = .live
    configuration.allowsConcurrentDrags = true
    var harness = DragHarness(
      columns: [("A", ["a0", "a1"]), ("B", ["b0", "b1", "b2"])], configuration: configuration)
    func touch(_ id: Int, _ phase: PointerPhase, _ x: Double, _ y: Double, _ time: Double) {
      harness.send(
        .pointer(
          PointerEvent(phase, at: Point(x: x, y: y), time: time, id: PointerID(id), kind: .touch)))
    }
    // Two fingers hold a0 (drifting over B) and b1 (drifting up); one tick lifts both.
    touch(1, .down, 95, 5, 0)
    touch(1, .move, 104, 5, 0.01)
    touch(2, .down, 150, 15, 0.02)
    touch(2, .move, 150, 6, 0.03)
    harness.send(.tick(time: 0.5))
    #expect(harness.errors.isEmpty, "the model refused: \(harness.errors)")
    #expect(harness.items(1).sorted() == ["a0", "b0", "b1", "b2"])
  }

  @Test("A live drag removed over a delete zone, whose removal the app failed, rolls back cleanly")
  func failedLiveRemovalRollsBackInOrder() throws {
    var configuration = DragConfiguration()
    configuration.operationTiming = .live
    var rules = DragRules<String>()
    rules.canRemove = { _, _ in .allow }
    var harness = DragHarness(
      columns: [("A", ["a0"]), ("B", ["b0", "b1"]), ("Trash", [])], configuration: configuration,
      rules: rules, columnHeight: 100)
    var containers = harness.engine.containers
    containers[2] = ArenaContainer(
      id: containers[2].id, name: "Trash", geometry: containers[2].geometry, isDeleteZone: true)
    harness.engine = DragEngine(containers: containers, configuration: configuration, rules: rules)
    harness.send(H.pointer(.down, 50, 5, 0))
    harness.send(H.pointer(.move, 56, 5, 0.01))
    harness.send(H.pointer(.move, 150, 15, 0.02))
    #expect(harness.items(1) == ["b0", "a0", "b1"])
    // The release over the trash brings a0 home (live) and removes it: the app applies the
    // first and fails the second.
    var engine = harness.engine
    var model = harness.model
    let release = Self.operations(engine.handle(H.pointer(.up, 250, 5, 0.03)))
    #expect(release.count == 2)
    try model.apply([release[0]])
    let answer = Self.operations(engine.handle(.applicationFailed(applied: 1, message: "no")))
    try model.apply(answer)
    #expect(model.items(in: ContainerID(0)) == ["a0"])
    #expect(model.items(in: ContainerID(1)) == ["b0", "b1"])
    #expect(!engine.canUndo)
  }
}
