import ArrangeTerminal
import Testing

@testable import ArrangeBoard
@testable import ArrangeBoardTerminal

/// The dim line under a card's title in the terminal: what its details hold, cut visibly.
@Suite struct CardSummaryTests {
  static func card(_ details: [String]) -> BoardCard {
    BoardCard(id: CardID(0), title: "Plan", details: details)
  }

  @Test("A card with a description and subtasks shows both")
  func bothMarks() {
    let card = Self.card(["> Why it matters", "* [x] outline", "* [ ] draft"])
    #expect(BoardScreen<MemoryStorage>.detailSummary(of: card) == "☑ 1/2 · Why it matters")
    #expect(BoardScreen<MemoryStorage>.detailSummary(of: Self.card(["* [ ] draft"])) == "☑ 0/1")
    #expect(
      BoardScreen<MemoryStorage>.detailSummary(of: Self.card(["> Only words"])) == "Only words")
    #expect(
      BoardScreen<MemoryStorage>.detailSummary(
        of: Self.card(["@ 2026-12-24", "> Gifts", "- [x] list"]))
        == "@ 2026-12-24 · ☑ 1/1 · Gifts")
    #expect(BoardScreen<MemoryStorage>.detailSummary(of: Self.card([])) == nil)
  }

  @Test("A summary cut by the card's width ends with an ellipsis")
  func cutWithEllipsis() {
    let card = Self.card(["> The quarterly report for the board"])
    var buffer = CellBuffer(columns: 16, rows: 3)
    BoardScreen<MemoryStorage>.drawCard(
      card, in: CellRect(column: 0, row: 0, width: 16, height: 2), isFocused: false,
      isDimmed: false, into: &buffer)
    // 14 cells inside the card (its width less 2): 13 characters and "…".
    #expect(buffer.lines[1].hasPrefix(" The quarterly…"))
    // A summary that fits is not cut.
    var wide = CellBuffer(columns: 40, rows: 3)
    BoardScreen<MemoryStorage>.drawCard(
      card, in: CellRect(column: 0, row: 0, width: 40, height: 2), isFocused: false,
      isDimmed: false, into: &wide)
    #expect(wide.lines[1].hasPrefix(" The quarterly report for the board"))
    #expect(!wide.lines[1].contains("…"))
  }
}
