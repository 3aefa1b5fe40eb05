/// One cell of the screen: a grapheme and its style.
///
/// A wide character (CJK, emoji) sits in its first cell with `width` 2; the cell after it is a
/// continuation (`width` 0, empty text) that is never drawn on its own.
public struct Cell: Hashable, Sendable {
  /// The grapheme drawn here (a single space for blank cells, empty for a continuation).
  public var text: String
  /// How it is drawn.
  public var style: CellStyle
  /// 1 for a normal cell, 2 for the first cell of a wide character, 0 for its continuation.
  public var width: UInt8

  /// A blank cell in `style`.
  public static func blank(_ style: CellStyle = .plain) -> Cell {
    Cell(text: " ", style: style, width: 1)
  }

  /// Creates a cell.
  public init(text: String, style: CellStyle, width: UInt8) {
    self.text = text
    self.style = style
    self.width = width
  }
}
