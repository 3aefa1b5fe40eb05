/// A column of a board, as shown: its name and its cards in order.
public struct BoardColumn: Hashable, Sendable {
  /// The heading's text with surrounding whitespace trimmed (and, in an Obsidian board, without
  /// the card limit written after it).
  public var title: String
  /// The column's cards, top to bottom.
  public var cards: [BoardCard]
  /// The most cards the column takes, in an Obsidian board whose lane title ends in a number in
  /// brackets (`## Doing (3)`); `nil` when there is no limit.
  public var limit: Int?
  /// Whether cards dropped in the column are ticked done and ticked back when dragged out
  /// (a column with `**Complete**` under its heading, as the Obsidian Kanban plugin marks it).
  public var marksComplete: Bool

  /// Creates a column value.
  public init(title: String, cards: [BoardCard], limit: Int? = nil, marksComplete: Bool = false) {
    self.title = title
    self.cards = cards
    self.limit = limit
    self.marksComplete = marksComplete
  }
}
