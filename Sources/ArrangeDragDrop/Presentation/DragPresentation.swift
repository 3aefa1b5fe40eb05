import ArrangeGeometry

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
