import ArrangeDragDrop
import ArrangeGeometry
import ArrangeTestSupport
import Testing

/// Seed 003, SSCollectionViewExchangeController: exchange semantics, exchange transactions and
/// events, catch and release, cancel, items that cannot move or be displaced, the catch
/// rectangle and the 0.15 s long press.
@Suite struct SSExchangeScenarioTests {
  /// Two sections of a collection view, one container each; the items are named after their
  /// original index paths.
  static let sections: [(name: String, items: [String])] = [
    ("Section 0", ["A0", "A1", "A2", "A3", "A4", "A5"]),
    ("Section 1", ["B0", "B1", "B2", "B3", "B4", "B5"]),
  ]

  static func harness(
    _ application: OperationTiming = .onDrop, rules: DragRules<String> = .init()
  ) -> DragHarness {
    var configuration = DragConfiguration()
    configuration.mode = .exchange
    configuration.operationTiming = application
    return DragHarness(columns: sections, configuration: configuration, rules: rules)
  }

  /// The centre of the item at index path `section,item`.
  static func center(_ section: Int, _ item: Int) -> (x: Double, y: Double) {
    (Double(section) * 100 + 50, Double(item) * 10 + 5)
  }

  /// A catch: a touch held on `section,item` past the long-press delay.
  @discardableResult
  static func catchItem(_ harness: inout DragHarness, _ section: Int, _ item: Int, at time: Double)
    -> [DragEffect<String>]
  {
    let (x, y) = center(section, item)
    return harness.send(seedTouch(.down, x, y, time)) + harness.send(.tick(time: time + 0.2))
  }

  /// Drags the caught item over `section,item`.
  @discardableResult
  static func over(_ harness: inout DragHarness, _ section: Int, _ item: Int, at time: Double)
    -> [DragEffect<String>]
  {
    let (x, y) = center(section, item)
    return harness.send(seedTouch(.move, x, y, time))
  }

  /// Releases the caught item over `section,item`.
  @discardableResult
  static func release(_ harness: inout DragHarness, _ section: Int, _ item: Int, at time: Double)
    -> [DragEffect<String>]
  {
    let (x, y) = center(section, item)
    return harness.send(seedTouch(.up, x, y, time))
  }

  // MARK: - Move versus exchange

  @Test("SSCollectionViewExchangeController: moving item1 to item5 sifts the items between")
  func moveSifts() {
    var harness = DragHarness(columns: [("Row", ["item1", "item2", "item3", "item4", "item5"])])
    // Released over the lower half of item5: after item5, the last position.
    harness.send(seedPointer(.down, 50, 5, 0))
    harness.send(seedPointer(.move, 56, 5, 0.01))
    harness.send(seedPointer(.move, 50, 48, 0.02))
    harness.send(seedPointer(.up, 50, 48, 0.03))
    #expect(harness.items(0) == ["item2", "item3", "item4", "item5", "item1"])
    #expect(
      harness.operations == [.move("item1", from: seedSlot(0, 0), to: seedSlot(0, 4), before: nil)]
    )
    #expect(harness.errors.isEmpty)
  }

  @Test("SSCollectionViewExchangeController: exchanging item1 with item5 leaves the items between")
  func exchangeLeavesTheMiddle() {
    var configuration = DragConfiguration()
    configuration.mode = .exchange
    var harness = DragHarness(
      columns: [("Row", ["item1", "item2", "item3", "item4", "item5"])],
      configuration: configuration)
    harness.send(seedPointer(.down, 50, 5, 0))
    harness.send(seedPointer(.move, 56, 5, 0.01))
    harness.send(seedPointer(.move, 50, 45, 0.02))
    harness.send(seedPointer(.up, 50, 45, 0.03))
    #expect(harness.items(0) == ["item5", "item2", "item3", "item4", "item1"])
    #expect(
      harness.operations == [
        .exchange("item1", at: seedSlot(0, 0), with: "item5", otherAt: seedSlot(0, 4))
      ])
    #expect(
      seedEvents(harness.log).contains(
        .exchangeTransactionFinished(seedSession(), seedSlot(0, 0), seedSlot(0, 4))))
    #expect(harness.errors.isEmpty)
  }

  // MARK: - The README timeline

  @Test("SSCollectionViewExchangeController: the README timeline, catch at 0,3, release at 1,5")
  func readmeTimeline() throws {
    var harness = Self.harness()
    let caught = Self.catchItem(&harness, 0, 3, at: 0)
    #expect(seedEvents(caught).contains(.began(seedSession(), "A3", origin: seedSlot(0, 3))))
    Self.over(&harness, 1, 3, at: 0.3)
    Self.over(&harness, 1, 4, at: 0.4)
    Self.over(&harness, 1, 5, at: 0.5)
    let released = Self.release(&harness, 1, 5, at: 0.6)

    let events = harness.events
    #expect(
      seedExchangeEvents(events) == [
        ["0,3 with 1,3"],
        ["1,3 with 0,3", "0,3 with 1,4"],
        ["1,4 with 0,3", "0,3 with 1,5"],
      ])
    let finished = events.filter {
      if case .exchangeTransactionFinished = $0 { return true }
      return false
    }
    #expect(
      finished == [.exchangeTransactionFinished(seedSession(), seedSlot(0, 3), seedSlot(1, 5))])
    // The transaction finishes at the release, after every exchange event.
    #expect(
      seedEvents(released).contains(
        .exchangeTransactionFinished(seedSession(), seedSlot(0, 3), seedSlot(1, 5))))
    #expect(seedExchangeEvents(seedEvents(released)).isEmpty)

    let exchange = DragOperation.exchange(
      "A3", at: seedSlot(0, 3), with: "B5", otherAt: seedSlot(1, 5))
    #expect(harness.operations == [exchange])
    #expect(
      seedOutcomes(events) == [
        .didMove(seedSession(), "A3"), .dropped(seedSession(), DragTransaction([exchange])),
      ])
    #expect(harness.items(0) == ["A0", "A1", "A2", "B5", "A4", "A5"])
    #expect(harness.items(1) == ["B0", "B1", "B2", "B3", "B4", "A3"])
    #expect(harness.errors.isEmpty)
    #expect(!harness.engine.isDragging)
  }

  @Test(
    "SSCollectionViewExchangeController: in live application each exchange event applies its individual exchanges"
  )
  func liveTimeline() {
    var harness = Self.harness(.live)
    Self.catchItem(&harness, 0, 3, at: 0)
    #expect(harness.operations.isEmpty)

    let steps: [(item: Int, pairs: [String], section0: [String], section1: [String])] = [
      (
        3, ["0,3 with 1,3"], ["A0", "A1", "A2", "B3", "A4", "A5"],
        ["B0", "B1", "B2", "A3", "B4", "B5"]
      ),
      (
        4, ["1,3 with 0,3", "0,3 with 1,4"], ["A0", "A1", "A2", "B4", "A4", "A5"],
        ["B0", "B1", "B2", "B3", "A3", "B5"]
      ),
      (
        5, ["1,4 with 0,3", "0,3 with 1,5"], ["A0", "A1", "A2", "B5", "A4", "A5"],
        ["B0", "B1", "B2", "B3", "B4", "A3"]
      ),
    ]
    for (number, step) in steps.enumerated() {
      let effects = Self.over(&harness, 1, step.item, at: 0.3 + 0.1 * Double(number))
      // The exchange event and the operations the app applies carry the same individual
      // exchanges, in the same order.
      #expect(seedExchangeEvents(seedEvents(effects)) == [step.pairs], "step \(number + 1)")
      #expect(seedExchangeOperations(seedOperations(effects)) == step.pairs, "step \(number + 1)")
      #expect(harness.items(0) == step.section0, "step \(number + 1)")
      #expect(harness.items(1) == step.section1, "step \(number + 1)")
      // The displaced item now sits in the dragged item's home slot, dimmed.
      let displaced = harness.engine.presentation.sessions.first?.displaced ?? []
      #expect(displaced.map(\.item) == [step.section0[3]], "step \(number + 1)")
      #expect(displaced.map(\.slot) == [seedSlot(0, 3)], "step \(number + 1)")
      #expect(displaced.map(\.alpha) == [0.6], "step \(number + 1)")
      #expect(
        harness.engine.presentation.sessions.first?.hiddenSlot == seedSlot(1, step.item),
        "step \(number + 1)")
    }

    let released = Self.release(&harness, 1, 5, at: 0.7)
    // The model already holds the final exchange: the release applies nothing more.
    #expect(seedOperations(released).isEmpty)
    #expect(
      seedEvents(released).contains(
        .exchangeTransactionFinished(seedSession(), seedSlot(0, 3), seedSlot(1, 5))))
    #expect(
      seedEvents(released).contains(
        .dropped(
          seedSession(),
          DragTransaction([
            .exchange("A3", at: seedSlot(0, 3), with: "B5", otherAt: seedSlot(1, 5))
          ]))))
    #expect(
      seedExchangeOperations(harness.operations) == [
        "0,3 with 1,3", "1,3 with 0,3", "0,3 with 1,4", "1,4 with 0,3", "0,3 with 1,5",
      ])
    #expect(harness.items(0) == ["A0", "A1", "A2", "B5", "A4", "A5"])
    #expect(harness.items(1) == ["B0", "B1", "B2", "B3", "B4", "A3"])
    #expect(harness.errors.isEmpty)
  }

  // MARK: - Release on the origin, cancel

  @Test(
    "SSCollectionViewExchangeController: releasing back on the origin gives a final pair with equal slots and did not move",
    arguments: OperationTiming.allCases)
  func releaseOnOrigin(application: OperationTiming) {
    var harness = Self.harness(application)
    Self.catchItem(&harness, 0, 3, at: 0)
    Self.over(&harness, 1, 3, at: 0.3)
    let back = Self.over(&harness, 0, 3, at: 0.4)
    #expect(seedExchangeEvents(seedEvents(back)) == [["1,3 with 0,3"]])
    #expect(harness.engine.proposal(for: seedSession())?.action == DropAction.none)
    Self.release(&harness, 0, 3, at: 0.5)

    let events = harness.events
    #expect(seedExchangeEvents(events) == [["0,3 with 1,3"], ["1,3 with 0,3"]])
    #expect(
      events.contains(.exchangeTransactionFinished(seedSession(), seedSlot(0, 3), seedSlot(0, 3))))
    #expect(
      seedOutcomes(events) == [
        .didNotMove(seedSession(), "A3"), .dropped(seedSession(), DragTransaction([])),
      ])
    switch application {
    case .onDrop:
      #expect(harness.operations.isEmpty)
    case .live:
      #expect(seedExchangeOperations(harness.operations) == ["0,3 with 1,3", "1,3 with 0,3"])
    }
    #expect(harness.items(0) == Self.sections[0].items)
    #expect(harness.items(1) == Self.sections[1].items)
    #expect(!harness.engine.canUndo)
    #expect(harness.errors.isEmpty)
  }

  enum CancelCause: String, CaseIterable, Sendable {
    case pointerCancelled
    case interrupted
  }

  @Test(
    "SSCollectionViewExchangeController: a cancel in the middle of a transaction restores the model exactly",
    arguments: OperationTiming.allCases, CancelCause.allCases)
  func cancelRestores(application: OperationTiming, cause: CancelCause) {
    var harness = Self.harness(application)
    Self.catchItem(&harness, 0, 3, at: 0)
    Self.over(&harness, 1, 3, at: 0.3)
    Self.over(&harness, 1, 4, at: 0.4)
    if application == .live {
      // The live model really changed, so the cancel has something to restore.
      #expect(harness.items(1) == ["B0", "B1", "B2", "B3", "A3", "B5"])
      #expect(harness.items(0) == ["A0", "A1", "A2", "B4", "A4", "A5"])
    }
    let operationsBefore = harness.operations.count
    let effects: [DragEffect<String>]
    switch cause {
    case .pointerCancelled:
      effects = harness.send(seedTouch(.cancel, 150, 45, 0.5))
    case .interrupted:
      effects = harness.send(.interrupt)
    }

    // SS first undoes the last exchange, then reports the cancel.
    #expect(seedExchangeEvents(seedEvents(effects)) == [["1,4 with 0,3"]])
    #expect(seedOutcomes(seedEvents(effects)) == [.cancelled(seedSession(), "A3")])
    #expect(
      seedAnnouncements(effects).last == "Cancelled, A3 returned to position 4 in Section 0")
    switch application {
    case .onDrop:
      #expect(harness.operations.isEmpty)
    case .live:
      #expect(seedExchangeOperations(seedOperations(effects)) == ["1,4 with 0,3"])
      #expect(harness.operations.count == operationsBefore + 1)
    }
    #expect(harness.items(0) == Self.sections[0].items)
    #expect(harness.items(1) == Self.sections[1].items)
    #expect(!harness.engine.isDragging)
    #expect(!harness.engine.canUndo)
    #expect(
      !harness.events.contains {
        if case .exchangeTransactionFinished = $0 { return true }
        return false
      })
    #expect(harness.errors.isEmpty)

    // The release that follows a cancel does nothing, and the next catch starts cleanly.
    #expect(seedEvents(harness.send(seedTouch(.up, 150, 45, 0.6))).isEmpty)
    let next = Self.catchItem(&harness, 0, 3, at: 1)
    #expect(seedEvents(next).contains(.began(seedSession(), "A3", origin: seedSlot(0, 3))))
  }

  // MARK: - Items that cannot move or be displaced

  @Test(
    "SSCollectionViewExchangeController: an item that cannot move is refused and nothing happens")
  func cannotMove() {
    var rules = DragRules<String>()
    rules.canDrag = { item, _ in item == "A3" ? .refuse("The coxswain stays put") : .allow }
    var harness = Self.harness(rules: rules)
    Self.catchItem(&harness, 0, 3, at: 0)
    Self.over(&harness, 1, 3, at: 0.3)
    Self.release(&harness, 1, 3, at: 0.4)
    #expect(
      harness.events == [
        .refused(
          seedSession(),
          DragRefusal(.notDraggable, container: ContainerID(0), reason: "The coxswain stays put"))
      ])
    #expect(harness.announcements == ["The coxswain stays put"])
    #expect(harness.operations.isEmpty)
    #expect(harness.items(0) == Self.sections[0].items)
    #expect(harness.items(1) == Self.sections[1].items)

    // It can still be displaced: canDrag decides only whether it may be caught.
    Self.catchItem(&harness, 0, 1, at: 1)
    Self.over(&harness, 0, 3, at: 1.3)
    Self.release(&harness, 0, 3, at: 1.4)
    #expect(harness.items(0) == ["A0", "A3", "A2", "A1", "A4", "A5"])
    #expect(harness.errors.isEmpty)
  }

  @Test(
    "SSCollectionViewExchangeController: an item that cannot be displaced is never exchanged")
  func cannotDisplace() throws {
    var rules = DragRules<String>()
    rules.canDisplace = { target, _ in target == "A2" ? .refuse("A2 keeps its seat") : .allow }
    var harness = Self.harness(rules: rules)
    Self.catchItem(&harness, 0, 0, at: 0)
    let hovered = Self.over(&harness, 0, 2, at: 0.3)
    #expect(seedExchangeEvents(seedEvents(hovered)).isEmpty)
    let proposal = try #require(harness.engine.proposal(for: seedSession()))
    #expect(proposal.action == .none)
    #expect(proposal.refusal?.kind == .cannotDisplace)
    #expect(proposal.refusal?.reason == "A2 keeps its seat")
    #expect(seedAnnouncements(hovered).contains("A2 keeps its seat"))
    let session = try #require(harness.engine.presentation.sessions.first)
    #expect(session.displaced.isEmpty)

    let released = Self.release(&harness, 0, 2, at: 0.4)
    #expect(
      seedEvents(released).contains(
        .exchangeTransactionFinished(seedSession(), seedSlot(0, 0), seedSlot(0, 0))))
    #expect(seedOutcomes(seedEvents(released)).first == .didNotMove(seedSession(), "A0"))
    #expect(harness.operations.isEmpty)
    #expect(harness.items(0) == Self.sections[0].items)
  }

  @Test(
    "SSCollectionViewExchangeController: the displaced item is dimmed to 0.6 and a non-displaceable item keeps the previous exchange"
  )
  func displacedItem() throws {
    #expect(DragConfiguration().displacedAlpha == 0.6)
    var rules = DragRules<String>()
    rules.canDisplace = { target, _ in target == "A2" ? .refuse("A2 keeps its seat") : .allow }
    var harness = Self.harness(rules: rules)
    Self.catchItem(&harness, 0, 0, at: 0)
    Self.over(&harness, 0, 4, at: 0.3)

    let session = try #require(harness.engine.presentation.sessions.first)
    #expect(session.hiddenSlot == seedSlot(0, 0))
    let displaced = try #require(session.displaced.first)
    #expect(session.displaced.count == 1)
    #expect(displaced.item == "A4")
    #expect(displaced.slot == seedSlot(0, 4))
    #expect(displaced.alpha == 0.6)
    // It animates away to the original location of the dragged item.
    #expect(displaced.targetFrame == Rect(x: 0, y: 0, width: 100, height: 10))
    #expect(session.indicator == .item(ContainerID(0), Rect(x: 0, y: 40, width: 100, height: 10)))

    // Dragging on over A2, which may not be displaced, leaves the A4 exchange standing.
    let hovered = Self.over(&harness, 0, 2, at: 0.4)
    #expect(seedExchangeEvents(seedEvents(hovered)).isEmpty)
    #expect(
      harness.engine.proposal(for: seedSession())?.action
        == .exchange(with: "A4", at: seedSlot(0, 4)))
    #expect(harness.engine.presentation.sessions.first?.displaced.map(\.item) == ["A4"])
    Self.release(&harness, 0, 2, at: 0.5)
    #expect(seedExchangeEvents(harness.events) == [["0,0 with 0,4"]])
    #expect(harness.items(0) == ["A4", "A1", "A2", "A3", "A0", "A5"])
    #expect(harness.errors.isEmpty)
  }

  @Test(
    "SSCollectionViewExchangeController's look: animation 0.2 s, catch scale 1.2, release scale 1.05, snapshot alpha 0.8, displaced alpha 0.6, press 0.15 s"
  )
  func appearanceDefaults() {
    let appearance = DragAppearance()
    #expect(appearance.animationDuration == 0.2)
    #expect(appearance.catchScale == 1.2)
    #expect(appearance.releaseScale == 1.05)
    #expect(appearance.snapshotAlpha == 0.8)
    #expect(appearance.displacedAlpha == 0.6)
    #expect(appearance.pressDuration == 0.15)
    // The engine's press and displaced alpha are the same numbers.
    var configuration = DragConfiguration()
    #expect(configuration.touchActivation == .longPress(delay: 0.15, tolerance: 10))
    #expect(configuration.appearance == appearance)
    configuration.appearance.displacedAlpha = 0.4
    #expect(configuration.displacedAlpha == 0.4)
  }

  @Test("SSCollectionViewExchangeController: the displaced alpha can be configured")
  func displacedAlphaConfigured() throws {
    var harness = Self.harness()
    harness.engine.configuration.displacedAlpha = 0.3
    Self.catchItem(&harness, 0, 0, at: 0)
    Self.over(&harness, 1, 1, at: 0.3)
    let displaced = try #require(harness.engine.presentation.sessions.first?.displaced.first)
    #expect(displaced.item == "B1")
    #expect(displaced.alpha == 0.3)
  }

  // MARK: - Catch

  @Test(
    "SSCollectionViewExchangeController: only a press inside the catch rectangle catches the item")
  func catchRectangle() {
    var rules = DragRules<String>()
    // A grip on the right-hand side of each cell.
    rules.gripRect = { _, frame in
      Rect(x: frame.maxX - 20, y: frame.minY, width: 20, height: frame.height)
    }
    var harness = Self.harness(rules: rules)
    harness.send(seedTouch(.down, 10, 35, 0))
    harness.send(.tick(time: 0.3))
    #expect(!harness.engine.isDragging)
    harness.send(seedTouch(.move, 150, 35, 0.4))
    harness.send(seedTouch(.up, 150, 35, 0.5))
    #expect(harness.events.isEmpty)
    #expect(harness.operations.isEmpty)

    harness.send(seedTouch(.down, 90, 35, 1))
    let caught = harness.send(.tick(time: 1.3))
    #expect(seedEvents(caught).contains(.began(seedSession(), "A3", origin: seedSlot(0, 3))))
    harness.send(seedTouch(.move, 150, 35, 1.4))
    harness.send(seedTouch(.up, 150, 35, 1.5))
    #expect(harness.items(0) == ["A0", "A1", "A2", "B3", "A4", "A5"])
    #expect(harness.items(1) == ["B0", "B1", "B2", "A3", "B4", "B5"])
  }

  @Test("SSCollectionViewExchangeController: a touch catches after the 0.15 s long press")
  func longPressDelay() {
    #expect(DragConfiguration().touchActivation == .longPress(delay: 0.15, tolerance: 10))
    var harness = Self.harness()
    let pressed = harness.send(seedTouch(.down, 50, 35, 0))
    #expect(!seedEvents(pressed).contains(where: seedIsBegan))
    let early = harness.send(.tick(time: 0.14))
    #expect(!seedEvents(early).contains(where: seedIsBegan))
    #expect(!harness.engine.isDragging)
    let late = harness.send(.tick(time: 0.16))
    #expect(seedEvents(late).contains(.began(seedSession(), "A3", origin: seedSlot(0, 3))))
    #expect(harness.engine.isDragging)
  }

  @Test(
    "SSCollectionViewExchangeController: a touch held past the delay catches even when the next event is a far move"
  )
  func longPressWithoutTick() {
    var harness = Self.harness()
    harness.send(seedTouch(.down, 50, 35, 0))
    // No tick arrived, but the first move comes 0.2 s after the press: the press was held still
    // for longer than the delay, so this move is a drag, not a scroll.
    let moved = harness.send(seedTouch(.move, 150, 35, 0.2))
    #expect(seedEvents(moved).contains(.began(seedSession(), "A3", origin: seedSlot(0, 3))))
    #expect(
      harness.engine.proposal(for: seedSession())?.action
        == .exchange(with: "B3", at: seedSlot(1, 3)))
    harness.send(seedTouch(.up, 150, 35, 0.3))
    #expect(harness.items(0) == ["A0", "A1", "A2", "B3", "A4", "A5"])
    #expect(harness.items(1) == ["B0", "B1", "B2", "A3", "B4", "B5"])
  }

  @Test(
    "SSCollectionViewExchangeController: moving past the tolerance before the delay cancels the press"
  )
  func longPressTolerance() {
    var harness = Self.harness()
    harness.send(seedTouch(.down, 50, 35, 0))
    harness.send(seedTouch(.move, 65, 35, 0.05))  // 15 points: a scroll, not a catch
    harness.send(.tick(time: 0.3))
    #expect(!harness.engine.isDragging)
    harness.send(seedTouch(.move, 150, 35, 0.4))
    harness.send(seedTouch(.up, 150, 35, 0.5))
    #expect(harness.events.isEmpty)
    #expect(harness.operations.isEmpty)
    #expect(harness.items(0) == Self.sections[0].items)

    // Moving within the tolerance keeps the press.
    harness.send(seedTouch(.down, 50, 35, 1))
    harness.send(seedTouch(.move, 56, 35, 1.05))
    #expect(!harness.engine.isDragging)
    let caught = harness.send(.tick(time: 1.2))
    #expect(seedEvents(caught).contains(.began(seedSession(), "A3", origin: seedSlot(0, 3))))
  }
}
