import ArrangeTestSupport
import Foundation
import Testing

/// Card details, column drags and search in the real `arrange` in tmux, with real keys and SGR
/// mouse bytes; each test checks the screen and the file.
@Suite(.serialized) struct BoardFeatureEndToEndTests {
  typealias Folder = BoardEndToEndTests.Folder

  static let board = """
    ## To Do

    - Write the README
        > A short tour
        * [ ] screenshot
    - Fix the bug

    ## Doing

    - Release

    ## Done

    """

  @Test("Card details: Enter opens the card, Space ticks a subtask, a adds one, Esc closes")
  func cardDetails() throws {
    let folder = try Folder(Self.board)
    defer { folder.remove() }
    let pane = try BoardEndToEndTests.pane("details", folder: folder)
    defer { pane.kill() }
    #expect(BoardEndToEndTests.locate("Write the", in: pane) != nil)
    pane.send("\r")
    #expect(pane.waitFor { $0.contains("☐ screenshot") && $0.contains("A short tour") })
    // Title, due date, one description line, then the subtask.
    pane.send("jjj ")
    #expect(pane.waitFor { $0.contains("☑ screenshot") })
    #expect(folder.text?.contains("    * [x] screenshot\n") == true)
    pane.send("a")
    pane.send("add tests\r")
    #expect(pane.waitFor { $0.contains("☐ add tests") })
    #expect(
      folder.text?.contains("    * [x] screenshot\n    * [ ] add tests\n- Fix the bug") == true)
    pane.send("\u{1B}")
    #expect(pane.waitFor { !$0.contains("Space tick") && $0.contains("☑ 1/2") })
  }

  @Test("Dragging a column's title with the mouse moves the column, on screen and in the file")
  func columnDrag() throws {
    let folder = try Folder(Self.board)
    defer { folder.remove() }
    let pane = try BoardEndToEndTests.pane("columns", folder: folder)
    defer { pane.kill() }
    let title = try #require(BoardEndToEndTests.locate("Done · 0", in: pane))
    let todo = try #require(BoardEndToEndTests.locate("To Do · 2", in: pane))
    BoardEndToEndTests.drag(in: pane, from: title, to: (todo.0, todo.1))
    #expect(pane.waitFor { $0.contains("Moved the column “Done” to place 1") })
    let done = try #require(BoardEndToEndTests.locate("Done · 0", in: pane))
    let todoAfter = try #require(BoardEndToEndTests.locate("To Do · 2", in: pane))
    #expect(done.0 < todoAfter.0)
    #expect(folder.text?.hasPrefix("## Done\n\n## To Do\n\n- Write the README\n") == true)
    // > moves the focused column back to the right.
    pane.send(">")
    #expect(pane.waitFor { $0.contains("Moved the column “Done” to place 2") })
    #expect(folder.text?.hasPrefix("## To Do\n") == true)
  }

  @Test("Search: / filters as you type, a keyboard move lands among the cards shown, Esc clears")
  func search() throws {
    let folder = try Folder(Self.board)
    defer { folder.remove() }
    let pane = try BoardEndToEndTests.pane("search", folder: folder)
    defer { pane.kill() }
    #expect(BoardEndToEndTests.locate("Fix the bug", in: pane) != nil)
    pane.send("/bug")
    #expect(pane.waitFor { $0.contains("Fix the bug") && !$0.contains("Write the") })
    #expect(pane.waitFor { $0.contains("To Do · 1/2") })
    pane.send("\r")
    // Fix the bug to Doing, where Release is hidden: it lands after Release.
    pane.send(" ")
    pane.send("\u{1B}[C")
    pane.send(" ")
    #expect(pane.waitFor { $0.contains("Doing · 1/2") })
    #expect(folder.text?.contains("## Doing\n\n- Release\n- Fix the bug\n") == true)
    pane.send("\u{1B}")
    #expect(pane.waitFor { $0.contains("Write the") && $0.contains("Release") })
  }

  @Test("An Obsidian board: marks, a full lane refusing a drop with the reason, the archive, t")
  func obsidianBoard() throws {
    let text = """
      ---

      kanban-plugin: board

      ---

      ## To Do

      - [ ] a
      - [ ] b

      ## Doing (1)

      - [ ] c

      ***

      ## Archive

      - [x] old

      %% kanban:settings
      ```
      {"kanban-plugin":"board"}
      ```
      %%
      """
    let folder = try Folder(text)
    defer { folder.remove() }
    let pane = try BoardEndToEndTests.pane("obsidian", folder: folder)
    defer { pane.kill() }
    #expect(pane.waitFor { $0.contains("☐ a") && $0.contains("Doing · 1 of max 1") })
    #expect(!pane.screen().joined().contains("Archive"))
    let b = try #require(BoardEndToEndTests.locate("☐ b", in: pane))
    let c = try #require(BoardEndToEndTests.locate("☐ c", in: pane))
    // Held over the full lane, the card is refused there and the status line says why.
    pane.mouse(0, column: b.0, row: b.1)
    pane.mouse(32, column: b.0 + 6, row: b.1)
    pane.mouse(32, column: c.0, row: c.1 + 2)
    #expect(pane.waitFor { $0.contains("“Doing” is full: it takes at most 1 card.") })
    pane.mouse(0, column: c.0, row: c.1 + 2, release: true)
    #expect(pane.waitFor { $0.contains("Dropped b where it was") })
    #expect(folder.text == text)
    // t ticks the focused card: b, which the press focused.
    pane.send("t")
    #expect(pane.waitFor { $0.contains("☑ b") })
    #expect(folder.text?.contains("- [ ] a\n- [x] b\n") == true)
    pane.send("A")
    #expect(pane.waitFor { $0.contains("Archive · 1") && $0.contains("☑ old") })
    #expect(folder.text?.hasSuffix("```\n%%") == true)
  }
}
