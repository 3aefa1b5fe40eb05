import ArrangeBoard
import ArrangeTerminal

/// The archive's cards (an Obsidian board's `## Archive`), shown over the board: not a column,
/// so nothing is dragged in or out of it.
struct ArchivePanel {
  /// Draws `cards` in a box in the middle of a screen of `size`, one title a row.
  static func draw(
    _ cards: [BoardCard], size: (columns: Int, rows: Int), into buffer: inout CellBuffer
  ) {
    let width = Swift.min(Swift.max(30, size.columns / 2), Swift.max(0, size.columns - 2))
    let height = Swift.min(cards.count + 2, Swift.max(0, size.rows - 2))
    let column = Swift.max(0, (size.columns - width) / 2)
    let row = Swift.max(0, (size.rows - 1 - height) / 2)
    buffer.fill(column: column, row: row, width: width, height: height, style: .plain)
    buffer.drawBox(
      column: column, row: row, width: width, height: height,
      title: "Archive · \(cards.count) (not a column)", border: .rounded,
      titleStyle: CellStyle(isBold: true))
    for (index, card) in cards.enumerated() where index < height - 2 {
      buffer.write(
        CardLook.shownTitle(of: card), column: column + 2, row: row + 1 + index,
        style: CellStyle(isDim: true), limit: Swift.max(0, width - 4))
    }
  }
}
