/// Why an edit of a board document was refused; the document is left unchanged.
public struct BoardEditError: Error, Hashable, Sendable, CustomStringConvertible {
  /// Why the edit was refused.
  public enum Kind: Hashable, Sendable {
    /// No card of the document has that identifier.
    case unknownCard
    /// The document has no column with that index.
    case unknownColumn
    /// The index is outside the column.
    case indexOutOfRange
    /// The title is empty once trimmed.
    case emptyTitle
    /// The column holds as many cards as its limit allows.
    case columnFull
    /// The column still holds cards.
    case columnNotEmpty
    /// The due date is in none of the forms taskell reads (see ``DueDate/parse(_:clock:)``).
    case invalidDueDate
  }

  /// Why the edit was refused.
  public var kind: Kind
  /// A sentence for people.
  public var message: String

  /// Creates an error.
  public init(kind: Kind, message: String) {
    self.kind = kind
    self.message = message
  }

  /// The message.
  public var description: String { message }
}
