public import ArrangeGeometry

extension DragEngine {
  // MARK: - Choosing the target container

  /// Where a drag is, for choosing its target and slot and for the rules.
  ///
  /// The pointer, or with ``TargetStrategy/itemCenter`` the dragged item's center. A keyboard
  /// drag is where it was put.
  @inlinable
  func location(of session: DragSession<Item>) -> Point {
    configuration.strategy == .itemCenter && session.id != .keyboard
      ? session.ghostFrame.center : session.pointer
  }

  /// The mode of `session` over container `target`: the rules' mode for the pair, or the mode
  /// the drag started with.
  @inlinable
  func mode(of session: DragSession<Item>, over target: ContainerID?) -> DragMode {
    guard let rule = rules.mode, let target, session.startMode != .copy else {
      return session.startMode
    }
    let mode = rule(session.item, session.origin.container, target) ?? session.startMode
    return mode == .copy ? session.startMode : mode
  }

  /// The target container's position for a pointer drag, per the arena's strategy.
  @inlinable
  func targetContainer(for session: DragSession<Item>) -> Int? {
    switch configuration.strategy {
    case .pointerInside:
      return containerIndex(containing: session.pointer)
    case .itemCenter:
      return containerIndex(containing: location(of: session))
    case .largestOverlap:
      let ghost = session.ghostFrame
      var best: Int?
      var bestArea = 0.0
      for (position, container) in containers.enumerated() {
        let area = container.geometry.frame.intersectionArea(ghost)
        if area > bestArea {
          best = position
          bestArea = area
        }
      }
      return best
    case .closestCenter:
      let center = session.ghostFrame.center
      var best: Int?
      var bestDistance = Double.infinity
      for (position, container) in containers.enumerated() {
        let distance = container.geometry.frame.center.distance(to: center)
        if distance < bestDistance {
          best = position
          bestDistance = distance
        }
      }
      return best
    }
  }

  // MARK: - Slots

  /// The item that stands for the dragged item in container `id`: the item itself, or its live
  /// copy in copy mode.
  @inlinable
  func ownItem(of session: DragSession<Item>, in id: ContainerID) -> (Item, hint: Int?)? {
    if session.mode == .copy && id != session.origin.container {
      guard let copy = session.copyID else { return nil }
      return (copy, session.copyLocation?.container == id ? session.copyLocation?.index : nil)
    }
    return (session.item, session.location.container == id ? session.location.index : nil)
  }

  /// The number of items in `id` not counting the dragged item (or its copy), and where the
  /// dragged item sits in the geometry, if it does.
  @inlinable
  func baseCount(of session: DragSession<Item>, in id: ContainerID) -> (count: Int, own: Int?) {
    let total = count(of: id)
    guard let (own, hint) = ownItem(of: session, in: id), let at = locate(own, in: id, hint: hint)
    else { return (total, nil) }
    return (total - 1, at)
  }

  /// The final index for a drop at `point` in container `position`: the number of other items
  /// whose midpoint comes before the point.
  @inlinable
  func finalIndex(for session: DragSession<Item>, at point: Point, in position: Int) -> Int {
    let raw = arena[position].geometry.insertionIndex(for: point)
    let (count, own) = baseCount(of: session, in: arena[position].id)
    var index = raw
    if let own, raw > own { index -= 1 }
    return Swift.min(Swift.max(index, 0), count)
  }

  /// The geometry index of base index `index` in container `id` (skipping the dragged item).
  @inlinable
  func geometryIndex(_ index: Int, for session: DragSession<Item>, in id: ContainerID) -> Int {
    let own = baseCount(of: session, in: id).own
    if let own, index >= own { return index + 1 }
    return index
  }

  /// The item a move to `index` of container `id` would land in front of.
  @inlinable
  func anchor(_ index: Int, for session: DragSession<Item>, in id: ContainerID) -> Item? {
    guard let position = containerIndex(id) else { return nil }
    let at = geometryIndex(index, for: session, in: id)
    guard at >= 0 && at < arena[position].geometry.count else { return nil }
    return arena[position].geometry.item(at: at)
  }

  // MARK: - What the pointer asks for

  /// The action the pointer asks for, before the rules that can refuse it; the refusal is set
  /// only for removal, whose rule decides whether to propose it at all.
  @inlinable
  func desiredAction(for session: DragSession<Item>) -> (DropAction<Item>, Int?, DragRefusal?) {
    let point = location(of: session)
    guard let position = targetContainer(for: session) else {
      return outsideAction(for: session, at: point)
    }
    let id = arena[position].id
    if session.isGroup {
      if arena[position].isDeleteZone { return (.none, position, nil) }
      let index = groupFinalIndex(for: session, at: point, in: position)
      return (.move(to: Slot(id, index)), position, nil)
    }
    if arena[position].isDeleteZone {
      let (action, refusal) = deleteZoneAction(for: session, over: id)
      return (action, position, refusal)
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
    if session.mode == .copy || session.isGroup { return (.none, nil) }
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
    if session.mode == .copy || session.isGroup { return (.none, nil, nil) }
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

  /// Whether another session drags `item` or proposes to swap with it or drop into it.
  @inlinable
  func isClaimed(_ item: Item, byOtherThan id: SessionID) -> Bool {
    sessions.contains { other in
      guard other.id != id else { return false }
      if other.item == item || other.copyID == item { return true }
      switch other.proposal.action {
      case .exchange(let partner, _), .into(let partner, _): return partner == item
      default: return false
      }
    }
  }

  // MARK: - Rules

  /// Why `action` is not allowed, or `nil` when the rules allow it: the rule for its kind, then
  /// ``DragRules/canPropose`` with the whole context.
  @inlinable
  func refusal(
    of action: DropAction<Item>, for session: DragSession<Item>, over target: ContainerID? = nil
  ) -> DragRefusal? {
    if let refused = kindRefusal(of: action, for: session, over: target) { return refused }
    guard let canPropose = rules.canPropose, action != .none else { return nil }
    let container = target ?? session.proposal.container
    let verdict = canPropose(
      DropContext(
        item: session.item, origin: session.origin, action: action, container: container,
        point: location(of: session), isEditing: isEditing, session: session.id, mode: session.mode)
    )
    if verdict.isAllowed { return nil }
    return DragRefusal(.refusedByRule, container: container, reason: verdict.reason)
  }

  /// Why `action` is not allowed by the rule for its kind (and the built-in limits), or `nil`.
  @inlinable
  func kindRefusal(
    of action: DropAction<Item>, for session: DragSession<Item>, over target: ContainerID?
  ) -> DragRefusal? {
    let item = session.item
    let origin = session.origin
    switch action {
    case .none:
      return nil
    case .remove:
      let over = target ?? session.proposal.container
      let isDeleteZone = over.flatMap { containerIndex($0) }.map { arena[$0].isDeleteZone } ?? false
      let verdict =
        rules.canRemove?(item, location(of: session))
        ?? (isDeleteZone || isEditing ? .allow : .refuse(nil))
      if verdict.isAllowed { return nil }
      return DragRefusal(.cannotRemove, container: over, reason: verdict.reason)
    case .into(let target, let slot):
      let verdict = rules.canDropInto?(item, target) ?? .refuse(nil)
      guard verdict.isAllowed else {
        return DragRefusal(.cannotDropInto, container: slot.container, reason: verdict.reason)
      }
      // Going into an item of another container is arriving in that container.
      if slot.container != origin.container {
        return arrivalRefusal(of: item, from: origin.container, into: slot, adding: false)
      }
      return nil
    case .move(let slot), .copy(let slot):
      if session.isGroup { return groupRefusal(for: session, at: slot)?.0 }
      if case .copy = action, session.copyID == nil, rules.copyID == nil {
        return DragRefusal(.cannotCopy, container: slot.container)
      }
      if slot.container == origin.container {
        if let verdict = rules.canMove?(item, slot.container, origin.index, slot.index),
          !verdict.isAllowed
        {
          return DragRefusal(.cannotMove, container: slot.container, reason: verdict.reason)
        }
        return nil
      }
      return arrivalRefusal(of: item, from: origin.container, into: slot, adding: true)
    case .exchange(let other, let slot):
      if let verdict = rules.canDisplace?(other, item), !verdict.isAllowed {
        return DragRefusal(.cannotDisplace, container: slot.container, reason: verdict.reason)
      }
      if slot.container == origin.container {
        if let verdict = rules.canMove?(item, slot.container, origin.index, slot.index),
          !verdict.isAllowed
        {
          return DragRefusal(.cannotMove, container: slot.container, reason: verdict.reason)
        }
        return nil
      }
      if let refusal = arrivalRefusal(of: item, from: origin.container, into: slot, adding: false) {
        return refusal
      }
      return arrivalRefusal(of: other, from: slot.container, into: origin, adding: false)
    }
  }

  /// Whether `item` may arrive in another container: `accepts`, capacity, `canDrop`.
  @inlinable
  func arrivalRefusal(of item: Item, from source: ContainerID, into slot: Slot, adding: Bool)
    -> DragRefusal?
  {
    let id = slot.container
    if let verdict = rules.accepts?(item, id), !verdict.isAllowed {
      return DragRefusal(.notAccepted, container: id, reason: verdict.reason)
    }
    if adding, let capacity = rules.capacity?(id) {
      let others = sessions.first { $0.item == item }.map { baseCount(of: $0, in: id).count }
      if (others ?? count(of: id)) >= capacity {
        return DragRefusal(.containerFull, container: id)
      }
    }
    if let verdict = rules.canDrop?(item, source, id, slot.index), !verdict.isAllowed {
      return DragRefusal(.cannotDrop, container: id, reason: verdict.reason)
    }
    return nil
  }

  // MARK: - Adopting a proposal

  /// Recomputes a pointer drag's proposal from its pointer and the current geometry.
  @inlinable
  mutating func retarget(_ id: SessionID) {
    guard let index = sessionIndex(id),
      sessions.withUnsafeBufferPointer({ $0[index].isDragging })
    else { return }
    if id == .keyboard {
      retargetKeyboard()
      return
    }
    refreshMembers(of: index)
    var session = sessions[index]
    if rules.mode != nil && configuration.application == .onDrop {
      // The mode follows the container under the drag (outside every container, it stays).
      // Live, it stays the one chosen at the lift: the app's model already shows the drag in it.
      if let target = targetContainer(for: session) {
        session.mode = mode(of: session, over: arena[target].id)
        sessions[index].mode = session.mode
      }
    }
    let (action, position, refusal) = desiredAction(for: session)
    let container = position.map { arena[$0].id }
    adopt(action, container: container, refusal: refusal, session: session, at: index)
  }

  /// Checks `action` against the rules and makes it the session's proposal, falling back to the
  /// previous proposal (when it is in the same container) or to "return to origin".
  @inlinable
  mutating func adopt(
    _ desired: DropAction<Item>, container: ContainerID?, refusal given: DragRefusal?,
    for id: SessionID, announceAlways: Bool = false
  ) {
    guard let index = sessionIndex(id) else { return }
    adopt(
      desired, container: container, refusal: given, session: sessions[index], at: index,
      announceAlways: announceAlways)
  }

  /// `adopt` for the session at `index`, given as `session` by a caller that has it already (a
  /// drag step is cheaper with one copy of the session than with several).
  @inlinable
  mutating func adopt(
    _ desired: DropAction<Item>, container: ContainerID?, refusal given: DragRefusal?,
    session current: consuming DragSession<Item>, at index: Int, announceAlways: Bool = false
  ) {
    var session = current
    let id = session.id
    var action = desired
    var refusal = given
    if let refused = self.refusal(of: desired, for: session, over: container) {
      refusal = refused
      action = .none
      // Keep the previous proposal when it is still allowed (rules may have changed their
      // answers since) and in the same container. Live, keep it wherever it is: going back to
      // the origin would move items under a still pointer, which could then ask for something
      // allowed, and so on back and forth.
      let previous = session.proposal.action
      let previousContainer = Self.container(of: previous)
      if previousContainer != nil,
        previousContainer == container || (configuration.application == .live && id != .keyboard),
        self.refusal(of: previous, for: session, over: previousContainer) == nil
      {
        action = previous
      }
    }
    if case .copy = action, session.copyID == nil {
      session.copyID = rules.copyID?(session.item)
      sessions[index].copyID = session.copyID
    }
    let previousContainer = session.proposal.container
    if previousContainer != container {
      if let old = previousContainer { emit(.exited(id, old)) }
      if let new = container { emit(.entered(id, new)) }
    }
    // Compared field by field, so that an unchanged step builds and copies nothing.
    let actionChanged = session.proposal.action != action
    let refusalChanged = refusal != session.proposal.refusal
    guard actionChanged || refusalChanged || previousContainer != container || announceAlways
    else { return }
    if actionChanged, session.proposal.action.isExchange || action.isExchange {
      // Exchange events for the exchange given up and the one proposed, whatever the mode now
      // (it can change with the target).
      emitExchangeEvent(from: session.proposal.action, to: action, for: id)
    }
    let proposal = DropProposal(action, container: container, refusal: refusal)
    sessions[index].proposal = proposal
    if actionChanged && configuration.application == .live { applyLive(action, for: id) }
    emit(.proposalChanged(id, proposal))
    if let refusal, refusalChanged || announceAlways {
      let containerName = refusal.container.map { name(of: $0) }
      if session.isGroup, case .move(let slot) = desired,
        let (_, member) = groupRefusal(for: session, at: slot)
      {
        announce(.refusedMember(member, refusal, containerName: containerName))
      } else {
        announce(.refused(session.item, refusal, containerName: containerName))
      }
    }
    // Keyboard drags hear every step. Pointer drags hear the container they enter, refusals, the
    // lift, the drop and a cancel, but not every slot the pointer crosses: that would flood a
    // screen reader while the pointer moves.
    if !isLifting
      && (announceAlways || (actionChanged && (id == .keyboard || previousContainer != container)))
    {
      session.proposal = proposal
      announceProposal(for: session)
    }
  }

  @inlinable
  static func container(of action: DropAction<Item>) -> ContainerID? {
    switch action {
    case .none, .remove: return nil
    case .move(let slot), .copy(let slot), .exchange(_, let slot), .into(_, let slot):
      return slot.container
    }
  }

  /// The exchange events: undo the previous exchange (if any), then the new one (if any).
  @inlinable
  mutating func emitExchangeEvent(
    from previous: DropAction<Item>, to action: DropAction<Item>, for id: SessionID
  ) {
    guard let session = sessions.first(where: { $0.id == id }) else { return }
    var pairs: [ExchangePair] = []
    if case .exchange(_, let slot) = previous { pairs.append(ExchangePair(slot, session.origin)) }
    if case .exchange(_, let slot) = action { pairs.append(ExchangePair(session.origin, slot)) }
    if !pairs.isEmpty { emit(.exchangeEvent(id, exchanges: pairs)) }
  }

  @inlinable
  mutating func announceProposal(for session: DragSession<Item>) {
    let item = session.item
    switch session.proposal.action {
    case .none:
      announce(
        .willReturn(
          item, position: session.origin.index + 1, in: name(of: session.origin.container)))
    case .move(let slot) where session.isGroup:
      announce(
        .movedGroup(
          item, count: session.group.count, first: slot.index + 1,
          of: countWithGroup(session, in: slot.container), in: name(of: slot.container)))
    case .move(let slot), .copy(let slot):
      let total = baseCount(of: session, in: slot.container).count + 1
      announce(
        .moved(item, position: slot.index + 1, of: total, in: name(of: slot.container)))
    case .exchange(let other, let slot):
      announce(.willExchange(item, with: other, in: name(of: slot.container)))
    case .remove:
      announce(.willRemove(item))
    case .into(let target, _):
      announce(.willDropInto(item, into: target))
    }
  }
}
