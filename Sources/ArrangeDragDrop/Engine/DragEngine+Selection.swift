public import ArrangeGeometry

/// Drags of several items at once: the selection is lifted together, lands contiguously in
/// selection order as one transaction, and every item answers to the rules.
///
/// A group drag moves (in exchange or copy mode only the pressed item is lifted), is applied at
/// the drop even when the arena applies live, and is not removed or dropped into an item.
extension DragEngine {
  mutating func setSelection(_ items: [Item]) {
    var seen: Set<Item> = []
    selected = items.filter { seen.insert($0).inserted }
  }

  /// The selected items still in the arena, in selection order, when `item` is one of at least
  /// two of them and the drag moves; otherwise empty.
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
    if session.membersVersion == arenaVersion { return session.memberIndices[id] ?? [] }
    guard let geometry = container(id)?.geometry else { return [] }
    return session.group.compactMap { geometry.index(of: $0) }.sorted()
  }

  /// Finds the members of session `index`'s group again when the arena changed since.
  @inlinable
  mutating func refreshMembers(of index: Int) {
    // Read through the buffer: this runs on every pointer move and must not copy the session.
    let stale = sessions.withUnsafeBufferPointer {
      $0[index].isGroup && $0[index].membersVersion != arenaVersion
    }
    guard stale else { return }
    var found: [ContainerID: [Int]] = [:]
    for container in arena {
      let indices = sessions[index].group.compactMap { container.geometry.index(of: $0) }
      if !indices.isEmpty { found[container.id] = indices.sorted() }
    }
    sessions[index].memberIndices = found
    sessions[index].membersVersion = arenaVersion
  }

  /// How many items container `id` holds once the group has landed in it.
  @inlinable
  func countWithGroup(_ session: DragSession<Item>, in id: ContainerID) -> Int {
    count(of: id) - groupIndices(of: session, in: id).count + session.group.count
  }

  /// The final index for the group at `point` in container `position`: the number of the
  /// container's other items whose midpoint comes before the point.
  @inlinable
  func groupFinalIndex(for session: DragSession<Item>, at point: Point, in position: Int) -> Int {
    let geometry = arena[position].geometry
    let raw = geometry.insertionIndex(for: point)
    let members = groupIndices(of: session, in: arena[position].id)
    // Members before the raw index, by binary search.
    var low = 0
    var high = members.count
    while low < high {
      let middle = (low + high) / 2
      if members[middle] < raw { low = middle + 1 } else { high = middle }
    }
    let before = low
    return Swift.min(Swift.max(raw - before, 0), geometry.count - members.count)
  }

  /// The geometry index in `id` before which the group lands at final index `index`.
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
    // With no rule that could refuse a move, the drop's moves need not be worked out.
    guard
      rules.canMove != nil || rules.accepts != nil || rules.canDrop != nil
        || rules.capacity != nil
    else { return nil }
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
  /// Positions are worked out with counts, not by editing copies of the lists: each container
  /// involved gets a Fenwick tree of the items still in place.
  ///
  /// - Complexity: O(n + k log n) for n items in the containers involved and k members.
  @inlinable
  func groupOperations(for session: DragSession<Item>, to slot: Slot) -> [DragOperation<Item>] {
    guard let targetGeometry = container(slot.container)?.geometry else { return [] }
    let target = slot.container
    // Where each member is, by container and geometry index.
    var homes: [(member: Item, container: ContainerID, position: Int)] = []
    var present: [ContainerID: PresenceCounts] = [:]
    for member in session.group {
      guard let holder = arena.first(where: { $0.geometry.index(of: member) != nil }),
        let position = holder.geometry.index(of: member)
      else { continue }
      homes.append((member, holder.id, position))
      if present[holder.id] == nil { present[holder.id] = PresenceCounts(holder.geometry.count) }
    }
    if present[target] == nil { present[target] = PresenceCounts(targetGeometry.count) }
    // The block goes before the `slot.index`-th item of the target that is not a member.
    let inTarget = homes.filter { $0.container == target }.map { $0.position }.sorted()
    var anchor = slot.index
    for position in inTarget where position <= anchor { anchor += 1 }
    anchor = Swift.min(anchor, targetGeometry.count)
    var operations: [DragOperation<Item>] = []
    var placed = 0
    for home in homes {
      // Read and changed in place: a copy of the counts would be a copy of the whole list.
      guard var from = present[home.container]?.before(home.position) else { continue }
      if home.container == target && home.position > anchor { from += placed }
      present[home.container]?.remove(home.position)
      let to = (present[target]?.before(anchor) ?? 0) + placed
      placed += 1
      if home.container == target && from == to { continue }
      // The item after the block: the first one still in place at or after the anchor.
      let next = present[target]?.first(atOrAfter: anchor).map { targetGeometry.item(at: $0) }
      operations.append(
        .move(
          home.member, from: Slot(home.container, from), to: Slot(target, to), before: next))
    }
    return operations
  }
}

/// Which positions of a list still hold their original item, with counts by prefix (a Fenwick
/// tree over 0/1 flags).
@usableFromInline
struct PresenceCounts: Sendable {
  @usableFromInline
  var tree: [Int]
  @usableFromInline
  var flags: [Bool]

  /// Every position of a list of `count` items present.
  @inlinable
  init(_ count: Int) {
    tree = [Int](repeating: 0, count: count + 1)
    flags = [Bool](repeating: true, count: count)
    // Linear construction: each node adds itself to its parent.
    for index in stride(from: 1, through: count, by: 1) {
      tree[index] += 1
      let parent = index + (index & -index)
      if parent <= count { tree[parent] += tree[index] }
    }
  }

  /// How many present positions come before `position`.
  @inlinable
  func before(_ position: Int) -> Int {
    var index = Swift.min(position, flags.count)
    var sum = 0
    while index > 0 {
      sum += tree[index]
      index -= index & -index
    }
    return sum
  }

  /// Marks `position` as no longer holding its original item.
  @inlinable
  mutating func remove(_ position: Int) {
    guard flags.indices.contains(position), flags[position] else { return }
    flags[position] = false
    var index = position + 1
    while index < tree.count {
      tree[index] -= 1
      index += index & -index
    }
  }

  /// The first present position at or after `position`, or `nil`.
  @inlinable
  func first(atOrAfter position: Int) -> Int? {
    // The (before(position) + 1)-th present position, found by descending the tree.
    let wanted = before(position) + 1
    var index = 0
    var remaining = wanted
    var step = 1
    while step * 2 < tree.count { step *= 2 }
    while step > 0 {
      let next = index + step
      if next < tree.count && tree[next] < remaining {
        index = next
        remaining -= tree[next]
      }
      step /= 2
    }
    return index < flags.count ? index : nil
  }
}
