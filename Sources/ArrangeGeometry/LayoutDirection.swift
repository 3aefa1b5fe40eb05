/// The reading direction that decides where "leading" is on the horizontal axis.
public enum LayoutDirection: String, Hashable, Sendable, CaseIterable {
  /// Leading is the left edge.
  case leftToRight
  /// Leading is the right edge; horizontal layouts mirror.
  case rightToLeft
}
