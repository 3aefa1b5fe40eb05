/// What the mouse did.
public enum MouseAction: Hashable, Sendable {
  /// A button went down.
  case press
  /// A button went up.
  case release
  /// The mouse moved (with `button` held, or `.none`).
  case motion
  /// The wheel turned up (away from the user) or down.
  case wheelUp, wheelDown
}
