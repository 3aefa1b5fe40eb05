import ArrangeBoard
import Testing

@Suite struct BoardDetailsAndColumnsTests {
  static func board(_ text: String) throws -> BoardDocument {
    try BoardDocument.parse(Array(text.utf8))
  }

  static func text(_ document: BoardDocument) -> String {
    String(decoding: document.serialized(), as: UTF8.self)
  }

  static func card(_ title: String, in document: BoardDocument) throws -> CardID {
    try #require(document.columns.flatMap(\.cards).first { $0.title == title }).id
  }

  // MARK: - Card details

  static let detailed =
    "## To Do\n\n- Write\n    @ 2024-05-01\n    > First line\n    > Second line\n"
    + "    * [ ] draft\n    * [x] outline\n- Other\n"

  @Test("A card's due date, description and subtasks are read from taskell's lines")
  func readDetails() throws {
    let document = try Self.board(Self.detailed)
    let details = try #require(document.details(of: try Self.card("Write", in: document)))
    #expect(details.due == "2024-05-01")
    #expect(details.description == ["First line", "Second line"])
    #expect(
      details.subtasks == [
        CardDetails.Subtask(title: "draft", isDone: false),
        CardDetails.Subtask(title: "outline", isDone: true),
      ])
    #expect(document.details(of: try Self.card("Other", in: document)) == CardDetails())
    #expect(document.details(of: CardID(99)) == nil)
  }

  @Test("An empty title names what it is the title of")
  func emptyTitles() throws {
    var document = try Self.board(Self.detailed)
    let write = try Self.card("Write", in: document)
    #expect(throws: BoardEditError(kind: .emptyTitle, message: "A column needs a title.")) {
      try document.addColumn(title: " \t ")
    }
    #expect(throws: BoardEditError(kind: .emptyTitle, message: "A subtask needs a title.")) {
      try document.addSubtask("", to: write)
    }
    #expect(throws: BoardEditError(kind: .emptyTitle, message: "A card needs a title.")) {
      try document.setTitle(" ", of: write)
    }
  }

  @Test("A column's cards' details, read in one pass, are each card's")
  func detailsOfAColumn() throws {
    let document = try Self.board(
      Self.detailed + "\nSome text under the column\n\n## Done\n\n- A\n    * [x] one\n"
        + "```\n- not a card\n```\n- B\n    > why\n\n## Empty\n")
    #expect(
      document.detailsOfCards(inColumn: 0) == [
        CardDetails(
          description: ["First line", "Second line"], due: "2024-05-01",
          subtasks: [
            CardDetails.Subtask(title: "draft", isDone: false),
            CardDetails.Subtask(title: "outline", isDone: true),
          ]),
        CardDetails(),
      ])
    #expect(
      document.detailsOfCards(inColumn: 1) == [
        CardDetails(subtasks: [CardDetails.Subtask(title: "one", isDone: true)]),
        CardDetails(description: ["why"]),
      ])
    #expect(document.detailsOfCards(inColumn: 2) == [])
    #expect(document.detailsOfCards(inColumn: 3) == [])
    for (index, column) in document.columns.enumerated() {
      #expect(
        document.detailsOfCards(inColumn: index) == column.cards.map { document.details(of: $0.id) }
      )
    }
  }

  @Test("Subtasks: toggle, retitle, add, remove and reorder, written as taskell writes them")
  func editSubtasks() throws {
    var document = try Self.board(Self.detailed)
    let id = try Self.card("Write", in: document)
    try document.setSubtask(0, of: id, isDone: true)
    try document.setSubtask(1, of: id, title: "an outline", isDone: false)
    try document.addSubtask("review", to: id)
    try document.addSubtask("research", to: id, at: 0)
    #expect(
      Self.text(document)
        == "## To Do\n\n- Write\n    @ 2024-05-01\n    > First line\n    > Second line\n"
        + "    * [ ] research\n    * [x] draft\n    * [ ] an outline\n    * [ ] review\n- Other\n")
    try document.moveSubtask(3, to: 0, of: id)
    try document.removeSubtask(2, of: id)
    #expect(
      Self.text(document)
        == "## To Do\n\n- Write\n    @ 2024-05-01\n    > First line\n    > Second line\n"
        + "    * [ ] review\n    * [ ] research\n    * [ ] an outline\n- Other\n")
    #expect(document.card(id)?.details.last == "* [ ] an outline")
    let before = document
    #expect(throws: BoardEditError.self) { try document.removeSubtask(3, of: id) }
    #expect(throws: BoardEditError.self) { try document.addSubtask("  ", to: id) }
    #expect(throws: BoardEditError.self) { try document.moveSubtask(0, to: 5, of: id) }
    #expect(document == before)
  }

  @Test("Description and due date: replaced in place, added where taskell puts them, removed")
  func editDescriptionAndDue() throws {
    var document = try Self.board("## A\n- Plain\n- Next\n  > kept\n  * [ ] step\n")
    let plain = try Self.card("Plain", in: document)
    try document.setDescription(["Why it matters", "", "and how"], of: plain)
    try document.setDue(DueDate.parse("2025-01-31"), of: plain)
    #expect(
      Self.text(document)
        == "## A\n- Plain\n    @ 2025-01-31\n    > Why it matters\n    >\n    > and how\n- Next\n"
        + "  > kept\n  * [ ] step\n")
    let next = try Self.card("Next", in: document)
    try document.setDescription(["replaced\nwith one line"], of: next)
    try document.setDue(
      DueDate.parse("1d", clock: .fixed(year: 2025, month: 1, day: 31)), of: next)
    #expect(
      Self.text(document)
        == "## A\n- Plain\n    @ 2025-01-31\n    > Why it matters\n    >\n    > and how\n- Next\n"
        + "  @ 2025-02-01\n  > replaced with one line\n  * [ ] step\n")
    try document.setDescription([], of: plain)
    try document.setDue(nil, of: plain)
    try document.setDue(DueDate.parse(""), of: next)
    #expect(
      Self.text(document)
        == "## A\n- Plain\n- Next\n  > replaced with one line\n  * [ ] step\n")
  }

  @Test("Details added to the file's last line, which has no line break")
  func detailsAtEndOfFile() throws {
    var document = try Self.board("## A\n- Last")
    try document.addSubtask("one", to: try Self.card("Last", in: document))
    #expect(Self.text(document) == "## A\n- Last\n    * [ ] one")
  }

  // MARK: - Columns

  @Test("Adding columns: first, between, last; the Obsidian footer stays at the end")
  func addColumns() throws {
    var document = try Self.board("## A\n\n- a\n\n## B\n\n- b\n")
    try document.addColumn(title: "Start", at: 0)
    try document.addColumn(title: "Middle", at: 2)
    try document.addColumn(title: " End\t")
    #expect(document.columns.map(\.title) == ["Start", "A", "Middle", "B", "End"])
    #expect(
      Self.text(document)
        == "## Start\n\n## A\n\n- a\n\n## Middle\n\n## B\n\n- b\n\n## End\n\n")
    let footer = "%% kanban:settings\n```\n{}\n```\n%%\n"
    var obsidian = try Self.board(
      "---\nkanban-plugin: board\n---\n\n## Done\n\n- [x] b\n\n\n" + footer)
    try obsidian.addColumn(title: "QA")
    #expect(
      Self.text(obsidian)
        == "---\nkanban-plugin: board\n---\n\n## Done\n\n- [x] b\n\n## QA\n\n\n" + footer)
    var empty = try Self.board("Intro")
    try empty.addColumn(title: "First")
    #expect(Self.text(empty) == "Intro\n## First\n\n")
    #expect(throws: BoardEditError.self) { try empty.addColumn(title: "x", at: 5) }
  }

  @Test("Renaming a column keeps its level, limit and line break")
  func renameColumns() throws {
    var document = try Self.board("### Todo\r\n- a\r\n")
    try document.renameColumn(0, to: "Later")
    #expect(Self.text(document) == "### Later\r\n- a\r\n")
    var obsidian = try Self.board("---\nkanban-plugin: board\n---\n## Doing (3)\n")
    try obsidian.renameColumn(0, to: "Busy")
    #expect(Self.text(obsidian) == "---\nkanban-plugin: board\n---\n## Busy (3)\n")
    #expect(throws: BoardEditError.self) { try obsidian.renameColumn(0, to: " ") }
    #expect(throws: BoardEditError.self) { try obsidian.renameColumn(4, to: "x") }
  }

  @Test("Removing a column: refused while it holds cards, unless they go too; its end stays")
  func removeColumns() throws {
    var document = try Self.board("Intro\n## A\n\n- a\n\n## B\n\n## C\n\n- c\n\n%% footer %%\n")
    #expect {
      try document.removeColumn(0)
    } throws: { ($0 as? BoardEditError)?.kind == .columnNotEmpty }
    try document.removeColumn(1)
    #expect(Self.text(document) == "Intro\n## A\n\n- a\n\n\n## C\n\n- c\n\n%% footer %%\n")
    let c = try Self.card("c", in: document)
    try document.removeColumn(1, withCards: true)
    #expect(Self.text(document) == "Intro\n## A\n\n- a\n\n\n\n%% footer %%\n")
    #expect(document.card(c) == nil)
    try document.removeColumn(0, withCards: true)
    #expect(Self.text(document) == "Intro\n\n\n\n%% footer %%\n")
    #expect(document.columns.isEmpty)
  }

  @Test("Moving columns moves their cards and lines; the footer and archive stay put")
  func moveColumns() throws {
    let source =
      "---\nkanban-plugin: board\n---\n\n## A\n\n- a\n  > about a\n\n## B\n\nText of B.\n\n- b\n\n"
      + "## C\n\n- c\n\n***\n\n## Archive\n\n- [x] old\n\n%% kanban:settings\n%%\n"
    var document = try Self.board(source)
    try document.moveColumn(2, to: 0)
    #expect(document.columns.map(\.title) == ["C", "A", "B"])
    #expect(
      Self.text(document)
        == "---\nkanban-plugin: board\n---\n\n## C\n\n- c\n\n## A\n\n- a\n  > about a\n\n## B\n\n"
        + "Text of B.\n\n- b\n\n***\n\n## Archive\n\n- [x] old\n\n%% kanban:settings\n%%\n")
    let a = try Self.card("a", in: document)
    #expect(document.location(of: a)?.column == 1)
    try document.moveColumn(0, to: 2)
    #expect(Self.text(document) == source)
    #expect(throws: BoardEditError.self) { try document.moveColumn(0, to: 3) }
  }
}
