public import ArrangeGeometry

/// A rectangle in whole cells: what a widget actually covers on screen.
public struct CellRect: Hashable, Sendable {
  /// The first column.
  public var column: Int
  /// The first row.
  public var row: Int
  /// The number of columns.
  public var width: Int
  /// The number of rows.
  public var height: Int

  /// Creates a cell rectangle (negative sizes count as 0).
  public init(column: Int, row: Int, width: Int, height: Int) {
    self.column = column
    self.row = row
    self.width = Swift.max(0, width)
    self.height = Swift.max(0, height)
  }

  /// The cells a rectangle in cell units covers, its edges rounded to the nearest cell line
  /// (non-finite rectangles cover nothing).
  public init(_ rect: Rect) {
    guard rect.isFinite else {
      self.init(column: 0, row: 0, width: 0, height: 0)
      return
    }
    let clamp = { (value: Double) -> Int in Int(Swift.max(-1e6, Swift.min(1e6, value.rounded()))) }
    let left = clamp(rect.minX)
    let top = clamp(rect.minY)
    self.init(
      column: left, row: top, width: clamp(rect.maxX) - left, height: clamp(rect.maxY) - top)
  }

  /// The same cells as a `Rect` in cell units.
  public var rect: Rect {
    Rect(x: Double(column), y: Double(row), width: Double(width), height: Double(height))
  }

  /// Whether it covers no cell.
  public var isEmpty: Bool { width == 0 || height == 0 }

  /// Whether the cell at `column`, `row` is inside.
  public func contains(column: Int, row: Int) -> Bool {
    column >= self.column && column < self.column + width && row >= self.row
      && row < self.row + height
  }
}
