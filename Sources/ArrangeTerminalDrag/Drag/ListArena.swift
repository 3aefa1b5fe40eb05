public import ArrangeDragDrop
public import ArrangeTerminal

/// Lists that a drag engine rearranges, on screen: it applies the engine's operations to the
/// lists as animated managed-item calls and gives the engine their geometry.
///
/// An item moved between lists is handed over (it slides across, it is not recreated); a move in
/// one list slides the items between; a removed item shrinks away; an inserted or copied one grows
/// in. After ``apply(_:at:newItemHeight:)``, report ``geometry(of:)`` of the lists it names to the engine with
/// `DragInput/setGeometry(_:_:)`.
///
/// ```swift
/// for effect in engine.handle(input) {
///   if case .apply(let operation) = effect, arena.apply(operation, at: now) {
///     for id in arena.ids {
///       if let geometry = arena.geometry(of: id) { engine.handle(.setGeometry(id, geometry)) }
///     }
///   }
/// }
/// ```
public struct ListArena<Item: Hashable & Sendable>: Sendable {
  /// The lists' identifiers, in order.
  public private(set) var ids: [ContainerID]
  /// The lists, in the order of ``ids``.
  public var lists: [ListContainer<Item>]
  /// The time the operations of the input being handled animate from (see
  /// ``perform(_:on:at:)``).
  public var time = 0.0
  /// How many rows items that come into being (copies, inserts) get.
  public var newItemHeight = 1

  /// Creates an arena of lists with identifiers `ids`.
  ///
  /// - Precondition: `ids` and `lists` have the same count, and the identifiers are unique.
  public init(ids: [ContainerID], lists: [ListContainer<Item>]) {
    precondition(ids.count == lists.count, "ListArena: one identifier per list")
    precondition(Set(ids).count == ids.count, "ListArena: identifiers appear twice")
    self.ids = ids
    self.lists = lists
  }

  /// The list with identifier `id`.
  public subscript(id: ContainerID) -> ListContainer<Item>? {
    get { ids.firstIndex(of: id).map { lists[$0] } }
    set {
      guard let position = ids.firstIndex(of: id), let newValue else { return }
      lists[position] = newValue
    }
  }

  /// Feeds `input` to `engine` and carries out what the engine asks of the lists, with a
  /// `DragHost` over the lists; returns every effect, in order (for announcements and a
  /// ``DragRenderer``).
  ///
  /// Operations are applied with ``apply(_:at:newItemHeight:)`` animated from `time`, scrolls
  /// followed with ``scroll(_:to:)``; when lists changed, their geometry is reported back, and
  /// what the engine answers is carried out too (a live drag retargets). An operation that does
  /// not describe the lists is reported with `DragInput/applicationFailed(applied:message:)`,
  /// and the engine's rollback is applied like any other operation.
  ///
  /// - Complexity: O(items in the lists involved) per operation, plus the engine's work.
  public mutating func perform(
    _ input: DragInput<ListGeometry<Item>>, on engine: inout DragEngine<ListGeometry<Item>>,
    at time: Double
  ) -> [DragEffect<Item>] {
    self.time = time
    // The host takes the engine and the lists for the input, and gives them back: each is
    // swapped out first, so that neither is copied.
    var host = DragHost(engine: engine, model: self)
    engine = DragEngine(containers: [])
    self = ListArena(ids: [], lists: [])
    let effects = host.handle(input)
    engine = host.engine
    self = host.model
    return effects
  }

  /// Follows the engine's `DragEffect/scroll(_:offset:)`: list `id` shows the whole row nearest
  /// to `offset`.
  ///
  /// Do not report the list's geometry back for this alone: the engine keeps the exact, fractional
  /// offset, and a list scrolls by whole rows, so reporting would round the offset and an
  /// auto-scroll that moves less than half a row per frame would never get anywhere.
  public mutating func scroll(_ id: ContainerID, to offset: Double) {
    guard offset.isFinite else { return }
    let rows = Swift.max(-1e9, Swift.min(1e9, offset.rounded()))
    self[id]?.scroll(to: Int(rows))
  }

  /// Draws list `id` at `time` as `renderer` wants its items to look during drags: hidden items
  /// are left out, the others are drawn by `content` with their appearance (see
  /// `ListContainer.draw(into:at:content:)`).
  ///
  /// - Complexity: O(n) plus the cells drawn, for n items in the list.
  public func draw<Renderer: DragRenderer<Item>>(
    _ id: ContainerID, into buffer: inout CellBuffer, at time: Double, renderer: Renderer,
    content: (Item, CellRect, DragItemAppearance, inout CellBuffer) -> Void
  ) {
    guard let list = self[id] else { return }
    list.drawIndexed(into: &buffer, at: time) { item, index, rect, buffer in
      // Items shrinking away are no longer in the list: they have no slot and look normal.
      let appearance =
        index.map { renderer.appearance(of: item, at: Slot(id, $0), time: time) } ?? .normal
      guard appearance != .hidden else { return }
      content(item, rect, appearance, &buffer)
    }
  }

  /// What a drag renderer needs to draw over these lists: `label` names items, and an item's
  /// frame is its final place in its list.
  public func drawingContext(label: @escaping (Item) -> String) -> DragDrawingContext<Item> {
    let arena = self
    return DragDrawingContext(
      label: label,
      frameOfItem: { item in
        arena.slot(of: item).flatMap { arena[$0.container]?.targetFrame(of: item)?.rect }
      })
  }

  /// The list geometry of `id` for the engine (final positions, not animated ones).
  public func geometry(of id: ContainerID) -> ListGeometry<Item>? {
    self[id]?.geometry
  }

  /// The list holding `item` and the item's index there.
  ///
  /// - Complexity: O(total items).
  public func slot(of item: Item) -> Slot? {
    for (position, list) in lists.enumerated() {
      if let index = list.items.firstIndex(of: item) { return Slot(ids[position], index) }
    }
    return nil
  }

  /// The list whose frame contains the cell at `column`, `row`.
  public func container(atColumn column: Int, row: Int) -> ContainerID? {
    lists.firstIndex { $0.frame.contains(column: column, row: row) }.map { ids[$0] }
  }

  /// Applies one of the engine's operations to the lists, animated from `time`; `false` when it
  /// does not describe the lists (nothing changes then).
  ///
  /// Items that come into being (copies, inserts) are `newItemHeight` rows tall; moved items keep
  /// their height. Items put into or taken out of another item are not shown by lists: such
  /// operations only remove or insert the item.
  ///
  /// - Complexity: O(items in the lists involved).
  @discardableResult
  public mutating func apply(
    _ operation: DragOperation<Item>, at time: Double, newItemHeight: Int = 1
  ) -> Bool {
    switch operation {
    case .move(let item, let from, let to, _):
      guard let source = position(of: from.container), let target = position(of: to.container),
        lists[source].items.indices.contains(from.index),
        lists[source].items[from.index] == item
      else { return false }
      if source == target {
        return lists[source].move(from: from.index, to: to.index, time: time)
      }
      return handOver(item, from: source, to: target, at: to.index, time: time)
    case .exchange(let first, let firstSlot, let second, let secondSlot):
      guard let a = position(of: firstSlot.container), let b = position(of: secondSlot.container),
        lists[a].items.indices.contains(firstSlot.index), lists[a].items[firstSlot.index] == first,
        lists[b].items.indices.contains(secondSlot.index),
        lists[b].items[secondSlot.index] == second
      else { return false }
      if a == b {
        var order = lists[a].items
        order.swapAt(firstSlot.index, secondSlot.index)
        return (try? lists[a].reorder(to: order, at: time)) != nil
      }
      return handOver(first, from: a, to: b, at: secondSlot.index, time: time)
        && handOver(second, from: b, to: a, at: firstSlot.index, time: time)
    case .copy(_, let copy, let to), .insert(let copy, let to), .takeOut(let copy, _, let to):
      guard let target = position(of: to.container) else { return false }
      return lists[target].insert(copy, height: newItemHeight, at: to.index, time: time)
    case .remove(let item, let from), .dropInto(let item, let from, _):
      guard let source = position(of: from.container),
        lists[source].items.indices.contains(from.index), lists[source].items[from.index] == item
      else { return false }
      return lists[source].remove(at: from.index, time: time) != nil
    }
  }

  private func position(of id: ContainerID) -> Int? { ids.firstIndex(of: id) }

  private mutating func handOver(
    _ item: Item, from source: Int, to target: Int, at index: Int, time: Double
  ) -> Bool {
    var destination = lists[target]
    let moved = lists[source].handOver(item, to: &destination, at: index, time: time)
    lists[target] = destination
    return moved
  }
}

extension ListArena: DragHostModel {
  /// Applies `operation` animated from ``time``, or throws when it does not describe the lists.
  public mutating func apply(_ operation: DragOperation<Item>) throws(ListArenaMismatch) {
    guard apply(operation, at: time, newItemHeight: newItemHeight) else {
      throw ListArenaMismatch(operation: operation.description)
    }
  }
}
