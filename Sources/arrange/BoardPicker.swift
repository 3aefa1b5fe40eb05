import ArrangeBoard
import ArrangeServe
import ArrangeTerminal

/// `arrange DIR`: the boards of a folder, one a line, to choose one to open.
///
/// Arrows or j/k move the choice (Home/End, Page Up/Down, the wheel too), Enter or a click
/// opens the board, q or Esc quits. The list is read again about once a second, so a board
/// added to the folder meanwhile shows; the choice stays on the board it was on.
struct BoardPicker: TerminalProgram {
  /// The folder, as the person gave it.
  let shownFolder: String
  /// The folder's boards.
  var folder: BoardFolder
  /// The boards' names, as last read.
  var names: [String]
  /// Whether the folder holds more boards than are listed.
  var isComplete: Bool
  /// The index of the board chosen in ``names``.
  var selected = 0
  /// The index of the first board on screen.
  var top = 0
  /// The screen's size.
  var columns = 80
  var rows = 24
  /// The board to open, once Enter or a click chose one.
  var chosen: String?
  /// When the list was last read.
  var listedAt = 0.0

  init(folder: BoardFolder, shownFolder: String) {
    self.folder = folder
    self.shownFolder = shownFolder
    (names, isComplete) = folder.boards()
  }

  /// The rows that list boards: all but the title, a blank row and the status line.
  var listRows: Int { max(1, rows - 3) }

  var minimumSize: (columns: Int, rows: Int) { (20, 4) }

  mutating func handle(_ event: TerminalEvent, at time: Double) -> TerminalProgramResponse {
    switch event {
    case .resize(let newColumns, let newRows):
      columns = newColumns
      rows = newRows
      reveal()
      return .changed
    case .key(let key, let modifiers):
      switch (key, modifiers) {
      case (.character("q"), []), (.escape, _), (.character("c"), .control):
        return .quit
      case (.up, _), (.character("k"), []): move(by: -1)
      case (.down, _), (.character("j"), []): move(by: 1)
      case (.pageUp, _): move(by: -listRows)
      case (.pageDown, _): move(by: listRows)
      case (.home, _), (.character("g"), []): move(by: -names.count)
      case (.end, _), (.character("G"), _): move(by: names.count)
      case (.enter, _):
        guard names.indices.contains(selected) else { return .unchanged }
        chosen = names[selected]
        return .quit
      default: return .unchanged
      }
      return .changed
    case .mouse(let mouse):
      switch mouse.action {
      case .wheelUp: move(by: -3)
      case .wheelDown: move(by: 3)
      case .press where mouse.button == .left:
        let index = top + mouse.row - 2
        guard mouse.row >= 2, mouse.row < 2 + listRows, names.indices.contains(index) else {
          return .unchanged
        }
        selected = index
        chosen = names[index]
        return .quit
      default: return .unchanged
      }
      return .changed
    default:
      return .unchanged
    }
  }

  /// Moves the choice by `offset` boards, within the list, and keeps it on screen.
  mutating func move(by offset: Int) {
    guard !names.isEmpty else { return }
    selected = min(max(0, selected + offset), names.count - 1)
    reveal()
  }

  /// Scrolls so that the chosen board is on screen.
  mutating func reveal() {
    if selected < top { top = selected }
    if selected >= top + listRows { top = selected - listRows + 1 }
    top = max(0, min(top, max(0, names.count - listRows)))
  }

  mutating func poll(at time: Double) -> TerminalProgramResponse {
    guard time - listedAt >= 1 else { return .unchanged }
    listedAt = time
    let (fresh, complete) = folder.boards()
    guard fresh != names || complete != isComplete else { return .unchanged }
    let current = names.indices.contains(selected) ? names[selected] : nil
    names = fresh
    isComplete = complete
    selected =
      current.flatMap { fresh.firstIndex(of: $0) } ?? min(selected, max(0, fresh.count - 1))
    reveal()
    return .changed
  }

  func draw(into buffer: inout CellBuffer, at time: Double) {
    let title = "Boards in \(BoardCommand.visible(shownFolder))"
    buffer.write(
      TextWrapping.truncated(title, toWidth: columns), column: 0, row: 0,
      style: CellStyle(isBold: true))
    if names.isEmpty {
      buffer.write(
        TextWrapping.truncated(
          "No boards here yet: add a .md file, or run arrange new FILE.", toWidth: columns),
        column: 2, row: 2, style: CellStyle(isDim: true))
    }
    for row in 0..<listRows {
      let index = top + row
      guard names.indices.contains(index) else { break }
      let isSelected = index == selected
      let style = isSelected ? CellStyle(isReversed: true) : .plain
      if isSelected {
        buffer.fill(column: 0, row: row + 2, width: columns, height: 1, style: style)
      }
      let name = (isSelected ? "› " : "  ") + BoardCommand.visible(names[index])
      buffer.write(
        TextWrapping.truncated(name, toWidth: columns), column: 0, row: row + 2, style: style)
    }
    let count =
      names.count == 1
      ? "1 board" : isComplete ? "\(names.count) boards" : "the first \(names.count) boards"
    StatusLine(message: count, hint: "↑↓ jk choose · Enter open · q quit").draw(
      in: CellRect(column: 0, row: rows - 1, width: columns, height: 1), into: &buffer)
  }
}
