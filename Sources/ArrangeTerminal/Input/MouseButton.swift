/// A mouse button.
public enum MouseButton: Hashable, Sendable {
  /// The left, middle or right button.
  case left, middle, right
  /// No button (motion without a button held).
  case none
}
