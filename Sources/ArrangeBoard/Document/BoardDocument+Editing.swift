extension BoardDocument {
  /// Moves a card, with all its lines, to position `index` of column `column`.
  ///
  /// `index` counts the destination's cards once the card has left its origin, so it goes from
  /// 0 to the number of other cards in that column. Moving a card to the end of a column puts its
  /// block after the last card's block and before the blank lines that end the column; moving it
  /// into an empty column puts it after the column's lead lines.
  ///
  /// - Throws: ``BoardEditError`` (unknown card or column, index out of range), leaving the
  ///   document unchanged.
  /// - Complexity: O(cards).
  public mutating func moveCard(
    _ id: CardID, toColumn column: Int, index: Int
  ) throws(BoardEditError) {
    let origin = try existingLocation(of: id)
    try checkColumn(column)
    let count = sections[column].blocks.count - (origin.column == column ? 1 : 0)
    try checkIndex(index, count: count, column: column)
    let block = sections[origin.column].blocks.remove(at: origin.index)
    let card = shownColumns[origin.column].cards.remove(at: origin.index)
    sections[column].blocks.insert(block, at: index)
    shownColumns[column].cards.insert(card, at: index)
    reindex(origin.column)
    if column != origin.column { reindex(column) }
  }

  /// Swaps the positions of two cards, in the same column or in different ones.
  ///
  /// Each card's block takes the other's place. Exchanging a card with itself does nothing.
  ///
  /// - Throws: ``BoardEditError/Kind/unknownCard``, leaving the document unchanged.
  /// - Complexity: O(cards).
  public mutating func exchangeCards(_ first: CardID, _ second: CardID) throws(BoardEditError) {
    let one = try existingLocation(of: first)
    let other = try existingLocation(of: second)
    guard one != other else { return }
    let block = sections[one.column].blocks[one.index]
    sections[one.column].blocks[one.index] = sections[other.column].blocks[other.index]
    sections[other.column].blocks[other.index] = block
    let card = shownColumns[one.column].cards[one.index]
    shownColumns[one.column].cards[one.index] = shownColumns[other.column].cards[other.index]
    shownColumns[other.column].cards[other.index] = card
    positions[first.rawValue] = CardPosition(column: other.column, index: other.index)
    positions[second.rawValue] = CardPosition(column: one.column, index: one.index)
  }

  /// Inserts a new card line `- title` at position `index` of column `column` (`nil` puts it
  /// last) and returns the new card's identifier.
  ///
  /// The title is cleaned as in ``setTitle(_:of:)``. The line ends with the file's first
  /// terminator (`\n` in a file without one).
  ///
  /// - Throws: ``BoardEditError`` (empty title, unknown column, index out of range), leaving the
  ///   document unchanged.
  /// - Complexity: O(cards).
  @discardableResult
  public mutating func addCard(
    title: String, toColumn column: Int, at index: Int?
  ) throws(BoardEditError) -> CardID {
    let title = try Self.cleanTitle(title)
    try checkColumn(column)
    let count = sections[column].blocks.count
    let index = index ?? count
    try checkIndex(index, count: count, column: column)
    let id = CardID(nextID)
    nextID += 1
    let line = BoardLine(content: Array("- \(title)".utf8), terminator: newline)
    sections[column].blocks.insert([line], at: index)
    shownColumns[column].cards.insert(BoardCard(id: id, title: title, details: []), at: index)
    reindex(column)
    return id
  }

  /// Replaces a card's title, keeping its marker (`-` or `*`), its other lines and its line
  /// terminator.
  ///
  /// The title is trimmed, and line breaks, tabs and other control characters in it become
  /// spaces. Setting the title a card already has changes nothing (not even spacing in the file).
  ///
  /// - Throws: ``BoardEditError`` (unknown card, empty title), leaving the document unchanged.
  /// - Complexity: O(cards).
  public mutating func setTitle(_ title: String, of id: CardID) throws(BoardEditError) {
    let location = try existingLocation(of: id)
    let title = try Self.cleanTitle(title)
    guard columns[location.column].cards[location.index].title != title else { return }
    let old = sections[location.column].blocks[location.index][0]
    let marker = old.content.first ?? UInt8(ascii: "-")
    let line = BoardLine(content: [marker, 0x20] + Array(title.utf8), terminator: old.terminator)
    sections[location.column].blocks[location.index][0] = line
    shownColumns[location.column].cards[location.index].title = title
  }

  /// Removes a card with all its lines.
  ///
  /// - Throws: ``BoardEditError/Kind/unknownCard``, leaving the document unchanged.
  /// - Complexity: O(cards).
  public mutating func removeCard(_ id: CardID) throws(BoardEditError) {
    let location = try existingLocation(of: id)
    sections[location.column].blocks.remove(at: location.index)
    shownColumns[location.column].cards.remove(at: location.index)
    positions[id.rawValue] = nil
    reindex(location.column)
  }

  // MARK: - Checks

  /// `title` trimmed, with control characters (line breaks, tabs) turned into spaces.
  static func cleanTitle(_ title: String) throws(BoardEditError) -> String {
    var scalars = String.UnicodeScalarView()
    for scalar in title.unicodeScalars {
      let isControl =
        scalar.properties.generalCategory == .control || scalar == "\u{2028}"
        || scalar == "\u{2029}"
      scalars.append(isControl ? " " : scalar)
    }
    let cleaned = String(scalars).trimmingWhitespace
    guard !cleaned.isEmpty else {
      throw BoardEditError(kind: .emptyTitle, message: "A card needs a title.")
    }
    return cleaned
  }

  /// Where card `id` is, or an error saying there is no such card.
  func existingLocation(of id: CardID) throws(BoardEditError) -> (column: Int, index: Int) {
    guard let location = location(of: id) else {
      throw BoardEditError(kind: .unknownCard, message: "There is no card \(id) on this board.")
    }
    return location
  }

  /// Throws unless `column` is the index of a column.
  func checkColumn(_ column: Int) throws(BoardEditError) {
    guard sections.indices.contains(column) else {
      let count = sections.count
      throw BoardEditError(
        kind: .unknownColumn,
        message: count == 0
          ? "There is no column \(column): the board has no columns."
          : "There is no column \(column): columns go from 0 to \(count - 1).")
    }
  }

  /// Throws unless `index` is in `0...count` for column `column`.
  func checkIndex(_ index: Int, count: Int, column: Int) throws(BoardEditError) {
    guard index >= 0 && index <= count else {
      throw BoardEditError(
        kind: .indexOutOfRange,
        message: "Position \(index) is outside “\(columns[column].title)”, which takes 0 to "
          + "\(count).")
    }
  }
}
