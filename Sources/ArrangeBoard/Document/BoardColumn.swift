/// A column of a board, as shown: its name and its cards in order.
public struct BoardColumn: Hashable, Sendable {
  /// The text after `## ` with surrounding whitespace trimmed.
  public var title: String
  /// The column's cards, top to bottom.
  public var cards: [BoardCard]

  /// Creates a column value.
  public init(title: String, cards: [BoardCard]) {
    self.title = title
    self.cards = cards
  }
}
