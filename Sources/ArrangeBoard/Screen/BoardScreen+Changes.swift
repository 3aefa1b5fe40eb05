import ArrangeDragDrop
public import ArrangeTerminal

extension BoardScreen {
  // MARK: - Committing and saving

  /// Records a committed change (for undo) and saves the board.
  mutating func commit(from previous: BoardDocument, change: String) {
    var before = present(change: change)
    before.document = previous
    history.append(before)
    if history.count > 500 { history.removeFirst(history.count - 500) }
    future.removeAll()
    repairFocus()
    save()
  }

  /// Saves the document; on failure says why and keeps the change on screen, unsaved.
  mutating func save() {
    do {
      try storage.save(document.serialized())
      storageAccepted()
    } catch {
      hasUnsavedChanges = true
      if error.kind == .changedOnDisk {
        isInConflict = true
        status.message =
          "\(fileName) changed on disk, so this change is not saved: R reloads the file, "
          + "W overwrites it"
      } else {
        status.message = "Not saved: \(error.message)"
      }
    }
    updateHint()
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
    self[keyPath: destination].append(present(change: snapshot.change))
    restore(snapshot)
    status.message = "\(done) \(snapshot.change)"
    save()
  }

  /// The board and focus as they are now, to come back to.
  func present(change: String) -> Snapshot {
    Snapshot(
      document: document, focusedCard: focusedCard, focusedColumn: focusedColumn, change: change)
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
  /// The history described another file, so it goes. A file that cannot be read or parsed
  /// changes nothing: the board stays, and so does the refusal to save over the file.
  mutating func reload() {
    do {
      guard let bytes = try storage.contentsOnDisk() else {
        status.message = "\(fileName) is gone from disk; W writes this board back"
        updateHint()
        return
      }
      let reloaded = try BoardDocument.parse(bytes)
      storage.adopt(bytes)
      // Card ids start over with the new document: keep the focus on the same place instead.
      let place = focusedCard.flatMap { document.location(of: $0) }
      document = reloaded
      focusedColumn = place?.column ?? focusedColumn
      focusedCard = nil
      if document.columns.indices.contains(focusedColumn) {
        let cards = document.columns[focusedColumn].cards
        if !cards.isEmpty { focusedCard = cards[Swift.min(place?.index ?? 0, cards.count - 1)].id }
      }
      history.removeAll()
      future.removeAll()
      storageAccepted()
      rebuild()
      layout(columns: size.columns, rows: size.rows)
      showColumn(focusedColumn)
      status.message = "Reloaded \(fileName)"
    } catch let error as BoardParseError {
      status.message = "Cannot reload \(fileName): \(error.message)"
    } catch let error as BoardFileError {
      status.message = "Cannot reload: \(error.message)"
    } catch {
      status.message = "Cannot reload \(fileName)"
    }
    updateHint()
  }

  /// Follows changes another program made to the file.
  ///
  /// It reloads them when this board has nothing unsaved and no drag or prompt is under way, and
  /// otherwise says that saving is refused until `R` or `W`. Each outside version is handled once.
  public mutating func poll(at time: Double) -> TerminalProgramResponse {
    guard !engine.isDragging, !isPointerDown, prompt == nil else { return .unchanged }
    guard storage.hasChangedOnDisk() else {
      // Back to what was last read or saved (an editor's undo, a file briefly gone).
      lastOutsideVersion = nil
      return .unchanged
    }
    let onDisk = try? storage.contentsOnDisk()
    guard onDisk != lastOutsideVersion else { return .unchanged }
    lastOutsideVersion = onDisk
    if onDisk == nil {
      // Gone, or unreadable: perhaps an editor replacing it; a later poll sees what comes.
      status.message = "\(fileName) is gone from disk; W writes this board back"
      return .changed
    }
    if hasUnsavedChanges {
      isInConflict = true
      status.message = "\(fileName) changed on disk too: R reloads it, W overwrites it"
      updateHint()
      return .changed
    }
    reload()
    if !hasUnsavedChanges, !storage.hasChangedOnDisk() {
      status.message = "\(fileName) changed on disk; reloaded it"
    }
    return .changed
  }

  /// The storage holds this board now (saved, overwritten or reloaded).
  mutating func storageAccepted() {
    hasUnsavedChanges = false
    isInConflict = false
    lastOutsideVersion = nil
  }

  /// Writes the board over a file that changed on disk (the person chose to).
  mutating func overwrite() {
    do {
      try storage.overwrite(document.serialized())
      storageAccepted()
      status.message = "Saved over \(fileName)"
    } catch {
      status.message = "Not saved: \(error.message)"
    }
    updateHint()
  }

  /// The right side of the status line: mode, file and the keys to know.
  mutating func updateHint() {
    var parts: [String] = []
    if isExchangeMode { parts.append("SWAP") }
    if hasUnsavedChanges { parts.append("UNSAVED") }
    parts.append(fileName)
    parts.append(isInConflict ? "R reload  W overwrite" : "? help  q quit")
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
      focusedCard = card
      commit(from: before, change: "adding “\(added.title)”")
      focus(card)
      reportGeometry()
      if !hasUnsavedChanges {
        status.message = "Added “\(added.title)” to \(document.columns[column].title)"
      }
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
      if document != before {
        commit(from: before, change: "editing “\(before.card(card)?.title ?? title)”")
      }
      if !hasUnsavedChanges { status.message = "Renamed to “\(self.title(of: card))”" }
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
    commit(from: before, change: "deleting “\(name)”")
    if !hasUnsavedChanges { status.message = "Deleted “\(name)” (u undoes)" }
  }
}
