extension BoardDocument {
  /// What one indented line of a card is in taskell's format.
  enum DetailLine: Equatable {
    case description(String)
    case due(String)
    case subtask(title: String, isDone: Bool)
    case other
  }

  /// What indented line `line` of a card is.
  static func detailLine(_ line: BoardLine) -> DetailLine {
    guard line.isIndented else { return .other }
    let text = String(decoding: line.content, as: UTF8.self).trimmingWhitespace
    if text == ">" { return .description("") }
    if text.hasPrefix("> ") { return .description(String(text.dropFirst(2)).trimmingWhitespace) }
    if text.hasPrefix("@ ") { return .due(String(text.dropFirst(2)).trimmingWhitespace) }
    if text.hasPrefix("* [") || text.hasPrefix("- [") {
      let (checkbox, title) = splitCheckbox(String(text.dropFirst(2)))
      if let checkbox { return .subtask(title: title, isDone: checkbox) }
    }
    return .other
  }

  /// The card's description, due date and subtasks, or `nil` for an unknown card.
  ///
  /// An Obsidian Kanban card's due date is the date in its title (`@{2026-12-24}`, with
  /// `@@{17:30}`), unless it also has a taskell `@ ` line.
  public func details(of id: CardID) -> CardDetails? {
    guard let location = location(of: id) else { return nil }
    var details = Self.details(ofBlock: block(column: location.column, index: location.index))
    if isObsidianKanban && details.due == nil {
      details.due = Self.obsidianDue(inTitle: columns[location.column].cards[location.index].title)
    }
    return details
  }

  /// The details of every card of column `column`, in order (an empty array for a column
  /// that does not exist).
  ///
  /// - Complexity: O(lines of the column), where asking ``details(of:)`` for each card would
  ///   be quadratic in its cards.
  public func detailsOfCards(inColumn column: Int) -> [CardDetails] {
    guard columnSections.indices.contains(column) else { return [] }
    var all = sections[columnSections[column]].pieces.filter { $0.kind == .card }.map {
      Self.details(ofBlock: $0.lines)
    }
    if isObsidianKanban {
      for (index, card) in columns[column].cards.enumerated()
      where index < all.count && all[index].due == nil {
        all[index].due = Self.obsidianDue(inTitle: card.title)
      }
    }
    return all
  }

  /// The details written in a card's lines (its card line first).
  static func details(ofBlock block: [BoardLine]) -> CardDetails {
    var details = CardDetails()
    for line in block.dropFirst() {
      switch Self.detailLine(line) {
      case .description(let text): details.description.append(text)
      case .due(let date): details.due = details.due ?? date
      case .subtask(let title, let isDone):
        details.subtasks.append(CardDetails.Subtask(title: title, isDone: isDone))
      case .other: break
      }
    }
    return details
  }

  /// Replaces the card's description with `lines`, written `    > line` each.
  ///
  /// The lines go where the old description was, else after the due date, else right under
  /// the card line. An empty array removes the description.
  ///
  /// - Throws: ``BoardEditError/Kind/unknownCard``, leaving the document unchanged.
  public mutating func setDescription(_ lines: [String], of id: CardID) throws(BoardEditError) {
    let lineBreak = newline
    try editDetails(of: id) { block, indent in
      var position: Int?
      var index = 1
      while index < block.count {
        if case .description = Self.detailLine(block[index]) {
          position = position ?? index
          block.remove(at: index)
        } else {
          index += 1
        }
      }
      let at =
        position ?? (block.indices.dropFirst().first { Self.isDue(block[$0]) }.map { $0 + 1 } ?? 1)
      let new = lines.map { line -> BoardLine in
        let text = Self.cleanLine(line)
        return BoardLine(
          content: Array((indent + (text.isEmpty ? ">" : "> " + text)).utf8), terminator: lineBreak)
      }
      block.insert(contentsOf: new, at: at)
    }
  }

  /// Sets the card's due date from text as a person typed it: the text is read by
  /// ``DueDate/parse(_:clock:)`` with the system clock, then set as a ``DueDate``.
  ///
  /// - Throws: ``BoardEditError`` (a date in no form taskell reads, an unknown card), leaving
  ///   the document unchanged.
  @available(
    *, deprecated, message: "Read the text with DueDate.parse(_:clock:), then set the DueDate"
  )
  @_disfavoredOverload
  public mutating func setDue(_ text: String?, of id: CardID) throws(BoardEditError) {
    try setDue(try DueDate.parse(text), of: id)
  }

  /// Sets the card's due date (`    @ date`, right under the card line, as taskell writes it);
  /// `nil` removes it.
  ///
  /// The date is one ``DueDate/parse(_:clock:)`` read, so only forms taskell reads back get
  /// into the file; the due dates already in it are never rewritten. On an Obsidian Kanban
  /// board, a card without a taskell `@ ` line gets the date in its title as the plugin writes
  /// it: `@{2026-12-24}`, and `@@{17:30}` (local time) for a moment.
  ///
  /// - Throws: ``BoardEditError/Kind/unknownCard``, leaving the document unchanged.
  public mutating func setDue(_ due: DueDate?, of id: CardID) throws(BoardEditError) {
    let location = try existingLocation(of: id)
    if isObsidianKanban {
      let block = self.block(column: location.column, index: location.index)
      if !block.dropFirst().contains(where: { Self.isDue($0) }) {
        let title = columns[location.column].cards[location.index].title
        var words = Self.removingObsidianDates(from: title)
        if let due {
          let parts = due.localText.split(separator: " ")
          words += " @{\(parts[0])}" + (parts.count > 1 ? " @@{\(parts[1])}" : "")
        }
        // A title of nothing but its date is refused, as an empty title is.
        try setTitle(words, of: id)
        return
      }
    }
    let lineBreak = newline
    try editDetails(of: id) { block, indent in
      let existing = block.indices.dropFirst().first { Self.isDue(block[$0]) }
      let text = due.map { Self.cleanLine($0.text) } ?? ""
      if let existing { block.remove(at: existing) }
      guard !text.isEmpty else { return }
      block.insert(
        BoardLine(content: Array((indent + "@ " + text).utf8), terminator: lineBreak),
        at: existing ?? 1)
    }
  }

  /// Adds a subtask (`    * [ ] title`) at `index` among the card's subtasks (`nil`: last).
  ///
  /// - Throws: ``BoardEditError`` (unknown card, empty title, index out of range), leaving the
  ///   document unchanged.
  public mutating func addSubtask(
    _ title: String, to id: CardID, at index: Int? = nil
  ) throws(BoardEditError) {
    let title = try Self.cleanTitle(title, of: "subtask")
    let lineBreak = newline
    try editDetails(of: id) { block, indent throws(BoardEditError) in
      let lines = Self.subtaskLines(block)
      let index = index ?? lines.count
      guard index >= 0 && index <= lines.count else {
        throw BoardEditError(
          kind: .indexOutOfRange, message: "Subtask \(index.ordinalText) is outside this card.")
      }
      let at =
        index < lines.count ? lines[index] : (lines.last.map { $0 + 1 } ?? Self.end(of: block))
      block.insert(
        BoardLine(content: Array((indent + "* [ ] " + title).utf8), terminator: lineBreak), at: at)
    }
  }

  /// Changes subtask `index` of the card: its title, its done state, or both.
  ///
  /// - Throws: ``BoardEditError`` (unknown card or subtask, empty title), leaving the document
  ///   unchanged.
  public mutating func setSubtask(
    _ index: Int, of id: CardID, title: String? = nil, isDone: Bool? = nil
  ) throws(BoardEditError) {
    let title = try title.map { text throws(BoardEditError) in
      try Self.cleanTitle(text, of: "subtask")
    }
    try editDetails(of: id) { block, _ throws(BoardEditError) in
      let at = try Self.subtaskLine(index, in: block)
      guard case .subtask(let old, let done) = Self.detailLine(block[at]) else { return }
      let content = block[at].content
      let indent = Array(content.prefix { $0 == 0x20 || $0 == 0x09 })
      let marker = content[indent.count]
      let mark = (isDone ?? done) ? "[x] " : "[ ] "
      block[at].content = indent + [marker, 0x20] + Array((mark + (title ?? old)).utf8)
    }
  }

  /// Removes subtask `index` of the card.
  ///
  /// - Throws: ``BoardEditError`` (unknown card or subtask), leaving the document unchanged.
  public mutating func removeSubtask(_ index: Int, of id: CardID) throws(BoardEditError) {
    try editDetails(of: id) { block, _ throws(BoardEditError) in
      block.remove(at: try Self.subtaskLine(index, in: block))
    }
  }

  /// Moves subtask `from` of the card to position `to` among its subtasks; the other lines of
  /// the card stay where they are.
  ///
  /// - Throws: ``BoardEditError`` (unknown card or subtask), leaving the document unchanged.
  public mutating func moveSubtask(_ from: Int, to: Int, of id: CardID) throws(BoardEditError) {
    try editDetails(of: id) { block, _ throws(BoardEditError) in
      let lines = Self.subtaskLines(block)
      _ = try Self.subtaskLine(from, in: block)
      _ = try Self.subtaskLine(to, in: block)
      var contents = lines.map { block[$0] }
      let moved = contents.remove(at: from)
      contents.insert(moved, at: to)
      for (position, line) in zip(lines, contents) {
        block[position].content = line.content
      }
    }
  }

  // MARK: - Helpers

  /// Edits the card's block: `body` gets its lines and the indentation of new detail lines
  /// (the card's own, else four spaces); the card's shown details follow.
  mutating func editDetails(
    of id: CardID, _ body: (inout [BoardLine], String) throws(BoardEditError) -> Void
  ) throws(BoardEditError) {
    let location = try existingLocation(of: id)
    var block = self.block(column: location.column, index: location.index)
    let indent =
      block.dropFirst().first { $0.isIndented && !$0.isBlank }.map { line in
        String(decoding: line.content.prefix { $0 == 0x20 || $0 == 0x09 }, as: UTF8.self)
      } ?? "    "
    let wasLast = block.last?.terminator == BoardLine.Terminator.none
    try body(&block, indent)
    if wasLast, let last = block.indices.last {
      // The file's last line stays without a line break; the others get one.
      for index in block.indices where block[index].terminator == .none {
        block[index].terminator = newline
      }
      block[last].terminator = .none
    }
    setBlock(block, column: location.column, index: location.index)
    shownColumns[location.column].cards[location.index].details =
      Self.card(from: block, id: id).details
  }

  static func isDue(_ line: BoardLine) -> Bool {
    if case .due = detailLine(line) { return true }
    return false
  }

  /// Where the card's subtask lines are in its block.
  static func subtaskLines(_ block: [BoardLine]) -> [Int] {
    block.indices.dropFirst().filter {
      if case .subtask = detailLine(block[$0]) { return true }
      return false
    }
  }

  static func subtaskLine(_ index: Int, in block: [BoardLine]) throws(BoardEditError) -> Int {
    let lines = subtaskLines(block)
    guard lines.indices.contains(index) else {
      throw BoardEditError(
        kind: .indexOutOfRange,
        message: "There is no subtask \(index.ordinalText): this card has \(lines.count).")
    }
    return lines[index]
  }

  /// Where new lines go at the end of a block: before the blank lines that end it.
  static func end(of block: [BoardLine]) -> Int {
    var end = block.count
    while end > 1 && block[end - 1].isBlank { end -= 1 }
    return end
  }

  /// `text` on one line: control characters (line breaks, tabs) become spaces, trimmed.
  static func cleanLine(_ text: String) -> String {
    (try? cleanTitle(text)) ?? ""
  }
}
