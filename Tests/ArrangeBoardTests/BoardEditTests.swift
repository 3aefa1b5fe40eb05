import ArrangeBoard
import ArrangeDragDrop
import Testing

/// The board's one vocabulary of edits: each ``BoardEdit`` through the one function that applies
/// it, the words undo says for it, and the edits the drag engine's operations make.
@Suite struct BoardEditTests {
  static let base = "## To Do\n\n- Plan\n    * [ ] draft\n- Build\n\n## Done\n\n- Ship\n"
  static let plan = CardID(0)
  static let build = CardID(1)
  static let ship = CardID(2)

  /// One edit applied to ``base``: the board it leaves, the words and the cards it reports.
  struct Case: CustomTestStringConvertible, Sendable {
    var edit: BoardEdit
    var text: String
    var change: String
    var cards: Set<CardID>
    var testDescription: String { "\(edit)" }
  }

  static let cases: [Case] = [
    Case(
      edit: .moveCard(plan, column: 1, index: 1),
      text: "## To Do\n\n- Build\n\n## Done\n\n- Ship\n- Plan\n    * [ ] draft\n",
      change: "moving “Plan”", cards: [plan]),
    Case(
      edit: .exchangeCards(plan, ship),
      text: "## To Do\n\n- Ship\n- Build\n\n## Done\n\n- Plan\n    * [ ] draft\n",
      change: "swapping “Plan” and “Ship”", cards: [plan, ship]),
    Case(
      edit: .moveColumn(from: 1, to: 0),
      text: "## Done\n\n- Ship\n\n## To Do\n\n- Plan\n    * [ ] draft\n- Build\n",
      change: "moving the column “Done”", cards: []),
    Case(
      edit: .addCard(title: "Test", column: 0, index: 1),
      text: "## To Do\n\n- Plan\n    * [ ] draft\n- Test\n- Build\n\n## Done\n\n- Ship\n",
      change: "adding “Test”", cards: [CardID(3)]),
    Case(
      edit: .setTitle(build, "Build it"),
      text: "## To Do\n\n- Plan\n    * [ ] draft\n- Build it\n\n## Done\n\n- Ship\n",
      change: "renaming “Build”", cards: [build]),
    Case(
      edit: .removeCard(plan),
      text: "## To Do\n\n- Build\n\n## Done\n\n- Ship\n",
      change: "deleting “Plan”", cards: [plan]),
    Case(
      edit: .setDone(ship, true),
      text: "## To Do\n\n- Plan\n    * [ ] draft\n- Build\n\n## Done\n\n- [x] Ship\n",
      change: "ticking “Ship”", cards: [ship]),
    Case(
      edit: .setSubtask(plan, index: 0, done: true),
      text: "## To Do\n\n- Plan\n    * [x] draft\n- Build\n\n## Done\n\n- Ship\n",
      change: "ticking a subtask of “Plan”", cards: [plan]),
    Case(
      edit: .addSubtask(plan, title: "review"),
      text: "## To Do\n\n- Plan\n    * [ ] draft\n    * [ ] review\n- Build\n\n## Done\n\n- Ship\n",
      change: "adding a subtask to “Plan”", cards: [plan]),
    Case(
      edit: .removeSubtask(plan, index: 0),
      text: "## To Do\n\n- Plan\n- Build\n\n## Done\n\n- Ship\n",
      change: "deleting a subtask of “Plan”", cards: [plan]),
    Case(
      edit: .renameSubtask(plan, index: 0, title: "first draft"),
      text: "## To Do\n\n- Plan\n    * [ ] first draft\n- Build\n\n## Done\n\n- Ship\n",
      change: "renaming a subtask of “Plan”", cards: [plan]),
    Case(
      edit: .setDescription(build, ["Why", "and how"]),
      text: "## To Do\n\n- Plan\n    * [ ] draft\n- Build\n    > Why\n    > and how\n\n## Done\n\n"
        + "- Ship\n",
      change: "describing “Build”", cards: [build]),
    Case(
      edit: .setDue(build, "2026-12-24"),
      text: "## To Do\n\n- Plan\n    * [ ] draft\n- Build\n    @ 2026-12-24\n\n## Done\n\n- Ship\n",
      change: "setting the due date of “Build”", cards: [build]),
    Case(
      edit: .setDue(build, "3d"),
      text: "## To Do\n\n- Plan\n    * [ ] draft\n- Build\n    @ 2026-11-28\n\n## Done\n\n- Ship\n",
      change: "setting the due date of “Build”", cards: [build]),
    Case(
      edit: .addColumn(title: "Later"),
      text: "## To Do\n\n- Plan\n    * [ ] draft\n- Build\n\n## Done\n\n- Ship\n\n## Later\n\n",
      change: "adding the column “Later”", cards: []),
    Case(
      edit: .addColumn(title: "Doing", at: 1),
      text: "## To Do\n\n- Plan\n    * [ ] draft\n- Build\n\n## Doing\n\n## Done\n\n- Ship\n",
      change: "adding the column “Doing”", cards: []),
    Case(
      edit: .renameColumn(1, title: "Shipped"),
      text: "## To Do\n\n- Plan\n    * [ ] draft\n- Build\n\n## Shipped\n\n- Ship\n",
      change: "renaming the column “Done”", cards: []),
    Case(
      edit: .removeColumn(1, withCards: true),
      text: "## To Do\n\n- Plan\n    * [ ] draft\n- Build\n\n",
      change: "removing the column “Done”", cards: []),
  ]

  static func text(_ document: BoardDocument) -> String {
    String(decoding: document.serialized(), as: UTF8.self)
  }

  @Test(
    "Each edit, applied through the one function, changes the board as written", arguments: cases)
  func applyEach(_ example: Case) throws {
    var document = try BoardDocument.parse(Array(Self.base.utf8))
    let report = try document.apply(
      example.edit, clock: .fixed(year: 2026, month: 11, day: 25))
    #expect(Self.text(document) == example.text)
    #expect(report.change == example.change)
    #expect(report.cards == example.cards)
  }

  @Test("A subtask moves, and a refused edit leaves the board as it was")
  func moveSubtaskAndRefusals() throws {
    var document = try BoardDocument.parse(
      Array("## A\n\n- Card\n    * [ ] one\n    * [x] two\n".utf8))
    let card = CardID(0)
    let report = try document.apply(.moveSubtask(card, from: 1, to: 0))
    #expect(Self.text(document) == "## A\n\n- Card\n    * [x] two\n    * [ ] one\n")
    #expect(report.change == "moving a subtask of “Card”")
    let before = document
    #expect(throws: BoardEditError.self) { try document.apply(.removeCard(CardID(9))) }
    #expect(throws: BoardEditError.self) { try document.apply(.setDue(card, "someday")) }
    #expect(throws: BoardEditError.self) { try document.apply(.renameColumn(4, title: "X")) }
    #expect(throws: BoardEditError.self) {
      try document.apply(.moveCard(card, column: 0, index: 7))
    }
    #expect(document == before)
  }

  @Test("The due date a card has, sent back as the file writes it, changes nothing")
  func dueSentBack() throws {
    let text = "## A\n\n- Card\n    @ 2024-05-01 10:30\n"
    var document = try BoardDocument.parse(Array(text.utf8))
    try document.apply(.setDue(CardID(0), " 2024-05-01 10:30 "))
    #expect(Self.text(document) == text)
    try document.apply(.setDue(CardID(0), nil))
    #expect(Self.text(document) == "## A\n\n- Card\n")
  }

  @Test("Several edits report their cards together; moves after other edits are “moving cards”")
  func reports() throws {
    var document = try BoardDocument.parse(Array(Self.base.utf8))
    var report = BoardEditReport()
    report.add(try document.apply(.moveCard(Self.plan, column: 1, index: 0)))
    #expect(report.change == "moving “Plan”")
    report.add(try document.apply(.moveCard(Self.build, column: 1, index: 0)))
    #expect(report.change == "moving cards")
    report.add(try document.apply(.setDone(Self.ship, true)))
    #expect(report.change == "ticking “Ship”")
    #expect(report.cards == [Self.plan, Self.build, Self.ship])
    #expect(report.addedCard == nil)
  }

  @Test("The drag engine's operations are the vocabulary's moves, swaps and removals")
  func dragOperations() throws {
    let containers = BoardContainers(columnCount: 2)
    let to = try #require(containers.container(ofColumn: 1))
    let from = try #require(containers.container(ofColumn: 0))
    #expect(
      try BoardEdit(
        .move(Self.plan, from: Slot(from, 0), to: Slot(to, 1), before: nil), in: containers)
        == .moveCard(Self.plan, column: 1, index: 1))
    #expect(
      try BoardEdit(
        .exchange(Self.plan, at: Slot(from, 0), with: Self.ship, otherAt: Slot(to, 0)),
        in: containers)
        == .exchangeCards(Self.plan, Self.ship))
    #expect(
      try BoardEdit(.remove(Self.build, from: Slot(from, 1)), in: containers)
        == .removeCard(Self.build))
    #expect(throws: BoardEditError.self) {
      try BoardEdit(
        .move(Self.plan, from: Slot(from, 0), to: Slot(ContainerID(99), 0), before: nil),
        in: containers)
    }
    #expect(throws: BoardEditError.self) {
      try BoardEdit(.copy(Self.plan, as: Self.ship, to: Slot(to, 0)), in: containers)
    }
  }

  @Test("A shared board applies edits through the same function, and a command goes alone")
  func sharedBoard() throws {
    var (shared, disk) = try SharedBoardTests.shared(Self.base)
    let outcome = shared.perform(
      [.edit(.moveCard(Self.plan, column: 1, index: 1)), .edit(.setDone(Self.ship, true))],
      madeOn: 1, at: 1)
    #expect(!outcome.refused)
    let moved = "## To Do\n\n- Build\n\n## Done\n\n- [x] Ship\n- Plan\n    * [ ] draft\n"
    #expect(disk.text == moved)
    let mixed = shared.perform([.edit(.removeCard(Self.build)), .undo], madeOn: 2, at: 2)
    #expect(mixed.refused)
    #expect(mixed.message == "Undo, redo, reload and overwrite go alone.")
    #expect(disk.text == moved)
    #expect(shared.perform([.undo], madeOn: 2, at: 3).message == "Undid ticking “Ship”")
  }
}
