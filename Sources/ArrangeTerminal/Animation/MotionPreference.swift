import ArrangeGeometry

/// How much the interface may move: full animations, or none for people who asked for reduced
/// motion.
public enum MotionPreference: Hashable, Sendable {
  /// Animations play (about 150 ms each).
  case full
  /// Changes appear at once.
  case reduced

  /// How long an animation lasts under this preference, in seconds.
  public var animationDuration: Double { self == .full ? 0.15 : 0 }
}
