import ArrangeDragDrop
import ArrangeTerminal

/// Why lists could not follow a drag operation: it does not describe them (an item is not where
/// the operation says).
public struct ListArenaMismatch: Error, Hashable, Sendable, CustomStringConvertible {
  /// The operation, in words.
  public var operation: String

  /// A sentence for people.
  public var description: String { "The lists could not follow a drag operation (\(operation))." }
}
