import ArrangeGeometry

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
