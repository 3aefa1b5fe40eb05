/// A card of a board, as shown: its title and its detail lines.
///
/// A card is a line `- Title` (or `* Title`) with the lines under it up to the next card or
/// heading; the document keeps those lines exactly as they are in the file.
public struct BoardCard: Hashable, Sendable {
  /// The card's identifier in its document.
  public var id: CardID
  /// The text after the `- ` marker with surrounding whitespace trimmed.
  public var title: String
  /// The card's indented, non-blank lines without whitespace at either end, in order (for
  /// example `> A description` or `* [ ] a subtask`).
  public var details: [String]

  /// Creates a card value.
  public init(id: CardID, title: String, details: [String]) {
    self.id = id
    self.title = title
    self.details = details
  }
}
