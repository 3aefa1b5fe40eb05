/// A Kanban board stored as Markdown, kept line for line so that writing it back loses nothing.
///
/// The format is taskell's: `## Column` headings, unindented `- Card` (or `* Card`) lines, and
/// indented detail lines under a card.
///
/// ```
/// # My board
///
/// ## To Do
///
/// - Write the README
///     > A short tour with the keys
///     * [ ] screenshot
/// - Fix the bug
///
/// ## Done
///
/// - Set up CI
/// ```
///
/// The document keeps every line of the file with its own terminator. A card's *block* is its
/// card line and the lines after it up to the next card or heading; edits move whole blocks and
/// never touch the other lines. Blank lines at the end of a column's last block belong to the
/// column instead (they stay at its end when cards move), so the blank line before the next
/// heading stays in place. ``serialized()`` of a document that was not edited gives back the
/// parsed bytes exactly.
///
/// ```swift
/// var board = try BoardDocument.parse(bytes)
/// let card = board.columns[0].cards[0].id
/// try board.moveCard(card, toColumn: 1, index: 0)
/// let saved = board.serialized()
/// ```
public struct BoardDocument: Hashable, Sendable {
  /// A `## ` heading with its lines, in file order.
  struct Section: Hashable, Sendable {
    /// The heading line.
    var heading: BoardLine
    /// The lines after the heading and before the first card.
    var lead: [BoardLine]
    /// Each card's block: the card line first, then the lines up to the next card or heading.
    var blocks: [[BoardLine]]
    /// Blank lines that end the column; they stay after the last block when cards move.
    var tail: [BoardLine]
  }

  /// The largest file a board may be: 16 MiB.
  public static let maximumSize = 16 * 1024 * 1024

  /// The lines before the first heading (a `# Title`, text, blank lines).
  var preamble: [BoardLine] = []
  /// The columns' lines; `sections[i]` holds the lines of `columns[i]`.
  var sections: [Section] = []
  /// The terminator for lines that need one: the file's first, or `\n`.
  var newline: BoardLine.Terminator = .lineFeed
  /// The number the next added card gets.
  var nextID = 0

  /// What ``columns`` returns, kept in step with `sections` by every edit.
  var shownColumns: [BoardColumn] = []
  /// Where each card is, by `CardID.rawValue` (`nil` for removed cards), kept in step with
  /// `shownColumns` by every edit, so that looking a card up (done for every card drawn) is
  /// O(1).
  var positions: [CardPosition?] = []

  /// A card's column and index.
  struct CardPosition: Hashable, Sendable {
    var column: Int
    var index: Int
  }

  /// The columns, left to right, with their cards: a read-only view of the lines.
  public var columns: [BoardColumn] { shownColumns }

  /// Creates an empty board: no lines, no columns.
  public init() {}

  /// The document as bytes, ready to save.
  ///
  /// A document that was not edited gives back exactly the bytes it was parsed from. After
  /// edits, a line that lacked a terminator (the file's last line) gets the file's first
  /// terminator when it is no longer last, so lines never run together.
  ///
  /// - Complexity: O(size of the document).
  public func serialized() -> [UInt8] {
    var bytes: [UInt8] = []
    var needsTerminator = false
    func append(_ line: BoardLine) {
      if needsTerminator { bytes += newline.bytes }
      bytes += line.content
      bytes += line.terminator.bytes
      needsTerminator = line.terminator == .none
    }
    preamble.forEach(append)
    for section in sections {
      append(section.heading)
      section.lead.forEach(append)
      for block in section.blocks { block.forEach(append) }
      section.tail.forEach(append)
    }
    return bytes
  }

  /// The card with identifier `id`, or `nil` if the document has none.
  ///
  /// - Complexity: O(1).
  public func card(_ id: CardID) -> BoardCard? {
    guard let location = location(of: id) else { return nil }
    return columns[location.column].cards[location.index]
  }

  /// Where the card with identifier `id` is: its column's index and its index in the column.
  ///
  /// - Complexity: O(1).
  public func location(of id: CardID) -> (column: Int, index: Int)? {
    guard positions.indices.contains(id.rawValue), let position = positions[id.rawValue] else {
      return nil
    }
    return (position.column, position.index)
  }

  /// Records where the cards of `column` are now.
  ///
  /// - Complexity: O(cards in the column).
  mutating func reindex(_ column: Int) {
    for (index, card) in shownColumns[column].cards.enumerated() {
      let raw = card.id.rawValue
      if raw >= positions.count {
        positions += [CardPosition?](repeating: nil, count: raw + 1 - positions.count)
      }
      positions[raw] = CardPosition(column: column, index: index)
    }
  }
}
