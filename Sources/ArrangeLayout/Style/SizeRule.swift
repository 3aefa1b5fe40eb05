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
