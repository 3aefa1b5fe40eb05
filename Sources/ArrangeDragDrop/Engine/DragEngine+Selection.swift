public import ArrangeGeometry

/// Drags of several items at once: the selection is lifted together, lands contiguously in
/// selection order as one transaction, and every item answers to the rules.
///
/// A group drag moves (in exchange or copy mode only the pressed item is lifted), is applied at
/// the drop even when the arena applies live, and is not removed or dropped into an item.
extension DragEngine {
  @inlinable
  mutating func setSelection(_ items: [Item]) {
    var seen: Set<Item> = []
    selected = items.filter { seen.insert($0).inserted }
  }

  /// The selected items still in the arena, in selection order, when `item` is one of at least
  /// two of them and the drag moves; otherwise empty.
  @inlinable
  func group(lifting item: Item, mode: DragMode) -> [Item] {
    guard mode == .move, selected.count > 1, selected.contains(item) else { return [] }
    let present = selected.filter { member in
      containers.contains { $0.geometry.index(of: member) != nil }
    }
    return present.count > 1 ? present : []
  }

  /// The geometry indices of the group's items in container `id`, ascending.
  @inlinable
  func groupIndices(of session: DragSession<Item>, in id: ContainerID) -> [Int] {
    guard let geometry = container(id)?.geometry else { return [] }
    return session.group.compactMap { geometry.index(of: $0) }.sorted()
  }

  /// The final index for the group at `point` in container `position`: the number of the
  /// container's other items whose midpoint comes before the point.
  @inlinable
  func groupFinalIndex(for session: DragSession<Item>, at point: Point, in position: Int) -> Int {
    let geometry = arena[position].geometry
    let raw = geometry.insertionIndex(for: point)
    let members = groupIndices(of: session, in: arena[position].id)
    let before = members.reduce(0) { $0 + ($1 < raw ? 1 : 0) }
    return Swift.min(Swift.max(raw - before, 0), geometry.count - members.count)
  }

  /// The geometry index in `id` before which the group lands at final index `index`.
  @inlinable
  func groupGeometryIndex(_ index: Int, for session: DragSession<Item>, in id: ContainerID) -> Int {
    var at = index
    for member in groupIndices(of: session, in: id) where member <= at { at += 1 }
    return at
  }

  /// Why the group may not land at `slot`, naming the member refused, or `nil`.
  ///
  /// The rules are asked about each move the drop would make, with the positions of that move,
  /// as they would be for the member dragged alone.
  ///
  /// - Complexity: that of ``groupOperations(for:to:)``.
  @inlinable
  func groupRefusal(for session: DragSession<Item>, at slot: Slot) -> (DragRefusal, Item)? {
    let id = slot.container
    var count = count(of: id)
    let capacity = rules.capacity?(id)
    for operation in groupOperations(for: session, to: slot) {
      guard case .move(let member, let from, let to, _) = operation else { continue }
      if from.container == to.container {
        if let verdict = rules.canMove?(member, id, from.index, to.index), !verdict.isAllowed {
          return (DragRefusal(.cannotMove, container: id, reason: verdict.reason), member)
        }
        continue
      }
      if let verdict = rules.accepts?(member, id), !verdict.isAllowed {
        return (DragRefusal(.notAccepted, container: id, reason: verdict.reason), member)
      }
      if let capacity, count >= capacity {
        return (DragRefusal(.containerFull, container: id), member)
      }
      count += 1
      if let verdict = rules.canDrop?(member, from.container, id, to.index), !verdict.isAllowed {
        return (DragRefusal(.cannotDrop, container: id, reason: verdict.reason), member)
      }
    }
    return nil
  }

  /// The moves that put the group at final index `slot.index` of `slot.container`, contiguous
  /// and in selection order, each valid on the model as the ones before it left it; moves that
  /// change nothing are left out.
  ///
  /// - Complexity: O(items in the containers involved × group size).
  @inlinable
  func groupOperations(for session: DragSession<Item>, to slot: Slot) -> [DragOperation<Item>] {
    // Where each member is now, and the items of every container involved.
    var home: [Item: ContainerID] = [:]
    var lists: [ContainerID: [Item]] = [:]
    for member in session.group {
      guard let holder = containers.first(where: { $0.geometry.index(of: member) != nil })
      else { continue }
      home[member] = holder.id
      for id in [holder.id, slot.container] where lists[id] == nil {
        guard let geometry = container(id)?.geometry else { continue }
        lists[id] = (0..<geometry.count).map { geometry.item(at: $0) }
      }
    }
    guard lists[slot.container] != nil else { return [] }
    let members = Set(session.group)
    var operations: [DragOperation<Item>] = []
    var previous: Item?
    for member in session.group {
      guard let source = home[member], let fromIndex = lists[source]?.firstIndex(of: member)
      else { continue }
      lists[source]?.remove(at: fromIndex)
      let target = lists[slot.container] ?? []
      var at = target.count
      if let previous, let after = target.firstIndex(of: previous) {
        at = after + 1
      } else {
        // Before the `slot.index`-th item that is not in the group.
        var others = 0
        for (position, item) in target.enumerated() where !members.contains(item) {
          if others == slot.index {
            at = position
            break
          }
          others += 1
        }
      }
      lists[slot.container]?.insert(member, at: at)
      previous = member
      let fromSlot = Slot(source, fromIndex)
      let toSlot = Slot(slot.container, at)
      if fromSlot == toSlot { continue }
      let landed = lists[slot.container] ?? []
      operations.append(
        .move(
          member, from: fromSlot, to: toSlot, before: at + 1 < landed.count ? landed[at + 1] : nil))
    }
    return operations
  }
}
