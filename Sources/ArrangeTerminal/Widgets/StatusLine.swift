/// The line at the bottom of a screen: a message on the left (announcements, errors) and a short
/// hint on the right (the keys that matter now).
///
/// When both do not fit, the hint gives way to the message, which is cut with "…" only when it is
/// wider than the whole line.
public struct StatusLine: Hashable, Sendable {
  /// What just happened.
  public var message: String
  /// Which keys to press, right-aligned.
  public var hint: String
  /// How the line is drawn.
  public var style: CellStyle

  /// Creates a status line.
  public init(message: String, hint: String = "", style: CellStyle = CellStyle(isReversed: true)) {
    self.message = message
    self.hint = hint
    self.style = style
  }

  /// Draws the line across the whole of `row`.
  public func draw(into buffer: inout CellBuffer, row: Int) {
    guard row >= 0, row < buffer.rows, buffer.columns > 0 else { return }
    buffer.fill(column: 0, row: row, width: buffer.columns, height: 1, style: style)
    let message = TextWrapping.truncated(" " + self.message, toWidth: buffer.columns)
    let used = buffer.write(message, column: 0, row: row, style: style)
    let hintWidth = TextWrapping.width(of: hint)
    if !hint.isEmpty, used + hintWidth + 2 <= buffer.columns {
      buffer.write(hint, column: buffer.columns - hintWidth - 1, row: row, style: style)
    }
  }
}

/// A box in the middle of the screen listing keys and what they do, drawn over everything else.
///
/// The box is as small as its content allows and never larger than the screen; entries that do
/// not fit are replaced by a last line saying how many more there are.
public struct HelpOverlay: Hashable, Sendable {
  /// One key and what it does.
  public struct Entry: Hashable, Sendable {
    /// The key, as people read it ("Space", "Ctrl-C", "← →").
    public var keys: String
    /// What it does.
    public var action: String

    /// Creates an entry.
    public init(_ keys: String, _ action: String) {
      self.keys = keys
      self.action = action
    }
  }

  /// The box's title.
  public var title: String
  /// The keys, in order.
  public var entries: [Entry]
  /// The last line (how to close the overlay).
  public var footer: String

  /// Creates a help overlay.
  public init(title: String = "Help", entries: [Entry], footer: String = "Press any key to close") {
    self.title = title
    self.entries = entries
    self.footer = footer
  }

  /// Draws the overlay centred in `buffer`; a screen smaller than 12 × 4 shows nothing.
  public func draw(into buffer: inout CellBuffer) {
    guard buffer.columns >= 12, buffer.rows >= 4 else { return }
    let keyWidth = entries.map { TextWrapping.width(of: $0.keys) }.max() ?? 0
    let lineWidths =
      entries.map { keyWidth + 2 + TextWrapping.width(of: $0.action) } + [
        TextWrapping.width(of: footer), TextWrapping.width(of: title) + 2,
      ]
    let width = Swift.min(buffer.columns, (lineWidths.max() ?? 0) + 4)
    let wanted = entries.count + (footer.isEmpty ? 0 : 2) + 2
    let height = Swift.min(buffer.rows, wanted)
    let column = (buffer.columns - width) / 2
    let row = (buffer.rows - height) / 2
    buffer.fill(column: column, row: row, width: width, height: height, style: .plain)
    buffer.drawBox(
      column: column, row: row, width: width, height: height, title: title, border: .rounded,
      titleStyle: CellStyle(isBold: true))
    let inner = width - 4
    let footerRows = footer.isEmpty ? 0 : 2
    var available = height - 2 - footerRows
    if available < 0 { available = 0 }
    var shown = Swift.min(entries.count, available)
    if shown < entries.count, shown > 0 { shown -= 1 }
    for (index, entry) in entries.prefix(shown).enumerated() {
      let y = row + 1 + index
      buffer.write(
        entry.keys, column: column + 2, row: y, style: CellStyle(isBold: true), limit: inner)
      let actionColumn = column + 2 + keyWidth + 2
      buffer.write(
        TextWrapping.truncated(
          entry.action, toWidth: Swift.max(0, column + 2 + inner - actionColumn)),
        column: actionColumn, row: y, limit: Swift.max(0, column + 2 + inner - actionColumn))
    }
    if shown < entries.count, available > 0 {
      buffer.write(
        "… \(entries.count - shown) more", column: column + 2, row: row + 1 + shown,
        style: CellStyle(isDim: true), limit: inner)
    }
    if !footer.isEmpty, height >= 4 {
      buffer.write(
        TextWrapping.truncated(footer, toWidth: inner), column: column + 2, row: row + height - 2,
        style: CellStyle(isDim: true), limit: inner)
    }
  }
}

extension CellBuffer {
  /// Blanks the buffer and writes, centred on its middle row, one line saying the screen is too
  /// small and how large it must be.
  ///
  /// Programs draw this instead of a frame that would not fit (``TerminalRunLoop`` does it for
  /// them); on a very narrow screen the sentence is cut with "…".
  public mutating func drawTooSmallMessage(minimum: (columns: Int, rows: Int)) {
    clear()
    guard rows > 0, columns > 0 else { return }
    let full =
      "Window too small (\(columns)×\(rows)); enlarge it to at least \(minimum.columns)×\(minimum.rows)."
    let short = "Too small: need \(minimum.columns)×\(minimum.rows)"
    let text = TextWrapping.width(of: full) <= columns ? full : short
    let line = TextWrapping.truncated(text, toWidth: columns)
    let width = TextWrapping.width(of: line)
    write(line, column: (columns - width) / 2, row: rows / 2)
  }
}
