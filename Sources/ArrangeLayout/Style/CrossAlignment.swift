/// Where a child sits across a group's main axis.
public enum CrossAlignment: Hashable, Sendable, CaseIterable {
  /// At the leading (or top) edge.
  case start
  /// In the middle.
  case center
  /// At the trailing (or bottom) edge.
  case end
  /// Stretched over the whole cross extent (for ``CrossSize/automatic`` children); otherwise
  /// placed at the start.
  case stretch
}
