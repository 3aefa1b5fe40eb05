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

  /// What a row of the details view shows.
  enum DetailsRow: Equatable {
    case title
    case due
    case description(Int)
    case subtask(Int)
  }

  /// The rows of the open card's details, top to bottom.
  func detailsRows(of details: CardDetails) -> [DetailsRow] {
    [.title, .due] + details.description.indices.map { .description($0) }
      + details.subtasks.indices.map { .subtask($0) }
  }

  /// Opens the focused card's details.
  mutating func openDetails() {
    guard let card = focusedCard, document.card(card) != nil else {
      status.message = "No card here to open"
      return
    }
    details = DetailsView(card: card)
    status.message =
      "Space ticks · a adds a subtask · e edits · d describes · @ due date · D deletes · J/K move"
  }

  /// Keys and clicks while a card's details are open.
  mutating func handleDetails(_ event: TerminalEvent, at time: Double) -> TerminalProgramResponse {
    guard var view = details, let card = document.card(view.card),
      let content = document.details(of: view.card)
    else {
      details = nil
      return .changed
    }
    let rows = detailsRows(of: content)
    view.row = Swift.min(Swift.max(0, view.row), rows.count - 1)
    if case .mouse(let mouse) = event { return handleDetailsMouse(mouse, view: view, rows: rows) }
    guard case .key(let key, let modifiers) = event else { return .unchanged }
    let row = rows[view.row]
    switch (key, modifiers) {
    case (.escape, _), (.character("q"), []):
      details = nil
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
      prompt = Prompt(purpose: .addSubtask(view.card), editor: LineEditor())
    case (.character("d"), []):
      prompt = Prompt(purpose: .description(view.card, line: nil), editor: LineEditor())
    case (.character("@"), _):
      prompt = Prompt(purpose: .due(view.card), editor: LineEditor(text: content.due ?? ""))
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
    if details != nil { details?.row = view.row }
    return .changed
  }

  /// A press on a subtask row and a release on another moves the subtask there.
  mutating func handleDetailsMouse(
    _ mouse: MouseEvent, view: DetailsView, rows: [DetailsRow]
  ) -> TerminalProgramResponse {
    let frame = detailsFrame(rows: rows.count)
    let index = mouse.row - frame.row - 1
    let row = rows.indices.contains(index) ? rows[index] : nil
    switch mouse.action {
    case .press:
      guard frame.contains(column: mouse.column, row: mouse.row) else {
        details = nil
        return .changed
      }
      details?.row = rows.indices.contains(index) ? index : view.row
      if case .subtask(let subtask) = row { details?.pressedSubtask = subtask }
    case .release:
      defer { details?.pressedSubtask = nil }
      guard let from = view.pressedSubtask, case .subtask(let to) = row, from != to else {
        return .changed
      }
      edit(.moveSubtask(view.card, from: from, to: to))
      details?.row = index
    default:
      return .unchanged
    }
    return .changed
  }

  /// Opens the prompt that edits `row` of the open card.
  mutating func startDetailsEdit(
    _ row: DetailsRow, view: DetailsView, card: BoardCard, _ content: CardDetails
  ) {
    switch row {
    case .title:
      prompt = Prompt(purpose: .edit(view.card), editor: LineEditor(text: card.title))
    case .due:
      prompt = Prompt(purpose: .due(view.card), editor: LineEditor(text: content.due ?? ""))
    case .description(let index):
      prompt = Prompt(
        purpose: .description(view.card, line: index),
        editor: LineEditor(text: content.description[index]))
    case .subtask(let index):
      prompt = Prompt(
        purpose: .editSubtask(view.card, index),
        editor: LineEditor(text: content.subtasks[index].title))
    }
  }

  /// Applies an edit of one card through the session; returns whether it was made (an edit
  /// that changes nothing counts as made).
  @discardableResult
  mutating func edit(_ edit: BoardEdit) -> Bool {
    var edited = document
    let report: BoardEditReport
    do {
      report = try edited.apply(edit)
    } catch {
      status.message = error.message
      return false
    }
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
          Self.height(of: content, width: width), for: card, at: now)
      }
    }
    reportGeometry()
  }

  /// Where the details view is drawn, for a card with `rows` rows.
  func detailsFrame(rows: Int) -> CellRect {
    let width = Swift.min(Swift.max(30, size.columns * 2 / 3), Swift.max(0, size.columns - 2))
    let height = Swift.min(rows + 3, Swift.max(0, size.rows - 2))
    return CellRect(
      column: Swift.max(0, (size.columns - width) / 2),
      row: Swift.max(0, (size.rows - 1 - height) / 2),
      width: width, height: height)
  }

  /// Draws the open card's details over the board.
  func drawDetails(_ view: DetailsView, into buffer: inout CellBuffer) {
    guard let card = document.card(view.card), let content = document.details(of: view.card) else {
      return
    }
    let rows = detailsRows(of: content)
    let frame = detailsFrame(rows: rows.count)
    buffer.fill(
      column: frame.column, row: frame.row, width: frame.width, height: frame.height,
      style: .plain)
    buffer.drawBox(
      column: frame.column, row: frame.row, width: frame.width, height: frame.height,
      title: "Card", border: .rounded, titleStyle: CellStyle(isBold: true))
    let room = Swift.max(0, frame.width - 4)
    for (index, row) in rows.enumerated() {
      let y = frame.row + 1 + index
      guard y < frame.row + frame.height - 2 else { break }
      let text: String
      var style = CellStyle()
      switch row {
      case .title:
        text = Self.shownTitle(of: card)
        style.isBold = true
      case .due: text = "Due: " + (content.due ?? "none (@ sets one)")
      case .description(let line): text = "  " + content.description[line]
      case .subtask(let line):
        let subtask = content.subtasks[line]
        text = (subtask.isDone ? "☑ " : "☐ ") + subtask.title
      }
      if index == view.row { style.isReversed = true }
      buffer.write(
        (index == view.row ? "▸ " : "  ") + text, column: frame.column + 1, row: y, style: style,
        limit: room + 2)
    }
    buffer.write(
      "Space tick · a add · e edit · D delete · J/K move · Esc close",
      column: frame.column + 2, row: frame.row + frame.height - 2, style: CellStyle(isDim: true),
      limit: room)
  }

  // MARK: - Columns

  /// Keys that change columns: `C` adds one after the focused column, `E` renames it, `X`
  /// removes it (a second `X` when it holds cards), `<` and `>` move it.
  mutating func handleColumnCommand(_ character: Character, at time: Double) {
    guard character == "X" || confirmingColumnRemoval == nil else {
      confirmingColumnRemoval = nil
      return handleColumnCommand(character, at: time)
    }
    let count = document.columns.count
    switch character {
    case "C":
      prompt = Prompt(
        purpose: .addColumn(at: count == 0 ? 0 : focusedColumn + 1), editor: LineEditor())
    case "E":
      guard count > 0 else {
        status.message = "No column to rename; C adds one"
        return
      }
      prompt = Prompt(
        purpose: .renameColumn(focusedColumn),
        editor: LineEditor(text: document.columns[focusedColumn].title))
    case "X":
      guard count > 0 else {
        status.message = "No column to remove"
        return
      }
      let column = focusedColumn
      let cards = document.columns[column].cards.count
      if cards > 0 && confirmingColumnRemoval != column {
        confirmingColumnRemoval = column
        status.message =
          "“\(document.columns[column].title)” holds \(cards) card\(cards == 1 ? "" : "s"): "
          + "X again removes it with them (u undoes)"
        return
      }
      confirmingColumnRemoval = nil
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
    var edited = document
    let report: BoardEditReport
    do {
      report = try edited.apply(edit)
    } catch {
      status.message = error.message
      return false
    }
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

  /// Tells the column engine where the headers of the columns on screen are.
  mutating func updateColumnEngine() {
    let shown = boxes.indices.filter { $0 < document.columns.count && boxes[$0].width > 0 }
    guard let first = shown.first, let last = shown.last else {
      columnEngine = DragEngine(containers: [])
      return
    }
    let left = boxes[first].column
    let right = boxes[last].column + boxes[last].width
    let geometry = ListGeometry(
      items: shown,
      frame: Rect(
        x: Double(left), y: Double(boxes[first].row), width: Double(right - left), height: 1),
      axis: .horizontal, itemLengths: shown.map { Double(boxes[$0].width) })
    if columnEngine.isDragging {
      _ = columnEngine.handle(.setGeometry(Self.headers, geometry))
    } else {
      var configuration = DragConfiguration()
      configuration.mouseActivation = .distance(2)
      columnEngine = DragEngine(
        containers: [ArenaContainer(id: Self.headers, name: "columns", geometry: geometry)],
        configuration: configuration)
    }
  }

  /// The column engine's one container: the row of headers.
  static var headers: ContainerID { ContainerID(0) }

  /// Whether a mouse press at this cell is on a column's header (its top border).
  func isHeader(column: Int, row: Int) -> Bool {
    boxes.indices.contains { index in
      index < document.columns.count && boxes[index].width > 0 && boxes[index].row == row
        && column >= boxes[index].column && column < boxes[index].column + boxes[index].width
    }
  }

  /// Feeds a pointer event on the column headers to the column engine; a drop moves the
  /// column.
  mutating func performHeader(_ phase: PointerPhase, at point: Point, time: Double) {
    let effects = columnEngine.handle(.pointer(PointerEvent(phase, at: point, time: time)))
    let board = document
    for case .announce(let said) in effects {
      status.message = said.text {
        board.columns.indices.contains($0) ? board.columns[$0].title : "column"
      }
    }
    for case .apply(.move(let column, _, let to, _)) in effects {
      // The headers list the columns on screen, from the first one shown.
      let shown = boxes.indices.filter { $0 < document.columns.count && boxes[$0].width > 0 }
      guard shown.indices.contains(to.index) else { continue }
      moveColumn(column, to: shown[to.index])
    }
  }

  /// Where a header being dragged would land: the column it would take the place of.
  var headerTarget: Int? {
    guard columnEngine.isDragging,
      let proposal = columnEngine.proposal(for: .pointer(PointerID(0))),
      case .move(let slot) = proposal.action
    else { return nil }
    let shown = boxes.indices.filter { $0 < document.columns.count && boxes[$0].width > 0 }
    return shown.indices.contains(slot.index) ? shown[slot.index] : nil
  }

  /// The column whose header is being dragged.
  var draggedHeader: Int? { columnEngine.draggedItem(for: .pointer(PointerID(0))) }

  // MARK: - Archive and done

  /// Draws the archived cards over the board.
  func drawArchive(into buffer: inout CellBuffer) {
    let cards = document.archive
    let width = Swift.min(Swift.max(30, size.columns / 2), Swift.max(0, size.columns - 2))
    let height = Swift.min(cards.count + 2, Swift.max(0, size.rows - 2))
    let column = Swift.max(0, (size.columns - width) / 2)
    let row = Swift.max(0, (size.rows - 1 - height) / 2)
    buffer.fill(column: column, row: row, width: width, height: height, style: .plain)
    buffer.drawBox(
      column: column, row: row, width: width, height: height,
      title: "Archive · \(cards.count) (not a column)", border: .rounded,
      titleStyle: CellStyle(isBold: true))
    for (index, card) in cards.enumerated() where index < height - 2 {
      buffer.write(
        Self.shownTitle(of: card), column: column + 2, row: row + 1 + index,
        style: CellStyle(isDim: true), limit: Swift.max(0, width - 4))
    }
  }

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

  /// A card's title as the board shows it: its checkbox as a mark, and a placeholder for a
  /// card whose title was cleared.
  static func shownTitle(of card: BoardCard) -> String {
    let mark = card.checkbox.map { $0 ? "☑ " : "☐ " } ?? ""
    return mark + (card.title.isEmpty ? "(no title)" : card.title)
  }

  /// Where the tags (`#tag`) and dates (`@{2024-05-01}`, `@@{10:30}`, `@2024-05-01`) are in a
  /// line of a card's title: their character offsets and lengths.
  static func highlights(in line: String) -> [(start: Int, length: Int)] {
    let characters = Array(line)
    var found: [(Int, Int)] = []
    var index = 0
    while index < characters.count {
      let atWordStart = index == 0 || characters[index - 1] == " "
      let character = characters[index]
      if atWordStart && (character == "#" || character == "@") && index + 1 < characters.count
        && characters[index + 1] != " " && characters[index + 1] != "#"
      {
        var end = index + 1
        if character == "@" {
          while end < characters.count && characters[end] == "@" { end += 1 }
          if end < characters.count && characters[end] == "{" {
            while end < characters.count && characters[end] != "}" { end += 1 }
            end = Swift.min(characters.count, end + 1)
          } else {
            while end < characters.count && characters[end] != " " { end += 1 }
          }
        } else {
          while end < characters.count && characters[end] != " " { end += 1 }
        }
        found.append((index, end - index))
        index = end
      } else {
        index += 1
      }
    }
    return found
  }
}

extension BoardScreen {
  /// Adds a column titled `title` at `index`, focused; returns whether it was added.
  mutating func submitColumn(_ title: String, at index: Int) -> Bool {
    let made = changeColumns(.addColumn(title: title, at: index), focus: index)
    if made { status.message = "Added the column “\(document.columns[index].title)”" }
    return made
  }
}
