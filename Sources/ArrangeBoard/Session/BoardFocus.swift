/// Where a front end's keyboard focus is on a board: a column, and a card in it when it has any.
public struct BoardFocus: Hashable, Sendable {
  /// The focused card, if any.
  public var card: CardID?
  /// The focused column's index.
  public var column: Int

  /// Creates a focus.
  public init(card: CardID?, column: Int) {
    self.card = card
    self.column = column
  }
}
