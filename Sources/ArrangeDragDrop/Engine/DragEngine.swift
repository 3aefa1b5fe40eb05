/// The headless drag-and-drop engine: a deterministic state machine fed with ``DragInput`` values
/// that returns ``DragEffect`` values.
///
/// The engine owns no UI, no clock and no model. The host feeds it pointer events, key intents,
/// ticks and geometry changes; it answers with events, operations to apply, announcements, scroll
/// requests and a signal that the presentation changed (``presentation`` is computed when read).
/// The same stream of inputs always gives the same effects, so a recorded stream replays exactly
/// (``DragRecording``).
///
/// ```swift
/// var engine = DragEngine(containers: [todo, done])
/// engine.handle(.pointer(PointerEvent(.down, at: Point(x: 10, y: 5), time: 0)))
/// engine.handle(.pointer(PointerEvent(.move, at: Point(x: 110, y: 5), time: 0.1)))
/// for effect in engine.handle(.pointer(PointerEvent(.up, at: Point(x: 110, y: 5), time: 0.2))) {
///   if case .apply(let operation) = effect { try model.apply(operation) }
/// }
/// ```
public struct DragEngine<Geometry: ContainerGeometry>: Sendable {
  /// The app's item identifier.
  public typealias Item = Geometry.Item

  /// Arena-wide settings; may change between inputs.
  public var configuration: DragConfiguration
  /// The app's rules; may change between inputs (and may change their answers at any time).
  public var rules: DragRules<Item>
  /// The containers, in priority order (the first wins where frames overlap).
  public var containers: [ArenaContainer<Geometry>] { arena }
  /// Whether the arena is in edit mode (every container at once).
  public var isEditing: Bool { editing }

  @usableFromInline
  var arena: [ArenaContainer<Geometry>] {
    didSet {
      arenaVersion &+= 1
      refreshCandidates()
    }
  }
  /// The containers as target detectors see them, kept with the arena (so that a pointer move
  /// builds nothing).
  @usableFromInline
  var targetCandidates: [DropTargetCandidate] = []
  /// Counts changes to the arena, so that the presentation can tell it may have changed.
  @usableFromInline
  var arenaVersion = 0
  @usableFromInline
  var editing = false
  var selected: [Item] = []
  /// Set while a selection's first proposal is made, which is not announced.
  @usableFromInline
  var isLifting = false

  /// The selected items, in the order they were selected (see ``DragInput/setSelection(_:)``).
  public var selection: [Item] { selected }

  @usableFromInline
  var sessions: [DragSession<Item>] = []
  /// How many items each item holds, by the drops into items (and their inverses) the engine
  /// has emitted: a copy of a holder would leave them behind, so it is refused.
  @usableFromInline
  var holdings: [Item: Int] = [:]
  @usableFromInline
  var undoStack: [DragTransaction<Item>] = []
  @usableFromInline
  var redoStack: [DragTransaction<Item>] = []
  /// Drags whose live changes were in the model when another drag's transaction was recorded:
  /// once one of them changes the model again, the history no longer describes states it can
  /// go back to (see ``apply(_:by:)``).
  @usableFromInline
  var entangled: Set<SessionID> = []
  /// The operation batches emitted by the last input, in order, so that a failure to apply them
  /// can be rolled back.
  @usableFromInline
  var batches: [Batch] = []
  @usableFromInline
  var effects: [DragEffect<Item>] = []
  /// What the presentation depended on after the last input (see `presentationChanged`).
  @usableFromInline
  var shown = PresentationKey<Item>()

  /// Operations emitted together, and what they were for, so that a failure to apply them can be
  /// rolled back.
  @usableFromInline
  struct Batch: Sendable {
    @usableFromInline
    enum Purpose: Sendable {
      case commit(SessionID, DragTransaction<Item>?, liveBefore: [DragOperation<Item>])
      case live(session: SessionID, before: [DragOperation<Item>])
      case undo(DragTransaction<Item>)
      case redo(DragTransaction<Item>)
      /// Undoing a cancelled drag's live operations.
      case cancel(SessionID, live: [DragOperation<Item>])
      /// A rollback; if that fails too, there is nothing left to try.
      case rollback

      /// The drag the batch belongs to, if any.
      @usableFromInline
      var session: SessionID? {
        switch self {
        case .commit(let id, _, _), .live(let id, _), .cancel(let id, _): return id
        case .undo, .redo, .rollback: return nil
        }
      }
    }
    @usableFromInline
    var purpose: Purpose
    @usableFromInline
    var operations: [DragOperation<Item>]

    @inlinable
    init(purpose: Purpose, operations: [DragOperation<Item>]) {
      self.purpose = purpose
      self.operations = operations
    }
  }

  /// Creates an engine over `containers` (in priority order).
  ///
  /// - Precondition: Container IDs are unique.
  @inlinable
  public init(
    containers: [ArenaContainer<Geometry>], configuration: DragConfiguration = DragConfiguration(),
    rules: DragRules<Item> = DragRules()
  ) {
    for (index, container) in containers.enumerated() {
      precondition(
        !containers[..<index].contains { $0.id == container.id },
        "DragEngine: container \(container.id) appears twice")
    }
    self.arena = containers
    self.configuration = configuration
    self.rules = rules
    refreshCandidates()
  }

  /// Rebuilds ``targetCandidates`` from the arena, reusing its storage when the shape is the
  /// same.
  @inlinable
  mutating func refreshCandidates() {
    if targetCandidates.count != arena.count {
      targetCandidates = arena.map {
        DropTargetCandidate(id: $0.id, frame: $0.geometry.frame, isDeleteZone: $0.isDeleteZone)
      }
      return
    }
    for position in arena.indices {
      let candidate = DropTargetCandidate(
        id: arena[position].id, frame: arena[position].geometry.frame,
        isDeleteZone: arena[position].isDeleteZone)
      if targetCandidates[position] != candidate { targetCandidates[position] = candidate }
    }
  }

  // MARK: - Reading the state

  /// Whether any drag is in progress (pressing does not count).
  public var isDragging: Bool { sessions.contains { $0.isDragging } }

  /// Whether a drag's pointer rests in the edge band of a container that can still scroll that
  /// way: while it is `true`, send ``DragInput/tick(time:)`` every frame, since a still pointer
  /// produces no other input and the container should keep scrolling.
  ///
  /// - Complexity: O(drags).
  public var isAutoScrolling: Bool {
    for session in sessions where session.isDragging {
      guard let band = session.band, let position = containerIndex(band.container) else {
        continue
      }
      let geometry = arena[position].geometry
      let speed = AutoScroll.edgeSpeed(
        pointer: session.pointer, frame: geometry.frame, axis: geometry.axis,
        configuration: configuration.autoScroll)
      if (speed < 0 && geometry.scrollOffset > 0)
        || (speed > 0 && geometry.scrollOffset < geometry.maximumScrollOffset)
      {
        return true
      }
    }
    return false
  }

  /// The drags in progress, in the order they began.
  public var activeSessions: [SessionID] { sessions.filter { $0.isDragging }.map { $0.id } }

  /// The current proposal of a drag, or `nil` when it is not dragging.
  @inlinable
  public func proposal(for session: SessionID) -> DropProposal<Item>? {
    sessions.first { $0.id == session && $0.isDragging }?.proposal
  }

  /// The item a drag is carrying, or `nil`.
  @inlinable
  public func draggedItem(for session: SessionID) -> Item? {
    sessions.first { $0.id == session && $0.isDragging }?.item
  }

  /// The container with `id`, or `nil`.
  ///
  /// - Complexity: O(containers).
  @inlinable
  public func container(_ id: ContainerID) -> ArenaContainer<Geometry>? {
    containerIndex(id).map { arena[$0] }
  }

  /// Whether ``handle(_:)`` with ``DragInput/undo`` would undo something.
  public var canUndo: Bool { !undoStack.isEmpty && !isDragging }
  /// Whether ``handle(_:)`` with ``DragInput/redo`` would redo something.
  public var canRedo: Bool { !redoStack.isEmpty && !isDragging }

  // MARK: - Handling input

  /// Feeds one input and returns what the host should do, in order.
  ///
  /// Invalid input (events out of order, unknown pointers, NaN or infinite coordinates, unknown
  /// containers) is ignored or cancels cleanly; it never traps and never loses an item.
  ///
  /// - Complexity: A pointer move costs O(log n) in the items of the container under the pointer
  ///   plus O(containers); nothing scans all items.
  @discardableResult
  @inlinable
  public mutating func handle(_ input: DragInput<Geometry>) -> [DragEffect<Item>] {
    effects.removeAll(keepingCapacity: true)
    let previousBatches = batches
    batches = []
    // Pointer moves and ticks, many per second during a drag, are specialized for the caller's
    // types (inlinable); everything else goes through one ordinary call.
    switch input {
    case .pointer(let event) where event.phase == .move:
      settleMissingItems()
      handlePointerMove(event)
    case .tick(let time):
      settleMissingItems()
      handleTick(time)
    default:
      handleRarely(input, previousBatches: previousBatches)
    }
    if shown.update(sessions: sessions, arenaVersion: arenaVersion, isEditing: editing) {
      effects.append(.presentationChanged)
    }
    return effects
  }

  /// Every input but pointer moves and ticks.
  @usableFromInline
  mutating func handleRarely(_ input: DragInput<Geometry>, previousBatches: [Batch]) {
    switch input {
    case .pointer, .key, .tick, .undo, .redo, .interrupt: settleMissingItems()
    default: break
    }
    switch input {
    case .pointer(let event):
      handlePointer(event)
    case .key(let intent, let time):
      handleKey(intent, time: time)
    case .tick(let time):
      handleTick(time)
    case .setGeometry(let id, let geometry):
      setGeometry(geometry, for: id)
    case .addContainer(let container, let priority):
      addContainer(container, priority: priority)
    case .removeContainer(let id):
      removeContainer(id)
    case .moveContainer(let id, let priority):
      moveContainer(id, priority: priority)
    case .setEditing(let editing, let from):
      setEditing(editing, from: from)
    case .setSelection(let items):
      setSelection(items)
    case .undo:
      undo()
    case .redo:
      redo()
    case .applicationFailed(let applied, let message):
      rollBack(previousBatches, applied: applied, message: message)
    case .interrupt:
      for session in sessions.map({ $0.id }) { cancel(session) }
    }
  }

  // MARK: - Emitting

  @inlinable
  mutating func emit(_ event: DragEvent<Item>) { effects.append(.event(event)) }

  @inlinable
  mutating func announce(_ announcement: Announcement<Item>) {
    effects.append(.announce(announcement))
  }

  /// Emits an operation for the app and keeps every other session's positions in step with it.
  @inlinable
  mutating func apply(_ operation: DragOperation<Item>, by session: SessionID?) {
    effects.append(.apply(operation))
    countHoldings(operation)
    if let session, !entangled.isEmpty, entangled.contains(session) { forgetHistory(for: session) }
    keepSessionsInStep(with: operation, except: session)
  }

  /// Keeps every session but `except` in step with `operation`, which the app's model went
  /// through (or, for the inverse of an operation it failed to apply, did not).
  @inlinable
  mutating func keepSessionsInStep(with operation: DragOperation<Item>, except: SessionID?) {
    for index in sessions.indices where sessions[index].id != except {
      guard sessions[index].item != operation.item else { continue }
      sessions[index].keepInStep(with: operation)
    }
  }

  /// Counts what `operation` puts into an item or takes out of one (see ``holdings``).
  @inlinable
  mutating func countHoldings(_ operation: DragOperation<Item>) {
    switch operation {
    case .dropInto(_, _, let target):
      holdings[target, default: 0] += 1
    case .takeOut(_, let holder, _):
      let left = (holdings[holder] ?? 0) - 1
      holdings[holder] = left > 0 ? left : nil
    case .move, .exchange, .copy, .remove, .insert:
      break
    }
  }

  /// Forgets undo and redo because drag `session`, whose live changes other transactions were
  /// recorded on top of, changed the model again: undoing those transactions now would name
  /// positions that no longer hold.
  @usableFromInline
  mutating func forgetHistory(for session: SessionID) {
    entangled.remove(session)
    undoStack.removeAll()
    redoStack.removeAll()
  }

  // MARK: - Containers

  @inlinable
  func containerIndex(_ id: ContainerID) -> Int? {
    // Index-based on purpose: reading `arena[i]` whole would copy a container and its geometry.
    for position in arena.indices where arena[position].id == id { return position }
    return nil
  }

  @inlinable
  func name(of id: ContainerID) -> String {
    guard let position = containerIndex(id) else { return id.description }
    return arena[position].name
  }

  @inlinable
  func count(of id: ContainerID) -> Int {
    guard let position = containerIndex(id) else { return 0 }
    return arena[position].geometry.count
  }

  /// The index of `item` in the container's current geometry, trying `hint` first.
  @inlinable
  func locate(_ item: Item, in id: ContainerID, hint: Int?) -> Int? {
    guard let position = containerIndex(id) else { return nil }
    if let hint, hint >= 0, hint < arena[position].geometry.count,
      arena[position].geometry.item(at: hint) == item
    {
      return hint
    }
    return arena[position].geometry.index(of: item)
  }

  @inlinable
  func sessionIndex(_ id: SessionID) -> Int? {
    sessions.firstIndex { $0.id == id }
  }
}
