public import ArrangeBoard
import ArrangeDragDrop
import ArrangeGeometry
import ArrangeLayout
public import ArrangeTerminal
import ArrangeTerminalDrag

/// The `arrange` board in a terminal: columns side by side, cards dragged with the mouse or the
/// keyboard, every committed change saved to the board's storage.
///
/// The screen keeps keys, focus and drawing; its `BoardSession` keeps the document (the one
/// truth), undo and redo, saving and the file. The screen shows the document with one
/// `ListContainer` per column (what is drawn, with its animations) and a `DragEngine` that
/// turns pointer events and keys into drag operations. Every change a person makes, a drop as
/// well as a key or a prompt, is a `BoardEdit` applied to a copy of the document (the same
/// function the browser's changes go through), which the session commits; when the session's
/// document is another version than the lists show (reloaded, carried over to an outside edit,
/// undone, or an operation the document refused), the lists are rebuilt from it.
///
/// What it is doing (the board, a prompt, a card's details, the help) is one mode, and each
/// part drawn over the columns is a small panel of its own.
///
/// Drive it with a `TerminalRunLoop`; tests call ``handle(_:at:)`` and
/// ``draw(into:at:)`` directly.
public struct BoardScreen<Storage: BoardStorage>: TerminalProgram {
  /// The board and its storage, saved and kept in step with other programs' edits.
  public internal(set) var session: BoardSession<Storage>
  /// The board as it is now (saved, unless ``hasUnsavedChanges``).
  public var document: BoardDocument { session.document }
  /// Where the board is saved.
  public var storage: Storage { session.storage }
  /// The status line: announcements, errors and a hint.
  public internal(set) var status = StatusLine(message: "")
  /// The card the keyboard acts on, if the focused column has any.
  public internal(set) var focusedCard: CardID?
  /// The column the keyboard acts on.
  public internal(set) var focusedColumn = 0
  /// Whether the last committed change could not be saved yet (the file changed on disk, or a
  /// write failed); ``document`` then differs from the stored board.
  public var hasUnsavedChanges: Bool { session.hasUnsavedChanges }

  /// The columns as lists, the drag engine and the drag lists.renderer.
  var lists: DraggableLists<CardID>
  /// Which of the engine's containers stands for which column.
  var containers = BoardContainers(columnCount: 0)
  var motion: MotionPreference
  var boxes: [CellRect] = []
  /// The first column on screen (columns scroll sideways when they do not all fit).
  var firstColumn = 0
  var size = (columns: 0, rows: 0)
  /// What the screen is doing: the board, a prompt, a card's details, the help or the archive
  /// open, or a confirmation under way.
  var mode = ScreenMode.board
  /// When the last event, frame or poll happened, in the run loop's seconds.
  var now = 0.0
  /// Today's date and the local time zone, for marking due dates overdue, today or soon (the
  /// system's; a test stops it).
  public var dueClock = DueDateClock.system
  /// Whether the left mouse button is down on the board (a drag may be about to start).
  var isPointerDown = false
  /// Where the mouse was last reported.
  var lastPointer: (column: Int, row: Int)?
  /// When a mouse drag reached the screen's edge, or last scrolled the columns from there.
  var sidewaysTimer: Double?
  /// How long a mouse drag held at the screen's edge waits between sideways steps, in seconds.
  static var sidewaysInterval: Double { 0.4 }
  /// The cards selected with `v` or Shift-click, in the order they were selected: lifting one
  /// lifts them all.
  public internal(set) var selection: [CardID] = []

  /// The search text (`/`): only cards whose title or details contain it (ignoring case) are
  /// shown; empty shows every card.
  public internal(set) var searchText = ""
  /// The column headers, which a mouse drags to move a column.
  var headers = HeaderDragPanel()
  /// The name of the list of boards this board was opened from (`arrange DIR`), or `nil`: with
  /// one, `b` goes back to it.
  public var folderName: String?
  /// Whether the person asked to go back to the list of boards (`b`): the run loop has ended,
  /// and the caller shows the list again.
  public internal(set) var wantsFolder = false

  /// The narrowest a column may get, in cells.
  static var minimumColumnWidth: Int { 12 }

  /// The smallest window the board fits in.
  ///
  /// Any number of columns fits: when they are too many for the width, the board shows as many
  /// as fit and scrolls sideways to keep the focused column (or the target of a keyboard drag) in
  /// view.
  public var minimumSize: (columns: Int, rows: Int) { (30, 8) }

  /// How many columns fit side by side in `width` cells (at least one).
  func visibleColumnCount(width: Int) -> Int {
    Swift.max(1, Swift.min(document.columns.count, width / Self.minimumColumnWidth))
  }

  /// Creates the screen for `document`, saved to `storage`; focus starts on the first card of the
  /// first column.
  public init(document: BoardDocument, storage: Storage, motion: MotionPreference = .full) {
    session = BoardSession(document: document, storage: storage)
    self.motion = motion
    lists = DraggableLists(ids: [], names: [], lists: [], motion: motion)
    focusedCard = document.columns.first?.cards.first?.id
    rebuild()
    status = StatusLine(message: storage.notices.first ?? "Drag a card, or Space", hint: "")
    updateHint()
  }

  /// The file name shown in the hint.
  var fileName: String {
    session.fileName
  }

  /// Whether a drag swaps cards instead of moving them.
  public var isExchangeMode: Bool { lists.engine.configuration.mode == .exchange }

  // MARK: - Lists and engine

  /// Makes the lists and the engine follow the document again (after a load, undo or redo),
  /// keeping each column's scroll position; animations and the engine's own history start over.
  mutating func rebuild() {
    containers = BoardContainers(columnCount: document.columns.count)
    let ids = containers.ids
    // A card dropped outside every column stays where it was (nothing on the board deletes by
    // dragging); the keys delete.
    var configuration = DragConfiguration()
    configuration.mode = lists.engine.configuration.mode
    // A column with a card limit takes no more: the engine refuses the drop and says why.
    var limits: [ContainerID: Int] = [:]
    for (index, column) in document.columns.enumerated() {
      if let limit = column.limit { limits[ids[index]] = limit }
    }
    var rules = DragRules<CardID>()
    if !limits.isEmpty { rules.capacity = { [limits] in limits[$0] } }
    lists = DraggableLists(
      ids: ids, names: document.columns.map(\.title),
      lists: document.columns.indices.map { freshList(of: $0) }, configuration: configuration,
      rules: rules, motion: motion)
    repairFocus()
  }

  /// A list for column `index` at rest, at its place on screen, scrolled as the current one.
  func freshList(of index: Int) -> ListContainer<CardID> {
    let frame = listFrame(of: index)
    let cards = visibleCards(index)
    // Before the first layout there is no width to wrap titles to.
    let heights = frame.width > 0 ? cards.map { CardLook.height(of: $0, width: frame.width) } : []
    var list = ListContainer(
      items: cards.map(\.id), heights: heights, frame: frame, spacing: 1, motion: motion)
    if index < lists.arena.lists.count { list.scroll(to: lists.arena.lists[index].scrollOffset) }
    return list
  }

  /// The frame of column `index`'s cards: its box without the border.
  func listFrame(of index: Int) -> CellRect {
    guard index < boxes.count else { return CellRect(column: 0, row: 0, width: 0, height: 0) }
    let box = boxes[index]
    return CellRect(
      column: box.column + 1, row: box.row + 1, width: Swift.max(0, box.width - 2),
      height: Swift.max(0, box.height - 2))
  }

  /// Columns side by side above the status line, laid out by ArrangeLayout in cells.
  ///
  /// Columns before ``firstColumn`` or beyond the ones that fit get empty frames: the engine
  /// cannot target them with the pointer, and the keyboard brings them into view.
  mutating func layout(columns: Int, rows: Int) {
    size = (columns, rows)
    let count = document.columns.count
    let shown = visibleColumnCount(width: columns)
    firstColumn = Swift.min(Swift.max(0, firstColumn), Swift.max(0, count - shown))
    let visible = count == 0 ? 0..<0 : firstColumn..<Swift.min(count, firstColumn + shown)
    let names = document.columns.indices.map { "column \($0)" }
    var tree = LayoutTree(
      .vertical([
        .horizontal(
          name: "columns",
          visible.map { .leaf(names[$0], minSize: Double(Self.minimumColumnWidth)) }),
        .leaf("status", size: .points(1)),
      ]))
    tree.layout(in: Size(width: Double(columns), height: Double(rows)))
    boxes = names.map { name in
      tree.node(named: name).map { CellRect(tree.frame(of: $0)) }
        ?? CellRect(column: 0, row: 0, width: 0, height: 0)
    }
    for index in lists.arena.lists.indices where index < document.columns.count {
      let frame = listFrame(of: index)
      if frame.width != lists.arena.lists[index].frame.width {
        // Every title wraps anew: a fresh list at rest (one pass, no animation per card).
        lists.arena.lists[index] = freshList(of: index)
      } else {
        lists.arena.lists[index].setFrame(frame)
      }
    }
    reportGeometry()
    headers.update(boxes, count: document.columns.count)
  }

  /// Scrolls the board sideways, if needed, so that column `index` is on screen.
  mutating func showColumn(_ index: Int) {
    guard document.columns.indices.contains(index), size.columns > 0 else { return }
    let shown = visibleColumnCount(width: size.columns)
    var first = firstColumn
    if index < first { first = index }
    if index >= first + shown { first = index - shown + 1 }
    guard first != firstColumn else { return }
    firstColumn = first
    layout(columns: size.columns, rows: size.rows)
  }

  /// Tells the engine where every column's cards are now.
  mutating func reportGeometry() {
    for id in lists.arena.ids {
      guard let geometry = lists.arena.geometry(of: id) else { continue }
      perform(.setGeometry(id, geometry), at: nil)
    }
  }

  /// Feeds the engine, carries out what it asks, and commits a drop through the session.
  mutating func perform(_ input: DragInput<ListGeometry<CardID>>, at time: Double?) {
    let now = time ?? 0
    let board = document
    let effects = lists.perform(input, at: now, status: &status, items: "cards") {
      board.card($0)?.title ?? "card"
    }
    sayWhyFull(effects)
    var edited = document
    var report = BoardEditReport()
    var isApplied = false
    var refusal: String?
    var moved: CardID?
    for case .apply(let shown) in effects {
      isApplied = true
      let operation = documentOperation(shown)
      if case .move(let card, _, _, _) = operation { moved = card }
      do {
        report.add(try edited.apply(BoardEdit(operation, in: containers)))
      } catch {
        refusal = refusal ?? error.message
      }
    }
    guard isApplied else { return }
    if let refusal {
      // The lists show what the document refused: the document is the truth.
      rebuild()
      layout(columns: size.columns, rows: size.rows)
      status.message = "Not moved: \(refusal)"
      return
    }
    guard edited != document else { return }
    commit(edited, change: report.change, cards: report.cards)
    // The card a drop moved stays in view: a column it made longer would otherwise show it
    // below its last row.
    if let moved, let location = document.location(of: moved),
      lists.arena.lists.indices.contains(location.column),
      lists.arena.lists[location.column].scrollToShow(moved)
    {
      reportGeometry()
    }
  }

  /// Says why a drag is refused over a full column, in the words the page uses.
  ///
  /// The reason comes before what happens instead: "“Doing” is full: it takes at most 2 cards.
  /// Will return to position 2 in Backlog".
  mutating func sayWhyFull(_ effects: [DragEffect<CardID>]) {
    for case .announce(let announcement) in effects {
      guard case .refused(_, let refusal, _) = announcement, refusal.kind == .containerFull,
        let column = column(of: refusal.container),
        let words = document.fullColumnMessage(column)
      else { continue }
      let said = status.message
      status.message = said.hasPrefix("Will return") ? words + " " + said : words
    }
  }

  /// The column `container` stands for, if any.
  func column(of container: ContainerID?) -> Int? {
    container.flatMap { containers.column(of: $0) }
  }

  func title(of card: CardID) -> String { document.card(card)?.title ?? "card" }

  // MARK: - Mode

  /// The line being typed, if a prompt is open.
  var prompt: PromptPanel? {
    if case .prompt(let prompt, _) = mode { prompt } else { nil }
  }

  /// The open card's details, if any (also under a prompt opened from them).
  var details: DetailsPanel? {
    switch mode {
    case .details(let details): details
    case .prompt(_, let over): over
    case .board, .confirmingQuit, .confirmingColumnRemoval, .choosingColumn, .help, .archive,
      .dueList:
      nil
    }
  }

  /// Opens `prompt`, over the open card's details if any.
  mutating func open(_ prompt: PromptPanel) {
    mode = .prompt(prompt, over: details)
  }

  /// Closes the prompt: back to the card's details it was opened from, or to the board.
  mutating func closePrompt() {
    guard case .prompt(_, let over) = mode else { return }
    mode = over.map { .details($0) } ?? .board
  }

  /// Changes the open card's details, if any (also under a prompt).
  mutating func updateDetails(_ change: (inout DetailsPanel) -> Void) {
    switch mode {
    case .details(var details):
      change(&details)
      mode = .details(details)
    case .prompt(let prompt, var over?):
      change(&over)
      mode = .prompt(prompt, over: over)
    case .board, .confirmingQuit, .confirmingColumnRemoval, .choosingColumn, .help, .archive,
      .dueList, .prompt(_, nil):
      break
    }
  }

  // MARK: - Cards

  /// One line about a card's details (see `CardLook.detailSummary(of:)`).
  static func detailSummary(of card: BoardCard) -> String? { CardLook.detailSummary(of: card) }

  /// Draws a card (see `CardLook.drawCard(_:in:isFocused:isDimmed:isSelected:into:)`).
  static func drawCard(
    _ card: BoardCard, in rect: CellRect, isFocused: Bool, isDimmed: Bool,
    isSelected: Bool = false, into buffer: inout CellBuffer
  ) {
    CardLook.drawCard(
      card, in: rect, isFocused: isFocused, isDimmed: isDimmed, isSelected: isSelected,
      into: &buffer)
  }
}

extension ScreenMode {
  /// Whether a second `X` on `column` would remove it.
  func isConfirmingRemoval(of column: Int) -> Bool {
    if case .confirmingColumnRemoval(column) = self { true } else { false }
  }

  /// Whether a line is being typed.
  var isPrompting: Bool {
    if case .prompt = self { true } else { false }
  }
}
