extension DragEngine {
  mutating func setGeometry(_ geometry: Geometry, for id: ContainerID) {
    guard let position = containerIndex(id) else { return }  // an unknown container
    arena[position].geometry = geometry
    for session in sessions.map({ $0.id }) { relocate(session) }
    retargetAll()
  }

  /// Finds a session's item again after the app changed a container; cancels the session when
  /// the item is gone.
  mutating func relocate(_ id: SessionID) {
    guard let index = sessionIndex(id) else { return }
    let session = sessions[index]
    let isLive = !session.live.isEmpty
    if let found = find(session.item, hint: session.location) {
      sessions[index].location = found
      if !isLive { sessions[index].origin = found }
      sessions[index].isMissing = false
    } else {
      sessions[index].isMissing = true
      return
    }
    if let copy = session.copyID, let location = session.copyLocation {
      // Apps report containers one at a time: a copy not found yet keeps its last known place.
      if let found = find(copy, hint: location) { sessions[index].copyLocation = found }
    }
  }

  /// Cancels, without operations, the drags whose item the app has removed: there is nothing
  /// left to drag or to restore.
  @inlinable
  mutating func settleMissingItems() {
    guard sessions.contains(where: { $0.isMissing }) else { return }
    for session in sessions where session.isMissing {
      if let index = sessionIndex(session.id),
        let found = find(session.item, hint: session.location)
      {
        sessions[index].isMissing = false
        sessions[index].location = found
        if session.live.isEmpty { sessions[index].origin = found }
        continue
      }
      sessions.removeAll { $0.id == session.id }
      if session.isDragging { reportCancelled(session) }
    }
  }

  /// Where `item` is now: at `hint`, elsewhere in the hinted container, or in any container.
  @inlinable
  func find(_ item: Item, hint: Slot) -> Slot? {
    if let index = locate(item, in: hint.container, hint: hint.index) {
      return Slot(hint.container, index)
    }
    for container in containers where container.id != hint.container {
      if let index = container.geometry.index(of: item), index < container.geometry.count {
        return Slot(container.id, index)
      }
    }
    return nil
  }

  /// Recomputes every drag's proposal after the arena changed.
  ///
  /// Live drags wait for their next
  /// input instead: the app may not have reported every container yet, and operations computed
  /// from a half-updated arena would not describe its model.
  mutating func retargetAll() {
    guard configuration.operationTiming == .onDrop else { return }
    for session in sessions where session.isDragging { retarget(session.id) }
  }

  mutating func addContainer(_ container: ArenaContainer<Geometry>, priority: Int?) {
    if let existing = containerIndex(container.id) { arena.remove(at: existing) }
    let at = Swift.min(Swift.max(priority ?? containers.count, 0), containers.count)
    arena.insert(container, at: at)
    for session in sessions.map({ $0.id }) { relocate(session) }
    retargetAll()
  }

  mutating func removeContainer(_ id: ContainerID) {
    guard let position = containerIndex(id) else { return }
    // Drags that started in it, or whose item is in it now, cannot go on.
    for session in sessions
    where session.origin.container == id || session.location.container == id
      || session.copyLocation?.container == id
    {
      cancel(session.id)
    }
    arena.remove(at: position)
    var keyboardLostTarget = false
    for index in sessions.indices where sessions[index].keyboardTarget?.container == id {
      sessions[index].keyboardTarget = sessions[index].origin
      keyboardLostTarget = true
    }
    retargetAll()
    // A keyboard drag aimed at the removed container goes back to where it started, live as
    // well as on drop: its proposal must not name a container that is gone.
    if keyboardLostTarget && configuration.operationTiming == .live { retargetKeyboard() }
  }

  mutating func moveContainer(_ id: ContainerID, priority: Int) {
    guard let position = containerIndex(id) else { return }
    let container = arena.remove(at: position)
    arena.insert(container, at: Swift.min(Swift.max(priority, 0), containers.count))
    retargetAll()
  }

  @inlinable
  mutating func setEditing(_ editing: Bool, from id: ContainerID?) {
    guard editing != isEditing else { return }
    self.editing = editing
    emit(editing ? .editModeBegan(from: id) : .editModeEnded(from: id))
    if editing {
      for session in sessions where !session.isDragging { begin(session.id) }
    }
  }
}
