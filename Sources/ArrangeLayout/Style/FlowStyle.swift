public import ArrangeGeometry

/// The properties of a wrapping flow: items placed in lines that wrap at the flow's length.
///
/// In a ``LayoutTree``, the visible children of a flow node are its items, sized by their
/// ``ItemStyle`` along the flow axis: `points` as given, `percent` of the line length, `fit` and
/// `fill` at their measured size under the line length, then clamped to `minSize`/`maxSize`.
/// Across the line they take `points`, `percent` of the flow's cross extent (0 while it is
/// unknown), or their measured size (`automatic`, `fit` and `stretch` alike); their own
/// `alignment` is not used — ``itemAlignment`` places them in their line.
public struct FlowStyle: Hashable, Sendable {
  /// The direction items are placed in before wrapping: horizontal fills rows, vertical fills
  /// columns.
  public var axis: Axis
  /// The gap between two items of a line.
  public var itemSpacing: Double
  /// The gap between two lines.
  public var lineSpacing: Double
  /// The space between the flow's edges and its items.
  public var padding: EdgeInsets
  /// How the items of a line are spread along it.
  public var lineAlignment: FlowLineAlignment
  /// Where an item sits across its line.
  public var itemAlignment: FlowItemAlignment
  /// The reading direction; `nil` inherits the parent's (left-to-right for a standalone flow).
  public var direction: LayoutDirection?

  /// Creates a flow style.
  public init(
    axis: Axis = .horizontal, itemSpacing: Double = 0, lineSpacing: Double = 0,
    padding: EdgeInsets = .zero, lineAlignment: FlowLineAlignment = .start,
    itemAlignment: FlowItemAlignment = .start, direction: LayoutDirection? = nil
  ) {
    self.axis = axis
    self.itemSpacing = itemSpacing
    self.lineSpacing = lineSpacing
    self.padding = padding
    self.lineAlignment = lineAlignment
    self.itemAlignment = itemAlignment
    self.direction = direction
  }
}
