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
    let count = shownColumns[column].cards.count - (origin.column == column ? 1 : 0)
    try checkIndex(index, count: count, column: column)
    if origin.column != column { try checkLimit(column) }
    var block = removeBlock(column: origin.column, index: origin.index)
    var card = shownColumns[origin.column].cards.remove(at: origin.index)
    // A column that marks cards complete ticks those dropped in it and unticks those that
    // leave it.
    let complete = shownColumns[column].marksComplete
    if let checked = card.checkbox, complete != shownColumns[origin.column].marksComplete,
      checked != complete, let ticked = Self.line(block[0], checked: complete)
    {
      block[0] = ticked
      card.checkbox = complete
    }
    insertBlock(block, column: column, index: index)
    shownColumns[column].cards.insert(card, at: index)
    reindex(origin.column)
    if column != origin.column { reindex(column) }
  }

  /// Ticks a card done or not, for a card with a checkbox (`- [ ] Title`); a card without one
  /// gets one.
  ///
  /// Only the checkbox's mark changes in the file (or `[ ] `/`[x] ` is added after the marker).
  ///
  /// - Throws: ``BoardEditError/Kind/unknownCard``, leaving the document unchanged.
  public mutating func setDone(_ done: Bool, of id: CardID) throws(BoardEditError) {
    let location = try existingLocation(of: id)
    guard shownColumns[location.column].cards[location.index].checkbox != done else { return }
    var block = self.block(column: location.column, index: location.index)
    if let ticked = Self.line(block[0], checked: done) {
      block[0] = ticked
    } else {
      let old = block[0]
      let marker = old.content.first ?? UInt8(ascii: "-")
      let rest = old.content.dropFirst().drop { $0 == 0x20 || $0 == 0x09 }
      block[0] = BoardLine(
        content: [marker, 0x20] + Array((done ? "[x] " : "[ ] ").utf8) + rest,
        terminator: old.terminator)
    }
    setBlock(block, column: location.column, index: location.index)
    shownColumns[location.column].cards[location.index].checkbox = done
  }

  /// A card line: `marker`, a space, `text` — with the other marker when that line would read
  /// as a rule (`* * *`, `- - -`).
  static func cardLine(marker: [UInt8], text: [UInt8]) -> [UInt8] {
    let line = marker + [0x20] + text
    guard isRule(line[...]), let mark = marker.last else { return line }
    let other = mark == UInt8(ascii: "-") ? UInt8(ascii: "*") : UInt8(ascii: "-")
    return marker.dropLast() + [other, 0x20] + text
  }

  /// Where the checkbox of a card line starts (its `[`), or `nil` when it has none: the marker,
  /// whitespace, then `[`, one ASCII character, `]`, and whitespace or the end.
  static func checkboxStart(_ content: [UInt8]) -> Int? {
    var index = content.starts(with: [0xEF, 0xBB, 0xBF]) ? 4 : 1
    while index < content.count && (content[index] == 0x20 || content[index] == 0x09) {
      index += 1
    }
    guard index + 2 < content.count, content[index] == UInt8(ascii: "["),
      content[index + 1] < 0x80, content[index + 2] == UInt8(ascii: "]"),
      index + 3 == content.count || content[index + 3] == 0x20 || content[index + 3] == 0x09
    else { return nil }
    return index
  }

  /// The card line `line` with its checkbox's mark set, or `nil` when it has no checkbox.
  static func line(_ line: BoardLine, checked: Bool) -> BoardLine? {
    guard let index = checkboxStart(line.content) else { return nil }
    var ticked = line
    ticked.content[index + 1] = checked ? UInt8(ascii: "x") : 0x20
    return ticked
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
    let block = self.block(column: one.column, index: one.index)
    setBlock(
      self.block(column: other.column, index: other.index), column: one.column, index: one.index)
    setBlock(block, column: other.column, index: other.index)
    let card = shownColumns[one.column].cards[one.index]
    shownColumns[one.column].cards[one.index] = shownColumns[other.column].cards[other.index]
    shownColumns[other.column].cards[other.index] = card
    positions[first.rawValue] = CardPosition(column: other.column, index: other.index)
    positions[second.rawValue] = CardPosition(column: one.column, index: one.index)
  }

  /// Adds a copy of card `id` (its lines, byte for byte: title, tags, description, subtasks,
  /// due date, checkbox) right below it, as taskell's `+` does; returns the copy's identifier.
  ///
  /// A column at its card limit refuses it, as it refuses any card added.
  public mutating func duplicateCard(_ id: CardID) throws(BoardEditError) -> CardID {
    let (column, index) = try existingLocation(of: id)
    try checkLimit(column)
    let lines = block(column: column, index: index)
    let copy = CardID(nextID)
    nextID += 1
    insertBlock(lines, column: column, index: index + 1)
    shownColumns[column].cards.insert(Self.card(from: lines, id: copy), at: index + 1)
    reindex(column)
    return copy
  }

  /// Inserts a new card line `- title` at position `index` of column `column` (`nil` puts it
  /// last) and returns the new card's identifier.
  ///
  /// The card takes the marker of the column's cards (`-` when it has none), and a checkbox
  /// (`- [ ] title`) in an Obsidian board or a board whose cards all have one. The title is
  /// cleaned as in ``setTitle(_:of:)``. The line ends with the file's first terminator (`\n`
  /// in a file without one).
  ///
  /// - Throws: ``BoardEditError`` (empty title, unknown column, index out of range, a full
  ///   column), leaving the document unchanged.
  /// - Complexity: O(cards).
  @discardableResult
  public mutating func addCard(
    title: String, toColumn column: Int, at index: Int?
  ) throws(BoardEditError) -> CardID {
    let title = try Self.cleanTitle(title)
    try checkColumn(column)
    let count = shownColumns[column].cards.count
    let index = index ?? count
    try checkIndex(index, count: count, column: column)
    try checkLimit(column)
    let id = CardID(nextID)
    nextID += 1
    let cards = shownColumns.flatMap(\.cards)
    let checkbox: Bool? =
      isObsidianKanban || (!cards.isEmpty && cards.allSatisfy { $0.checkbox != nil })
      ? shownColumns[column].marksComplete : nil
    var marker = UInt8(ascii: "-")
    if count > 0, let first = block(column: column, index: 0).first?.content.first,
      first == UInt8(ascii: "*") || first == UInt8(ascii: "+")
    {
      marker = first
    }
    let box = checkbox.map { $0 ? "[x] " : "[ ] " } ?? ""
    let line = BoardLine(
      content: Self.cardLine(marker: [marker], text: Array((box + title).utf8)),
      terminator: newline)
    insertBlock([line], column: column, index: index)
    shownColumns[column].cards.insert(Self.card(from: [line], id: id), at: index)
    reindex(column)
    return id
  }

  /// Replaces a card's title, keeping its marker (`-`, `*` or `+`), its checkbox, its other
  /// lines and its line terminator.
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
    var block = self.block(column: location.column, index: location.index)
    let old = block[0]
    var marker = Array(old.content.prefix(1))
    if old.content.starts(with: [0xEF, 0xBB, 0xBF]) { marker = Array(old.content.prefix(4)) }
    // The checkbox as it is written, mark included.
    var box: [UInt8] = []
    if let start = Self.checkboxStart(old.content) {
      box = Array(old.content[start..<(start + 3)]) + [0x20]
    }
    // An Obsidian block id stays at the end of the line: links elsewhere point at it.
    let blockID = columns[location.column].cards[location.index].blockID.map { " ^" + $0 } ?? ""
    block[0] = BoardLine(
      content: Self.cardLine(marker: marker, text: box + Array((title + blockID).utf8)),
      terminator: old.terminator)
    setBlock(block, column: location.column, index: location.index)
    shownColumns[location.column].cards[location.index].title =
      Self.card(from: block, id: id).title
  }

  /// Removes a card with all its lines.
  ///
  /// - Throws: ``BoardEditError/Kind/unknownCard``, leaving the document unchanged.
  /// - Complexity: O(cards).
  public mutating func removeCard(_ id: CardID) throws(BoardEditError) {
    let location = try existingLocation(of: id)
    _ = removeBlock(column: location.column, index: location.index)
    shownColumns[location.column].cards.remove(at: location.index)
    positions[id.rawValue] = nil
    reindex(location.column)
  }

  // MARK: - Checks

  /// `title` trimmed, with control characters (line breaks, tabs) turned into spaces.
  static func cleanTitle(_ title: String, of thing: String = "card") throws(BoardEditError)
    -> String
  {
    var scalars = String.UnicodeScalarView()
    for scalar in title.unicodeScalars {
      let isControl =
        scalar.properties.generalCategory == .control || scalar == "\u{2028}"
        || scalar == "\u{2029}"
      scalars.append(isControl ? " " : scalar)
    }
    let cleaned = String(scalars).trimmingWhitespace
    guard !cleaned.isEmpty else {
      throw BoardEditError(kind: .emptyTitle, message: "A \(thing) needs a title.")
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

  /// Throws when `column` has a card limit and holds that many cards.
  func checkLimit(_ column: Int) throws(BoardEditError) {
    guard let limit = shownColumns[column].limit, shownColumns[column].cards.count >= limit,
      let message = fullColumnMessage(column)
    else { return }
    throw BoardEditError(kind: .columnFull, message: message)
  }

  /// Why column `column` takes no more cards, in the words every front end says it ("“Doing”
  /// is full: it takes at most 2 cards."), or `nil` when it has no card limit.
  public func fullColumnMessage(_ column: Int) -> String? {
    guard shownColumns.indices.contains(column), let limit = shownColumns[column].limit else {
      return nil
    }
    return "“\(shownColumns[column].title)” is full: it takes at most \(limit) "
      + (limit == 1 ? "card." : "cards.")
  }

  /// Throws unless `column` is the index of a column.
  func checkColumn(_ column: Int) throws(BoardEditError) {
    guard shownColumns.indices.contains(column) else {
      let count = shownColumns.count
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
