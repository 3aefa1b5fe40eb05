public import ArrangeGeometry

/// Drags of several items at once: the selection is lifted together and is one drag everywhere.
///
/// Moved, it lands contiguously in selection order; copied (copy mode, over another container
/// than the pressed item's), a copy of every member lands there, contiguous, in selection order;
/// dropped on a delete zone (or outside, where removal is allowed), every member is removed. Each
/// is one transaction, one undo step, and every member answers to the rules (a member refused
/// refuses the drop, and is named). A selection lifts in move and copy mode; in exchange mode
/// only the pressed item is lifted (a swap is of two items). A group is applied at the drop even
/// when the arena applies live, and is not dropped into an item.
extension DragEngine {
  mutating func setSelection(_ items: [Item]) {
    var seen: Set<Item> = []
    selected = items.filter { seen.insert($0).inserted }
  }

  /// The selected items that travel with `item`, lifted from container `origin` in `mode`, in
  /// selection order, when there are at least two; otherwise empty.
  ///
  /// Members are the selected items still in the arena and not held by another drag, from
  /// containers whose drags have the same mode: in move mode, every container that moves (a
  /// palette's items are not carried off); in copy mode, the pressed item's container only (its
  /// selection is copied elsewhere, or reordered within it). Exchange mode lifts one item.
  func group(lifting item: Item, mode: DragMode, from origin: ContainerID, for id: SessionID)
    -> [Item]
  {
    guard mode != .exchange, selected.count > 1, selected.contains(item) else { return [] }
    let present = selected.filter { member in
      if member == item { return true }
      guard !isClaimed(member, byOtherThan: id),
        let holder = containers.first(where: { $0.geometry.index(of: member) != nil })
      else { return false }
      if mode == .copy { return holder.id == origin }
      return (holder.mode ?? configuration.mode) == mode
    }
    return present.count > 1 ? present : []
  }

  /// How many of the group's members are still in the arena (the app may remove some mid-drag).
  @inlinable
  func presentCount(of session: DragSession<Item>) -> Int {
    groupHomes(of: session).count
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

  /// Whether the group copies into container `id` rather than moving there: copy mode, over
  /// another container than the pressed item's (within its own container a copy-mode drag
  /// reorders, as one item does).
  @inlinable
  func groupCopies(_ session: DragSession<Item>, into id: ContainerID) -> Bool {
    session.mode == .copy && id != session.origin.container
  }

  /// How many items container `id` holds once the group has landed in it.
  @inlinable
  func countWithGroup(_ session: DragSession<Item>, in id: ContainerID) -> Int {
    let members = presentCount(of: session)
    if groupCopies(session, into: id) { return count(of: id) + members }
    return count(of: id) - groupIndices(of: session, in: id).count + members
  }

  /// The largest final index the group may take in container `id`.
  @inlinable
  func groupIndexLimit(_ session: DragSession<Item>, in id: ContainerID) -> Int {
    if groupCopies(session, into: id) { return count(of: id) }
    return count(of: id) - groupIndices(of: session, in: id).count
  }

  /// The final index for the group at `point` in container `position`: the number of the
  /// container's other items whose midpoint comes before the point.
  @inlinable
  func groupFinalIndex(for session: DragSession<Item>, at point: Point, in position: Int) -> Int {
    let geometry = arena[position].geometry
    let raw = geometry.insertionIndex(for: point)
    if groupCopies(session, into: arena[position].id) {
      return Swift.min(Swift.max(raw, 0), geometry.count)
    }
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

  /// What the group at final index `index` of container `id` does: nothing when every member is
  /// already there, contiguous and in selection order; a copy (see ``groupCopies(_:into:)``);
  /// otherwise a move.
  @inlinable
  func groupSlotAction(for session: DragSession<Item>, index: Int, in id: ContainerID)
    -> DropAction<Item>
  {
    let slot = Slot(id, index)
    if groupCopies(session, into: id) { return .copy(to: slot) }
    return groupIsInPlace(session, at: slot) ? .none : .move(to: slot)
  }

  /// Whether every member already sits at `slot`: all in its container, contiguous from
  /// `slot.index`, in selection order, so that a move there would change nothing.
  ///
  /// - Complexity: O(k) for k members.
  @inlinable
  func groupIsInPlace(_ session: DragSession<Item>, at slot: Slot) -> Bool {
    let members = groupIndices(of: session, in: slot.container)
    guard members.count == session.group.count, let first = members.first,
      first == slot.index, members.last == first + members.count - 1,
      let geometry = container(slot.container)?.geometry
    else { return false }
    for (offset, member) in session.group.enumerated()
    where geometry.item(at: first + offset) != member {
      return false
    }
    return true
  }

  /// The geometry index in `id` before which the group lands at final index `index`.
  @inlinable
  func groupGeometryIndex(_ index: Int, for session: DragSession<Item>, in id: ContainerID) -> Int {
    if groupCopies(session, into: id) { return index }
    var at = index
    for member in groupIndices(of: session, in: id) where member <= at { at += 1 }
    return at
  }

  /// Where each member of the group is now, in selection order (members no longer in the arena
  /// are left out).
  @inlinable
  func groupHomes(of session: DragSession<Item>) -> [(member: Item, slot: Slot)] {
    var homes: [(member: Item, slot: Slot)] = []
    homes.reserveCapacity(session.group.count)
    for member in session.group {
      for position in arena.indices {
        if let index = arena[position].geometry.index(of: member) {
          homes.append((member, Slot(arena[position].id, index)))
          break
        }
      }
    }
    return homes
  }

  /// Why the group may not do `action`, naming the member refused, or `nil`.
  ///
  /// Every member is asked, as it would be dragged alone: about each move the drop would make
  /// (with the positions of that move), each copy, each removal; then ``DragRules/canPropose``
  /// about each member, with the whole group in its context.
  ///
  /// - Complexity: that of ``groupOperations(for:to:)`` for a move; O(k) rule calls otherwise.
  @inlinable
  func groupRefusal(
    for session: DragSession<Item>, action: DropAction<Item>, over target: ContainerID? = nil
  ) -> (DragRefusal, Item)? {
    switch action {
    case .move(let slot):
      if let refused = groupMoveRefusal(for: session, at: slot) { return refused }
    case .copy(let slot):
      if let refused = groupCopyRefusal(for: session, at: slot) { return refused }
    case .remove:
      let over = target ?? (session.proposal.action == .remove ? session.proposal.container : nil)
      let isDeleteZone = over.flatMap { containerIndex($0) }.map { arena[$0].isDeleteZone } ?? false
      for member in session.group {
        let verdict =
          rules.canRemove?(member, location(of: session))
          ?? (isDeleteZone || isEditing ? .allow : .refuse(nil))
        if !verdict.isAllowed {
          return (DragRefusal(.cannotRemove, container: over, reason: verdict.reason), member)
        }
      }
    case .none, .exchange, .into:
      return nil
    }
    guard let canPropose = rules.canPropose else { return nil }
    let container = Self.container(of: action) ?? target ?? session.proposal.container
    let point = location(of: session)
    for home in groupHomes(of: session) {
      let verdict = canPropose(
        DropContext(
          item: home.member, origin: home.slot, action: action, container: container,
          point: point, isEditing: isEditing, session: session.id, mode: session.mode,
          group: session.group))
      if !verdict.isAllowed {
        return (
          DragRefusal(.refusedByRule, container: container, reason: verdict.reason), home.member
        )
      }
    }
    return nil
  }

  /// Why the group may not land at `slot` by moving, naming the member refused, or `nil`.
  @inlinable
  func groupMoveRefusal(for session: DragSession<Item>, at slot: Slot) -> (DragRefusal, Item)? {
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

  /// Why a copy of every member may not land at `slot`, naming the member refused, or `nil`.
  @inlinable
  func groupCopyRefusal(for session: DragSession<Item>, at slot: Slot) -> (DragRefusal, Item)? {
    let id = slot.container
    guard session.groupCopyIDs != nil || rules.copyID != nil else {
      return (DragRefusal(.cannotCopy, container: id), session.item)
    }
    let count = count(of: id)
    let capacity = rules.capacity?(id)
    for (offset, home) in groupHomes(of: session).enumerated() {
      let member = home.member
      if let refusal = copyRefusal(of: member, into: id) { return (refusal, member) }
      if let verdict = rules.accepts?(member, id), !verdict.isAllowed {
        return (DragRefusal(.notAccepted, container: id, reason: verdict.reason), member)
      }
      if let capacity, count + offset >= capacity {
        return (DragRefusal(.containerFull, container: id), member)
      }
      if let verdict = rules.canDrop?(member, home.slot.container, id, slot.index + offset),
        !verdict.isAllowed
      {
        return (DragRefusal(.cannotDrop, container: id, reason: verdict.reason), member)
      }
    }
    return nil
  }

  /// The operations that carry out a group's `action`: its moves, copies or removals, each valid
  /// on the model as the ones before it left it.
  @inlinable
  func groupOperations(for session: DragSession<Item>, action: DropAction<Item>)
    -> [DragOperation<Item>]
  {
    switch action {
    case .move(let slot):
      return groupOperations(for: session, to: slot)
    case .copy(let slot):
      guard let copies = session.groupCopyIDs else { return [] }
      // Members the app removed mid-drag have nothing to copy.
      var operations: [DragOperation<Item>] = []
      for (member, copy) in zip(session.group, copies)
      where arena.contains(where: { $0.geometry.index(of: member) != nil }) {
        operations.append(
          .copy(member, as: copy, to: Slot(slot.container, slot.index + operations.count)))
      }
      return operations
    case .remove:
      // Positions by counts, as for moves: each removal is valid after the ones before it.
      var present: [ContainerID: PresenceCounts] = [:]
      var operations: [DragOperation<Item>] = []
      for home in groupHomes(of: session) {
        let id = home.slot.container
        if present[id] == nil { present[id] = PresenceCounts(count(of: id)) }
        guard let index = present[id]?.before(home.slot.index) else { continue }
        present[id]?.remove(home.slot.index)
        operations.append(.remove(home.member, from: Slot(id, index)))
      }
      return operations
    case .none, .exchange, .into:
      return []
    }
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
