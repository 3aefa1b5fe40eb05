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
    let old = previous.flatMap { $0.columns == frame.columns && $0.rows == frame.rows ? $0 : nil }
    if old == nil {
      output.append(contentsOf: "\u{1B}[0m\u{1B}[2J".utf8)
      pen = .plain
      cursor = nil
    }
    let columns = frame.columns
    let oldFrame = old ?? frame
    frame.packed.withUnsafeBufferPointer { new in
      (old?.packed ?? []).withUnsafeBufferPointer { before in
        for row in 0..<frame.rows {
          let base = row * columns
          var column = 0
          while column < columns {
            let cell = new[base + column]
            if cell.width == 0 {
              column += 1
              continue
            }
            let span = Int(cell.width)
            // A narrow cell replacing half of a wide one differs in width, so it counts as
            // changed; the other half differs too and is rewritten in the same pass.
            if !before.isEmpty {
              var isChanged = false
              for x in column..<Swift.min(column + span, columns)
              where !CellBuffer.sameCell(oldFrame, before[base + x], frame, new[base + x]) {
                isChanged = true
                break
              }
              if !isChanged {
                column += span
                continue
              }
            }
            moveCursor(to: column, row: row, into: &output)
            if pen != cell.style {
              cell.style.appendSGR(to: &output)
              pen = cell.style
            }
            if cell.isOverflow {
              output.append(contentsOf: frame.text(of: cell).utf8)
            } else {
              cell.appendInlineBytes(to: &output)
            }
            cursor = (column + span, row)
            column += span
          }
        }
      }
    }
    previous = frame
    return output
  }

  private mutating func moveCursor(to column: Int, row: Int, into output: inout [UInt8]) {
    if let cursor, cursor.column == column, cursor.row == row { return }
    output.append(0x1B)
    output.append(0x5B)
    appendDecimal(row + 1, to: &output)
    output.append(0x3B)
    appendDecimal(column + 1, to: &output)
    output.append(0x48)
    cursor = (column, row)
  }
}

/// Appends the decimal digits of a non-negative `value`.
func appendDecimal(_ value: Int, to output: inout [UInt8]) {
  if value >= 10 { appendDecimal(value / 10, to: &output) }
  output.append(UInt8(truncatingIfNeeded: 0x30 + value % 10))
}
