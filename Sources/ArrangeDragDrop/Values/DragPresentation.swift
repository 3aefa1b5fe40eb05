public import ArrangeGeometry

/// Where a drop would land, for drawing.
public enum DropIndicator: Hashable, Sendable {
  /// A line between items (or at the start or end) in a container: a thin rectangle.
  case line(ContainerID, Rect)
  /// The frame of the item that would be swapped with, or dropped into.
  case item(ContainerID, Rect)
  /// The drop would remove the item.
  case removal
}

/// An item that moves aside while a drag is in progress.
public struct DisplacedItem<Item: Hashable & Sendable>: Hashable, Sendable {
  /// The item.
  public var item: Item
  /// Where it is now.
  public var slot: Slot
  /// Where it should be drawn while the proposal stands.
  public var targetFrame: Rect
  /// The alpha to draw it with (``DragAppearance/displacedAlpha``, 0.6 by default).
  public var alpha: Double

  /// Whether two displaced items are the same (written out so that callers specialize it).
  @inlinable
  public static func == (lhs: DisplacedItem, rhs: DisplacedItem) -> Bool {
    lhs.item == rhs.item && lhs.slot == rhs.slot && lhs.targetFrame == rhs.targetFrame
      && lhs.alpha == rhs.alpha
  }

  /// Creates a displaced item.
  public init(item: Item, slot: Slot, targetFrame: Rect, alpha: Double) {
    self.item = item
    self.slot = slot
    self.targetFrame = targetFrame
    self.alpha = alpha
  }
}

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

/// Everything a front end needs to draw the drags in progress: a pure value, computed when read
/// (``DragEngine/presentation``), which the engine signals with ``DragEffect/presentationChanged``.
///
/// Front ends render it and may animate between successive presentations.
public struct DragPresentation<Item: Hashable & Sendable>: Hashable, Sendable {
  /// One entry per drag in progress, in the order the drags began.
  public var sessions: [SessionPresentation<Item>]
  /// Whether the arena is in edit mode.
  public var isEditing: Bool

  /// Whether two presentations are the same (written out so that callers specialize it).
  @inlinable
  public static func == (lhs: DragPresentation, rhs: DragPresentation) -> Bool {
    lhs.isEditing == rhs.isEditing && lhs.sessions.count == rhs.sessions.count
      && zip(lhs.sessions, rhs.sessions).allSatisfy { $0 == $1 }
  }

  /// Creates a presentation.
  @inlinable
  public init(sessions: [SessionPresentation<Item>] = [], isEditing: Bool = false) {
    self.sessions = sessions
    self.isEditing = isEditing
  }
}
