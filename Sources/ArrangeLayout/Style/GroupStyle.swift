public import ArrangeGeometry

/// The properties of a horizontal or vertical group.
public struct GroupStyle: Hashable, Sendable {
  /// The axis the children are placed along.
  public var axis: Axis
  /// The gap between two visible children (ignored in ``margin`` mode).
  public var spacing: Double
  /// The space between the group's edges and its children.
  public var padding: EdgeInsets
  /// Where the children go along the main axis when they do not fill it.
  public var distribution: Distribution
  /// Where the children go across the main axis, unless a child overrides it.
  public var alignment: CrossAlignment
  /// The reading direction; `nil` inherits the parent's (the tree's at the root).
  public var direction: LayoutDirection?
  /// Margin mode: when set, slots are computed with no spacing, every child's frame is then
  /// inset by `margin / 2` on both main-axis sides, and each child spans the whole cross extent,
  /// so that equal margins separate the children and line them up with the group's edges.
  public var margin: Double?

  /// Creates a group style.
  public init(
    axis: Axis, spacing: Double = 0, padding: EdgeInsets = .zero,
    distribution: Distribution = .start, alignment: CrossAlignment = .stretch,
    direction: LayoutDirection? = nil, margin: Double? = nil
  ) {
    self.axis = axis
    self.spacing = spacing
    self.padding = padding
    self.distribution = distribution
    self.alignment = alignment
    self.direction = direction
    self.margin = margin
  }

  /// A horizontal group.
  public static func horizontal(spacing: Double = 0, padding: EdgeInsets = .zero) -> GroupStyle {
    GroupStyle(axis: .horizontal, spacing: spacing, padding: padding)
  }

  /// A vertical group.
  public static func vertical(spacing: Double = 0, padding: EdgeInsets = .zero) -> GroupStyle {
    GroupStyle(axis: .vertical, spacing: spacing, padding: padding)
  }
}
