/// Identifies a card for the life of a document value.
///
/// ``BoardDocument/parse(_:)`` numbers the cards from 0 in file order; a card added later gets
/// the next number, never one used before in the same document value. Identifiers are not stored
/// in the file, so the same card may get another number when the file is parsed again.
public struct CardID: Hashable, Sendable, Comparable, CustomStringConvertible {
  /// The number.
  public let rawValue: Int

  /// Creates an identifier from its number.
  public init(_ rawValue: Int) {
    self.rawValue = rawValue
  }

  /// Orders identifiers by number.
  public static func < (lhs: CardID, rhs: CardID) -> Bool {
    lhs.rawValue < rhs.rawValue
  }

  /// The number after a `#`, as in `#3`.
  public var description: String { "#\(rawValue)" }
}
