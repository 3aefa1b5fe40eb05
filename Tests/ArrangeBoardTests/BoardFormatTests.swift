import ArrangeBoard
import Testing

/// Whether taskell (with its default settings) reads `text`, written from its Markdown grammar:
/// optional whitespace, then one or more lists, each a `## ` title line (whitespace around it
/// skipped) followed by tasks; a task is a `- ` line, an optional `    @ ` due line, `    > `
/// description lines and `    * [ ] `/`    * [x] ` subtask lines, in that order; then only
/// whitespace to the end.
func taskellAccepts(_ text: String) -> Bool {
  var rest = Substring(text)
  func skipSpace() { rest = rest.drop { $0.isWhitespace } }
  func take(_ prefix: String) -> Bool {
    guard rest.hasPrefix(prefix) else { return false }
    rest = rest.dropFirst(prefix.count)
    return true
  }
  func line() {
    if let end = rest.firstIndex(where: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }) {
      rest = rest[rest.index(after: end)...]
    } else {
      rest = rest[rest.endIndex...]
    }
  }
  var lists = 0
  while true {
    skipSpace()
    guard take("## ") else { break }
    line()
    skipSpace()
    lists += 1
    while take("- ") {
      line()
      if take("    @ ") { line() }
      while take("    > ") { line() }
      while take("    * [ ] ") || take("    * [x] ") { line() }
    }
  }
  skipSpace()
  return lists > 0 && rest.isEmpty
}

@Suite struct BoardFormatTests {
  static func board(_ text: String) throws -> BoardDocument {
    try BoardDocument.parse(Array(text.utf8))
  }

  static func text(_ document: BoardDocument) -> String {
    String(decoding: document.serialized(), as: UTF8.self)
  }

  static func titles(_ document: BoardDocument) -> [[String]] {
    document.columns.map { $0.cards.map(\.title) }
  }

  static func move(
    _ card: String, to column: String, position: Int? = nil, nth: Int? = nil,
    from: String? = nil, in text: String
  ) throws -> String {
    var document = try board(text)
    _ = try BoardCommand.move(
      card, toColumn: column, position: position, nth: nth, from: from, in: &document)
    return Self.text(document)
  }

  // MARK: - Obsidian Kanban boards

  static let settings = "%% kanban:settings\n```\n{\"kanban-plugin\":\"board\"}\n```\n%%\n"
  static let frontMatter = "---\n\nkanban-plugin: board\n\n---\n\n"
  /// The board of the report: two lanes, blank lines, and the settings footer.
  static let obsidian =
    frontMatter + "## To Do\n\n- [ ] a\n\n\n## Done\n\n- [x] b\n\n\n\n\n" + settings

  @Test("Obsidian: a card moved to the last lane lands above the settings footer")
  func obsidianMoveToLastLane() throws {
    let document = try Self.board(Self.obsidian)
    #expect(document.isObsidianKanban)
    #expect(Self.titles(document) == [["a"], ["b"]])
    #expect(document.columns[0].cards[0].checkbox == false)
    #expect(document.columns[1].cards[0].checkbox == true)
    #expect(
      try Self.move("[ ] a", to: "Done", in: Self.obsidian)
        == Self.frontMatter + "## To Do\n\n\n\n## Done\n\n- [x] b\n- [ ] a\n\n\n\n\n"
        + Self.settings)
  }

  @Test("Obsidian: the last lane's card moves without the settings footer")
  func obsidianMoveOutOfLastLane() throws {
    #expect(
      try Self.move("[x] b", to: "To Do", in: Self.obsidian)
        == Self.frontMatter + "## To Do\n\n- [ ] a\n- [x] b\n\n\n## Done\n\n\n\n\n\n"
        + Self.settings)
  }

  @Test("Obsidian: a card added to the last lane gets a checkbox, above the footer")
  func obsidianAddToLastLane() throws {
    var document = try Self.board(Self.obsidian)
    let id = try document.addCard(title: "c", toColumn: 1, at: nil)
    #expect(
      Self.text(document)
        == Self.frontMatter + "## To Do\n\n- [ ] a\n\n\n## Done\n\n- [x] b\n- [ ] c\n\n\n\n\n"
        + Self.settings)
    #expect(document.card(id)?.title == "c")
    #expect(document.card(id)?.checkbox == false)
  }

  static let archived =
    frontMatter
    + "## To Do\n\n- [ ] a\n\n\n## Done\n\n**Complete**\n- [x] b\n\n***\n\n## Archive\n\n"
    + "- [x] old\n\n" + settings

  @Test("Obsidian: the archive is no lane, and it and its rule stay put whatever moves")
  func obsidianArchive() throws {
    let document = try Self.board(Self.archived)
    #expect(document.columns.map(\.title) == ["To Do", "Done"])
    #expect(document.archive.map(\.title) == ["old"])
    #expect(document.columns[1].marksComplete)
    #expect(!document.columns[0].marksComplete)
    // Into the Complete lane: ticked; out of it: unticked.
    let done = try Self.move("a", to: "Done", in: Self.archived)
    #expect(
      done
        == Self.frontMatter
        + "## To Do\n\n\n\n## Done\n\n**Complete**\n- [x] b\n- [x] a\n\n***\n\n## Archive\n\n"
        + "- [x] old\n\n" + Self.settings)
    let back = try Self.move("b", to: "To Do", in: Self.archived)
    #expect(
      back
        == Self.frontMatter
        + "## To Do\n\n- [ ] a\n- [ ] b\n\n\n## Done\n\n**Complete**\n\n***\n\n## Archive\n\n"
        + "- [x] old\n\n" + Self.settings)
    // Into the now empty Complete lane: under its marker, above the archive's rule.
    #expect(try Self.move("b", to: "Done", in: back) == Self.archived)
    // The archive is not a column to move to, and its cards are not cards to move.
    #expect(throws: BoardCommandError.self) { try Self.move("a", to: "Archive", in: Self.archived) }
    #expect(throws: BoardCommandError.self) { try Self.move("old", to: "To Do", in: Self.archived) }
  }

  @Test("Obsidian: a lane's card limit is shown apart from its title and refuses a drop over it")
  func obsidianLimit() throws {
    let text = Self.frontMatter + "## To Do\n\n- [ ] a\n- [ ] b\n\n## Doing (1)\n\n- [ ] c\n\n"
    var document = try Self.board(text)
    #expect(document.columns.map(\.title) == ["To Do", "Doing"])
    #expect(document.columns.map(\.limit) == [nil, 1])
    let before = document
    #expect {
      try document.moveCard(document.columns[0].cards[0].id, toColumn: 1, index: 0)
    } throws: { error in
      guard let error = error as? BoardEditError else { return false }
      return error.kind == .columnFull && error.message.contains("at most 1 card")
    }
    #expect(document == before)
    #expect(throws: BoardCommandError.self) { try Self.move("a", to: "Doing", in: text) }
    #expect(throws: BoardEditError.self) { try document.addCard(title: "d", toColumn: 1, at: nil) }
    // Within the lane, and by its full heading, it still moves.
    #expect(try Self.move("c", to: "Doing (1)", position: 1, in: text) == text)
    // Outside an Obsidian board, a number in brackets is part of the title.
    let plain = try Self.board("## Top (3)\n- a\n")
    #expect(plain.columns[0].title == "Top (3)")
    #expect(plain.columns[0].limit == nil)
  }

  // MARK: - Lines that belong to no card

  static let loose =
    "## A\n\n- one\n+ plus\n* star\n### Notes\nSome prose.\n```\n## x\n- y\n```\n- two\n  detail\n\n"
    + "## B\n\n- three\n"

  @Test("Only indented lines belong to a card; prose, headings and fences stay in place")
  func looseLines() throws {
    let document = try Self.board(Self.loose)
    #expect(Self.titles(document) == [["one", "plus", "star", "two"], ["three"]])
    #expect(document.columns[0].cards.map(\.details) == [[], [], [], ["detail"]])
    #expect(
      try Self.move("two", to: "B", position: 1, in: Self.loose)
        == "## A\n\n- one\n+ plus\n* star\n### Notes\nSome prose.\n```\n## x\n- y\n```\n\n"
        + "## B\n\n- two\n  detail\n- three\n")
    #expect(
      try Self.move("three", to: "A", position: 1, in: Self.loose)
        == "## A\n\n- three\n- one\n+ plus\n* star\n### Notes\nSome prose.\n```\n## x\n- y\n```\n"
        + "- two\n  detail\n\n## B\n\n")
    #expect(
      try Self.move("star", to: "A", in: Self.loose)
        == "## A\n\n- one\n+ plus\n### Notes\nSome prose.\n```\n## x\n- y\n```\n- two\n  detail\n"
        + "* star\n\n## B\n\n- three\n")
  }

  @Test("A card moved past a fence leaves the fence closed; an indented fence is the card's")
  func fences() throws {
    let text = "## A\n- one\n```\ncode\n```\n## B\n- two\n"
    let first = try Self.move("two", to: "A", position: 1, in: text)
    #expect(first == "## A\n- two\n- one\n```\ncode\n```\n## B\n")
    #expect(
      try Self.move("one", to: "B", in: first) == "## A\n- two\n```\ncode\n```\n## B\n- one\n")
    let indented = "## A\n- one\n    ```\n## not a column\n    ```\n- two\n~~~\n- no\n~~~\n"
    let document = try Self.board(indented)
    #expect(Self.titles(document) == [["one", "two"]])
    #expect(
      try Self.move("one", to: "A", in: indented)
        == "## A\n- two\n- one\n    ```\n## not a column\n    ```\n~~~\n- no\n~~~\n")
  }

  @Test("Thematic breaks are not cards")
  func rules() throws {
    let document = try Self.board("## A\n- one\n- - -\n* * *\n***\n___\n---\n- two\n")
    #expect(Self.titles(document) == [["one", "two"]])
  }

  // MARK: - Files other tools accept

  @Test("Front matter holding a YAML list is read and kept")
  func yamlFrontMatter() throws {
    let text = "---\ntags:\n- project\n- board\n---\n\n## To Do\n\n- a\n\n## Done\n"
    let document = try Self.board(text)
    #expect(Self.titles(document) == [["a"], []])
    #expect(!document.isObsidianKanban)
    #expect(
      try Self.move("a", to: "Done", in: text)
        == "---\ntags:\n- project\n- board\n---\n\n## To Do\n\n\n## Done\n- a\n")
  }

  @Test("A task whose name was cleared is a card with no title")
  func emptyCards() throws {
    let text = "## To Do\n- \n- [ ]\n-\n## Done\n"
    let document = try Self.board(text)
    #expect(Self.titles(document) == [["", "", ""], []])
    #expect(document.columns[0].cards.map(\.checkbox) == [nil, false, nil])
    #expect(Self.text(document) == text)
    var moved = document
    try moved.moveCard(document.columns[0].cards[0].id, toColumn: 1, index: 0)
    #expect(Self.text(moved) == "## To Do\n- [ ]\n-\n## Done\n- \n")
  }

  @Test("Boards whose columns are ### or # headings")
  func otherHeadingLevels() throws {
    let todo =
      "# Project\n\nAbout it.\n\n### Todo\n\n- [ ] Write\n\n### In Progress\n\n### Done ✓\n\n"
      + "- [x] Start\n"
    let document = try Self.board(todo)
    #expect(document.columns.map(\.title) == ["Todo", "In Progress", "Done ✓"])
    #expect(document.headingLevel == 3)
    #expect(
      try Self.move("Write", to: "In Progress", in: todo)
        == "# Project\n\nAbout it.\n\n### Todo\n\n\n### In Progress\n\n- [ ] Write\n### Done ✓\n\n"
        + "- [x] Start\n")
    let single = try Self.board("# A\n- x\n# B\n")
    #expect(single.columns.map(\.title) == ["A", "B"])
    // With ## columns, a ### heading is text inside a column.
    let mixed = try Self.board("# Title\n## A\n### Sub\n- x\n")
    #expect(mixed.columns.map(\.title) == ["A"])
    #expect(Self.titles(mixed) == [["x"]])
  }

  // MARK: - Naming columns and cards

  static let numbered = "## 2024 plans\n- a\n## Doing\n## Done\n## done\n"

  @Test("--to: an exact name in any case, else a column number; never a part of a name")
  func columnNames() throws {
    #expect(
      try Self.move("a", to: "2", in: Self.numbered)
        == "## 2024 plans\n## Doing\n- a\n## Done\n## done\n")
    #expect(try Self.move("a", to: "DOING", in: Self.numbered).contains("## Doing\n- a\n"))
    #expect(try Self.move("a", to: "done", in: Self.numbered).hasSuffix("## done\n- a\n"))
    #expect {
      try Self.move("a", to: "plans", in: Self.numbered)
    } throws: { ($0 as? BoardCommandError)?.kind == .unknownColumn }
    #expect {
      try Self.move("a", to: "DONE", in: Self.numbered)
    } throws: { error in
      guard let error = error as? BoardCommandError else { return false }
      return error.kind == .ambiguousColumn && error.message.contains("3. “Done”, 4. “done”")
    }
  }

  @Test("Cards of the same title: the error lists them, --nth or --from and a number picks one")
  func duplicateTitles() throws {
    let text = "## A\n- Fix\n  > first\n- Fix\n  > second\n## B\n"
    #expect {
      try Self.move("Fix", to: "B", in: text)
    } throws: { error in
      guard let error = error as? BoardCommandError else { return false }
      return error.kind == .ambiguousCard && error.message.contains("A 1. “Fix”, A 2. “Fix”")
        && error.message.contains("--nth 1 to 2")
    }
    let second = "## A\n- Fix\n  > first\n## B\n- Fix\n  > second\n"
    #expect(try Self.move("Fix", to: "B", nth: 2, in: text) == second)
    #expect(try Self.move("2", to: "B", from: "A", in: text) == second)
    #expect(throws: BoardCommandError.self) { try Self.move("Fix", to: "B", nth: 3, in: text) }
  }

  // MARK: - taskell

  @Test("The taskell grammar check refuses what taskell refuses")
  func taskellCheck() {
    #expect(taskellAccepts("## To Do\n\n- a\n    > b\n    * [ ] c\n\n## Done\n"))
    #expect(!taskellAccepts("# Arrange\n\n## To Do\n"))
    #expect(!taskellAccepts("## To Do\n- a\n\n- b\n"))
    #expect(!taskellAccepts("## To Do\n- a\n    * [ ] c\n    > late description\n"))
  }

  @Test("A board arrange creates is one taskell reads, before and after changes")
  func newBoardsAreTaskellBoards() throws {
    var document = BoardDocument.sample
    #expect(taskellAccepts(Self.text(document)))
    try document.addCard(title: "New", toColumn: 2, at: nil)
    try document.moveCard(document.columns[0].cards[0].id, toColumn: 1, index: 1)
    try document.moveCard(document.columns[1].cards[0].id, toColumn: 2, index: 0)
    #expect(taskellAccepts(Self.text(document)))
  }

  @Test("arrange show prints checkboxes, limits, Complete lanes and the archive apart")
  func outline() throws {
    let text =
      Self.frontMatter + "## Doing (2)\n\n- [ ] a\n\n## Done\n\n**Complete**\n- [x] b\n\n***\n\n"
      + "## Archive\n\n- [x] old\n"
    #expect(
      BoardCommand.outline(of: try Self.board(text))
        == "Doing (1, at most 2)\n  1. [ ] a\n\nDone (1, marks cards done)\n  1. [x] b\n\n"
        + "Archive (1, not a column)\n  1. [x] old\n")
  }
}
