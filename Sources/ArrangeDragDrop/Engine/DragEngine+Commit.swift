extension DragEngine {
  // MARK: - Operations for a proposal

  /// The operations that carry out `action`, relative to the model before the lift.
  @inlinable
  func operations(for action: DropAction<Item>, of session: DragSession<Item>)
    -> [DragOperation<Item>]
  {
    let item = session.item
    if isGroupAction(action, of: session) { return groupOperations(for: session, action: action) }
    switch action {
    case .none:
      return []
    case .move(let slot):
      let before = anchor(slot.index, for: session, in: slot.container)
      return [.move(item, from: session.origin, to: slot, before: before)]
    case .exchange(let other, let slot):
      return [.exchange(item, at: session.origin, with: other, otherAt: slot)]
    case .copy(let slot):
      guard let copy = session.copyID else { return [] }
      return [.copy(item, as: copy, to: slot)]
    case .remove:
      return [.remove(item, from: session.origin)]
    case .into(let target, _):
      return [.dropInto(item, from: session.origin, into: target)]
    }
  }

  /// Live application: moves the app's model from the session's current tentative state to the
  /// one for `action`, composing a move followed by a move into one move.
  @inlinable
  mutating func applyLive(_ action: DropAction<Item>, for id: SessionID) {
    guard let index = sessionIndex(id) else { return }
    let session = sessions[index]
    // A group lands at the drop: its members' positions would otherwise shift under each other.
    if session.isGroup { return }
    let target: [DragOperation<Item>]
    switch action {
    case .move, .exchange, .copy: target = operations(for: action, of: session)
    case .none, .remove: target = []  // a removal happens at the drop; until then, home
    case .into:
      // A drop into an item happens at the drop. Until then the item stays where it was shown
      // last: putting it back would move the target item from under a still pointer.
      return
    }
    let current = session.live
    guard current != target else { return }
    var emitted: [DragOperation<Item>]
    if current.count == 1, target.count == 1,
      case .move(let item, _, let now, _) = current[0],
      case .move(_, _, let next, let before) = target[0]
    {
      emitted = [.move(item, from: now, to: next, before: before)]
    } else if current.count == 1, target.count == 1,
      case .copy(_, let copy, let now) = current[0],
      case .copy(_, _, let next) = target[0]
    {
      let before = anchor(next.index, for: session, in: next.container)
      emitted = [.move(copy, from: now, to: next, before: before)]
    } else {
      emitted = current.reversed().map { $0.inverse } + target
    }
    for operation in emitted { apply(operation, by: id) }
    sessions[index].live = target
    sessions[index].location = session.origin
    sessions[index].copyLocation = nil
    switch target.first {
    case .move(_, _, let slot, _)?: sessions[index].location = slot
    case .exchange(_, _, _, let slot)?: sessions[index].location = slot
    case .copy(_, _, let slot)?: sessions[index].copyLocation = slot
    default: break
    }
    batches.append(Batch(purpose: .live(session: id, before: current), operations: emitted))
  }

  // MARK: - Drop and cancel

  /// Commits a drag's proposal as a transaction.
  mutating func drop(_ id: SessionID) {
    guard let index = sessionIndex(id), sessions[index].isDragging else { return }
    var session = sessions[index]
    // The container a drop goes to must still be there, and so must the delete zone a removal
    // was proposed over.
    var target = Self.container(of: session.proposal.action)
    if case .remove = session.proposal.action { target = session.proposal.container }
    if let refused = refusal(of: session.proposal.action, for: session)
      ?? (target.map({ containerIndex($0) == nil }) == true ? DragRefusal(.cannotDrop) : nil)
    {
      // The rules changed their answer since the last step (or the target left): the item
      // returns, and the app hears so as it would at any step.
      let previous = session.proposal.action
      session.proposal.action = .none
      session.proposal.refusal = refused
      emitExchangeEvent(from: previous, to: .none, for: id)
      emit(.proposalChanged(id, session.proposal))
    }
    let final = operations(for: session.proposal.action, of: session)
    let toEmit = session.live == final ? [] : session.live.reversed().map { $0.inverse } + final
    let announcement = dropAnnouncement(for: session)
    sessions.remove(at: index)
    for operation in toEmit { apply(operation, by: id) }
    if entangled.contains(id) { forgetHistory(for: id) }
    let transaction = DragTransaction(final)
    if final.isEmpty {
      emit(.didNotMove(id, session.item))
      if session.mode == .exchange {
        emit(.exchangeTransactionFinished(id, session.origin, session.origin))
      }
    } else {
      remember(transaction)
      redoStack.removeAll()
      // Drags still under way with live changes in the model: the transaction is recorded on
      // top of states they may still take back.
      for other in sessions where !other.live.isEmpty { entangled.insert(other.id) }
      emit(.didMove(id, session.item))
      if session.mode == .exchange, case .exchange(_, let slot) = session.proposal.action {
        emit(.exchangeTransactionFinished(id, session.origin, slot))
      }
    }
    emit(.dropped(id, transaction))
    announce(announcement)
    // A live drop whose last change came in this very input emits nothing more, but that change
    // is part of its transaction: the batch is what lets a failure reported for this input take
    // the drop back (and its transaction off the undo stack) as it would any other drop's.
    let changedInThisInput = batches.contains {
      if case .live(let session, _) = $0.purpose { return session == id }
      return false
    }
    if !toEmit.isEmpty || (changedInThisInput && !final.isEmpty) {
      batches.append(
        Batch(
          purpose: .commit(id, final.isEmpty ? nil : transaction, liveBefore: session.live),
          operations: toEmit))
    }
  }

  func dropAnnouncement(for session: DragSession<Item>) -> Announcement<Item> {
    let item = session.item
    switch session.proposal.action {
    case .none where session.isGroup:
      return .didNotMoveGroup(item, count: presentCount(of: session))
    case .none:
      return .didNotMove(item)
    case .move(let slot) where session.isGroup:
      return .droppedGroup(
        item, count: presentCount(of: session), first: slot.index + 1,
        of: countWithGroup(session, in: slot.container), in: name(of: slot.container))
    case .copy(let slot) where session.isGroup:
      return .copiedGroup(
        item, count: presentCount(of: session), first: slot.index + 1,
        of: countWithGroup(session, in: slot.container), in: name(of: slot.container))
    case .remove where session.isGroup:
      return .removedGroup(item, count: presentCount(of: session))
    case .move(let slot):
      return .dropped(
        item, position: slot.index + 1, of: baseCount(of: session, in: slot.container).count + 1,
        in: name(of: slot.container))
    case .copy(let slot):
      return .copied(
        item, position: slot.index + 1, of: baseCount(of: session, in: slot.container).count + 1,
        in: name(of: slot.container))
    case .exchange(let other, _):
      return .exchanged(item, with: other)
    case .remove:
      return .removed(item)
    case .into(let target, _):
      return .droppedInto(item, into: target)
    }
  }

  /// Cancels a drag: nothing is committed and live changes are undone.
  mutating func cancel(_ id: SessionID) {
    guard let index = sessionIndex(id) else { return }
    let session = sessions[index]
    sessions.remove(at: index)
    guard session.isDragging else { return }
    if case .exchange(_, let slot) = session.proposal.action {
      emit(.exchangeEvent(id, exchanges: [ExchangePair(slot, session.origin)]))
    }
    let undo = session.live.reversed().map { $0.inverse }
    for operation in undo { apply(operation, by: id) }
    entangled.remove(id)
    if !undo.isEmpty {
      batches.append(Batch(purpose: .cancel(id, live: session.live), operations: undo))
    }
    reportCancelled(session)
  }

  /// The event and the announcement of a cancelled drag.
  @inlinable
  mutating func reportCancelled(_ session: DragSession<Item>) {
    emit(.cancelled(session.id, session.item))
    if session.isGroup {
      announce(.cancelledGroup(session.item, count: presentCount(of: session)))
    } else {
      announce(
        .cancelled(
          session.item, position: session.origin.index + 1, in: name(of: session.origin.container)
        ))
    }
  }

  // MARK: - Undo, redo, rollback

  /// Undoes the last drop, its items found where they are now (the app may have changed the
  /// containers since); a drop whose item is no longer in any container is refused and
  /// forgotten, with an announcement that names the item.
  mutating func undo() {
    guard !isDragging, let transaction = undoStack.popLast() else {
      announce(.nothingToUndo)
      return
    }
    let (operations, missing) = located(transaction.inverse.operations)
    if let missing {
      announce(.cannotUndo(missing))
      return
    }
    let inverse = DragTransaction(operations)
    for operation in operations { apply(operation, by: nil) }
    redoStack.append(transaction)
    emit(.undone(inverse))
    announce(.undone)
    batches.append(Batch(purpose: .undo(transaction), operations: operations))
  }

  /// Redoes the last drop undone, its items found where they are now (see ``undo()``).
  mutating func redo() {
    guard !isDragging, let transaction = redoStack.popLast() else {
      announce(.nothingToRedo)
      return
    }
    let (operations, missing) = located(transaction.operations)
    if let missing {
      announce(.cannotRedo(missing))
      return
    }
    for operation in operations { apply(operation, by: nil) }
    remember(transaction)
    emit(.redone(DragTransaction(operations)))
    announce(.redone)
    batches.append(Batch(purpose: .redo(transaction), operations: operations))
  }

  /// `operations` (an undo's or a redo's, recorded when the drop was made) rewritten for the
  /// containers as they are now: each item taken from where it is (the app may have added,
  /// removed or moved items since), each place clamped to its container, each `before` the item
  /// now there; or, as `missing`, the item that is not where the operation needs it (taken away
  /// by the app, or already back).
  @inlinable
  func located(_ operations: [DragOperation<Item>]) -> (
    operations: [DragOperation<Item>], missing: Item?
  ) {
    // The containers' items as the app reported them, changed as each operation applies, in
    // the arena's order.
    var lists = arena.map { container in
      (0..<container.geometry.count).map { container.geometry.item(at: $0) }
    }
    func find(_ item: Item) -> (position: Int, index: Int)? {
      for position in lists.indices {
        if let index = lists[position].firstIndex(of: item) { return (position, index) }
      }
      return nil
    }
    /// `item` put at `slot`'s index (clamped) of its container; the slot and the item after it.
    func insert(_ item: Item, at slot: Slot) -> (Slot, before: Item?)? {
      guard let position = containerIndex(slot.container) else { return nil }
      let index = Swift.min(Swift.max(slot.index, 0), lists[position].count)
      let before = index < lists[position].count ? lists[position][index] : nil
      lists[position].insert(item, at: index)
      return (Slot(slot.container, index), before)
    }
    func slot(_ place: (position: Int, index: Int)) -> Slot {
      Slot(arena[place.position].id, place.index)
    }
    var result: [DragOperation<Item>] = []
    for operation in operations {
      switch operation {
      case .move(let item, _, let to, _):
        guard let now = find(item) else { return (result, item) }
        lists[now.position].remove(at: now.index)
        guard let (placed, before) = insert(item, at: to) else { return (result, item) }
        result.append(.move(item, from: slot(now), to: placed, before: before))
      case .exchange(let item, _, let other, _):
        guard let first = find(item) else { return (result, item) }
        guard let second = find(other) else { return (result, other) }
        lists[first.position][first.index] = other
        lists[second.position][second.index] = item
        result.append(.exchange(item, at: slot(first), with: other, otherAt: slot(second)))
      case .copy(let item, let copy, let to):
        guard find(copy) == nil, let (placed, _) = insert(copy, at: to) else {
          return (result, copy)
        }
        result.append(.copy(item, as: copy, to: placed))
      case .remove(let item, _):
        guard let now = find(item) else { return (result, item) }
        lists[now.position].remove(at: now.index)
        result.append(.remove(item, from: slot(now)))
      case .insert(let item, let at):
        guard find(item) == nil, let (placed, _) = insert(item, at: at) else {
          return (result, item)
        }
        result.append(.insert(item, at: placed))
      case .dropInto(let item, _, let target):
        guard let now = find(item), find(target) != nil else { return (result, item) }
        lists[now.position].remove(at: now.index)
        result.append(.dropInto(item, from: slot(now), into: target))
      case .takeOut(let item, let holder, let to):
        guard find(item) == nil, let (placed, _) = insert(item, at: to) else {
          return (result, item)
        }
        result.append(.takeOut(item, from: holder, to: placed))
      }
    }
    return (result, nil)
  }

  /// The app applied only the first `applied` of the operations the last input gave it: undo
  /// those, put the engine back as it was before that input, and leave no applied change without
  /// a record.
  mutating func rollBack(_ failed: [Batch], applied: Int, message: String) {
    guard !failed.isEmpty else { return }
    // Each batch's share of `applied`, in emission order.
    var remaining = Swift.max(applied, 0)
    var done: [Int] = []
    // The live state each session had when the input arrived (its earliest batch's `before`).
    var liveAtStart: [SessionID: [DragOperation<Item>]] = [:]
    for batch in failed {
      let count = Swift.min(remaining, batch.operations.count)
      done.append(count)
      remaining -= count
      if case .live(let id, let before) = batch.purpose, liveAtStart[id] == nil {
        liveAtStart[id] = before
      }
    }
    var emitted: [DragOperation<Item>] = []
    var takeBack: [DragOperation<Item>] = []
    var toCancel: [SessionID] = []
    var kept: [(SessionID, [DragOperation<Item>])] = []
    for (batch, count) in zip(failed, done).reversed() {
      // The operations the app did not apply kept the other drags in step as if it had: take
      // that back, without telling the app (its model never moved).
      for operation in batch.operations[count...].reversed() {
        keepSessionsInStep(with: operation.inverse, except: batch.purpose.session)
        countHoldings(operation.inverse)
      }
      for operation in batch.operations[..<count].reversed() {
        apply(operation.inverse, by: nil)
        emitted.append(operation.inverse)
      }
      switch batch.purpose {
      case .rollback:
        break
      case .cancel(let id, let live):
        // The app keeps the drag's live changes: they become the drag's drop, undoable.
        kept.append((id, liveAtStart[id] ?? live))
      case .commit(let id, let transaction, let liveBefore):
        // The drag is over: its live changes from before this input are taken back too, once
        // everything this input did is undone (the state they were made on).
        takeBack.append(contentsOf: (liveAtStart[id] ?? liveBefore).reversed().map { $0.inverse })
        if let transaction, undoStack.last == transaction { undoStack.removeLast() }
      case .live(let id, _):
        if let index = sessionIndex(id), let start = liveAtStart[id] {
          sessions[index].live = start
          if !toCancel.contains(id) { toCancel.append(id) }
        }
      case .undo(let transaction):
        if redoStack.last == transaction { redoStack.removeLast() }
        undoStack.append(transaction)
      case .redo(let transaction):
        if undoStack.last == transaction { undoStack.removeLast() }
        redoStack.append(transaction)
      }
    }
    for operation in takeBack {
      apply(operation, by: nil)
      emitted.append(operation)
    }
    emit(.applicationFailed(message: message))
    if !emitted.isEmpty { batches.append(Batch(purpose: .rollback, operations: emitted)) }
    for (id, live) in kept.reversed() where !live.isEmpty {
      let transaction = DragTransaction(live)
      remember(transaction)
      redoStack.removeAll()
      emit(.dropped(id, transaction))
    }
    for id in toCancel { cancel(id) }
  }
}

extension DragEngine {
  /// Puts `transaction` on the undo stack, forgetting the oldest beyond
  /// ``DragConfiguration/undoLimit``.
  @usableFromInline
  mutating func remember(_ transaction: DragTransaction<Item>) {
    undoStack.append(transaction)
    let limit = Swift.max(0, configuration.undoLimit)
    if undoStack.count > limit { undoStack.removeFirst(undoStack.count - limit) }
  }
}
