import ArrangeGeometry

/// A rectangle stored by its four edges.
///
/// Frames are kept as edges rather than origin and size so that two siblings that touch share
/// the very same `Double` for their common edge, locally and in root coordinates, and so round
/// to the same grid line.
struct Edges: Hashable, Sendable {
  var minX: Double
  var minY: Double
  var maxX: Double
  var maxY: Double

  static let zero = Edges(minX: 0, minY: 0, maxX: 0, maxY: 0)

  init(minX: Double, minY: Double, maxX: Double, maxY: Double) {
    self.minX = minX
    self.minY = minY
    self.maxX = maxX
    self.maxY = maxY
  }

  init(_ rect: Rect) {
    self.init(minX: rect.minX, minY: rect.minY, maxX: rect.maxX, maxY: rect.maxY)
  }

  var size: Size { Size(width: maxX - minX, height: maxY - minY) }

  var rect: Rect { Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY) }

  /// These edges moved by `origin`.
  func offset(by origin: Point) -> Edges {
    Edges(
      minX: origin.x + minX, minY: origin.y + minY, maxX: origin.x + maxX, maxY: origin.y + maxY)
  }
}
