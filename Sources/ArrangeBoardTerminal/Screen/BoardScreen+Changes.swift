import ArrangeBoard
import ArrangeDragDrop
public import ArrangeTerminal
import ArrangeTerminalDrag

extension BoardScreen {
  // MARK: - Committing and saving

  /// Commits `edited` through the session, which records it for undo and saves it (carrying it
  /// over to the file's new version when another program changed the file; on failure the
  /// change stays on screen, unsaved).
  ///
  /// Call it once the lists show the change; when the session ends up with another version,
  /// they are rebuilt from it.
  mutating func commit(_ edited: BoardDocument, change: String, cards: Set<CardID>) {
    let place = focusPlace()
    let outcome = session.commit(
      edited, changing: cards, describing: change, focus: currentFocus, at: now)
    repairFocus()
    follow(outcome, keeping: place)
    // While searching, a card that no longer matches (retitled, ticked) leaves the lists.
    let shown = document.columns.indices.map { visibleCards($0).map(\.id) }
    if !searchText.isEmpty && lists.arena.lists.map(\.items) != shown {
      rebuild()
      layout(columns: size.columns, rows: size.rows)
    }
  }

  /// The focus as it is now, recorded with a change for undo.
  var currentFocus: BoardFocus { BoardFocus(card: focusedCard, column: focusedColumn) }

  /// Shows what the session did, and returns whether anything changed on screen.
  ///
  /// When the session replaced the document (reloaded it, or carried this change over to the
  /// file's new version), the board is rebuilt with the focus at `place`; after an undo or redo,
  /// with the focus recorded then.
  @discardableResult
  mutating func follow(
    _ outcome: BoardSession<Storage>.Outcome, keeping place: (column: Int, index: Int)?
  ) -> Bool {
    if outcome.replacedDocument {
      // Card ids start over with the new document: keep the focus on the same place instead.
      focusedColumn = place?.column ?? focusedColumn
      focusedCard = nil
      if document.columns.indices.contains(focusedColumn) {
        let cards = document.columns[focusedColumn].cards
        if !cards.isEmpty { focusedCard = cards[Swift.min(place?.index ?? 0, cards.count - 1)].id }
      }
      rebuild()
      layout(columns: size.columns, rows: size.rows)
      showColumn(focusedColumn)
    } else if outcome.travelled {
      focusedCard = outcome.focus?.card
      focusedColumn = outcome.focus?.column ?? focusedColumn
      // The engine starts over with the rebuilt lists' geometry; nothing more to report.
      rebuild()
      showColumn(focusedColumn)
    }
    if let message = outcome.message { status.message = message }
    updateHint()
    return outcome.replacedDocument || outcome.travelled || outcome.message != nil
  }

  /// Where the focused card is: its column and index.
  func focusPlace() -> (column: Int, index: Int)? {
    focusedCard.flatMap { document.location(of: $0) }
  }

  /// Undoes the last committed change and saves.
  mutating func undo() {
    let place = focusPlace()
    follow(session.undo(focus: currentFocus, at: now), keeping: place)
  }

  /// Redoes the last undone change and saves.
  mutating func redo() {
    let place = focusPlace()
    follow(session.redo(focus: currentFocus, at: now), keeping: place)
  }

  /// Reads the file again, dropping unsaved changes and the undo history.
  ///
  /// A file that cannot be read or parsed changes nothing: the board stays, and so does the
  /// refusal to save over the file.
  mutating func reload() {
    let place = focusPlace()
    follow(session.reload(), keeping: place)
  }

  /// Follows changes another program made to the file, through the session: an edit that has
  /// settled is reloaded when nothing here is unsaved, and otherwise this side's change is
  /// carried over to it (or the person is asked to choose with `R` or `W`); a save that could
  /// not happen before is tried again.
  ///
  /// Nothing happens during a drag, a mouse press or a prompt.
  public mutating func poll(at time: Double) -> TerminalProgramResponse {
    now = time
    guard !lists.engine.isDragging, !isPointerDown, !mode.isPrompting else { return .unchanged }
    let place = focusPlace()
    return follow(session.poll(at: time), keeping: place) ? .changed : .unchanged
  }

  /// Writes the board over a file that changed on disk (the person chose to).
  mutating func overwrite() {
    follow(session.overwrite(), keeping: nil)
  }

  /// The right side of the status line: mode, file and the keys to know.
  mutating func updateHint() {
    var parts: [String] = []
    if isExchangeMode { parts.append("SWAP") }
    if hasUnsavedChanges { parts.append("UNSAVED") }
    parts.append(fileName)
    parts.append(session.isInConflict ? "R reload  W overwrite" : "? help  q quit")
    status.hint = parts.joined(separator: "  ")
  }

  // MARK: - Focus

  /// Keeps the focus on a card that exists: the focused card if it is still on the board (its
  /// column follows it), else the card now at the same place in the focused column.
  mutating func repairFocus() {
    let count = document.columns.count
    guard count > 0 else {
      focusedCard = nil
      focusedColumn = 0
      return
    }
    if let card = focusedCard, let location = document.location(of: card),
      let content = document.card(card), matchesSearch(content)
    {
      focusedColumn = location.column
      return
    }
    focusedColumn = Swift.min(Swift.max(0, focusedColumn), count - 1)
    let cards = visibleCards(focusedColumn)
    focusedCard = cards.isEmpty ? nil : cards[Swift.min(focusedIndexHint, cards.count - 1)].id
  }

  /// Where the focused card was in its column (for choosing a neighbour after it goes).
  var focusedIndexHint: Int {
    guard let card = focusedCard,
      let list = lists.arena.lists.indices.contains(focusedColumn)
        ? lists.arena.lists[focusedColumn] : nil,
      let index = list.items.firstIndex(of: card)
    else { return 0 }
    return index
  }

  /// Moves the focus by `rows` cards and `columns` columns, clamped; the index is kept when
  /// changing columns.
  mutating func moveFocus(rows: Int, columns: Int) {
    guard !document.columns.isEmpty else { return }
    let current = focusedCard.flatMap { document.location(of: $0) }
    let index =
      focusedCard.flatMap { card in
        current.flatMap { visibleCards($0.column).firstIndex { $0.id == card } }
      } ?? 0
    let column = Swift.min(
      Swift.max(0, (current?.column ?? focusedColumn) + columns), document.columns.count - 1)
    focusedColumn = column
    showColumn(column)
    let cards = visibleCards(column)
    guard !cards.isEmpty else {
      focusedCard = nil
      return
    }
    let target = Swift.min(Swift.max(0, index + rows), cards.count - 1)
    focus(cards[target].id)
  }

  /// Focuses `card` and scrolls its column to show it.
  mutating func focus(_ card: CardID) {
    focusedCard = card
    guard let location = document.location(of: card) else { return }
    focusedColumn = location.column
    showColumn(location.column)
    if lists.arena.lists.indices.contains(location.column),
      lists.arena.lists[location.column].scrollToShow(card)
    {
      reportGeometry()
    }
  }

  // MARK: - Card edits

  /// Adds a card titled `title` at `index` of `column` (at its end for `nil`), focused and
  /// saved.
  mutating func addCard(
    _ title: String, toColumn column: Int, index: Int? = nil, at time: Double
  ) -> Bool {
    var edited = document
    do {
      let report = try edited.apply(.addCard(title: title, column: column, index: index))
      guard let card = report.addedCard else { return false }
      let added = edited.card(card) ?? BoardCard(id: card, title: title, details: [])
      if index == nil, lists.arena.lists.indices.contains(column) {
        let width = lists.arena.lists[column].frame.width
        _ = lists.arena.lists[column].add(
          card, height: CardLook.height(of: added, width: width), at: time)
      }
      status.message = "Added “\(added.title)” to \(edited.columns[column].title)"
      commit(edited, change: report.change, cards: report.cards)
      if !matchesSearch(added) {
        // The new card is shown: the search that would hide it ends.
        applySearch("")
        status.message = "Added “\(added.title)”; the search ended to show it"
      }
      if index != nil {
        // Among the cards: the lists are made again from the document.
        showCards(focus: card)
      } else if document.card(card) != nil {
        focus(card)
      }
      reportGeometry()
      return true
    } catch {
      status.message = error.message
      return false
    }
  }

  /// Gives `card` a new title, saved.
  mutating func retitle(_ card: CardID, as title: String, at time: Double) -> Bool {
    var edited = document
    do {
      let report = try edited.apply(.setTitle(card, title))
      if let location = edited.location(of: card), let retitled = edited.card(card),
        lists.arena.lists.indices.contains(location.column)
      {
        let width = lists.arena.lists[location.column].frame.width
        _ = lists.arena.lists[location.column].setHeight(
          CardLook.height(of: retitled, width: width), for: card, at: time)
        reportGeometry()
      }
      status.message = "Renamed to “\(edited.card(card)?.title ?? title)”"
      if edited != document {
        commit(edited, change: report.change, cards: report.cards)
      }
      return true
    } catch {
      status.message = error.message
      return false
    }
  }

  /// Deletes the focused card, saved; undo brings it back.
  mutating func deleteFocusedCard(at time: Double) {
    guard let card = focusedCard, let location = document.location(of: card) else {
      status.message = "No card to delete here"
      return
    }
    var edited = document
    let name = title(of: card)
    let report: BoardEditReport
    do {
      report = try edited.apply(.removeCard(card))
    } catch {
      status.message = error.message
      return
    }
    if lists.arena.lists.indices.contains(location.column) {
      _ = lists.arena.lists[location.column].remove(card, time: time)
    }
    reportGeometry()
    let cards = edited.columns[location.column].cards
    focusedCard =
      cards.isEmpty ? nil : cards[Swift.min(location.index, cards.count - 1)].id
    status.message = "Deleted “\(name)” (u undoes)"
    commit(edited, change: report.change, cards: report.cards)
  }
}
