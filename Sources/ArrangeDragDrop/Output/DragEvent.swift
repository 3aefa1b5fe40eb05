/// Something the app may want to react to.
public enum DragEvent<Item: Hashable & Sendable>: Hashable, Sendable {
  /// A press was refused (the lock, `canDrag`, an item already dragged).
  case refused(SessionID, DragRefusal)
  /// A drag began: the item, where it was lifted from.
  case began(SessionID, Item, origin: Slot)
  /// The drag carries a selection: the items lifted together, in selection order, the pressed
  /// one among them. Sent right after ``began(_:_:origin:)``; a drag of one item has no such
  /// event.
  case groupLifted(SessionID, [Item])
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
