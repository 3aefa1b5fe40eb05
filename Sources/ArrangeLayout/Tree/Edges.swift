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

  var size: Size { Size(width: clampFinite(maxX - minX), height: clampFinite(maxY - minY)) }

  var rect: Rect { Rect(x: minX, y: minY, width: size.width, height: size.height) }

  /// These edges moved by the top-left corner of `frame`.
  @inline(__always)
  func offset(by frame: Edges) -> Edges {
    Edges(
      minX: clampFinite(frame.minX + minX), minY: clampFinite(frame.minY + minY),
      maxX: clampFinite(frame.minX + maxX), maxY: clampFinite(frame.minY + maxY))
  }
}
