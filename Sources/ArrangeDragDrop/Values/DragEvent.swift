/// The committed operations of one drag (or of an undo or redo): an undo unit.
public struct DragTransaction<Item: Hashable & Sendable>: Hashable, Sendable {
  /// The operations, in the order they apply.
  public var operations: [DragOperation<Item>]

  /// Creates a transaction.
  public init(_ operations: [DragOperation<Item>]) { self.operations = operations }

  /// The transaction that undoes this one: each inverse, in reverse order.
  public var inverse: DragTransaction {
    DragTransaction(operations.reversed().map(\.inverse))
  }
}

/// Something the app may want to react to.
public enum DragEvent<Item: Hashable & Sendable>: Hashable, Sendable {
  /// A press was refused (the lock, `canDrag`, an item already dragged).
  case refused(SessionID, DragRefusal)
  /// A drag began: the item, where it was lifted from.
  case began(SessionID, Item, origin: Slot)
  /// The drag entered a container.
  case entered(SessionID, ContainerID)
  /// The drag left a container.
  case exited(SessionID, ContainerID)
  /// The proposal changed.
  case proposalChanged(SessionID, DropProposal<Item>)
  /// An exchange event of an exchange transaction: one individual exchange, or two when the
  /// first undoes the previous one; each pair is `(slot, slot)`. Returning to the origin gives
  /// one individual exchange that undoes the previous one.
  case exchangeEvent(SessionID, exchanges: [ExchangePair])
  /// An exchange transaction finished: the final pair, equal slots when nothing was exchanged.
  case exchangeTransactionFinished(SessionID, Slot, Slot)
  /// The drop changed something.
  case didMove(SessionID, Item)
  /// The drop changed nothing: the item went back where it was.
  case didNotMove(SessionID, Item)
  /// The drag ended with a drop, committing `transaction` (empty when nothing moved).
  ///
  /// Also sent, after ``applicationFailed(message:)``, when the app could not undo the live
  /// changes of a cancelled drag: they stay, committed and undoable.
  case dropped(SessionID, DragTransaction<Item>)
  /// The drag was cancelled; the model and screen are back to their state before the lift.
  ///
  /// Except when the app removed the dragged item itself: the drag then ends with no operations,
  /// and the app's own change stands.
  case cancelled(SessionID, Item)
  /// Edit mode began on every container (optionally naming the one that asked).
  case editModeBegan(from: ContainerID?)
  /// Edit mode ended on every container.
  case editModeEnded(from: ContainerID?)
  /// A transaction was undone.
  case undone(DragTransaction<Item>)
  /// A transaction was redone.
  case redone(DragTransaction<Item>)
  /// The app failed to apply operations; the engine rolled them back.
  case applicationFailed(message: String)
}

/// One individual exchange of an exchange event: the two slots whose items swap.
public struct ExchangePair: Hashable, Sendable, CustomStringConvertible {
  /// The first slot.
  public var first: Slot
  /// The second slot.
  public var second: Slot

  /// Creates a pair.
  public init(_ first: Slot, _ second: Slot) {
    self.first = first
    self.second = second
  }

  /// `0,3 with 1,3`.
  public var description: String { "\(first) with \(second)" }
}

/// One output of the engine for one input.
public enum DragEffect<Item: Hashable & Sendable>: Hashable, Sendable {
  /// Something happened.
  case event(DragEvent<Item>)
  /// Apply this operation to the model now (at the drop, or live as the proposal changes, or for
  /// an undo, a redo, a cancel of a live drag, or a rollback).
  case apply(DragOperation<Item>)
  /// Tell the user (accessibility).
  case announce(Announcement<Item>)
  /// Scroll a container to an offset (auto-scroll, or bringing a keyboard target into view).
  case scroll(ContainerID, offset: Double)
  /// What a drag looks like may have changed: read ``DragEngine/presentation`` when you next
  /// draw.
  ///
  /// The presentation is a pure value computed on demand, so a host that draws once per frame
  /// pays for it once per frame, however many inputs arrived in between.
  case presentationChanged
}
