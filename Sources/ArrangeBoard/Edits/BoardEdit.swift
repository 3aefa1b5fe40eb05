/// One change of a board's document: the vocabulary every front end speaks.
///
/// The terminal screen, the server's shared board and the browser's messages (each `op` of
/// their JSON is one case) all describe what a person did as a `BoardEdit`, and all of them
/// apply it with the one function ``BoardDocument/apply(_:clock:)``. Card identifiers and
/// column numbers are those of the document the edit is applied to; ``SharedBoard`` carries an
/// edit made on an older version over to the current one first.
public enum BoardEdit: Hashable, Sendable {
  /// Moves a card to position `index` of column `column` (counted without the card).
  case moveCard(CardID, column: Int, index: Int)
  /// Swaps two cards' places, each with its lines.
  case exchangeCards(CardID, CardID)
  /// Moves column `from` to place `to`.
  case moveColumn(from: Int, to: Int)
  /// Adds a card titled `title` to column `column`, at `index` or at the end.
  case addCard(title: String, column: Int, index: Int?)
  /// Adds a copy of a card, with all its lines, right below it.
  case duplicateCard(CardID)
  /// Gives a card a new title.
  case setTitle(CardID, String)
  /// Removes a card with its lines.
  case removeCard(CardID)
  /// Ticks a card done or not (a card without a checkbox gets one).
  case setDone(CardID, Bool)
  /// Ticks subtask `index` of a card done or not.
  case setSubtask(CardID, index: Int, done: Bool)
  /// Adds a subtask titled `title` at the end of a card's subtasks.
  case addSubtask(CardID, title: String)
  /// Removes subtask `index` of a card.
  case removeSubtask(CardID, index: Int)
  /// Gives subtask `index` of a card a new title.
  case renameSubtask(CardID, index: Int, title: String)
  /// Moves subtask `from` of a card to place `to`.
  case moveSubtask(CardID, from: Int, to: Int)
  /// Replaces a card's description with `lines`.
  case setDescription(CardID, [String])
  /// Sets a card's due date as a person typed it (`nil` or blank removes it); see
  /// ``DueDate/parse(_:clock:)`` for what is accepted and how it is written. The card's due
  /// date as the file has it, sent back unchanged, changes nothing, whatever its form.
  case setDue(CardID, String?)
  /// Adds a column titled `title` at place `at`, or at the end.
  case addColumn(title: String, at: Int? = nil)
  /// Renames column `column`.
  case renameColumn(Int, title: String)
  /// Removes column `column`, with its cards when `withCards`.
  case removeColumn(Int, withCards: Bool)
}

/// What applying ``BoardEdit``s did: the cards they touched and the change in words.
public struct BoardEditReport: Hashable, Sendable {
  /// The cards the edits moved, changed, added or removed (none for a column's edits).
  public var cards: Set<CardID> = []
  /// The change in words, for undo's messages ("moving “Plan”"); empty before any edit.
  public var change = ""
  /// The card the last edit added, if it was an ``BoardEdit/addCard(title:column:index:)`` or
  /// a ``BoardEdit/duplicateCard(_:)``.
  public var addedCard: CardID?
  /// Whether the last edit moved a card (a move after other edits is described as "moving
  /// cards").
  var isMove = false

  /// Creates an empty report, of no edit.
  public init() {}

  /// Adds what one more edit did: its cards, and its words in place of the earlier ones (a
  /// move after other edits is "moving cards").
  public mutating func add(_ other: BoardEditReport) {
    change = other.isMove && !change.isEmpty ? "moving cards" : other.change
    cards.formUnion(other.cards)
    addedCard = other.addedCard
    isMove = other.isMove
  }
}

extension BoardDocument {
  /// Applies one edit of the board's vocabulary, and reports what it did; due dates count from
  /// `clock`.
  ///
  /// This is the one place an edit is made, whichever front end asked for it. A refused edit
  /// throws and leaves the document as it was.
  ///
  /// - Complexity: O(lines of the board).
  @discardableResult
  public mutating func apply(
    _ edit: BoardEdit, clock: DueDateClock = .system
  ) throws(BoardEditError) -> BoardEditReport {
    var report = BoardEditReport()
    func name(_ id: CardID) -> String { "“\(card(id)?.title ?? "a card")”" }
    func columnTitle(_ column: Int) throws(BoardEditError) -> String {
      guard columns.indices.contains(column) else {
        throw BoardEditError(
          kind: .unknownColumn, message: "There is no column \(column.ordinalText).")
      }
      return columns[column].title
    }
    switch edit {
    case .moveCard(let id, let column, let index):
      report.change = "moving \(name(id))"
      report.isMove = true
      try moveCard(id, toColumn: column, index: index)
      report.cards = [id]
    case .exchangeCards(let first, let second):
      report.change = "swapping \(name(first)) and \(name(second))"
      try exchangeCards(first, second)
      report.cards = [first, second]
    case .moveColumn(let from, let to):
      report.change = "moving the column “\(try columnTitle(from))”"
      try moveColumn(from, to: to)
    case .addCard(let title, let column, let index):
      let id = try addCard(title: title, toColumn: column, at: index)
      report.change = "adding \(name(id))"
      report.cards = [id]
      report.addedCard = id
    case .duplicateCard(let id):
      report.change = "duplicating \(name(id))"
      let copy = try duplicateCard(id)
      report.cards = [copy]
      report.addedCard = copy
    case .setTitle(let id, let title):
      report.change = "renaming \(name(id))"
      try setTitle(title, of: id)
      report.cards = [id]
    case .removeCard(let id):
      report.change = "deleting \(name(id))"
      try removeCard(id)
      report.cards = [id]
    case .setDone(let id, let done):
      report.change = "\(done ? "ticking" : "unticking") \(name(id))"
      try setDone(done, of: id)
      report.cards = [id]
    case .setSubtask(let id, let index, let done):
      report.change = "\(done ? "ticking" : "unticking") a subtask of \(name(id))"
      try setSubtask(index, of: id, isDone: done)
      report.cards = [id]
    case .addSubtask(let id, let title):
      report.change = "adding a subtask to \(name(id))"
      try addSubtask(title, to: id)
      report.cards = [id]
    case .removeSubtask(let id, let index):
      report.change = "deleting a subtask of \(name(id))"
      try removeSubtask(index, of: id)
      report.cards = [id]
    case .renameSubtask(let id, let index, let title):
      report.change = "renaming a subtask of \(name(id))"
      try setSubtask(index, of: id, title: title)
      report.cards = [id]
    case .moveSubtask(let id, let from, let to):
      report.change = "moving a subtask of \(name(id))"
      try moveSubtask(from, to: to, of: id)
      report.cards = [id]
    case .setDescription(let id, let lines):
      report.change = "describing \(name(id))"
      try setDescription(lines, of: id)
      report.cards = [id]
    case .setDue(let id, let due):
      report.change = "setting the due date of \(name(id))"
      let text = (due ?? "").trimmingWhitespace
      // The card's due date sent back as it is stays, whatever its form (a file's own).
      if text.isEmpty || text != details(of: id)?.due {
        try setDue(try DueDate.parse(text, clock: clock), of: id)
      }
      report.cards = [id]
    case .addColumn(let title, let index):
      report.change = "adding the column “\(title)”"
      try addColumn(title: title, at: index)
    case .renameColumn(let column, let title):
      report.change = "renaming the column “\(try columnTitle(column))”"
      try renameColumn(column, to: title)
    case .removeColumn(let column, let withCards):
      report.change = "removing the column “\(try columnTitle(column))”"
      try removeColumn(column, withCards: withCards)
    }
    return report
  }
}
