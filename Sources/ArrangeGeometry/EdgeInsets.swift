/// Distances inward from the four edges of a rectangle.
///
/// `leading` and `trailing` follow the ``LayoutDirection`` where a layout applies them (groups
/// and flows mirror under right-to-left, so leading is the right edge there); ``Rect`` on its own
/// takes leading as the left edge.
public struct EdgeInsets: Hashable, Sendable {
  /// The inset from the top edge.
  public var top: Double
  /// The inset from the leading edge.
  public var leading: Double
  /// The inset from the bottom edge.
  public var bottom: Double
  /// The inset from the trailing edge.
  public var trailing: Double

  /// Creates insets from four distances.
  @inlinable
  public init(top: Double = 0, leading: Double = 0, bottom: Double = 0, trailing: Double = 0) {
    self.top = top
    self.leading = leading
    self.bottom = bottom
    self.trailing = trailing
  }

  /// Creates the same inset on all four edges.
  @inlinable
  public init(all value: Double) {
    self.init(top: value, leading: value, bottom: value, trailing: value)
  }

  /// Creates insets with one value for both horizontal edges and one for both vertical edges.
  @inlinable
  public init(horizontal: Double = 0, vertical: Double = 0) {
    self.init(top: vertical, leading: horizontal, bottom: vertical, trailing: horizontal)
  }

  /// No inset on any edge.
  public static let zero = EdgeInsets()

  /// The sum of the two insets across `axis` (leading + trailing, or top + bottom).
  @inlinable
  public func total(along axis: Axis) -> Double {
    axis == .horizontal ? leading + trailing : top + bottom
  }

  /// The inset at the start of `axis` (leading or top).
  @inlinable
  public func start(along axis: Axis) -> Double {
    axis == .horizontal ? leading : top
  }
}
