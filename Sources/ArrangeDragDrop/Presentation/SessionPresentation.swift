public import ArrangeGeometry

/// How to draw one drag.
public struct SessionPresentation<Item: Hashable & Sendable>: Hashable, Sendable {
  /// The drag.
  public var session: SessionID
  /// The dragged item.
  public var item: Item
  /// The ghost (the snapshot under the pointer, at the grab offset).
  public var ghostFrame: Rect
  /// The slot whose item is hidden because it is being dragged.
  public var hiddenSlot: Slot?
  /// Items drawn somewhere else while the proposal stands (exchange).
  public var displaced: [DisplacedItem<Item>]
  /// Items that shift to make room (move).
  public var shifted: [ShiftedItems]
  /// Where the drop would land.
  public var indicator: DropIndicator?
  /// The container to highlight as the target.
  public var highlightedContainer: ContainerID?
  /// The other items dragged with ``item`` (a selection), in selection order: drawn as a stack
  /// under the ghost with their count, and left out (or dimmed) where they were.
  public var companions: [Item] = []

  /// Whether two presentations are the same (written out so that callers specialize it).
  @inlinable
  public static func == (lhs: SessionPresentation, rhs: SessionPresentation) -> Bool {
    lhs.session == rhs.session && lhs.item == rhs.item && lhs.ghostFrame == rhs.ghostFrame
      && lhs.hiddenSlot == rhs.hiddenSlot && lhs.indicator == rhs.indicator
      && lhs.highlightedContainer == rhs.highlightedContainer && lhs.shifted == rhs.shifted
      && lhs.companions == rhs.companions
      && lhs.displaced.count == rhs.displaced.count
      && zip(lhs.displaced, rhs.displaced).allSatisfy { $0 == $1 }
  }

  /// Creates the presentation of one drag.
  @inlinable
  public init(
    session: SessionID, item: Item, ghostFrame: Rect, hiddenSlot: Slot?,
    displaced: [DisplacedItem<Item>], shifted: [ShiftedItems], indicator: DropIndicator?,
    highlightedContainer: ContainerID?
  ) {
    self.session = session
    self.item = item
    self.ghostFrame = ghostFrame
    self.hiddenSlot = hiddenSlot
    self.displaced = displaced
    self.shifted = shifted
    self.indicator = indicator
    self.highlightedContainer = highlightedContainer
  }
}
