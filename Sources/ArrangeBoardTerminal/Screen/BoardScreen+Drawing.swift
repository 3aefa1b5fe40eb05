import ArrangeBoard
import ArrangeDragDrop
import ArrangeGeometry
public import ArrangeTerminal
import ArrangeTerminalDrag

extension BoardScreen {
  /// Moves a drag on to `time`: the engine's auto-scroll, and the columns scrolling sideways
  /// while the pointer holds a card at the screen's edge.
  public mutating func advance(to time: Double) {
    guard lists.engine.isDragging else { return }
    perform(.tick(time: time), at: time)
    scrollSidewaysForPointer(at: time)
  }

  /// Draws the columns, the cards, the drag on top, then the status line or the prompt.
  public func draw(into buffer: inout CellBuffer, at time: Double) {
    let isDragging = lists.engine.isDragging
    // One reading of the clock for every card of the frame.
    let frameClock = dueClock.stopped()
    let headerTarget = headers.target(boxes, count: document.columns.count)
    let room = roomForKeyboardDrag()
    let count = document.columns.count
    let lastShown = boxes.lastIndex { $0.width > 0 }
    for (index, box) in boxes.enumerated() where index < count && box.width > 0 {
      guard let id = containers.container(ofColumn: index) else { continue }
      let column = document.columns[index]
      let isFocusedColumn = index == focusedColumn && !isDragging
      var shown = "\(column.cards.count)"
      if !searchText.isEmpty { shown = "\(visibleCards(index).count)/\(column.cards.count)" }
      if let limit = column.limit { shown += " of max \(limit)" }
      let isHeaderTarget = headerTarget == index && headers.dragged != index
      buffer.drawBox(
        column: box.column, row: box.row, width: box.width, height: box.height,
        title: (index == firstColumn && index > 0 ? "◀ " : "")
          + (isHeaderTarget ? "▼ " : "")
          + (column.marksComplete ? "✓ " : "") + "\(column.title) · \(shown)"
          + (index == lastShown && index < count - 1 ? " ▶" : ""),
        border: lists.renderer.isHighlighted(id) || isHeaderTarget ? .heavy : .rounded,
        titleStyle: CellStyle(isBold: isFocusedColumn, isReversed: headers.dragged == index))
      drawScrollMarks(of: index, box: box, into: &buffer)
      let board = document
      let clock = frameClock
      let focused = isDragging ? nil : focusedCard
      let selected = Set(selection)
      let listFrame = index < lists.arena.lists.count ? lists.arena.lists[index].frame : box
      lists.arena.draw(id, into: &buffer, at: time, renderer: lists.renderer) {
        card, rect, look, buffer in
        guard let content = board.card(card) else { return }
        guard room.cards.contains(card) else {
          CardLook.drawCard(
            content, in: rect, isFocused: card == focused, isDimmed: look == .dimmed,
            isSelected: selected.contains(card), clock: clock, into: &buffer)
          return
        }
        // Lower, and clipped by the column rather than by the card's own place.
        let clip = buffer.clip
        buffer.clip = listFrame
        var lowered = rect
        lowered.row += room.rows
        CardLook.drawCard(
          content, in: lowered, isFocused: false, isDimmed: look == .dimmed,
          isSelected: selected.contains(card), clock: clock, into: &buffer)
        buffer.clip = clip
      }
    }
    let board = document
    lists.renderer.draw(
      into: &buffer, at: time, context: lists.arena.drawingContext { board.card($0)?.title ?? "" })
    let statusRow = size.rows - 1
    if let prompt {
      prompt.draw(row: statusRow, width: size.columns, document: document, into: &buffer)
    } else {
      status.draw(in: buffer.line(statusRow), into: &buffer)
    }
    details?.draw(document, size: size, into: &buffer)
    if case .archive = mode { ArchivePanel.draw(document.archive, size: size, into: &buffer) }
    if case .dueList(let panel) = mode { panel.draw(into: &buffer, size: size) }
    if case .help = mode { help.draw(into: &buffer) }
  }

  /// During a keyboard move, the cards drawn lower to make room for the lifted card where it
  /// would land (its ghost sits there, and would otherwise hide the card in that place), and by
  /// how many rows.
  ///
  /// Pointer drags keep the cards still: the ghost follows the pointer and the markers show the
  /// place, and cards moving under the pointer would make the target jump.
  func roomForKeyboardDrag() -> (cards: Set<CardID>, rows: Int) {
    guard let proposal = lists.engine.proposal(for: .keyboard),
      case .move(let slot) = proposal.action,
      let dragged = lists.engine.draggedItem(for: .keyboard),
      let index = column(of: slot.container), lists.arena.lists.indices.contains(index)
    else { return ([], 0) }
    let list = lists.arena.lists[index]
    let others = list.items.filter { $0 != dragged }
    guard slot.index < others.count else { return ([], 0) }
    let card = document.card(dragged)
    let rows = card.map { CardLook.height(of: $0, width: list.frame.width) } ?? 1
    return (Set(others[slot.index...]), rows + list.spacing)
  }

  /// Arrows on a column's border when cards are hidden above or below.
  func drawScrollMarks(of index: Int, box: CellRect, into buffer: inout CellBuffer) {
    guard index < lists.arena.lists.count, box.width > 4 else { return }
    let list = lists.arena.lists[index]
    if list.scrollOffset > 0 {
      buffer.write("▲", column: box.column + box.width - 2, row: box.row)
    }
    if list.scrollOffset < list.maximumScrollOffset {
      buffer.write("▼", column: box.column + box.width - 2, row: box.row + box.height - 1)
    }
  }

  /// Whether something on screen is still moving.
  public func needsAnimationFrame(at time: Double) -> Bool {
    lists.engine.isAutoScrolling || sidewaysStep != 0
      || lists.renderer.needsAnimationFrame(at: time)
      || lists.arena.lists.contains { $0.isAnimating(at: time) }
  }

  /// Which way a mouse drag held at the screen's left or right edge scrolls the columns: -1, 0
  /// or 1 (0 when there is nothing more that way).
  var sidewaysStep: Int {
    guard lists.engine.isDragging, isPointerDown, let pointer = lastPointer, size.columns > 0 else {
      return 0
    }
    let shown = visibleColumnCount(width: size.columns)
    if pointer.column <= 1 && firstColumn > 0 { return -1 }
    if pointer.column >= size.columns - 2 && firstColumn + shown < document.columns.count {
      return 1
    }
    return 0
  }

  /// Scrolls the columns one step towards a mouse drag held at the screen's edge, once it has
  /// been there ``sidewaysInterval`` seconds and then every as long, and tells the engine where
  /// the pointer now is.
  mutating func scrollSidewaysForPointer(at time: Double) {
    let step = sidewaysStep
    guard step != 0, let pointer = lastPointer else {
      sidewaysTimer = nil
      return
    }
    guard let since = sidewaysTimer else {
      sidewaysTimer = time
      return
    }
    guard time - since >= Self.sidewaysInterval else { return }
    sidewaysTimer = time
    firstColumn += step
    layout(columns: size.columns, rows: size.rows)
    let point = Point(x: Double(pointer.column) + 0.5, y: Double(pointer.row) + 0.5)
    perform(.pointer(PointerEvent(.move, at: point, time: time)), at: time)
  }
}
