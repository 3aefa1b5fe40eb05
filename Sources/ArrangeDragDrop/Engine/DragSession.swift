public import ArrangeGeometry

/// The state of one drag in progress (internal; apps read it through ``DragEngine`` accessors
/// and ``DragPresentation``).
@usableFromInline
struct DragSession<Item: Hashable & Sendable>: Sendable {
  @usableFromInline
  enum Phase: Hashable, Sendable {
    /// Pressed, waiting for the activation (distance or long press).
    case pressing(start: Point, time: Double, activation: DragActivation)
    /// Dragging.
    case dragging
  }

  @usableFromInline
  var id: SessionID
  @usableFromInline
  var item: Item
  @usableFromInline
  var phase: Phase
  /// Where the item was when it was lifted, kept in step with operations emitted since.
  @usableFromInline
  var origin: Slot
  /// Where the item is in the app's model now: the origin, or its live position.
  @usableFromInline
  var location: Slot
  /// Where the live copy is (copy mode, live application).
  @usableFromInline
  var copyLocation: Slot?
  /// The mode over the current target (see ``DragRules/mode``).
  @usableFromInline
  var mode: DragMode
  /// The mode the drag started with: its container's or the arena's.
  @usableFromInline
  var startMode: DragMode
  @usableFromInline
  var pointer: Point
  @usableFromInline
  var grabOffset: Point
  @usableFromInline
  var itemSize: Size
  @usableFromInline
  var time: Double
  @usableFromInline
  var proposal: DropProposal<Item>
  /// The operations applied live so far, relative to the model before the lift.
  @usableFromInline
  var live: [DragOperation<Item>] = []
  /// The items dragged together, in selection order, the dragged item among them; empty for a
  /// drag of one item.
  @usableFromInline
  var group: [Item] = []
  /// Where the group's members are, by container (ascending geometry indices), as of arena
  /// version ``membersVersion``: a pointer move then costs a binary search, not a lookup per
  /// member.
  @usableFromInline
  var memberIndices: [ContainerID: [Int]] = [:]
  @usableFromInline
  var membersVersion = -1
  /// The ID of the copy, asked for once per session.
  @usableFromInline
  var copyID: Item?
  /// The IDs of the copies of a group's members, in selection order, asked for once per session
  /// (copy mode).
  @usableFromInline
  var groupCopyIDs: [Item]?
  /// The keyboard drag's target: a container and an index (a final index for moves, the index of
  /// the item to swap with for exchanges).
  @usableFromInline
  var keyboardTarget: Slot?
  /// Auto-scroll: the container whose band the pointer is in, and since when.
  @usableFromInline
  var band: AutoScrollBand?
  /// The app's geometry no longer shows the item.
  ///
  /// Apps report containers one at a time, so this is only settled (the drag cancelled) at the
  /// next pointer, key or tick input.
  @usableFromInline
  var isMissing = false

  init(
    id: SessionID, item: Item, origin: Slot, mode: DragMode, frame: Rect,
    proposal: DropProposal<Item>
  ) {
    self.id = id
    self.item = item
    self.phase = .dragging
    self.origin = origin
    self.location = origin
    self.mode = mode
    self.startMode = mode
    self.pointer = frame.center
    self.grabOffset = Point(x: frame.width / 2, y: frame.height / 2)
    self.itemSize = frame.size
    self.time = 0
    self.proposal = proposal
  }

  @inlinable
  var isDragging: Bool { phase == .dragging }

  /// Whether several items are dragged together.
  @inlinable
  var isGroup: Bool { group.count > 1 }

  @inlinable
  var ghostFrame: Rect {
    Rect(origin: pointer - grabOffset, size: itemSize)
  }

  /// Keeps the session's positions, live operations and proposal in step with an operation that
  /// another session (or an undo) made the app apply: items around ours shift, and a proposal
  /// whose partner item was moved away is dropped (the next step proposes afresh).
  @inlinable
  mutating func keepInStep(with operation: DragOperation<Item>) {
    // Final indices (the proposal's slots, and the origin while the item sits elsewhere live)
    // count the other items only, so the operation is first restated without our item.
    let base = operation.withoutItem(at: location)
    var isMovedLive = false
    if case .move? = live.first { isMovedLive = true }
    origin = isMovedLive ? origin.adjusted(after: base) : origin.adjusted(after: operation)
    location = location.adjusted(after: operation)
    copyLocation = copyLocation?.adjusted(after: operation)
    keyboardTarget = keyboardTarget?.adjusted(after: operation)
    switch live.first {
    case .move(let item, _, _, let before)?:
      live = [.move(item, from: origin, to: location, before: before)]
    case .exchange(let item, _, let partner, _)?:
      live = [.exchange(item, at: origin, with: partner, otherAt: location)]
    case .copy(let item, let copy, _)?:
      if let copyLocation { live = [.copy(item, as: copy, to: copyLocation)] }
    default:
      break
    }
    var touched: [Item] = [operation.item]
    if case .exchange(_, _, let other, _) = operation { touched.append(other) }
    switch proposal.action {
    case .move(let slot):
      proposal.action = .move(to: slot.adjusted(after: base))
    case .copy(let slot):
      proposal.action = .copy(to: slot.adjusted(after: base))
    case .exchange(let partner, _) where touched.contains(partner) && live.isEmpty:
      proposal.action = .none
    case .exchange(let partner, let slot) where !touched.contains(partner):
      proposal.action = .exchange(with: partner, at: slot.adjusted(after: operation))
    case .into(let target, _) where touched.contains(target):
      proposal.action = .none
    case .into(let target, let slot):
      proposal.action = .into(target, at: slot.adjusted(after: operation))
    default:
      break
    }
  }
}

/// The edge band a drag's pointer is in: which container, since when, and how far the scroll has
/// been computed.
@usableFromInline
struct AutoScrollBand: Hashable, Sendable {
  @usableFromInline
  var container: ContainerID
  @usableFromInline
  var entered: Double
  @usableFromInline
  var scrolledUntil: Double

  @inlinable
  init(container: ContainerID, entered: Double, scrolledUntil: Double) {
    self.container = container
    self.entered = entered
    self.scrolledUntil = scrolledUntil
  }
}
