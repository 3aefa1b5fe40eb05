import ArrangeTestSupport
import Foundation
import Testing

/// `arrange DIR`, the list of a folder's boards, as a person uses it: the real binary in tmux,
/// keys and clicks, and the files on disk.
@Suite(.serialized, .ownThread) struct BoardPickerEndToEndTests {
  typealias EndToEnd = BoardEndToEndTests

  static func arrange() throws -> String { try BoardCommandLineTests.arrange() }

  /// `arrange boards` in a pane; once it ends, the shell writes "exit" and its status there.
  static func pane(_ test: String, folder: EndToEnd.Folder) throws -> TerminalPane {
    try EndToEnd.pane(test, folder: folder, file: #"boards; echo "exit $?"; sleep 20"#)
  }

  /// The names in `folder`, hidden ones included.
  static func names(in folder: URL) -> Set<String> {
    Set((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
  }

  /// A folder `boards` inside a test folder, holding the boards `files` names.
  static func boardsFolder(_ files: [String: String]) throws -> EndToEnd.Folder {
    let folder = try EndToEnd.Folder(nil)
    let boards = folder.url.appendingPathComponent("boards")
    try FileManager.default.createDirectory(at: boards, withIntermediateDirectories: false)
    for (name, text) in files {
      try Data(text.utf8).write(to: boards.appendingPathComponent(name))
    }
    return folder
  }

  static let first = "## To Do\n\n- Alpha\n\n## Done\n\n- Omega\n"
  static let second = "## Ideas\n\n- Beta\n\n## Shipped\n\n- Psi\n"

  @Test("arrange DIR lists the boards; j and Enter open one, whose drag lands in its file alone")
  func pickerOpensWithKeys() throws {
    let folder = try Self.boardsFolder(["first.md": Self.first, "second.md": Self.second])
    defer { folder.remove() }
    let pane = try Self.pane("pick-keys", folder: folder)
    defer { pane.kill() }
    #expect(pane.waitFor { $0.contains("Boards in boards") && $0.contains("› first.md") })
    #expect(pane.screen().joined().contains("second.md"))
    pane.send("j")
    #expect(pane.waitFor { $0.contains("› second.md") })
    pane.send("\r")
    #expect(pane.waitFor { $0.contains("Ideas") && $0.contains("Beta") })
    pane.send(" ")
    #expect(pane.waitFor { $0.contains("Picked up Beta") })
    pane.send("\u{1B}[C")
    pane.send(" ")
    #expect(pane.waitFor { $0.contains("Dropped Beta in Shipped") })
    let second = folder.url.appendingPathComponent("boards/second.md")
    let first = folder.url.appendingPathComponent("boards/first.md")
    #expect(
      String(decoding: try Data(contentsOf: second), as: UTF8.self)
        == "## Ideas\n\n\n## Shipped\n\n- Beta\n- Psi\n")
    #expect(String(decoding: try Data(contentsOf: first), as: UTF8.self) == Self.first)
    pane.send("q")
    #expect(pane.waitFor { $0.contains("exit 0") })
  }

  @Test("arrange DIR: b goes back from a board to the list, which ? names; q then quits")
  func backToTheList() throws {
    let folder = try Self.boardsFolder(["first.md": Self.first, "second.md": Self.second])
    defer { folder.remove() }
    let pane = try Self.pane("pick-back", folder: folder)
    defer { pane.kill() }
    #expect(pane.waitFor { $0.contains("› first.md") })
    pane.send("j")
    pane.send("\r")
    #expect(pane.waitFor { $0.contains("Ideas") && $0.contains("Beta") })
    pane.send("?")
    #expect(pane.waitFor { $0.contains("back to the boards in boards") })
    // Any key closes the help (not Esc: an Esc then b reads as Alt-b).
    pane.send("z")
    #expect(pane.waitFor { !$0.contains("back to the boards in boards") })
    pane.send("b")
    // The list again, on the board just left; another board opens from it.
    #expect(pane.waitFor { $0.contains("Boards in boards") && $0.contains("› second.md") })
    pane.send("k")
    pane.send("\r")
    #expect(pane.waitFor { $0.contains("To Do") && $0.contains("Alpha") })
    pane.send("q")
    #expect(pane.waitFor { $0.contains("exit 0") })
    #expect(
      String(
        decoding: try Data(contentsOf: folder.url.appendingPathComponent("boards/first.md")),
        as: UTF8.self)
        == Self.first)
  }

  @Test("arrange DIR: a click on a board opens it; q in the list quits and writes nothing")
  func pickerClickAndQuit() throws {
    let folder = try Self.boardsFolder(["first.md": Self.first, "second.md": Self.second])
    defer { folder.remove() }
    let pane = try Self.pane("pick-click", folder: folder)
    defer { pane.kill() }
    let row = try #require(EndToEnd.locate("second.md", in: pane))
    pane.mouse(0, column: row.0, row: row.1)
    pane.mouse(0, column: row.0, row: row.1, release: true)
    #expect(pane.waitFor { $0.contains("Ideas") && $0.contains("Beta") })
    pane.send("q")
    #expect(pane.waitFor { $0.contains("exit 0") })

    let other = try Self.pane("pick-quit", folder: folder)
    defer { other.kill() }
    #expect(other.waitFor { $0.contains("› first.md") })
    // A board added while the list is shown appears in it.
    try Data(Self.first.utf8).write(
      to: folder.url.appendingPathComponent("boards/added later.md"))
    #expect(other.waitFor { $0.contains("added later.md") })
    other.send("q")
    #expect(other.waitFor { $0.contains("exit 0") })
    #expect(
      Self.names(in: folder.url.appendingPathComponent("boards"))
        == ["first.md", "second.md", "added later.md"])
    #expect(
      String(
        decoding: try Data(contentsOf: folder.url.appendingPathComponent("boards/first.md")),
        as: UTF8.self)
        == Self.first)
  }

  @Test("arrange DIR on a folder without boards says how to make one, and fails")
  func pickerWithoutBoards() throws {
    let folder = try Self.boardsFolder([:])
    defer { folder.remove() }
    let tmux = try #require(TerminalPane.tmuxPath, "tmux is needed (.ci/run installs it)")
    // The message is read from the pane after the program ends, with its exit status.
    let command =
      "cd \(TerminalPane.quoted(folder.url.path)) && \(TerminalPane.quoted(try Self.arrange())) "
      + "boards; echo \"status $?\"; sleep 20"
    let pane = TerminalPane(
      tmux: tmux, command: "sh -c \(TerminalPane.quoted(command))",
      name: "arrange-board-pick-empty-\(getpid())", columns: 60, rows: 14
    ) { $0.contains("status") }
    defer { pane.kill() }
    #expect(pane.waitFor { $0.contains("has no boards") && $0.contains("arrange new") })
    #expect(pane.waitFor { $0.contains("status 1") })
  }
}
