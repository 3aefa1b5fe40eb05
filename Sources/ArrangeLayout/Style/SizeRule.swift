/// How a child's size along its parent group's main axis is chosen.
///
/// The space of a group is handed out in this order: `points` and `fit` children take their size
/// first, then the spacing; `percent` children take a percentage of **what is left after the
/// points/fit children and the spacing** (`p/100 × (available − Σ points − spacing)`); `fill` children share what is left after that by weight. Every result is then
/// clamped to the child's ``ItemStyle/minSize`` and ``ItemStyle/maxSize``.
public enum SizeRule: Hashable, Sendable {
  /// An explicit length.
  case points(Double)
  /// A percentage of the space left after points/fit children and spacing: `percent(50)` is
  /// half of that space.
  case percent(Double)
  /// A share of the space left after points, fit and percent children, by weight.
  ///
  /// Children left at the default `fill(weight: 1)` split what percent children leave equally.
  case fill(weight: Double)
  /// The child's own measured size: a leaf's measure function, or a nested group's content size.
  case fit

  /// A share of the remaining space with weight 1, the default for a child.
  public static let fill = SizeRule.fill(weight: 1)
}

/// How a child's size along its parent group's cross axis is chosen.
public enum CrossSize: Hashable, Sendable {
  /// Stretch when the child's effective alignment is ``CrossAlignment/stretch``, fit otherwise.
  case automatic
  /// An explicit length.
  case points(Double)
  /// A percentage of the group's cross extent (inside its padding).
  case percent(Double)
  /// The child's own measured size.
  case fit
  /// The full cross extent of the group, whatever the alignment.
  case stretch
}

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
