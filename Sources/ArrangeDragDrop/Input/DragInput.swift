import ArrangeGeometry

/// One input to the engine.
///
/// A recorded stream of inputs replays to the same effects.
public enum DragInput<Geometry: ContainerGeometry>: Sendable {
  /// A pointer event.
  case pointer(PointerEvent)
  /// A keyboard intent, at a time.
  case key(KeyIntent<Geometry.Item>, time: Double)
  /// Time passing with no other input: long presses and auto-scroll advance.
  case tick(time: Double)
  /// A container's geometry changed (layout, scroll, items changed by the app).
  case setGeometry(ContainerID, Geometry)
  /// A container joins the arena at `priority` (0 is the highest; `nil` appends).
  case addContainer(ArenaContainer<Geometry>, priority: Int?)
  /// A container leaves the arena; drags that involve it are cancelled.
  case removeContainer(ContainerID)
  /// A container changes priority.
  case moveContainer(ContainerID, priority: Int)
  /// Edit mode begins or ends, arena-wide (optionally naming the container that asked).
  case setEditing(Bool, from: ContainerID?)
  /// The items selected, in the order they were selected: lifting one of them (by pointer or
  /// keyboard) in move mode lifts them all, and they land together, contiguously, in this order.
  case setSelection([Geometry.Item])
  /// Undo the last transaction.
  case undo
  /// Redo the last undone transaction.
  case redo
  /// The app could apply only the first `applied` of the operations it was just given.
  ///
  /// "Just given" means every `.apply` effect of the last input that produced any, in order:
  /// a drop, a live step, a cancel of a live drag, an undo, a redo (or the engine's own
  /// rollback). Send it right after that input, before any other. The engine then emits the
  /// inverses of the `applied` operations that did go in, newest first, so the model is as it
  /// was before that input, and puts itself back too:
  /// - a drop is taken back with the drag's earlier live changes, and leaves the undo stack;
  /// - a live step cancels the drag (its live changes are taken back: the model is as before
  ///   the lift);
  /// - an undo or redo returns its transaction to the stack it came from;
  /// - a cancel whose live changes could not be undone keeps them, as an undoable drop.
  ///
  /// ``DragEvent/applicationFailed(message:)`` with `message` comes first, then the events of
  /// what that ended (a kept drop, a cancelled drag). A failure with no operations outstanding
  /// is ignored; `applied` is clamped to what was given.
  case applicationFailed(applied: Int, message: String)
  /// A system interruption: every drag is cancelled.
  case interrupt
}
