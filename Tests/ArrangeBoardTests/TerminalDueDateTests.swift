import ArrangeTerminal
import Testing

@testable import ArrangeBoard
@testable import ArrangeBoardTerminal

/// Due dates in the terminal: overdue, today and soon said on the card in words with a sign
/// (the colour only repeats them), and `d` lists the cards by due date across the columns.
@Suite struct TerminalDueDateTests {
  typealias Harness = BoardScreenTests.Harness

  /// Thursday 2026-11-26, 12:00, in UTC.
  static let clock = DueDateClock.fixed(year: 2026, month: 11, day: 26, hour: 12)

  static let board = """
    ## To Do

    - Later
        @ 2026-12-20
    - Late
        @ 2026-11-24
    - Plain

    ## Doing

    - Today
        @ 2026-11-26
    - Soon
        @ 2026-11-28
        * [ ] step

    """

  static func harness(_ text: String = board, columns: Int = 90, rows: Int = 16) throws -> Harness {
    var harness = try Harness(text, columns: columns, rows: rows)
    harness.screen.dueClock = clock
    harness.draw()
    return harness
  }

  @Test("A card due before today, today or in the next days says so on its summary line")
  func marks() throws {
    let harness = try Self.harness()
    let lines = harness.lines.joined(separator: "\n")
    #expect(lines.contains("⚠ overdue · @ 2026-11-24"))
    #expect(lines.contains("◷ due today · @ 2026-11-26"))
    #expect(lines.contains("◷ due in 2 days · @ 2026-11-28 · ☑ 0/1"))
    #expect(lines.contains("@ 2026-12-20"))
    #expect(!lines.contains("◷ due in 24"), "a date weeks away is marked")
    // The words carry the meaning; the colour repeats them.
    let (column, row) = try #require(harness.locate("⚠ overdue"))
    let late = harness.buffer[column + 2, row].style
    #expect(late.isBold && late.foreground == .basic(9))
    let (soonColumn, soonRow) = try #require(harness.locate("◷ due in 2 days"))
    #expect(harness.buffer[soonColumn + 2, soonRow].style.foreground == .basic(11))
  }

  @Test("An Obsidian card's date in its title is marked too, on a line of its own")
  func obsidianTitleDate() throws {
    let text =
      "---\n\nkanban-plugin: board\n\n---\n\n## To Do\n\n- [ ] Pay rent @{2026-11-25}\n- [ ] Next\n"
    let harness = try Self.harness(text)
    let rent = try #require(harness.locate("Pay rent"))
    #expect(harness.lines[rent.1 + 1].contains("⚠ overdue"))
    #expect(harness.locate("Next") != nil)
  }

  @Test("d lists the cards by due date across columns; Enter goes to the card, Esc closes")
  func dueList() throws {
    var harness = try Self.harness()
    harness.key("d")
    let lines = harness.lines
    let order = ["Late", "Today", "Soon", "Later"].map { title in
      lines.firstIndex { $0.contains(" \(title) — ") } ?? -1
    }
    #expect(order.allSatisfy { $0 >= 0 }, "\(lines)")
    #expect(order == order.sorted(), "not soonest first: \(order)")
    #expect(lines.contains { $0.contains("Due soonest · 4") })
    #expect(lines.contains { $0.contains("⚠ overdue · 2026-11-24") && $0.contains("Late — To Do") })
    #expect(!lines.contains { $0.contains(" Plain — ") })
    // ↓ ↓ Enter: the third, Soon in Doing, gets the focus.
    harness.key(.down)
    harness.key(.down)
    harness.key(.enter)
    #expect(!harness.lines.contains { $0.contains("Due soonest") })
    #expect(harness.screen.focusedCard == harness.screen.document.columns[1].cards[1].id)
    harness.key("d")
    harness.key(.escape)
    #expect(!harness.lines.contains { $0.contains("Due soonest") })
    #expect(harness.screen.document.columns.map(\.cards.count) == [3, 2], "a key moved a card")
  }

  @Test("A board with no due dates says so in the list")
  func noDueDates() throws {
    var harness = try Self.harness("## A\n\n- one\n")
    harness.key("d")
    #expect(harness.lines.contains { $0.contains("No card has a due date") })
  }

  @Test("Each tag has its colour, the hue the page gives it")
  func tagColours() throws {
    let harness = try Self.harness("## A\n\n- one #urgent\n- two #later #urgent\n")
    let first = try #require(harness.locate("#urgent"))
    let later = try #require(harness.locate("#later"))
    let urgentColour = harness.buffer[first.0 + 1, first.1].style.foreground
    #expect(urgentColour == TagColour.colour(of: "urgent"))
    #expect(harness.buffer[later.0 + 1, later.1].style.foreground == TagColour.colour(of: "later"))
    // The hues app.js's tagHue gives these names (run in Node): the same tag, the same hue.
    #expect(TagColour.hue(of: "urgent") == 285)
    #expect(TagColour.hue(of: "later") == 48)
    #expect(TagColour.hue(of: "日本") == 30)
    #expect(TagColour.hue(of: "URGENT") == 285)
    #expect(TagColour.colour(of: "urgent") != TagColour.colour(of: "later"))
  }
}
