/// Something that draws itself into a rectangle of cells: the one way widgets draw.
///
/// A widget is a value that holds what it shows; where it goes is the caller's choice, so the
/// same widget draws in a full screen, a box or a test's small buffer.
public protocol CellDrawable {
  /// Draws into `rect` of `buffer`; cells outside `rect` are left as they are.
  func draw(in rect: CellRect, into buffer: inout CellBuffer)
}

extension CellBuffer {
  /// The whole buffer as a rectangle.
  public var bounds: CellRect { CellRect(column: 0, row: 0, width: columns, height: rows) }
}

extension CellDrawable {
  /// Draws into the whole of `buffer`.
  public func draw(into buffer: inout CellBuffer) { draw(in: buffer.bounds, into: &buffer) }
}

extension CellBuffer {
  /// Row `row` of the buffer, from its left edge to its right.
  public func line(_ row: Int) -> CellRect {
    CellRect(column: 0, row: row, width: columns, height: 1)
  }
}
