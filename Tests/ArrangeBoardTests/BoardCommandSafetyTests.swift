import ArrangeBoard
import ArrangeTestSupport
import Foundation
import Testing

/// `arrange show` and `arrange move` on hostile boards and arguments, through the real binary and
/// through `BoardCommand`: what they print never acts on the terminal, and the file keeps its
/// bytes.
@Suite(.ownThread) struct BoardCommandSafetyTests {
  typealias Folder = BoardEndToEndTests.Folder

  /// Runs the built `arrange` with `arguments` in `folder`.
  static func arrange(_ arguments: [String], in folder: Folder) throws -> ProcessResult {
    try BoardCommandLineTests.run(try BoardCommandLineTests.arrange(), arguments, in: folder.url)
  }

  /// The characters in `text` that a terminal acts on instead of showing, line breaks aside.
  static func controls(in text: String) -> [Unicode.Scalar] {
    text.unicodeScalars.filter { scalar in
      switch scalar.value {
      case 0x0A: return false
      case 0x00...0x1F, 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069, 0x2028, 0x2029:
        return true
      default: return false
      }
    }
  }

  // MARK: - Terminal escapes

  /// Something a board may hide in a title or a detail line, and how `arrange` prints it.
  struct Escape: Sendable, CustomTestStringConvertible {
    /// What it does on a terminal (the test's name: the raw text would act on the test log).
    var testDescription: String
    var raw: String
    var shown: String
  }

  static let escapes: [Escape] = [
    Escape(
      testDescription: "window title", raw: "\u{1B}]0;owned\u{7}", shown: #"\u{1B}]0;owned\u{7}"#),
    Escape(
      testDescription: "clipboard write", raw: "\u{1B}]52;c;aGVsbG8=\u{7}",
      shown: #"\u{1B}]52;c;aGVsbG8=\u{7}"#),
    Escape(testDescription: "clear screen", raw: "\u{1B}[2J\u{1B}[H", shown: #"\u{1B}[2J\u{1B}[H"#),
    Escape(
      testDescription: "C1 CSI, OSC, ST", raw: "\u{9B}31m\u{9D}0;x\u{9C}",
      shown: #"\u{9B}31m\u{9D}0;x\u{9C}"#),
    Escape(
      testDescription: "bidi override and isolates", raw: "\u{202E}txt.exe\u{2066}\u{2069}",
      shown: #"\u{202E}txt.exe\u{2066}\u{2069}"#),
    Escape(
      testDescription: "backspace, bell, DEL", raw: "a\u{8}b\u{7}c\u{7F}d",
      shown: #"a\u{8}b\u{7}c\u{7F}d"#),
    Escape(testDescription: "tab", raw: "a\tb", shown: "a b"),
  ]

  /// A board with `raw` in a column title, a card title and a detail line.
  static func hostileBoard(_ raw: String) -> String {
    "## Col \(raw)\n\n- Card \(raw)\n    > note \(raw)\n- Plain\n\n## Done\n"
  }

  @Test("arrange show prints terminal escapes from the file as visible text", arguments: escapes)
  func showEscapes(_ escape: Escape) throws {
    let (raw, shown) = (escape.raw, escape.shown)
    let folder = try Folder(Self.hostileBoard(raw))
    defer { folder.remove() }
    let result = try Self.arrange(["show", "board.md"], in: folder)
    #expect(result.status == 0)
    #expect(Self.controls(in: result.output).isEmpty)
    #expect(
      result.output == """
        Col \(shown) (2)
          1. Card \(shown)
               > note \(shown)
          2. Plain

        Done (0)
          (no cards)

        """)
    #expect(folder.text == Self.hostileBoard(raw))
  }

  @Test(
    "BoardCommand.outline escapes titles and details; the document keeps them", arguments: escapes)
  func outlineEscapes(_ escape: Escape) throws {
    let (raw, shown) = (escape.raw, escape.shown)
    let document = try BoardDocument.parse(Array(Self.hostileBoard(raw).utf8))
    let outline = BoardCommand.outline(of: document)
    #expect(Self.controls(in: outline).isEmpty)
    #expect(outline.contains("Col \(shown) (2)"))
    #expect(outline.contains("1. Card \(shown)\n"))
    #expect(outline.contains("> note \(shown)\n"))
    #expect(document.serialized() == Array(Self.hostileBoard(raw).utf8))
  }

  @Test(
    "arrange move prints the moved title escaped and writes its bytes unchanged",
    arguments: escapes)
  func moveEscapes(_ escape: Escape) throws {
    let (raw, shown) = (escape.raw, escape.shown)
    let folder = try Folder(Self.hostileBoard(raw))
    defer { folder.remove() }
    let result = try Self.arrange(["move", "board.md", "Card", "--to", "Done"], in: folder)
    #expect(result.status == 0)
    #expect(result.output == "Dropped Card \(shown) in Done, position 1 of 1\n")
    #expect(result.error.isEmpty)
    #expect(
      folder.text == "## Col \(raw)\n\n- Plain\n\n## Done\n- Card \(raw)\n    > note \(raw)\n")
  }

  @Test("A title or column is named as arrange show prints it, escapes and all")
  func nameAsShown() throws {
    let raw = "\u{1B}[2J"
    let folder = try Folder(Self.hostileBoard(raw))
    defer { folder.remove() }
    let result = try Self.arrange(
      ["move", "board.md", #"card \u{1B}[2J"#, "--from", #"Col \u{1B}[2J"#, "--to", "Done"],
      in: folder)
    #expect(result.status == 0)
    #expect(result.output.contains(#"Dropped Card \u{1B}[2J in Done"#))
    #expect(folder.text?.hasSuffix("## Done\n- Card \(raw)\n    > note \(raw)\n") == true)
  }

  /// A command line whose error message quotes something hostile, and what it must say.
  struct Refused: Sendable, CustomTestStringConvertible {
    var testDescription: String
    var arguments: [String]
    var message: String
  }

  @Test(
    "Error messages quote titles, names and arguments with their escapes made visible",
    arguments: [
      Refused(
        testDescription: "unknown card",
        arguments: ["move", "board.md", "nope\u{1B}]0;x\u{7}", "--to", "Done"],
        message: #"“nope\u{1B}]0;x\u{7}”"#),
      Refused(
        testDescription: "carriage return in a card",
        arguments: ["move", "board.md", "no\rpe", "--to", "Done"], message: #"“no\u{D}pe”"#),
      Refused(
        testDescription: "columns listed",
        arguments: ["move", "board.md", "Plain", "--to", "Later"],
        message: #"1. “Col \u{1B}[2J”"#),
      Refused(
        testDescription: "unknown column",
        arguments: ["move", "board.md", "Plain", "--to", "Done\u{9B}2J"],
        message: #"“Done\u{9B}2J”"#),
      Refused(
        testDescription: "unknown --from column",
        arguments: ["move", "board.md", "Plain", "--from", "x\u{1B}[2J", "--to", "Done"],
        message: #"“x\u{1B}[2J”"#),
      Refused(
        testDescription: "ambiguous card", arguments: ["move", "board.md", "a", "--to", "Done"],
        message: #"“Card \u{1B}[2J”"#),
      Refused(
        testDescription: "missing file", arguments: ["show", "\u{1B}]52;c;eA==\u{7}.md"],
        message: #"\u{1B}]52;c;eA==\u{7}.md does not exist"#),
      Refused(
        testDescription: "unknown option",
        arguments: ["move", "board.md", "Plain", "--to", "Done", "--\u{1B}[2J"],
        message: #"'--\u{1B}[2J'"#),
    ])
  func errorEscapes(_ refused: Refused) throws {
    let (arguments, message) = (refused.arguments, refused.message)
    let board = Self.hostileBoard("\u{1B}[2J")
    let folder = try Folder(board)
    defer { folder.remove() }
    let result = try Self.arrange(arguments, in: folder)
    #expect(result.status != 0)
    #expect(result.output.isEmpty)
    #expect(result.error.contains(message))
    #expect(Self.controls(in: result.error).isEmpty)
    #expect(folder.text == board)
  }

  @Test("BoardCommandError messages carry no terminal escapes")
  func commandErrorEscapes() throws {
    var document = try BoardDocument.parse(Array(Self.hostileBoard("\u{1B}]0;x\u{7}").utf8))
    let before = document.serialized()
    for (card, column) in [("nope\u{1B}[2J", "Done"), ("Plain", "\u{9B}"), ("a", "Done")] {
      #expect {
        _ = try BoardCommand.move(card, toColumn: column, position: nil, in: &document)
      } throws: { error in
        guard let error = error as? BoardCommandError else { return false }
        return Self.controls(in: error.message).isEmpty && error.message.contains(#"\u{"#)
      }
    }
    #expect(document.serialized() == before)
  }

  @Test("visible escapes what a terminal acts on, keeps the rest, and is idempotent")
  func visibleForm() {
    let text = "Ünïcödé 日本語 ✅ \\ \u{1B}[1m\u{0}\r\n\u{7F}\u{85}\u{A0}\u{200F}\u{2028}\u{2069}\t."
    let shown =
      #"Ünïcödé 日本語 ✅ \ \u{1B}[1m\u{0}\u{D}\u{A}\u{7F}\u{85}"# + "\u{A0}\u{200F}"
      + #"\u{2028}\u{2069} ."#
    #expect(BoardCommand.visible(text) == shown)
    #expect(BoardCommand.visible(shown) == shown)
    #expect(
      BoardCommand.visible("a\u{1B}\nb\r\n", keepingLineBreaks: true) == "a\\u{1B}\nb\\u{D}\n")
    #expect(BoardCommand.visible("") == "")
  }

  // MARK: - Card numbers with --from

  /// A board of two columns (a card moved into the empty one lands right below its heading).
  static func numbered(_ todo: [String], done: [String] = []) -> String {
    "## To Do\n\n" + todo.map { "- \($0)\n" }.joined() + "\n## Done\n"
      + done.map { "- \($0)\n" }.joined()
  }

  static let titles = ["Fix 2 bugs", "Beta", "2", "Plan 5"]

  /// A card argument (with the options that go with it) and the card it must move, or the
  /// error it must give.
  struct Pick: Sendable, CustomTestStringConvertible {
    var card: String
    var options: [String] = []
    var moves: String?
    var error: String?
    var testDescription: String { ([card] + options).joined(separator: " ") }
  }

  @Test(
    "With --from a whole number is the card show prints there, never a title",
    arguments: [
      Pick(card: "2", options: ["--from", "To Do"], moves: "Beta"),
      Pick(card: "2", options: ["--from", "1"], moves: "Beta"),
      Pick(card: "+3", options: ["--from", "to do"], moves: "2"),
      Pick(card: "1", options: ["--from", "To Do"], moves: "Fix 2 bugs"),
      Pick(card: "4", options: ["--from", "To Do"], moves: "Plan 5"),
      Pick(
        card: "5", options: ["--from", "To Do"],
        error: "There is no card 5 in “To Do”: it has 4 cards, numbered 1 to 4"),
      Pick(card: "0", options: ["--from", "To Do"], error: "There is no card 0 in “To Do”"),
      Pick(card: "-2", options: ["--from", "To Do"], error: "There is no card -2 in “To Do”"),
      Pick(
        card: "99999999999999999999", options: ["--from", "To Do"],
        error: "There is no card 99999999999999999999 in “To Do”"),
      Pick(
        card: "1", options: ["--from", "Done"],
        error: "There is no card 1 in “Done”: it has no cards"),
      // Without --from, or when it is not a number, the card is a title: exact, then a part.
      Pick(card: "2", moves: "2"),
      Pick(card: "5", moves: "Plan 5"),
      Pick(card: "Fix 2", options: ["--from", "To Do"], moves: "Fix 2 bugs"),
      Pick(card: "b", error: "“b” matches 2 cards"),
    ])
  func cardNumbers(_ pick: Pick) throws {
    let board = Self.numbered(Self.titles)
    let folder = try Folder(board)
    defer { folder.remove() }
    // After "--", a card such as "-2" is not taken for an option.
    let result = try Self.arrange(
      ["move", "board.md", "--to", "Done"] + pick.options + ["--", pick.card], in: folder)
    if let moved = pick.moves {
      #expect(result.status == 0, "\(result.error)")
      #expect(result.output == "Dropped \(moved) in Done, position 1 of 1\n")
      #expect(folder.text == Self.numbered(Self.titles.filter { $0 != moved }, done: [moved]))
    } else {
      #expect(result.status == 1)
      #expect(result.output.isEmpty)
      #expect(result.error.contains(pick.error ?? "?"), "\(result.error)")
      #expect(folder.text == board)
    }
  }

  @Test("BoardCommand.move with from: a number is the card's position, a title only without it")
  func cardNumbersDirect() throws {
    let text = Self.numbered(Self.titles)
    var document = try BoardDocument.parse(Array(text.utf8))
    _ = try BoardCommand.move("2", toColumn: "Done", position: nil, from: "To Do", in: &document)
    #expect(document.columns[1].cards.map(\.title) == ["Beta"])
    _ = try BoardCommand.move("2", toColumn: "Done", position: 1, in: &document)
    #expect(document.columns[1].cards.map(\.title) == ["2", "Beta"])
    let before = document.serialized()
    #expect {
      _ = try BoardCommand.move("3", toColumn: "Done", position: nil, from: "1", in: &document)
    } throws: { error in
      guard let error = error as? BoardCommandError else { return false }
      return error.kind == .unknownCard
        && error.message.contains("it has 2 cards, numbered 1 to 2")
    }
    #expect(document.serialized() == before)
  }

  // MARK: - Extreme numbers

  /// The edges of `Int`, the numbers just inside them and around 1, and one too large for `Int`.
  static let extremes = [
    String(Int.min), String(Int.min + 1), "-1", "0", String(Int.max), String(Int.max - 1),
    "1" + String(repeating: "0", count: 30),
  ]

  /// A field of `arrange move` that takes a number.
  enum NumericField: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case card, to, from, index, nth

    var testDescription: String { rawValue }

    /// The command line that moves Alpha with `value` in this field.
    func arguments(_ value: String, board: String) -> [String] {
      switch self {
      // After "--", a card such as "-1" is not taken for an option.
      case .card: return ["move", board, "--from", "To Do", "--to", "Done", "--", value]
      case .to: return ["move", board, "Alpha", "--to=\(value)"]
      case .from: return ["move", board, "Alpha", "--from=\(value)", "--to", "Done"]
      case .index: return ["move", board, "Alpha", "--to", "Done", "--index=\(value)"]
      case .nth: return ["move", board, "Alpha", "--to", "Done", "--nth=\(value)"]
      }
    }
  }

  @Test(
    "Extreme numbers in every numeric field: a message and exit status 1, never a trap",
    arguments: NumericField.allCases, extremes)
  func extremeNumbers(_ field: NumericField, _ value: String) throws {
    let board = BoardCommandLineTests.board
    let folder = try Folder(board)
    defer { folder.remove() }
    let process = try ChildProcess(
      try BoardCommandLineTests.arrange(), field.arguments(value, board: folder.board.path),
      outputIn: folder.url.path)
    let ending = process.wait()
    defer { process.removeOutput() }
    #expect(ending == .exited(1), "\(process.error)")
    #expect(process.error.hasPrefix("arrange: "), "\(process.error)")
    #expect(!process.error.contains("runtime failure"))
    #expect(process.output.isEmpty)
    #expect(folder.text == board)
  }

  @Test(
    "BoardCommand.move refuses extreme numbers in every field, the document unchanged",
    arguments: NumericField.allCases)
  func extremeNumbersDirect(_ field: NumericField) throws {
    for value in Self.extremes {
      var document = try BoardDocument.parse(Array(BoardCommandLineTests.board.utf8))
      let before = document.serialized()
      let number = Int(value)
      if (field == .index || field == .nth) && number == nil { continue }
      #expect(throws: BoardCommandError.self, "\(field) \(value)") {
        switch field {
        case .card:
          _ = try BoardCommand.move(
            value, toColumn: "Done", position: nil, from: "To Do", in: &document)
        case .to:
          _ = try BoardCommand.move("Alpha", toColumn: value, position: nil, in: &document)
        case .from:
          _ = try BoardCommand.move(
            "Alpha", toColumn: "Done", position: nil, from: value, in: &document)
        case .index:
          _ = try BoardCommand.move("Alpha", toColumn: "Done", position: number, in: &document)
        case .nth:
          _ = try BoardCommand.move(
            "Alpha", toColumn: "Done", position: nil, nth: number, in: &document)
        }
      }
      #expect(document.serialized() == before)
    }
  }

  @Test("Options take a negative number or a word as their value, and refuse it with exit 1")
  func optionValues() throws {
    let board = BoardCommandLineTests.board
    let folder = try Folder(board)
    defer { folder.remove() }
    for (arguments, message) in [
      (["--index", "-1"], "Position -1 is outside Done"),
      (["--nth", "-1"], "--nth -1: “Alpha” matches 1 card; give 1."),
      (["--index", "two"], "--index takes a whole number from 1, not “two”."),
      (["--nth", "1e3"], "--nth takes a whole number from 1, not “1e3”."),
      (["--index", "-99999999999999999999"], "--index -99999999999999999999 is out of range"),
    ] {
      let result = try Self.arrange(
        ["move", "board.md", "Alpha", "--to", "Done"] + arguments, in: folder)
      #expect(result.status == 1)
      #expect(result.error.contains(message), "\(result.error)")
      #expect(folder.text == board)
    }
    let moved = try Self.arrange(
      ["move", "board.md", "Alpha", "--to", "Done", "--index", " 1 "], in: folder)
    #expect(moved.status == 0)
    #expect(moved.output == "Dropped Alpha in Done, position 1 of 1\n")
  }
}
