/// The line at the bottom of a screen: a message on the left (announcements, errors) and a short
/// hint on the right (the keys that matter now).
///
/// When both do not fit, the hint gives way to the message, which is cut with "…" only when it is
/// wider than the whole line.
public struct StatusLine: Hashable, Sendable, CellDrawable {
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

  /// Draws the line across the first row of `rect`: the message from the left edge, the hint
  /// against the right edge when both fit.
  public func draw(in rect: CellRect, into buffer: inout CellBuffer) {
    guard rect.width > 0, rect.height > 0 else { return }
    let row = rect.row
    let width = rect.width
    buffer.fill(column: rect.column, row: row, width: width, height: 1, style: style)
    let message = TextWrapping.truncated(" " + self.message, toWidth: width)
    let used = buffer.write(message, column: rect.column, row: row, style: style, limit: width)
    let hintWidth = TextWrapping.width(of: hint)
    if !hint.isEmpty, used + hintWidth + 2 <= width {
      buffer.write(hint, column: rect.column + width - hintWidth - 1, row: row, style: style)
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
