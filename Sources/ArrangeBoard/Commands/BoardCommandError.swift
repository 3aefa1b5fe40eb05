import ArrangeDragDrop
import ArrangeGeometry

/// Why a scripted board command could not be carried out.
public struct BoardCommandError: Error, Hashable, Sendable, CustomStringConvertible {
  /// What went wrong.
  public enum Kind: Hashable, Sendable {
    /// No card has that title.
    case unknownCard
    /// Several cards match and none exactly.
    case ambiguousCard
    /// No column has that name (or number).
    case unknownColumn
    /// Several columns have that name.
    case ambiguousColumn
    /// The position is not in the column.
    case indexOutOfRange
    /// The drag engine refused the move, or the document could not follow it.
    case refused
  }

  /// What went wrong.
  public var kind: Kind
  /// A sentence for people, its control characters escaped: it quotes titles from the file and
  /// names from the command line, and is printed on a terminal.
  public var message: String

  /// Creates an error; `message` is escaped with ``BoardCommand/visible(_:keepingLineBreaks:)``.
  public init(_ kind: Kind, _ message: String) {
    self.kind = kind
    self.message = BoardCommand.visible(message)
  }

  /// The message.
  public var description: String { message }
}
