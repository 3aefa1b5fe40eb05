/// The stable identity of a container in a drag arena.
///
/// The app chooses the values; they only have to be unique within one arena.
public struct ContainerID: Hashable, Comparable, Sendable, CustomStringConvertible {
  /// The app-chosen number.
  public var rawValue: Int

  /// Creates an identifier from an app-chosen number.
  @inlinable
  public init(_ rawValue: Int) { self.rawValue = rawValue }

  /// Orders identifiers by their numbers.
  @inlinable
  public static func < (lhs: ContainerID, rhs: ContainerID) -> Bool { lhs.rawValue < rhs.rawValue }

  /// `#` followed by the number.
  public var description: String { "#\(rawValue)" }
}

/// The identity of one pointer (a mouse, a finger, a pen) across its events.
public struct PointerID: Hashable, Sendable, CustomStringConvertible {
  /// The platform's number for the pointer.
  public var rawValue: Int

  /// Creates an identifier from the platform's number for the pointer.
  @inlinable
  public init(_ rawValue: Int) { self.rawValue = rawValue }

  /// `pointer` followed by the number.
  public var description: String { "pointer \(rawValue)" }
}

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

/// A position in a container: the container and a zero-based index.
///
/// In a `move`, the destination index is the item's index *after* the move (as in
/// `Array.insert` after removing the item), so moving to the last position of a container of
/// `n` items is index `n - 1` when the item comes from the same container and `n` when it comes
/// from another one.
public struct Slot: Hashable, Sendable, CustomStringConvertible {
  /// The container.
  public var container: ContainerID
  /// The zero-based index in the container.
  public var index: Int

  /// Creates a slot.
  @inlinable
  public init(_ container: ContainerID, _ index: Int) {
    self.container = container
    self.index = index
  }

  /// `container,index`, like the seeds' index paths (`0,3`).
  public var description: String { "\(container.rawValue),\(index)" }
}
