public import ArrangeGeometry

// What the pointer asks for, before the rules. Pure functions of the engine's state.
extension DragEngine {
  /// The action the pointer asks for, before the rules that can refuse it; the refusal is set
  /// only for removal, whose rule decides whether to propose it at all.
  @inlinable
  func desiredAction(for session: DragSession<Item>) -> (DropAction<Item>, Int?, DragRefusal?) {
    let point = location(of: session)
    guard let position = targetContainer(for: session) else {
      return outsideAction(for: session, at: point)
    }
    let id = arena[position].id
    if arena[position].isDeleteZone {
      let (action, refusal) = deleteZoneAction(for: session, over: id)
      return (action, position, refusal)
    }
    if session.isGroup {
      let index = groupFinalIndex(for: session, at: point, in: position)
      return (groupSlotAction(for: session, index: index, in: id), position, nil)
    }
    switch session.mode {
    case .exchange:
      return (exchangeAction(for: session, at: point, in: position), position, nil)
    case .move, .copy:
      // Copies are not dropped into items: the source keeps its item, and a palette's items are
      // not meant to disappear into others.
      if rules.canDropInto != nil, session.mode == .move,
        let into = intoAction(for: session, at: point, in: position)
      {
        return (into, position, nil)
      }
      let index = finalIndex(for: session, at: point, in: position)
      return (slotAction(for: session, index: index, in: id), position, nil)
    }
  }

  /// What dropping on delete zone `id` would do: remove the item, unless the rules refuse (then
  /// nothing, with the refusal) or the drag gives copies (a palette's items are not removed).
  @inlinable
  func deleteZoneAction(for session: DragSession<Item>, over id: ContainerID) -> (
    DropAction<Item>, DragRefusal?
  ) {
    if session.mode == .copy { return (.none, nil) }
    if let refused = refusal(of: .remove, for: session, over: id) { return (.none, refused) }
    return (.remove, nil)
  }

  /// The move or copy to a final index (or nothing, for the origin).
  @inlinable
  func slotAction(for session: DragSession<Item>, index: Int, in id: ContainerID) -> DropAction<
    Item
  > {
    let slot = Slot(id, index)
    if id == session.origin.container {
      return index == session.origin.index ? .none : .move(to: slot)
    }
    return session.mode == .copy ? .copy(to: slot) : .move(to: slot)
  }

  @inlinable
  func outsideAction(for session: DragSession<Item>, at point: Point) -> (
    DropAction<Item>, Int?, DragRefusal?
  ) {
    if session.mode == .copy { return (.none, nil, nil) }
    let verdict = rules.canRemove?(session.item, point) ?? (isEditing ? .allow : .refuse(nil))
    if verdict.isAllowed { return (.remove, nil, nil) }
    if session.mode == .exchange { return (keptExchange(of: session), nil, nil) }
    // A refusal is reported only when the app has a removal rule; by default, dropping outside
    // just returns the item.
    let refusal = rules.canRemove == nil ? nil : DragRefusal(.cannotRemove, reason: verdict.reason)
    return (.none, nil, refusal)
  }

  /// Drop into the item under the pointer, when the rules allow and the pointer is in its middle.
  @inlinable
  func intoAction(for session: DragSession<Item>, at point: Point, in position: Int)
    -> DropAction<Item>?
  {
    guard let canDropInto = rules.canDropInto else { return nil }
    let container = arena[position]
    let geometry = container.geometry
    guard let index = geometry.itemIndex(at: point), index < geometry.count else { return nil }
    let target = geometry.item(at: index)
    guard target != session.item, target != session.copyID,
      !isClaimed(target, byOtherThan: session.id)
    else { return nil }
    let frame = geometry.frameOfItem(at: index)
    let half =
      frame.size[geometry.axis] * Swift.min(Swift.max(configuration.dropIntoFraction, 0), 1)
    guard abs(point[geometry.axis] - frame.center[geometry.axis]) <= half / 2 else { return nil }
    guard canDropInto(session.item, target).isAllowed else { return nil }
    return .into(target, at: Slot(container.id, index))
  }

  /// The exchange the pointer asks for: with the item whose *original* slot is under it.
  @inlinable
  func exchangeAction(for session: DragSession<Item>, at point: Point, in position: Int)
    -> DropAction<Item>
  {
    let container = arena[position]
    let geometry = container.geometry
    guard let index = geometry.itemIndex(at: point), index < geometry.count else {
      return keptExchange(of: session)  // a gap: keep the current exchange
    }
    return exchangeAction(
      for: session, at: Slot(container.id, index), seen: geometry.item(at: index))
  }

  /// The exchange for the item `seen` at `slot`, judged by slot rather than by item: exchanges
  /// never shift other items, so only the origin and the current partner's slot can show something
  /// other than what was there before the lift.
  ///
  /// That keeps the answer right while a
  /// live swap is applied and while the app reports its containers one at a time.
  @inlinable
  func exchangeAction(for session: DragSession<Item>, at slot: Slot, seen: Item) -> DropAction<Item>
  {
    if slot == session.origin { return .none }  // back home
    if case .exchange(let partner, let current) = session.proposal.action, current == slot,
      seen == partner || seen == session.item
    {
      return session.proposal.action  // the partner, or our item swapped into its place live
    }
    if seen == session.item { return keptExchange(of: session) }  // stale geometry: keep
    // An item another drag holds (its item, or the partner it swaps with) cannot be displaced.
    if isClaimed(seen, byOtherThan: session.id) { return keptExchange(of: session) }
    if case .exchange(let partner, _) = session.proposal.action, partner == seen {
      return session.proposal.action
    }
    return .exchange(with: seen, at: slot)
  }

  /// The current exchange, kept while the pointer is over a gap; any other proposal (a
  /// removal proposed outside every container) gives way to "nothing".
  @inlinable
  func keptExchange(of session: DragSession<Item>) -> DropAction<Item> {
    if case .exchange = session.proposal.action { return session.proposal.action }
    return .none
  }

  /// Whether another session drags `item` (alone or as a member of its group, or as a copy it
  /// makes) or proposes to swap with it or drop into it: an item is in at most one drag.
  @inlinable
  func isClaimed(_ item: Item, byOtherThan id: SessionID) -> Bool {
    sessions.contains { other in
      guard other.id != id else { return false }
      if other.item == item || other.copyID == item { return true }
      if other.isGroup
        && (other.group.contains(item) || other.groupCopyIDs?.contains(item) == true)
      {
        return true
      }
      switch other.proposal.action {
      case .exchange(let partner, _), .into(let partner, _): return partner == item
      default: return false
      }
    }
  }
}
