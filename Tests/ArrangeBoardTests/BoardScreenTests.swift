import ArrangeBoard
import ArrangeBoardTerminal
import ArrangeTerminal
import ArrangeTerminalDrag
import Foundation
import Testing

/// A disk in memory that another writer can change behind the screen's back.
final class MemoryDisk: @unchecked Sendable {
  /// The stored bytes; every change gives the file a new stamp, as a real write would.
  var bytes: [UInt8]? { didSet { version += 1 } }
  var saves = 0
  var failure: BoardFileError?
  /// Whether another program has the file open for writing, as the storage would report it.
  var isBeingWritten: Bool? = false
  /// Counts changes, for the stamp.
  private(set) var version: Int64 = 0
  init(_ text: String?) { bytes = text.map { Array($0.utf8) } }
  var text: String? {
    get { bytes.map { String(decoding: $0, as: UTF8.self) } }
    set { bytes = newValue.map { Array($0.utf8) } }
  }
  var stamp: BoardFileVersion.Stamp? {
    bytes.map {
      BoardFileVersion.Stamp(
        device: 1, inode: 1, size: Int64($0.count), modified: version, changed: version)
    }
  }
}

/// Board storage over a ``MemoryDisk`` that updates the way a board file does.
struct MemoryStorage: BoardStorage {
  let disk: MemoryDisk
  var known: [UInt8]?
  var notices: [String] = []
  var path: String { "/boards/board.md" }

  init(_ disk: MemoryDisk) {
    self.disk = disk
    known = disk.bytes
  }

  mutating func update(
    _ change: (_ current: [UInt8]?) throws(BoardFileError) -> [UInt8]?
  ) throws(BoardFileError) -> BoardSaveReport {
    guard let contents = try change(disk.bytes), contents != disk.bytes else {
      known = disk.bytes
      return BoardSaveReport(wrote: false)
    }
    if let failure = disk.failure { throw failure }
    disk.bytes = contents
    disk.saves += 1
    known = contents
    return BoardSaveReport(wrote: true)
  }

  func inspect() throws(BoardFileError) -> BoardFileVersion {
    BoardFileVersion(contents: disk.bytes, stamp: disk.stamp, isBeingWritten: disk.isBeingWritten)
  }

  mutating func adopt(_ contents: [UInt8]?) { known = contents }
}

/// The board screen driven with events and drawn into a buffer, as the terminal would.
@Suite struct BoardScreenTests {
  static let board = """
    # Project

    ## To Do

    - Alpha
    - Beta
        > the second card
    - Gamma

    ## Doing

    - Delta

    ## Done

    """

  /// ``board`` after Beta (with its detail line) moved to the empty Done column.
  static let betaInDone = """
    # Project

    ## To Do

    - Alpha
    - Gamma

    ## Doing

    - Delta

    ## Done
    - Beta
        > the second card

    """

  struct Harness {
    var screen: BoardScreen<MemoryStorage>
    let disk: MemoryDisk
    var time = 1.0
    var buffer = CellBuffer(columns: 60, rows: 14)

    init(_ text: String = BoardScreenTests.board, columns: Int = 60, rows: Int = 14) throws {
      disk = MemoryDisk(text)
      let document = try BoardDocument.parse(Array(text.utf8))
      screen = BoardScreen(document: document, storage: MemoryStorage(disk), motion: .reduced)
      buffer = CellBuffer(columns: columns, rows: rows)
      _ = screen.handle(.resize(columns: columns, rows: rows), at: time)
      draw()
    }

    mutating func draw() {
      buffer.clear()
      screen.advance(to: time)
      screen.draw(into: &buffer, at: time)
    }

    @discardableResult
    mutating func send(_ event: TerminalEvent) -> TerminalProgramResponse {
      time += 0.05
      let response = screen.handle(event, at: time)
      draw()
      return response
    }

    mutating func key(_ text: String) {
      for character in text { send(.key(.character(character), [])) }
    }

    mutating func key(_ key: Key) { send(.key(key, [])) }

    /// A poll a second later, as the run loop makes them.
    @discardableResult
    mutating func poll() -> TerminalProgramResponse {
      time += 1
      let response = screen.poll(at: time)
      draw()
      return response
    }

    /// Drags with the mouse from one cell to another, in steps.
    mutating func drag(from start: (Int, Int), to end: (Int, Int), release: Bool = true) {
      send(.mouse(MouseEvent(.press, .left, column: start.0, row: start.1)))
      for step in 1...4 {
        let column = start.0 + (end.0 - start.0) * step / 4
        let row = start.1 + (end.1 - start.1) * step / 4
        send(.mouse(MouseEvent(.motion, .left, column: column, row: row)))
      }
      if release { send(.mouse(MouseEvent(.release, .left, column: end.0, row: end.1))) }
    }

    var lines: [String] { buffer.lines }

    /// Where `text` first appears on screen (column in cells, row).
    func locate(_ text: String) -> (Int, Int)? {
      for (row, line) in lines.enumerated() {
        guard let range = line.range(of: text) else { continue }
        return (TextWrapping.width(of: String(line[..<range.lowerBound])), row)
      }
      return nil
    }

    /// The titles of each column, from the document.
    var titles: [[String]] { screen.document.columns.map { $0.cards.map(\.title) } }
  }

  @Test("The board shows its columns side by side with counts, cards and the file name")
  func firstFrame() throws {
    let harness = try Harness()
    let lines = harness.lines
    #expect(lines[0].contains("To Do · 3"))
    #expect(lines[0].contains("Doing · 1"))
    #expect(lines[0].contains("Done · 0"))
    let alpha = try #require(harness.locate("Alpha"))
    let delta = try #require(harness.locate("Delta"))
    #expect(alpha.1 == delta.1)
    #expect(alpha.0 < delta.0)
    #expect(lines.last?.contains("board.md") == true)
    // The focus starts on the first card: a bar at its left.
    #expect(lines[alpha.1].contains("▌Alpha"))
    // Beta's description is summed up on the line under it.
    let beta = try #require(harness.locate("Beta"))
    #expect(lines[beta.1 + 1].contains("the second card"))
  }

  @Test("A mouse drag to another column moves the card, draws it there and saves the file")
  func mouseDragBetweenColumns() throws {
    var harness = try Harness()
    let beta = try #require(harness.locate("Beta"))
    let done = try #require(harness.locate("Done"))
    harness.drag(from: beta, to: (done.0, done.1 + 2))
    #expect(harness.titles == [["Alpha", "Gamma"], ["Delta"], ["Beta"]])
    #expect(harness.disk.text == Self.betaInDone)
    #expect(harness.disk.saves == 1)
    let moved = try #require(harness.locate("Beta"))
    #expect(moved.0 > done.0 - 2)
    #expect(harness.lines.last?.contains("Dropped Beta in Done") == true)
  }

  @Test("Reordering within a column with the mouse")
  func mouseReorder() throws {
    var harness = try Harness()
    let alpha = try #require(harness.locate("Alpha"))
    let gamma = try #require(harness.locate("Gamma"))
    harness.drag(from: alpha, to: (gamma.0, gamma.1 + 1))
    #expect(harness.titles[0] == ["Beta", "Gamma", "Alpha"])
    #expect(harness.disk.text?.contains("- Gamma\n- Alpha\n\n## Doing") == true)
  }

  @Test("Escape in the middle of a mouse drag leaves the board and the file as they were")
  func escapeCancels() throws {
    var harness = try Harness()
    let beta = try #require(harness.locate("Beta"))
    let done = try #require(harness.locate("Done"))
    harness.drag(from: beta, to: (done.0, done.1 + 2), release: false)
    harness.key(.escape)
    harness.send(.mouse(MouseEvent(.release, .left, column: done.0, row: done.1 + 2)))
    #expect(harness.titles == [["Alpha", "Beta", "Gamma"], ["Delta"], []])
    #expect(harness.disk.saves == 0)
    #expect(harness.disk.text == BoardScreenTests.board)
    #expect(harness.lines.last?.contains("Cancelled") == true)
  }

  @Test("Keyboard drag: Space lifts, → moves to the next column, ↓ moves down, Space drops")
  func keyboardDrag() throws {
    var harness = try Harness()
    harness.key("j")  // focus Beta
    harness.key(" ")
    #expect(harness.lines.last?.contains("Picked up Beta") == true)
    harness.key(.right)
    harness.key(.down)
    harness.key(" ")
    #expect(harness.titles == [["Alpha", "Gamma"], ["Delta", "Beta"], []])
    #expect(harness.disk.saves == 1)
    #expect(
      harness.screen.focusedCard.flatMap { harness.screen.document.card($0)?.title } == "Beta")
  }

  @Test("Selected cards (v) move together with the keyboard, as one edit undone with one u")
  func selectionKeyboardDrag() throws {
    var harness = try Harness()
    harness.key("v")  // Alpha
    #expect(harness.lines.last?.contains("1 card selected") == true)
    harness.key("jj")  // Gamma
    harness.key("v")
    #expect(harness.lines.contains { $0.contains("Alpha") && $0.contains("●") })
    harness.key(" ")
    #expect(harness.lines.last?.contains("Picked up 2 cards") == true)
    harness.key(.right)
    harness.key(" ")
    #expect(harness.titles == [["Beta"], ["Delta", "Alpha", "Gamma"], []])
    #expect(harness.lines.last?.contains("Dropped 2 cards in Doing, positions 2–3 of 3") == true)
    #expect(harness.disk.saves == 1)
    harness.key("u")
    #expect(harness.titles == [["Alpha", "Beta", "Gamma"], ["Delta"], []])
    // Esc clears the selection: one card moves alone again.
    harness.key(.escape)
    #expect(harness.screen.selection.isEmpty)
  }

  @Test("Shift-click selects cards; dragging one of them with the mouse carries the others")
  func selectionMouseDrag() throws {
    var harness = try Harness()
    let alpha = try #require(harness.locate("Alpha"))
    let gamma = try #require(harness.locate("Gamma"))
    harness.send(
      .mouse(MouseEvent(.press, .left, column: alpha.0, row: alpha.1, modifiers: .shift)))
    harness.send(.mouse(MouseEvent(.release, .left, column: alpha.0, row: alpha.1)))
    harness.send(
      .mouse(MouseEvent(.press, .left, column: gamma.0, row: gamma.1, modifiers: .shift)))
    harness.send(.mouse(MouseEvent(.release, .left, column: gamma.0, row: gamma.1)))
    #expect(harness.screen.selection.count == 2)
    #expect(harness.titles == [["Alpha", "Beta", "Gamma"], ["Delta"], []])
    let done = try #require(harness.locate("Done"))
    harness.drag(from: gamma, to: (done.0, done.1 + 2))
    #expect(harness.titles == [["Beta"], ["Delta"], ["Alpha", "Gamma"]])
    #expect(harness.disk.saves == 1)
  }

  @Test("During a keyboard move the cards below the target make room instead of hiding")
  func keyboardDragMakesRoom() throws {
    var harness = try Harness()
    harness.key("j")  // Beta
    harness.key(" ")
    harness.key(.right)
    harness.key(.up)  // above Delta
    let ghost = try #require(harness.locate("Beta"))
    let delta = try #require(harness.locate("Delta"))
    #expect(ghost.0 == delta.0)
    // Beta takes two rows (title and details) and one of spacing.
    #expect(delta.1 == ghost.1 + 3)
    harness.key(.escape)
    let after = try #require(harness.locate("Delta"))
    #expect(after.1 == ghost.1)
  }

  @Test("Swap mode: dropping a card on another exchanges the two")
  func exchangeMode() throws {
    var harness = try Harness()
    harness.key("x")
    #expect(harness.screen.isExchangeMode)
    #expect(harness.lines.last?.contains("SWAP") == true)
    let alpha = try #require(harness.locate("Alpha"))
    let delta = try #require(harness.locate("Delta"))
    harness.drag(from: alpha, to: delta)
    #expect(harness.titles == [["Delta", "Beta", "Gamma"], ["Alpha"], []])
    #expect(harness.disk.text?.contains("## To Do\n\n- Delta\n- Beta") == true)
  }

  @Test("Undo restores the file as it was; redo does the change again")
  func undoRedo() throws {
    var harness = try Harness()
    harness.key(" ")
    harness.key(.right)
    harness.key(" ")
    #expect(harness.titles[1] == ["Delta", "Alpha"] || harness.titles[1] == ["Alpha", "Delta"])
    let moved = harness.disk.text
    harness.key("u")
    #expect(harness.disk.text == BoardScreenTests.board)
    #expect(harness.titles[0] == ["Alpha", "Beta", "Gamma"])
    #expect(harness.lines.last?.contains("Undid moving “Alpha”") == true)
    harness.key("r")
    #expect(harness.disk.text == moved)
    harness.key("u")
    harness.key("u")
    #expect(harness.lines.last?.contains("Nothing to undo") == true)
  }

  @Test("a adds a card with a Unicode title at the end of the focused column")
  func addCard() throws {
    var harness = try Harness()
    harness.key(.right)  // Doing
    harness.key("a")
    #expect(harness.lines.last?.contains("New card in Doing:") == true)
    harness.send(.paste("Prüfen 日本語 ✨"))
    harness.key(.enter)
    #expect(harness.titles[1] == ["Delta", "Prüfen 日本語 ✨"])
    #expect(harness.disk.text?.contains("- Delta\n- Prüfen 日本語 ✨\n") == true)
    #expect(harness.locate("Prüfen 日本語 ✨") != nil)
    harness.key("u")
    #expect(harness.disk.text == BoardScreenTests.board)
  }

  @Test("e edits the focused card's title; an empty title is refused and editing goes on")
  func editCard() throws {
    var harness = try Harness()
    harness.key("e")
    harness.send(.key(.character("u"), .control))
    harness.key(.enter)
    #expect(harness.titles[0][0] == "Alpha")
    #expect(harness.lines.last?.contains("Title:") == true)
    harness.key("Omega")
    harness.key(.enter)
    #expect(harness.titles[0] == ["Omega", "Beta", "Gamma"])
    #expect(harness.disk.text?.contains("- Omega\n- Beta\n") == true)
  }

  @Test("Escape leaves the prompt without changing anything")
  func promptCancel() throws {
    var harness = try Harness()
    harness.key("a")
    harness.key("Nope")
    harness.key(.escape)
    #expect(harness.titles[0] == ["Alpha", "Beta", "Gamma"])
    #expect(harness.disk.saves == 0)
    harness.key("e")
    #expect(harness.send(.key(.character("c"), .control)) == .changed)
    #expect(harness.lines.last?.contains("Cancelled") == true)
    #expect(harness.send(.key(.character("c"), .control)) == .quit)
  }

  @Test("D deletes the focused card with its details; undo brings it back")
  func deleteCard() throws {
    var harness = try Harness()
    harness.key("j")
    harness.key("D")
    #expect(harness.titles[0] == ["Alpha", "Gamma"])
    #expect(harness.disk.text?.contains("the second card") == false)
    #expect(
      harness.screen.focusedCard.flatMap { harness.screen.document.card($0)?.title } == "Gamma")
    harness.key("u")
    #expect(harness.disk.text == BoardScreenTests.board)
  }

  @Test("A change made while the file is changing on disk waits; R reloads, W overwrites")
  func externalChange() throws {
    var harness = try Harness()
    let external = BoardScreenTests.board.replacingOccurrences(of: "Delta", with: "Epsilon")
    harness.disk.bytes = Array(external.utf8)
    harness.key(" ")
    harness.key(.right)
    harness.key(" ")
    #expect(harness.disk.text == external)
    #expect(harness.screen.hasUnsavedChanges)
    #expect(harness.lines.last?.contains("board.md is changing on disk") == true)
    harness.key("R")
    #expect(harness.titles == [["Alpha", "Beta", "Gamma"], ["Epsilon"], []])
    #expect(!harness.screen.hasUnsavedChanges)
    #expect(harness.disk.text == external)
    // History described the old file: nothing to undo after a reload.
    harness.key("u")
    #expect(harness.lines.last?.contains("Nothing to undo") == true)
    // The focus stayed at its place (second card of Doing, so now its only card, Epsilon).
    #expect(
      harness.screen.focusedCard.flatMap { harness.screen.document.card($0)?.title } == "Epsilon")
    // The same again, but overwriting.
    harness.disk.bytes = Array(BoardScreenTests.board.utf8)
    harness.key("D")
    #expect(harness.screen.hasUnsavedChanges)
    harness.key("W")
    #expect(!harness.screen.hasUnsavedChanges)
    #expect(harness.disk.text?.contains("Delta") == false)
    #expect(harness.disk.text?.contains("Epsilon") == false)
    #expect(harness.disk.text?.contains("Alpha") == true)
  }

  @Test("A change waiting for an outside edit to settle is saved on top of it at the next polls")
  func changeSavedOnTopOfSettledEdit() throws {
    var harness = try Harness()
    let external = BoardScreenTests.board.replacingOccurrences(of: "Delta", with: "Epsilon")
    harness.disk.bytes = Array(external.utf8)
    harness.key(" ")
    harness.key(.right)
    harness.key(" ")
    #expect(harness.screen.hasUnsavedChanges)
    #expect(harness.disk.text == external)
    // The first poll sees the edit; the next one finds it unchanged and combines the two.
    harness.poll()
    #expect(harness.screen.hasUnsavedChanges)
    #expect(harness.poll() == .changed)
    #expect(!harness.screen.hasUnsavedChanges)
    #expect(harness.titles == [["Beta", "Gamma"], ["Alpha", "Epsilon"], []])
    #expect(
      harness.disk.text
        == """
        # Project

        ## To Do

        - Beta
            > the second card
        - Gamma

        ## Doing

        - Alpha
        - Epsilon

        ## Done

        """)
    #expect(harness.lines.last?.contains("saved on top") == true)
  }

  @Test("A change that cannot be combined with a settled outside edit waits for R or W")
  func conflictingOutsideEdit() throws {
    var harness = try Harness()
    // Another program renames Alpha while Alpha is moved here.
    let external = BoardScreenTests.board.replacingOccurrences(of: "Alpha", with: "Alef")
    harness.disk.bytes = Array(external.utf8)
    harness.poll()
    harness.key(" ")
    harness.key(.right)
    harness.key(" ")
    #expect(harness.screen.hasUnsavedChanges)
    #expect(harness.disk.text == external)
    // The next poll finds the edit settled, and the move cannot be carried over to it.
    #expect(harness.poll() == .changed)
    #expect(
      harness.screen.status.message
        == "board.md changed on disk, and this change cannot be combined with it: “Alpha” was "
        + "changed or removed on disk too. R reloads the file, W overwrites it")
    #expect(harness.screen.status.hint.contains("R reload  W overwrite"))
    #expect(harness.poll() == .unchanged)
    #expect(harness.disk.text == external)
    harness.key("W")
    #expect(!harness.screen.hasUnsavedChanges)
    #expect(harness.disk.text?.contains("Alef") == false)
    #expect(harness.titles == [["Beta", "Gamma"], ["Alpha", "Delta"], []])
  }

  @Test("q with unsaved changes asks first; a second q quits")
  func quitWithUnsavedChanges() throws {
    var harness = try Harness()
    #expect(harness.send(.key(.character("q"), [])) == .quit)
    harness.disk.failure = BoardFileError(
      kind: .cannotWrite, path: "/boards/board.md", message: "Cannot save board.md: disk full.")
    harness.key("D")
    #expect(harness.lines.last?.contains("Not saved: Cannot save board.md: disk full.") == true)
    #expect(harness.send(.key(.character("q"), [])) == .changed)
    #expect(harness.lines.last?.contains("unsaved changes") == true)
    #expect(harness.send(.key(.character("q"), [])) == .quit)
  }

  @Test("Wide titles wrap inside narrow columns without splitting a character")
  func unicodeWrapping() throws {
    let text = "## 列\n\n- 日本語のとても長いタスクの名前です\n- Émile’s café ☕️ menu 👩‍👩‍👧\n\n## B\n"
    let harness = try Harness(text, columns: 30, rows: 12)
    let lines = harness.lines
    // 15 columns per box: 11 cells of text per card line.
    let wrapped = lines.filter { $0.contains("日本語") || $0.contains("タスク") || $0.contains("です") }
    #expect(wrapped.count >= 2)
    for line in lines {
      #expect(TextWrapping.width(of: line) <= 30)
    }
    #expect(lines.contains { $0.contains("👩‍👩‍👧") || $0.contains("café") })
  }

  @Test("The wheel scrolls a column, and arrows mark hidden cards")
  func wheelScrolls() throws {
    let cards = (1...20).map { "- Card \($0)" }.joined(separator: "\n")
    var harness = try Harness("## Long\n\n\(cards)\n\n## Other\n", columns: 40, rows: 10)
    #expect(harness.locate("Card 1 ") != nil)
    #expect(harness.lines[8].contains("▼"))
    harness.send(.mouse(MouseEvent(.wheelDown, .none, column: 3, row: 3)))
    harness.send(.mouse(MouseEvent(.wheelDown, .none, column: 3, row: 3)))
    #expect(harness.lines[0].contains("▲"))
    #expect(harness.lines.joined().contains("Card 1 ") == false)
  }

  @Test("More columns than fit: the board scrolls sideways to the focus and to a keyboard drag")
  func manyColumns() throws {
    let text = (1...6).map { "## C\($0)\n\n- Card \($0)\n" }.joined(separator: "\n")
    var harness = try Harness(text, columns: 40, rows: 10)
    // 40 cells fit three columns of 12 or more.
    #expect(harness.lines[0].contains("C1 · 1"))
    #expect(harness.lines[0].contains("C3 · 1 ▶"))
    #expect(!harness.lines[0].contains("C4"))
    harness.key("llll")
    #expect(harness.lines[0].contains("◀ C3 · 1"))
    #expect(harness.lines[0].contains("C5 · 1 ▶"))
    #expect(!harness.lines[0].contains("C1"))
    harness.key("hhhh")
    #expect(harness.lines[0].contains("C1 · 1"))
    // A keyboard drag from the first column to the last brings the last into view.
    harness.key(" ")
    harness.key("lllll")
    #expect(harness.lines[0].contains("C6 · 1"))
    harness.key(" ")
    // The index is kept (clamped) across columns: first place.
    #expect(harness.titles[5] == ["Card 1", "Card 6"])
    #expect(harness.disk.text?.hasSuffix("## C6\n\n- Card 1\n- Card 6\n") == true)
    #expect(harness.locate("Card 1") != nil)
  }

  @Test("A reload that fails to parse keeps refusing to save over the file (review finding)")
  func failedReloadKeepsRefusing() throws {
    var harness = try Harness()
    // Another program (or a person in an editor) saves a half-typed column heading.
    let external = BoardScreenTests.board.replacingOccurrences(of: "- Delta", with: "- Delta\n## ")
    harness.disk.bytes = Array(external.utf8)
    harness.key("R")
    #expect(harness.lines.last?.contains("Cannot reload board.md: line") == true)
    harness.key("D")  // any committed change
    #expect(harness.disk.text == external)
    #expect(harness.screen.hasUnsavedChanges)
  }

  @Test("A reload with fewer columns, then a click and the wheel where a column was")
  func reloadFewerColumns() throws {
    var harness = try Harness()
    harness.disk.bytes = Array("## Only\n\n- One\n".utf8)
    harness.key("R")
    #expect(harness.titles == [["One"]])
    #expect(harness.lines[0].contains("Only · 1"))
    harness.send(.mouse(MouseEvent(.wheelDown, .none, column: 50, row: 3)))
    harness.send(.mouse(MouseEvent(.press, .left, column: 50, row: 3)))
    harness.send(.mouse(MouseEvent(.release, .left, column: 50, row: 3)))
    harness.key("D")
    #expect(harness.titles == [[]])
    #expect(harness.disk.text == "## Only\n\n")
  }

  @Test("e then Enter keeps a long title (over 500 characters) and does not save (review finding)")
  func editKeepsLongTitle() throws {
    let long = String(repeating: "word ", count: 130) + "END"
    var harness = try Harness("## A\n\n- \(long)\n")
    harness.key("e")
    harness.key(.enter)
    #expect(harness.screen.document.columns[0].cards[0].title == long)
    #expect(harness.disk.saves == 0)
    #expect(harness.lines.last?.contains("Title unchanged") == true)
  }

  @Test("Clicking an empty column moves the focus off the cards of other columns")
  func clickEmptyColumn() throws {
    var harness = try Harness()
    let done = try #require(harness.locate("Done"))
    harness.send(.mouse(MouseEvent(.press, .left, column: done.0, row: done.1 + 3)))
    harness.send(.mouse(MouseEvent(.release, .left, column: done.0, row: done.1 + 3)))
    #expect(harness.screen.focusedCard == nil)
    #expect(harness.screen.focusedColumn == 2)
    harness.key("D")
    #expect(harness.titles == [["Alpha", "Beta", "Gamma"], ["Delta"], []])
    #expect(harness.disk.saves == 0)
  }

  @Test("An outside edit is reloaded once two polls find it unchanged, when nothing is unsaved")
  func pollReloadsOutsideEdit() throws {
    var harness = try Harness()
    harness.key("j")  // Beta, the second card of To Do
    #expect(harness.poll() == .unchanged)
    harness.disk.bytes = Array(
      BoardScreenTests.board.replacingOccurrences(of: "- Alpha", with: "- Zeta").utf8)
    #expect(harness.poll() == .unchanged)
    #expect(harness.titles[0] == ["Alpha", "Beta", "Gamma"])
    #expect(harness.poll() == .changed)
    #expect(harness.titles[0] == ["Zeta", "Beta", "Gamma"])
    #expect(harness.lines.last?.contains("board.md changed on disk; reloaded it") == true)
    #expect(
      harness.screen.focusedCard.flatMap { harness.screen.document.card($0)?.title } == "Beta")
    #expect(harness.poll() == .unchanged)
    // Saves go on as usual afterwards.
    harness.key("D")
    #expect(harness.disk.text?.contains("Beta") == false)
    #expect(!harness.screen.hasUnsavedChanges)
  }

  @Test("An outside edit that does not parse is reported once and never saved over")
  func pollUnparsableOutsideEdit() throws {
    var harness = try Harness()
    let broken = BoardScreenTests.board + "##\n"
    harness.disk.bytes = Array(broken.utf8)
    #expect(harness.poll() == .unchanged)
    #expect(harness.poll() == .changed)
    #expect(harness.lines.last?.contains("Cannot reload board.md: line") == true)
    #expect(harness.poll() == .unchanged)
    harness.key("D")
    #expect(harness.disk.text == broken)
    #expect(harness.screen.hasUnsavedChanges)
  }

  @Test("No reload in the middle of a drag; the drop is saved on top of the edit once it settles")
  func pollDuringDrag() throws {
    var harness = try Harness()
    harness.key(" ")
    let outside = BoardScreenTests.board.replacingOccurrences(of: "Gamma", with: "Omega")
    harness.disk.bytes = Array(outside.utf8)
    #expect(harness.poll() == .unchanged)
    harness.key(.right)
    harness.key(" ")
    #expect(harness.disk.text == outside)
    #expect(harness.lines.last?.contains("changing on disk") == true)
    harness.poll()
    harness.poll()
    #expect(!harness.screen.hasUnsavedChanges)
    #expect(harness.titles == [["Beta", "Omega"], ["Alpha", "Delta"], []])
    #expect(harness.disk.bytes == harness.screen.document.serialized())
  }

  @Test("An outside edit still being written is never taken in, however long it stays")
  func outsideEditBeingWritten() throws {
    var harness = try Harness()
    // Another program truncated the file, wrote part of it, and keeps it open.
    let partial = String(BoardScreenTests.board.prefix(40))
    harness.disk.bytes = Array(partial.utf8)
    harness.disk.isBeingWritten = true
    for _ in 0..<5 { #expect(harness.poll() == .unchanged) }
    #expect(harness.titles[0] == ["Alpha", "Beta", "Gamma"])
    // A change here is not saved over it either.
    harness.key("D")
    #expect(harness.screen.hasUnsavedChanges)
    #expect(harness.disk.text == partial)
    for _ in 0..<3 { harness.poll() }
    #expect(harness.disk.text == partial)
    // The writer finishes: the file settles, and the change is saved on top of it.
    let finished = BoardScreenTests.board.replacingOccurrences(of: "Delta", with: "Delta!")
    harness.disk.bytes = Array(finished.utf8)
    harness.disk.isBeingWritten = false
    harness.poll()
    harness.poll()
    #expect(!harness.screen.hasUnsavedChanges)
    #expect(harness.titles == [["Beta", "Gamma"], ["Delta!"], []])
  }

  @Test("An outside edit that changes at every poll is never taken in")
  func outsideEditStillGrowing() throws {
    var harness = try Harness()
    var text = "## To Do\n\n"
    for step in 0..<6 {
      text += "- Card \(step)\n"
      harness.disk.bytes = Array(text.utf8)
      #expect(harness.poll() == .unchanged)
      #expect(harness.titles[0] == ["Alpha", "Beta", "Gamma"])
    }
    #expect(harness.poll() == .changed)
    #expect(harness.titles == [(0..<6).map { "Card \($0)" }])
  }

  @Test("A mouse drag held at the right edge scrolls hidden columns into view, one at a time")
  func mouseDragScrollsSideways() throws {
    let text = (1...6).map { "## C\($0)\n\n- Card \($0)\n" }.joined(separator: "\n")
    var harness = try Harness(text, columns: 40, rows: 10)
    let card = try #require(harness.locate("Card 1"))
    harness.drag(from: card, to: (39, 3), release: false)
    #expect(harness.screen.needsAnimationFrame(at: harness.time))
    #expect(harness.lines[0].contains("C3 · 1 ▶"))
    // Held still: a step after the dwell, then one per interval, until the last column shows.
    for _ in 0..<8 {
      harness.time += 0.25
      harness.draw()
    }
    #expect(harness.lines[0].contains("C6 · 1"))
    #expect(!harness.lines[0].contains("C3"))
    #expect(!harness.screen.needsAnimationFrame(at: harness.time + 10))
    let last = try #require(harness.locate("C6"))
    harness.send(.mouse(MouseEvent(.motion, .left, column: last.0, row: 3)))
    harness.send(.mouse(MouseEvent(.release, .left, column: last.0, row: 3)))
    #expect(harness.titles[5] == ["Card 6", "Card 1"])
    #expect(harness.titles[0].isEmpty)
  }

  @Test("During a mouse drag the ghost follows the pointer and markers show where it lands")
  func ghostAndMarkers() throws {
    var harness = try Harness()
    let alpha = try #require(harness.locate("Alpha"))
    let delta = try #require(harness.locate("Delta"))
    harness.drag(from: alpha, to: (delta.0 + 2, delta.1 + 2), release: false)
    // The origin stays (dimmed) in To Do; the ghost, Alpha's title too, sits under the pointer.
    let rows = harness.lines.indices.filter { row in
      let line = Array(harness.lines[row])
      return line.count > 20 && String(line[20...]).contains("Alpha")
    }
    #expect(rows == [delta.1 + 2])
    #expect(harness.lines[alpha.1].contains("Alpha"))
    // Markers either side of Doing where Alpha would land: after Delta.
    let markers = harness.lines.filter { $0.contains("▶") && $0.contains("◀") }
    #expect(markers.count == 1)
    #expect(harness.lines.last?.contains("Doing") == true)
  }

  @Test("Click selects the card under the pointer")
  func clickSelects() throws {
    var harness = try Harness()
    let gamma = try #require(harness.locate("Gamma"))
    harness.send(.mouse(MouseEvent(.press, .left, column: gamma.0 + 1, row: gamma.1)))
    harness.send(.mouse(MouseEvent(.release, .left, column: gamma.0 + 1, row: gamma.1)))
    #expect(
      harness.screen.focusedCard.flatMap { harness.screen.document.card($0)?.title } == "Gamma")
    #expect(harness.lines[gamma.1].contains("▌Gamma"))
    #expect(harness.disk.saves == 0)
  }

  @Test("Holding a dragged card at a column's bottom edge scrolls the column")
  func autoScroll() throws {
    let cards = (1...30).map { "- Card \($0)" }.joined(separator: "\n")
    var harness = try Harness("## Long\n\n\(cards)\n\n## Other\n", columns: 40, rows: 12)
    let card = try #require(harness.locate("Card 2 "))
    harness.drag(from: card, to: (card.0, 9), release: false)
    #expect(harness.screen.needsAnimationFrame(at: harness.time))
    for _ in 0..<30 {
      harness.time += 1.0 / 30
      harness.draw()
    }
    #expect(harness.lines[0].contains("▲"))
    #expect(harness.locate("Card 1 ") == nil)
    harness.key(.escape)
    harness.send(.mouse(MouseEvent(.release, .left, column: card.0, row: 9)))
    #expect(harness.disk.saves == 0)
  }

  @Test("Help lists the keys, and any key closes it")
  func help() throws {
    var harness = try Harness()
    harness.key("?")
    #expect(harness.lines.contains { $0.contains("swap mode") })
    harness.key("j")
    #expect(!harness.lines.contains { $0.contains("swap mode") })
    // The key that closed the help did nothing else.
    #expect(
      harness.screen.focusedCard.flatMap { harness.screen.document.card($0)?.title } == "Alpha")
  }
}
