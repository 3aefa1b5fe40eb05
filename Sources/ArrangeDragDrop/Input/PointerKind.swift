/// The kind of device behind a pointer.
public enum PointerKind: String, Hashable, Sendable, CaseIterable {
  /// A mouse or trackpad: activation by distance.
  case mouse
  /// A finger or pen: activation by long press.
  case touch
}
