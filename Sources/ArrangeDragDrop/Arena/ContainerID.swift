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
