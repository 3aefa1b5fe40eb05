/// A version of the board to go back to, and the change made after it.
///
/// It holds what differs between that version and the board it is undone (or redone) from,
/// not a whole document: a move on a 50,000-card board costs a few hundred bytes of history.
public struct BoardRevision: Hashable, Sendable {
  /// What turns the board as it is now (the newer version) into this one.
  var difference: BoardDifference
  /// The change, in words ("moving “Fix the bug”").
  public var change: String
  /// The cards the change touched.
  public var cards: Set<CardID>
  /// Where the front end's focus was.
  public var focus: BoardFocus?

  /// A revision that goes from `current` back to `document`.
  init(
    document: BoardDocument, from current: BoardDocument, change: String, cards: Set<CardID>,
    focus: BoardFocus?
  ) {
    difference = BoardDifference(from: current, to: document)
    self.change = change
    self.cards = cards
    self.focus = focus
  }

  /// About how many bytes of memory the revision holds.
  var bytes: Int { difference.bytes + change.utf8.count + cards.count * 16 }
}
