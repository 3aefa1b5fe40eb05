// The engines' entry points for any web page: independent arenas, each a drag engine over lists
// (vertical or horizontal), wrapping grids (ArrangeLayout's flow) and delete zones, that the host
// names by a handle. A table of arenas keyed by handle, so that a page may have as many
// drag-and-drop areas as it likes (the web library, WebLibrary/, makes one per group of lists;
// the board page is built on it). What an input did, as numbers for the host, is in
// ArrangeWasmRecords.swift (the arena's records) and ArrangeWasmOutput.swift (the entry points
// that read them); a container's geometry is in ArrangeWasmGeometry.swift.
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
/// arena told to (`arrange_arena_set_rule`, `RuleKind.asksHost`), while the engine looks for a
/// place, in another container or the item's own, and must not call the module back.
@_extern(wasm, module: "arrange", name: "can_drop")
func hostCanDrop(
  _ arena: Int32, _ item: Int32, _ source: Int32, _ destination: Int32, _ index: Int32
) -> Int32

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
      let count = Int(max(0, count))
      items = [Int32](UnsafeBufferPointer(start: ids, count: count))
      if grid {
        cells.reserveCapacity(count)
        for index in 0..<count {
          cells.append(Size(width: sizes[2 * index], height: sizes[2 * index + 1]))
        }
      } else {
        lengths = [Double](UnsafeBufferPointer(start: sizes, count: count))
      }
    }
    var flow: FlowLayout?
    if grid {
      let style = FlowStyle(
        axis: .horizontal, itemSpacing: box[4], lineSpacing: box[5],
        padding: EdgeInsets(top: box[6], leading: box[7], bottom: box[8], trailing: box[9]))
      flow = FlowLayout(style: style, itemSizes: cells, containerSize: frame.size)
    }
    let padding = axis == .vertical ? box[6] : box[7]
    let list: ListGeometry<Int32>
    if let index = ArenaGeometry.denseIndex(of: items) {
      list = ListGeometry(
        items: items, frame: frame, axis: axis, itemLengths: lengths, spacing: box[4],
        padding: padding, indexedBy: index)
    } else {
      list = ListGeometry(
        items: items, frame: frame, axis: axis, itemLengths: lengths, spacing: box[4],
        padding: padding)
    }
    let geometry = ArenaGeometry(list: grid ? list : list.scrolled(to: box[10]), flow: flow)
    // An input like any other: a drag's target may change with the geometry (a scroll), and the
    // host reads what it did.
    _ = arena.handle(.setGeometry(container, geometry))
  }
}

/// Moves container `id` of arena `arena` without giving its items again: its frame (`x`, `y`,
/// `width`, `height`), how far a list is scrolled (`scroll`), and where a grid's first line
/// starts (`originX`, `originY`: above the frame when the grid is drawn scrolled in it).
///
/// What a scroll changes, in constant time: `arrange_arena_set_container` lays out every item
/// again, which a list of 100,000 items cannot afford on every frame of a scroll. An input
/// like that one (a drag's target may change with it). A grid's lines stay as they were laid
/// out, for the width it had then.
@_expose(wasm, "arrange_arena_place_container")
@_cdecl("arrange_arena_place_container")
public func arrangeArenaPlaceContainer(
  _ arena: Int32, _ id: Int32, _ x: Double, _ y: Double, _ width: Double, _ height: Double,
  _ scroll: Double, _ originX: Double, _ originY: Double
) {
  let container = ContainerID(Int(id))
  withArena(arena, otherwise: ()) { arena in
    guard let old = arena.engine.containers.first(where: { $0.id == container }) else { return }
    var geometry = old.geometry
    geometry.list.frame = Rect(x: x, y: y, width: max(0, width), height: max(0, height))
    geometry.origin = Point(x: originX, y: originY)
    geometry = geometry.scrolled(to: scroll)
    _ = arena.handle(.setGeometry(container, geometry))
  }
}

/// Writes where grid `id` of arena `arena` lays out item `index`, from its first line's corner
/// (x, y, width, height), into `out`; returns 4 (the numbers written), or 0 when `id` is no grid
/// or has no such item.
///
/// A virtual grid of tiles of their own sizes draws each tile where the engine's flow (ArrangeLayout's
/// `FlowLayout`, laid out when the grid was given its items) puts it: one layout for the page and
/// the engine.
@_expose(wasm, "arrange_arena_flow_frame")
@_cdecl("arrange_arena_flow_frame")
public func arrangeArenaFlowFrame(
  _ arena: Int32, _ id: Int32, _ index: Int32, _ out: UnsafeMutablePointer<Double>?
) -> Int32 {
  guard let out else { return 0 }
  let container = ContainerID(Int(id))
  return withArena(arena, otherwise: 0) { arena in
    guard let found = arena.engine.containers.first(where: { $0.id == container }),
      let flow = found.geometry.flow, index >= 0, Int(index) < found.geometry.count
    else { return 0 }
    let frame = flow.frame(ofItem: Int(index))
    out[0] = frame.minX
    out[1] = frame.minY
    out[2] = frame.width
    out[3] = frame.height
    return 4
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
