public import ArrangeGeometry

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
