public import ArrangeGeometry

extension DragEngine {
  /// Coordinates beyond this are treated as this far away: far enough to be outside everything,
  /// near enough that arithmetic on them stays exact.
  @inlinable
  static var farAway: Double { 1e12 }

  @inlinable
  static func clamped(_ point: Point) -> Point {
    Point(
      x: Swift.min(Swift.max(point.x, -farAway), farAway),
      y: Swift.min(Swift.max(point.y, -farAway), farAway))
  }

  /// A pointer move: the step that runs many times a second during a drag.
  @inlinable
  mutating func handlePointerMove(_ event: PointerEvent) {
    // NaN and infinite coordinates are not a place; the event is dropped and the state kept.
    guard event.location.isFinite, let index = sessionIndex(.pointer(event.id)) else { return }
    let time = advanceTime(of: index, to: event.time)
    move(sessionAt: index, to: Self.clamped(event.location), time: time)
  }

  mutating func handlePointer(_ event: PointerEvent) {
    let id = SessionID.pointer(event.id)
    var point = Self.clamped(event.location)
    if !event.location.isFinite {
      // NaN and infinite coordinates are not a place: a press, move or release there is dropped
      // and the state kept. A lost pointer needs no place: its cancel still ends the drag. And a
      // press released, wherever, is over: it must not become a drag at the next tick.
      guard let index = sessionIndex(id) else { return }
      if event.phase == .up && !sessions[index].isDragging {
        sessions.remove(at: index)
        return
      }
      guard event.phase == .cancel else { return }
      point = sessions[index].pointer
    }
    switch event.phase {
    case .down:
      guard sessionIndex(id) == nil else { return }  // a second press for the same pointer
      press(id, at: point, time: event.time, kind: event.kind)
    case .move:
      guard let index = sessionIndex(id) else { return }  // hovering, or an unknown pointer
      let time = advanceTime(of: index, to: event.time)
      move(sessionAt: index, to: point, time: time)
    case .up:
      guard let index = sessionIndex(id) else { return }  // end before press, or end twice
      let time = advanceTime(of: index, to: event.time)
      if case .pressing(_, let pressTime, .longPress(let delay, _)) = sessions[index].phase,
        time - pressTime >= delay
      {
        // Held long enough with no tick in between: the drag began before this release.
        move(sessionAt: index, to: point, time: time)
      }
      guard let index = sessionIndex(id) else { return }
      if sessions[index].isDragging {
        move(sessionAt: index, to: point, time: time)
        if let index = sessionIndex(id), sessions[index].isDragging { drop(id) }
      } else {
        sessions.remove(at: index)  // a click: the press never became a drag
      }
    case .cancel:
      guard let index = sessionIndex(id) else { return }
      if sessions[index].isDragging { cancel(id) } else { sessions.remove(at: index) }
    }
  }

  /// Time never runs backwards for a session; a NaN or earlier time counts as "no time passed".
  @inlinable
  mutating func advanceTime(of index: Int, to time: Double) -> Double {
    if time.isFinite && time > sessions[index].time { sessions[index].time = time }
    return sessions[index].time
  }

  /// The first container, in priority order, whose frame contains `point`.
  @inlinable
  func containerIndex(containing point: Point) -> Int? {
    for position in arena.indices where arena[position].geometry.frame.contains(point) {
      return position
    }
    return nil
  }

  mutating func press(_ id: SessionID, at point: Point, time: Double, kind: PointerKind) {
    guard let position = containerIndex(containing: point) else { return }
    let container = arena[position]
    guard let index = container.geometry.itemIndex(at: point), index < container.geometry.count
    else { return }
    let item = container.geometry.item(at: index)
    let frame = container.geometry.frameOfItem(at: index)
    if let handle = rules.gripRect?(item, frame), !handle.contains(point) { return }
    guard let session = makeSession(id, item: item, slot: Slot(container.id, index), frame: frame)
    else { return }
    var pressed = session
    pressed.pointer = point
    pressed.grabOffset = point - frame.origin
    pressed.time = time.isFinite ? time : 0
    var activation = kind == .mouse ? configuration.mouseActivation : configuration.touchActivation
    if configuration.dragsOnlyInEditMode && !isEditing {
      // Outside edit mode a held press enters it (see `begin`); nothing drags.
      activation = .longPress(delay: configuration.editModePressDelay, tolerance: 10)
    }
    pressed.phase = .pressing(start: point, time: pressed.time, activation: activation)
    sessions.append(pressed)
    if isEditing { begin(id) }
  }

  /// A new session for `item`, or `nil` (with a refusal event) when the lock, another session or
  /// `canDrag` refuses it.
  mutating func makeSession(_ id: SessionID, item: Item, slot: Slot, frame: Rect)
    -> DragSession<Item>?
  {
    if !configuration.allowsConcurrentDrags && !sessions.isEmpty {
      emit(.refused(id, DragRefusal(.anotherDragInProgress)))
      return nil
    }
    if isClaimed(item, byOtherThan: id) {
      emit(.refused(id, DragRefusal(.itemAlreadyDragged)))
      return nil
    }
    if let verdict = rules.canDrag?(item, slot.container), !verdict.isAllowed {
      let refusal = DragRefusal(.notDraggable, container: slot.container, reason: verdict.reason)
      emit(.refused(id, refusal))
      announce(.refused(item, refusal, containerName: name(of: slot.container)))
      return nil
    }
    let mode = container(slot.container)?.mode ?? configuration.mode
    var session = DragSession(
      id: id, item: item, origin: slot, mode: mode, frame: frame,
      proposal: DropProposal(.none, container: slot.container))
    session.mode = self.mode(of: session, over: slot.container)
    // A selected item lifts the selection with it; members the rules keep in place stay.
    session.group = group(
      lifting: item, mode: session.startMode, from: slot.container, for: id
    ).filter { member in
      guard member != item, let rule = rules.canDrag,
        let holder = containers.first(where: { $0.geometry.index(of: member) != nil })
      else { return true }
      return rule(member, holder.id).isAllowed
    }
    if session.group.count < 2 { session.group = [] }
    // A selection copies, or does not, as it began (see `mode(of:over:)`).
    if session.isGroup { session.mode = self.mode(of: session, over: slot.container) }
    return session
  }

  /// Turns a pressing session into a drag; outside edit mode, when items drag only in it, the
  /// press enters edit mode instead and ends.
  @inlinable
  mutating func begin(_ id: SessionID) {
    guard let index = sessionIndex(id) else { return }
    if configuration.dragsOnlyInEditMode && !isEditing && id != .keyboard {
      let container = sessions[index].origin.container
      sessions.remove(at: index)
      setEditing(true, from: container)
      return
    }
    sessions[index].phase = .dragging
    let session = sessions[index]
    emit(.began(id, session.item, origin: session.origin))
    if session.isGroup { emit(.groupLifted(id, session.group)) }
    emit(.entered(id, session.origin.container))
    if session.isGroup {
      announce(.pickedUpGroup(session.item, count: session.group.count))
    } else {
      announce(
        .pickedUp(
          session.item, position: session.origin.index + 1,
          of: count(of: session.origin.container), in: name(of: session.origin.container)))
    }
    if case .pointer = id { updateBand(id) }
    // The first proposal of a selection is where it would gather: heard at the next step, so
    // that the lift's "Picked up 3 items" is what is said now.
    isLifting = session.isGroup
    retarget(id)
    isLifting = false
  }

  @inlinable
  mutating func move(sessionAt index: Int, to point: Point, time: Double) {
    switch sessions.withUnsafeBufferPointer({ $0[index].phase }) {
    case .pressing(let start, let pressTime, let activation):
      let id = sessions[index].id
      let distance = point.distance(to: start)
      switch activation {
      case .distance(let threshold):
        sessions[index].pointer = point
        if !(distance < threshold) { begin(id) }
      case .longPress(let delay, let tolerance):
        if time - pressTime >= delay {
          // The press was held long enough before this event (the host may not have ticked in
          // between): the drag begins where the pointer was held, then follows this move.
          begin(id)
          if let index = sessionIndex(id), sessions[index].isDragging {
            move(sessionAt: index, to: point, time: time)
          }
        } else if distance > tolerance {
          sessions.remove(at: index)  // moved too far too early: it was a scroll
        } else {
          sessions[index].pointer = point
        }
      }
    case .dragging:
      let id = sessions[index].id
      autoScroll(id, until: time)  // the pointer stood still until now
      guard let index = sessionIndex(id) else { return }
      sessions[index].pointer = point
      updateBand(id)
      retarget(id)
    }
  }

  @inlinable
  mutating func handleTick(_ time: Double) {
    for id in sessions.map({ $0.id }) {
      guard let index = sessionIndex(id) else { continue }
      let now = advanceTime(of: index, to: time)
      if case .pressing(_, let pressTime, .longPress(let delay, _)) = sessions[index].phase,
        now - pressTime >= delay
      {
        begin(id)
      } else if sessions[index].isDragging, case .pointer = id {
        autoScroll(id, until: now)
      }
    }
  }

  // MARK: - Auto-scroll

  /// Notes whether the pointer is in a scrollable container's edge band, and since when.
  @inlinable
  mutating func updateBand(_ id: SessionID) {
    guard let index = sessionIndex(id) else { return }
    guard
      arena.contains(where: { $0.geometry.maximumScrollOffset > 0 })
        || sessions.withUnsafeBufferPointer({ $0[index].band != nil })
    else { return }  // nothing can scroll: no band to track
    // Read through the buffer: this runs on every pointer move and must not copy the session.
    let (pointer, hasBand) = sessions.withUnsafeBufferPointer {
      ($0[index].pointer, $0[index].band != nil)
    }
    var inBand: ContainerID?
    if let position = containerIndex(containing: pointer),
      arena[position].geometry.maximumScrollOffset > 0,
      AutoScroll.edgeSpeed(
        pointer: pointer, frame: arena[position].geometry.frame,
        axis: arena[position].geometry.axis,
        configuration: configuration.autoScroll) != 0
    {
      inBand = arena[position].id
    }
    guard let inBand else {
      if hasBand { sessions[index].band = nil }
      return
    }
    if sessions[index].band?.container != inBand {
      let time = sessions[index].time
      sessions[index].band = AutoScrollBand(container: inBand, entered: time, scrolledUntil: time)
    }
  }

  /// Scrolls the container whose band the pointer is in, up to `time`, then retargets.
  @inlinable
  mutating func autoScroll(_ id: SessionID, until time: Double) {
    guard let index = sessionIndex(id),
      let band = sessions.withUnsafeBufferPointer({ $0[index].band }),
      let position = containerIndex(band.container), time > band.scrolledUntil
    else { return }
    let session = sessions[index]
    let geometry = arena[position].geometry
    let offset = AutoScroll.offset(
      from: geometry.scrollOffset, maximumOffset: geometry.maximumScrollOffset,
      pointer: session.pointer, frame: geometry.frame, axis: geometry.axis, entered: band.entered,
      start: band.scrolledUntil, end: time, configuration: configuration.autoScroll)
    sessions[index].band?.scrolledUntil = time
    guard offset != geometry.scrollOffset else { return }
    arena[position].geometry = geometry.scrolled(to: offset)
    effects.append(.scroll(band.container, offset: arena[position].geometry.scrollOffset))
    retarget(id)
  }
}
