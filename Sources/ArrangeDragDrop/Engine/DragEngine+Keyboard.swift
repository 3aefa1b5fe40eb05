public import ArrangeGeometry

extension DragEngine {
  mutating func handleKey(_ intent: KeyIntent<Item>, time: Double) {
    switch intent {
    case .lift(let item):
      lift(item, time: time)
    case .previousSlot:
      stepKeyboardTarget(slots: -1, containers: 0, time: time)
    case .nextSlot:
      stepKeyboardTarget(slots: 1, containers: 0, time: time)
    case .previousContainer:
      stepKeyboardTarget(slots: 0, containers: -1, time: time)
    case .nextContainer:
      stepKeyboardTarget(slots: 0, containers: 1, time: time)
    case .drop:
      if let index = sessionIndex(.keyboard) {
        _ = advanceTime(of: index, to: time)
        drop(.keyboard)
      }
    case .toggleSelection(let item):
      if let at = selected.firstIndex(of: item) {
        selected.remove(at: at)
      } else {
        selected.append(item)
      }
    case .cancel:
      if sessionIndex(.keyboard) != nil {
        cancel(.keyboard)
      } else {
        for id in sessions.map({ $0.id }) { cancel(id) }
      }
    }
  }

  /// Starts a keyboard drag of `item` at once (no activation).
  mutating func lift(_ item: Item, time: Double) {
    guard sessionIndex(.keyboard) == nil else { return }
    var found: Slot?
    for container in containers {
      if let index = container.geometry.index(of: item), index < container.geometry.count {
        found = Slot(container.id, index)
        break
      }
    }
    guard let slot = found, let geometry = container(slot.container)?.geometry else { return }
    let frame = geometry.frameOfItem(at: slot.index)
    guard var session = makeSession(.keyboard, item: item, slot: slot, frame: frame) else { return }
    session.time = time.isFinite ? time : 0
    session.phase = .pressing(start: frame.center, time: session.time, activation: .distance(0))
    session.keyboardTarget = slot
    sessions.append(session)
    begin(.keyboard)
  }

  /// The largest index the keyboard target may take in container `id`.
  @inlinable
  func maximumKeyboardIndex(for session: DragSession<Item>, in id: ContainerID) -> Int {
    if session.isGroup { return groupIndexLimit(session, in: id) }
    if session.mode == .exchange { return Swift.max(0, count(of: id) - 1) }
    return baseCount(of: session, in: id).count
  }

  mutating func stepKeyboardTarget(slots: Int, containers step: Int, time: Double) {
    guard let index = sessionIndex(.keyboard), sessions[index].isDragging else { return }
    _ = advanceTime(of: index, to: time)
    var session = sessions[index]
    var target = session.keyboardTarget ?? session.origin
    if step != 0 {
      let current = containerIndex(target.container) ?? 0
      let next = Swift.min(Swift.max(current + step, 0), containers.count - 1)
      guard next >= 0, next < containers.count else { return }
      target.container = arena[next].id
      if configuration.operationTiming == .onDrop {
        session.mode = mode(of: session, over: target.container)
        sessions[index].mode = session.mode
      }
    }
    let limit = maximumKeyboardIndex(for: session, in: target.container)
    target.index = Swift.min(Swift.max(target.index + slots, 0), limit)
    sessions[index].keyboardTarget = target
    retargetKeyboard(announceAlways: true)
  }

  /// Recomputes the keyboard drag's proposal from its target slot.
  @inlinable
  mutating func retargetKeyboard(announceAlways: Bool = false) {
    guard let index = sessionIndex(.keyboard) else { return }
    refreshMembers(of: index)
    var session = sessions[index]
    var target = session.keyboardTarget ?? session.origin
    if containerIndex(target.container) == nil { target = session.origin }
    if configuration.operationTiming == .onDrop {
      session.mode = mode(of: session, over: target.container)
    }
    target.index = Swift.min(
      Swift.max(target.index, 0), maximumKeyboardIndex(for: session, in: target.container))
    session.keyboardTarget = target
    guard let position = containerIndex(target.container) else { return }
    let container = arena[position]
    let action: DropAction<Item>
    var refusal: DragRefusal?
    if container.isDeleteZone {
      // Over a delete zone the "pointer" is the zone's center, where the removal rule is asked.
      session.pointer = container.geometry.frame.center
      (action, refusal) = deleteZoneAction(for: session, over: container.id)
    } else if session.isGroup {
      // A selection moves even where the pair's mode is exchange.
      action = groupSlotAction(for: session, index: target.index, in: target.container)
    } else if session.mode == .exchange {
      if container.geometry.count == 0 {
        action = .none
      } else {
        let seen = container.geometry.item(at: target.index)
        action = exchangeAction(for: session, at: target, seen: seen)
      }
    } else {
      action = slotAction(for: session, index: target.index, in: target.container)
    }
    // The ghost sits on the target slot.
    let frame = keyboardFrame(for: session, at: target)
    session.pointer = container.isDeleteZone ? container.geometry.frame.center : frame.center
    session.grabOffset = Point(x: session.itemSize.width / 2, y: session.itemSize.height / 2)
    sessions[index] = session
    adopt(
      action, container: target.container, refusal: refusal, for: .keyboard,
      announceAlways: announceAlways)
    scrollIntoView(frame, in: position)
  }

  /// The frame of the keyboard target: the item to swap with, or the slot a move would fill.
  @inlinable
  func keyboardFrame(for session: DragSession<Item>, at target: Slot) -> Rect {
    guard let geometry = container(target.container)?.geometry else { return session.ghostFrame }
    if session.mode == .exchange, !session.isGroup, target.index < geometry.count {
      return geometry.frameOfItem(at: target.index)
    }
    let at =
      session.isGroup
      ? groupGeometryIndex(target.index, for: session, in: target.container)
      : geometryIndex(target.index, for: session, in: target.container)
    let line = insertionLine(in: geometry, before: at)
    let size = Size(
      main: session.itemSize[geometry.axis], cross: line.size[geometry.axis.cross],
      axis: geometry.axis)
    return Rect(origin: line.origin, size: size)
  }

  /// A zero-thickness line across the container where an item inserted before geometry index
  /// `index` would start.
  @inlinable
  func insertionLine(in geometry: Geometry, before index: Int) -> Rect {
    let axis = geometry.axis
    let position: Double
    var cross: (start: Double, length: Double)
    if index < geometry.count {
      let frame = geometry.frameOfItem(at: index)
      position = frame.min(along: axis)
      cross = (frame.min(along: axis.cross), frame.size[axis.cross])
    } else if geometry.count > 0 {
      let frame = geometry.frameOfItem(at: geometry.count - 1)
      position = frame.max(along: axis)
      cross = (frame.min(along: axis.cross), frame.size[axis.cross])
    } else {
      position = geometry.frame.min(along: axis)
      cross = (geometry.frame.min(along: axis.cross), geometry.frame.size[axis.cross])
    }
    if axis == .vertical {
      return Rect(x: cross.start, y: position, width: cross.length, height: 0)
    }
    return Rect(x: position, y: cross.start, width: 0, height: cross.length)
  }

  /// Scrolls container `position` so that `frame` is visible, when it scrolls.
  @inlinable
  mutating func scrollIntoView(_ frame: Rect, in position: Int) {
    let geometry = arena[position].geometry
    guard geometry.maximumScrollOffset > 0, frame.isFinite else { return }
    let axis = geometry.axis
    let visibleStart = geometry.frame.min(along: axis)
    let visibleEnd = geometry.frame.max(along: axis)
    var offset = geometry.scrollOffset
    if frame.min(along: axis) < visibleStart {
      offset -= visibleStart - frame.min(along: axis)
    } else if frame.max(along: axis) > visibleEnd {
      offset += Swift.min(
        frame.max(along: axis) - visibleEnd, frame.min(along: axis) - visibleStart)
    }
    offset = Swift.min(Swift.max(offset, 0), geometry.maximumScrollOffset)
    guard offset != geometry.scrollOffset else { return }
    arena[position].geometry = geometry.scrolled(to: offset)
    effects.append(.scroll(arena[position].id, offset: offset))
  }
}
