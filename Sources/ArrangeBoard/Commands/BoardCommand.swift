import ArrangeDragDrop
import ArrangeGeometry

/// The board commands for scripts (`arrange show`, `arrange move`), without a terminal.
public enum BoardCommand {
  /// The board as plain text: each column's name and card count (with its card limit, and
  /// whether it marks cards done), then its cards numbered from 1 with their checkbox and their
  /// detail lines indented below; the Obsidian archive last, apart.
  ///
  /// Titles and details are printed through ``visible(_:keepingLineBreaks:)``: a control
  /// character in the file (the start of a terminal escape sequence, say) shows as `\u{1B}`
  /// instead of acting on the terminal, and a tab as a space.
  ///
  /// ```
  /// To Do (2)
  ///   1. Write the README
  ///        > A short tour with the keys
  ///   2. [ ] Fix the bug
  /// ```
  public static func outline(of document: BoardDocument) -> String {
    var text = ""
    func list(_ cards: [BoardCard]) {
      if cards.isEmpty { text += "  (no cards)\n" }
      let width = String(cards.count).count
      for (position, card) in cards.enumerated() {
        let number = String(position + 1)
        let padding = String(repeating: " ", count: width - number.count)
        let box = card.checkbox.map { $0 ? "[x] " : "[ ] " } ?? ""
        text += "  \(padding)\(number). \(box)\(visible(card.title))\n"
        for detail in card.details {
          text += "  " + String(repeating: " ", count: width + 2) + "  \(visible(detail))\n"
        }
      }
    }
    for (index, column) in document.columns.enumerated() {
      if index > 0 { text += "\n" }
      var about = "\(column.cards.count)"
      if let limit = column.limit { about += ", at most \(limit)" }
      if column.marksComplete { about += ", marks cards done" }
      text += "\(visible(column.title)) (\(about))\n"
      list(column.cards)
    }
    if document.columns.isEmpty {
      let marks = String(repeating: "#", count: document.headingLevel)
      text += "(no columns: add a line “\(marks) Name” to the file)\n"
    }
    if !document.archive.isEmpty {
      text += "\nArchive (\(document.archive.count), not a column)\n"
      list(document.archive)
    }
    return text
  }

  /// Moves the card titled `card` to column `column` through the drag engine, as a keyboard drag:
  /// lift, step to the column, step to the position, drop.
  ///
  /// `card` matches a title exactly (with or without its checkbox, `[ ] Title`), else ignoring
  /// case, else as the titles containing it; when several cards match, `nth` picks one (from 1,
  /// in file order) and without it the error lists them. `from`, when given, looks only in that
  /// column, and then a `card` that is a whole number is the card's number there, from 1 as
  /// `arrange show` prints it, and never a title or a part of one: a number outside the column
  /// is an error that says how many cards it has, and a card titled "2" is reached by its
  /// number, or without `from`. `column` is a column's name, ignoring case (with or without its
  /// card limit), else its number from 1; a part of a name never matches. `position` counts
  /// from 1 in the destination column once the card is in it; `nil` puts the card last.
  ///
  /// A card or column may also be named as ``outline(of:)`` prints it, with its control
  /// characters escaped.
  ///
  /// - Returns: What happened, as the engine announced it, its control characters escaped
  ///   (see ``visible(_:keepingLineBreaks:)``).
  /// - Throws: ``BoardCommandError``, leaving `document` unchanged.
  /// - Complexity: O(columns + cards) engine steps.
  public static func move(
    _ card: String, toColumn column: String, position: Int?, nth: Int? = nil,
    from: String? = nil, in document: inout BoardDocument
  ) throws(BoardCommandError) -> String {
    let id = try findCard(
      card, nth: nth,
      from: from.map(
        { name throws(BoardCommandError) in try findColumn(name, in: document) }), in: document)
    let target = try findColumn(column, in: document)
    guard let origin = document.location(of: id) else {
      throw BoardCommandError(.unknownCard, "No card titled “\(card)”.")
    }
    let count = document.columns[target].cards.count - (origin.column == target ? 1 : 0)
    // `position` is any number a person typed: it is compared before anything is computed
    // with it.
    let index: Int
    if let position {
      guard position >= 1 && position <= count + 1 else {
        throw BoardCommandError(
          .indexOutOfRange,
          "Position \(position) is outside \(document.columns[target].title), which takes "
            + "1 to \(count + 1).")
      }
      index = position - 1
    } else {
      index = count
    }

    let rows = Double(document.columns.map(\.cards.count).max() ?? 0) + 2
    let containers = BoardContainers(columnCount: document.columns.count)
    var host = DragHost(
      model: BoardColumns(document: document, containers: containers, rows: rows),
      containers: document.columns.indices.map { (containers.ids[$0], document.columns[$0].title) })
    var effects = host.handle(.key(.lift(id), time: 0))
    guard host.engine.isDragging else {
      throw BoardCommandError(.refused, "The card “\(card)” cannot be lifted.")
    }
    if origin.column == target && origin.index == index {
      host.handle(.key(.cancel, time: 1))
      return visible("“\(document.card(id)?.title ?? card)” is already there")
    }
    // Step to the column, to its top (slot steps clamp at 0), then down to the position: the
    // same keys a person would press.
    var steps = 0
    func press(_ intent: KeyIntent<CardID>, times: Int) {
      for _ in 0..<Swift.max(0, times) {
        steps += 1
        effects = host.handle(.key(intent, time: Double(steps)))
      }
    }
    press(
      target > origin.column ? .nextContainer : .previousContainer,
      times: abs(target - origin.column))
    press(.previousSlot, times: document.columns[target].cards.count + 1)
    press(.nextSlot, times: index)
    guard proposedSlot(host.engine) == Slot(containers.ids[target], index) else {
      host.handle(.key(.cancel, time: Double(steps + 1)))
      throw BoardCommandError(.refused, "The drag engine would not take the card there.")
    }
    effects = host.handle(.key(.drop, time: Double(steps + 1)))
    if let failure = host.model.failure { throw BoardCommandError(.refused, failure) }
    let original = document
    var announcement: String?
    for case .announce(let said) in effects {
      announcement = said.text { original.card($0)?.title ?? "card" }
    }
    document = host.model.document
    return visible(announcement ?? "Moved “\(document.card(id)?.title ?? card)”")
  }

  /// Where the keyboard drag would drop now.
  static func proposedSlot(_ engine: DragEngine<ListGeometry<CardID>>) -> Slot? {
    guard let proposal = engine.proposal(for: .keyboard) else { return nil }
    switch proposal.action {
    case .move(let slot): return slot
    case .none, .exchange, .copy, .remove, .into: return nil
    }
  }

  /// The card `name` names (see ``move(_:toColumn:position:nth:from:in:)``).
  static func findCard(
    _ name: String, nth: Int? = nil, from column: Int? = nil, in document: BoardDocument
  ) throws(BoardCommandError) -> CardID {
    var cards: [(column: Int, number: Int, card: BoardCard)] = []
    for (index, content) in document.columns.enumerated() where column == nil || column == index {
      for (number, card) in content.cards.enumerated() {
        cards.append((index, number + 1, card))
      }
    }
    // A title as the file has it, and as `outline` prints it.
    func texts(_ card: BoardCard) -> [String] {
      let titles = [card.title, visible(card.title)]
      guard let done = card.checkbox else { return titles }
      return titles + titles.map { (done ? "[x] " : "[ ] ") + $0 }
    }
    let wanted = name.trimmingWhitespace
    var found: [Int] = []
    if let column, isWholeNumber(wanted) {
      // With a column, a number is the one `arrange show` prints there, and nothing else: a
      // title that merely contains it must never be moved instead. It is checked against the
      // column before any arithmetic (it may be any number a person typed).
      let title = document.columns[column].title
      guard let number = Int(wanted), number >= 1, number <= cards.count else {
        throw BoardCommandError(
          .unknownCard,
          "There is no card \(wanted) in “\(title)”: "
            + (cards.isEmpty
              ? "it has no cards."
              : "it has \(cards.count) card\(cards.count == 1 ? "" : "s"), numbered 1 to "
                + "\(cards.count) as `arrange show` prints them."))
      }
      found = [number - 1]
    } else {
      let folded = wanted.lowercased()
      let tiers: [(String) -> Bool] = [
        { $0 == wanted },
        { $0.lowercased() == folded },
        { !folded.isEmpty && $0.lowercased().contains(folded) },
      ]
      for test in tiers {
        found = cards.indices.filter { texts(cards[$0].card).contains(where: test) }
        if !found.isEmpty { break }
      }
    }
    guard !found.isEmpty else {
      let place = column.map { " in “\(document.columns[$0].title)”" } ?? ""
      throw BoardCommandError(.unknownCard, "No card titled “\(name)”\(place).")
    }
    if let nth {
      // Any number a person typed: compared before `nth - 1` is computed.
      guard nth >= 1 && nth <= found.count else {
        throw BoardCommandError(
          .unknownCard,
          "--nth \(nth): “\(name)” matches \(found.count) card\(found.count == 1 ? "" : "s")"
            + (found.count == 1 ? "; give 1." : "; give 1 to \(found.count)."))
      }
      return cards[found[nth - 1]].card.id
    }
    guard found.count == 1 else {
      let listed = found.prefix(10).map { index in
        let entry = cards[index]
        return "\(document.columns[entry.column].title) \(entry.number). “\(entry.card.title)”"
      }
      throw BoardCommandError(
        .ambiguousCard,
        "“\(name)” matches \(found.count) cards: \(listed.joined(separator: ", "))"
          + (found.count > 10 ? ", …" : "")
          + "; pick one with --nth 1 to \(found.count), in this order.")
    }
    return cards[found[0]].card.id
  }

  /// Whether `text` is a whole number in decimal digits, with or without a sign, however large.
  static func isWholeNumber(_ text: some StringProtocol) -> Bool {
    let digits = text.first == "-" || text.first == "+" ? text.dropFirst() : text[...]
    return !digits.isEmpty
      && digits.utf8.allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
  }

  /// The column `name` names: by name in any case (with or without its card limit), else by
  /// number from 1.
  ///
  /// A part of a name never matches.
  static func findColumn(_ name: String, in document: BoardDocument) throws(BoardCommandError)
    -> Int
  {
    let wanted = name.trimmingWhitespace
    let columns = document.columns
    // A name as the file has it, and as `outline` prints it.
    func names(_ column: BoardColumn) -> [String] {
      [column.title, visible(column.title)].flatMap { title in
        [title] + (column.limit.map { ["\(title) (\($0))"] } ?? [])
      }
    }
    var found = columns.indices.filter { names(columns[$0]).contains(wanted) }
    if found.isEmpty {
      let folded = wanted.lowercased()
      found = columns.indices.filter {
        names(columns[$0]).contains { $0.lowercased() == folded }
      }
    }
    if found.count == 1 { return found[0] }
    if found.count > 1 {
      throw BoardCommandError(
        .ambiguousColumn,
        "“\(name)” names \(found.count) columns: "
          + found.map { "\($0 + 1). “\(columns[$0].title)”" }.joined(separator: ", ")
          + "; give the column's number instead.")
    }
    if let number = Int(wanted), number >= 1 && number <= columns.count { return number - 1 }
    let known = columns.enumerated().map { "\($0.offset + 1). “\($0.element.title)”" }
    throw BoardCommandError(
      .unknownColumn,
      "No column named or numbered “\(name)”; the board has "
        + (known.isEmpty ? "none" : known.joined(separator: ", ")) + ".")
  }
}

/// A board's columns as a `DragHostModel`: one list per column, one row per card, ten cells
/// apart, for the keyboard drag that `arrange move` makes.
struct BoardColumns: DragHostModel {
  var document: BoardDocument
  /// Which container stands for which column.
  var containers: BoardContainers
  /// How tall every column is, in rows.
  var rows: Double
  /// Why the last operation was refused, in words.
  var failure: String?

  mutating func apply(_ operation: DragOperation<CardID>) throws(BoardEditError) {
    do {
      try document.apply(operation, in: containers)
    } catch {
      failure = error.message
      throw error
    }
  }

  func geometry(of id: ContainerID) -> ListGeometry<CardID>? {
    guard let column = containers.column(of: id), document.columns.indices.contains(column)
    else { return nil }
    return ListGeometry(
      items: document.columns[column].cards.map(\.id),
      frame: Rect(x: Double(column) * 10, y: 0, width: 10, height: rows), itemLength: 1)
  }
}
