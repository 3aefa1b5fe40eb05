import ArrangeDragDrop
import ArrangeGeometry
import ArrangeTerminal

// The managed-item operations: add, insert, remove, move, reorder, resize, hand over.
extension ListContainer {
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

  mutating func receive(_ entry: Entry, drawnAt span: Span, at index: Int, time: Double) {
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
}
