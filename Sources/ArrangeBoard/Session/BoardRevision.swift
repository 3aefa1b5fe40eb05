/// A version of the board to go back to, and the change made after it.
public struct BoardRevision: Hashable, Sendable {
  /// The board before the change.
  public var document: BoardDocument
  /// The change, in words ("moving “Fix the bug”").
  public var change: String
  /// The cards the change touched.
  public var cards: Set<CardID>
  /// Where the front end's focus was.
  public var focus: BoardFocus?

  /// Creates a revision.
  public init(document: BoardDocument, change: String, cards: Set<CardID>, focus: BoardFocus?) {
    self.document = document
    self.change = change
    self.cards = cards
    self.focus = focus
  }
}
