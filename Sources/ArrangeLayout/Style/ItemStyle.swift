import ArrangeGeometry

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
