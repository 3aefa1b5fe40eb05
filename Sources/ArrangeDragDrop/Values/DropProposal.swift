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

/// The current proposal of a drag: the action, the container under the drag, and the refusal that
/// kept a better action from being proposed, if any.
public struct DropProposal<Item: Hashable & Sendable>: Hashable, Sendable {
  /// What a drop would do.
  public var action: DropAction<Item>
  /// The container the drag is over (per the target strategy), if any.
  public var container: ContainerID?
  /// Why the action is not what the pointer asked for.
  public var refusal: DragRefusal?

  /// Whether two proposals are the same (written out so that callers specialize it).
  @inlinable
  public static func == (lhs: DropProposal, rhs: DropProposal) -> Bool {
    lhs.container == rhs.container && lhs.action == rhs.action && lhs.refusal == rhs.refusal
  }

  /// Creates a proposal.
  public init(_ action: DropAction<Item>, container: ContainerID?, refusal: DragRefusal? = nil) {
    self.action = action
    self.container = container
    self.refusal = refusal
  }
}
