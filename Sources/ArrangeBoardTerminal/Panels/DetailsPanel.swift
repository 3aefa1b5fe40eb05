import ArrangeBoard
import ArrangeTerminal

/// A card's details, open over the board: its title, due date, description lines and subtasks,
/// one row each, and the row selected among them.
struct DetailsPanel {
  /// What a row of the details shows.
  enum Row: Equatable {
    case title
    case due
    case description(Int)
    case subtask(Int)
  }

  /// The card whose details are open.
  var card: CardID
  /// The row selected.
  var row = 0
  /// The subtask row a mouse press went down on, for dragging it to another place.
  var pressedSubtask: Int?

  /// The rows of a card with `details`, top to bottom.
  static func rows(of details: CardDetails) -> [Row] {
    [.title, .due] + details.description.indices.map { .description($0) }
      + details.subtasks.indices.map { .subtask($0) }
  }

  /// Where the details are drawn on a screen of `size`, for a card with `rows` rows.
  static func frame(rows: Int, size: (columns: Int, rows: Int)) -> CellRect {
    let width = Swift.min(Swift.max(30, size.columns * 2 / 3), Swift.max(0, size.columns - 2))
    let height = Swift.min(rows + 3, Swift.max(0, size.rows - 2))
    return CellRect(
      column: Swift.max(0, (size.columns - width) / 2),
      row: Swift.max(0, (size.rows - 1 - height) / 2),
      width: width, height: height)
  }

  /// The row under a click at screen row `y`, when the details of a card with `rows` rows are
  /// drawn on a screen of `size`: its index (which may be outside `rows`).
  static func rowIndex(at y: Int, rows: Int, size: (columns: Int, rows: Int)) -> Int {
    y - frame(rows: rows, size: size).row - 1
  }

  /// Draws the card's details from `document` over the board, on a screen of `size`.
  func draw(
    _ document: BoardDocument, size: (columns: Int, rows: Int), into buffer: inout CellBuffer
  ) {
    guard let shown = document.card(card), let content = document.details(of: card) else {
      return
    }
    let rows = Self.rows(of: content)
    let frame = Self.frame(rows: rows.count, size: size)
    buffer.fill(
      column: frame.column, row: frame.row, width: frame.width, height: frame.height,
      style: .plain)
    buffer.drawBox(
      column: frame.column, row: frame.row, width: frame.width, height: frame.height,
      title: "Card", border: .rounded, titleStyle: CellStyle(isBold: true))
    let room = Swift.max(0, frame.width - 4)
    for (index, line) in rows.enumerated() {
      let y = frame.row + 1 + index
      guard y < frame.row + frame.height - 2 else { break }
      let text: String
      var style = CellStyle()
      switch line {
      case .title:
        text = CardLook.shownTitle(of: shown)
        style.isBold = true
      case .due: text = "Due: " + (content.due ?? "none (@ sets one)")
      case .description(let at): text = "  " + content.description[at]
      case .subtask(let at):
        let subtask = content.subtasks[at]
        text = (subtask.isDone ? "☑ " : "☐ ") + subtask.title
      }
      if index == row { style.isReversed = true }
      buffer.write(
        (index == row ? "▸ " : "  ") + text, column: frame.column + 1, row: y, style: style,
        limit: room + 2)
    }
    buffer.write(
      "Space tick · a add · e edit · D delete · J/K move · Esc close",
      column: frame.column + 2, row: frame.row + frame.height - 2, style: CellStyle(isDim: true),
      limit: room)
  }
}
