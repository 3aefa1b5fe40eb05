import ArrangeBoard
import Testing

/// Parses `text` as a board.
private func board(_ text: String) throws -> BoardDocument {
  try BoardDocument.parse(Array(text.utf8))
}

/// The document's bytes as text.
private func text(_ document: BoardDocument) -> String {
  String(decoding: document.serialized(), as: UTF8.self)
}

/// The id of the card titled `title`.
private func id(_ title: String, in document: BoardDocument) throws -> CardID {
  let card = document.columns.lazy.flatMap(\.cards).first { $0.title == title }
  return try #require(card, "no card titled \(title)").id
}

/// Each column's card titles.
private func titles(_ document: BoardDocument) -> [[String]] {
  document.columns.map { $0.cards.map(\.title) }
}

@Suite struct BoardDocumentTests {
  static let example = """
    # My board

    ## To Do

    - Write the README
        > A short tour with the keys
        * [ ] screenshot
    - Fix the bug

    ## Done

    - Set up CI

    """

  // MARK: - Parsing

  @Test("The example board parses into columns, cards and detail lines")
  func parseExample() throws {
    let document = try board(Self.example)
    #expect(document.columns.map(\.title) == ["To Do", "Done"])
    #expect(titles(document) == [["Write the README", "Fix the bug"], ["Set up CI"]])
    let readme = document.columns[0].cards[0]
    #expect(readme.details == ["> A short tour with the keys", "* [ ] screenshot"])
    #expect(document.columns[0].cards[1].details == [])
    #expect(document.columns.flatMap(\.cards).map(\.id) == [CardID(0), CardID(1), CardID(2)])
    #expect(text(document) == Self.example)
  }

  @Test("Cards are found by id with their column and index")
  func lookUp() throws {
    let document = try board(Self.example)
    let fix = try id("Fix the bug", in: document)
    #expect(document.location(of: fix)?.column == 0)
    #expect(document.location(of: fix)?.index == 1)
    #expect(document.card(fix)?.title == "Fix the bug")
    #expect(document.card(CardID(99)) == nil)
    #expect(document.location(of: CardID(99)) == nil)
  }

  @Test("Headings, cards and other lines are told apart")
  func lineKinds() throws {
    let source = """
      Some notes before the columns
      #Not a heading
      ### Not a column
      ##\tTabbed  Column\t
      ###Nor this
      -not a card
      --- a rule
      **bold text**
      * Star card
        - indented, a detail
      \t* [x] tabbed detail
      ##  Second  
      -   Spaced   title   
      """
    let document = try board(source)
    #expect(document.columns.map(\.title) == ["Tabbed  Column", "Second"])
    #expect(titles(document) == [["Star card"], ["Spaced   title"]])
    #expect(
      document.columns[0].cards[0].details == ["- indented, a detail", "* [x] tabbed detail"])
    #expect(text(document) == source)
  }

  @Test("Detail lines are the indented non-blank lines up to the first line at the left margin")
  func detailLines() throws {
    let source =
      "## A\n- Card\n    > one  \n\n  \t\n\ttwo\n### heading\n   \n\tdone\nplain text\n- Next\n"
    let document = try board(source)
    #expect(document.columns[0].cards[0].details == ["> one", "two"])
    #expect(text(document) == source)
  }

  @Test("A UTF-8 byte order mark does not hide a heading on the first line")
  func byteOrderMark() throws {
    let source: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("## Ä\n- Ü\n".utf8)
    let document = try BoardDocument.parse(source)
    #expect(titles(document) == [["Ü"]])
    #expect(document.columns.map(\.title) == ["Ä"])
    #expect(document.serialized() == source)
  }

  @Test("An empty file is an empty board")
  func emptyFile() throws {
    let document = try BoardDocument.parse([])
    #expect(document.columns.isEmpty)
    #expect(document.serialized() == [])
    #expect(document == BoardDocument())
  }

  @Test("A title with trailing spaces round-trips; the title itself is trimmed")
  func trailingSpaces() throws {
    let source = "## To Do\n-  Padded title   \n- Tab\t\n"
    let document = try board(source)
    #expect(titles(document) == [["Padded title", "Tab"]])
    #expect(text(document) == source)
  }

  @Test("Unicode titles: accents, CJK, emoji and ZWJ sequences")
  func unicode() throws {
    let source = "## 列 ✅\n- Émile’s café ☕️\n- 日本語のタスク\n- 👩‍👩‍👧 family\n- e\u{301}t\u{E9}\n"
    let document = try board(source)
    #expect(document.columns[0].title == "列 ✅")
    #expect(
      titles(document)[0] == ["Émile’s café ☕️", "日本語のタスク", "👩‍👩‍👧 family", "e\u{301}t\u{E9}"])
    #expect(text(document) == source)
  }

  // MARK: - Parse errors

  struct BadFile: Sendable, CustomStringConvertible {
    var bytes: [UInt8]
    var kind: BoardParseError.Kind
    var line: Int
    var description: String { "\(kind) at line \(line)" }

    init(_ text: String, _ kind: BoardParseError.Kind, line: Int) {
      self.init(Array(text.utf8), kind, line: line)
    }

    init(_ bytes: [UInt8], _ kind: BoardParseError.Kind, line: Int) {
      self.bytes = bytes
      self.kind = kind
      self.line = line
    }
  }

  static let badFiles: [BadFile] = [
    BadFile("## To Do\n- Fine\n- Also fine\n##\n", .emptyColumnName, line: 4),
    BadFile("# Title\n##   \n", .emptyColumnName, line: 2),
    BadFile("##\t\r\n", .emptyColumnName, line: 1),
    BadFile(
      Array("## A\n- ok\n- bad ".utf8) + [0xFF] + Array("\n- after\n".utf8), .invalidUTF8, line: 3),
    BadFile(Array("## A\n".utf8) + [0xC3], .invalidUTF8, line: 2),
    BadFile(Array("## A\n- a\n".utf8) + [0xED, 0xA0, 0x80, 0x0A], .invalidUTF8, line: 3),
    BadFile(Array("## A\n\n- a".utf8) + [0x00] + Array("\n".utf8), .binary, line: 3),
    BadFile([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00], .binary, line: 3),
  ]

  @Test("Each kind of unparsable file names its line", arguments: badFiles)
  func parseErrors(_ file: BadFile) {
    #expect {
      _ = try BoardDocument.parse(file.bytes)
    } throws: { error in
      guard let error = error as? BoardParseError else { return false }
      return error.kind == file.kind && error.line == file.line
        && error.message.hasPrefix("line \(file.line)") && error.description == error.message
    }
  }

  @Test("The messages of parse errors read as sentences")
  func parseErrorMessages() throws {
    func message(_ text: String) -> String? {
      do {
        _ = try BoardDocument.parse(Array(text.utf8))
        return nil
      } catch {
        return error.message
      }
    }
    #expect(message("### A\n###\n") == "line 2: a column needs a name after \"### \".")
    #expect(message("## A\n##\n") == "line 2: a column needs a name after \"## \".")
  }

  @Test("A file over 16 MiB is refused as too large; exactly 16 MiB is read")
  func tooLarge() throws {
    let limit = 16 * 1024 * 1024
    #expect(BoardDocument.maximumSize == limit)
    var bytes = Array("## A\n- a\n".utf8)
    bytes += [UInt8](repeating: UInt8(ascii: "x"), count: limit - bytes.count)
    let document = try BoardDocument.parse(bytes)
    #expect(document.serialized().count == limit)
    bytes.append(UInt8(ascii: "x"))
    #expect {
      _ = try BoardDocument.parse(bytes)
    } throws: { error in
      (error as? BoardParseError)?.kind == .tooLarge && (error as? BoardParseError)?.line == 0
    }
  }

  // MARK: - Moving

  @Test("Moving a card down within its column moves its detail lines with it")
  func moveWithinColumn() throws {
    var document = try board(Self.example)
    try document.moveCard(try id("Write the README", in: document), toColumn: 0, index: 1)
    #expect(
      text(document) == """
        # My board

        ## To Do

        - Fix the bug
        - Write the README
            > A short tour with the keys
            * [ ] screenshot

        ## Done

        - Set up CI

        """)
  }

  @Test("Moving a card to another column puts it at the index, before the column's blank lines")
  func moveAcrossColumns() throws {
    var document = try board(Self.example)
    try document.moveCard(try id("Write the README", in: document), toColumn: 1, index: 1)
    #expect(
      text(document) == """
        # My board

        ## To Do

        - Fix the bug

        ## Done

        - Set up CI
        - Write the README
            > A short tour with the keys
            * [ ] screenshot

        """)
    try document.moveCard(try id("Set up CI", in: document), toColumn: 0, index: 0)
    #expect(
      text(document) == """
        # My board

        ## To Do

        - Set up CI
        - Fix the bug

        ## Done

        - Write the README
            > A short tour with the keys
            * [ ] screenshot

        """)
  }

  @Test("Moving the last card of a column keeps the blank line before the next heading")
  func moveLastCardOfColumn() throws {
    var document = try board(Self.example)
    try document.moveCard(try id("Fix the bug", in: document), toColumn: 0, index: 0)
    #expect(
      text(document) == """
        # My board

        ## To Do

        - Fix the bug
        - Write the README
            > A short tour with the keys
            * [ ] screenshot

        ## Done

        - Set up CI

        """)
    try document.moveCard(try id("Write the README", in: document), toColumn: 1, index: 0)
    #expect(
      text(document) == """
        # My board

        ## To Do

        - Fix the bug

        ## Done

        - Write the README
            > A short tour with the keys
            * [ ] screenshot
        - Set up CI

        """)
  }

  @Test("A blank line inside a column travels with the card above it")
  func blankLineBetweenCards() throws {
    var document = try board("## A\n- one\n\n- two\n\n## B\n- three\n")
    try document.moveCard(try id("one", in: document), toColumn: 1, index: 1)
    #expect(text(document) == "## A\n- two\n\n## B\n- three\n- one\n\n")
    try document.moveCard(try id("one", in: document), toColumn: 0, index: 0)
    #expect(text(document) == "## A\n- one\n\n- two\n\n## B\n- three\n")
  }

  @Test("Moving into an empty column: after its lead lines, or after the blank line under it")
  func moveIntoEmptyColumn() throws {
    let source = "## To Do\n\n- Alpha\n- Beta\n\n## Doing\n> WIP limit 2\n\n## Done\n\n"
    var document = try board(source)
    try document.moveCard(try id("Beta", in: document), toColumn: 1, index: 0)
    #expect(
      text(document) == "## To Do\n\n- Alpha\n\n## Doing\n> WIP limit 2\n- Beta\n\n## Done\n\n")
    try document.moveCard(try id("Alpha", in: document), toColumn: 2, index: 0)
    #expect(
      text(document) == "## To Do\n\n\n## Doing\n> WIP limit 2\n- Beta\n\n## Done\n\n- Alpha\n")
    #expect(titles(document) == [[], ["Beta"], ["Alpha"]])
  }

  @Test("Moving the last line of a file without a final line break never glues lines")
  func moveLastLineWithoutTerminator() throws {
    var document = try board("## A\n- one\n- two\n## B\n- three")
    try document.moveCard(try id("three", in: document), toColumn: 0, index: 0)
    #expect(text(document) == "## A\n- three\n- one\n- two\n## B\n")
    try document.moveCard(try id("three", in: document), toColumn: 1, index: 0)
    #expect(text(document) == "## A\n- one\n- two\n## B\n- three")

    var crlf = try board("## A\r\n- one\r\n## B\r\n- two")
    try crlf.moveCard(try id("two", in: crlf), toColumn: 0, index: 1)
    #expect(text(crlf) == "## A\r\n- one\r\n- two\r\n## B\r\n")
  }

  @Test("Edits of a \\r\\n file keep \\r\\n line breaks")
  func crlf() throws {
    let source =
      "# B\r\n\r\n## To Do\r\n\r\n- One\r\n    > note\r\n- Two\r\n\r\n## Done\r\n\r\n- Three\r\n"
    var document = try board(source)
    #expect(text(document) == source)
    #expect(document.columns[0].cards[0].details == ["> note"])
    try document.moveCard(try id("One", in: document), toColumn: 1, index: 1)
    try document.addCard(title: "Four", toColumn: 0, at: nil)
    try document.setTitle("Deux", of: try id("Two", in: document))
    #expect(
      text(document)
        == "# B\r\n\r\n## To Do\r\n\r\n- Deux\r\n- Four\r\n\r\n## Done\r\n\r\n- Three\r\n- One\r\n"
        + "    > note\r\n")
  }

  @Test("A file with classic Mac line breaks (\\r alone) reads as columns; edits keep \\r")
  func carriageReturnOnly() throws {
    let source = "# B\r\r## To Do\r\r- One\r    > note\r- Two\r\r## Done\r\r- Three\r"
    var document = try board(source)
    #expect(text(document) == source)
    #expect(document.columns.map(\.title) == ["To Do", "Done"])
    #expect(document.columns.map { $0.cards.map(\.title) } == [["One", "Two"], ["Three"]])
    #expect(document.columns[0].cards[0].details == ["> note"])
    try document.moveCard(try id("One", in: document), toColumn: 1, index: 1)
    try document.addCard(title: "Four", toColumn: 0, at: nil)
    #expect(
      text(document)
        == "# B\r\r## To Do\r\r- Two\r- Four\r\r## Done\r\r- Three\r- One\r    > note\r")
  }

  @Test("A NUL byte in a \\r file is reported on its own line")
  func carriageReturnNulLine() throws {
    #expect(throws: BoardParseError.self) { try board("## A\r- one\r- t\u{0}wo\r") }
    do {
      _ = try board("## A\r- one\r- t\u{0}wo\r")
    } catch let error as BoardParseError {
      #expect(error.line == 3)
    }
  }

  @Test("A file mixing line breaks keeps each line's own; new lines take the first one")
  func mixedLineBreaks() throws {
    let source = "## A\r\n- one\n- two\r\n"
    var document = try board(source)
    #expect(text(document) == source)
    try document.addCard(title: "three", toColumn: 0, at: 0)
    try document.moveCard(try id("two", in: document), toColumn: 0, index: 0)
    #expect(text(document) == "## A\r\n- two\r\n- three\r\n- one\n")
  }

  @Test("Moving errors: unknown card, unknown column, index out of range; nothing changes")
  func moveErrors() throws {
    let original = try board(Self.example)
    var document = original
    let fix = try id("Fix the bug", in: document)
    #expect(throws: BoardEditError.self) {
      try document.moveCard(CardID(42), toColumn: 0, index: 0)
    }
    func kind(_ body: (inout BoardDocument) throws(BoardEditError) -> Void) -> BoardEditError.Kind?
    {
      do {
        try body(&document)
        return nil
      } catch {
        return error.kind
      }
    }
    #expect(
      kind { d throws(BoardEditError) in try d.moveCard(CardID(42), toColumn: 0, index: 0) }
        == .unknownCard)
    #expect(
      kind { d throws(BoardEditError) in try d.moveCard(fix, toColumn: 2, index: 0) }
        == .unknownColumn)
    #expect(
      kind { d throws(BoardEditError) in try d.moveCard(fix, toColumn: -1, index: 0) }
        == .unknownColumn)
    // Within its own column the card leaves one other card: indices 0...1.
    #expect(
      kind { d throws(BoardEditError) in try d.moveCard(fix, toColumn: 0, index: 2) }
        == .indexOutOfRange)
    #expect(
      kind { d throws(BoardEditError) in try d.moveCard(fix, toColumn: 0, index: -1) }
        == .indexOutOfRange)
    #expect(
      kind { d throws(BoardEditError) in try d.moveCard(fix, toColumn: 1, index: 2) }
        == .indexOutOfRange)
    #expect(document == original)
    #expect(kind { d throws(BoardEditError) in try d.moveCard(fix, toColumn: 1, index: 1) } == nil)
    #expect(titles(document) == [["Write the README"], ["Set up CI", "Fix the bug"]])
  }

  @Test("Every move in a small board lands where the index says (exhaustive for n ≤ 3)")
  func exhaustiveMoves() throws {
    for first in 0...3 {
      for second in 0...3 {
        var source = "# Board\n\n## A\n\n"
        source += (0..<first).map { "- a\($0)\n    > detail a\($0)\n" }.joined() + "\n## B\n\n"
        source += (0..<second).map { "- b\($0)\n" }.joined()
        let original = try board(source)
        let model = titles(original)
        for (column, content) in model.enumerated() {
          for (index, title) in content.enumerated() {
            for target in 0..<2 {
              let count = model[target].count - (target == column ? 1 : 0)
              for destination in 0...count {
                var document = original
                var expected = model
                expected[column].remove(at: index)
                expected[target].insert(title, at: destination)
                try document.moveCard(
                  try id(title, in: document), toColumn: target, index: destination)
                #expect(titles(document) == expected, "\(title) to \(target),\(destination)")
                #expect(titles(try BoardDocument.parse(document.serialized())) == expected)
                #expect(
                  document.card(try id(title, in: document))?.details.count == (column == 0 ? 1 : 0)
                )
                try document.moveCard(try id(title, in: document), toColumn: column, index: index)
                #expect(document.serialized() == original.serialized())
              }
            }
          }
        }
      }
    }
  }

  // MARK: - Exchanging

  @Test("Exchanging two cards of different columns swaps their blocks")
  func exchangeAcrossColumns() throws {
    var document = try board(Self.example)
    try document.exchangeCards(
      try id("Write the README", in: document), try id("Set up CI", in: document))
    #expect(
      text(document) == """
        # My board

        ## To Do

        - Set up CI
        - Fix the bug

        ## Done

        - Write the README
            > A short tour with the keys
            * [ ] screenshot

        """)
  }

  @Test("Exchanging two cards of one column; exchanging a card with itself does nothing")
  func exchangeWithinColumn() throws {
    var document = try board("## A\n- one\n  > 1\n- two\n- three\n")
    try document.exchangeCards(try id("three", in: document), try id("one", in: document))
    #expect(text(document) == "## A\n- three\n- two\n- one\n  > 1\n")
    let before = document
    try document.exchangeCards(try id("two", in: document), try id("two", in: document))
    #expect(document == before)
    #expect(throws: BoardEditError.self) {
      try document.exchangeCards(try id("two", in: document), CardID(77))
    }
    #expect(document == before)
  }

  // MARK: - Adding

  @Test("Adding a card at an index, at the end, and into an empty column")
  func addCards() throws {
    var document = try board("## To Do\n\n- One\n\n## Done\n\n")
    let first = try document.addCard(title: "Zero", toColumn: 0, at: 0)
    let second = try document.addCard(title: "Two", toColumn: 0, at: nil)
    let third = try document.addCard(title: "Shipped", toColumn: 1, at: nil)
    #expect(
      text(document) == "## To Do\n\n- Zero\n- One\n- Two\n\n## Done\n\n- Shipped\n")
    #expect(first == CardID(1))
    #expect(second == CardID(2))
    #expect(third == CardID(3))
    #expect(document.card(third) == BoardCard(id: third, title: "Shipped", details: []))
    try document.removeCard(first)
    let fourth = try document.addCard(title: "Again", toColumn: 1, at: 0)
    #expect(fourth == CardID(4))
  }

  @Test("Adding to a file without a final line break ends the old last line first")
  func addAfterUnterminatedLine() throws {
    var document = try board("## A\n- one")
    try document.addCard(title: "two", toColumn: 0, at: nil)
    #expect(text(document) == "## A\n- one\n- two\n")
    var bare = try board("## A")
    try bare.addCard(title: "first", toColumn: 0, at: nil)
    #expect(text(bare) == "## A\n- first\n")
  }

  @Test("New titles are trimmed and control characters become spaces; empty titles are refused")
  func cleanTitles() throws {
    var document = try board("## A\n")
    let card = try document.addCard(title: "  line one\nline\ttwo\r\u{7}  ", toColumn: 0, at: nil)
    #expect(document.card(card)?.title == "line one line two")
    #expect(text(document) == "## A\n- line one line two\n")
    for empty in ["", "   ", "\n\t\r", " \u{0} "] {
      #expect(throws: BoardEditError(kind: .emptyTitle, message: "A card needs a title.")) {
        try document.addCard(title: empty, toColumn: 0, at: nil)
      }
      #expect(throws: BoardEditError.self) { try document.setTitle(empty, of: card) }
    }
    #expect(text(document) == "## A\n- line one line two\n")
  }

  @Test("Adding errors: unknown column, index out of range")
  func addErrors() throws {
    var document = try board(Self.example)
    let original = document
    #expect {
      try document.addCard(title: "x", toColumn: 5, at: nil)
    } throws: { ($0 as? BoardEditError)?.kind == .unknownColumn }
    #expect {
      try document.addCard(title: "x", toColumn: 0, at: 3)
    } throws: { ($0 as? BoardEditError)?.kind == .indexOutOfRange }
    #expect {
      try document.addCard(title: "x", toColumn: 1, at: -1)
    } throws: { ($0 as? BoardEditError)?.kind == .indexOutOfRange }
    #expect(document == original)
    var empty = BoardDocument()
    #expect {
      try empty.addCard(title: "x", toColumn: 0, at: nil)
    } throws: { ($0 as? BoardEditError)?.kind == .unknownColumn }
  }

  // MARK: - Retitling and removing

  @Test("Setting a title keeps the * marker, the detail lines and the line break")
  func setTitleKeepsMarker() throws {
    var document = try board("## A\r\n*   Old title  \r\n    > kept\r\n- Other")
    try document.setTitle(" New\ttitle ", of: try id("Old title", in: document))
    #expect(text(document) == "## A\r\n* New title\r\n    > kept\r\n- Other")
    try document.setTitle("Last", of: try id("Other", in: document))
    #expect(text(document) == "## A\r\n* New title\r\n    > kept\r\n- Last")
    #expect(document.columns[0].cards[0].details == ["> kept"])
  }

  @Test("Setting the title a card already has leaves its line as it is")
  func setSameTitle() throws {
    let source = "## A\n-  Same   \n"
    var document = try board(source)
    let before = document
    try document.setTitle("Same ", of: try id("Same", in: document))
    #expect(document == before)
    #expect(text(document) == source)
    #expect {
      try document.setTitle("x", of: CardID(9))
    } throws: { ($0 as? BoardEditError)?.kind == .unknownCard }
  }

  @Test("Removing a card removes its detail lines and keeps the column's blank lines")
  func removeCards() throws {
    var document = try board(Self.example)
    try document.removeCard(try id("Write the README", in: document))
    #expect(
      text(document) == """
        # My board

        ## To Do

        - Fix the bug

        ## Done

        - Set up CI

        """)
    try document.removeCard(try id("Fix the bug", in: document))
    #expect(text(document) == "# My board\n\n## To Do\n\n\n## Done\n\n- Set up CI\n")
    #expect {
      try document.removeCard(CardID(0))
    } throws: { ($0 as? BoardEditError)?.kind == .unknownCard }
  }

  // MARK: - Sample and identifiers

  @Test("The sample board: three columns of three tasks, details, a long title and Unicode")
  func sample() throws {
    let sample = BoardDocument.sample
    #expect(sample.columns.map(\.title) == ["To Do", "In Progress", "Done"])
    #expect(sample.columns.map(\.cards.count) == [3, 3, 3])
    let cards = sample.columns.flatMap(\.cards)
    #expect(cards.contains { !$0.details.isEmpty })
    #expect(cards.contains { $0.title.count > 60 })
    #expect(cards.contains { $0.title.unicodeScalars.contains { $0.value > 0x2000 } })
    let bytes = sample.serialized()
    #expect(String(decoding: bytes, as: UTF8.self).hasPrefix("## To Do\n\n- "))
    #expect(try BoardDocument.parse(bytes) == sample)
    #expect(sample != BoardDocument())
  }

  @Test("Card identifiers order by number and print as #n")
  func cardIDs() {
    #expect(CardID(1) < CardID(2))
    #expect(!(CardID(2) < CardID(2)))
    #expect(CardID(7).description == "#7")
    #expect(CardID(7).rawValue == 7)
  }

  @Test("Error values print their messages")
  func errorDescriptions() {
    let edit = BoardEditError(kind: .unknownCard, message: "No card.")
    #expect(edit.description == "No card.")
    let parse = BoardParseError(kind: .binary, line: 2, message: "line 2: binary.")
    #expect(parse.description == "line 2: binary.")
  }
}

@Suite struct BoardLineBreakTests {
  @Test("A line ending in a lone \\r moved before an empty \\n line keeps both lines")
  func carriageReturnBeforeEmptyLine() throws {
    // "- b\r" ends the file; "- a" is followed by an empty line ending in \n.
    var document = try BoardDocument.parse(Array("## A\n- a\n\n\r\n## B\n- b\r".utf8))
    try document.exchangeCards(CardID(0), CardID(1))
    let bytes = document.serialized()
    #expect(String(decoding: bytes, as: UTF8.self) == "## A\n- b\r\n\n\r\n## B\n- a\n")
    let reread = try BoardDocument.parse(bytes)
    #expect(reread.columns.map { $0.cards.map(\.title) } == [["b"], ["a"]])
    #expect(reread.serialized() == bytes)
  }
}
