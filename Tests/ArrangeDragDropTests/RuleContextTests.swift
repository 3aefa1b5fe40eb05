import ArrangeDragDrop
import ArrangeGeometry
import ArrangeTestSupport
import Synchronization
import Testing

/// Rules that answer yes or no, and the rule that sees the whole proposal with its context.
@Suite struct RuleContextTests {
  /// Two columns 100 wide (x 0–100 and 120–220), items 10 long.
  static func harness(_ rules: DragRules<String>) -> DragHarness {
    DragHarness(
      columns: [("To Do", ["a", "locked", "b"]), ("Done", ["c"])], rules: rules,
      columnWidth: 100, columnHeight: 200, gap: 20, itemLength: 10)
  }

  @Test("A rule can answer with a Bool expression: { item, _ in !item.isLocked }")
  func boolRule() {
    var rules = DragRules<String>()
    rules.canDrag { item, _ in !item.hasPrefix("locked") }
    var harness = Self.harness(rules)
    harness.drag("locked", to: Point(x: 170, y: 5))
    harness.drag("a", to: Point(x: 170, y: 5))
    #expect(harness.items(0) == ["locked", "b"])
    #expect(harness.items(1) == ["a", "c"])
    #expect(harness.announcements.contains("This item cannot be moved"))
  }

  @Test("A Bool verdict can carry the reason people hear")
  func boolWithReason() {
    var rules = DragRules<String>()
    rules.canDrag = { item, _ in
      .allow(if: !item.hasPrefix("locked"), otherwise: "Locked cards stay put")
    }
    var harness = Self.harness(rules)
    harness.drag("locked", to: Point(x: 170, y: 5))
    #expect(harness.items(0) == ["a", "locked", "b"])
    #expect(harness.announcements.contains("Locked cards stay put"))
  }

  @Test("BetweenKit passes the point: a rule sees the drop point, edit mode and the proposal")
  func contextIsComplete() {
    let seen = Mutex<[DropContext<String>]>([])
    var rules = DragRules<String>()
    // Only the upper half of Done (y < 100) takes cards, and only outside edit mode.
    rules.canPropose = { context in
      seen.withLock { $0.append(context) }
      if case .move(let slot) = context.action, slot.container == ContainerID(1) {
        return .allow(if: context.point.y < 100 && !context.isEditing, otherwise: "Top half only")
      }
      return .allow
    }
    var harness = Self.harness(rules)
    harness.drag("a", to: Point(x: 170, y: 150))
    #expect(harness.items(1) == ["c"])
    #expect(harness.announcements.contains("Top half only"))
    harness.drag("a", to: Point(x: 170, y: 5))
    #expect(harness.items(1) == ["a", "c"])

    let last = seen.withLock { $0.last }
    #expect(last?.item == "a")
    #expect(last?.origin == Slot(ContainerID(0), 0))
    #expect(last?.action == .move(to: Slot(ContainerID(1), 0)))
    #expect(last?.container == ContainerID(1))
    #expect(last?.point == Point(x: 170, y: 5))
    #expect(last?.isEditing == false)
    #expect(last?.mode == .move)

    harness.send(.setEditing(true, from: nil))
    harness.drag("b", to: Point(x: 170, y: 5))
    #expect(harness.items(1) == ["a", "c"])
    #expect(seen.withLock { $0.last?.isEditing } == true)
  }
}
