import ArrangeDragDrop
import ArrangeGeometry
import ArrangeTestSupport
import Testing

/// Seed 004, BetweenKit: a drag arena of collections in priority order, rearranging, dropping
/// between collections, deleting outside them, and the data source assertions that allow each.
@Suite struct BetweenKitScenarioTests {
  static let left = ["L0", "L1", "L2", "L3", "L4"]
  static let right = ["R0", "R1", "R2", "R3"]

  static func harness(rules: DragRules<String> = .init()) -> DragHarness {
    DragHarness(columns: [("Left", left), ("Right", right)], rules: rules)
  }

  /// Presses at `from` with the mouse, passes the 5-point threshold, then visits `path` and
  /// releases at its last point.
  static func drag(
    _ harness: inout DragHarness, from: (Double, Double), through path: [(Double, Double)],
    at time: Double = 0
  ) {
    harness.send(seedPointer(.down, from.0, from.1, time))
    harness.send(seedPointer(.move, from.0 + 6, from.1, time + 0.01))
    for (step, point) in path.enumerated() {
      harness.send(seedPointer(.move, point.0, point.1, time + 0.02 + 0.01 * Double(step)))
    }
    let last = path.last ?? from
    harness.send(seedPointer(.up, last.0, last.1, time + 0.1))
  }

  // MARK: - Rearrange and drop

  @Test("BetweenKit: rearranging in one collection, then dropping between two collections")
  func rearrangeThenDrop() {
    var harness = Self.harness()
    // L0 released between L2 and L3.
    Self.drag(&harness, from: (50, 5), through: [(50, 28)])
    let rearrange = DragOperation.move("L0", from: seedSlot(0, 0), to: seedSlot(0, 2), before: "L3")
    #expect(harness.operations == [rearrange])
    #expect(harness.items(0) == ["L1", "L2", "L0", "L3", "L4"])
    #expect(
      seedOutcomes(harness.events) == [
        .didMove(seedSession(), "L0"), .dropped(seedSession(), DragTransaction([rearrange])),
      ])

    // L3 released between R0 and R1.
    let before = harness.log.count
    Self.drag(&harness, from: (50, 35), through: [(150, 12)], at: 1)
    let drop = DragOperation.move("L3", from: seedSlot(0, 3), to: seedSlot(1, 1), before: "R1")
    #expect(harness.operations == [rearrange, drop])
    #expect(harness.items(0) == ["L1", "L2", "L0", "L4"])
    #expect(harness.items(1) == ["R0", "L3", "R1", "R2", "R3"])
    let second = seedEvents(Array(harness.log[before...]))
    #expect(seedCrossings(second) == ["entered 0", "exited 0", "entered 1"])
    #expect(
      seedOutcomes(second) == [
        .didMove(seedSession(), "L3"), .dropped(seedSession(), DragTransaction([drop])),
      ])
    #expect(harness.announcements.last == "Dropped L3 in Right, position 2 of 5")
    #expect(harness.errors.isEmpty)
  }

  @Test(
    "BetweenKit: dropping on an empty collection lands at index 0",
    arguments: [1.0, 500, 990])
  func dropOnEmpty(y: Double) {
    var harness = DragHarness(columns: [("Left", ["L0", "L1"]), ("Empty", [])])
    Self.drag(&harness, from: (50, 15), through: [(150, y)])
    #expect(
      harness.operations == [.move("L1", from: seedSlot(0, 1), to: seedSlot(1, 0), before: nil)])
    #expect(harness.items(0) == ["L0"])
    #expect(harness.items(1) == ["L1"])
    #expect(harness.announcements.last == "Dropped L1 in Empty, position 1 of 1")
    #expect(harness.errors.isEmpty)
  }

  // MARK: - Delete

  struct RemovalCase: Sendable, CustomTestStringConvertible {
    var name: String
    var hasRule: Bool
    /// The x coordinates visited outside every collection; the release is at the last one.
    var path: [Double]
    var removes: Bool
    var refusal: String?

    var testDescription: String { name }

    static let all: [RemovalCase] = [
      RemovalCase(
        name: "canRemove allows", hasRule: true, path: [450], removes: true, refusal: nil),
      RemovalCase(
        name: "canRemove refuses", hasRule: true, path: [300], removes: false,
        refusal: "Drag further right to delete"),
      RemovalCase(
        name: "canRemove allows on the way but refuses at the drop point", hasRule: true,
        path: [450, 300], removes: false, refusal: "Drag further right to delete"),
      RemovalCase(
        name: "no canRemove rule", hasRule: false, path: [450], removes: false, refusal: nil),
    ]
  }

  @Test(
    "BetweenKit: dropping outside every collection deletes only where canRemove allows",
    arguments: RemovalCase.all)
  func deleteOutside(_ removal: RemovalCase) throws {
    var rules = DragRules<String>()
    if removal.hasRule {
      // The check uses the drop point: only the far right of the screen deletes.
      rules.canRemove = { _, point in
        point.x >= 400 ? .allow : .refuse("Drag further right to delete")
      }
    }
    var harness = Self.harness(rules: rules)
    harness.send(seedPointer(.down, 50, 15, 0))
    harness.send(seedPointer(.move, 56, 15, 0.01))
    for (step, x) in removal.path.enumerated() {
      harness.send(seedPointer(.move, x, 50, 0.02 + 0.01 * Double(step)))
    }
    let proposal = try #require(harness.engine.proposal(for: seedSession()))
    #expect(proposal.container == nil)
    #expect(proposal.action == (removal.removes ? .remove : .none))
    #expect(proposal.refusal?.reason == removal.refusal)
    if removal.removes {
      #expect(harness.engine.presentation.sessions.first?.indicator == .removal)
    }
    let x = try #require(removal.path.last)
    harness.send(seedPointer(.up, x, 50, 0.1))

    if removal.removes {
      let remove = DragOperation.remove("L1", from: seedSlot(0, 1))
      #expect(harness.operations == [remove])
      #expect(harness.items(0) == ["L0", "L2", "L3", "L4"])
      #expect(
        seedOutcomes(harness.events) == [
          .didMove(seedSession(), "L1"), .dropped(seedSession(), DragTransaction([remove])),
        ])
      #expect(harness.announcements.last == "Removed L1")
    } else {
      #expect(harness.operations.isEmpty)
      #expect(harness.items(0) == Self.left)
      #expect(
        seedOutcomes(harness.events) == [
          .didNotMove(seedSession(), "L1"), .dropped(seedSession(), DragTransaction([])),
        ])
      #expect(harness.announcements.last == "Dropped L1 where it was")
    }
    if let refusal = removal.refusal {
      #expect(harness.announcements.contains(refusal))
    }
    #expect(harness.items(1) == Self.right)
    #expect(harness.errors.isEmpty)
  }

  @Test("BetweenKit: in live application, deleting after visiting another collection removes once")
  func deleteOutsideLive() {
    var rules = DragRules<String>()
    rules.canRemove = { _, _ in .allow }
    var configuration = DragConfiguration()
    configuration.operationTiming = .live
    var harness = DragHarness(
      columns: [("Left", Self.left), ("Right", Self.right)], configuration: configuration,
      rules: rules)
    harness.send(seedPointer(.down, 50, 15, 0))
    harness.send(seedPointer(.move, 56, 15, 0.01))
    harness.send(seedPointer(.move, 150, 12, 0.02))
    #expect(harness.items(1) == ["R0", "L1", "R1", "R2", "R3"])
    harness.send(seedPointer(.move, 450, 50, 0.03))
    #expect(harness.items(0) == Self.left)
    #expect(harness.items(1) == Self.right)
    #expect(harness.engine.proposal(for: seedSession())?.action == .remove)
    let released = harness.send(seedPointer(.up, 450, 50, 0.04))
    let remove = DragOperation.remove("L1", from: seedSlot(0, 1))
    #expect(seedOperations(released) == [remove])
    #expect(
      seedOutcomes(seedEvents(released)) == [
        .didMove(seedSession(), "L1"), .dropped(seedSession(), DragTransaction([remove])),
      ])
    #expect(harness.items(0) == ["L0", "L2", "L3", "L4"])
    #expect(harness.items(1) == Self.right)
    #expect(!harness.model.allItems.contains("L1"))
    #expect(harness.errors.isEmpty)
  }

  @Test(
    "BetweenKit: a delete-zone collection removes what is dropped on it, where canRemove allows")
  func deleteZone() throws {
    var rules = DragRules<String>()
    rules.canRemove = { item, _ in item == "L0" ? .refuse("L0 cannot be thrown away") : .allow }
    var harness = DragHarness(columns: [("Left", ["L0", "L1", "L2"])], rules: rules)
    let trash = ListGeometry<String>(
      items: [], frame: Rect(x: 200, y: 0, width: 100, height: 100), itemLength: 10)
    harness.send(
      .addContainer(
        ArenaContainer(id: ContainerID(2), name: "Trash", geometry: trash, isDeleteZone: true),
        priority: nil))

    harness.send(seedPointer(.down, 50, 15, 0))
    harness.send(seedPointer(.move, 56, 15, 0.01))
    let entered = harness.send(seedPointer(.move, 250, 50, 0.02))
    #expect(seedCrossings(seedEvents(entered)) == ["exited 0", "entered 2"])
    let proposal = try #require(harness.engine.proposal(for: seedSession()))
    #expect(proposal.action == .remove)
    #expect(proposal.container == ContainerID(2))
    #expect(harness.engine.presentation.sessions.first?.indicator == .removal)
    harness.send(seedPointer(.up, 250, 50, 0.03))
    #expect(harness.operations == [.remove("L1", from: seedSlot(0, 1))])
    #expect(harness.items(0) == ["L0", "L2"])
    #expect(harness.announcements.last == "Removed L1")

    // The trash refuses L0: it goes back.
    Self.drag(&harness, from: (50, 5), through: [(250, 50)], at: 1)
    #expect(harness.operations == [.remove("L1", from: seedSlot(0, 1))])
    #expect(harness.items(0) == ["L0", "L2"])
    #expect(harness.announcements.contains("L0 cannot be thrown away"))
    #expect(seedOutcomes(harness.events).suffix(2).first == .didNotMove(seedSession(), "L0"))
    #expect(harness.errors.isEmpty)
  }

  // MARK: - Priority

  /// Source at x 0–100, A at x 100–200, B moved to x 150–250 so that it overlaps A.
  static func overlapping() -> DragHarness {
    var harness = DragHarness(
      columns: [("Source", ["S0", "S1"]), ("A", ["A0", "A1"]), ("B", ["B0", "B1"])])
    harness.send(
      .setGeometry(
        ContainerID(2),
        ListGeometry(
          items: ["B0", "B1"], frame: Rect(x: 150, y: 0, width: 100, height: 1_000), itemLength: 10)
      ))
    return harness
  }

  @Test("BetweenKit: where collections overlap, the first in priority order takes the drop")
  func priority() {
    var harness = Self.overlapping()
    Self.drag(&harness, from: (50, 5), through: [(175, 500)])
    #expect(harness.items(1) == ["A0", "A1", "S0"])
    #expect(harness.items(2) == ["B0", "B1"])

    harness.send(.moveContainer(ContainerID(2), priority: 0))
    #expect(
      harness.engine.containers.map(\.id) == [ContainerID(2), ContainerID(0), ContainerID(1)])
    Self.drag(&harness, from: (50, 5), through: [(175, 500)], at: 1)
    #expect(harness.items(0).isEmpty)
    #expect(harness.items(1) == ["A0", "A1", "S0"])
    #expect(harness.items(2) == ["B0", "B1", "S1"])
    #expect(
      harness.operations == [
        .move("S0", from: seedSlot(0, 0), to: seedSlot(1, 2), before: nil),
        .move("S1", from: seedSlot(0, 0), to: seedSlot(2, 2), before: nil),
      ])
    #expect(harness.errors.isEmpty)
  }

  @Test("BetweenKit: reordering priority in the middle of a drag retargets it")
  func priorityDuringDrag() throws {
    var harness = Self.overlapping()
    harness.send(seedPointer(.down, 50, 5, 0))
    harness.send(seedPointer(.move, 56, 5, 0.01))
    harness.send(seedPointer(.move, 175, 500, 0.02))
    #expect(
      harness.engine.proposal(for: seedSession())
        == DropProposal(.move(to: seedSlot(1, 2)), container: ContainerID(1)))
    let moved = harness.send(.moveContainer(ContainerID(2), priority: 0))
    #expect(seedCrossings(seedEvents(moved)) == ["exited 1", "entered 2"])
    #expect(
      harness.engine.proposal(for: seedSession())
        == DropProposal(.move(to: seedSlot(2, 2)), container: ContainerID(2)))
    harness.send(seedPointer(.up, 175, 500, 0.03))
    #expect(harness.items(1) == ["A0", "A1"])
    #expect(harness.items(2) == ["B0", "B1", "S0"])
  }

  // MARK: - Assertions

  @Test("BetweenKit: a rearrangement canMove refuses falls back to the last allowed one")
  func canMoveRefuses() throws {
    var rules = DragRules<String>()
    rules.canMove = { _, _, _, to in to == 0 ? .refuse("The first card is pinned") : .allow }
    var harness = Self.harness(rules: rules)
    harness.send(seedPointer(.down, 50, 25, 0))
    harness.send(seedPointer(.move, 56, 25, 0.01))
    harness.send(seedPointer(.move, 50, 12, 0.02))
    #expect(harness.engine.proposal(for: seedSession())?.action == .move(to: seedSlot(0, 1)))
    let refused = harness.send(seedPointer(.move, 50, 2, 0.03))
    let proposal = try #require(harness.engine.proposal(for: seedSession()))
    #expect(proposal.action == .move(to: seedSlot(0, 1)))
    #expect(proposal.refusal?.kind == .cannotMove)
    #expect(seedAnnouncements(refused).contains("The first card is pinned"))
    harness.send(seedPointer(.up, 50, 2, 0.04))
    #expect(
      harness.operations == [.move("L2", from: seedSlot(0, 2), to: seedSlot(0, 1), before: "L1")])
    #expect(harness.items(0) == ["L0", "L2", "L1", "L3", "L4"])
    #expect(harness.errors.isEmpty)
  }

  @Test("BetweenKit: a rearrangement canMove refuses from the start does nothing")
  func canMoveRefusesAtOnce() throws {
    var rules = DragRules<String>()
    rules.canMove = { _, _, _, to in to == 0 ? .refuse("The first card is pinned") : .allow }
    var harness = Self.harness(rules: rules)
    harness.send(seedPointer(.down, 50, 25, 0))
    harness.send(seedPointer(.move, 56, 25, 0.01))
    harness.send(seedPointer(.move, 50, 2, 0.02))
    let proposal = try #require(harness.engine.proposal(for: seedSession()))
    #expect(proposal.action == .none)
    #expect(
      proposal.refusal
        == DragRefusal(.cannotMove, container: ContainerID(0), reason: "The first card is pinned"))
    harness.send(seedPointer(.up, 50, 2, 0.03))
    #expect(harness.operations.isEmpty)
    #expect(harness.items(0) == Self.left)
    #expect(harness.announcements.contains("The first card is pinned"))
    #expect(
      seedOutcomes(harness.events) == [
        .didNotMove(seedSession(), "L2"), .dropped(seedSession(), DragTransaction([])),
      ])
  }

  @Test("BetweenKit: a drop canDrop refuses does nothing and says why")
  func canDropRefuses() throws {
    var rules = DragRules<String>()
    rules.canDrop = { _, _, destination, _ in
      destination == ContainerID(1) ? .refuse("Right is locked") : .allow
    }
    var harness = Self.harness(rules: rules)
    harness.send(seedPointer(.down, 50, 5, 0))
    harness.send(seedPointer(.move, 56, 5, 0.01))
    let over = harness.send(seedPointer(.move, 150, 12, 0.02))
    #expect(
      harness.engine.proposal(for: seedSession())
        == DropProposal(
          .none, container: ContainerID(1),
          refusal: DragRefusal(.cannotDrop, container: ContainerID(1), reason: "Right is locked")))
    #expect(seedAnnouncements(over).contains("Right is locked"))
    harness.send(seedPointer(.up, 150, 12, 0.03))
    #expect(harness.operations.isEmpty)
    #expect(harness.items(0) == Self.left)
    #expect(harness.items(1) == Self.right)
    #expect(
      seedOutcomes(harness.events) == [
        .didNotMove(seedSession(), "L0"), .dropped(seedSession(), DragTransaction([])),
      ])

    // Rearranging inside Left is still allowed.
    Self.drag(&harness, from: (50, 5), through: [(50, 18)], at: 1)
    #expect(harness.items(0) == ["L1", "L0", "L2", "L3", "L4"])
    #expect(harness.errors.isEmpty)
  }
}
