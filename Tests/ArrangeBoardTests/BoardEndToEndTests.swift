import ArrangeTerminal
import ArrangeTerminalDrag
import ArrangeTestSupport
import Foundation
import Testing

/// The real `arrange` binary in tmux, driven with real SGR mouse bytes and keys; each test checks
/// the screen and the file on disk.
@Suite(.serialized, .ownThread) struct BoardEndToEndTests {
  static let arrange = TerminalPane.builtExecutable(named: "arrange")

  static let board = BoardScreenTests.board

  /// A folder of its own holding `board.md` (or no file, with `text` nil).
  struct Folder {
    let url: URL
    var board: URL { url.appendingPathComponent("board.md") }

    init(_ text: String?) throws {
      url = FileManager.default.temporaryDirectory.appendingPathComponent(
        "arrange-e2e-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
      try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
      if let text { try Data(text.utf8).write(to: board) }
    }

    var text: String? {
      (try? Data(contentsOf: board)).map { String(decoding: $0, as: UTF8.self) }
    }

    func remove() { try? FileManager.default.removeItem(at: url) }
  }

  /// `arrange` on the folder's board in a 60×14 pane (reduced motion: no slides to wait for).
  static func pane(_ test: String, folder: Folder, inShell: Bool = false, file: String = "board.md")
    throws -> TerminalPane
  {
    let tmux = try #require(TerminalPane.tmuxPath, "tmux is needed (.ci/run installs it)")
    let arrange = try #require(Self.arrange, "the arrange executable was not built")
    let command =
      "cd \(TerminalPane.quoted(folder.url.path)) && ARRANGE_REDUCED_MOTION=1 "
      + "\(TerminalPane.quoted(arrange.path)) \(file)"
    return TerminalPane(
      tmux: tmux, command: inShell ? command : "sh -c \(TerminalPane.quoted(command))",
      name: "arrange-board-\(test)-\(getpid())", columns: 60, rows: 14, inShell: inShell
    ) { $0.contains("· ") }
  }

  /// Where `text` first appears on the pane's screen (0-based column in cells, row).
  static func locate(_ text: String, in pane: TerminalPane) -> (Int, Int)? {
    // The app may still be starting: wait for the text to be drawn first.
    pane.waitFor { $0.contains(text) }
    for (row, line) in pane.screen().enumerated() {
      guard let range = line.range(of: text) else { continue }
      return (TextWrapping.width(of: String(line[..<range.lowerBound])), row)
    }
    return nil
  }

  /// The column (0, 1 or 2) of a cell on the 60-column screen of three boxes.
  static func box(of cell: (Int, Int)?) -> Int? { cell.map { $0.0 / 20 } }

  /// A mouse drag with real SGR bytes, in a few motion steps.
  static func drag(in pane: TerminalPane, from start: (Int, Int), to end: (Int, Int)) {
    pane.mouse(0, column: start.0, row: start.1)
    for step in 1...3 {
      pane.mouse(
        32, column: start.0 + (end.0 - start.0) * step / 3,
        row: start.1 + (end.1 - start.1) * step / 3)
    }
    pane.mouse(0, column: end.0, row: end.1, release: true)
  }

  @Test("A mouse drag moves a card to another column, on screen and in the file")
  func dragToAnotherColumn() throws {
    let folder = try Folder(Self.board)
    defer { folder.remove() }
    let pane = try Self.pane("drag", folder: folder)
    defer { pane.kill() }
    let beta = try #require(Self.locate("Beta", in: pane))
    let done = try #require(Self.locate("Done", in: pane))
    Self.drag(in: pane, from: beta, to: (done.0, done.1 + 2))
    #expect(pane.waitFor { $0.contains("Dropped Beta in Done") })
    #expect(Self.box(of: Self.locate("Beta", in: pane)) == 2)
    #expect(folder.text == BoardScreenTests.betaInDone)
  }

  @Test("A mouse drag reorders cards within a column, and the file follows")
  func reorderWithinColumn() throws {
    let folder = try Folder(Self.board)
    defer { folder.remove() }
    let pane = try Self.pane("reorder", folder: folder)
    defer { pane.kill() }
    let alpha = try #require(Self.locate("Alpha", in: pane))
    let gamma = try #require(Self.locate("Gamma", in: pane))
    Self.drag(in: pane, from: alpha, to: (gamma.0, gamma.1 + 1))
    #expect(pane.waitFor { $0.contains("Dropped Alpha") })
    let after = try #require(Self.locate("Alpha", in: pane))
    let gammaAfter = try #require(Self.locate("Gamma", in: pane))
    #expect(after.1 > gammaAfter.1)
    #expect(folder.text?.contains("- Beta\n    > the second card\n- Gamma\n- Alpha\n") == true)
  }

  @Test("Escape in the middle of a drag leaves the file unchanged")
  func escapeLeavesFile() throws {
    let folder = try Folder(Self.board)
    defer { folder.remove() }
    let pane = try Self.pane("escape", folder: folder)
    defer { pane.kill() }
    let beta = try #require(Self.locate("Beta", in: pane))
    pane.mouse(0, column: beta.0, row: beta.1)
    pane.mouse(32, column: beta.0 + 10, row: beta.1)
    pane.mouse(32, column: 45, row: 3)
    pane.send("\u{1B}")
    #expect(pane.waitFor { $0.contains("Cancelled") })
    pane.mouse(0, column: 45, row: 3, release: true)
    #expect(Self.box(of: Self.locate("Beta", in: pane)) == 0)
    #expect(folder.text == Self.board)
  }

  @Test("Keyboard drag: Space lifts, arrows move, Space drops; the file is saved")
  func keyboardDrag() throws {
    let folder = try Folder(Self.board)
    defer { folder.remove() }
    let pane = try Self.pane("keys", folder: folder)
    defer { pane.kill() }
    pane.send("j")  // focus Beta
    pane.send(" ")
    #expect(pane.waitFor { $0.contains("Picked up Beta") })
    pane.send("\u{1B}[C")  // → Doing
    pane.send("\u{1B}[B")  // ↓ below Delta
    pane.send(" ")
    #expect(pane.waitFor { $0.contains("Dropped Beta in Doing, position 2 of 2") })
    #expect(Self.box(of: Self.locate("Beta", in: pane)) == 1)
    #expect(folder.text?.contains("## Doing\n\n- Delta\n- Beta\n    > the second card\n") == true)
  }

  @Test("Swap mode: x, then dropping a card on another swaps them in the file")
  func exchangeMode() throws {
    let folder = try Folder(Self.board)
    defer { folder.remove() }
    let pane = try Self.pane("swap", folder: folder)
    defer { pane.kill() }
    pane.send("x")
    #expect(pane.waitFor { $0.contains("SWAP") })
    let alpha = try #require(Self.locate("Alpha", in: pane))
    let delta = try #require(Self.locate("Delta", in: pane))
    Self.drag(in: pane, from: alpha, to: delta)
    #expect(pane.waitFor { $0.contains("Swapped Alpha with Delta") })
    #expect(Self.box(of: Self.locate("Alpha", in: pane)) == 1)
    #expect(Self.box(of: Self.locate("Delta", in: pane)) == 0)
    #expect(folder.text?.contains("## To Do\n\n- Delta\n- Beta") == true)
    #expect(folder.text?.contains("## Doing\n\n- Alpha\n") == true)
  }

  @Test("Undo puts the file back byte for byte")
  func undoRestoresFile() throws {
    let folder = try Folder(Self.board)
    defer { folder.remove() }
    let pane = try Self.pane("undo", folder: folder)
    defer { pane.kill() }
    pane.send(" ")
    pane.send("\u{1B}[C")
    pane.send(" ")
    #expect(pane.waitFor { $0.contains("Dropped Alpha") })
    #expect(folder.text != Self.board)
    pane.send("u")
    #expect(pane.waitFor { $0.contains("Undid moving “Alpha”") })
    #expect(folder.text == Self.board)
    #expect(Self.box(of: Self.locate("Alpha", in: pane)) == 0)
  }

  @Test("Unicode titles: a CJK card drags to another column, a typed emoji title is saved")
  func unicodeCards() throws {
    let text = "## To Do\n\n- 日本語のタスク ✨\n- Crème brûlée\n\n## Doing\n\n## Done\n"
    let folder = try Folder(text)
    defer { folder.remove() }
    let pane = try Self.pane("unicode", folder: folder)
    defer { pane.kill() }
    let card = try #require(Self.locate("日本語", in: pane))
    let done = try #require(Self.locate("Done", in: pane))
    Self.drag(in: pane, from: card, to: (done.0, done.1 + 2))
    #expect(pane.waitFor { $0.contains("Dropped 日本語のタスク ✨ in Done") })
    #expect(Self.box(of: Self.locate("日本語", in: pane)) == 2)
    #expect(folder.text == "## To Do\n\n- Crème brûlée\n\n## Doing\n\n## Done\n- 日本語のタスク ✨\n")
    pane.send("a")
    pane.send("Café ☕ 👩‍👩‍👧")
    pane.send("\r")
    #expect(pane.waitFor { $0.contains("Added “Café ☕ 👩‍👩‍👧” to Done") })
    #expect(folder.text?.hasSuffix("## Done\n- 日本語のタスク ✨\n- Café ☕ 👩‍👩‍👧\n") == true)
  }

  @Test("Another program's edit of the file shows up within a couple of seconds")
  func outsideEditShowsUp() throws {
    let folder = try Folder(Self.board)
    defer { folder.remove() }
    let pane = try Self.pane("outside", folder: folder)
    defer { pane.kill() }
    let edited = Self.board.replacingOccurrences(of: "- Delta\n", with: "- Delta\n- From vim\n")
    try Data(edited.utf8).write(to: folder.board)
    #expect(pane.waitFor { $0.contains("From vim") })
    #expect(Self.box(of: Self.locate("From vim", in: pane)) == 1)
    #expect(pane.screen().joined().contains("changed on disk; reloaded"))
    // A drag after that saves on top of the edit, keeping it.
    pane.send(" ")
    pane.send("\u{1B}[C")
    pane.send(" ")
    #expect(pane.waitFor { $0.contains("Dropped Alpha") })
    #expect(folder.text?.contains("- From vim\n") == true)
    #expect(folder.text?.contains("- Alpha\n") == true)
  }

  @Test("SIGTERM in the middle of a drag leaves the file intact and the terminal restored")
  func sigtermMidDrag() throws {
    let folder = try Folder(Self.board)
    defer { folder.remove() }
    let pane = try Self.pane("term", folder: folder, inShell: true)
    defer { pane.kill() }
    let beta = try #require(Self.locate("Beta", in: pane))
    pane.mouse(0, column: beta.0, row: beta.1)
    pane.mouse(32, column: 45, row: 3)
    let pid = pane.childPID()
    #expect(!pid.isEmpty)
    TerminalPane.shell("kill -TERM \(pid)")
    #expect(pane.waitFor { !$0.contains("To Do · ") })
    #expect(pane.display("#{alternate_on} #{mouse_any_flag} #{cursor_flag}") == "0 0 1")
    #expect(folder.text == Self.board)
    let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.url.path)
    #expect(leftovers == ["board.md"])
  }

  @Test("With no file, the sample board opens and board.md is written on the first change")
  func sampleOnFirstSave() throws {
    let folder = try Folder(nil)
    defer { folder.remove() }
    let pane = try Self.pane("sample", folder: folder)
    defer { pane.kill() }
    #expect(pane.screen().joined().contains("In Progress"))
    #expect(folder.text == nil)
    pane.send(" ")
    pane.send("\u{1B}[C")
    pane.send(" ")
    #expect(pane.waitFor { $0.contains("Dropped") })
    let text = try #require(folder.text)
    #expect(text.contains("## To Do"))
    #expect(text.contains("## In Progress"))
    #expect(text.contains("## Done"))
  }

  @Test("An unparsable file: a message naming the line, exit code 1, the file untouched")
  func unparsableFile() throws {
    let broken = "## To Do\n\n- Fine\n##\n"
    let folder = try Folder(broken)
    defer { folder.remove() }
    let tmux = try #require(TerminalPane.tmuxPath)
    let arrange = try #require(Self.arrange)
    let pane = TerminalPane(
      tmux: tmux,
      command: "cd \(TerminalPane.quoted(folder.url.path)) && \(TerminalPane.quoted(arrange.path))"
        + " board.md; echo status=$?",
      name: "arrange-board-broken-\(getpid())", inShell: true
    ) { $0.contains("\nstatus=") }
    defer { pane.kill() }
    let text = pane.screen().joined(separator: "\n")
    #expect(text.contains("line 4"))
    #expect(text.contains("status=1"))
    #expect(folder.text == broken)
  }

  @Test("Outside a terminal, arrange says it needs one, points to arrange show, writes nothing")
  func notATerminal() throws {
    let folder = try Folder(nil)
    defer { folder.remove() }
    let arrange = try #require(Self.arrange)
    let result = try BoardCommandLineTests.run(arrange.path, [], in: folder.url)
    #expect(result.status != 0)
    #expect(result.error.contains("needs an interactive terminal"))
    #expect(result.error.contains("arrange show"))
    #expect(result.error.split(separator: "\n").count == 1)
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path).isEmpty)
  }
}
