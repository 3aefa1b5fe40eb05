/// A box in the middle of the screen listing keys and what they do, drawn over everything else.
///
/// The box is as small as its content allows and never larger than the screen; entries that do
/// not fit are replaced by a last line saying how many more there are.
public struct HelpOverlay: CellDrawable, Hashable, Sendable {
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

  /// Draws the overlay centred in `rect`; a rectangle smaller than 12 × 4 shows nothing.
  public func draw(in rect: CellRect, into buffer: inout CellBuffer) {
    guard rect.width >= 12, rect.height >= 4 else { return }
    let keyWidth = entries.map { TextWrapping.width(of: $0.keys) }.max() ?? 0
    let lineWidths =
      entries.map { keyWidth + 2 + TextWrapping.width(of: $0.action) } + [
        TextWrapping.width(of: footer), TextWrapping.width(of: title) + 2,
      ]
    let width = Swift.min(rect.width, (lineWidths.max() ?? 0) + 4)
    let wanted = entries.count + (footer.isEmpty ? 0 : 2) + 2
    let height = Swift.min(rect.height, wanted)
    let column = rect.column + (rect.width - width) / 2
    let row = rect.row + (rect.height - height) / 2
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
