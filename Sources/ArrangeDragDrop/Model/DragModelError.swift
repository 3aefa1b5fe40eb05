/// Why a ``DragModel`` refused an operation.
public struct DragModelError: Error, Hashable, Sendable, CustomStringConvertible {
  /// What went wrong.
  public enum Kind: Hashable, Sendable {
    /// The operation names a container the model does not have.
    case unknownContainer
    /// The operation's position is outside the container.
    case indexOutOfRange
    /// The item at the operation's position is not the one it names.
    case itemMismatch
    /// The operation would put an item into the model twice.
    case duplicateItem
    /// The anchor (`before`) of a move does not match where the item landed.
    case anchorMismatch
    /// A copy of an item that holds others: the copy could not carry them (their copies would
    /// need identities of their own), so it is refused rather than made empty.
    case copyOfHolder
  }

  /// What went wrong.
  public var kind: Kind
  /// A sentence for people.
  public var message: String

  /// Creates an error.
  public init(_ kind: Kind, _ message: String) {
    self.kind = kind
    self.message = message
  }

  /// The message.
  public var description: String { message }
}
