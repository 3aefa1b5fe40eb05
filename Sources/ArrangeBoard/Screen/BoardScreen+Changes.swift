import ArrangeDragDrop
public import ArrangeTerminal

extension BoardScreen {
  // MARK: - Committing and saving

  /// Records a committed change of `cards` (for undo) and saves the board.
  mutating func commit(from previous: BoardDocument, change: String, cards: Set<CardID>) {
    var before = present(change: change, cards: cards)
    before.document = previous
    history.append(before)
    if history.count > 500 { history.removeFirst(history.count - 500) }
    future.removeAll()
    repairFocus()
    save(changing: cards)
  }

  /// Saves the document through the session, which carries it over to the file's new version
  /// when another program changed the file; on failure the change stays on screen, unsaved.
  mutating func save(changing cards: Set<CardID>) {
    let place = focusPlace()
    follow(session.commit(document, changing: cards, at: now), keeping: place)
  }

  /// Shows what the session did, and returns whether anything changed on screen.
  ///
  /// When the session replaced the document (reloaded it, or carried this change over to the
  /// file's new version), the board is rebuilt with the focus at `place`, and the undo history,
  /// which described another version, is forgotten.
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
      history.removeAll()
      future.removeAll()
      rebuild()
      layout(columns: size.columns, rows: size.rows)
      showColumn(focusedColumn)
    }
    if let message = outcome.message { status.message = message }
    updateHint()
    return outcome.replacedDocument || outcome.message != nil
  }

  /// Where the focused card is: its column and index.
  func focusPlace() -> (column: Int, index: Int)? {
    focusedCard.flatMap { document.location(of: $0) }
  }

  /// Undoes the last committed change and saves.
  mutating func undo() {
    travel(from: \.history, to: \.future, done: "Undid", none: "Nothing to undo")
  }

  /// Redoes the last undone change and saves.
  mutating func redo() {
    travel(from: \.future, to: \.history, done: "Redid", none: "Nothing to redo")
  }

  /// Goes back to the last snapshot of one stack, keeping the present on the other, and saves.
  mutating func travel(
    from source: WritableKeyPath<Self, [Snapshot]>,
    to destination: WritableKeyPath<Self, [Snapshot]>, done: String, none: String
  ) {
    guard let snapshot = self[keyPath: source].popLast() else {
      status.message = none
      return
    }
    self[keyPath: destination].append(present(change: snapshot.change, cards: snapshot.cards))
    restore(snapshot)
    status.message = "\(done) \(snapshot.change)"
    save(changing: snapshot.cards)
  }

  /// The board and focus as they are now, to come back to.
  func present(change: String, cards: Set<CardID>) -> Snapshot {
    Snapshot(
      document: document, focusedCard: focusedCard, focusedColumn: focusedColumn, change: change,
      cards: cards)
  }

  mutating func restore(_ snapshot: Snapshot) {
    document = snapshot.document
    focusedCard = snapshot.focusedCard
    focusedColumn = snapshot.focusedColumn
    // The engine starts over with the rebuilt lists' geometry; nothing more to report.
    rebuild()
    showColumn(focusedColumn)
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
    guard !engine.isDragging, !isPointerDown, prompt == nil else { return .unchanged }
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
    if let card = focusedCard, let location = document.location(of: card) {
      focusedColumn = location.column
      return
    }
    focusedColumn = Swift.min(Swift.max(0, focusedColumn), count - 1)
    let cards = document.columns[focusedColumn].cards
    focusedCard = cards.isEmpty ? nil : cards[Swift.min(focusedIndexHint, cards.count - 1)].id
  }

  /// Where the focused card was in its column (for choosing a neighbour after it goes).
  var focusedIndexHint: Int {
    guard let card = focusedCard,
      let list = arena.lists.indices.contains(focusedColumn)
        ? arena.lists[focusedColumn] : nil,
      let index = list.items.firstIndex(of: card)
    else { return 0 }
    return index
  }

  /// Moves the focus by `rows` cards and `columns` columns, clamped; the index is kept when
  /// changing columns.
  mutating func moveFocus(rows: Int, columns: Int) {
    guard !document.columns.isEmpty else { return }
    let current = focusedCard.flatMap { document.location(of: $0) }
    let index = current?.index ?? 0
    let column = Swift.min(
      Swift.max(0, (current?.column ?? focusedColumn) + columns), document.columns.count - 1)
    focusedColumn = column
    showColumn(column)
    let cards = document.columns[column].cards
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
    if arena.lists.indices.contains(location.column),
      arena.lists[location.column].scrollToShow(card)
    {
      reportGeometry()
    }
  }

  // MARK: - Card edits

  /// Adds a card titled `title` at the end of `column`, focused and saved.
  mutating func addCard(_ title: String, toColumn column: Int, at time: Double) -> Bool {
    let before = document
    do {
      let card = try document.addCard(title: title, toColumn: column, at: nil)
      let added = document.card(card) ?? BoardCard(id: card, title: title, details: [])
      if arena.lists.indices.contains(column) {
        let width = arena.lists[column].frame.width
        _ = arena.lists[column].add(card, height: Self.height(of: added, width: width), at: time)
      }
      focus(card)
      reportGeometry()
      status.message = "Added “\(added.title)” to \(document.columns[column].title)"
      commit(from: before, change: "adding “\(added.title)”", cards: [card])
      return true
    } catch {
      status.message = error.message
      return false
    }
  }

  /// Gives `card` a new title, saved.
  mutating func retitle(_ card: CardID, as title: String, at time: Double) -> Bool {
    let before = document
    do {
      try document.setTitle(title, of: card)
      if let location = document.location(of: card), let edited = document.card(card),
        arena.lists.indices.contains(location.column)
      {
        let width = arena.lists[location.column].frame.width
        _ = arena.lists[location.column].setHeight(
          Self.height(of: edited, width: width), for: card, at: time)
        reportGeometry()
      }
      status.message = "Renamed to “\(self.title(of: card))”"
      if document != before {
        commit(
          from: before, change: "editing “\(before.card(card)?.title ?? title)”", cards: [card])
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
    let before = document
    let name = title(of: card)
    do {
      try document.removeCard(card)
    } catch {
      status.message = error.message
      return
    }
    if arena.lists.indices.contains(location.column) {
      _ = arena.lists[location.column].remove(card, time: time)
    }
    reportGeometry()
    let cards = document.columns[location.column].cards
    focusedCard =
      cards.isEmpty ? nil : cards[Swift.min(location.index, cards.count - 1)].id
    status.message = "Deleted “\(name)” (u undoes)"
    commit(from: before, change: "deleting “\(name)”", cards: [card])
  }
}
