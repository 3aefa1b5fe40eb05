/// A card of a board, as shown: its title, its checkbox and its detail lines.
///
/// A card is a line `- Title` (or `* Title`, `+ Title`) with the indented lines under it; the
/// document keeps those lines exactly as they are in the file.
public struct BoardCard: Hashable, Sendable {
  /// The card's identifier in its document.
  public var id: CardID
  /// The text after the marker and the checkbox, trimmed, without an Obsidian block id.
  ///
  /// Empty for a card whose title was cleared (`- ` alone).
  public var title: String
  /// The Obsidian block id written at the end of the card's line (`- Title ^t1a2b3` has
  /// `t1a2b3`), which links elsewhere point at: kept in the file, not shown in the title, as
  /// Obsidian does; `nil` when there is none.
  public var blockID: String?
  /// The card's indented, non-blank lines without whitespace at either end, in order (for
  /// example `> A description` or `* [ ] a subtask`).
  public var details: [String]
  /// Whether the card is done, for a card written with a checkbox (`- [x] Title` is done,
  /// `- [ ] Title` is not); `nil` for a card without one.
  public var checkbox: Bool?

  /// Creates a card value.
  public init(
    id: CardID, title: String, details: [String], checkbox: Bool? = nil, blockID: String? = nil
  ) {
    self.id = id
    self.title = title
    self.blockID = blockID
    self.details = details
    self.checkbox = checkbox
  }
}
