import ArrangeDragDrop
import ArrangeGeometry

/// The board commands for scripts (`arrange show`, `arrange move`), without a terminal.
public enum BoardCommand {
  /// The board as plain text: each column's name and card count, then its cards numbered from 1
  /// with their detail lines indented below.
  ///
  /// ```
  /// To Do (2)
  ///   1. Write the README
  ///        > A short tour with the keys
  ///   2. Fix the bug
  /// ```
  public static func outline(of document: BoardDocument) -> String {
    var text = ""
    for (index, column) in document.columns.enumerated() {
      if index > 0 { text += "\n" }
      text += "\(column.title) (\(column.cards.count))\n"
      if column.cards.isEmpty { text += "  (no cards)\n" }
      let width = String(column.cards.count).count
      for (position, card) in column.cards.enumerated() {
        let number = String(position + 1)
        let padding = String(repeating: " ", count: width - number.count)
        text += "  \(padding)\(number). \(card.title)\n"
        for detail in card.details {
          text += "  " + String(repeating: " ", count: width + 2) + "  \(detail)\n"
        }
      }
    }
    if document.columns.isEmpty { text += "(no columns: add a line “## Name” to the file)\n" }
    return text
  }

  /// Moves the card titled `card` to column `column` through the drag engine, as a keyboard drag:
  /// lift, step to the column, step to the position, drop.
  ///
  /// `card` matches a title exactly, else ignoring case, else as the only title containing it.
  /// `column` matches a name the same way, or is a column number from 1. `position` counts from 1
  /// in the destination column once the card is in it; `nil` puts the card last.
  ///
  /// - Returns: What happened, as the engine announced it.
  /// - Throws: ``BoardCommandError``, leaving `document` unchanged.
  /// - Complexity: O(columns + cards) engine steps.
  public static func move(
    _ card: String, toColumn column: String, position: Int?, in document: inout BoardDocument
  ) throws(BoardCommandError) -> String {
    let id = try findCard(card, in: document)
    let target = try findColumn(column, in: document)
    guard let origin = document.location(of: id) else {
      throw BoardCommandError(.unknownCard, "No card titled “\(card)”.")
    }
    let count = document.columns[target].cards.count - (origin.column == target ? 1 : 0)
    let index = position.map { $0 >= 1 ? $0 - 1 : -1 } ?? count
    guard index >= 0 && index <= count else {
      throw BoardCommandError(
        .indexOutOfRange,
        "Position \(position ?? 0) is outside \(document.columns[target].title), which takes "
          + "1 to \(count + 1).")
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
      return "“\(document.card(id)?.title ?? card)” is already there"
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
    return announcement ?? "Moved “\(document.card(id)?.title ?? card)”"
  }

  /// Where the keyboard drag would drop now.
  static func proposedSlot(_ engine: DragEngine<ListGeometry<CardID>>) -> Slot? {
    guard let proposal = engine.proposal(for: .keyboard) else { return nil }
    switch proposal.action {
    case .move(let slot): return slot
    case .none, .exchange, .copy, .remove, .into: return nil
    }
  }

  /// The card whose title is `name`: exact, else ignoring case, else the only one containing it.
  static func findCard(_ name: String, in document: BoardDocument) throws(BoardCommandError)
    -> CardID
  {
    let cards = document.columns.flatMap(\.cards)
    let titles = cards.map(\.title)
    switch match(name, in: titles) {
    case .one(let index): return cards[index].id
    case .none:
      throw BoardCommandError(.unknownCard, "No card titled “\(name)”.")
    case .many(let indices):
      let listed = indices.prefix(5).map { "“\(titles[$0])”" }.joined(separator: ", ")
      throw BoardCommandError(
        .ambiguousCard,
        "“\(name)” matches \(indices.count) cards: \(listed); give more of the title.")
    }
  }

  /// The column named `name` (matched like cards), or numbered `name` from 1.
  static func findColumn(_ name: String, in document: BoardDocument) throws(BoardCommandError)
    -> Int
  {
    let names = document.columns.map(\.title)
    switch match(name, in: names) {
    case .one(let index): return index
    case .many(let indices):
      throw BoardCommandError(
        .ambiguousColumn,
        "“\(name)” matches \(indices.count) columns: "
          + indices.map { "“\(names[$0])”" }.joined(separator: ", ") + ".")
    case .none:
      if let number = Int(name), number >= 1 && number <= names.count { return number - 1 }
      let known = names.map { "“\($0)”" }.joined(separator: ", ")
      throw BoardCommandError(
        .unknownColumn,
        "No column named “\(name)”; the board has \(names.isEmpty ? "none" : known).")
    }
  }

  enum Match {
    case none
    case one(Int)
    case many([Int])
  }

  /// Exact matches first, then matches ignoring case, then titles containing `name` ignoring
  /// case; the first tier with any match decides.
  static func match(_ name: String, in titles: [String]) -> Match {
    let wanted = name.trimmingWhitespace
    let folded = wanted.lowercased()
    let tiers: [(String) -> Bool] = [
      { $0 == wanted },
      { $0.lowercased() == folded },
      { !folded.isEmpty && $0.lowercased().contains(folded) },
    ]
    for test in tiers {
      let indices = titles.indices.filter { test(titles[$0]) }
      if indices.count == 1 { return .one(indices[0]) }
      if indices.count > 1 { return .many(indices) }
    }
    return .none
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
