public import ArrangeGeometry

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
