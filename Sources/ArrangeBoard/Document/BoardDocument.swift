/// A Kanban board stored as Markdown, kept line for line so that writing it back loses nothing.
///
/// The format is taskell's, read the way the Obsidian Kanban plugin writes it too: column
/// headings (`## Column`, or `###`/`#` in boards that use those), unindented `- Card` lines
/// (`*` and `+` too, with an optional `[ ]`/`[x]` checkbox), and indented detail lines under a
/// card.
///
/// ```
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
/// card line and the indented lines under it (with the blank lines between them, and those
/// before the next card); edits move whole blocks and never touch the other lines. Everything
/// else — front matter, prose, fences, rules, comments, the Obsidian settings footer and
/// archive — stays where it is whatever moves. ``serialized()`` of a document that was not
/// edited gives back the parsed bytes exactly.
///
/// ```swift
/// var board = try BoardDocument.parse(bytes)
/// let card = board.columns[0].cards[0].id
/// try board.moveCard(card, toColumn: 1, index: 0)
/// let saved = board.serialized()
/// ```
public struct BoardDocument: Hashable, Sendable {
  /// What a run of lines is to the board.
  enum PieceKind: Hashable, Sendable {
    /// A card's block.
    case card
    /// A blank line.
    case blank
    /// A line of text (a paragraph line, a `**Complete**` marker, an indented line that
    /// belongs to no card).
    case text
    /// Something a card is never put past when a column is empty: a rule, a fence, a comment,
    /// a heading of another level.
    case barrier
  }

  /// A run of lines of a section: a card's block, or lines that belong to no card.
  struct Piece: Hashable, Sendable {
    var kind: PieceKind
    var lines: [BoardLine]
  }

  /// A column heading with the lines after it, in file order.
  struct Section: Hashable, Sendable {
    /// The heading line.
    var heading: BoardLine
    /// The lines after the heading, up to the next column heading.
    var pieces: [Piece]
    /// Whether this is the Obsidian archive (a `## Archive` heading after a rule).
    var isArchive = false
  }

  /// The largest file a board may be: 16 MiB.
  public static let maximumSize = 16 * 1024 * 1024

  /// The lines before the first column heading (front matter, a `# Title`, text).
  var preamble: [BoardLine] = []
  /// The sections, in file order: the columns' and the archive's.
  var sections: [Section] = []
  /// `sections[columnSections[i]]` holds the lines of `columns[i]`.
  var columnSections: [Int] = []
  /// The terminator for lines that need one: the file's first, or `\n`.
  var newline: BoardLine.Terminator = .lineFeed
  /// The number the next added card gets.
  var nextID = 0
  /// How many `#` a column heading has.
  public internal(set) var headingLevel = 2
  /// Whether the file is an Obsidian Kanban board (front matter with `kanban-plugin:`): lane
  /// titles may end in a card limit such as `(3)`, and new cards get a checkbox.
  public internal(set) var isObsidianKanban = false

  /// What ``columns`` returns, kept in step with `sections` by every edit.
  var shownColumns: [BoardColumn] = []
  /// Where each card is, by `CardID.rawValue` (`nil` for removed and archived cards), kept in
  /// step with `shownColumns` by every edit, so that looking a card up (done for every card
  /// drawn) is O(1).
  var positions: [CardPosition?] = []

  /// A card's column and index.
  struct CardPosition: Hashable, Sendable {
    var column: Int
    var index: Int
  }

  /// The columns, left to right, with their cards: a read-only view of the lines.
  public var columns: [BoardColumn] { shownColumns }

  /// The cards of the Obsidian archive (`***` then `## Archive`), which is not a column: they
  /// are shown apart and never moved.
  public internal(set) var archive: [BoardCard] = []

  /// Creates an empty board: no lines, no columns.
  public init() {}

  /// The document as bytes, ready to save.
  ///
  /// A document that was not edited gives back exactly the bytes it was parsed from. After
  /// edits, a line that lacked a terminator (the file's last line) gets the file's first
  /// terminator when it is no longer last, and a line ending in a lone `\r` that now comes
  /// before an empty `\n` line ends in `\r\n` (the two would read back as one line break), so
  /// lines never run together.
  ///
  /// - Complexity: O(size of the document).
  public func serialized() -> [UInt8] {
    var bytes: [UInt8] = []
    var needsTerminator = false
    var pendingReturn = false
    func append(_ line: BoardLine) {
      if pendingReturn {
        bytes += line.content.isEmpty && line.terminator == .lineFeed ? [0x0D, 0x0A] : [0x0D]
        pendingReturn = false
      }
      if needsTerminator { bytes += newline.bytes }
      bytes += line.content
      if line.terminator == .carriageReturn {
        pendingReturn = true
      } else {
        bytes += line.terminator.bytes
      }
      needsTerminator = line.terminator == .none
    }
    preamble.forEach(append)
    for section in sections {
      append(section.heading)
      for piece in section.pieces { piece.lines.forEach(append) }
    }
    if pendingReturn { bytes.append(0x0D) }
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

  // MARK: - Blocks

  /// Where the `index`-th card of `column` is among its section's pieces.
  func pieceIndex(ofCard index: Int, inColumn column: Int) -> Int {
    var seen = 0
    for (offset, piece) in sections[columnSections[column]].pieces.enumerated()
    where piece.kind == .card {
      if seen == index { return offset }
      seen += 1
    }
    preconditionFailure("column \(column) has no card \(index)")
  }

  /// The lines of the `index`-th card of `column`.
  func block(column: Int, index: Int) -> [BoardLine] {
    sections[columnSections[column]].pieces[pieceIndex(ofCard: index, inColumn: column)].lines
  }

  /// Replaces the lines of the `index`-th card of `column`.
  mutating func setBlock(_ lines: [BoardLine], column: Int, index: Int) {
    let piece = pieceIndex(ofCard: index, inColumn: column)
    sections[columnSections[column]].pieces[piece].lines = lines
  }

  /// Takes the lines of the `index`-th card of `column` out of the section.
  mutating func removeBlock(column: Int, index: Int) -> [BoardLine] {
    let piece = pieceIndex(ofCard: index, inColumn: column)
    return sections[columnSections[column]].pieces.remove(at: piece).lines
  }

  /// Puts a card's lines in `column` so that it becomes its `index`-th card.
  ///
  /// Before the card now at `index`; past the last card when there is none there; in a column
  /// with no cards, after the text that follows the heading (a description, Obsidian's
  /// `**Complete**`) and the first blank line, never past a rule, fence, comment or other
  /// heading (so nothing that ends the column, such as the archive's rule or the settings
  /// footer, ends up above the card).
  mutating func insertBlock(_ lines: [BoardLine], column: Int, index: Int) {
    let s = columnSections[column]
    let pieces = sections[s].pieces
    let cards = pieces.indices.filter { pieces[$0].kind == .card }
    let position: Int
    if index < cards.count {
      position = cards[index]
    } else if let last = cards.last {
      position = last + 1
    } else {
      var after = 0
      for (offset, piece) in pieces.enumerated() {
        if piece.kind == .barrier { break }
        if piece.kind == .text { after = offset + 1 }
      }
      if after == 0, pieces.first?.kind == .blank { after = 1 }
      position = after
    }
    sections[s].pieces.insert(Piece(kind: .card, lines: lines), at: position)
  }

  /// The lines that are not cards, section by section: what edits of cards leave alone.
  var skeleton: [[BoardLine]] {
    [preamble]
      + sections.map { section in
        [section.heading] + section.pieces.filter { $0.kind != .card }.flatMap(\.lines)
      }
  }
}
