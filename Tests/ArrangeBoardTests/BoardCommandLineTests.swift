import ArrangeBoard
import ArrangeTestSupport
import Foundation
import Testing

/// `arrange show` and `arrange move`, as scripts run them: the real binary, its output, its exit
/// status and the file.
@Suite(.ownThread) struct BoardCommandLineTests {
  static let board = BoardEndToEndTests.board

  /// Runs `path` in `folder` (as `user`, when given).
  static func run(_ path: String, _ arguments: [String], in folder: URL, as user: Int? = nil)
    throws -> ProcessResult
  {
    try runProcess(path, arguments, in: folder, as: user)
  }

  static func arrange() throws -> String {
    try #require(BoardEndToEndTests.arrange, "the arrange executable was not built").path
  }

  @Test("arrange --version prints the version and succeeds, touching no board")
  func version() throws {
    // No board in the folder: --version must not create the sample one either.
    let folder = try BoardEndToEndTests.Folder(nil)
    defer { folder.remove() }
    let result = try Self.run(try Self.arrange(), ["--version"], in: folder.url)
    #expect(result.status == 0)
    #expect(result.output == "0.2.0-dev\n")
    #expect(result.error.isEmpty)
    #expect(folder.text == nil)
  }

  @Test("arrange show prints the columns and numbered cards with their details")
  func show() throws {
    let folder = try BoardEndToEndTests.Folder(Self.board)
    defer { folder.remove() }
    let result = try Self.run(try Self.arrange(), ["show", "board.md"], in: folder.url)
    #expect(result.status == 0)
    #expect(
      result.output == """
        To Do (3)
          1. Alpha
          2. Beta
               > the second card
          3. Gamma

        Doing (1)
          1. Delta

        Done (0)
          (no cards)

        """)
    #expect(result.error.isEmpty)
  }

  @Test("arrange move moves a card through the engine and saves; the rest of the file is kept")
  func move() throws {
    let folder = try BoardEndToEndTests.Folder(Self.board)
    defer { folder.remove() }
    let result = try Self.run(
      try Self.arrange(), ["move", "board.md", "beta", "--to", "Doing", "--index", "1"],
      in: folder.url)
    #expect(result.status == 0)
    #expect(result.output.contains("Dropped Beta in Doing, position 1 of 2"))
    #expect(
      folder.text == """
        # Project

        ## To Do

        - Alpha
        - Gamma

        ## Doing

        - Beta
            > the second card
        - Delta

        ## Done

        """)
  }

  @Test(
    "arrange move refuses unknown cards, columns and positions on stderr, file untouched",
    arguments: [
      (["Omega", "--to", "Done"], "No card titled “Omega”"),
      (["Alpha", "--to", "Later"], "No column named or numbered “Later”"),
      (["Alpha", "--to", "Done", "--index", "3"], "Position 3 is outside Done"),
      (["a", "--to", "Done"], "matches 4 cards"),
    ])
  func moveErrors(_ arguments: [String], _ message: String) throws {
    let folder = try BoardEndToEndTests.Folder(Self.board)
    defer { folder.remove() }
    let result = try Self.run(try Self.arrange(), ["move", "board.md"] + arguments, in: folder.url)
    #expect(result.status != 0)
    #expect(result.error.contains(message))
    #expect(result.output.isEmpty)
    #expect(folder.text == Self.board)
  }

  @Test("A missing or unparsable file: a message on stderr with the line, non-zero status")
  func badFiles() throws {
    let folder = try BoardEndToEndTests.Folder("## To Do\n- Fine\n- Also fine\n##\n")
    defer { folder.remove() }
    let broken = try Self.run(try Self.arrange(), ["show", "board.md"], in: folder.url)
    #expect(broken.status != 0)
    #expect(broken.error.contains("line 4"))
    let moved = try Self.run(
      try Self.arrange(), ["move", "board.md", "Fine", "--to", "1"], in: folder.url)
    #expect(moved.status != 0)
    #expect(folder.text == "## To Do\n- Fine\n- Also fine\n##\n")
    let missing = try Self.run(try Self.arrange(), ["show", "nothing.md"], in: folder.url)
    #expect(missing.status != 0)
    #expect(missing.error.contains("nothing.md does not exist"))
    // A folder where the board should be cannot be read as one.
    try FileManager.default.createDirectory(
      at: folder.url.appendingPathComponent("folder.md"), withIntermediateDirectories: false)
    let folderBoard = try Self.run(
      try Self.arrange(), ["move", "folder.md", "Fine", "--to", "1"], in: folder.url)
    #expect(folderBoard.status != 0)
    #expect(folderBoard.error.contains("folder.md: it is a folder"))
  }

  @Test("arrange move in a read-only folder says so and leaves the file as it was")
  func readOnlyFolder() throws {
    // Root ignores permissions, so the move runs as an unprivileged user (nobody).
    let folder = try BoardEndToEndTests.Folder(Self.board)
    defer {
      chmod(folder.url.path, 0o755)
      folder.remove()
    }
    let arrange = try Self.arrange()
    let user: Int? = geteuid() == 0 ? 65534 : nil
    if user != nil {
      // The binary and the folder must be reachable by that user.
      let probe = try Self.run(arrange, ["--help"], in: folder.url, as: user)
      try #require(probe.status == 0, "setpriv could not run arrange as nobody: \(probe.error)")
    }
    #expect(chmod(folder.board.path, 0o666) == 0)
    #expect(chmod(folder.url.path, 0o555) == 0)
    let result = try Self.run(
      arrange, ["move", "board.md", "Alpha", "--to", "Done"], in: folder.url, as: user)
    #expect(result.status != 0)
    #expect(result.error.contains("board.md"))
    #expect(result.error.lowercased().contains("read-only") || result.error.contains("ermission"))
    #expect(folder.text == Self.board)
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path) == ["board.md"])
  }

  @Test(
    "The extreme --index values are errors, not traps (review finding)",
    arguments: [Int.min, -1, 0, Int.max])
  func extremeIndex(_ position: Int) throws {
    var document = try BoardDocument.parse(Array(Self.board.utf8))
    #expect(throws: BoardCommandError.self) {
      _ = try BoardCommand.move("Alpha", toColumn: "Done", position: position, in: &document)
    }
    #expect(document.serialized() == Array(Self.board.utf8))
  }

  @Test("BoardCommand.move through the engine matches the document's own move", arguments: 0..<3)
  func moveMatchesDocument(_ target: Int) throws {
    let document = try BoardDocument.parse(Array(Self.board.utf8))
    for card in document.columns.flatMap(\.cards) {
      let column = target
      var viaEngine = document
      _ = try BoardCommand.move(card.title, toColumn: "\(column + 1)", position: 1, in: &viaEngine)
      var direct = document
      try direct.moveCard(card.id, toColumn: column, index: 0)
      #expect(viaEngine.serialized() == direct.serialized())
    }
  }
}
