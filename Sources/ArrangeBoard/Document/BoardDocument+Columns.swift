extension BoardDocument {
  /// Adds an empty column titled `title` at position `index` (`nil`: last), written as a heading
  /// of the board's level followed by a blank line, and returns its index.
  ///
  /// Lines that end the board after its last column (an Obsidian settings footer, the archive's
  /// rule) stay at the end.
  ///
  /// - Throws: ``BoardEditError`` (empty title, index out of range), leaving the document
  ///   unchanged.
  @discardableResult
  public mutating func addColumn(title: String, at index: Int? = nil) throws(BoardEditError)
    -> Int
  {
    let title = try Self.cleanTitle(title, of: "column")
    let count = shownColumns.count
    let index = index ?? count
    guard index >= 0 && index <= count else {
      throw BoardEditError(
        kind: .indexOutOfRange,
        message: "Position \(index.ordinalText) is outside the board's columns.")
    }
    let heading = BoardLine(content: headingText(title, limit: nil), terminator: newline)
    let blank = BoardLine(content: [], terminator: newline)
    var section = Section(heading: heading, pieces: [])
    if count == 0 {
      // After the preamble, before any section there is (the archive).
      let at = sections.firstIndex { $0.isArchive } ?? sections.count
      section.pieces = [Piece(kind: .blank, lines: [blank])]
      if preamble.last?.terminator == BoardLine.Terminator.none {
        preamble[preamble.count - 1].terminator = newline
      }
      sections.insert(section, at: at)
    } else if index < count {
      section.pieces = [Piece(kind: .blank, lines: [blank])]
      sections.insert(section, at: columnSections[index])
    } else {
      // Last: the new column takes over the end of the old last one.
      let last = columnSections[count - 1]
      let (body, tail) = Self.split(sections[last])
      sections[last].pieces = body + [Piece(kind: .blank, lines: [blank])]
      section.pieces = tail
      if tail.isEmpty { section.pieces = [Piece(kind: .blank, lines: [blank])] }
      sections.insert(section, at: last + 1)
    }
    shownColumns.insert(BoardColumn(title: title, cards: []), at: index)
    reindexColumns()
    return index
  }

  /// Renames column `index`, keeping its heading's level, card limit and line break.
  ///
  /// - Throws: ``BoardEditError`` (unknown column, empty title), leaving the document unchanged.
  public mutating func renameColumn(_ index: Int, to title: String) throws(BoardEditError) {
    try checkColumn(index)
    let title = try Self.cleanTitle(title, of: "column")
    guard shownColumns[index].title != title else { return }
    let s = columnSections[index]
    sections[s].heading.content = headingText(title, limit: shownColumns[index].limit)
    shownColumns[index].title = title
  }

  /// Removes column `index` with its heading and the lines under it; only an empty column,
  /// unless `withCards`, which removes its cards too.
  ///
  /// Lines after its last card or text that belong to no card (blank lines, an Obsidian footer,
  /// the archive's rule) stay where they were.
  ///
  /// - Throws: ``BoardEditError`` (unknown column; `columnNotEmpty` for a column with cards and
  ///   `withCards` false), leaving the document unchanged.
  public mutating func removeColumn(_ index: Int, withCards: Bool = false) throws(BoardEditError) {
    try checkColumn(index)
    let count = shownColumns[index].cards.count
    guard count == 0 || withCards else {
      throw BoardEditError(
        kind: .columnNotEmpty,
        message: "“\(shownColumns[index].title)” holds \(count) card\(count == 1 ? "" : "s").")
    }
    let s = columnSections[index]
    let (_, tail) = Self.split(sections[s])
    sections.remove(at: s)
    if s > 0 {
      sections[s - 1].pieces += tail
    } else {
      preamble += tail.flatMap(\.lines)
    }
    for card in shownColumns[index].cards { positions[card.id.rawValue] = nil }
    shownColumns.remove(at: index)
    reindexColumns()
  }

  /// Moves column `from` to position `to` (counted once it has left), with its heading, cards
  /// and lines; what ends each place (see ``removeColumn(_:withCards:)``) stays in place.
  ///
  /// - Throws: ``BoardEditError`` (unknown column, position out of range), leaving the document
  ///   unchanged.
  public mutating func moveColumn(_ from: Int, to: Int) throws(BoardEditError) {
    try checkColumn(from)
    guard to >= 0 && to < shownColumns.count else {
      throw BoardEditError(
        kind: .indexOutOfRange,
        message: "Position \(to.ordinalText) is outside the board's \(shownColumns.count) columns.")
    }
    guard from != to else { return }
    // The bodies move; the tails stay with their places.
    var bodies = columnSections.map {
      (heading: sections[$0].heading, pieces: Self.split(sections[$0]).body)
    }
    let tails = columnSections.map { Self.split(sections[$0]).tail }
    bodies.insert(bodies.remove(at: from), at: to)
    for (place, s) in columnSections.enumerated() {
      sections[s].heading = bodies[place].heading
      sections[s].pieces = bodies[place].pieces + tails[place]
    }
    shownColumns.insert(shownColumns.remove(at: from), at: to)
    reindexColumns()
  }

  // MARK: - Helpers

  /// A section's pieces up to its last card or text (the body, which belongs to the column) and
  /// after it (the tail: blank lines and things like a footer, which belong to the place).
  static func split(_ section: Section) -> (body: [Piece], tail: [Piece]) {
    let pieces = section.pieces
    guard let last = pieces.lastIndex(where: { $0.kind == .card || $0.kind == .text }) else {
      return ([], pieces)
    }
    return (Array(pieces[...last]), Array(pieces[(last + 1)...]))
  }

  /// A column heading's bytes: the board's `#`s, the title and, when given, the card limit.
  func headingText(_ title: String, limit: Int?) -> [UInt8] {
    let marks = String(repeating: "#", count: headingLevel)
    return Array((marks + " " + title + (limit.map { " (\($0))" } ?? "")).utf8)
  }

  /// Records where every card is after columns moved.
  mutating func reindexColumns() {
    columnSections = sections.indices.filter { !sections[$0].isArchive }
    for column in shownColumns.indices { reindex(column) }
  }
}
