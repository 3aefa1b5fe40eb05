import ArrangeBoard
import ArrangeBoardTerminal
import ArrangeTerminal
import Foundation
import Testing

/// taskell's default keys (its templates/bindings.ini), pressed on the board as a taskell user
/// would, checked against the file Arrange writes.
@Suite struct BoardScreenTaskellKeyTests {
  typealias Harness = BoardScreenTests.Harness

  /// To Do holds Alpha, Beta (with a detail line) and Gamma; Doing holds Delta; Done is empty.
  static let board = BoardScreenTests.board

  @Test("L and H move the card to the bottom of the next and previous column; the focus follows")
  func sideways() throws {
    var harness = try Harness()
    harness.key("j")  // Beta
    harness.key("L")
    #expect(harness.titles == [["Alpha", "Gamma"], ["Delta", "Beta"], []])
    #expect(
      harness.disk.text?.contains("## Doing\n\n- Delta\n- Beta\n    > the second card\n") == true)
    harness.key("L")  // focus followed: Beta goes on to Done
    #expect(harness.titles == [["Alpha", "Gamma"], ["Delta"], ["Beta"]])
    harness.key("L")
    #expect(harness.titles == [["Alpha", "Gamma"], ["Delta"], ["Beta"]])
    #expect(harness.lines.last?.contains("is in the last column") == true)
    harness.key("H")
    #expect(harness.titles == [["Alpha", "Gamma"], ["Delta", "Beta"], []])
    // One undo step per key.
    harness.key("u")
    harness.key("u")
    harness.key("u")
    #expect(harness.disk.text == Self.board)
  }

  @Test("J and K move the card down and up its column, stopping at the ends with a word")
  func upAndDown() throws {
    var harness = try Harness()
    harness.key("J")  // Alpha below Beta
    #expect(harness.titles[0] == ["Beta", "Alpha", "Gamma"])
    harness.key("J")
    #expect(harness.titles[0] == ["Beta", "Gamma", "Alpha"])
    harness.key("J")
    #expect(harness.titles[0] == ["Beta", "Gamma", "Alpha"])
    #expect(harness.lines.last?.contains("at the bottom already") == true)
    harness.key("K")
    #expect(harness.titles[0] == ["Beta", "Alpha", "Gamma"])
  }

  @Test("o and O add a card below and above the focused one; i edits as e does")
  func addBelowAndAbove() throws {
    var harness = try Harness()
    harness.key("j")  // Beta
    harness.key("o")
    harness.send(.paste("Below"))
    harness.key(.enter)
    #expect(harness.titles[0] == ["Alpha", "Beta", "Below", "Gamma"])
    harness.key("O")  // above the new card, which has the focus
    harness.send(.paste("Above"))
    harness.key(.enter)
    #expect(harness.titles[0] == ["Alpha", "Beta", "Above", "Below", "Gamma"])
    harness.key("i")
    #expect(harness.lines.last?.contains("Title: Above") == true)
    harness.key(.escape)
  }

  @Test("N adds a column at the end; m then a letter moves the card there; T completes it")
  func columnsMenuAndComplete() throws {
    var harness = try Harness(
      BoardScreenTests.board.replacingOccurrences(of: "- Gamma", with: "- Gamma\n    @ 2026-12-05"))
    harness.key("N")
    #expect(harness.lines.last?.contains("New column:") == true)
    harness.send(.paste("Later"))
    harness.key(.enter)
    #expect(harness.screen.document.columns.map(\.title) == ["To Do", "Doing", "Done", "Later"])
    harness.key("1")  // back to To Do, its first card: Alpha
    harness.key("m")
    #expect(harness.lines.last?.contains("Move to: a To Do · b Doing · c Done · d Later") == true)
    harness.key("d")
    #expect(harness.titles == [["Beta", "Gamma"], ["Delta"], [], ["Alpha"]])
    harness.key("1")
    harness.key("m")
    harness.key("z")  // no column z: the card stays
    #expect(harness.titles == [["Beta", "Gamma"], ["Delta"], [], ["Alpha"]])
    // T: Gamma to the top of the last column, its due date gone, in one undo step.
    harness.key("j")
    harness.key("T")
    #expect(harness.titles == [["Beta"], ["Delta"], [], ["Gamma", "Alpha"]])
    #expect(harness.disk.text?.contains("2026-12-05") == false)
    harness.key("u")
    #expect(harness.titles == [["Beta", "Gamma"], ["Delta"], [], ["Alpha"]])
    #expect(harness.disk.text?.contains("- Gamma\n    @ 2026-12-05") == true)
  }

  @Test("+ duplicates the card with its lines below it; Backspace removes a due date")
  func duplicateAndClearDue() throws {
    var harness = try Harness()
    harness.key("j")  // Beta, with "> the second card"
    harness.key("+")
    #expect(harness.titles[0] == ["Alpha", "Beta", "Beta", "Gamma"])
    #expect(
      harness.disk.text?.contains(
        "- Beta\n    > the second card\n- Beta\n    > the second card\n") == true)
    harness.key("u")
    #expect(harness.disk.text == Self.board)
    harness.key("@")
    harness.send(.paste("2026-12-24"))
    harness.key(.enter)
    harness.key(.escape)  // the details it opened
    #expect(
      harness.screen.document.details(of: harness.screen.document.columns[0].cards[1].id)?.due
        != nil)
    harness.send(.key(.backspace, []))
    #expect(harness.disk.text?.contains("2026-12-24") == false)
    #expect(harness.lines.last?.contains("Removed the due date") == true)
  }

  @Test("A key that does nothing says so; Space keeps lifting the card (Arrange's meaning)")
  func unknownKeysAndSpace() throws {
    var harness = try Harness()
    harness.key("Z")
    #expect(harness.lines.last?.contains("No key Z here — ? shows the keys") == true)
    #expect(harness.disk.text == Self.board)
    harness.key(" ")
    #expect(harness.lines.last?.contains("Picked up Alpha") == true)
    harness.key(.escape)
    #expect(harness.disk.text == Self.board)
  }
}

/// What the terminal's status line says about refusals, in the page's words, and only while it
/// is true.
@Suite struct BoardScreenStatusWordsTests {
  typealias Harness = BoardScreenTests.Harness

  /// An Obsidian board whose Doing lane takes one card and holds one.
  static let limited = """
    ---

    kanban-plugin: board

    ---

    ## Backlog

    - [ ] a
    - [ ] b

    ## Doing (1)

    - [ ] c

    %% kanban:settings
    ```
    {"kanban-plugin":"board"}
    ```
    %%
    """

  @Test("A keyboard drag into a full lane says why, as the page does, and where the card will go")
  func keyboardDragIntoFullLane() throws {
    var harness = try Harness(Self.limited)
    harness.key("j")  // b
    harness.key(" ")
    harness.key(.right)
    let said = harness.screen.status.message
    #expect(said.contains("“Doing” is full: it takes at most 1 card."), "\(said)")
    #expect(said.contains("Will return to position 2 in Backlog"), "\(said)")
    harness.key(" ")
    #expect(harness.disk.text == Self.limited)
    // By key too (L), the same words.
    harness.key("L")
    #expect(harness.screen.status.message == "“Doing” is full: it takes at most 1 card.")
  }

  @Test("A due date refused, then one accepted: the refusal leaves the status line")
  func staleRefusalCleared() throws {
    var harness = try Harness()
    harness.key(.enter)  // Alpha's details
    harness.key("@")
    harness.send(.paste("tomorrow"))
    harness.key(.enter)
    let refused = harness.screen.status.message
    #expect(!refused.isEmpty && !refused.hasPrefix("Due "), "\(refused)")
    harness.key("@")
    harness.send(.paste("1d"))
    harness.key(.enter)
    let said = harness.screen.status.message
    #expect(said.hasPrefix("Due "), "\(said)")
    #expect(!said.contains(refused))
    #expect(harness.disk.text?.contains("- Alpha\n    @ ") == true)
  }
}
