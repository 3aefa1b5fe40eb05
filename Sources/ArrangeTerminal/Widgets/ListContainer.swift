public import ArrangeDragDrop
import ArrangeGeometry

/// A vertical list of items, each a whole number of rows tall, inside a frame of cells, with
/// animated managed-item operations.
///
/// Adding, inserting, removing, moving, reordering, resizing and handing an item over to another
/// container all change ``items`` at once and animate what is drawn over
/// ``MotionPreference/animationDuration`` of ``motion`` (instantly with reduced motion): a new
/// item grows from no rows to its height and its neighbours slide smoothly out of its way; a
/// removed item shrinks away (still drawn, cut to its shrinking height) while its neighbours close
/// the gap; moved items slide from where they are drawn to their new places. Time is a parameter
/// of every operation (seconds on any monotonic clock); there are no clocks or timers, so the
/// container is a plain value that tests drive by hand.
///
/// ``geometry`` is always the final layout, for the drag engine; ``displayedFrames(at:)`` and
/// `draw(into:at:content:)` show the animation.
///
/// ```swift
/// let frame = CellRect(column: 0, row: 0, width: 20, height: 10)
/// var todo = ListContainer(items: ["a", "b"], frame: frame)
/// todo.insert("new", height: 2, at: 1, time: now)  // "b" slides down as "new" grows
/// todo.draw(into: &screen, at: now + 0.05) { item, columns, rows in card(item, columns, rows) }
/// ```
///
/// ## Animation model
///
/// Every item drawn has a *presence* (0 to 1: growing in, shrinking away), a *size* (its height in
/// rows, animated by ``setHeight(_:for:at:)``) and an *offset* (a rectangle added to its place,
/// easing to zero). At any time the layout stacks each item's size × presence, with spacing ×
/// presence before every item that has something above it, so neighbours move smoothly as items
/// come and go; an item is drawn at its layout place plus its offset (an item handed over is
/// drawn at its full size while its slot opens). When an operation changes the order (or the
/// scroll offset must change because the content shrank), every item whose layout place jumps
/// gets an offset that starts where it was drawn and eases to zero, so nothing jumps and running
/// animations are retargeted from their current value. Edges are rounded to cells at the end, so
/// neighbours at rest never overlap or leave gaps.
public struct ListContainer<Item: Hashable & Sendable>: Sendable {
  /// Where one item is drawn at some moment.
  public struct DisplayedItem: Hashable, Sendable {
    /// The item.
    public var item: Item
    /// The cells it covers on screen, not clipped to the container's frame.
    public var frame: CellRect
    /// Whether it has been removed and is shrinking away.
    public var isLeaving: Bool

    /// Creates a displayed item.
    public init(item: Item, frame: CellRect, isLeaving: Bool) {
      self.item = item
      self.frame = frame
      self.isLeaving = isLeaving
    }
  }

  /// The items, in order (items still shrinking away are not among them).
  public private(set) var items: [Item] = []
  /// The height of each item of ``items``, in rows.
  public private(set) var heights: [Int] = []
  /// The cells the list is shown in; items outside it are clipped.
  public private(set) var frame: CellRect
  /// The rows between neighbouring items.
  public let spacing: Int
  /// Whether operations animate (applies to operations made after it changes).
  public var motion: MotionPreference
  /// How many rows of content are scrolled above the frame, always in
  /// `0 ... max(0, contentHeight - frame.height)`.
  public private(set) var scrollOffset = 0

  // Everything drawn: the items in order, with the entries of items shrinking away and the empty
  // slots of items handed over to another container among them.
  private var entries: [Entry] = []
  private var nextID = 0

  private enum Role: Sendable {
    case present
    case leaving
    // Handed over to another container: takes room while its slot closes, never drawn.
    case vacated
  }

  private struct Entry: Sendable {
    // Tells entries apart across an operation (the same item may be leaving and present).
    var id: Int
    var item: Item
    var height: Int
    var role: Role
    var presence: Transition<Double>
    var size: Transition<Double>
    // x, y, width and height to add to the layout place (not a rectangle: a difference of two).
    var offset: Transition<Rect>
    // Drawn at its full size while its slot opens (handed over), instead of size × presence.
    var isFullHeight = false

    func isGone(at time: Double) -> Bool {
      role != .present && presence.isFinished(at: time)
    }

    func isShown(at time: Double) -> Bool {
      role != .vacated && !isGone(at: time)
    }
  }

  // Edges in screen cell units, before rounding.
  private struct Span {
    var left: Double
    var top: Double
    var right: Double
    var bottom: Double

    // What to add to `other` (as an offset) to land on this span.
    func offset(from other: Span) -> Rect {
      Rect(
        x: left - other.left, y: top - other.top,
        width: (right - left) - (other.right - other.left),
        height: (bottom - top) - (other.bottom - other.top))
    }

    func moved(by offset: Rect) -> Span {
      Span(
        left: left + offset.minX, top: top + offset.minY,
        right: right + offset.minX + offset.width, bottom: bottom + offset.minY + offset.height)
    }

    var cells: CellRect {
      let column = Self.cell(left)
      let row = Self.cell(top)
      return CellRect(
        column: column, row: row, width: Self.cell(right) - column, height: Self.cell(bottom) - row)
    }

    static func cell(_ value: Double) -> Int {
      guard value.isFinite else { return 0 }
      return Int(Swift.max(-1e12, Swift.min(1e12, value.rounded())))
    }
  }

  /// The largest height and spacing, in rows; larger values are reduced to it.
  public static var maximumHeight: Int { 1 << 24 }

  /// Creates a list of `items` with one height per item (missing heights count as 1) in `frame`.
  ///
  /// Repeated items are left out (the first one stays, with its height); heights and spacing are
  /// clamped to `0 ... maximumHeight`. Nothing animates.
  ///
  /// - Complexity: O(n).
  public init(
    items: [Item] = [], heights: [Int] = [], frame: CellRect, spacing: Int = 0,
    motion: MotionPreference = .full
  ) {
    self.frame = frame
    self.spacing = Self.clamped(spacing)
    self.motion = motion
    var seen = Set<Item>()
    for (index, item) in items.enumerated() where seen.insert(item).inserted {
      let height = Self.clamped(index < heights.count ? heights[index] : 1)
      entries.append(
        Entry(
          id: nextID, item: item, height: height, role: .present, presence: .still(1),
          size: .still(Double(height)), offset: .still(.zero)))
      nextID += 1
    }
    syncItems()
  }

  private static func clamped(_ rows: Int) -> Int { Swift.min(Swift.max(0, rows), maximumHeight) }

  // MARK: - Final layout

  /// The height of all items with their spacing, in rows, once animations end.
  public var contentHeight: Int {
    heights.reduce(0, +) + spacing * Swift.max(0, heights.count - 1)
  }

  /// The largest scroll offset, in rows.
  public var maximumScrollOffset: Int { Swift.max(0, contentHeight - frame.height) }

  /// The height of `item` in rows (its final height while it is being resized), or `nil` when the
  /// list does not hold it.
  ///
  /// - Complexity: O(n).
  public func height(of item: Item) -> Int? {
    items.firstIndex(of: item).map { heights[$0] }
  }

  /// The final layout, for the drag engine: the items with their heights and spacing in
  /// ``frame``, scrolled to ``scrollOffset``.
  ///
  /// It never shows animated positions: the engine decides drops against where items will be.
  ///
  /// - Complexity: O(n).
  public var geometry: ListGeometry<Item> {
    ListGeometry(
      items: items, frame: frame.rect, itemLengths: heights.map(Double.init),
      spacing: Double(spacing)
    ).scrolled(to: Double(scrollOffset))
  }

  /// The cells `item` covers on screen once animations end (not clipped to the frame), or `nil`
  /// when the list does not hold it.
  ///
  /// - Complexity: O(n).
  public func targetFrame(of item: Item) -> CellRect? {
    guard let start = contentStart(of: item), let height = height(of: item) else { return nil }
    return CellRect(
      column: frame.column, row: frame.row - scrollOffset + start, width: frame.width,
      height: height)
  }

  // The row where `item` starts in the final layout, relative to the unscrolled content.
  private func contentStart(of item: Item) -> Int? {
    var start = 0
    for (index, candidate) in items.enumerated() {
      if candidate == item { return start }
      start += heights[index] + spacing
    }
    return nil
  }

  // MARK: - Managed items

  /// Adds `item` at the end, growing from no rows to `height`; `false` (and nothing changes) when
  /// the list already holds it.
  ///
  /// - Complexity: O(n).
  @discardableResult
  public mutating func add(_ item: Item, height: Int = 1, at time: Double) -> Bool {
    insert(item, height: height, at: items.count, time: time)
  }

  /// Inserts `item` at `index` (clamped to `0 ... items.count`), growing from no rows to `height`
  /// while the items below slide down; `false` (and nothing changes) when the list already holds
  /// it.
  ///
  /// An item that is still shrinking away after a removal keeps shrinking; the new one grows
  /// beside it.
  ///
  /// - Complexity: O(n).
  @discardableResult
  public mutating func insert(_ item: Item, height: Int = 1, at index: Int, time: Double) -> Bool {
    guard !items.contains(item) else { return false }
    let before = snapshot(at: time)
    let rows = Self.clamped(height)
    let entry = Entry(
      id: nextID, item: item, height: rows, role: .present,
      presence: Transition(from: 0, to: 1, start: time, duration: motion.animationDuration),
      size: .still(Double(rows)), offset: .still(.zero))
    nextID += 1
    entries.insert(entry, at: entryPosition(forInsertingAt: index))
    settle(after: before, at: time)
    return true
  }

  /// Removes the item at `index`, which shrinks away while its neighbours close the gap; `nil` (and
  /// nothing changes) when `index` is out of range.
  ///
  /// - Complexity: O(n).
  @discardableResult
  public mutating func remove(at index: Int, time: Double) -> Item? {
    guard items.indices.contains(index), let position = entryPosition(ofItemAt: index) else {
      return nil
    }
    let before = snapshot(at: time)
    entries[position].role = .leaving
    entries[position].isFullHeight = false
    entries[position].presence = entries[position].presence.retargeted(
      to: 0, at: time, duration: motion.animationDuration)
    let item = entries[position].item
    settle(after: before, at: time)
    return item
  }

  /// Removes `item`, which shrinks away while its neighbours close the gap; `false` (and nothing
  /// changes) when the list does not hold it.
  ///
  /// - Complexity: O(n).
  @discardableResult
  public mutating func remove(_ item: Item, time: Double) -> Bool {
    guard let index = items.firstIndex(of: item) else { return false }
    return remove(at: index, time: time) != nil
  }

  /// Moves the item at `source` so that it ends up at `destination` (clamped to the valid
  /// indices); every item whose place changes slides there from where it is drawn.
  ///
  /// Returns `false` (and nothing changes) when `source` is out of range.
  ///
  /// - Complexity: O(n).
  @discardableResult
  public mutating func move(from source: Int, to destination: Int, time: Double) -> Bool {
    guard items.indices.contains(source) else { return false }
    var order = items
    let item = order.remove(at: source)
    order.insert(item, at: Swift.min(Swift.max(0, destination), order.count))
    apply(order: order, at: time)
    return true
  }

  /// Puts the items in `order`, which must list every item exactly once; every item whose place
  /// changes slides there from where it is drawn.
  ///
  /// - Throws: ``ListContainerError`` when `order` is not a permutation of ``items``; nothing
  ///   changes then.
  /// - Complexity: O(n).
  public mutating func reorder(to order: [Item], at time: Double) throws(ListContainerError) {
    guard order.count == items.count else {
      throw ListContainerError(
        .countMismatch,
        "The new order lists \(order.count) items but the list holds \(items.count).")
    }
    let held = Set(items)
    var seen = Set<Item>()
    for item in order {
      guard held.contains(item) else {
        throw ListContainerError(.unknownItem, "The new order lists \(item), which is not here.")
      }
      guard seen.insert(item).inserted else {
        throw ListContainerError(.duplicateItem, "The new order lists \(item) more than once.")
      }
    }
    apply(order: order, at: time)
  }

  /// Changes the height of `item` to `height` rows (clamped to `0 ... maximumHeight`), animated;
  /// `false` (and nothing changes) when the list does not hold it.
  ///
  /// - Complexity: O(n).
  @discardableResult
  public mutating func setHeight(_ height: Int, for item: Item, at time: Double) -> Bool {
    guard let position = entries.firstIndex(where: { $0.role == .present && $0.item == item })
    else { return false }
    let before = snapshot(at: time)
    let rows = Self.clamped(height)
    entries[position].height = rows
    entries[position].size = entries[position].size.retargeted(
      to: Double(rows), at: time, duration: motion.animationDuration)
    settle(after: before, at: time)
    return true
  }

  /// Hands `item` over to `other` at `index` (clamped) without recreating it: it leaves this list
  /// without shrinking and slides, at full height, from where it is drawn now to its new place in
  /// `other`, while the gap it leaves closes and the one it goes to opens.
  ///
  /// Positions are screen cells, so the containers may be side by side. The item keeps its height
  /// (and a resize in progress goes on); its animation starts from exactly where and how tall it
  /// is drawn. Returns `false` (and neither list changes) when this list does not hold `item` or
  /// `other` already does.
  ///
  /// - Complexity: O(n + m), for n and m items in the two lists.
  @discardableResult
  public mutating func handOver(
    _ item: Item, to other: inout ListContainer, at index: Int, time: Double
  ) -> Bool {
    guard !other.items.contains(item),
      let position = entries.firstIndex(where: { $0.role == .present && $0.item == item })
    else { return false }
    let spans = displayedSpans(at: time)
    let span = spans[position]
    let before = snapshot(of: spans)
    let entry = entries[position]
    entries[position].role = .vacated
    entries[position].presence = entry.presence.retargeted(
      to: 0, at: time, duration: motion.animationDuration)
    settle(after: before, at: time)
    other.receive(entry, drawnAt: span, at: index, time: time)
    return true
  }

  private mutating func receive(_ entry: Entry, drawnAt span: Span, at index: Int, time: Double) {
    var before = snapshot(at: time)
    var arriving = entry
    arriving.id = nextID
    nextID += 1
    arriving.role = .present
    arriving.isFullHeight = true
    arriving.presence = Transition(
      from: 0, to: 1, start: time, duration: motion.animationDuration)
    arriving.offset = .still(.zero)
    before[arriving.id] = span
    entries.insert(arriving, at: entryPosition(forInsertingAt: index))
    settle(after: before, at: time)
  }

  // MARK: - Scrolling

  /// Scrolls by `rows` (positive: the content moves up), clamped; at once.
  ///
  /// - Complexity: O(1).
  public mutating func scroll(by rows: Int) {
    let (sum, overflow) = scrollOffset.addingReportingOverflow(rows)
    scroll(to: overflow ? (rows > 0 ? Int.max : 0) : sum)
  }

  /// Scrolls so that `offset` rows of content are above the frame, clamped; at once.
  ///
  /// - Complexity: O(1).
  public mutating func scroll(to offset: Int) {
    scrollOffset = Swift.min(Swift.max(0, offset), maximumScrollOffset)
  }

  /// Scrolls as little as possible to show `item`'s final frame (its top, when it is taller than
  /// the frame); `false` when the list does not hold it.
  ///
  /// - Complexity: O(n).
  @discardableResult
  public mutating func scrollToShow(_ item: Item) -> Bool {
    guard let start = contentStart(of: item), let height = height(of: item) else { return false }
    if start < scrollOffset {
      scroll(to: start)
    } else if start + height > scrollOffset + frame.height {
      scroll(to: Swift.min(start, start + height - frame.height))
    }
    return true
  }

  /// Moves the list to `frame` at once (what is in flight keeps going relative to it); the scroll
  /// offset is clamped to the new height.
  ///
  /// - Complexity: O(n).
  public mutating func setFrame(_ frame: CellRect) {
    self.frame = frame
    scroll(to: scrollOffset)
  }

  // MARK: - Animation

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

  /// Draws the items visible at `time` into `buffer`, each clipped to ``frame`` and to its current
  /// height.
  ///
  /// `content` draws an item at full size (the columns it is drawn across now, its full height in
  /// rows); return `nil` to leave an item out. An item that is growing or shrinking shows its top
  /// rows. Items shrinking away are drawn first and items sliding to a new place last, so a moving
  /// item passes over its neighbours. The frame is not cleared: draw the background first.
  ///
  /// - Complexity: O(n) plus the cells drawn.
  public func draw(
    into buffer: inout CellBuffer, at time: Double,
    content: (Item, _ columns: Int, _ rows: Int) -> CellBuffer?
  ) {
    for (entry, _, rect, clip) in visibleItems(at: time) {
      guard let drawing = content(entry.item, rect.width, entry.height) else { continue }
      buffer.draw(drawing, column: rect.column, row: rect.row, clippedTo: clip)
    }
  }

  /// Draws the items visible at `time` straight into `buffer`, each with drawing confined to
  /// ``frame`` and to its current height (see ``CellBuffer/withClip(_:_:)``).
  ///
  /// `content` gets the item and the rectangle it takes at full size, in `buffer`'s coordinates,
  /// and draws there; whatever falls outside the item's visible part is left out, and a wide
  /// character cut by the edge becomes a blank. Cheaper than the form of
  /// `draw(into:at:content:)` whose `content` returns a buffer per item.
  /// Drawing order is the same: items shrinking away first, sliding items last.
  ///
  /// - Complexity: O(n) plus the cells drawn.
  public func draw(
    into buffer: inout CellBuffer, at time: Double,
    content: (Item, _ rect: CellRect, _ buffer: inout CellBuffer) -> Void
  ) {
    drawIndexed(into: &buffer, at: time) { item, _, rect, buffer in content(item, rect, &buffer) }
  }

  /// The items to draw at `time`, in drawing order: each with its index in ``items`` (`nil` while
  /// it shrinks away), where it is and its visible part.
  private func visibleItems(
    at time: Double
  ) -> [(entry: Entry, index: Int?, rect: CellRect, clip: CellRect)] {
    let spans = displayedSpans(at: time)
    var layers: [[(entry: Entry, index: Int?, rect: CellRect, clip: CellRect)]] = [[], [], []]
    var index = 0
    for (entry, span) in zip(entries, spans) {
      let position = entry.role == .present ? index : nil
      if entry.role == .present { index += 1 }
      guard entry.isShown(at: time) else { continue }
      let rect = span.cells
      guard let clip = Self.intersection(rect, frame) else { continue }
      let layer = entry.role == .leaving ? 0 : (entry.offset.isFinished(at: time) ? 1 : 2)
      layers[layer].append((entry, position, rect, clip))
    }
    return Array(layers.joined())
  }

  /// The form of `draw(into:at:content:)` that draws in place, also telling `content` each
  /// item's index in ``items`` (`nil` while it shrinks away).
  func drawIndexed(
    into buffer: inout CellBuffer, at time: Double,
    content: (Item, Int?, CellRect, inout CellBuffer) -> Void
  ) {
    for (entry, index, rect, clip) in visibleItems(at: time) {
      let full = CellRect(
        column: rect.column, row: rect.row, width: rect.width, height: entry.height)
      buffer.withClip(clip) { content(entry.item, index, full, &$0) }
    }
  }

  private static func intersection(_ a: CellRect, _ b: CellRect) -> CellRect? {
    let left = Swift.max(a.column, b.column)
    let top = Swift.max(a.row, b.row)
    let right = Swift.min(a.column + a.width, b.column + b.width)
    let bottom = Swift.min(a.row + a.height, b.row + b.height)
    guard left < right, top < bottom else { return nil }
    return CellRect(column: left, row: top, width: right - left, height: bottom - top)
  }

  // MARK: - Internals

  private mutating func syncItems() {
    items.removeAll(keepingCapacity: true)
    heights.removeAll(keepingCapacity: true)
    for entry in entries where entry.role == .present {
      items.append(entry.item)
      heights.append(entry.height)
    }
  }

  // The place in `entries` of the item at `index` of `items`.
  private func entryPosition(ofItemAt index: Int) -> Int? {
    var count = 0
    for (position, entry) in entries.enumerated() where entry.role == .present {
      if count == index { return position }
      count += 1
    }
    return nil
  }

  // Where to put a new entry so that it becomes item `index` (clamped) of `items`.
  private func entryPosition(forInsertingAt index: Int) -> Int {
    let clamped = Swift.min(Swift.max(0, index), items.count)
    return entryPosition(ofItemAt: clamped) ?? entries.count
  }

  // Puts the present entries in `order`, leaving the others where they are, and slides every
  // entry whose place changes.
  private mutating func apply(order: [Item], at time: Double) {
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
  private func displayedSpans(at time: Double) -> [Span] {
    layoutSpans(at: time, includingOffsets: true)
  }

  // Each entry's place at `time` in the stacked layout, with or without its offset.
  private func layoutSpans(at time: Double, includingOffsets: Bool) -> [Span] {
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

  private func snapshot(at time: Double) -> [Int: Span] {
    snapshot(of: displayedSpans(at: time))
  }

  private func snapshot(of spans: [Span]) -> [Int: Span] {
    var result: [Int: Span] = [:]
    result.reserveCapacity(entries.count)
    for (entry, span) in zip(entries, spans) { result[entry.id] = span }
    return result
  }

  // Finishes an operation made at `time`: updates the items, clamps the scroll offset, gives every
  // entry whose place jumped an offset from where it was drawn (`before`), and drops entries that
  // are gone.
  private mutating func settle(after before: [Int: Span], at time: Double) {
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

  private static func isClose(_ a: Rect, _ b: Rect) -> Bool {
    let tolerance = 1e-9
    return Swift.abs(a.minX - b.minX) <= tolerance && Swift.abs(a.minY - b.minY) <= tolerance
      && Swift.abs(a.width - b.width) <= tolerance && Swift.abs(a.height - b.height) <= tolerance
  }
}
