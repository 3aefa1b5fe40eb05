import ArrangeGeometry

extension ItemStyle {
  /// Whether the child is stretched across `group` (``CrossSize/stretch``, or automatic with
  /// stretch alignment).
  func stretches(in group: GroupStyle) -> Bool { stretches(alignment: group.alignment) }

  /// Whether the child is stretched across a group whose alignment is `groupAlignment`.
  @inline(__always)
  func stretches(alignment groupAlignment: CrossAlignment) -> Bool {
    crossSize == .stretch
      || (crossSize == .automatic && (alignment ?? groupAlignment) == .stretch)
  }
}

extension Size {
  /// A size that no measurement returns (NaN equals nothing), for "not measured yet".
  static let unmeasured = Size(width: .nan, height: .nan)
}

extension GroupSolver {
  // MARK: - Cross axis

  /// The cross size a child's rule fixes by itself: points, or a percentage of the cross length
  /// (0 while that length is unknown); `nil` when the child must be stretched or measured.
  static func fixedCross(_ style: ItemStyle, _ crossLength: Double?) -> Double? {
    switch style.crossSize {
    case .points(let value): return nonNegative(value)
    case .percent(let value):
      return Self.share(crossLength ?? 0, nonNegative(value), of: 100)
    case .automatic, .fit, .stretch: return nil
    }
  }

  /// The cross size of a visible child whose main size is `main`: fixed by its rule, stretched
  /// over `crossLength`, or measured — reusing `measured` when the child was already measured
  /// at that main size, so that it is not measured twice under two proposals.
  ///
  /// `nil` when the child must be measured first (see ``lookup(_:_:)``).
  mutating func crossSize(
    of child: Int32, style: ItemStyle, main: Double, axis: Axis, crossLength: Double?,
    stretches: Bool, measured: Size
  ) -> Double? {
    if let fixed = Self.fixedCross(style, crossLength) { return fixed }
    if stretches, let crossLength { return crossLength }
    if measured[axis] == main { return measured[axis.cross] }
    return lookup(child, SizeProposal(main: main, cross: crossLength, axis: axis))?[axis.cross]
  }
}
