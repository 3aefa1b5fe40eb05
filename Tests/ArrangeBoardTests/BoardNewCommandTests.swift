import ArrangeBoard
import ArrangeTestSupport
import Foundation
import Testing

/// `arrange new FILE` as scripts run it: the real binary, its messages, its exit status and the
/// files on disk.
@Suite(.ownThread) struct BoardNewCommandTests {
  typealias EndToEnd = BoardEndToEndTests

  /// What taskell writes for a new board (its templates/template.md, serialized).
  static let taskellBoard = "## To Do\n\n\n## Doing\n\n\n## Done\n\n"

  static func arrange() throws -> String { try BoardCommandLineTests.arrange() }

  /// The names in `folder`, hidden ones included.
  static func names(in folder: URL) -> Set<String> {
    Set((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
  }

  @Test("arrange new writes taskell's new board, with the permissions the umask gives")
  func newBoard() throws {
    let folder = try EndToEnd.Folder(nil)
    defer { folder.remove() }
    let command = "umask 027 && exec \(TerminalPane.quoted(try Self.arrange())) new board.md"
    let result = try runProcess("/bin/sh", ["-c", command], in: folder.url)
    #expect(result.status == 0)
    #expect(result.output.contains("Created board.md"))
    #expect(result.error.isEmpty)
    #expect(folder.text == Self.taskellBoard)
    let attributes = try FileManager.default.attributesOfItem(atPath: folder.board.path)
    #expect((attributes[.posixPermissions] as? Int) == 0o640)
    // Nothing left beside it.
    #expect(Self.names(in: folder.url) == ["board.md"])
    // arrange reads it back as three empty columns.
    let shown = try runProcess(try Self.arrange(), ["show", "board.md"], in: folder.url)
    #expect(
      shown.output
        == "To Do (0)\n  (no cards)\n\nDoing (0)\n  (no cards)\n\nDone (0)\n  (no cards)\n")
  }

  @Test("arrange new without a name makes ./board.md, the board plain arrange opens")
  func newWithoutName() throws {
    let folder = try EndToEnd.Folder(nil)
    defer { folder.remove() }
    let result = try runProcess(try Self.arrange(), ["new"], in: folder.url)
    #expect(result.status == 0, "\(result.error)")
    #expect(result.output.contains("Created board.md"))
    #expect(folder.text == Self.taskellBoard)
    #expect(Self.names(in: folder.url) == ["board.md"])
    // Again: board.md exists now, and is refused as any named file is.
    let again = try runProcess(try Self.arrange(), ["new"], in: folder.url)
    #expect(again.status == 1)
    #expect(again.error.contains("board.md exists already"))
    #expect(folder.text == Self.taskellBoard)
  }

  @Test("arrange new --columns writes the columns given, trimmed")
  func newBoardWithColumns() throws {
    let folder = try EndToEnd.Folder(nil)
    defer { folder.remove() }
    let result = try runProcess(
      try Self.arrange(), ["new", "board.md", "--columns", " Backlog ,Now, Later"], in: folder.url)
    #expect(result.status == 0)
    #expect(folder.text == "## Backlog\n\n\n## Now\n\n\n## Later\n\n")
  }

  @Test(
    "arrange new refuses titles that make no columns, and writes nothing",
    arguments: ["A,,B", "", " ", "A,\nB", "A,\u{1B}[2J"])
  func badColumns(titles: String) throws {
    let folder = try EndToEnd.Folder(nil)
    defer { folder.remove() }
    let result = try runProcess(
      try Self.arrange(), ["new", "board.md", "--columns", titles], in: folder.url)
    #expect(result.status == 1)
    #expect(result.error.hasPrefix("arrange: "))
    #expect(!result.error.contains("\u{1B}"))
    #expect(Self.names(in: folder.url).isEmpty)
  }

  @Test("arrange new never overwrites: a file, a folder, a dangling link are left as they are")
  func newRefusesToOverwrite() throws {
    let folder = try EndToEnd.Folder(EndToEnd.board)
    defer { folder.remove() }
    let result = try runProcess(try Self.arrange(), ["new", "board.md"], in: folder.url)
    #expect(result.status == 1)
    #expect(result.error.contains("board.md exists already"))
    #expect(result.output.isEmpty)
    #expect(folder.text == EndToEnd.board)
    // A dangling link: creating through it would make a file elsewhere.
    let manager = FileManager.default
    let elsewhere = folder.url.appendingPathComponent("elsewhere.md").path
    try manager.createSymbolicLink(
      atPath: folder.url.appendingPathComponent("link.md").path, withDestinationPath: elsewhere)
    let linked = try runProcess(try Self.arrange(), ["new", "link.md"], in: folder.url)
    #expect(linked.status == 1)
    #expect(!manager.fileExists(atPath: elsewhere))
    try manager.createDirectory(
      at: folder.url.appendingPathComponent("sub"), withIntermediateDirectories: false)
    #expect(try runProcess(try Self.arrange(), ["new", "sub"], in: folder.url).status == 1)
    let missing = try runProcess(try Self.arrange(), ["new", "nowhere/board.md"], in: folder.url)
    #expect(missing.status == 1)
    #expect(missing.error.contains("does not exist"))
    #expect(Self.names(in: folder.url) == ["board.md", "link.md", "sub"])
  }

  @Test("Two arrange new racing for one name: one creates the board, the other is refused")
  func newRace() throws {
    let folder = try EndToEnd.Folder(nil)
    defer { folder.remove() }
    let arrange = try Self.arrange()
    let processes = (1...8).map { index in
      let process = Process()
      process.executableURL = URL(fileURLWithPath: arrange)
      process.arguments = ["new", "board.md", "--columns", "Run \(index)"]
      process.currentDirectoryURL = folder.url
      process.standardOutput = FileHandle.nullDevice
      process.standardError = FileHandle.nullDevice
      return process
    }
    for process in processes { try process.run() }
    for process in processes { process.waitUntilExit() }
    #expect(processes.filter { $0.terminationStatus == 0 }.count == 1)
    let text = try #require(folder.text)
    #expect(text.hasPrefix("## Run ") && text.hasSuffix("\n\n") && text.count <= 12)
    #expect(Self.names(in: folder.url) == ["board.md"])
  }
}
