import ArrangeBoard
import ArrangeDragDrop
import ArrangeGeometry
import ArrangeTerminal
import ArrangeTerminalDrag

extension BoardScreen {
  // MARK: - Search

  /// Whether `card` shows under the current search: its title or a detail line contains the
  /// search text, ignoring case.
  func matchesSearch(_ card: BoardCard) -> Bool {
    guard !searchText.isEmpty else { return true }
    let wanted = searchText.lowercased()
    return card.title.lowercased().contains(wanted)
      || card.details.contains { $0.lowercased().contains(wanted) }
  }

  /// The cards of `column` on screen: all of them, or those the search finds.
  func visibleCards(_ column: Int) -> [BoardCard] {
    guard document.columns.indices.contains(column) else { return [] }
    let cards = document.columns[column].cards
    return searchText.isEmpty ? cards : cards.filter(matchesSearch)
  }

  /// Shows only the cards that contain `text` (all of them when it is empty).
  mutating func applySearch(_ text: String) {
    searchText = text
    rebuild()
    layout(columns: size.columns, rows: size.rows)
    if let card = focusedCard, let found = document.card(card), matchesSearch(found) {
      focus(card)
    } else {
      focusedCard = visibleCards(focusedColumn).first?.id
    }
    let shown = document.columns.indices.reduce(0) { $0 + visibleCards($1).count }
    let all = document.columns.reduce(0) { $0 + $1.cards.count }
    status.message =
      text.isEmpty
      ? "Showing every card" : "Search “\(text)”: \(shown) of \(all) cards (Esc clears)"
    updateHint()
  }

  /// A move made on the lists shown while searching, in the document's terms: the index among
  /// the cards shown becomes the index among all cards, so that the card lands where the
  /// person saw it land, between the same shown cards, and hidden cards keep their order.
  func documentOperation(_ operation: DragOperation<CardID>) -> DragOperation<CardID> {
    guard !searchText.isEmpty, case .move(let card, let from, let to, let before) = operation,
      let column = containers.column(of: to.container), document.columns.indices.contains(column)
    else { return operation }
    let all = document.columns[column].cards.map(\.id).filter { $0 != card }
    let shown = visibleCards(column).map(\.id).filter { $0 != card }
    let index: Int
    if to.index < shown.count, let at = all.firstIndex(of: shown[to.index]) {
      index = at
    } else if let last = shown.last, let at = all.firstIndex(of: last) {
      index = at + 1
    } else {
      index = all.count
    }
    return .move(card, from: from, to: Slot(to.container, index), before: before)
  }

  // MARK: - Card details

  /// Opens the focused card's details.
  mutating func openDetails() {
    guard let card = focusedCard, document.card(card) != nil else {
      status.message = "No card here to open"
      return
    }
    mode = .details(DetailsPanel(card: card))
    status.message = Self.detailsHint
  }

  /// What the status line says while a card's details are open.
  static var detailsHint: String {
    "Space ticks · a adds a subtask · e edits · d describes · @ due date · D deletes · J/K move"
  }

  /// Keys and clicks while a card's details are open.
  mutating func handleDetails(_ event: TerminalEvent, at time: Double) -> TerminalProgramResponse {
    guard var view = details, let card = document.card(view.card),
      let content = document.details(of: view.card)
    else {
      mode = .board
      return .changed
    }
    let rows = DetailsPanel.rows(of: content)
    view.row = Swift.min(Swift.max(0, view.row), rows.count - 1)
    if case .mouse(let mouse) = event { return handleDetailsMouse(mouse, view: view, rows: rows) }
    guard case .key(let key, let modifiers) = event else { return .unchanged }
    let row = rows[view.row]
    switch (key, modifiers) {
    case (.escape, _), (.character("q"), []):
      mode = .board
      status.message = ""
      return .changed
    case (.up, []), (.character("k"), []):
      view.row = Swift.max(0, view.row - 1)
    case (.down, []), (.character("j"), []):
      view.row = Swift.min(rows.count - 1, view.row + 1)
    case (.character(" "), []), (.enter, []):
      switch row {
      case .subtask(let index):
        let done = content.subtasks[index].isDone
        edit(.setSubtask(view.card, index: index, done: !done))
      case .title, .due, .description: startDetailsEdit(row, view: view, card: card, content)
      }
    case (.character("e"), []):
      startDetailsEdit(row, view: view, card: card, content)
    case (.character("a"), []):
      open(PromptPanel(purpose: .addSubtask(view.card), editor: LineEditor()))
    case (.character("d"), []):
      open(PromptPanel(purpose: .description(view.card, line: nil), editor: LineEditor()))
    case (.character("@"), _):
      open(PromptPanel(purpose: .due(view.card), editor: LineEditor(text: content.due ?? "")))
    case (.character("D"), _):
      switch row {
      case .subtask(let index):
        edit(.removeSubtask(view.card, index: index))
      case .description(let index):
        var lines = content.description
        lines.remove(at: index)
        edit(.setDescription(view.card, lines))
      case .due:
        edit(.setDue(view.card, nil))
      case .title:
        status.message = "Close the card (Esc) and press D to delete it"
      }
    case (.character("J"), _), (.character("K"), _):
      guard case .subtask(let index) = row else {
        status.message = "Only subtasks move with J and K"
        return .changed
      }
      let target = key == .character("J") ? index + 1 : index - 1
      guard content.subtasks.indices.contains(target) else { return .changed }
      edit(.moveSubtask(view.card, from: index, to: target))
      view.row += target - index
    default:
      return .unchanged
    }
    updateDetails { $0.row = view.row }
    return .changed
  }

  /// A press on a subtask row and a release on another moves the subtask there.
  mutating func handleDetailsMouse(
    _ mouse: MouseEvent, view: DetailsPanel, rows: [DetailsPanel.Row]
  ) -> TerminalProgramResponse {
    let frame = DetailsPanel.frame(rows: rows.count, size: size)
    let index = DetailsPanel.rowIndex(at: mouse.row, rows: rows.count, size: size)
    let row = rows.indices.contains(index) ? rows[index] : nil
    switch mouse.action {
    case .press:
      guard frame.contains(column: mouse.column, row: mouse.row) else {
        mode = .board
        return .changed
      }
      updateDetails { $0.row = rows.indices.contains(index) ? index : view.row }
      if case .subtask(let subtask) = row { updateDetails { $0.pressedSubtask = subtask } }
    case .release:
      defer { updateDetails { $0.pressedSubtask = nil } }
      guard let from = view.pressedSubtask, case .subtask(let to) = row, from != to else {
        return .changed
      }
      edit(.moveSubtask(view.card, from: from, to: to))
      updateDetails { $0.row = index }
    default:
      return .unchanged
    }
    return .changed
  }

  /// Opens the prompt that edits `row` of the open card.
  mutating func startDetailsEdit(
    _ row: DetailsPanel.Row, view: DetailsPanel, card: BoardCard, _ content: CardDetails
  ) {
    switch row {
    case .title:
      open(PromptPanel(purpose: .edit(view.card), editor: LineEditor(text: card.title)))
    case .due:
      open(PromptPanel(purpose: .due(view.card), editor: LineEditor(text: content.due ?? "")))
    case .description(let index):
      open(
        PromptPanel(
          purpose: .description(view.card, line: index),
          editor: LineEditor(text: content.description[index])))
    case .subtask(let index):
      open(
        PromptPanel(
          purpose: .editSubtask(view.card, index),
          editor: LineEditor(text: content.subtasks[index].title)))
    }
  }

  /// The board with `edit` applied and what it did, or `nil` with the reason in the status line.
  mutating func applied(_ edit: BoardEdit) -> (BoardDocument, BoardEditReport)? {
    var edited = document
    do {
      let report = try edited.apply(edit)
      return (edited, report)
    } catch {
      status.message = error.message
      return nil
    }
  }

  /// Applies an edit of one card through the session; returns whether it was made (an edit
  /// that changes nothing counts as made).
  @discardableResult
  mutating func edit(_ edit: BoardEdit) -> Bool {
    guard let (edited, report) = applied(edit) else { return false }
    guard edited != document else { return true }
    commit(edited, change: report.change, cards: report.cards)
    refreshHeights()
    return true
  }

  /// Gives every card on screen the height its content needs now.
  mutating func refreshHeights() {
    for index in lists.arena.lists.indices where index < document.columns.count {
      let width = lists.arena.lists[index].frame.width
      for card in lists.arena.lists[index].items {
        guard let content = document.card(card) else { continue }
        _ = lists.arena.lists[index].setHeight(
          CardLook.height(of: content, width: width), for: card, at: now)
      }
    }
    reportGeometry()
  }

  // MARK: - Columns

  /// Keys that change columns: `C` adds one after the focused column, `E` renames it, `X`
  /// removes it (a second `X` when it holds cards), `<` and `>` move it.
  mutating func handleColumnCommand(_ character: Character, at time: Double) {
    if character != "X", case .confirmingColumnRemoval = mode {
      mode = .board
      return handleColumnCommand(character, at: time)
    }
    let count = document.columns.count
    switch character {
    case "C":
      open(
        PromptPanel(
          purpose: .addColumn(at: count == 0 ? 0 : focusedColumn + 1), editor: LineEditor()))
    case "E":
      guard count > 0 else {
        status.message = "No column to rename; C adds one"
        return
      }
      open(
        PromptPanel(
          purpose: .renameColumn(focusedColumn),
          editor: LineEditor(text: document.columns[focusedColumn].title)))
    case "X":
      guard count > 0 else {
        status.message = "No column to remove"
        return
      }
      let column = focusedColumn
      let cards = document.columns[column].cards.count
      if cards > 0, !mode.isConfirmingRemoval(of: column) {
        mode = .confirmingColumnRemoval(column)
        status.message =
          "“\(document.columns[column].title)” holds \(cards) card\(cards == 1 ? "" : "s"): "
          + "X again removes it with them (u undoes)"
        return
      }
      mode = .board
      let name = document.columns[column].title
      changeColumns(.removeColumn(column, withCards: true), focus: Swift.max(0, column - 1))
      status.message = "Removed the column “\(name)” (u undoes)"
    case "<", ">":
      moveColumn(focusedColumn, by: character == "<" ? -1 : 1)
    default:
      break
    }
  }

  /// Moves column `column` one place left or right (`step` -1 or 1).
  mutating func moveColumn(_ column: Int, by step: Int) {
    let target = column + step
    guard document.columns.indices.contains(column), document.columns.indices.contains(target)
    else {
      status.message = "The column is already at the \(step < 0 ? "left" : "right") end"
      return
    }
    moveColumn(column, to: target)
  }

  /// Moves column `column` to position `target`, saved.
  mutating func moveColumn(_ column: Int, to target: Int) {
    let name = document.columns[column].title
    changeColumns(.moveColumn(from: column, to: target), focus: target)
    status.message = "Moved the column “\(name)” to place \(target + 1)"
  }

  /// Commits an edit of the columns, and shows the board again with the focus on `focus`;
  /// returns whether it was made.
  @discardableResult
  mutating func changeColumns(_ edit: BoardEdit, focus column: Int) -> Bool {
    guard let (edited, report) = applied(edit) else { return false }
    let card = focusedCard
    commit(edited, change: report.change, cards: report.cards)
    focusedColumn = Swift.min(Swift.max(0, column), Swift.max(0, document.columns.count - 1))
    // The focus goes to the column: its card that had it, else its first card.
    let cards = visibleCards(focusedColumn).map(\.id)
    focusedCard = card.flatMap { cards.contains($0) ? $0 : nil } ?? cards.first
    rebuild()
    layout(columns: size.columns, rows: size.rows)
    showColumn(focusedColumn)
    return true
  }

  /// Feeds a pointer event on the column headers to their panel; a drop moves the column.
  mutating func performHeader(_ phase: PointerPhase, at point: Point, time: Double) {
    let count = document.columns.count
    let (announcements, moves) = headers.handle(phase, at: point, time: time, boxes, count: count)
    let board = document
    for said in announcements {
      status.message = said.text {
        board.columns.indices.contains($0) ? board.columns[$0].title : "column"
      }
    }
    for move in moves { moveColumn(move.column, to: move.to) }
  }

  // MARK: - Done

  /// Ticks the focused card done, or not (a card without a checkbox gets one).
  mutating func toggleDone() {
    guard let card = focusedCard, let content = document.card(card) else {
      status.message = "No card here to tick"
      return
    }
    let done = !(content.checkbox ?? false)
    if edit(.setDone(card, done)) {
      status.message = "“\(content.title)” is \(done ? "done" : "not done")"
    }
  }

  // MARK: - Showing cards

}

extension BoardScreen {
  /// Adds a column titled `title` at `index`, focused; returns whether it was added.
  mutating func submitColumn(_ title: String, at index: Int) -> Bool {
    let made = changeColumns(.addColumn(title: title, at: index), focus: index)
    if made { status.message = "Added the column “\(document.columns[index].title)”" }
    return made
  }
}
