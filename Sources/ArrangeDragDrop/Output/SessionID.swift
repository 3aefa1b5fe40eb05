/// Which input drives a drag session: one pointer, or the keyboard.
public enum SessionID: Hashable, Sendable, CustomStringConvertible {
  /// A drag driven by a pointer.
  case pointer(PointerID)
  /// The keyboard drag (there is at most one).
  case keyboard

  /// A short human-readable name.
  public var description: String {
    switch self {
    case .pointer(let id): return id.description
    case .keyboard: return "keyboard"
    }
  }
}
