/// Turns frames into the bytes that bring a terminal from the previous frame to the new one.
///
/// The first frame (and any frame of a new size) is drawn whole. After that only the cells that
/// changed are written: the cursor moves only to jump over unchanged cells, style codes are sent
/// only when the style changes, and the whole frame is one byte string (one write). A wide
/// character is always written whole, and a cell that used to hold half of one is rewritten with
/// its neighbour, so no half glyph is ever left on screen.
public struct TerminalRenderer: Sendable {
  private var previous: CellBuffer?
  private var pen: CellStyle?
  private var cursor: (column: Int, row: Int)?

  /// A renderer that has drawn nothing yet.
  public init() {}

  /// Forgets what is on screen, so that the next frame is drawn whole (after a resize, a
  /// suspend, or anything else that may have changed the screen behind the renderer's back).
  public mutating func invalidate() {
    previous = nil
    pen = nil
    cursor = nil
  }

  /// The bytes that draw `frame` over the previous one; empty when nothing changed.
  ///
  /// - Complexity: O(cells) to compare; the output is proportional to the changed cells.
  public mutating func render(_ frame: CellBuffer) -> [UInt8] {
    var output: [UInt8] = []
    let full = previous.map { $0.columns != frame.columns || $0.rows != frame.rows } ?? true
    if full {
      output.append(contentsOf: Array("\u{1B}[0m\u{1B}[2J".utf8))
      pen = .plain
      cursor = nil
    }
    for row in 0..<frame.rows {
      var column = 0
      while column < frame.columns {
        let cell = frame[column, row]
        if cell.width == 0 {
          column += 1
          continue
        }
        let span = Int(cell.width)
        if !full, let previous, !changed(previous, frame, column: column, row: row, span: span) {
          column += span
          continue
        }
        moveCursor(to: column, row: row, into: &output)
        if pen != cell.style {
          let parameters = cell.style.sgrParameters.joined(separator: ";")
          output.append(contentsOf: Array("\u{1B}[\(parameters)m".utf8))
          pen = cell.style
        }
        output.append(contentsOf: Array(cell.text.utf8))
        cursor = (column + span, row)
        column += span
      }
    }
    previous = frame
    return output
  }

  /// Whether the cells `column ..< column + span` differ, counting a wide character on screen
  /// that overlaps them as part of them.
  private func changed(
    _ old: CellBuffer, _ new: CellBuffer, column: Int, row: Int, span: Int
  ) -> Bool {
    // A narrow cell replacing half of a wide one differs in width, so it counts as changed; the
    // other half differs too and is rewritten in the same pass.
    for x in column..<(column + span) where old[x, row] != new[x, row] { return true }
    return false
  }

  private mutating func moveCursor(to column: Int, row: Int, into output: inout [UInt8]) {
    if let cursor, cursor.column == column, cursor.row == row { return }
    output.append(contentsOf: Array("\u{1B}[\(row + 1);\(column + 1)H".utf8))
    cursor = (column, row)
  }
}
