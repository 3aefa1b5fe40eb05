import ArrangeDragDrop
import ArrangeGeometry
import ArrangeTestSupport
import Testing

/// Cases a code review found; each failed before its fix.
@Suite struct ReviewRegressionTests {
  typealias H = DragHarness

  static func operations(_ effects: [DragEffect<String>]) -> [DragOperation<String>] {
    effects.compactMap {
      if case .apply(let operation) = $0 { return operation } else { return nil }
    }
  }

  @Test("A failure reported for an input with several batches rolls all of them back")
  func rollbackSpansBatches() throws {
    var configuration = DragConfiguration()
    configuration.application = .live
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

  @Test("Copy mode never drops the original into an item")
  func copyModeDoesNotDropInto() {
    var rules = DragRules<String>()
    rules.copyID = { "\($0) copy" }
    rules.canDropInto = { _, target in target == "folder" ? .allow : .refuse(nil) }
    var configuration = DragConfiguration()
    configuration.mode = .copy
    var harness = DragHarness(
      columns: [("Palette", ["red", "green"]), ("Canvas", ["folder"])],
      configuration: configuration, rules: rules, itemLength: 20)
    harness.drag("red", to: Point(x: 150, y: 10))
    #expect(harness.items(0) == ["red", "green"])
    #expect(harness.model.contents.isEmpty)
    #expect(harness.items(1).contains("red copy"))
  }

  @Test("Dropping into an item of another container obeys that container's accepts and canDrop")
  func dropIntoObeysArrivalRules() {
    var rules = DragRules<String>()
    rules.canDropInto = { _, _ in .allow }
    rules.canDrop = { _, _, to, _ in to == ContainerID(1) ? .refuse("Locked") : .allow }
    var harness = DragHarness(
      columns: [("A", ["a"]), ("Locked", ["folder"])], rules: rules, itemLength: 20)
    harness.drag("a", to: Point(x: 150, y: 10))
    #expect(harness.items(0) == ["a"])
    #expect(harness.model.contents.isEmpty)
  }

  @Test("SSCollectionViewExchangeController: a swap refused at the drop is undone in the events")
  func exchangeRefusedAtDrop() {
    var configuration = DragConfiguration()
    configuration.mode = .exchange
    var harness = DragHarness(columns: [("A", ["a", "b", "c"])], configuration: configuration)
    harness.send(.key(.lift("a"), time: 0))
    harness.send(.key(.nextSlot, time: 0.1))
    harness.engine.rules.canDisplace = { _, _ in .refuse(nil) }
    harness.send(.key(.drop, time: 0.2))
    let exchanges = harness.events.compactMap { event -> [ExchangePair]? in
      if case .exchangeEvent(_, let pairs) = event { return pairs } else { return nil }
    }
    let zero = Slot(ContainerID(0), 0)
    let one = Slot(ContainerID(0), 1)
    #expect(exchanges == [[ExchangePair(zero, one)], [ExchangePair(one, zero)]])
    #expect(harness.events.contains(.exchangeTransactionFinished(.keyboard, zero, zero)))
    #expect(harness.items(0) == ["a", "b", "c"])
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
}
