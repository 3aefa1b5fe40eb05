import ArrangeDragDrop
import ArrangeGeometry
import ArrangeTerminal

// What is on screen at a time while items grow, shrink and slide.
extension ListContainer {
  /// Where each item is drawn at `time`, in order, including items shrinking away (but not after
  /// they are gone); frames are not clipped to ``frame``.
  ///
  /// Once every animation has ended, the frames are the ``targetFrame(of:)`` of ``items``.
  ///
  /// - Complexity: O(n).
  public func displayedFrames(at time: Double) -> [DisplayedItem] {
    let spans = displayedSpans(at: time)
    var result: [DisplayedItem] = []
    result.reserveCapacity(entries.count)
    for (entry, span) in zip(entries, spans) where entry.isShown(at: time) {
      result.append(
        DisplayedItem(item: entry.item, frame: span.cells, isLeaving: entry.role == .leaving))
    }
    return result
  }

  /// Whether anything is still moving at `time`.
  ///
  /// - Complexity: O(n).
  public func isAnimating(at time: Double) -> Bool {
    entries.contains { entry in
      !entry.isGone(at: time)
        && !(entry.presence.isFinished(at: time) && entry.size.isFinished(at: time)
          && entry.offset.isFinished(at: time))
    }
  }

  mutating func syncItems() {
    items.removeAll(keepingCapacity: true)
    heights.removeAll(keepingCapacity: true)
    for entry in entries where entry.role == .present {
      items.append(entry.item)
      heights.append(entry.height)
    }
  }

  // The place in `entries` of the item at `index` of `items`.
  func entryPosition(ofItemAt index: Int) -> Int? {
    var count = 0
    for (position, entry) in entries.enumerated() where entry.role == .present {
      if count == index { return position }
      count += 1
    }
    return nil
  }

  // Where to put a new entry so that it becomes item `index` (clamped) of `items`.
  func entryPosition(forInsertingAt index: Int) -> Int {
    let clamped = Swift.min(Swift.max(0, index), items.count)
    return entryPosition(ofItemAt: clamped) ?? entries.count
  }

  // Puts the present entries in `order`, leaving the others where they are, and slides every
  // entry whose place changes.
  mutating func apply(order: [Item], at time: Double) {
    let before = snapshot(at: time)
    var byItem: [Item: Entry] = [:]
    for entry in entries where entry.role == .present { byItem[entry.item] = entry }
    var next = order.makeIterator()
    for position in entries.indices where entries[position].role == .present {
      if let item = next.next(), let entry = byItem[item] { entries[position] = entry }
    }
    settle(after: before, at: time)
  }

  // Each entry's place at `time`: the stacked layout plus its offset, in screen cell units.
  func displayedSpans(at time: Double) -> [Span] {
    layoutSpans(at: time, includingOffsets: true)
  }

  // Each entry's place at `time` in the stacked layout, with or without its offset.
  func layoutSpans(at time: Double, includingOffsets: Bool) -> [Span] {
    let left = Double(frame.column)
    let right = Double(frame.column + frame.width)
    let origin = Double(frame.row - scrollOffset)
    let gap = Double(spacing)
    var spans: [Span] = []
    spans.reserveCapacity(entries.count)
    var position = 0.0
    // How much is above the current entry, capped at one item: the spacing before an entry fades
    // in as the first thing above it arrives, so removing the top item also removes a gap.
    var above = 0.0
    for entry in entries {
      let presence = Swift.min(1, Swift.max(0, entry.presence.value(at: time)))
      let size = Swift.max(0, entry.size.value(at: time))
      position += gap * presence * Swift.min(1, above)
      let top = origin + position
      position += size * presence
      above += presence
      // Neighbours share the edge `origin + position`, so they never overlap or leave a gap.
      let bottom = entry.isFullHeight && presence < 1 ? top + size : origin + position
      let layout = Span(left: left, top: top, right: right, bottom: bottom)
      spans.append(includingOffsets ? layout.moved(by: entry.offset.value(at: time)) : layout)
    }
    return spans
  }

  func snapshot(at time: Double) -> [Int: Span] {
    snapshot(of: displayedSpans(at: time))
  }

  func snapshot(of spans: [Span]) -> [Int: Span] {
    var result: [Int: Span] = [:]
    result.reserveCapacity(entries.count)
    for (entry, span) in zip(entries, spans) { result[entry.id] = span }
    return result
  }

  // Finishes an operation made at `time`: updates the items, clamps the scroll offset, gives every
  // entry whose place jumped an offset from where it was drawn (`before`), and drops entries that
  // are gone.
  mutating func settle(after before: [Int: Span], at time: Double) {
    syncItems()
    scroll(to: scrollOffset)
    let duration = motion.animationDuration
    let layout = layoutSpans(at: time, includingOffsets: false)
    for position in entries.indices {
      guard let old = before[entries[position].id] else { continue }
      let current = entries[position].offset.value(at: time)
      let needed = old.offset(from: layout[position])
      if !Self.isClose(needed, current) {
        entries[position].offset = Transition(
          from: needed, to: .zero, start: time, duration: duration)
      }
    }
    entries.removeAll { $0.isGone(at: time) }
  }

  static func isClose(_ a: Rect, _ b: Rect) -> Bool {
    let tolerance = 1e-9
    return Swift.abs(a.minX - b.minX) <= tolerance && Swift.abs(a.minY - b.minY) <= tolerance
      && Swift.abs(a.width - b.width) <= tolerance && Swift.abs(a.height - b.height) <= tolerance
  }
}
