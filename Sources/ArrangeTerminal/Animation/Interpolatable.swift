import ArrangeGeometry

/// A value that can be blended between two others, for animations.
public protocol Interpolatable: Sendable {
  /// The value `fraction` of the way from `start` to `end` (0 gives `start`, 1 gives `end`).
  static func interpolate(from start: Self, to end: Self, fraction: Double) -> Self
}
