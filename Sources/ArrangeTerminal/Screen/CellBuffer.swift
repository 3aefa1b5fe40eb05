/// `a + b`, or the nearest representable value when that overflows (sizes from callers may be
/// anything).
func saturatingSum(_ a: Int, _ b: Int) -> Int {
  let (sum, overflow) = a.addingReportingOverflow(b)
  return overflow ? (b > 0 ? Int.max : Int.min) : sum
}

/// A grid of cells that widgets draw into and the renderer diffs.
public struct CellBuffer: Hashable, Sendable {
  /// The number of columns.
  public private(set) var columns: Int
  /// The number of rows.
  public private(set) var rows: Int
  /// The cells, row by row.
  private(set) var packed: [PackedCell]
  /// Graphemes too long to sit inline in a cell; cells refer to them by index.
  private(set) var overflow: [String] = []
  // The clip as bounds, so that `set` checks four integers.
  private var clipLeft = 0
  private var clipTop = 0
  private var clipRight: Int
  private var clipBottom: Int

  /// A blank buffer of `columns` × `rows` (negative sizes count as 0).
  public init(columns: Int, rows: Int, style: CellStyle = .plain) {
    self.columns = Swift.max(0, columns)
    self.rows = Swift.max(0, rows)
    packed = Array(repeating: .blank(style), count: self.columns * self.rows)
    clipRight = self.columns
    clipBottom = self.rows
  }

  /// Whether two buffers show the same cells (the clip does not count).
  public static func == (lhs: CellBuffer, rhs: CellBuffer) -> Bool {
    guard lhs.columns == rhs.columns && lhs.rows == rhs.rows else { return false }
    if lhs.overflow.isEmpty && rhs.overflow.isEmpty { return lhs.packed == rhs.packed }
    for index in lhs.packed.indices where !sameCell(lhs, lhs.packed[index], rhs, rhs.packed[index])
    {
      return false
    }
    return true
  }

  /// Whether two stored cells show the same thing (overflow indices may differ between buffers).
  static func sameCell(
    _ lhsBuffer: CellBuffer, _ lhs: PackedCell, _ rhsBuffer: CellBuffer, _ rhs: PackedCell
  ) -> Bool {
    if lhs == rhs && !lhs.isOverflow { return true }
    guard lhs.isOverflow || rhs.isOverflow, lhs.style == rhs.style, lhs.width == rhs.width else {
      return false
    }
    return lhsBuffer.text(of: lhs) == rhsBuffer.text(of: rhs)
  }

  /// The grapheme of a stored cell.
  func text(of cell: PackedCell) -> String {
    cell.isOverflow ? overflow[Int(cell.low)] : cell.inlineText
  }

  /// Stores `cell`'s grapheme inline, or in the overflow list when it is too long.
  private mutating func pack(_ cell: Cell) -> PackedCell {
    pack(cell.text.utf8, text: cell.text, style: cell.style, width: cell.width)
  }

  private mutating func pack(
    _ bytes: some Sequence<UInt8>, text: @autoclosure () -> String, style: CellStyle, width: UInt8
  ) -> PackedCell {
    if let inline = PackedCell(bytes: bytes, style: style, width: width) { return inline }
    // Reused when it is already there, so that redrawing the same long grapheme into a buffer
    // does not grow the list.
    let text = text()
    let index = overflow.firstIndex(of: text) ?? overflow.count
    if index == overflow.count { overflow.append(text) }
    return .overflow(index, style: style, width: width)
  }

  /// Hashes the size and the cells.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(columns)
    hasher.combine(rows)
    for cell in packed {
      if cell.isOverflow {
        hasher.combine(text(of: cell))
        hasher.combine(cell.style)
        hasher.combine(cell.width)
      } else {
        hasher.combine(cell)
      }
    }
  }

  /// The rectangle that drawing is confined to: the whole buffer unless narrowed.
  ///
  /// Cells outside it are left as they are by ``set(_:column:row:)`` and everything built on it
  /// (``write(_:column:row:style:limit:)``, ``fill(column:row:width:height:style:)``, boxes), and
  /// by ``restyle(column:row:width:height:_:)``; a wide character cut by its edge becomes a blank.
  /// Setting it keeps only the part inside the buffer.
  public var clip: CellRect {
    get {
      CellRect(
        column: clipLeft, row: clipTop, width: clipRight - clipLeft, height: clipBottom - clipTop)
    }
    set {
      clipLeft = Swift.min(Swift.max(newValue.column, 0), columns)
      clipTop = Swift.min(Swift.max(newValue.row, 0), rows)
      clipRight = Swift.max(
        clipLeft, Swift.min(saturatingSum(newValue.column, newValue.width), columns))
      clipBottom = Swift.max(clipTop, Swift.min(saturatingSum(newValue.row, newValue.height), rows))
    }
  }

  /// Runs `body` with drawing confined to the part of `rect` inside the current clip, then
  /// restores the clip.
  public mutating func withClip(_ rect: CellRect, _ body: (inout CellBuffer) -> Void) {
    let saved = clip
    // Edges rather than sizes, so that no rectangle can overflow.
    let left = Swift.max(rect.column, clipLeft)
    let top = Swift.max(rect.row, clipTop)
    let right = Swift.min(saturatingSum(rect.column, rect.width), clipRight)
    let bottom = Swift.min(saturatingSum(rect.row, rect.height), clipBottom)
    clip = CellRect(
      column: left, row: top, width: Swift.max(right, left) - left,
      height: Swift.max(bottom, top) - top)
    body(&self)
    clip = saved
  }

  private func isInsideClip(column: Int, row: Int) -> Bool {
    column >= clipLeft && column < clipRight && row >= clipTop && row < clipBottom
  }

  /// The cell at `column`, `row`, or a blank cell outside the buffer.
  public subscript(column: Int, row: Int) -> Cell {
    guard contains(column: column, row: row) else { return .blank() }
    let cell = packed[row * columns + column]
    return Cell(text: text(of: cell), style: cell.style, width: cell.width)
  }

  /// Whether the position is inside the buffer.
  public func contains(column: Int, row: Int) -> Bool {
    column >= 0 && column < columns && row >= 0 && row < rows
  }

  /// Blanks every cell.
  public mutating func clear(style: CellStyle = .plain) {
    for index in packed.indices { packed[index] = .blank(style) }
    overflow.removeAll()
  }

  /// Fills a rectangle of cells with blanks in `style` (clipped to the buffer).
  public mutating func fill(
    column: Int, row: Int, width: Int, height: Int, style: CellStyle
  ) {
    for y in Self.clipped(row, height, to: rows) {
      for x in Self.clipped(column, width, to: columns) {
        store(.blank(style), column: x, row: y)
      }
    }
  }

  /// Writes `text` from `column`, `row` in `style`, one grapheme per cell (two for wide ones),
  /// stopping at `limit` columns (the buffer's edge by default); returns the columns used.
  ///
  /// A wide character that would not fit entirely is replaced by a blank, so no half glyph is ever
  /// drawn. Control characters and zero-width characters are skipped.
  @discardableResult
  public mutating func write(
    _ text: String, column: Int, row: Int, style: CellStyle = .plain, limit: Int? = nil
  ) -> Int {
    guard row >= 0 && row < rows else { return 0 }
    let end = Swift.min(columns, limit.map { saturatingSum(column, Swift.max(0, $0)) } ?? columns)
    var x = column
    // Printable ASCII, the bulk of most screens: one byte, one cell, no grapheme breaking.
    if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) {
      for byte in text.utf8 {
        if x >= end { break }
        if x >= 0 { store(.ascii(byte, style: style), column: x, row: row) }
        x += 1
      }
      return Swift.max(0, x - column)
    }
    for character in text {
      let width = CharacterWidth.of(character)
      if width == 0 { continue }
      if x >= end { break }
      if width == 2 && x + 1 >= end {
        if x >= 0 { store(.blank(style), column: x, row: row) }
        x += 1
        break
      }
      if x >= 0 && isInsideClip(column: x, row: row) {
        let cell = pack(
          character.utf8, text: String(character), style: style, width: UInt8(width))
        store(cell, column: x, row: row)
      }
      // Also when the first half fell off the left edge: `store` turns the lone half into a
      // blank.
      if width == 2 && x + 1 >= 0 { store(.continuation(style), column: x + 1, row: row) }
      x += width
    }
    return Swift.max(0, x - column)
  }

  /// Sets one cell inside ``clip`` (elsewhere nothing happens), repairing wide characters it
  /// overlaps: the other half of a wide character it breaks becomes a blank.
  public mutating func set(_ cell: Cell, column: Int, row: Int) {
    guard isInsideClip(column: column, row: row) else { return }
    store(pack(cell), column: column, row: row)
  }

  /// ``set(_:column:row:)`` for a cell already packed.
  private mutating func store(_ cell: PackedCell, column: Int, row: Int) {
    guard isInsideClip(column: column, row: row) else { return }
    let index = row * columns + column
    let oldWidth = packed[index].width
    if oldWidth == 2, column + 1 < columns, cell.width != 2 {
      packed[index + 1] = .blank(packed[index + 1].style)
    }
    if oldWidth == 0, cell.width != 0, column > 0, packed[index - 1].width == 2 {
      packed[index - 1] = .blank(packed[index - 1].style)
    }
    packed[index] = cell
    // Half a wide character is never stored: not at the clip's right edge, and not a
    // continuation whose first half was left out (at the clip's left edge).
    if cell.width == 2 && column + 1 >= clipRight { packed[index] = .blank(cell.style) }
    if cell.width == 0 && (column <= clipLeft || packed[index - 1].width != 2) {
      packed[index] = .blank(cell.style)
    }
  }

  /// Changes the style of the cells in a rectangle (clipped to the buffer and ``clip``), keeping
  /// their text.
  public mutating func restyle(
    column: Int, row: Int, width: Int, height: Int, _ change: (inout CellStyle) -> Void
  ) {
    for y in Self.clipped(row, height, to: rows) where y >= clipTop && y < clipBottom {
      for x in Self.clipped(column, width, to: columns) where x >= clipLeft && x < clipRight {
        change(&packed[y * columns + x].style)
      }
    }
  }

  /// The part of `start ..< start + length` inside `0 ..< limit` (empty when they do not meet).
  private static func clipped(_ start: Int, _ length: Int, to limit: Int) -> Range<Int> {
    let lower = Swift.min(Swift.max(start, 0), limit)
    let upper = Swift.max(lower, Swift.min(saturatingSum(start, Swift.max(length, 0)), limit))
    return lower..<upper
  }

  /// The rows as text (continuation cells left out), for tests and logs.
  public var lines: [String] {
    (0..<rows).map { row in
      var line = ""
      for column in 0..<columns where packed[row * columns + column].width != 0 {
        line += text(of: packed[row * columns + column])
      }
      return line
    }
  }
}
