import ArrangeBoard
import ArrangeBoardTerminal
import ArrangeTerminal
import Testing

/// Card details, columns, search, and Obsidian boards on the terminal screen.
@Suite struct BoardScreenFeatureTests {
  typealias Harness = BoardScreenTests.Harness

  static let detailed = """
    ## To Do

    - Write
        > Why it matters
        * [ ] draft
        * [x] outline
    - Other

    ## Done

    """

  // MARK: - Card details

  @Test("Enter opens a card; Space ticks a subtask; a adds one; J moves it; all saved")
  func cardDetails() throws {
    var harness = try Harness(Self.detailed)
    harness.key(.enter)
    #expect(harness.lines.contains { $0.contains("Card") && $0.contains("╭") })
    #expect(harness.locate("☐ draft") != nil)
    #expect(harness.locate("☑ outline") != nil)
    #expect(harness.locate("Why it matters") != nil)
    // Rows: title, due, one description line, two subtasks.
    harness.key("jjj")
    harness.key(" ")
    #expect(harness.disk.text?.contains("    * [x] draft\n    * [x] outline\n") == true)
    harness.key("a")
    #expect(harness.lines.last?.contains("New subtask:") == true)
    harness.send(.paste("review"))
    harness.key(.enter)
    #expect(harness.disk.text?.contains("    * [x] outline\n    * [ ] review\n- Other") == true)
    // The new subtask is selected: K moves it up.
    harness.key("K")
    #expect(
      harness.disk.text?.contains("    * [x] draft\n    * [ ] review\n    * [x] outline\n") == true)
    harness.key("@")
    harness.send(.paste("2025-03-01"))
    harness.key(.enter)
    #expect(
      harness.disk.text?.contains("- Write\n    @ 2025-03-01\n    > Why it matters\n") == true)
    harness.key("d")
    harness.send(.paste("A second line"))
    harness.key(.enter)
    #expect(harness.disk.text?.contains("    > Why it matters\n    > A second line\n") == true)
    #expect(
      harness.screen.document.details(of: harness.screen.document.columns[0].cards[0].id)?.subtasks
        .count == 3)
    harness.key(.escape)
    #expect(!harness.lines.contains { $0.contains("Space tick") })
    // Undo takes back the last change only.
    harness.key("u")
    #expect(harness.disk.text?.contains("A second line") == false)
    #expect(harness.disk.text?.contains("@ 2025-03-01") == true)
  }

  @Test("Subtasks reorder by dragging them with the mouse in the card")
  func dragSubtask() throws {
    var harness = try Harness(Self.detailed)
    harness.key(.enter)
    let draft = try #require(harness.locate("☐ draft"))
    let outline = try #require(harness.locate("☑ outline"))
    harness.send(.mouse(MouseEvent(.press, .left, column: draft.0, row: draft.1)))
    harness.send(.mouse(MouseEvent(.motion, .left, column: outline.0, row: outline.1)))
    harness.send(.mouse(MouseEvent(.release, .left, column: outline.0, row: outline.1)))
    #expect(harness.disk.text?.contains("    * [x] outline\n    * [ ] draft\n") == true)
  }

  // MARK: - Columns

  @Test("C adds a column, E renames it, < and > move it, X removes it (twice when it has cards)")
  func columnKeys() throws {
    var harness = try Harness(Self.detailed)
    harness.key("C")
    harness.send(.paste("Doing"))
    harness.key(.enter)
    #expect(harness.screen.document.columns.map(\.title) == ["To Do", "Doing", "Done"])
    #expect(harness.disk.text?.contains("- Other\n\n## Doing\n\n## Done\n") == true)
    harness.key("E")
    harness.send(.key(.character("u"), .control))
    harness.send(.paste("Busy"))
    harness.key(.enter)
    #expect(harness.screen.document.columns.map(\.title) == ["To Do", "Busy", "Done"])
    harness.key(">")
    #expect(harness.screen.document.columns.map(\.title) == ["To Do", "Done", "Busy"])
    harness.key("<")
    harness.key("<")
    #expect(harness.screen.document.columns.map(\.title) == ["Busy", "To Do", "Done"])
    harness.key("X")
    #expect(harness.screen.document.columns.map(\.title) == ["To Do", "Done"])
    // To Do holds cards: the first X asks, the second removes.
    harness.key("X")
    #expect(harness.lines.last?.contains("X again removes it") == true)
    #expect(harness.screen.document.columns.count == 2)
    harness.key("X")
    #expect(harness.screen.document.columns.map(\.title) == ["Done"])
    harness.key("u")
    #expect(harness.screen.document.columns.map(\.title) == ["To Do", "Done"])
  }

  @Test("Dragging a column's title with the mouse moves the column")
  func dragColumnHeader() throws {
    var harness = try Harness(BoardScreenTests.board)
    let title = try #require(harness.locate("To Do · 3"))
    let done = try #require(harness.locate("Done · 0"))
    // Past the middle of Done's title bar.
    harness.drag(from: title, to: (done.0 + 12, done.1))
    #expect(harness.screen.document.columns.map(\.title) == ["Doing", "Done", "To Do"])
    #expect(
      harness.disk.text?.hasSuffix(
        "- Delta\n\n## Done\n\n## To Do\n\n- Alpha\n- Beta\n    > the second card\n- Gamma\n")
        == true)
    #expect(harness.locate("To Do · 3")?.0 ?? 0 > harness.locate("Done · 0")?.0 ?? 0)
  }

  // MARK: - Search

  @Test("/ shows only matching cards as you type; a drop lands between the cards in view")
  func search() throws {
    var harness = try Harness(BoardScreenTests.board)
    harness.key("/")
    harness.key("a")
    // Alpha, Beta (“the second card”), Gamma and Delta all contain an a.
    harness.key("m")
    #expect(harness.locate("Gamma") != nil)
    #expect(harness.locate("Alpha") == nil)
    #expect(harness.locate("Delta") == nil)
    harness.key(.enter)
    #expect(harness.screen.searchText == "am")
    #expect(harness.lines[0].contains("To Do · 1/3"))
    // Gamma moves to Doing with the keyboard: past Delta, hidden, it stays after it.
    harness.key(" ")
    harness.key(.right)
    harness.key(" ")
    #expect(harness.titles == [["Alpha", "Beta"], ["Delta", "Gamma"], []])
    harness.key(.escape)
    #expect(harness.screen.searchText.isEmpty)
    #expect(harness.locate("Alpha") != nil)
  }

  @Test("A drop while searching keeps the hidden cards in their order around it")
  func searchKeepsHiddenOrder() throws {
    let text = "## A\n\n- x one\n- y two\n- x three\n- y four\n\n## B\n\n- x five\n"
    var harness = try Harness(text)
    harness.key("/")
    harness.send(.paste("x"))
    harness.key(.enter)
    // Shown in A: x one, x three. Move “x five” between them.
    harness.key(.right)
    harness.key(" ")
    harness.key(.left)
    harness.key(.up)
    harness.key(.up)
    harness.key(.down)
    harness.key(" ")
    #expect(harness.titles == [["x one", "y two", "x five", "x three", "y four"], []])
  }

  // MARK: - Obsidian boards

  static let obsidian = """
    ---

    kanban-plugin: board

    ---

    ## To Do

    - [ ] a #urgent @{2024-05-01}
    - [ ] b

    ## Doing (1)

    - [ ] c

    ## Done

    **Complete**
    - [x] d

    ***

    ## Archive

    - [x] old


    %% kanban:settings
    ```
    {"kanban-plugin":"board"}
    ```
    %%

    """

  @Test("Obsidian: checkboxes as marks, limits in titles, a full lane refuses with the reason")
  func obsidianScreen() throws {
    var harness = try Harness(Self.obsidian, columns: 90)
    #expect(harness.locate("☐ a #urgent") != nil)
    #expect(harness.locate("☑ d") != nil)
    #expect(harness.lines[0].contains("Doing · 1 of max 1"))
    #expect(harness.lines[0].contains("✓ Done · 1"))
    #expect(!harness.lines[0].contains("Archive"))
    // Tags and dates are underlined.
    let tag = try #require(harness.locate("#urgent"))
    #expect(harness.buffer[tag.0, tag.1].style.isUnderlined)
    #expect(!harness.buffer[tag.0 - 2, tag.1].style.isUnderlined)
    // b into the full Doing lane: refused.
    let before = harness.disk.text
    let b = try #require(harness.locate("☐ b"))
    let c = try #require(harness.locate("☐ c"))
    harness.drag(from: b, to: (c.0, c.1 + 1))
    #expect(harness.disk.text == before)
    #expect(harness.titles[1] == ["c"])
    // a into Done: ticked.
    let a = try #require(harness.locate("☐ a"))
    let d = try #require(harness.locate("☑ d"))
    harness.drag(from: a, to: (d.0, d.1 + 1))
    #expect(
      harness.disk.text?.contains("**Complete**\n- [x] d\n- [x] a #urgent @{2024-05-01}\n\n***")
        == true)
    // t unticks the focused card.
    harness.key("t")
    #expect(harness.disk.text?.contains("- [ ] a #urgent") == true)
    // A shows the archive.
    harness.key("A")
    #expect(harness.locate("Archive · 1") != nil)
    #expect(harness.locate("☑ old") != nil)
    harness.key("A")
    #expect(harness.locate("☑ old") == nil)
  }
}
