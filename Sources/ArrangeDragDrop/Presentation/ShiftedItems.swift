import ArrangeGeometry

/// A run of items that shift by one slot while a move is proposed (the "sift").
///
/// Items `range` of `container` are drawn at the frame of the slot `offset` away (`+1` or `-1`);
/// a front end that does not animate the sift can ignore it and draw only the indicator.
public struct ShiftedItems: Hashable, Sendable {
  /// The container.
  public var container: ContainerID
  /// The indices of the items that shift.
  public var range: Range<Int>
  /// `+1` (towards the end) or `-1` (towards the start).
  public var offset: Int

  /// Creates a run of shifted items.
  public init(container: ContainerID, range: Range<Int>, offset: Int) {
    self.container = container
    self.range = range
    self.offset = offset
  }
}
