/// What would happen if the item were dropped now.
public enum DropAction<Item: Hashable & Sendable>: Hashable, Sendable {
  /// Nothing: the item returns to its origin.
  case none
  /// Move the item to a slot (final index, see ``Slot``).
  case move(to: Slot)
  /// Swap the item with `item`, which sits at `at`.
  case exchange(with: Item, at: Slot)
  /// Put a copy at a slot.
  case copy(to: Slot)
  /// Remove the item.
  case remove
  /// Put the item inside `item`, which sits at `at`.
  case into(Item, at: Slot)

  /// Whether two actions are the same (written out so that callers specialize it).
  @inlinable
  public static func == (lhs: DropAction, rhs: DropAction) -> Bool {
    switch (lhs, rhs) {
    case (.none, .none), (.remove, .remove): return true
    case (.move(let a), .move(let b)), (.copy(let a), .copy(let b)): return a == b
    case (.exchange(let x, let a), .exchange(let y, let b)),
      (.into(let x, let a), .into(let y, let b)):
      return a == b && x == y
    default: return false
    }
  }
}

extension DropAction {
  /// Whether the action swaps the dragged item with another.
  @inlinable
  public var isExchange: Bool {
    if case .exchange = self { return true }
    return false
  }
}
