import ArrangeDragDrop
import ArrangeGeometry
import ArrangeTerminal

/// Why a ``ListContainer`` refused a request; the container is unchanged.
public struct ListContainerError: Error, Hashable, Sendable, CustomStringConvertible {
  /// What was wrong with the request.
  public enum Kind: Hashable, Sendable {
    /// The new order lists a different number of items than the container holds.
    case countMismatch
    /// The new order lists the same item twice.
    case duplicateItem
    /// The new order lists an item that the container does not hold.
    case unknownItem
  }

  /// What was wrong with the request.
  public var kind: Kind
  /// One sentence for people, saying what was wrong.
  public var message: String

  /// Creates an error.
  public init(_ kind: Kind, _ message: String) {
    self.kind = kind
    self.message = message
  }

  /// The message.
  public var description: String { message }
}
