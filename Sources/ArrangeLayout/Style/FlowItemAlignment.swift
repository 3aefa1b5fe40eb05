import ArrangeGeometry

/// Where an item sits across its line when it is thinner than the line.
public enum FlowItemAlignment: Hashable, Sendable, CaseIterable {
  /// At the top of the line (the leading edge for a vertical flow).
  case start
  /// In the middle of the line.
  case center
  /// At the bottom of the line (the trailing edge for a vertical flow).
  case end
}
