extension CellBuffer {
  /// Copies `source` so that its top-left cell lands at `column`, `row`, changing only the cells
  /// inside `clippedTo` (and inside this buffer).
  ///
  /// A wide character of `source` that the clip cuts in half becomes a blank in its own style on
  /// the half that is inside, so no half glyph is ever drawn; wide characters of this buffer that
  /// the copy overwrites in part are repaired the same way (see ``set(_:column:row:)``).
  ///
  /// ```swift
  /// var screen = CellBuffer(columns: 80, rows: 24)
  /// let card = CellBuffer(columns: 20, rows: 3)
  /// let list = CellRect(column: 0, row: 1, width: 30, height: 22)
  /// screen.draw(card, column: 2, row: 22, clippedTo: list)  // only the card's top row shows
  /// ```
  ///
  /// - Complexity: O(the number of source cells inside the clip).
  public mutating func draw(_ source: CellBuffer, column: Int, row: Int, clippedTo clip: CellRect) {
    // The clip, narrowed to this buffer and to where the source lands, in destination cells.
    let left = Swift.max(clip.column, 0, column)
    let top = Swift.max(clip.row, 0, row)
    let right = Swift.min(
      saturatingSum(clip.column, clip.width), columns, saturatingSum(column, source.columns))
    let bottom = Swift.min(
      saturatingSum(clip.row, clip.height), rows, saturatingSum(row, source.rows))
    guard left < right, top < bottom else { return }
    for y in top..<bottom {
      let sourceRow = y - row
      var x = left
      while x < right {
        let cell = source[x - column, sourceRow]
        if cell.width == 2 && x + 1 < right && source[x - column + 1, sourceRow].width == 0 {
          set(cell, column: x, row: y)
          set(Cell(text: "", style: cell.style, width: 0), column: x + 1, row: y)
          x += 2
        } else {
          // Half a glyph: a wide character cut by the right edge, or a continuation whose lead is
          // cut off by the left edge (or a malformed source).
          set(cell.width == 1 ? cell : .blank(cell.style), column: x, row: y)
          x += 1
        }
      }
    }
  }
}
