/// An axis-aligned rectangle: an origin (its top-left corner) and a size.
///
/// Rectangles with a negative size are not normalised; the layout engine never produces them.
public struct Rect: Hashable, Sendable {
  /// The top-left corner.
  public var origin: Point
  /// The extents.
  public var size: Size

  /// Creates a rectangle from an origin and a size.
  @inlinable
  public init(origin: Point, size: Size) {
    self.origin = origin
    self.size = size
  }

  /// Creates a rectangle from its coordinates.
  @inlinable
  public init(x: Double, y: Double, width: Double, height: Double) {
    self.origin = Point(x: x, y: y)
    self.size = Size(width: width, height: height)
  }

  /// The rectangle at the origin with zero size.
  public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

  /// The left edge.
  @inlinable public var minX: Double { origin.x }
  /// The top edge.
  @inlinable public var minY: Double { origin.y }
  /// The right edge.
  @inlinable public var maxX: Double { origin.x + size.width }
  /// The bottom edge.
  @inlinable public var maxY: Double { origin.y + size.height }
  /// The horizontal extent.
  @inlinable public var width: Double { size.width }
  /// The vertical extent.
  @inlinable public var height: Double { size.height }
  /// The horizontal middle.
  @inlinable public var midX: Double { origin.x + size.width / 2 }
  /// The vertical middle.
  @inlinable public var midY: Double { origin.y + size.height / 2 }
  /// The center point.
  @inlinable public var center: Point { Point(x: midX, y: midY) }
  /// The area, `width × height` (zero when either extent is not positive).
  @inlinable public var area: Double { isEmpty ? 0 : size.width * size.height }
  /// Whether the rectangle covers no area (a zero or negative extent, or NaN).
  @inlinable public var isEmpty: Bool { !(size.width > 0 && size.height > 0) }
  /// Whether every coordinate is finite.
  @inlinable public var isFinite: Bool { origin.isFinite && size.isFinite }

  /// The lower edge along `axis` (minX or minY).
  @inlinable
  public func min(along axis: Axis) -> Double { axis == .horizontal ? minX : minY }

  /// The upper edge along `axis` (maxX or maxY).
  @inlinable
  public func max(along axis: Axis) -> Double { axis == .horizontal ? maxX : maxY }

  /// Whether `point` lies inside, using half-open edges: the top and left edges are inside, the
  /// bottom and right edges are not, so rectangles that tile a plane never both contain a point.
  @inlinable
  public func contains(_ point: Point) -> Bool {
    point.x >= minX && point.x < maxX && point.y >= minY && point.y < maxY
  }

  /// Whether `other` lies entirely inside this rectangle (edges may touch).
  @inlinable
  public func contains(_ other: Rect) -> Bool {
    other.minX >= minX && other.maxX <= maxX && other.minY >= minY && other.maxY <= maxY
  }

  /// Whether the two rectangles share some area (touching edges do not count).
  @inlinable
  public func intersects(_ other: Rect) -> Bool {
    Swift.max(minX, other.minX) < Swift.min(maxX, other.maxX)
      && Swift.max(minY, other.minY) < Swift.min(maxY, other.maxY)
  }

  /// The overlapping part of two rectangles, or `nil` when they share no area.
  @inlinable
  public func intersection(_ other: Rect) -> Rect? {
    let x0 = Swift.max(minX, other.minX)
    let y0 = Swift.max(minY, other.minY)
    let x1 = Swift.min(maxX, other.maxX)
    let y1 = Swift.min(maxY, other.maxY)
    guard x0 < x1, y0 < y1 else { return nil }
    return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
  }

  /// The area the two rectangles share; zero when they do not overlap.
  ///
  /// - Complexity: O(1), allocation-free; used to pick the drop target by largest overlap.
  @inlinable
  public func intersectionArea(_ other: Rect) -> Double {
    let w = Swift.min(maxX, other.maxX) - Swift.max(minX, other.minX)
    let h = Swift.min(maxY, other.maxY) - Swift.max(minY, other.minY)
    return w > 0 && h > 0 ? w * h : 0
  }

  /// The smallest rectangle that contains both rectangles.
  ///
  /// Unlike `CGRect`, there is no "null" rectangle: `Rect.zero.union(r)` also contains the
  /// origin. To accumulate bounds, start from the first rectangle.
  @inlinable
  public func union(_ other: Rect) -> Rect {
    let x0 = Swift.min(minX, other.minX)
    let y0 = Swift.min(minY, other.minY)
    let x1 = Swift.max(maxX, other.maxX)
    let y1 = Swift.max(maxY, other.maxY)
    return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
  }

  /// This rectangle shrunk by `insets` (grown when they are negative).
  ///
  /// A rectangle has no reading direction, so `leading` is taken as the left edge; mirror the
  /// insets first for right-to-left. A side that would become negative is clamped to zero,
  /// centred on the original rectangle's middle.
  @inlinable
  public func inset(by insets: EdgeInsets) -> Rect {
    var x = minX + insets.leading
    var y = minY + insets.top
    var w = width - insets.leading - insets.trailing
    var h = height - insets.top - insets.bottom
    if !(w >= 0) {
      x = midX
      w = 0
    }
    if !(h >= 0) {
      y = midY
      h = 0
    }
    return Rect(x: x, y: y, width: w, height: h)
  }

  /// This rectangle shrunk by `dx` on the left and right and `dy` on the top and bottom.
  @inlinable
  public func insetBy(dx: Double, dy: Double) -> Rect {
    inset(by: EdgeInsets(horizontal: dx, vertical: dy))
  }

  /// This rectangle moved by `dx` horizontally and `dy` vertically.
  @inlinable
  public func offsetBy(dx: Double, dy: Double) -> Rect {
    Rect(origin: Point(x: origin.x + dx, y: origin.y + dy), size: size)
  }

  /// The shortest distance from `point` to this rectangle; zero when the point is inside.
  @inlinable
  public func distance(to point: Point) -> Double {
    let dx = Swift.max(minX - point.x, 0, point.x - maxX)
    let dy = Swift.max(minY - point.y, 0, point.y - maxY)
    return (dx * dx + dy * dy).squareRoot()
  }
}
