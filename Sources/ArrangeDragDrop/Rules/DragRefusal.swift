/// Why the engine did not do what the pointer or key asked: a refused press, a refused slot.
///
/// A refusal is an expected outcome, not an error: the proposal falls back to the previous valid
/// one or to "return to origin", and the refusal is reported in events and announcements.
public struct DragRefusal: Hashable, Sendable {
  /// The kind of refusal.
  public enum Kind: Hashable, Sendable {
    /// `canDrag` said no.
    case notDraggable
    /// The single-drag lock: another drag is in progress.
    case anotherDragInProgress
    /// The item is already being dragged by another session.
    case itemAlreadyDragged
    /// `canMove` said no (within one container).
    case cannotMove
    /// `canDrop` said no (into another container).
    case cannotDrop
    /// `accepts` said no: the container does not take this kind of item.
    case notAccepted
    /// The container is at its capacity.
    case containerFull
    /// `canDisplace` said no (exchange).
    case cannotDisplace
    /// `canRemove` said no.
    case cannotRemove
    /// `canDropInto` said no.
    case cannotDropInto
    /// Copy mode without a `copyID` rule.
    case cannotCopy
    /// `canPropose` said no (a rule that sees the whole proposal and its context).
    case refusedByRule
  }

  /// The kind of refusal.
  public var kind: Kind
  /// The container concerned, if any (the full one, the one that refused the drop).
  public var container: ContainerID?
  /// The app's reason, for announcements ("Done only takes finished tasks").
  public var reason: String?

  /// Creates a refusal.
  public init(_ kind: Kind, container: ContainerID? = nil, reason: String? = nil) {
    self.kind = kind
    self.container = container
    self.reason = reason
  }

  /// Whether two refusals are the same: the same kind, container and reason, the reasons compared
  /// by their UTF-8 bytes (a reason is the app's own text, handed back as given, so two spellings
  /// of it are two reasons; this also keeps Unicode normalization out of the engine).
  public static func == (lhs: DragRefusal, rhs: DragRefusal) -> Bool {
    guard lhs.kind == rhs.kind, lhs.container == rhs.container else { return false }
    switch (lhs.reason, rhs.reason) {
    case (nil, nil): return true
    case (let left?, let right?): return left.utf8.elementsEqual(right.utf8)
    default: return false
    }
  }

  /// Hashes the kind, the container and the reason's UTF-8 bytes, as `==` compares them.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(kind)
    hasher.combine(container)
    hasher.combine(reason != nil)
    if let reason { for byte in reason.utf8 { hasher.combine(byte) } }
  }
}
