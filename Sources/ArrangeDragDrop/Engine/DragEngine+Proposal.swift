import ArrangeGeometry

// Adopting a proposal: the mutating step that changes a session and emits its events.
extension DragEngine {
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
    if rules.mode != nil && configuration.operationTiming == .onDrop {
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
        previousContainer == container
          || (configuration.operationTiming == .live && id != .keyboard && !session.isGroup),
        self.refusal(of: previous, for: session, over: previousContainer) == nil
      {
        action = previous
      }
    }
    if case .copy = action, session.isGroup, session.groupCopyIDs == nil,
      let copyID = rules.copyID
    {
      // Every member's copy ID, asked once, in selection order.
      let copies = session.group.map {
        $0 == session.item ? (session.copyID ?? copyID($0)) : copyID($0)
      }
      session.groupCopyIDs = copies
      sessions[index].groupCopyIDs = copies
    } else if case .copy = action, session.copyID == nil {
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
    if actionChanged && configuration.operationTiming == .live { applyLive(action, for: id) }
    emit(.proposalChanged(id, proposal))
    if let refusal, refusalChanged || announceAlways {
      let containerName = refusal.container.map { name(of: $0) }
      // A group's refusal names the member refused (a removal refused over a delete zone or
      // outside is proposed as nothing, with the refusal).
      let groupAction: DropAction<Item>? =
        isGroupAction(desired, of: session)
        ? desired : (session.isGroup && refusal.kind == .cannotRemove ? .remove : nil)
      if let groupAction,
        let (_, member) = groupRefusal(for: session, action: groupAction, over: container)
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
    case .none where session.isGroup:
      announce(.willReturnGroup(item, count: presentCount(of: session)))
    case .remove where session.isGroup:
      announce(.willRemoveGroup(item, count: presentCount(of: session)))
    case .copy(let slot) where session.isGroup:
      announce(
        .copyingGroup(
          item, count: presentCount(of: session), first: slot.index + 1,
          of: countWithGroup(session, in: slot.container), in: name(of: slot.container)))
    case .none:
      announce(
        .willReturn(
          item, position: session.origin.index + 1, in: name(of: session.origin.container)))
    case .move(let slot) where session.isGroup:
      announce(
        .movedGroup(
          item, count: presentCount(of: session), first: slot.index + 1,
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
