public import ArrangeGeometry

/// How one node is sized and aligned by the group or flow that contains it.
///
/// Lengths are in the tree's units (points, or terminal cells). A negative, NaN or infinite
/// value is treated as 0 (an infinite ``maxSize`` means "no maximum") and reported in
/// ``LayoutTree/diagnostics``.
public struct ItemStyle: Hashable, Sendable {
  /// The size along the parent's main axis.
  public var size: SizeRule
  /// The size along the parent's cross axis.
  public var crossSize: CrossSize
  /// The smallest main-axis size the child may get; wins over ``maxSize`` when they conflict.
  public var minSize: Double
  /// The largest main-axis size the child may get.
  public var maxSize: Double
  /// Overrides the parent's ``GroupStyle/alignment`` for this child.
  public var alignment: CrossAlignment?
  /// A hidden child takes no space and no spacing; its frame is empty.
  public var isHidden: Bool

  /// Creates a style; the defaults make a child share the remaining space equally and stretch.
  public init(
    size: SizeRule = .fill, crossSize: CrossSize = .automatic, minSize: Double = 0,
    maxSize: Double = .infinity, alignment: CrossAlignment? = nil, isHidden: Bool = false
  ) {
    self.size = size
    self.crossSize = crossSize
    self.minSize = minSize
    self.maxSize = maxSize
    self.alignment = alignment
    self.isHidden = isHidden
  }
}

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

/// A size offered to a node when it is measured; `nil` on an axis means "as much as it likes".
public struct SizeProposal: Hashable, Sendable {
  /// The width offered, or `nil` for unconstrained.
  public var width: Double?
  /// The height offered, or `nil` for unconstrained.
  public var height: Double?

  /// Creates a proposal.
  public init(width: Double?, height: Double?) {
    self.width = width
    self.height = height
  }

  /// The proposal that constrains nothing.
  public static let unspecified = SizeProposal(width: nil, height: nil)

  /// The length offered along `axis`.
  public subscript(axis: Axis) -> Double? {
    axis == .horizontal ? width : height
  }

  /// Creates a proposal from its main- and cross-axis lengths.
  public init(main: Double?, cross: Double?, axis: Axis) {
    if axis == .horizontal {
      self.init(width: main, height: cross)
    } else {
      self.init(width: cross, height: main)
    }
  }
}

/// A function that measures a leaf: given a proposal, the size the leaf wants.
///
/// Wrapping text is the typical case: its height depends on the width it is offered. Measured
/// sizes are rounded up to the tree's grid so that a label never loses a column.
public typealias MeasureFunction = @Sendable (SizeProposal) -> Size
