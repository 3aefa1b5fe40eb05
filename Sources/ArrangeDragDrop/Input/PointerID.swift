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
