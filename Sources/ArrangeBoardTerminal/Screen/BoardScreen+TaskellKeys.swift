import ArrangeBoard
import ArrangeTerminal

// taskell's keys that Arrange honours, as taskell's default keymap (templates/bindings.ini)
// binds them. Where the two programs give a key different meanings, Arrange keeps its own:
// Space lifts the card (taskell: to the last list), C adds a column (taskell: clear the title)
// and A shows the archive (taskell: edit); docs/board.md says so.
extension BoardScreen {
  /// The keys taken from taskell, handled by ``handleTaskellKey(_:at:)``.
  static var taskellKeys: Set<Character> {
    [
      "H", "L", "J", "K", "o", "O", "i", "N", "T", "m", "+", "!", "@",
      "1", "2", "3", "4", "5", "6", "7", "8", "9",
    ]
  }

  /// One of ``taskellKeys``, on the board with no card lifted.
  mutating func handleTaskellKey(_ character: Character, at time: Double) {
    switch character {
    case "H", "L": moveFocusedCard(columns: character == "H" ? -1 : 1)
    case "K", "J": moveFocusedCard(rows: character == "K" ? -1 : 1)
    case "o", "O": addNearFocusedCard(below: character == "o")
    case "i": _ = handleCommand(.character("e"), [], at: time)
    case "N":
      open(PromptPanel(purpose: .addColumn(at: document.columns.count), editor: LineEditor()))
    case "T": completeFocusedCard()
    case "m": chooseColumn()
    case "+": duplicateFocusedCard()
    case "!": _ = handleCommand(.character("d"), [], at: time)
    case "@":
      guard let card = focusedCard, let content = document.details(of: card) else {
        status.message = "No card here to give a due date"
        return
      }
      openDetails()
      open(PromptPanel(purpose: .due(card), editor: LineEditor(text: content.due ?? "")))
    default:
      // 1 to 9: the focus to that column's first card.
      guard let number = character.wholeNumberValue else { return }
      guard document.columns.indices.contains(number - 1) else {
        status.message = "There is no column \(number): the board has \(document.columns.count)"
        return
      }
      focusedColumn = number - 1
      focusedCard = visibleCards(focusedColumn).first?.id
      showColumn(focusedColumn)
    }
  }

  /// Moves the focused card by a key: to the column beside, or a place up or down.
  ///
  /// `H`/`L` (`columns` -1 or 1) move it to the bottom of the column beside, `K`/`J` (`rows` -1
  /// or 1) one place up or down its column. The focus follows; at an end the status line says
  /// so.
  mutating func moveFocusedCard(columns: Int = 0, rows: Int = 0) {
    guard let card = focusedCard, let (column, index) = document.location(of: card) else {
      status.message = "No card here to move"
      return
    }
    let target = column + columns
    guard document.columns.indices.contains(target) else {
      status.message = "“\(title(of: card))” is in the \(columns < 0 ? "first" : "last") column"
      return
    }
    let count = document.columns[target].cards.count
    let place = columns != 0 ? count : index + rows
    guard place >= 0, columns != 0 || place < count else {
      status.message = "“\(title(of: card))” is at the \(rows < 0 ? "top" : "bottom") already"
      return
    }
    if changeCards(.moveCard(card, column: target, index: place), focus: card) {
      status.message =
        "Moved “\(title(of: card))” to \(document.columns[target].title), position "
        + "\(place + 1) of \(document.columns[target].cards.count)"
    }
  }

  /// `o`/`O`: a new card below or above the focused one (at the end of an empty column).
  mutating func addNearFocusedCard(below: Bool) {
    guard !document.columns.isEmpty else {
      status.message = "This board has no columns; N adds one"
      return
    }
    var index: Int? = nil
    if let card = focusedCard, let location = document.location(of: card) {
      index = location.index + (below ? 1 : 0)
    }
    open(
      PromptPanel(purpose: .add(column: focusedColumn, index: index), editor: LineEditor()))
  }

  /// `T`: the focused card to the top of the last column, its due date removed (taskell's
  /// "complete"); in the last column it only loses its due date.
  mutating func completeFocusedCard() {
    guard let card = focusedCard, let (column, _) = document.location(of: card),
      let last = document.columns.indices.last
    else {
      status.message = "No card here to complete"
      return
    }
    var edits: [BoardEdit] = []
    if document.details(of: card)?.due != nil { edits.append(.setDue(card, nil)) }
    if column != last { edits.append(.moveCard(card, column: last, index: 0)) }
    guard !edits.isEmpty else {
      status.message =
        "“\(title(of: card))” is in \(document.columns[last].title), with no due date"
      return
    }
    if changeCards(edits, focus: card) {
      status.message = "“\(title(of: card))” is in \(document.columns[last].title), no due date"
    }
  }

  /// `+`: a copy of the focused card right below it, focused.
  mutating func duplicateFocusedCard() {
    guard let card = focusedCard else {
      status.message = "No card here to duplicate"
      return
    }
    guard let (edited, report) = applied(.duplicateCard(card)), let copy = report.addedCard
    else { return }
    commit(edited, change: report.change, cards: report.cards)
    showCards(focus: copy)
    status.message = "Duplicated “\(title(of: card))” (u undoes)"
  }

  /// `m`: the status line lists the columns by letter; the next key chooses one.
  mutating func chooseColumn() {
    guard let card = focusedCard, document.location(of: card) != nil else {
      status.message = "No card here to move"
      return
    }
    mode = .choosingColumn(card)
    let letters = document.columns.indices.prefix(26).map { index in
      "\(Self.columnLetter(index)) \(document.columns[index].title)"
    }
    status.message = "Move to: " + letters.joined(separator: " · ") + " (Esc: stay)"
  }

  /// The letter that chooses column `index` after `m` (a, b, c and so on).
  static func columnLetter(_ index: Int) -> Character {
    Character(UnicodeScalar(UInt8(ascii: "a") + UInt8(index)))
  }

  /// The key after `m`: a column's letter moves the card to the bottom of that column; any
  /// other key leaves it where it is.
  mutating func handleColumnChoice(_ key: Key, card: CardID) {
    mode = .board
    guard case .character(let letter) = key, let ascii = letter.asciiValue,
      ascii >= UInt8(ascii: "a"),
      document.columns.indices.prefix(26).contains(Int(ascii - UInt8(ascii: "a"))),
      let (column, _) = document.location(of: card)
    else {
      status.message = "The card stays where it is"
      return
    }
    let target = Int(ascii - UInt8(ascii: "a"))
    if target == column {
      status.message = "“\(title(of: card))” is in \(document.columns[target].title) already"
      return
    }
    focusedCard = card
    moveFocusedCard(columns: target - column)
  }

  /// Applies `edits` as one change (one undo step), then shows the board again with the focus
  /// on `card`; returns whether they were made (a refusal is said in the status line).
  @discardableResult
  mutating func changeCards(_ edits: BoardEdit..., focus card: CardID) -> Bool {
    changeCards(edits, focus: card)
  }

  /// ``changeCards(_:focus:)`` for a list of edits.
  @discardableResult
  mutating func changeCards(_ edits: [BoardEdit], focus card: CardID) -> Bool {
    var edited = document
    var cards: Set<CardID> = []
    var change = ""
    do {
      for edit in edits {
        let report = try edited.apply(edit)
        cards.formUnion(report.cards)
        if change.isEmpty { change = report.change }
      }
    } catch {
      status.message = error.message
      return false
    }
    commit(edited, change: change, cards: cards)
    showCards(focus: card)
    return true
  }

  /// Rebuilds the lists from the document with the focus on `card`.
  mutating func showCards(focus card: CardID) {
    rebuild()
    layout(columns: size.columns, rows: size.rows)
    if document.card(card) != nil { focus(card) }
  }
}
