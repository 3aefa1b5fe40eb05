public import ArrangeGeometry

/// Something the layout engine had to correct or could not satisfy, reported on the result
/// instead of producing a negative or NaN frame.
public struct LayoutDiagnostic: Hashable, Sendable, CustomStringConvertible {
  /// Which input value was invalid.
  public enum Field: String, Hashable, Sendable {
    /// An ``SizeRule/points(_:)`` length.
    case points
    /// A ``SizeRule/percent(_:)`` value.
    case percent
    /// A ``SizeRule/fill(weight:)`` weight.
    case weight
    /// ``ItemStyle/minSize``.
    case minSize
    /// ``ItemStyle/maxSize``.
    case maxSize
    /// A ``CrossSize/points(_:)`` length.
    case crossPoints
    /// A ``CrossSize/percent(_:)`` value.
    case crossPercent
    /// ``GroupStyle/spacing``.
    case spacing
    /// An edge of a padding.
    case padding
    /// ``GroupStyle/margin``.
    case margin
    /// ``FlowStyle/itemSpacing``.
    case itemSpacing
    /// ``FlowStyle/lineSpacing``.
    case lineSpacing
    /// The size given to ``LayoutTree/layout(in:)``.
    case containerSize
    /// A size returned by a measure function.
    case measuredSize
    /// ``LayoutTree/scale``, which must be a finite positive number (1 is used instead).
    case scale
  }

  /// What happened.
  public enum Kind: Hashable, Sendable {
    /// A negative, NaN or infinite value was treated as 0.
    case invalidValue(Field, Double)
    /// The percentages of a group's children added up to more than 100 and were scaled down to
    /// 100 in proportion: together they take all of the space left after the points and fit
    /// children.
    ///
    /// Clamps apply after that: a percentage child capped by its ``ItemStyle/maxSize`` (or
    /// raised by its ``ItemStyle/minSize``) takes its clamped size, and the space a cap frees
    /// goes to the fill children, which otherwise get nothing. Two `percent(80)` children
    /// capped at 10 beside a fill child in a 100-point group are 10, 10 and 80 wide.
    case percentagesOverflow(total: Double)
    /// The children (with spacing) did not fit along the group's main axis; they overflow by
    /// `amount`.
    case overflow(amount: Double, axis: Axis)
    /// A child is larger across the group than the space inside the group's padding (its fixed,
    /// percent or measured cross size exceeds it); the largest overflows `axis` by `amount`.
    case crossOverflow(amount: Double, axis: Axis)
    /// The node's padding along `axis` is larger than the node by `amount`; its children get no
    /// space on that axis and lie partly outside it.
    case paddingOverflow(amount: Double, axis: Axis)
    /// A child's minimum is larger than its maximum; the minimum wins.
    case minimumExceedsMaximum(min: Double, max: Double)
  }

  /// The node concerned.
  public var node: NodeID
  /// What happened.
  public var kind: Kind

  /// Creates a diagnostic.
  public init(node: NodeID, kind: Kind) {
    self.node = node
    self.kind = kind
  }

  /// A sentence a person can read.
  public var description: String {
    switch kind {
    case .invalidValue(.scale, let value):
      return "\(node): scale \(value) is not a finite positive number; used 1"
    case .invalidValue(let field, let value):
      return "\(node): \(field.rawValue) \(value) is not a finite non-negative number; used 0"
    case .percentagesOverflow(let total):
      return "\(node): children's percentages add up to \(total); scaled down to 100"
    case .overflow(let amount, let axis):
      return "\(node): children overflow the \(axis) axis by \(amount)"
    case .minimumExceedsMaximum(let min, let max):
      return "\(node): minSize \(min) is larger than maxSize \(max); used the minimum"
    case .crossOverflow(let amount, let axis):
      return "\(node): a child overflows the \(axis) axis by \(amount)"
    case .paddingOverflow(let amount, let axis):
      return "\(node): padding is larger than the node along the \(axis) axis by \(amount)"
    }
  }
}
