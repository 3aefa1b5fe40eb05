public import ArrangeGeometry

extension DragEngine {
  /// How to draw the drags in progress now.
  ///
  /// - Complexity: O(sessions × containers); independent of the number of items.
  public var presentation: DragPresentation<Item> { presentationNow() }

  func presentationNow() -> DragPresentation<Item> {
    var result = DragPresentation<Item>(isEditing: isEditing)
    for session in sessions where session.isDragging {
      result.sessions.append(present(session))
    }
    return result
  }

  func itemFrame(at slot: Slot) -> Rect? {
    guard let position = containerIndex(slot.container), slot.index >= 0,
      slot.index < arena[position].geometry.count
    else { return nil }
    return arena[position].geometry.frameOfItem(at: slot.index)
  }

  func present(_ session: DragSession<Item>) -> SessionPresentation<Item> {
    var result = SessionPresentation(
      session: session.id, item: session.item, ghostFrame: session.ghostFrame,
      hiddenSlot: itemFrame(at: session.location) == nil ? nil : session.location, displaced: [],
      shifted: [], indicator: nil, highlightedContainer: session.proposal.container)
    let isLive = configuration.operationTiming == .live
    if session.isGroup {
      result.companions = session.group.filter { $0 != session.item }
      switch session.proposal.action {
      case .move(let slot), .copy(let slot):
        if let geometry = container(slot.container)?.geometry {
          let at = groupGeometryIndex(slot.index, for: session, in: slot.container)
          result.indicator = .line(slot.container, insertionLine(in: geometry, before: at))
        }
      case .remove:
        result.indicator = .removal
      case .none, .exchange, .into:
        break
      }
      return result
    }
    switch session.proposal.action {
    case .none:
      break
    case .remove:
      result.indicator = .removal
    case .into(_, let slot):
      if let frame = itemFrame(at: slot) { result.indicator = .item(slot.container, frame) }
    case .exchange(let other, let slot):
      if let frame = itemFrame(at: slot) { result.indicator = .item(slot.container, frame) }
      if let home = itemFrame(at: session.origin) {
        result.displaced.append(
          DisplacedItem(
            item: other, slot: isLive && !session.live.isEmpty ? session.origin : slot,
            targetFrame: home, alpha: configuration.displacedAlpha))
      }
    case .move(let slot), .copy(let slot):
      let placed = session.copyLocation ?? session.location
      if isLive && !session.live.isEmpty, let frame = itemFrame(at: placed) {
        result.indicator = .item(placed.container, frame)
        break
      }
      if let geometry = container(slot.container)?.geometry {
        let at = geometryIndex(slot.index, for: session, in: slot.container)
        result.indicator = .line(slot.container, insertionLine(in: geometry, before: at))
      }
      result.shifted = shifts(for: session, to: slot)
    }
    return result
  }

  /// The sift: which items make room for an on-drop move or copy to `slot`.
  func shifts(for session: DragSession<Item>, to slot: Slot) -> [ShiftedItems] {
    let origin = session.location
    if slot.container == origin.container {
      if slot.index > origin.index {
        return [
          ShiftedItems(
            container: slot.container, range: origin.index + 1..<slot.index + 1,
            offset: -1)
        ]
      }
      return [ShiftedItems(container: slot.container, range: slot.index..<origin.index, offset: 1)]
    }
    var result: [ShiftedItems] = []
    if session.mode != .copy {
      let count = count(of: origin.container)
      if origin.index + 1 < count {
        result.append(
          ShiftedItems(container: origin.container, range: origin.index + 1..<count, offset: -1))
      }
    }
    let count = count(of: slot.container)
    if slot.index < count {
      result.append(ShiftedItems(container: slot.container, range: slot.index..<count, offset: 1))
    }
    return result
  }
}

/// What a presentation depends on, cheap to compare: the visible state of each drag, the arena's
/// version and edit mode.
@usableFromInline
struct PresentationKey<Item: Hashable & Sendable>: Sendable {
  @usableFromInline
  struct Drag: Equatable, Sendable {
    @usableFromInline
    var id: SessionID
    @usableFromInline
    var pointer: Point
    @usableFromInline
    var proposal: DropProposal<Item>
    @usableFromInline
    var location: Slot
    @usableFromInline
    var copyLocation: Slot?
    @usableFromInline
    var origin: Slot
    @usableFromInline
    var liveCount: Int

    @inlinable
    init(_ session: DragSession<Item>) {
      id = session.id
      pointer = session.pointer
      proposal = session.proposal
      location = session.location
      copyLocation = session.copyLocation
      origin = session.origin
      liveCount = session.live.count
    }
  }

  @usableFromInline
  var drags: [Drag] = []
  @usableFromInline
  var arenaVersion = 0
  @usableFromInline
  var isEditing = false

  init() {}

  /// Records the new state; whether it differs from the recorded one.
  @inlinable
  mutating func update(sessions: [DragSession<Item>], arenaVersion: Int, isEditing: Bool) -> Bool {
    var changed = self.isEditing != isEditing
    self.isEditing = isEditing
    var count = 0
    // Through the buffer, so that reading a session does not copy it.
    for index in sessions.indices where sessions.withUnsafeBufferPointer({ $0[index].isDragging }) {
      let drag = sessions.withUnsafeBufferPointer { Drag($0[index]) }
      if count < drags.count {
        if drags[count] != drag {
          drags[count] = drag
          changed = true
        }
      } else {
        drags.append(drag)
        changed = true
      }
      count += 1
    }
    if count < drags.count {
      drags.removeLast(drags.count - count)
      changed = true
    }
    if count > 0 && self.arenaVersion != arenaVersion { changed = true }
    self.arenaVersion = arenaVersion
    return changed
  }
}
