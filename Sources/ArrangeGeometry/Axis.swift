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

/// The reading direction that decides where "leading" is on the horizontal axis.
public enum LayoutDirection: String, Hashable, Sendable, CaseIterable {
  /// Leading is the left edge.
  case leftToRight
  /// Leading is the right edge; horizontal layouts mirror.
  case rightToLeft
}
