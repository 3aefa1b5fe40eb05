import ArrangeBoard
import ArrangeTerminal

/// The cards with a due date across every column, soonest first (overdue at the top).
///
/// `d` shows it over the board. ↑ ↓ (or k j) choose, Enter goes to the card, Esc or d closes.
struct DueListPanel {
  /// One card in the list.
  struct Row: Equatable {
    var card: CardID
    var title: String
    var column: String
    var due: String
    var urgency: DueDate.Urgency?
    var isDone: Bool
  }

  /// What a key did to the panel.
  enum Outcome: Equatable {
    /// The panel stays open.
    case stay
    /// The panel closes.
    case close
    /// The panel closes and the board focuses the card.
    case open(CardID)
  }

  var rows: [Row]
  var selected = 0

  /// The list for `document` now, by `clock`.
  init(document: BoardDocument, clock: DueDateClock) {
    var found: [(row: Row, instant: Int, order: Int)] = []
    for (index, column) in document.columns.enumerated() {
      let details = document.detailsOfCards(inColumn: index)
      for (place, card) in column.cards.enumerated() {
        guard place < details.count, let due = details[place].due else { continue }
        let row = Row(
          card: card.id, title: card.title.isEmpty ? "(no title)" : card.title,
          column: column.title, due: due,
          urgency: DueDate.urgency(of: due, clock: clock), isDone: card.checkbox == true)
        // A date in no form read sorts last, in board order.
        found.append((row, DueDate.instant(of: due, clock: clock) ?? .max, found.count))
      }
    }
    found.sort { ($0.instant, $0.order) < ($1.instant, $1.order) }
    rows = found.map(\.row)
  }

  /// The words and the sign a due date is marked with (the colour only repeats them).
  static func mark(_ urgency: DueDate.Urgency?) -> String? {
    urgency?.signedMark
  }

  /// The style of a mark: bold, red for overdue, yellow for today and soon.
  static func style(_ urgency: DueDate.Urgency?) -> CellStyle {
    switch urgency {
    case .overdue?: CellStyle(foreground: .basic(9), isBold: true)
    case .today?, .soon?: CellStyle(foreground: .basic(11), isBold: true)
    default: CellStyle(isDim: true)
    }
  }

  mutating func handle(_ key: Key) -> Outcome {
    switch key {
    case .escape, .character("d"), .character("q"): return .close
    case .up, .character("k"): selected = Swift.max(0, selected - 1)
    case .down, .character("j"): selected = Swift.min(Swift.max(0, rows.count - 1), selected + 1)
    case .home, .character("g"): selected = 0
    case .end, .character("G"): selected = Swift.max(0, rows.count - 1)
    case .enter:
      return rows.indices.contains(selected) ? .open(rows[selected].card) : .close
    default: break
    }
    return .stay
  }

  /// Draws the panel centred on a screen of `size` (the status line's row left free).
  func draw(into buffer: inout CellBuffer, size: (columns: Int, rows: Int)) {
    let width = Swift.min(Swift.max(40, size.columns * 2 / 3), Swift.max(0, size.columns - 2))
    let height = Swift.min(Swift.max(rows.count, 1) + 2, Swift.max(0, size.rows - 2))
    guard width > 4, height > 2 else { return }
    let column = Swift.max(0, (size.columns - width) / 2)
    let row = Swift.max(0, (size.rows - 1 - height) / 2)
    buffer.fill(column: column, row: row, width: width, height: height, style: .plain)
    buffer.drawBox(
      column: column, row: row, width: width, height: height,
      title: "Due soonest · \(rows.count)", border: .rounded, titleStyle: CellStyle(isBold: true))
    guard !rows.isEmpty else {
      buffer.write(
        "No card has a due date", column: column + 2, row: row + 1, style: CellStyle(isDim: true),
        limit: width - 4)
      return
    }
    let shown = height - 2
    // The list scrolls to keep the selected row in view.
    let top = Swift.max(0, selected - shown + 1)
    for (offset, index) in (top..<Swift.min(rows.count, top + shown)).enumerated() {
      let entry = rows[index]
      let y = row + 1 + offset
      let isSelected = index == selected
      var x = column + 2
      let limit = column + width - 2
      if isSelected {
        buffer.write("▌", column: column + 1, row: y, style: CellStyle(isBold: true))
      }
      let date = (Self.mark(entry.urgency).map { $0 + " · " } ?? "") + entry.due
      buffer.write(date, column: x, row: y, style: Self.style(entry.urgency), limit: limit - x)
      x += TextWrapping.width(of: date) + 2
      guard x < limit else { continue }
      let rest = entry.title + " — " + entry.column + (entry.isDone ? ", done" : "")
      buffer.write(
        TextWrapping.truncated(rest, toWidth: limit - x), column: x, row: y,
        style: CellStyle(isBold: isSelected), limit: limit - x)
    }
  }
}
