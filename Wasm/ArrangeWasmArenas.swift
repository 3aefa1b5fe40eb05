// The engines' entry points for any web page: independent arenas, each a drag engine over lists
// (vertical or horizontal) that the host names by a handle. Where `Wasm/ArrangeWasm.swift` keeps
// one board in globals, these keep a table of arenas keyed by handle, so that a page may have as
// many drag-and-drop areas as it likes (the library in `Sources/ArrangeServe/Web/lib/` makes one
// per group of lists).
//
// Rules the page decides in JavaScript are asked before a drag instead of during it: when an item
// is lifted, the host tells the arena which containers refuse it and why
// (`arrange_arena_set_verdict`), and the engine's `canDrop` rule reads that table. No function is
// imported from the host, so the module still instantiates with no imports.

import ArrangeDragDrop
import ArrangeGeometry

/// One arena: an engine and what its last input left for the host.
struct Arena {
  /// The drag engine over the arena's lists.
  var engine: DragEngine<ListGeometry<Int32>>
  /// Each container's axis (what its next geometry is laid out along).
  var axes: [ContainerID: Axis] = [:]
  /// Each container's name, for announcements and refusals.
  var names: [ContainerID: String] = [:]
  /// The items' names, for announcements.
  var itemNames: [Int32: String] = [:]
  /// The most items each container takes.
  var limits: [ContainerID: Int] = [:]
  /// The containers that refuse the item being dragged, with the host's reason (empty: none).
  var refusals: [ContainerID: String] = [:]
  /// What the last input asked the host to apply, in order.
  var operations: [DragOperation<Int32>] = []
  /// What the last input did, as events of four numbers (see `arrange_arena_event`).
  var events: [[Int32]] = []
  /// The last announcement, as UTF-8.
  var announcement: [UInt8] = []
  /// The last announcement, as numbers (see `arrange_arena_said`).
  var said: [Int32] = []
  /// Why the last input was refused, as UTF-8 (empty: it was not).
  var message: [UInt8] = []

  /// Sets the engine's rules from the arena's limits and refusals.
  mutating func updateRules() {
    let limits = self.limits
    if limits.isEmpty {
      engine.rules.capacity = nil
    } else {
      engine.rules.capacity = { container in limits[container] }
    }
    let refusals = self.refusals
    if refusals.isEmpty {
      engine.rules.canDrop = nil
    } else {
      engine.rules.canDrop = { _, _, destination, _ in
        guard let reason = refusals[destination] else { return .allow }
        return .refuse(reason.isEmpty ? nil : reason)
      }
    }
  }

  /// Feeds `input` to the engine, forgetting what the last one left; returns how many
  /// operations the host must now apply.
  mutating func handle(_ input: DragInput<ListGeometry<Int32>>) -> Int32 {
    operations = []
    events = []
    message = []
    announcement = []
    said = []
    take(engine.handle(input))
    return Int32(operations.count)
  }

  /// Keeps the operations, events, refusal and last announcement among `effects`.
  mutating func take(_ effects: [DragEffect<Int32>]) {
    for effect in effects {
      switch effect {
      case .apply(let operation): operations.append(operation)
      case .announce(let announced):
        let itemNames = self.itemNames
        announcement = Array(announced.text { itemNames[$0] ?? "item \($0)" }.utf8)
        said = numbers(of: announced)
      case .event(let event): record(event)
      default: break
      }
    }
  }

  /// Keeps `event` for the host, and the words of a refusal.
  mutating func record(_ event: DragEvent<Int32>) {
    switch event {
    case .began(_, let item, let origin):
      events.append([1, item, Int32(origin.container.rawValue), Int32(origin.index)])
    case .proposalChanged(let session, let proposal):
      let item = engine.draggedItem(for: session) ?? -1
      var slot: Slot?
      switch proposal.action {
      case .move(let to), .copy(let to), .exchange(_, let to), .into(_, let to): slot = to
      default: break
      }
      events.append([
        2, item, Int32(slot?.container.rawValue ?? -1), Int32(slot?.index ?? -1),
      ])
      if let refusal = proposal.refusal { message = Array(describe(refusal).utf8) }
    case .dropped(let session, _):
      events.append([3, -1, session == .keyboard ? 1 : 0, -1])
    case .cancelled(_, let item):
      events.append([4, item, -1, -1])
    case .refused(_, let refusal):
      events.append([5, -1, Int32(refusal.container?.rawValue ?? -1), -1])
      message = Array(describe(refusal).utf8)
    default: break
    }
  }

  /// Why a drop is refused, in words: the rule's reason, or what the refusal means.
  func describe(_ refusal: DragRefusal) -> String {
    if let reason = refusal.reason { return reason }
    let place = refusal.container.flatMap { names[$0] } ?? "this list"
    switch refusal.kind {
    case .containerFull:
      if let container = refusal.container, let limit = limits[container] {
        return "\(place) is full: it takes at most \(limit) item\(limit == 1 ? "" : "s")."
      }
      return "\(place) is full."
    case .notDraggable: return "This item cannot be moved."
    default: return "That item cannot go there."
    }
  }

  /// An announcement as numbers, for a host that words it in its own language: a kind, the item,
  /// a position and a count (1-based), the container and another item (-1 when they do not
  /// apply).
  ///
  /// Kinds: 1 picked up, 2 moved, 3 will swap, 4 will return, 5 refused, 6 dropped, 7 swapped,
  /// 8 copied, 9 cancelled, 10 did not move, 11 will be removed, 12 removed, 0 any other (the
  /// English text only).
  func numbers(of announcement: Announcement<Int32>) -> [Int32] {
    let named = { (name: String) -> Int32 in
      Int32(self.names.first { $0.value.utf8.elementsEqual(name.utf8) }?.key.rawValue ?? -1)
    }
    switch announcement {
    case .pickedUp(let item, let position, let count, let container):
      return [1, item, Int32(position), Int32(count), named(container), -1]
    case .moved(let item, let position, let count, let container):
      return [2, item, Int32(position), Int32(count), named(container), -1]
    case .willExchange(let item, let other, let container):
      return [3, item, -1, -1, named(container), other]
    case .willReturn(let item, let position, let container):
      return [4, item, Int32(position), -1, named(container), -1]
    case .refused(let item, let refusal, _):
      return [5, item ?? -1, -1, -1, Int32(refusal.container?.rawValue ?? -1), -1]
    case .dropped(let item, let position, let count, let container):
      return [6, item, Int32(position), Int32(count), named(container), -1]
    case .exchanged(let item, let other):
      return [7, item, -1, -1, -1, other]
    case .copied(let item, let position, let count, let container):
      return [8, item, Int32(position), Int32(count), named(container), -1]
    case .cancelled(let item, let position, let container):
      return [9, item, Int32(position), -1, named(container), -1]
    case .didNotMove(let item):
      return [10, item, -1, -1, -1, -1]
    case .willRemove(let item):
      return [11, item, -1, -1, -1, -1]
    case .removed(let item):
      return [12, item, -1, -1, -1, -1]
    default:
      return [0, -1, -1, -1, -1, -1]
    }
  }
}

/// The arenas, by handle.
nonisolated(unsafe) var arenas: [Int32: Arena] = [:]
/// The handle the next arena gets.
nonisolated(unsafe) var nextArena: Int32 = 1

/// Runs `body` on arena `handle` (taken out of the table meanwhile, so that it is changed in
/// place) and returns what it returns, or `otherwise` when there is no such arena.
func withArena<Result>(
  _ handle: Int32, otherwise: Result, _ body: (inout Arena) -> Result
) -> Result {
  guard var arena = arenas.removeValue(forKey: handle) else { return otherwise }
  let result = body(&arena)
  arenas[handle] = arena
  return result
}

/// The modes a host names by number: 0 move, 1 exchange, 2 copy.
let modes: [DragMode] = [.move, .exchange, .copy]

/// Creates an empty arena and returns its handle (never 0).
///
/// Copies (copy mode) are named by negative numbers: the copy of item `n` is `-n - 2`.
@_expose(wasm, "arrange_arena_create")
@_cdecl("arrange_arena_create")
public func arrangeArenaCreate() -> Int32 {
  var engine = DragEngine<ListGeometry<Int32>>(containers: [])
  engine.rules.copyID = { -$0 - 2 }
  let handle = nextArena
  nextArena += 1
  arenas[handle] = Arena(engine: engine)
  return handle
}

/// Forgets arena `arena`; its handle means nothing afterwards.
@_expose(wasm, "arrange_arena_destroy")
@_cdecl("arrange_arena_destroy")
public func arrangeArenaDestroy(_ arena: Int32) {
  arenas[arena] = nil
}

/// Adds container `id` to arena `arena`, named by the `length` UTF-8 bytes at `name`, laid out
/// along `axis` (0 vertical, 1 horizontal), dragging in `mode` (0 move, 1 exchange, 2 copy).
///
/// It starts empty: give it its frame and items with `arrange_arena_set_container`. A container
/// that is already there is replaced (with its items), which is how its mode changes.
@_expose(wasm, "arrange_arena_add_container")
@_cdecl("arrange_arena_add_container")
public func arrangeArenaAddContainer(
  _ arena: Int32, _ id: Int32, _ name: UnsafePointer<UInt8>?, _ length: Int32, _ axis: Int32,
  _ mode: Int32
) {
  let container = ContainerID(Int(id))
  let text =
    name.map {
      String(decoding: UnsafeBufferPointer(start: $0, count: Int(max(0, length))), as: UTF8.self)
    }
    ?? "list \(id + 1)"
  let along: Axis = axis == 1 ? .horizontal : .vertical
  let chosen = mode >= 0 && Int(mode) < modes.count ? modes[Int(mode)] : nil
  withArena(arena, otherwise: ()) { arena in
    var geometry = ListGeometry<Int32>(items: [], frame: .zero, axis: along, itemLength: 0)
    var priority: Int?
    if let old = arena.engine.containers.firstIndex(where: { $0.id == container }) {
      geometry = arena.engine.containers[old].geometry
      priority = old
      _ = arena.handle(.removeContainer(container))
    }
    arena.axes[container] = along
    arena.names[container] = text
    _ = arena.handle(
      .addContainer(
        ArenaContainer(id: container, name: text, geometry: geometry, mode: chosen),
        priority: priority))
  }
}

/// Takes container `id` out of arena `arena` (a drag that involves it is cancelled).
@_expose(wasm, "arrange_arena_remove_container")
@_cdecl("arrange_arena_remove_container")
public func arrangeArenaRemoveContainer(_ arena: Int32, _ id: Int32) {
  withArena(arena, otherwise: ()) { _ = $0.handle(.removeContainer(ContainerID(Int(id)))) }
}

/// Gives container `id` of arena `arena` its frame and items: `count` identifiers and as many
/// lengths along its axis, read from `ids` and `lengths`, `spacing` apart, the first `padding`
/// from the frame's start.
@_expose(wasm, "arrange_arena_set_container")
@_cdecl("arrange_arena_set_container")
public func arrangeArenaSetContainer(
  _ arena: Int32, _ id: Int32, _ x: Double, _ y: Double, _ width: Double, _ height: Double,
  _ count: Int32, _ ids: UnsafePointer<Int32>?, _ lengths: UnsafePointer<Double>?,
  _ spacing: Double, _ padding: Double
) {
  let container = ContainerID(Int(id))
  var items: [Int32] = []
  var sizes: [Double] = []
  if let ids, let lengths {
    for index in 0..<Int(max(0, count)) {
      items.append(ids[index])
      sizes.append(lengths[index])
    }
  }
  withArena(arena, otherwise: ()) { arena in
    let geometry = ListGeometry(
      items: items, frame: Rect(x: x, y: y, width: width, height: height),
      axis: arena.axes[container] ?? .vertical, itemLengths: sizes, spacing: spacing,
      padding: padding)
    arena.take(arena.engine.handle(.setGeometry(container, geometry)))
  }
}

/// Lets at most `limit` items into container `id` of arena `arena` (a negative `limit`: no
/// limit); a drop that would pass it is refused, with the reason in `arrange_arena_message`.
@_expose(wasm, "arrange_arena_set_capacity")
@_cdecl("arrange_arena_set_capacity")
public func arrangeArenaSetCapacity(_ arena: Int32, _ id: Int32, _ limit: Int32) {
  withArena(arena, otherwise: ()) { arena in
    arena.limits[ContainerID(Int(id))] = limit < 0 ? nil : Int(limit)
    arena.updateRules()
  }
}

/// Says whether container `id` of arena `arena` takes the item about to be dragged from another
/// container: `allowed` 1 yes, 0 no, with the reason in the `length` UTF-8 bytes at `reason`
/// (none when `length` is 0).
///
/// The host asks its own rules when an item is pressed or lifted, before the drag: the answers
/// hold until `arrange_arena_clear_verdicts`.
@_expose(wasm, "arrange_arena_set_verdict")
@_cdecl("arrange_arena_set_verdict")
public func arrangeArenaSetVerdict(
  _ arena: Int32, _ id: Int32, _ allowed: Int32, _ reason: UnsafePointer<UInt8>?, _ length: Int32
) {
  let container = ContainerID(Int(id))
  let text =
    reason.map {
      String(decoding: UnsafeBufferPointer(start: $0, count: Int(max(0, length))), as: UTF8.self)
    } ?? ""
  withArena(arena, otherwise: ()) { arena in
    arena.refusals[container] = allowed != 0 ? nil : text
    arena.updateRules()
  }
}

/// Forgets every verdict of `arrange_arena_set_verdict`: every container takes every item.
@_expose(wasm, "arrange_arena_clear_verdicts")
@_cdecl("arrange_arena_clear_verdicts")
public func arrangeArenaClearVerdicts(_ arena: Int32) {
  withArena(arena, otherwise: ()) { arena in
    arena.refusals = [:]
    arena.updateRules()
  }
}

/// Names item `id` of arena `arena` with the `length` UTF-8 bytes at `text`, for announcements.
@_expose(wasm, "arrange_arena_set_name")
@_cdecl("arrange_arena_set_name")
public func arrangeArenaSetName(
  _ arena: Int32, _ id: Int32, _ text: UnsafePointer<UInt8>?, _ length: Int32
) {
  guard let text, length >= 0 else { return }
  let name = String(decoding: UnsafeBufferPointer(start: text, count: Int(length)), as: UTF8.self)
  withArena(arena, otherwise: ()) { $0.itemNames[id] = name }
}

/// Feeds a pointer event to arena `arena` and returns how many operations the host must now
/// apply (read them with `arrange_arena_operation`).
///
/// `phase` is 0 down, 1 move, 2 up, 3 cancel; the pointer is at (`x`, `y`) at `time` seconds;
/// `kind` is 0 a mouse, 1 a finger or a pen (which lifts after a short press).
@_expose(wasm, "arrange_arena_pointer")
@_cdecl("arrange_arena_pointer")
public func arrangeArenaPointer(
  _ arena: Int32, _ phase: Int32, _ x: Double, _ y: Double, _ time: Double, _ kind: Int32
) -> Int32 {
  guard let event = pointerEvent(phase, x, y, time, kind) else { return 0 }
  return withArena(arena, otherwise: 0) { $0.handle(.pointer(event)) }
}

/// Feeds a key of a keyboard drag to arena `arena` and returns how many operations the host must
/// now apply.
///
/// `intent` 0 lifts item `item`, 1 and 2 step to the previous and next place, 3 and 4 to the
/// previous and next container, 5 drops, 6 cancels.
@_expose(wasm, "arrange_arena_key")
@_cdecl("arrange_arena_key")
public func arrangeArenaKey(_ arena: Int32, _ intent: Int32, _ item: Int32, _ time: Double)
  -> Int32
{
  let intents: [KeyIntent<Int32>] = [
    .lift(item), .previousSlot, .nextSlot, .previousContainer, .nextContainer, .drop, .cancel,
  ]
  guard intent >= 0 && Int(intent) < intents.count else { return 0 }
  return withArena(arena, otherwise: 0) { $0.handle(.key(intents[Int(intent)], time: time)) }
}

/// Tells arena `arena` the time (a press held still becomes a drag); returns how many operations
/// the host must now apply.
@_expose(wasm, "arrange_arena_tick")
@_cdecl("arrange_arena_tick")
public func arrangeArenaTick(_ arena: Int32, _ time: Double) -> Int32 {
  withArena(arena, otherwise: 0) { $0.handle(.tick(time: time)) }
}

/// Writes operation `index` of arena `arena`'s last input to `out` as seven numbers.
///
/// They are its kind (1 move, 2 exchange, 3 remove, 4 copy, 0 other), the item, the container and
/// index it leaves and the container and index it reaches, and the other item (the one it is
/// exchanged with, or the copy). Returns 0 when there is no such operation.
@_expose(wasm, "arrange_arena_operation")
@_cdecl("arrange_arena_operation")
public func arrangeArenaOperation(
  _ arena: Int32, _ index: Int32, _ out: UnsafeMutablePointer<Int32>?
) -> Int32 {
  guard let out, let operations = arenas[arena]?.operations, index >= 0,
    Int(index) < operations.count
  else { return 0 }
  var values: [Int32] = [0, -1, -1, -1, -1, -1, -1]
  switch operations[Int(index)] {
  case .move(let item, let from, let to, _):
    values = [
      1, item, Int32(from.container.rawValue), Int32(from.index), Int32(to.container.rawValue),
      Int32(to.index), -1,
    ]
  case .exchange(let item, let at, let other, let otherAt):
    values = [
      2, item, Int32(at.container.rawValue), Int32(at.index), Int32(otherAt.container.rawValue),
      Int32(otherAt.index), other,
    ]
  case .remove(let item, let from):
    values = [3, item, Int32(from.container.rawValue), Int32(from.index), -1, -1, -1]
  case .copy(let item, let copy, let to):
    values = [4, item, -1, -1, Int32(to.container.rawValue), Int32(to.index), copy]
  default:
    break
  }
  for (offset, value) in values.enumerated() { out[offset] = value }
  return 1
}

/// How many events arena `arena`'s last input had (read them with `arrange_arena_event`).
@_expose(wasm, "arrange_arena_events")
@_cdecl("arrange_arena_events")
public func arrangeArenaEvents(_ arena: Int32) -> Int32 {
  Int32(arenas[arena]?.events.count ?? 0)
}

/// Writes event `index` of arena `arena`'s last input to `out` as four numbers; returns 0 when
/// there is no such event.
///
/// They are: 1 lifted, the item, its container and index; 2 the drop place changed, the item,
/// the container and index it would land at (-1 -1: nowhere); 3 dropped, -1, 1 for a keyboard
/// drag (else 0), -1; 4 cancelled, the item, -1, -1; 5 refused, -1, the container, -1.
@_expose(wasm, "arrange_arena_event")
@_cdecl("arrange_arena_event")
public func arrangeArenaEvent(_ arena: Int32, _ index: Int32, _ out: UnsafeMutablePointer<Int32>?)
  -> Int32
{
  guard let out, let events = arenas[arena]?.events, index >= 0, Int(index) < events.count
  else { return 0 }
  for (offset, value) in events[Int(index)].enumerated() { out[offset] = value }
  return 1
}

/// The item being dragged in arena `arena` (by a pointer, else by the keyboard), or -1.
@_expose(wasm, "arrange_arena_dragged")
@_cdecl("arrange_arena_dragged")
public func arrangeArenaDragged(_ arena: Int32) -> Int32 {
  guard let engine = arenas[arena]?.engine else { return -1 }
  return engine.draggedItem(for: .pointer(PointerID(0))) ?? engine.draggedItem(for: .keyboard)
    ?? -1
}

/// Writes what the page draws for arena `arena`'s drag to `out`, at most `capacity` numbers,
/// like `arrange_presentation`; returns how many it wrote (0 when nothing is dragged).
@_expose(wasm, "arrange_arena_presentation")
@_cdecl("arrange_arena_presentation")
public func arrangeArenaPresentation(
  _ arena: Int32, _ out: UnsafeMutablePointer<Double>?, _ capacity: Int32
) -> Int32 {
  guard let out, let session = arenas[arena]?.engine.presentation.sessions.first else { return 0 }
  return write(presentationValues(of: session), to: out, capacity: capacity)
}

/// Copies arena `arena`'s last announcement (English) to `out` as UTF-8, at most `capacity`
/// bytes, and returns its whole length.
@_expose(wasm, "arrange_arena_announcement")
@_cdecl("arrange_arena_announcement")
public func arrangeArenaAnnouncement(
  _ arena: Int32, _ out: UnsafeMutablePointer<UInt8>?, _ capacity: Int32
) -> Int32 {
  copy(arenas[arena]?.announcement ?? [], to: out, capacity: capacity)
}

/// Writes arena `arena`'s last announcement as six numbers to `out` (see `Arena.numbers(of:)`);
/// returns 0 when the last input announced nothing.
@_expose(wasm, "arrange_arena_said")
@_cdecl("arrange_arena_said")
public func arrangeArenaSaid(_ arena: Int32, _ out: UnsafeMutablePointer<Int32>?) -> Int32 {
  guard let out, let said = arenas[arena]?.said, !said.isEmpty else { return 0 }
  for (offset, value) in said.enumerated() { out[offset] = value }
  return 1
}

/// Copies why arena `arena`'s last input was refused (empty when it was not) to `out` as UTF-8,
/// at most `capacity` bytes, and returns its whole length.
@_expose(wasm, "arrange_arena_message")
@_cdecl("arrange_arena_message")
public func arrangeArenaMessage(
  _ arena: Int32, _ out: UnsafeMutablePointer<UInt8>?, _ capacity: Int32
) -> Int32 {
  copy(arenas[arena]?.message ?? [], to: out, capacity: capacity)
}

/// What the page draws for `session`, as numbers (the layout `arrange_presentation` documents).
func presentationValues(of session: SessionPresentation<Int32>) -> [Double] {
  var values: [Double] = [
    Double(session.item), session.ghostFrame.minX, session.ghostFrame.minY,
    session.ghostFrame.width, session.ghostFrame.height,
    Double(session.hiddenSlot?.container.rawValue ?? -1), Double(session.hiddenSlot?.index ?? -1),
    Double(session.highlightedContainer?.rawValue ?? -1),
  ]
  var indicator: (Double, Rect) = (0, .zero)
  switch session.indicator {
  case .line(_, let rect): indicator = (1, rect)
  case .item(_, let rect): indicator = (2, rect)
  case .removal: indicator = (3, .zero)
  case nil: break
  }
  values += [
    indicator.0, indicator.1.minX, indicator.1.minY, indicator.1.width, indicator.1.height,
    Double(session.companions.count), Double(session.shifted.count),
  ]
  for run in session.shifted {
    values += [
      Double(run.container.rawValue), Double(run.range.lowerBound), Double(run.range.upperBound),
      Double(run.offset),
    ]
  }
  return values
}
