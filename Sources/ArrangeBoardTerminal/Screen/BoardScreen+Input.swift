import ArrangeBoard
import ArrangeDragDrop
import ArrangeGeometry
public import ArrangeTerminal
import ArrangeTerminalDrag

extension BoardScreen {
  /// The keys, as the help overlay lists them (with `b` when the board was opened from a list
  /// of boards).
  var help: HelpOverlay {
    var help = Self.help
    if let folderName {
      help.entries.insert(
        .init("b", "back to the boards in \(folderName)"), at: 0)
    }
    return help
  }

  /// The keys, as the help overlay lists them.
  static var help: HelpOverlay {
    HelpOverlay(
      title: "Arrange keys",
      entries: [
        .init("mouse", "drag a card; click selects; wheel scrolls"),
        .init("arrows hjkl", "move the focus"),
        .init("Space", "lift the focused card / drop it (taskell's Space: T)"),
        .init("arrows", "while lifted: move it (←→ columns)"),
        .init("Enter", "open the card: subtasks, description, due date"),
        .init("v / Shift-click", "select cards: lifting one lifts them all"),
        .init("Esc", "cancel the drag / clear the selection / search"),
        .init("x", "swap mode on/off (drops swap cards)"),
        .init("a / e / D", "add / edit / delete a card"),
        .init("H / L", "move the card to the previous / next column"),
        .init("K / J", "move the card up / down"),
        .init("o / O / i / +", "add a card below / above; edit; duplicate"),
        .init("m / T", "move to a column by letter / to the last, no due date"),
        .init("@ / Backspace", "set / remove the due date"),
        .init("1–9 / ! / N", "go to column n / due dates / add a column at the end"),
        .init("t", "tick the card done / not done"),
        .init("/", "search: show only cards with the text"),
        .init("C / E / X", "add / rename / remove a column"),
        .init("< / > / drag title", "move the column left / right"),
        .init("d", "the cards by due date, soonest first"),
        .init("A", "show the archive"),
        .init("u / r", "undo / redo"),
        .init("R / W", "reload the file / overwrite it"),
        .init("q", "quit"),
      ])
  }

  /// Handles one key, paste, mouse event or resize.
  public mutating func handle(_ event: TerminalEvent, at time: Double) -> TerminalProgramResponse {
    now = time
    if case .resize(let columns, let rows) = event {
      layout(columns: columns, rows: rows)
      // Fewer columns may fit now: keep the drop target, or the focus, in view.
      showColumn(column(of: lists.engine.proposal(for: .keyboard)?.container) ?? focusedColumn)
      return .changed
    }
    switch mode {
    case .help, .archive:
      // Any key or click closes the help or the archive; nothing under it reacts meanwhile.
      switch event {
      case .key:
        break
      case .mouse(let mouse) where mouse.action == .press:
        break
      default:
        return .unchanged
      }
      mode = .board
      return .changed
    case .dueList(var panel):
      switch event {
      case .key(let key, _):
        switch panel.handle(key) {
        case .stay: mode = .dueList(panel)
        case .close: mode = .board
        case .open(let card):
          mode = .board
          focus(card)
        }
        return .changed
      case .mouse(let mouse) where mouse.action == .press:
        mode = .board
        return .changed
      default:
        return .unchanged
      }
    case .prompt: return handlePrompt(event, at: time)
    case .details: return handleDetails(event, at: time)
    case .choosingColumn(let card):
      switch event {
      case .key(let key, _):
        handleColumnChoice(key, card: card)
        return .changed
      case .mouse(let mouse) where mouse.action == .press:
        mode = .board
        status.message = "The card stays where it is"
      default:
        return .unchanged
      }
    case .board, .confirmingQuit, .confirmingColumnRemoval: break
    }
    switch event {
    case .key(let key, let modifiers):
      return handle(key, modifiers, at: time)
    case .mouse(let mouse):
      return handle(mouse, at: time)
    case .paste, .resize, .unknown:
      return .unchanged
    }
  }

  /// The terminal went away: a drag under way is cancelled and a title being typed is
  /// dropped, so that nothing half-done is saved (every committed change already was).
  public mutating func inputEnded(at time: Double) {
    now = time
    if lists.engine.isDragging { perform(.interrupt, at: time) }
    closePrompt()
  }

  mutating func handle(_ key: Key, _ modifiers: Modifiers, at time: Double)
    -> TerminalProgramResponse
  {
    let isQuitKey =
      key == .character("q") && modifiers.isEmpty || key == .character("c") && modifiers == .control
    if !isQuitKey, case .confirmingQuit = mode { mode = .board }
    switch (key, modifiers) {
    case (.character("q"), []), (.character("c"), .control):
      if lists.engine.isDragging { perform(.key(.cancel, time: time), at: time) }
      if case .confirmingQuit = mode { return .quit }
      guard hasUnsavedChanges else { return .quit }
      mode = .confirmingQuit
      status.message = "This board has unsaved changes: q again quits without saving, W saves"
    case (.character("b"), []) where folderName != nil && !lists.engine.isDragging:
      guard !hasUnsavedChanges else {
        status.message = "This board has unsaved changes: W saves them, then b goes back"
        return .changed
      }
      wantsFolder = true
      return .quit
    case (.character("?"), _):
      mode = .help
    case (.escape, _):
      if lists.engine.isDragging {
        perform(.key(.cancel, time: time), at: time)
      } else if !selection.isEmpty {
        selection = []
        status.message = "Selection cleared"
      } else if !searchText.isEmpty {
        applySearch("")
      } else {
        status.message = ""
      }
    case (.character("v"), []):
      if !lists.engine.isDragging { toggleSelection(of: focusedCard) }
    case (.enter, []) where !lists.engine.isDragging:
      openDetails()
    case (.character(" "), []), (.enter, []):
      if lists.engine.isDragging {
        perform(.key(.drop, time: time), at: time)
      } else if let card = focusedCard, lists.arena.slot(of: card) != nil {
        perform(.setSelection(liveSelection), at: time)
        perform(.key(.lift(card), time: time), at: time)
      } else {
        status.message = "No card here to lift; a adds one"
      }
    case (.up, []), (.character("k"), []):
      step(.previousSlot, rows: -1, columns: 0, at: time)
    case (.down, []), (.character("j"), []):
      step(.nextSlot, rows: 1, columns: 0, at: time)
    case (.left, []), (.character("h"), []):
      step(.previousContainer, rows: 0, columns: -1, at: time)
    case (.right, []), (.character("l"), []):
      step(.nextContainer, rows: 0, columns: 1, at: time)
    case (.home, []), (.character("g"), []):
      if !lists.engine.isDragging { moveFocus(rows: -Int.max / 2, columns: 0) }
    case (.end, []), (.character("G"), _):
      if !lists.engine.isDragging { moveFocus(rows: Int.max / 2, columns: 0) }
    case (.backspace, []) where !lists.engine.isDragging:
      // taskell's: the focused card's due date removed.
      guard let card = focusedCard, document.details(of: card)?.due != nil else {
        status.message = "No due date here to remove"
        return .changed
      }
      if edit(.setDue(card, nil)) {
        status.message = "Removed the due date of “\(title(of: card))”"
      }
    default:
      return handleCommand(key, modifiers, at: time)
    }
    return .changed
  }

  /// Keys that change the board or the mode; refused while a card is lifted.
  mutating func handleCommand(_ key: Key, _ modifiers: Modifiers, at time: Double)
    -> TerminalProgramResponse
  {
    guard case .character(let character) = key, modifiers.isEmpty || modifiers == .shift else {
      return .unchanged
    }
    let isTaskellKey = Self.taskellKeys.contains(character)
    guard "xuraeDRWt/CEX<>Ad".contains(character) || isTaskellKey else {
      status.message = "No key \(character) here — ? shows the keys"
      return .changed
    }
    if lists.engine.isDragging {
      status.message = "Drop the card first (Space), or Esc to cancel"
      return .changed
    }
    if isTaskellKey {
      handleTaskellKey(character, at: time)
      return .changed
    }
    switch character {
    case "x":
      lists.engine.configuration.mode = isExchangeMode ? .move : .exchange
      status.message =
        isExchangeMode
        ? "Swap mode on"
        : "Move mode on"
      updateHint()
    case "u": undo()
    case "r": redo()
    case "a":
      guard !document.columns.isEmpty else {
        status.message = "This board has no columns; add a “## Column” line to the file"
        return .changed
      }
      open(PromptPanel(purpose: .add(column: focusedColumn), editor: LineEditor()))
    case "e":
      guard let card = focusedCard, let current = document.card(card) else {
        status.message = "No card here to edit"
        return .changed
      }
      let length = Swift.max(500, current.title.count)
      open(
        PromptPanel(
          purpose: .edit(card), editor: LineEditor(text: current.title, maximumLength: length)))
    case "D": deleteFocusedCard(at: time)
    case "t": toggleDone()
    case "/":
      open(PromptPanel(purpose: .search, editor: LineEditor(text: searchText)))
    case "C", "E", "X", "<", ">": handleColumnCommand(character, at: time)
    case "d": mode = .dueList(DueListPanel(document: document, clock: dueClock.stopped()))
    case "A":
      if document.archive.isEmpty {
        status.message = "This board has no archive"
      } else {
        mode = .archive
      }
    case "R": reload()
    case "W": overwrite()
    default: return .unchanged
    }
    return .changed
  }

  /// Typing into the add or edit prompt.
  mutating func handlePrompt(_ event: TerminalEvent, at time: Double) -> TerminalProgramResponse {
    guard case .prompt(var current, let over) = mode else { return .unchanged }
    // Control-C leaves the prompt like Escape (a second one then quits).
    let outcome =
      event == .key(.character("c"), .control) ? .cancelled : current.editor.handle(event)
    mode = .prompt(current, over: over)
    switch outcome {
    case .editing:
      // The search follows the typing.
      if case .search = current.purpose, current.editor.text != searchText {
        applySearch(current.editor.text)
      }
      return .changed
    case .ignored:
      return .unchanged
    case .cancelled:
      closePrompt()
      if case .search = current.purpose {
        applySearch("")
      } else {
        status.message = "Cancelled"
      }
    case .submitted:
      let text = current.editor.text
      let isDone: Bool
      // What the status line said before (a refusal of an earlier try, say) is no longer true
      // once this line is taken: each outcome below says its own.
      let before = status.message
      status.message = ""
      defer {
        if status.message.isEmpty {
          status.message = !isDone ? before : details != nil ? Self.detailsHint : ""
        }
      }
      switch current.purpose {
      case .search:
        applySearch(text)
        isDone = true
      case .addColumn(let at):
        isDone = submitColumn(text, at: at)
      case .renameColumn(let column):
        changeColumns(.renameColumn(column, title: text), focus: column)
        isDone = true
      case .addSubtask(let card):
        isDone = edit(.addSubtask(card, title: text))
        if isDone,
          let count = document.details(of: card).map({
            2 + $0.description.count + $0.subtasks.count
          })
        {
          updateDetails { $0.row = count - 1 }
        }
      case .editSubtask(let card, let index):
        isDone = edit(.renameSubtask(card, index: index, title: text))
      case .description(let card, let line):
        var lines = document.details(of: card)?.description ?? []
        if let line, lines.indices.contains(line) { lines[line] = text } else { lines.append(text) }
        isDone = edit(.setDescription(card, lines))
      case .due(let card):
        if !text.trimmingWhitespace.isEmpty,
          text.trimmingWhitespace == document.details(of: card)?.due
        {
          // The due date as the file has it, whatever its form: nothing to change.
          status.message = "Due date unchanged"
          isDone = true
        } else {
          if edit(.setDue(card, text)) {
            let due = document.details(of: card)?.due
            status.message = due.map { "Due \($0)" } ?? "Due date removed"
          }
          // Refused or not, the prompt closes: the status line, which it covers, says which
          // forms a due date takes.
          isDone = true
        }
      case .add(let column, let index):
        isDone = addCard(text, toColumn: column, index: index, at: time)
      case .edit(let card):
        // Enter on an untouched title changes nothing (even a title with tabs, which the
        // editor shows as spaces).
        let title = document.card(card)?.title ?? ""
        if text == LineEditor(text: title, maximumLength: Swift.max(500, title.count)).text {
          status.message = "Title unchanged"
          isDone = true
        } else {
          isDone = retitle(card, as: text, at: time)
        }
      }
      if isDone { closePrompt() }
    }
    return .changed
  }

  /// An arrow key: moves the lifted card during a keyboard drag, the focus otherwise.
  mutating func step(_ intent: KeyIntent<CardID>, rows: Int, columns: Int, at time: Double) {
    if lists.engine.isDragging {
      perform(.key(intent, time: time), at: time)
      if let target = lists.engine.proposal(for: .keyboard)?.container {
        if let index = column(of: target) { showColumn(index) }
      }
    } else {
      moveFocus(rows: rows, columns: columns)
    }
  }

  mutating func handle(_ mouse: MouseEvent, at time: Double) -> TerminalProgramResponse {
    if case .confirmingQuit = mode { mode = .board }
    lastPointer = (mouse.column, mouse.row)
    let point = Point(x: Double(mouse.column) + 0.5, y: Double(mouse.row) + 0.5)
    switch (mouse.action, mouse.button) {
    case (.press, .left) where mouse.modifiers.contains(.shift) && !lists.engine.isDragging:
      // Shift-click selects (or unselects) the card under the pointer; it drags nothing.
      select(atColumn: mouse.column, row: mouse.row)
      let column = boxes.firstIndex { $0.contains(column: mouse.column, row: mouse.row) }
      let card = column.flatMap { index -> CardID? in
        guard lists.arena.lists.indices.contains(index),
          let position = lists.arena.lists[index].geometry.itemIndex(at: point)
        else { return nil }
        return lists.arena.lists[index].items[position]
      }
      toggleSelection(of: card)
    case (.press, .left)
    where HeaderDragPanel.isHeader(
      column: mouse.column, row: mouse.row, boxes, count: document.columns.count)
      && !lists.engine.isDragging:
      headers.isPressing = true
      performHeader(.down, at: point, time: time)
    case (.motion, .left) where headers.isPressing:
      performHeader(.move, at: point, time: time)
    case (.release, _) where headers.isPressing:
      headers.isPressing = false
      performHeader(.up, at: point, time: time)
    case (.press, .left):
      isPointerDown = true
      select(atColumn: mouse.column, row: mouse.row)
      perform(.setSelection(liveSelection), at: time)
      perform(.pointer(PointerEvent(.down, at: point, time: time)), at: time)
    case (.motion, .left):
      perform(.pointer(PointerEvent(.move, at: point, time: time)), at: time)
      if sidewaysStep == 0 { sidewaysTimer = nil }
    case (.release, _):
      isPointerDown = false
      perform(.pointer(PointerEvent(.up, at: point, time: time)), at: time)
    case (.wheelUp, _), (.wheelDown, _):
      guard
        let column = boxes.firstIndex(where: { $0.contains(column: mouse.column, row: mouse.row) }),
        lists.arena.lists.indices.contains(column)
      else { return .unchanged }
      lists.arena.lists[column].scroll(by: mouse.action == .wheelUp ? -1 : 1)
      reportGeometry()
    default:
      return .unchanged
    }
    return .changed
  }

  /// A click moves the keyboard focus to the card (or the column) under it.
  mutating func select(atColumn column: Int, row: Int) {
    guard let index = boxes.firstIndex(where: { $0.contains(column: column, row: row) }),
      lists.arena.lists.indices.contains(index)
    else { return }
    focusedColumn = index
    let point = Point(x: Double(column) + 0.5, y: Double(row) + 0.5)
    if lists.arena.lists[index].items.isEmpty {
      focusedCard = nil
    } else if let position = lists.arena.lists[index].geometry.itemIndex(at: point) {
      focusedCard = lists.arena.lists[index].items[position]
    } else if let first = lists.arena.lists[index].items.first,
      focusedCard.flatMap({
        document.location(of: $0)?.column
      }) != index
    {
      focusedCard = first
    }
  }

  /// The selected cards still on the board, in the order they were selected.
  var liveSelection: [CardID] { selection.filter { document.card($0) != nil } }

  /// Adds `card` to the selection, or takes it out, and says how many are selected.
  mutating func toggleSelection(of card: CardID?) {
    guard let card, document.card(card) != nil else {
      status.message = "No card here to select"
      return
    }
    selection = liveSelection
    if let at = selection.firstIndex(of: card) {
      selection.remove(at: at)
    } else {
      selection.append(card)
    }
    let count = selection.count
    status.message =
      count == 0
      ? "Selection cleared"
      : "\(count) card\(count == 1 ? "" : "s") selected: lifting one lifts them all (Esc clears)"
  }
}
