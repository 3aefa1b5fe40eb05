// The engines' entry points for any web page: independent arenas, each a drag engine over lists
// (vertical or horizontal), wrapping grids (ArrangeLayout's flow) and delete zones, that the host
// names by a handle. A table of arenas keyed by handle, so that a page may have as many
// drag-and-drop areas as it likes (the library, `Sources/ArrangeServe/Web/arrange-lib.js`, makes
// one per group of lists; the board page is built on it).
//
// Whether an item may be dropped into another container at an index is asked of the host while
// the engine looks for a place: the one function the module imports, `arrange.can_drop`. The
// other rules the page decides in JavaScript are asked before a drag: when an item is lifted, the
// host tells the arena which containers refuse it (`arrange_arena_set_verdict`), which items take
// it dropped into them, the mode over each container and whether a drop outside removes it
// (`arrange_arena_set_rule`), and the engine's rules read those tables.

import ArrangeDragDrop
import ArrangeGeometry
import ArrangeLayout

/// An arena container's geometry: a list (`ListGeometry`) or a wrapping grid (`ArrangeLayout`'s
/// `FlowLayout`, whose lines and hit-testing the engine then uses).
struct ArenaGeometry: ContainerGeometry {
  /// The items, the frame and (for a list) the places along the axis and the scroll offset.
  var list: ListGeometry<Int32>
  /// The grid's flow, in the frame's coordinates (`nil` for a list); grids do not scroll.
  var flow: FlowLayout?

  var frame: Rect { list.frame }
  var axis: Axis { list.axis }
  var count: Int { list.count }
  func item(at index: Int) -> Int32 { list.item(at: index) }
  func index(of item: Int32) -> Int? { list.index(of: item) }

  func frameOfItem(at index: Int) -> Rect {
    guard let flow else { return list.frameOfItem(at: index) }
    return flow.frame(ofItem: index).offsetBy(dx: frame.minX, dy: frame.minY)
  }

  func itemIndex(at point: Point) -> Int? {
    guard let flow else { return list.itemIndex(at: point) }
    guard frame.contains(point) else { return nil }
    return flow.item(at: Point(x: point.x - frame.minX, y: point.y - frame.minY))
  }

  func insertionIndex(for point: Point) -> Int {
    guard let flow else { return list.insertionIndex(for: point) }
    return flow.insertionIndex(for: Point(x: point.x - frame.minX, y: point.y - frame.minY))
  }

  var scrollOffset: Double { list.scrollOffset }
  var maximumScrollOffset: Double { flow == nil ? list.maximumScrollOffset : 0 }
  func scrolled(to offset: Double) -> ArenaGeometry {
    flow == nil ? ArenaGeometry(list: list.scrolled(to: offset), flow: nil) : self
  }
}

/// One arena: an engine and what its last input left for the host.
final class Arena {
  /// The drag engine over the arena's lists.
  var engine: DragEngine<ArenaGeometry>
  /// Each container's axis (what its next geometry is laid out along).
  var axes: [ContainerID: Axis] = [:]
  /// The containers that are wrapping grids.
  var grids: Set<ContainerID> = []
  /// Whether an item dropped outside every container is removed.
  var removesOutside = false
  /// The items that take the item being dragged when it is dropped into them.
  var accepting: Set<Int32> = []
  /// The mode a drag takes over each container (asked of the host at the lift).
  var pairModes: [ContainerID: DragMode] = [:]
  /// The most items each container takes.
  var limits: [ContainerID: Int] = [:]
  /// The containers that refuse the item being dragged (the host keeps its reasons).
  var refusing: Set<ContainerID> = []
  /// What the last input asked the host to apply, in order.
  var operations: [DragOperation<Int32>] = []
  /// What the last input did, as events of four numbers (see `arrange_arena_event`).
  var events: [[Int32]] = []
  /// The drag each of `events` is about (see `arrange_arena_event_drag`).
  var eventDrags: [Int32] = []
  /// The last announcement, as numbers (see `arrange_arena_said`).
  var said: [Int32] = []
  /// Why the last input was refused, as numbers (see `arrange_arena_refusal`; empty: it was
  /// not).
  var refusal: [Int32] = []

  /// How far a mouse moves before it drags (`ConfigureKey.distance`).
  var mouseDistance: Double = 5
  /// How long a mouse presses, held still, before it drags; 0: it drags once it moves
  /// `mouseDistance` (`ConfigureKey.mouseDelay`).
  var mouseDelay: Double = 0

  /// The arena's handle, which the host's rule is told.
  let handle: Int32
  /// Whether a drop into another container is asked of the host's rule at every place
  /// (`arrange_host_can_drop`).
  var asksHost = false

  /// Arena `handle`, whose drags `engine` runs.
  init(handle: Int32, engine: DragEngine<ArenaGeometry>) {
    self.handle = handle
    self.engine = engine
  }

  /// Sets the engine's mouse activation from `mouseDistance` and `mouseDelay`: a press held still
  /// (within 10 points) for the delay, or a move of the distance.
  func updateMouseActivation() {
    engine.configuration.mouseActivation =
      mouseDelay > 0 ? .longPress(delay: mouseDelay, tolerance: 10) : .distance(mouseDistance)
  }

  /// Sets the engine's rules from the arena's limits and refusals.
  func updateRules() {
    let limits = self.limits
    if limits.isEmpty {
      engine.rules.capacity = nil
    } else {
      engine.rules.capacity = { container in limits[container] }
    }
    let refusing = self.refusing
    // A container that refuses the dragged item refuses it a new place within too: the host
    // refuses the item's own list when that list keeps its order.
    let handle = self.handle
    let asksHost = self.asksHost
    if refusing.isEmpty && !asksHost {
      engine.rules.canMove = nil
    } else {
      // The host's rule is asked of places in the item's own container too (`from` is `to`).
      engine.rules.canMove = { item, container, _, index in
        if refusing.contains(container) { return .refuse(nil) }
        guard asksHost else { return .allow }
        let id = Int32(container.rawValue)
        return hostCanDrop(handle, item, id, id, Int32(index)) != 0 ? .allow : .refuse(nil)
      }
    }
    if refusing.isEmpty && !asksHost {
      engine.rules.canDrop = nil
    } else {
      engine.rules.canDrop = { item, source, destination, index in
        if refusing.contains(destination) { return .refuse(nil) }
        guard asksHost else { return .allow }
        let allowed = hostCanDrop(
          handle, item, Int32(source.rawValue), Int32(destination.rawValue), Int32(index))
        return allowed != 0 ? .allow : .refuse(nil)
      }
    }
    if removesOutside {
      engine.rules.canRemove = { _, _ in .allow }
    } else {
      engine.rules.canRemove = nil
    }
    let accepting = self.accepting
    if accepting.isEmpty {
      engine.rules.canDropInto = nil
    } else {
      engine.rules.canDropInto = { _, target in
        accepting.contains(target) ? RuleVerdict.allow : RuleVerdict.refuse(nil)
      }
    }
    let pairModes = self.pairModes
    if pairModes.isEmpty {
      engine.rules.mode = nil
    } else {
      engine.rules.mode = { _, _, target in pairModes[target] }
    }
  }

  /// Feeds `input` to the engine, forgetting what the last one left; returns how many
  /// operations the host must now apply.
  func handle(_ input: DragInput<ArenaGeometry>) -> Int32 {
    operations = []
    events = []
    eventDrags = []
    refusal = []
    said = []
    take(engine.handle(input))
    return Int32(operations.count)
  }

  /// Keeps the operations, events, refusal and last announcement among `effects`.
  func take(_ effects: [DragEffect<Int32>]) {
    for effect in effects {
      switch effect {
      case .apply(let operation): operations.append(operation)
      case .announce(let announced): said = numbers(of: announced)
      case .event(let event): record(event)
      case .scroll(let container, let offset):
        events.append(
          [EventKind.scroll.rawValue, -1, Int32(container.rawValue), Int32(offset.rounded())])
        eventDrags.append(-2)
      default: break
      }
    }
  }

  /// Keeps `event` for the host, with the drag it is about, and the words of a refusal.
  func record(_ event: DragEvent<Int32>) {
    var values: [Int32]
    var about: SessionID? = nil
    switch event {
    case .began(let session, let item, let origin):
      values = [
        EventKind.lifted.rawValue, item, Int32(origin.container.rawValue), Int32(origin.index),
      ]
      about = session
    case .proposalChanged(let session, let proposal):
      let item = engine.draggedItem(for: session) ?? -1
      var slot: Slot?
      var into: Int32 = -1
      switch proposal.action {
      case .move(let to), .copy(let to), .exchange(_, let to): slot = to
      case .into(let target, let to):
        slot = to
        into = target
      case .remove: into = -2
      default: break
      }
      values = [
        EventKind.placeChanged.rawValue, item, Int32(slot?.container.rawValue ?? -1),
        Int32(slot?.index ?? -1), into,
      ]
      if let refused = proposal.refusal { refusal = numbers(of: refused) }
      about = session
    case .dropped(let session, _):
      values = [EventKind.dropped.rawValue, -1, session == .keyboard ? 1 : 0, -1]
      about = session
    case .cancelled(let session, let item):
      values = [EventKind.cancelled.rawValue, item, -1, -1]
      about = session
    case .refused(let session, let refused):
      values = [EventKind.refused.rawValue, -1, Int32(refused.container?.rawValue ?? -1), -1]
      refusal = numbers(of: refused)
      about = session
    case .groupLifted(let session, let members):
      values = [EventKind.groupLifted.rawValue, -1, Int32(members.count), -1]
      about = session
    case .editModeBegan: values = [EventKind.editModeBegan.rawValue, -1, -1, -1]
    case .editModeEnded: values = [EventKind.editModeEnded.rawValue, -1, -1, -1]
    default: return
    }
    events.append(values)
    // The drag's number: its pointer's, -1 the keyboard's, -2 none.
    switch about {
    case .pointer(let pointer)?: eventDrags.append(Int32(truncatingIfNeeded: pointer.rawValue))
    case .keyboard?: eventDrags.append(-1)
    case nil: eventDrags.append(-2)
    }
  }

  /// A refusal as two numbers, its kind and its container.
  ///
  /// The kind is a `RefusalKind`; the container is -1 when none is concerned. The host words it,
  /// with its own reasons.
  func numbers(of refused: DragRefusal) -> [Int32] {
    var values = [Int32](repeating: -1, count: RefusalField.allCases.count)
    values[RefusalField.kind] = refusalCode(refused.kind).rawValue
    values[RefusalField.container] = Int32(refused.container?.rawValue ?? -1)
    return values
  }

  /// An announcement as eight numbers, for the host to word in its own language: a kind, the
  /// item, a position (a group's first), a count (the items in the container), the container,
  /// another item, how many items travel together and a refusal's kind (-1 where they do not
  /// apply; positions and counts are 1-based).
  ///
  /// The kinds are `AnnouncementKind`'s; the offsets `SaidField`'s.
  func numbers(of announcement: Announcement<Int32>) -> [Int32] {
    switch announcement {
    case .pickedUp(let item, let position, let count, let container):
      return said(.pickedUp, item, position, count, in: container)
    case .moved(let item, let position, let count, let container):
      return said(.moved, item, position, count, in: container)
    case .willExchange(let item, let other, let container):
      return said(.willSwap, item, in: container, other: other)
    case .willReturn(let item, let position, let container):
      return said(.willReturn, item, position, in: container)
    case .refused(let item, let refused, let container):
      return said(.refused, item, in: container, refused: refused)
    case .dropped(let item, let position, let count, let container):
      return said(.dropped, item, position, count, in: container)
    case .exchanged(let item, let other): return said(.swapped, item, other: other)
    case .copied(let item, let position, let count, let container):
      return said(.copied, item, position, count, in: container)
    case .cancelled(let item, let position, let container):
      return said(.cancelled, item, position, in: container)
    case .didNotMove(let item): return said(.didNotMove, item)
    case .willRemove(let item): return said(.willRemove, item)
    case .removed(let item): return said(.removed, item)
    case .willDropInto(let item, let target): return said(.willGoInto, item, other: target)
    case .droppedInto(let item, let target): return said(.wentInto, item, other: target)
    case .pickedUpGroup(let item, let group): return said(.pickedUpGroup, item, group: group)
    case .movedGroup(let item, let group, let first, let count, let container):
      return said(.movedGroup, item, first, count, in: container, group: group)
    case .droppedGroup(let item, let group, let first, let count, let container):
      return said(.droppedGroup, item, first, count, in: container, group: group)
    case .copyingGroup(let item, let group, let first, let count, let container):
      return said(.willCopyGroup, item, first, count, in: container, group: group)
    case .copiedGroup(let item, let group, let first, let count, let container):
      return said(.copiedGroup, item, first, count, in: container, group: group)
    case .willRemoveGroup(let item, let group): return said(.willRemoveGroup, item, group: group)
    case .removedGroup(let item, let group): return said(.removedGroup, item, group: group)
    case .willReturnGroup(let item, let group): return said(.willReturnGroup, item, group: group)
    case .didNotMoveGroup(let item, let group): return said(.didNotMoveGroup, item, group: group)
    case .cancelledGroup(let item, let group): return said(.cancelledGroup, item, group: group)
    case .refusedMember(let item, let refused, let container):
      return said(.refusedMember, item, in: container, refused: refused)
    case .undone: return said(.undone, nil)
    case .redone: return said(.redone, nil)
    case .nothingToUndo: return said(.nothingToUndo, nil)
    case .cannotUndo(let item): return said(.cannotUndo, item)
    case .cannotRedo(let item): return said(.cannotRedo, item)
    case .nothingToRedo: return said(.nothingToRedo, nil)
    }
  }

  /// The eight numbers of an announcement (see `numbers(of:)`).
  func said(
    _ kind: AnnouncementKind, _ item: Int32?, _ position: Int = -1, _ count: Int = -1,
    in container: String? = nil, other: Int32 = -1, group: Int = -1, refused: DragRefusal? = nil
  ) -> [Int32] {
    var place: Int32 = -1
    if let container = refused?.container {
      place = Int32(container.rawValue)
    } else if let container {
      // A container's name is its number (see `arrange_arena_add_container`).
      place = 0
      for byte in container.utf8 {
        guard byte >= 48 && byte <= 57 else {
          place = -1
          break
        }
        place = place &* 10 &+ Int32(byte - 48)
      }
    }
    var values = [Int32](repeating: -1, count: SaidField.allCases.count)
    values[SaidField.kind] = kind.rawValue
    values[SaidField.item] = item ?? -1
    values[SaidField.position] = Int32(position)
    values[SaidField.count] = Int32(count)
    values[SaidField.container] = place
    values[SaidField.other] = other
    values[SaidField.members] = Int32(group)
    values[SaidField.refusal] = refused.map { refusalCode($0.kind).rawValue } ?? -1
    return values
  }

}

/// The arenas, by handle.
nonisolated(unsafe) var arenas: [Int32: Arena] = [:]
/// The number of the last copy made in any arena (see `arrange_arena_create`).
nonisolated(unsafe) var lastCopy: Int32 = -1
/// The handle the next arena gets.
nonisolated(unsafe) var nextArena: Int32 = 1

/// Runs `body` on arena `handle`, or gives `otherwise` when there is no such arena. (An arena is
/// a class, so that the table never copies one: a copy of its engine and tables is a lot of code
/// in the module, and time.)
func withArena<Result>(
  _ handle: Int32, otherwise: Result, _ body: (Arena) -> Result
) -> Result {
  guard let arena = arenas[handle] else { return otherwise }
  return body(arena)
}

/// Asks the host whether an item may be dropped into a container at an index.
///
/// `item` of arena `arena` is dragged from container `source`; the answer is 1 yes, 0 no (the
/// host keeps its reason). The host provides it as `arrange.can_drop`; it is asked only of an
/// arena told to
/// (`arrange_arena_set_rule` kind 3), while the engine looks for a place, and must not call
/// the module back.
@_extern(wasm, module: "arrange", name: "can_drop")
func hostCanDrop(
  _ arena: Int32, _ item: Int32, _ source: Int32, _ destination: Int32, _ index: Int32
) -> Int32

/// The number a host knows refusal `kind` by (see `arrange_arena_refusal`).
func refusalCode(_ kind: DragRefusal.Kind) -> RefusalKind {
  switch kind {
  case .notDraggable: .notDraggable
  case .anotherDragInProgress: .anotherDragInProgress
  case .itemAlreadyDragged: .itemAlreadyDragged
  case .cannotMove: .cannotMove
  case .cannotDrop: .cannotDrop
  case .notAccepted: .notAccepted
  case .containerFull: .containerFull
  case .cannotDisplace: .cannotDisplace
  case .cannotRemove: .cannotRemove
  case .cannotDropInto: .cannotDropInto
  case .cannotCopy: .cannotCopy
  case .refusedByRule: .refusedByRule
  }
}

/// The mode a host names by `code`.
func dragMode(_ code: ModeCode) -> DragMode {
  switch code {
  case .move: .move
  case .exchange: .exchange
  case .copy: .copy
  }
}

/// Creates an empty arena and returns its handle (never 0).
///
/// Copies (copy mode) are named by negative numbers, -2, -3 and so on, each new (a host that
/// keeps its items' numbers across drags may copy one item many times).
@_expose(wasm, "arrange_arena_create")
@_cdecl("arrange_arena_create")
public func arrangeArenaCreate() -> Int32 {
  var engine = DragEngine<ArenaGeometry>(containers: [])
  engine.rules.copyID = { _ in
    lastCopy -= 1
    return lastCopy
  }
  let handle = nextArena
  nextArena += 1
  arenas[handle] = Arena(handle: handle, engine: engine)
  return handle
}

/// Writes the engine's look of a drag (the seeds' values) to `out` as `AppearanceField`'s numbers:
/// the animation duration (seconds), the catch scale, the scale while dragged, the dragged item's
/// opacity and a displaced item's opacity.
@_expose(wasm, "arrange_arena_appearance")
@_cdecl("arrange_arena_appearance")
public func arrangeArenaAppearance(_ out: UnsafeMutablePointer<Double>?) {
  guard let out else { return }
  let look = DragAppearance()
  var values = [Double](repeating: 0, count: AppearanceField.allCases.count)
  values[AppearanceField.animationDuration] = look.animationDuration
  values[AppearanceField.catchScale] = look.catchScale
  values[AppearanceField.releaseScale] = look.releaseScale
  values[AppearanceField.snapshotAlpha] = look.snapshotAlpha
  values[AppearanceField.displacedAlpha] = look.displacedAlpha
  _ = write(values, to: out, capacity: Int32(values.count))
}

/// Forgets arena `arena`; its handle means nothing afterwards.
@_expose(wasm, "arrange_arena_destroy")
@_cdecl("arrange_arena_destroy")
public func arrangeArenaDestroy(_ arena: Int32) {
  arenas[arena] = nil
}

/// Adds container `id` (at least 0) to arena `arena`. (The host names it in its announcements:
/// the engine knows it by its number.)
///
/// It is laid out as `layout` (a `LayoutCode`), drags in `mode` (a `ModeCode`) and comes at `priority` among the
/// containers where frames overlap (0 first; a negative `priority` last). `flags` bit 0 makes it
/// a delete zone (a drop on it removes the item).
///
/// It starts empty: give it its frame and items with `arrange_arena_set_container`. A container
/// that is already there is replaced (with its items), which is how its mode changes.
@_expose(wasm, "arrange_arena_add_container")
@_cdecl("arrange_arena_add_container")
public func arrangeArenaAddContainer(
  _ arena: Int32, _ id: Int32, _ layout: Int32, _ mode: Int32, _ flags: Int32, _ priority: Int32
) {
  guard id >= 0 else { return }
  let container = ContainerID(Int(id))
  let text = String(id)
  let along: Axis =
    (LayoutCode(rawValue: layout) ?? .vertical) == .vertical ? .vertical : .horizontal
  let chosen = ModeCode(rawValue: mode).map(dragMode)
  withArena(arena, otherwise: ()) { arena in
    var geometry = ArenaGeometry(
      list: ListGeometry(items: [], frame: .zero, axis: along, itemLength: 0), flow: nil)
    var place: Int? = priority < 0 ? nil : Int(priority)
    if let old = arena.engine.containers.firstIndex(where: { $0.id == container }) {
      geometry = arena.engine.containers[old].geometry
      place = place ?? old
      _ = arena.handle(.removeContainer(container))
    }
    arena.axes[container] = along
    if layout == LayoutCode.grid.rawValue {
      arena.grids.insert(container)
    } else {
      arena.grids.remove(container)
    }
    _ = arena.handle(
      .addContainer(
        ArenaContainer(
          id: container, name: text, geometry: geometry, mode: chosen,
          isDeleteZone: flags & 1 != 0),
        priority: place.map { min($0, arena.engine.containers.count) }))
  }
}

/// Takes container `id` out of arena `arena` (a drag that involves it is cancelled).
@_expose(wasm, "arrange_arena_remove_container")
@_cdecl("arrange_arena_remove_container")
public func arrangeArenaRemoveContainer(_ arena: Int32, _ id: Int32) {
  withArena(arena, otherwise: ()) { _ = $0.handle(.removeContainer(ContainerID(Int(id)))) }
}

/// Gives container `id` of arena `arena` its frame and items.
///
/// The items are `count` identifiers read from `ids`, and their sizes from `sizes` (a list: one
/// length along its axis per item; a grid: a width and a height per item). `box` holds eleven
/// numbers: the frame (x, y, width, height), the
/// spacing between items and between a grid's lines, the padding (top, left, bottom, right) and
/// how far a list is scrolled. It is an input like a pointer's: it forgets what the last one
/// left, and a drag's target may change with it (its events, announcement and refusal are read
/// as after any input).
@_expose(wasm, "arrange_arena_set_container")
@_cdecl("arrange_arena_set_container")
public func arrangeArenaSetContainer(
  _ arena: Int32, _ id: Int32, _ box: UnsafePointer<Double>?, _ count: Int32,
  _ ids: UnsafePointer<Int32>?, _ sizes: UnsafePointer<Double>?
) {
  guard let box else { return }
  let container = ContainerID(Int(id))
  let frame = Rect(x: box[0], y: box[1], width: box[2], height: box[3])
  withArena(arena, otherwise: ()) { arena in
    let grid = arena.grids.contains(container)
    let axis = arena.axes[container] ?? .vertical
    var items: [Int32] = []
    var lengths: [Double] = []
    var cells: [Size] = []
    if let ids, let sizes {
      for index in 0..<Int(max(0, count)) {
        items.append(ids[index])
        if grid {
          cells.append(Size(width: sizes[2 * index], height: sizes[2 * index + 1]))
        } else {
          lengths.append(sizes[index])
        }
      }
    }
    var flow: FlowLayout?
    if grid {
      let style = FlowStyle(
        axis: .horizontal, itemSpacing: box[4], lineSpacing: box[5],
        padding: EdgeInsets(top: box[6], leading: box[7], bottom: box[8], trailing: box[9]))
      flow = FlowLayout(style: style, itemSizes: cells, containerSize: frame.size)
    }
    let list = ListGeometry(
      items: items, frame: frame, axis: axis, itemLengths: lengths, spacing: box[4],
      padding: axis == .vertical ? box[6] : box[7])
    let geometry = ArenaGeometry(list: grid ? list : list.scrolled(to: box[10]), flow: flow)
    // An input like any other: a drag's target may change with the geometry (a scroll), and the
    // host reads what it did.
    _ = arena.handle(.setGeometry(container, geometry))
  }
}

/// Lets at most `limit` items into container `id` of arena `arena` (a negative `limit`: no
/// limit); a drop that would pass it is refused (`arrange_arena_refusal` says so).
@_expose(wasm, "arrange_arena_set_capacity")
@_cdecl("arrange_arena_set_capacity")
public func arrangeArenaSetCapacity(_ arena: Int32, _ id: Int32, _ limit: Int32) {
  withArena(arena, otherwise: ()) { arena in
    arena.limits[ContainerID(Int(id))] = limit < 0 ? nil : Int(limit)
    arena.updateRules()
  }
}

/// Says whether container `id` of arena `arena` takes the item about to be dragged from another
/// container: `allowed` 1 yes, 0 no (the host keeps its reason: a refusal names the container).
///
/// The host asks its own rules when an item is pressed or lifted, before the drag: the answers
/// hold until `arrange_arena_clear_verdicts`.
@_expose(wasm, "arrange_arena_set_verdict")
@_cdecl("arrange_arena_set_verdict")
public func arrangeArenaSetVerdict(
  _ arena: Int32, _ id: Int32, _ allowed: Int32
) {
  let container = ContainerID(Int(id))
  withArena(arena, otherwise: ()) { arena in
    if allowed != 0 { arena.refusing.remove(container) } else { arena.refusing.insert(container) }
    arena.updateRules()
  }
}

/// Forgets every verdict of `arrange_arena_set_verdict`: every container takes every item.
@_expose(wasm, "arrange_arena_clear_verdicts")
@_cdecl("arrange_arena_clear_verdicts")
public func arrangeArenaClearVerdicts(_ arena: Int32) {
  withArena(arena, otherwise: ()) { arena in
    arena.refusing = []
    arena.updateRules()
  }
}

/// Sets one of arena `arena`'s rules for the drag about to start, asked of the host at the
/// lift and forgotten by `arrange_arena_clear_verdicts`: `kind` is a `RuleKind` (what `id` and
/// `value` mean is said there).
@_expose(wasm, "arrange_arena_set_rule")
@_cdecl("arrange_arena_set_rule")
public func arrangeArenaSetRule(_ arena: Int32, _ kind: Int32, _ id: Int32, _ value: Int32) {
  withArena(arena, otherwise: ()) { arena in
    switch RuleKind(rawValue: kind) {
    case .dropInto:
      if value != 0 { arena.accepting.insert(id) } else { arena.accepting.remove(id) }
    case .mode:
      arena.pairModes[ContainerID(Int(id))] = ModeCode(rawValue: value).map(dragMode)
    case .removeOutside:
      arena.removesOutside = value != 0
      // The host's word holds in edit mode too: an item dropped outside returns unless told.
      arena.engine.configuration.removesOutsideInEditMode = value != 0
    case .asksHost: arena.asksHost = value != 0
    case nil: break
    }
    arena.updateRules()
  }
}

/// Changes a setting of arena `arena` and returns how many operations the host must now apply:
/// `key` is a `ConfigureKey` (what `value` means is said there).
@_expose(wasm, "arrange_arena_configure")
@_cdecl("arrange_arena_configure")
public func arrangeArenaConfigure(_ arena: Int32, _ key: Int32, _ value: Double) -> Int32 {
  withArena(arena, otherwise: 0) { arena in
    switch ConfigureKey(rawValue: key) {
    case .touchDelay:
      arena.engine.configuration.touchActivation = .longPress(delay: value, tolerance: 10)
    case .distance:
      arena.mouseDistance = value
      arena.updateMouseActivation()
    case .mouseDelay:
      arena.mouseDelay = value
      arena.updateMouseActivation()
    case .dragsOnlyInEditMode: arena.engine.configuration.dragsOnlyInEditMode = value != 0
    case .editing: return arena.handle(.setEditing(value != 0, from: nil))
    case .undoLimit: arena.engine.configuration.undoLimit = Int(max(0, value))
    case .target:
      let strategies: [TargetStrategy] = [
        .pointerInside, .largestOverlap, .closestCenter, .itemCenter,
      ]
      arena.engine.configuration.strategy =
        TargetCode(rawValue: Int32(exactly: value.rounded(.down)) ?? -1).map {
          strategies[Int($0.rawValue)]
        } ?? .pointerInside
    case .concurrent: arena.engine.configuration.allowsConcurrentDrags = value != 0
    case .swapThreshold: arena.engine.configuration.swapThreshold = value.isNaN ? 0 : value
    case nil: break
    }
    return 0
  }
}

/// Selects the `count` items at `ids` of arena `arena`, in that order (none: `count` 0): lifting
/// one of them lifts them all.
@_expose(wasm, "arrange_arena_set_selection")
@_cdecl("arrange_arena_set_selection")
public func arrangeArenaSetSelection(_ arena: Int32, _ count: Int32, _ ids: UnsafePointer<Int32>?) {
  var items: [Int32] = []
  if let ids { for index in 0..<Int(max(0, count)) { items.append(ids[index]) } }
  withArena(arena, otherwise: ()) { _ = $0.handle(.setSelection(items)) }
}

/// Undoes or redoes arena `arena`'s last drop and returns how many operations the host must now
/// apply; or says which it can do (`HistoryAction`).
@_expose(wasm, "arrange_arena_history")
@_cdecl("arrange_arena_history")
public func arrangeArenaHistory(_ arena: Int32, _ action: Int32) -> Int32 {
  withArena(arena, otherwise: 0) { arena in
    switch HistoryAction(rawValue: action) {
    case .undo: return arena.handle(.undo)
    case .redo: return arena.handle(.redo)
    case .query, nil: return (arena.engine.canUndo ? 1 : 0) + (arena.engine.canRedo ? 2 : 0)
    }
  }
}

/// Feeds a pointer event to arena `arena` and returns how many operations the host must now
/// apply (read them with `arrange_arena_operation`).
///
/// `phase` is 0 down, 1 move, 2 up, 3 cancel; the pointer is at (`x`, `y`) at `time` seconds;
/// `kind` is 0 a mouse, 1 a finger or a pen (which lifts after a short press); `pointer` is the
/// pointer's number (the page's `pointerId`; a host that gives none gives 0), which keeps
/// concurrent drags apart.
@_expose(wasm, "arrange_arena_pointer")
@_cdecl("arrange_arena_pointer")
public func arrangeArenaPointer(
  _ arena: Int32, _ phase: Int32, _ x: Double, _ y: Double, _ time: Double, _ kind: Int32,
  _ pointer: Int32
) -> Int32 {
  guard var event = pointerEvent(phase, x, y, time, kind) else { return 0 }
  event.id = PointerID(Int(pointer))
  return withArena(arena, otherwise: 0) { $0.handle(.pointer(event)) }
}

/// Feeds a key of a keyboard drag to arena `arena` and returns how many operations the host must
/// now apply.
///
/// `intent` is a `KeyIntentCode`: `lift` lifts item `item`.
@_expose(wasm, "arrange_arena_key")
@_cdecl("arrange_arena_key")
public func arrangeArenaKey(_ arena: Int32, _ intent: Int32, _ item: Int32, _ time: Double)
  -> Int32
{
  let asked: KeyIntent<Int32>
  switch KeyIntentCode(rawValue: intent) {
  case .lift: asked = .lift(item)
  case .previousPlace: asked = .previousSlot
  case .nextPlace: asked = .nextSlot
  case .previousList: asked = .previousContainer
  case .nextList: asked = .nextContainer
  case .drop: asked = .drop
  case .cancel: asked = .cancel
  case nil: return 0
  }
  return withArena(arena, otherwise: 0) { $0.handle(.key(asked, time: time)) }
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
/// They are `OperationField`'s, in its order: its kind (an `OperationKind`), the item, the
/// container and index it leaves and the container and index it reaches (-1 where none), and the
/// other item (the one it is exchanged with, the copy, the item it goes into or comes out of).
/// Returns 0 when there is no such operation.
@_expose(wasm, "arrange_arena_operation")
@_cdecl("arrange_arena_operation")
public func arrangeArenaOperation(
  _ arena: Int32, _ index: Int32, _ out: UnsafeMutablePointer<Int32>?
) -> Int32 {
  guard let out, let operations = arenas[arena]?.operations, index >= 0,
    Int(index) < operations.count
  else { return 0 }
  var values = [Int32](repeating: -1, count: OperationField.allCases.count)
  /// Sets the kind and the item, the place left and the place reached.
  func set(_ kind: OperationKind, _ item: Int32, from: Slot?, to: Slot?) {
    values[OperationField.kind] = kind.rawValue
    values[OperationField.item] = item
    if let from {
      values[OperationField.fromList] = Int32(from.container.rawValue)
      values[OperationField.fromIndex] = Int32(from.index)
    }
    if let to {
      values[OperationField.toList] = Int32(to.container.rawValue)
      values[OperationField.toIndex] = Int32(to.index)
    }
  }
  switch operations[Int(index)] {
  case .move(let item, let from, let to, _): set(.move, item, from: from, to: to)
  case .exchange(let item, let at, let other, let otherAt):
    set(.exchange, item, from: at, to: otherAt)
    values[OperationField.other] = other
  case .remove(let item, let from): set(.remove, item, from: from, to: nil)
  case .copy(let item, let copy, let to):
    set(.copy, item, from: nil, to: to)
    values[OperationField.other] = copy
  case .insert(let item, let at): set(.insert, item, from: nil, to: at)
  case .dropInto(let item, let from, let target):
    set(.into, item, from: from, to: nil)
    values[OperationField.other] = target
  case .takeOut(let item, let holder, let to):
    set(.out, item, from: nil, to: to)
    values[OperationField.other] = holder
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

/// Writes event `index` of arena `arena`'s last input to `out` as five numbers; returns 0 when
/// there is no such event.
///
/// They are `EventField`'s: an `EventKind`, then the item, the container, the index and the item
/// it would go into. A lift gives the item, its container and index; a change of the drop place
/// the item and where it would land (-1 -1: nowhere) and the item it would go into (-2: it would
/// be removed); a drop 1 for a keyboard drag (else 0) as its container; a cancel the item; a
/// refusal the container; a lifted selection how many items as its container; a scroll the
/// container and the offset as its index. Numbers that do not apply are -1.
@_expose(wasm, "arrange_arena_event")
@_cdecl("arrange_arena_event")
public func arrangeArenaEvent(_ arena: Int32, _ index: Int32, _ out: UnsafeMutablePointer<Int32>?)
  -> Int32
{
  guard let out, let events = arenas[arena]?.events, index >= 0, Int(index) < events.count
  else { return 0 }
  let event = events[Int(index)]
  for offset in 0..<5 { out[offset] = offset < event.count ? event[offset] : -1 }
  return 1
}

/// The item being dragged in arena `arena` by pointer `pointer` (a host that gives no number
/// gives 0), else by the keyboard, or -1.
@_expose(wasm, "arrange_arena_dragged")
@_cdecl("arrange_arena_dragged")
public func arrangeArenaDragged(_ arena: Int32, _ pointer: Int32) -> Int32 {
  guard let engine = arenas[arena]?.engine else { return -1 }
  return engine.draggedItem(for: .pointer(PointerID(Int(pointer))))
    ?? engine.draggedItem(for: .keyboard) ?? -1
}

/// Writes what the page draws for a drag of arena `arena` to `out`, at most `capacity` numbers
/// (`PresentationField`'s, then `RunField`'s per run of items making room); returns how many it
/// wrote (0 when nothing is dragged).
///
/// The drag is pointer `pointer`'s; with no such drag (the keyboard's, or a host that gives no
/// number), the first one under way.
@_expose(wasm, "arrange_arena_presentation")
@_cdecl("arrange_arena_presentation")
public func arrangeArenaPresentation(
  _ arena: Int32, _ out: UnsafeMutablePointer<Double>?, _ capacity: Int32, _ pointer: Int32
) -> Int32 {
  guard let out, let sessions = arenas[arena]?.engine.presentation.sessions else { return 0 }
  let wanted = SessionID.pointer(PointerID(Int(pointer)))
  guard let session = sessions.first(where: { $0.session == wanted }) ?? sessions.first else {
    return 0
  }
  return write(presentationValues(of: session), to: out, capacity: capacity)
}

/// The drag that event `index` of arena `arena`'s last input is about: its pointer's number
/// (see `arrange_arena_pointer`), -1 the keyboard's, -2 none (edit mode, a scroll, no such
/// event).
@_expose(wasm, "arrange_arena_event_drag")
@_cdecl("arrange_arena_event_drag")
public func arrangeArenaEventDrag(_ arena: Int32, _ index: Int32) -> Int32 {
  guard let drags = arenas[arena]?.eventDrags, index >= 0, Int(index) < drags.count else {
    return -2
  }
  return drags[Int(index)]
}

/// Writes arena `arena`'s last announcement as eight numbers to `out` (see
/// `Arena.numbers(of:)`); returns 0 when the last input announced nothing.
@_expose(wasm, "arrange_arena_said")
@_cdecl("arrange_arena_said")
public func arrangeArenaSaid(_ arena: Int32, _ out: UnsafeMutablePointer<Int32>?) -> Int32 {
  guard let out, let said = arenas[arena]?.said, !said.isEmpty else { return 0 }
  for (offset, value) in said.enumerated() { out[offset] = value }
  return 1
}

/// Writes why arena `arena`'s last input was refused to `out` as two numbers (`RefusalField`'s):
/// the kind of refusal (a `RefusalKind`) and the container concerned (-1 when none); returns 0
/// when the last input was not refused.
@_expose(wasm, "arrange_arena_refusal")
@_cdecl("arrange_arena_refusal")
public func arrangeArenaRefusal(_ arena: Int32, _ out: UnsafeMutablePointer<Int32>?) -> Int32 {
  guard let out, let refusal = arenas[arena]?.refusal, refusal.count == 2 else { return 0 }
  out[0] = refusal[0]
  out[1] = refusal[1]
  return 1
}
