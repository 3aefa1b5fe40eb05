import ArrangeGeometry

// Asking the rules about a proposal. Pure functions of the engine's state.
extension DragEngine {
  /// Why `action` is not allowed, or `nil` when the rules allow it: the rule for its kind, then
  /// ``DragRules/canPropose`` with the whole context.
  @inlinable
  func refusal(
    of action: DropAction<Item>, for session: DragSession<Item>, over target: ContainerID? = nil
  ) -> DragRefusal? {
    if let refused = kindRefusal(of: action, for: session, over: target) { return refused }
    // A group's members were each asked, with the whole group in their context.
    guard let canPropose = rules.canPropose, action != .none, !isGroupAction(action, of: session)
    else { return nil }
    let container = target ?? session.proposal.container
    let verdict = canPropose(
      DropContext(
        item: session.item, origin: session.origin, action: action, container: container,
        point: location(of: session), isEditing: isEditing, session: session.id, mode: session.mode,
        group: session.group))
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
      if session.isGroup { return groupRefusal(for: session, action: action, over: target)?.0 }
      // Over a delete zone when one is given or proposed; otherwise outside every container.
      let over = target ?? (session.proposal.action == .remove ? session.proposal.container : nil)
      let isDeleteZone = over.flatMap { containerIndex($0) }.map { arena[$0].isDeleteZone } ?? false
      let verdict =
        rules.canRemove?(item, location(of: session))
        ?? (isDeleteZone || (isEditing && configuration.removesOutsideInEditMode)
          ? .allow : .refuse(nil))
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
      if session.isGroup { return groupRefusal(for: session, action: action, over: target)?.0 }
      if case .copy = action {
        if session.copyID == nil, rules.copyID == nil {
          return DragRefusal(.cannotCopy, container: slot.container)
        }
        if let refusal = copyRefusal(of: item, into: slot.container) { return refusal }
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
}

extension DragEngine {
  /// Whether `action` is one a group carries out with every member (a move, copy or removal).
  @inlinable
  func isGroupAction(_ action: DropAction<Item>, of session: DragSession<Item>) -> Bool {
    guard session.isGroup else { return false }
    switch action {
    case .move, .copy, .remove: return true
    case .none, .exchange, .into: return false
    }
  }
}

extension DragEngine {
  /// Why `item` may not be copied into `container`: the app's ``DragRules/canCopy``, then whether
  /// it holds items the engine dropped into it (a copy would leave them behind); `nil` if it may.
  @inlinable
  func copyRefusal(of item: Item, into container: ContainerID) -> DragRefusal? {
    if let verdict = rules.canCopy?(item), !verdict.isAllowed {
      return DragRefusal(.cannotCopy, container: container, reason: verdict.reason)
    }
    if !holdings.isEmpty, holdings[item] != nil {
      return DragRefusal(
        .cannotCopy, container: container,
        reason: "It holds other items, which a copy would leave behind")
    }
    return nil
  }
}
