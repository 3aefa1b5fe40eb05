/// How a group places its children along the main axis when they do not fill it.
///
/// The meanings are those of CSS `justify-content`.
public enum Distribution: Hashable, Sendable, CaseIterable {
  /// Packed at the leading (or top) edge.
  case start
  /// Packed in the middle.
  case center
  /// Packed at the trailing (or bottom) edge.
  case end
  /// First and last children at the edges, equal gaps between.
  case spaceBetween
  /// Equal space around every child: half-size gaps at the edges.
  case spaceAround
  /// Equal gaps between the children and at both edges.
  case spaceEvenly
}
