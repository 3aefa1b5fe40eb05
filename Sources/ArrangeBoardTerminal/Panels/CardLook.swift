import ArrangeBoard
import ArrangeTerminal

/// How a card looks on the board: its title wrapped to its column, the line summing up its
/// details, and the marks of focus and selection.
enum CardLook {
  /// The most rows a card's title takes; longer titles end with an ellipsis.
  static var maximumTitleRows: Int { 6 }

  /// A card's rows: its wrapped title (at most ``maximumTitleRows``, with its checkbox) and one
  /// row summing up its details, if it has any.
  static func height(of card: BoardCard, width: Int) -> Int {
    titleLines(of: card, width: width).count
      + (card.details.isEmpty && due(of: card) == nil ? 0 : 1)
  }

  /// A card's due date: its taskell `@ ` line, else a date in its title as Obsidian writes it
  /// (`@{2026-12-24}`, with `@@{17:30}`).
  static func due(of card: BoardCard) -> String? {
    if let line = card.details.first(where: { $0.hasPrefix("@ ") }) {
      return String(line.dropFirst(2)).trimmingWhitespace
    }
    return BoardDocument.obsidianDue(inTitle: card.title)
  }

  /// A card's title wrapped to a list `width` wide (one cell of padding each side).
  static func titleLines(of card: BoardCard, width: Int) -> [String] {
    let room = Swift.max(1, width - 2)
    var lines = TextWrapping.lines(shownTitle(of: card), width: room)
    if lines.isEmpty { lines = [""] }
    if lines.count > maximumTitleRows {
      lines.removeLast(lines.count - maximumTitleRows)
      lines[maximumTitleRows - 1] = TextWrapping.truncated(
        lines[maximumTitleRows - 1] + " …", toWidth: room)
    }
    return lines
  }

  /// A card's title as the board shows it: its checkbox as a mark, and a placeholder for a
  /// card whose title was cleared.
  static func shownTitle(of card: BoardCard) -> String {
    let mark = card.checkbox.map { $0 ? "☑ " : "☐ " } ?? ""
    return mark + (card.title.isEmpty ? "(no title)" : card.title)
  }

  /// Where the tags (`#tag`) and dates (`@{2026-12-24}`, `@@{10:30}`) are in a line of a
  /// card's title: their character offsets and lengths, by the one rule the page's titles are
  /// read by too (``CardMarks``).
  static func highlights(in line: String) -> [(start: Int, length: Int)] {
    CardMarks.tagsAndDates(in: line)
  }

  /// A card: its wrapped title, and a dim line summing up its details; the focused card has a
  /// bar at its left edge and a bold title, a selected card a `●` at the end of its first row.
  ///
  /// With a `clock`, a due date overdue, today or soon is marked first on the summary line, in
  /// words and with a sign ("⚠ overdue", "◷ due today", "◷ due in 2 days"), in colour too.
  static func drawCard(
    _ card: BoardCard, in rect: CellRect, isFocused: Bool, isDimmed: Bool,
    isSelected: Bool = false, clock: DueDateClock? = nil, into buffer: inout CellBuffer
  ) {
    let style = CellStyle(isBold: isFocused, isDim: isDimmed)
    buffer.fill(
      column: rect.column, row: rect.row, width: rect.width, height: rect.height, style: .plain)
    let lines = titleLines(of: card, width: rect.width)
    for (offset, line) in lines.enumerated() {
      let limit = Swift.max(0, rect.width - 2)
      buffer.write(
        line, column: rect.column + 1, row: rect.row + offset, style: style, limit: limit)
      // Tags and dates stand out.
      var marked = style
      marked.isUnderlined = true
      for (start, length) in highlights(in: line) {
        let before = TextWrapping.width(of: String(line.prefix(start)))
        guard before < limit else { break }
        let text = String(line.dropFirst(start).prefix(length))
        // Each tag its own colour, the hue the page gives it; dates one colour.
        marked.foreground =
          text.hasPrefix("#") ? TagColour.colour(of: String(text.dropFirst())) : .basic(6)
        buffer.write(
          text, column: rect.column + 1 + before, row: rect.row + offset, style: marked,
          limit: limit - before)
      }
    }
    let limit = Swift.max(0, rect.width - 2)
    var column = rect.column + 1
    let urgency = clock.flatMap { clock in
      due(of: card).flatMap { DueDate.urgency(of: $0, clock: clock) }
    }
    let summary = detailSummary(of: card)
    if let mark = DueListPanel.mark(urgency) {
      let text = TextWrapping.truncated(mark + (summary == nil ? "" : " · "), toWidth: limit)
      buffer.write(
        text, column: column, row: rect.row + lines.count, style: DueListPanel.style(urgency),
        limit: limit)
      column += TextWrapping.width(of: text)
    }
    if let summary {
      let room = Swift.max(0, limit - (column - rect.column - 1))
      buffer.write(
        TextWrapping.truncated(summary, toWidth: room), column: column,
        row: rect.row + lines.count, style: CellStyle(isDim: true), limit: room)
    }
    if isSelected && rect.width > 2 {
      buffer.write(
        "●", column: rect.column + rect.width - 1, row: rect.row, style: CellStyle(isBold: true))
    }
    if isFocused {
      for row in rect.row..<(rect.row + rect.height) {
        buffer.write("▌", column: rect.column, row: row, style: CellStyle(isBold: true))
      }
    }
  }

  /// One line about a card's details: its due date, subtasks done out of all, and the first line
  /// of its description, joined by " · " (with none of them, its first detail line).
  ///
  /// Drawn cut to the card's width, ending with "…" where it was cut.
  static func detailSummary(of card: BoardCard) -> String? {
    guard let first = card.details.first else { return nil }
    var done = 0
    var all = 0
    var description: String?
    var due: String?
    for detail in card.details {
      if due == nil, detail.hasPrefix("@ ") { due = detail }
      if detail.hasPrefix("* [ ]") || detail.hasPrefix("- [ ]") { all += 1 }
      if detail.hasPrefix("* [x]") || detail.hasPrefix("- [x]") || detail.hasPrefix("* [X]") {
        all += 1
        done += 1
      }
      if description == nil, detail.hasPrefix(">") {
        let text = String(detail.dropFirst()).trimmingWhitespace
        if !text.isEmpty { description = text }
      }
    }
    var parts: [String] = []
    if let due { parts.append(due) }
    if all > 0 { parts.append("☑ \(done)/\(all)") }
    if let description { parts.append(description) }
    if parts.isEmpty { return first.hasPrefix(">") ? nil : first }
    return parts.joined(separator: " · ")
  }
}
