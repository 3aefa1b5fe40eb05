/// A width and a height.
///
/// A size may hold any `Double`; the layout engine never produces a negative or NaN size, and
/// reports the ones it receives as diagnostics.
public struct Size: Hashable, Sendable {
  /// The horizontal extent.
  public var width: Double
  /// The vertical extent.
  public var height: Double

  /// Creates a size from its extents.
  @inlinable
  public init(width: Double, height: Double) {
    self.width = width
    self.height = height
  }

  /// The size with zero width and height.
  public static let zero = Size(width: 0, height: 0)

  /// The extent along `axis`: the width for horizontal, the height for vertical.
  @inlinable
  public subscript(axis: Axis) -> Double {
    get { axis == .horizontal ? width : height }
    set {
      if axis == .horizontal { width = newValue } else { height = newValue }
    }
  }

  /// Creates a size from its extents along a main axis and the cross axis.
  @inlinable
  public init(main: Double, cross: Double, axis: Axis) {
    if axis == .horizontal {
      self.init(width: main, height: cross)
    } else {
      self.init(width: cross, height: main)
    }
  }

  /// The area, `width × height`.
  @inlinable
  public var area: Double { width * height }

  /// Whether both extents are finite.
  @inlinable
  public var isFinite: Bool { width.isFinite && height.isFinite }
}
