public import ArrangeGeometry

/// The phase of a pointer event.
public enum PointerPhase: String, Hashable, Sendable, CaseIterable {
  /// The pointer was pressed.
  case down
  /// The pointer moved (pressed or not).
  case move
  /// The pointer was released.
  case up
  /// The system took the pointer away (an interruption, a lost capture).
  case cancel
}

/// One pointer event: which pointer, what happened, where and when.
public struct PointerEvent: Hashable, Sendable {
  /// The pointer.
  public var id: PointerID
  /// What happened.
  public var phase: PointerPhase
  /// Where, in arena coordinates.
  public var location: Point
  /// When, in seconds on any clock that does not go backwards.
  public var time: Double
  /// The device kind, which picks the activation.
  public var kind: PointerKind

  /// Creates a pointer event.
  public init(
    _ phase: PointerPhase, at location: Point, time: Double, id: PointerID = PointerID(0),
    kind: PointerKind = .mouse
  ) {
    self.id = id
    self.phase = phase
    self.location = location
    self.time = time
    self.kind = kind
  }
}

/// What a key press means to a keyboard drag.
public enum KeyIntent<Item: Hashable & Sendable>: Hashable, Sendable {
  /// Lift the focused item.
  case lift(Item)
  /// Move the proposal to the previous slot in the target container.
  case previousSlot
  /// Move the proposal to the next slot in the target container.
  case nextSlot
  /// Move the proposal to the previous container, index clamped.
  case previousContainer
  /// Move the proposal to the next container, index clamped.
  case nextContainer
  /// Drop the keyboard drag.
  case drop
  /// Cancel the keyboard drag, or every pointer drag when there is none (Escape).
  case cancel
  /// Add the item to the selection, or take it out (see ``DragInput/setSelection(_:)``).
  case toggleSelection(Item)
}

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
