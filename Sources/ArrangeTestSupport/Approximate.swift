public import ArrangeGeometry

/// Whether two numbers are equal within `tolerance`, measured relative to their magnitude when
/// that is larger than 1 (so that 1e-9 means "nine significant digits" for large coordinates).
///
/// Two NaNs are not equal; two equal infinities are.
public func isApproximatelyEqual(_ a: Double, _ b: Double, tolerance: Double = 1e-9) -> Bool {
  if a == b { return true }
  let scale = Swift.max(1, Swift.abs(a), Swift.abs(b))
  return Swift.abs(a - b) <= tolerance * scale
}

extension Rect {
  /// Whether every coordinate of the two rectangles is equal within `tolerance` (see
  /// ``isApproximatelyEqual(_:_:tolerance:)``).
  public func isApproximatelyEqual(to other: Rect, tolerance: Double = 1e-9) -> Bool {
    ArrangeTestSupport.isApproximatelyEqual(minX, other.minX, tolerance: tolerance)
      && ArrangeTestSupport.isApproximatelyEqual(minY, other.minY, tolerance: tolerance)
      && ArrangeTestSupport.isApproximatelyEqual(width, other.width, tolerance: tolerance)
      && ArrangeTestSupport.isApproximatelyEqual(height, other.height, tolerance: tolerance)
  }

  /// Whether the rectangle has finite coordinates and a size that is neither negative nor NaN.
  public var isWellFormed: Bool {
    isFinite && width >= 0 && height >= 0
  }

  /// The rectangle mirrored about the vertical line `x = width / 2` of a container `width` wide.
  public func mirrored(inWidth width: Double) -> Rect {
    Rect(x: width - maxX, y: minY, width: self.width, height: height)
  }
}

extension Size {
  /// Whether both extents are equal within `tolerance` (see
  /// ``isApproximatelyEqual(_:_:tolerance:)``).
  public func isApproximatelyEqual(to other: Size, tolerance: Double = 1e-9) -> Bool {
    ArrangeTestSupport.isApproximatelyEqual(width, other.width, tolerance: tolerance)
      && ArrangeTestSupport.isApproximatelyEqual(height, other.height, tolerance: tolerance)
  }
}
