/// One of the two directions of a plane.
public enum Axis: String, Hashable, Sendable, CaseIterable {
  /// Left to right (or right to left under ``LayoutDirection/rightToLeft``).
  case horizontal
  /// Top to bottom.
  case vertical

  /// The other axis.
  @inlinable
  public var cross: Axis { self == .horizontal ? .vertical : .horizontal }
}
