import ArrangeGeometry

/// How a flow places the items of one line along the line.
public enum FlowLineAlignment: Hashable, Sendable, CaseIterable {
  /// Packed at the line's start.
  case start
  /// Centred in the line.
  case center
  /// Packed at the line's end.
  case end
  /// Spread so that the first and last items touch the edges; the last line and lines with one
  /// item are packed at the start, as text is justified.
  case justify
}
