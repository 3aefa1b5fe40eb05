import ArrangeDragDrop
import ArrangeGeometry
import ArrangeTestSupport
import Testing

/// The target's rules hold at the drop itself: a drop into an item, a copy, a swap.
@Suite struct DropTargetRuleTests {
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

  @Test("A swap refused at the drop is undone in the events")
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
}
