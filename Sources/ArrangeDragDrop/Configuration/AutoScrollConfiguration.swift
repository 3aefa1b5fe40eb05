/// Auto-scroll settings: how wide the edge band is and how fast a container scrolls.
public struct AutoScrollConfiguration: Hashable, Sendable {
  /// The edge band's depth as a fraction of the container's length.
  ///
  /// Default 0.2.
  public var bandFraction: Double = 0.2
  /// The deepest an edge band may be.
  ///
  /// Default 60 (points; use 3 for terminal cells).
  public var maximumBand: Double = 60
  /// The speed at the very edge, in units per second.
  ///
  /// Default 1,000.
  public var maximumSpeed: Double = 1_000
  /// How long the speed takes to ramp up from zero after the pointer enters a band.
  ///
  /// Default 0.4 s.
  public var rampDuration: Double = 0.4

  /// The defaults.
  public init() {}
}
