// The board page's entry points (`arrange-board.wasm`): a C-like interface over WebAssembly
// memory that the board's script calls. One board at a time: its columns are lists of cards
// (identified by 32-bit numbers the host chooses), laid out side by side by ArrangeLayout and
// dragged by ArrangeDragDrop. Any other page uses the library's module, `arrange.wasm`
// (`Wasm/ArrangeWasmArenas.swift`), which leaves these out.

import ArrangeDragDrop
import ArrangeGeometry
import ArrangeLayout

/// The board's drag engine: one container per column.
nonisolated(unsafe) var engine = DragEngine<ListGeometry<Int32>>(containers: [])
/// What the last input asked the host to apply, in order.
nonisolated(unsafe) var operations: [DragOperation<Int32>] = []

/// The columns' names, for announcements and refusals.
nonisolated(unsafe) var columnNames: [Int: String] = [:]

/// Names column `column` with the `length` UTF-8 bytes at `text`; takes effect at the next
/// `arrange_reset`.
@_expose(wasm, "arrange_name_column")
@_cdecl("arrange_name_column")
public func arrangeNameColumn(_ column: Int32, _ text: UnsafePointer<UInt8>?, _ length: Int32) {
  guard let text, length >= 0 else { return }
  columnNames[Int(column)] =
    String(decoding: UnsafeBufferPointer(start: text, count: Int(length)), as: UTF8.self)
}

/// Starts a board of `columns` empty columns, numbered from 0.
@_expose(wasm, "arrange_reset")
@_cdecl("arrange_reset")
public func arrangeReset(_ columns: Int32) {
  let empty = ListGeometry<Int32>(items: [], frame: .zero, itemLength: 0)
  engine = DragEngine(
    containers: (0..<Int(max(0, columns))).map {
      ArenaContainer(
        id: ContainerID($0), name: columnNames[$0] ?? "column \($0 + 1)", geometry: empty)
    })
  operations = []
  limits = [:]
  message = []
}

/// Gives column `column` its frame and cards: `count` identifiers and as many heights, read from
/// `ids` and `lengths`, `spacing` apart.
@_expose(wasm, "arrange_set_column")
@_cdecl("arrange_set_column")
public func arrangeSetColumn(
  _ column: Int32, _ x: Double, _ y: Double, _ width: Double, _ height: Double, _ count: Int32,
  _ ids: UnsafePointer<Int32>?, _ lengths: UnsafePointer<Double>?, _ spacing: Double
) {
  let count = Int(max(0, count))
  var items: [Int32] = []
  var heights: [Double] = []
  if let ids, let lengths {
    for index in 0..<count {
      items.append(ids[index])
      heights.append(lengths[index])
    }
  }
  let geometry = ListGeometry(
    items: items, frame: Rect(x: x, y: y, width: width, height: height), itemLengths: heights,
    spacing: spacing)
  take(engine.handle(.setGeometry(ContainerID(Int(column)), geometry)))
}

/// Feeds a mouse event to the engine and returns how many operations the host must now apply
/// (read them with `arrange_operation`).
///
/// `phase` is 0 down, 1 move, 2 up, 3 cancel; the pointer is at (`x`, `y`) at `time` seconds.
@_expose(wasm, "arrange_pointer")
@_cdecl("arrange_pointer")
public func arrangePointer(_ phase: Int32, _ x: Double, _ y: Double, _ time: Double) -> Int32 {
  arrangePointerOfKind(phase, x, y, time, 0)
}

/// ``arrangePointer(_:_:_:_:)`` for a pointer of kind `kind`: 0 a mouse, 1 a finger or a pen
/// (which lift a card after a short press, so that a swipe still scrolls).
@_expose(wasm, "arrange_pointer_kind")
@_cdecl("arrange_pointer_kind")
public func arrangePointerOfKind(
  _ phase: Int32, _ x: Double, _ y: Double, _ time: Double, _ kind: Int32
) -> Int32 {
  guard let event = pointerEvent(phase, x, y, time, kind) else { return 0 }
  return handle(.pointer(event))
}

/// Tells the engine the time (a press held still becomes a drag); returns how many operations
/// the host must now apply.
@_expose(wasm, "arrange_tick")
@_cdecl("arrange_tick")
public func arrangeTick(_ time: Double) -> Int32 {
  handle(.tick(time: time))
}

/// Feeds one input to the board's engine, forgetting what the last one left (operations,
/// refusal, announcement); returns how many operations the host must now apply.
func handle(_ input: DragInput<ListGeometry<Int32>>) -> Int32 {
  operations = []
  message = []
  announcement = []
  take(engine.handle(input))
  return Int32(operations.count)
}

/// Lets at most `limit` cards into column `column` (a negative `limit`: no limit); a drop that
/// would pass it is refused, with the reason in `arrange_message`.
@_expose(wasm, "arrange_set_limit")
@_cdecl("arrange_set_limit")
public func arrangeSetLimit(_ column: Int32, _ limit: Int32) {
  limits[ContainerID(Int(column))] = limit < 0 ? nil : Int(limit)
  let known: [ContainerID: Int] = limits
  if known.isEmpty {
    engine.rules.capacity = nil
  } else {
    engine.rules.capacity = { container in known[container] }
  }
}

/// The columns' limits.
nonisolated(unsafe) var limits: [ContainerID: Int] = [:]

/// Selects the `count` cards at `ids`, in order: dragging one of them drags them all.
@_expose(wasm, "arrange_select")
@_cdecl("arrange_select")
public func arrangeSelect(_ ids: UnsafePointer<Int32>?, _ count: Int32) {
  var items: [Int32] = []
  if let ids { for index in 0..<Int(max(0, count)) { items.append(ids[index]) } }
  take(engine.handle(.setSelection(items)))
}

/// Writes operation `index` of the last input to `out` as six numbers.
///
/// They are its kind (1 move, 2 exchange, 3 remove, 0 other), the card, and the column and index
/// it leaves and reaches. Returns 0 when there is no such operation.
@_expose(wasm, "arrange_operation")
@_cdecl("arrange_operation")
public func arrangeOperation(_ index: Int32, _ out: UnsafeMutablePointer<Int32>?) -> Int32 {
  guard let out, index >= 0, Int(index) < operations.count else { return 0 }
  var values: [Int32] = [0, -1, -1, -1, -1, -1]
  switch operations[Int(index)] {
  case .move(let card, let from, let to, _):
    values = [
      1, card, Int32(from.container.rawValue), Int32(from.index),
      Int32(to.container.rawValue), Int32(to.index),
    ]
  case .exchange(let card, let at, _, let other):
    values = [
      2, card, Int32(at.container.rawValue), Int32(at.index),
      Int32(other.container.rawValue), Int32(other.index),
    ]
  case .remove(let card, let from):
    values = [3, card, Int32(from.container.rawValue), Int32(from.index), -1, -1]
  default:
    break
  }
  for (offset, value) in values.enumerated() { out[offset] = value }
  return 1
}

/// The card being dragged by the mouse, or -1.
@_expose(wasm, "arrange_dragged")
@_cdecl("arrange_dragged")
public func arrangeDragged() -> Int32 {
  engine.draggedItem(for: .pointer(PointerID(0))) ?? -1
}

/// Lays `count` columns out side by side in a board `width` × `height`, `spacing` apart inside
/// `padding`, each at least `minimum` wide, and writes each one's x, y, width and height to
/// `out`.
@_expose(wasm, "arrange_layout_columns")
@_cdecl("arrange_layout_columns")
public func arrangeLayoutColumns(
  _ count: Int32, _ width: Double, _ height: Double, _ spacing: Double, _ padding: Double,
  _ minimum: Double, _ out: UnsafeMutablePointer<Double>?
) {
  guard let out, count > 0 else { return }
  var tree = LayoutTree()
  let row = tree.addGroup(
    GroupStyle(axis: .horizontal, spacing: spacing, padding: EdgeInsets(all: padding)))
  var leaves: [NodeID] = []
  for _ in 0..<Int(count) {
    leaves.append(tree.addLeaf(style: ItemStyle(size: .fill(weight: 1), minSize: minimum), to: row))
  }
  tree.layout(in: Size(width: width, height: height))
  for (index, leaf) in leaves.enumerated() {
    let frame = tree.frame(of: leaf)
    out[index * 4] = frame.minX
    out[index * 4 + 1] = frame.minY
    out[index * 4 + 2] = frame.width
    out[index * 4 + 3] = frame.height
  }
}

/// Keeps the operations among `effects`, and the last announcement.
func take(_ effects: [DragEffect<Int32>]) {
  for effect in effects {
    switch effect {
    case .apply(let operation): operations.append(operation)
    case .announce(let said):
      announcement = Array(said.text(items: "cards") { names[$0] ?? "card \($0)" }.utf8)
    case .event(.refused(_, let refusal)):
      message = Array(describe(refusal).utf8)
    case .event(.proposalChanged(_, let proposal)):
      if let refusal = proposal.refusal { message = Array(describe(refusal).utf8) }
    default: break
    }
  }
}

/// Why a drop is refused, in words: the rule's reason, or what the refusal means.
func describe(_ refusal: DragRefusal) -> String {
  if let reason = refusal.reason { return reason }
  let place = refusal.container.map { columnNames[$0.rawValue] ?? "column \($0.rawValue + 1)" }
  switch refusal.kind {
  case .containerFull:
    if let place, let container = refusal.container, let limit = limits[container] {
      return "“\(place)” is full: it takes at most \(limit) card\(limit == 1 ? "" : "s")."
    }
    return "\(place.map { "“\($0)”" } ?? "That column") is full."
  default:
    return "That card cannot go there."
  }
}

/// The cards' names, for announcements.
nonisolated(unsafe) var names: [Int32: String] = [:]
/// The last announcement, as UTF-8.
nonisolated(unsafe) var announcement: [UInt8] = []
/// Why the last input was refused, as UTF-8 (empty: it was not).
nonisolated(unsafe) var message: [UInt8] = []

/// Copies why the last input was refused (empty when it was not) to `out` as UTF-8, at most
/// `capacity` bytes, and returns its whole length.
@_expose(wasm, "arrange_message")
@_cdecl("arrange_message")
public func arrangeMessage(_ out: UnsafeMutablePointer<UInt8>?, _ capacity: Int32) -> Int32 {
  copy(message, to: out, capacity: capacity)
}

/// Names card `id` with the `length` UTF-8 bytes at `text`, for announcements.
@_expose(wasm, "arrange_set_name")
@_cdecl("arrange_set_name")
public func arrangeSetName(_ id: Int32, _ text: UnsafePointer<UInt8>?, _ length: Int32) {
  guard let text, length >= 0 else { return }
  names[id] = String(decoding: UnsafeBufferPointer(start: text, count: Int(length)), as: UTF8.self)
}

/// Copies the last announcement (a sentence for a live region) to `out` as UTF-8, at most
/// `capacity` bytes, and returns its whole length.
@_expose(wasm, "arrange_announcement")
@_cdecl("arrange_announcement")
public func arrangeAnnouncement(_ out: UnsafeMutablePointer<UInt8>?, _ capacity: Int32) -> Int32 {
  copy(announcement, to: out, capacity: capacity)
}

/// Feeds a key of a keyboard drag to the engine and returns how many operations the host must
/// now apply.
///
/// `intent` 0 lifts card `card`, 1 and 2 step to the previous and next place, 3 and 4 to the
/// previous and next column, 5 drops, 6 cancels.
@_expose(wasm, "arrange_key")
@_cdecl("arrange_key")
public func arrangeKey(_ intent: Int32, _ card: Int32, _ time: Double) -> Int32 {
  let intents: [KeyIntent<Int32>] = [
    .lift(card), .previousSlot, .nextSlot, .previousContainer, .nextContainer, .drop, .cancel,
  ]
  guard intent >= 0 && Int(intent) < intents.count else { return 0 }
  return handle(.key(intents[Int(intent)], time: time))
}

/// The look of a drag, as the engine's defaults give it, written to `out` as six numbers:
/// animation duration, catch scale, release scale, snapshot alpha, displaced alpha and press
/// duration.
@_expose(wasm, "arrange_appearance")
@_cdecl("arrange_appearance")
public func arrangeAppearance(_ out: UnsafeMutablePointer<Double>?) {
  guard let out else { return }
  let look = engine.configuration.appearance
  let values = [
    look.animationDuration, look.catchScale, look.releaseScale, look.snapshotAlpha,
    look.displacedAlpha, look.pressDuration,
  ]
  _ = write(values, to: out, capacity: Int32(values.count))
}

/// Writes what the page draws for the drag under way to `out`, at most `capacity` numbers, and
/// returns how many it wrote (0 when nothing is dragged).
///
/// They are the dragged card; its ghost's x, y, width and height; the column and index it left
/// hidden (-1 -1 when none); the highlighted column (-1 when none); the drop indicator (1 a line,
/// 2 a card, 3 removal, 0 none) and its x, y, width and height; how many other selected cards
/// come along; the number of runs; then, for each run of cards that make room, its column,
/// first and end index, and the offset in places.
@_expose(wasm, "arrange_presentation")
@_cdecl("arrange_presentation")
public func arrangePresentation(_ out: UnsafeMutablePointer<Double>?, _ capacity: Int32) -> Int32 {
  guard let out, let session = engine.presentation.sessions.first else { return 0 }
  return write(presentationValues(of: session), to: out, capacity: capacity)
}

// MARK: - Columns

/// The column engine: one horizontal container, the row of column titles.
nonisolated(unsafe) var columnEngine = DragEngine<ListGeometry<Int32>>(containers: [])
/// The column moves the last input to the column engine asked for.
nonisolated(unsafe) var columnMoves: [(from: Int32, to: Int32)] = []

/// Gives the column engine the row of titles.
///
/// There are `count` columns at `x`, `y`, `height` high, with the widths at `widths`, `spacing`
/// apart. Column `i` is item `i`.
@_expose(wasm, "arrange_set_titles")
@_cdecl("arrange_set_titles")
public func arrangeSetTitles(
  _ count: Int32, _ x: Double, _ y: Double, _ height: Double, _ widths: UnsafePointer<Double>?,
  _ spacing: Double
) {
  let count = Int(max(0, count))
  var lengths: [Double] = []
  if let widths { for index in 0..<count { lengths.append(widths[index]) } }
  let total = lengths.reduce(0, +) + spacing * Double(max(0, count - 1))
  let geometry = ListGeometry(
    items: (0..<Int32(count)).map { $0 }, frame: Rect(x: x, y: y, width: total, height: height),
    axis: .horizontal, itemLengths: lengths, spacing: spacing)
  if columnEngine.isDragging {
    _ = columnEngine.handle(.setGeometry(ContainerID(0), geometry))
  } else {
    var configuration = DragConfiguration()
    configuration.mouseActivation = .distance(4)
    columnEngine = DragEngine(
      containers: [ArenaContainer(id: ContainerID(0), name: "columns", geometry: geometry)],
      configuration: configuration)
  }
}

/// Feeds a pointer event on the titles to the column engine (phases as `arrange_pointer`);
/// returns how many column moves the host must now apply (read them with
/// `arrange_column_move`).
@_expose(wasm, "arrange_title_pointer")
@_cdecl("arrange_title_pointer")
public func arrangeTitlePointer(
  _ phase: Int32, _ x: Double, _ y: Double, _ time: Double, _ kind: Int32
) -> Int32 {
  guard let event = pointerEvent(phase, x, y, time, kind) else { return 0 }
  columnMoves = []
  for effect in columnEngine.handle(.pointer(event)) {
    if case .apply(.move(let column, let from, let to, _)) = effect, from.index != to.index {
      columnMoves.append((column, Int32(to.index)))
    }
  }
  return Int32(columnMoves.count)
}

/// Writes column move `index` of the last title input to `out`.
///
/// The two numbers are the column and the place it goes to. Returns 0 when there is no such
/// move.
@_expose(wasm, "arrange_column_move")
@_cdecl("arrange_column_move")
public func arrangeColumnMove(_ index: Int32, _ out: UnsafeMutablePointer<Int32>?) -> Int32 {
  guard let out, index >= 0, Int(index) < columnMoves.count else { return 0 }
  out[0] = columnMoves[Int(index)].from
  out[1] = columnMoves[Int(index)].to
  return 1
}

/// Writes the column drag under way to `out`, like `arrange_presentation`.
///
/// The numbers are the column, its ghost's x, y, width and height, then for each run of columns
/// that make room its first and end index and offset in places. Returns how many numbers it
/// wrote (0 when no column is dragged).
@_expose(wasm, "arrange_title_presentation")
@_cdecl("arrange_title_presentation")
public func arrangeTitlePresentation(_ out: UnsafeMutablePointer<Double>?, _ capacity: Int32)
  -> Int32
{
  guard let out, let session = columnEngine.presentation.sessions.first else { return 0 }
  var values: [Double] = [
    Double(session.item), session.ghostFrame.minX, session.ghostFrame.minY,
    session.ghostFrame.width, session.ghostFrame.height,
  ]
  for run in session.shifted {
    values += [Double(run.range.lowerBound), Double(run.range.upperBound), Double(run.offset)]
  }
  return write(values, to: out, capacity: capacity)
}

/// Lays `count` columns out one above the other in a board `width` wide (a narrow screen),
/// `spacing` apart inside `padding`, each as tall as its content at `heights`, and writes each
/// one's x, y, width and height to `out`.
@_expose(wasm, "arrange_layout_stack")
@_cdecl("arrange_layout_stack")
public func arrangeLayoutStack(
  _ count: Int32, _ width: Double, _ spacing: Double, _ padding: Double,
  _ heights: UnsafePointer<Double>?, _ out: UnsafeMutablePointer<Double>?
) {
  guard let out, let heights, count > 0 else { return }
  var tree = LayoutTree()
  let stack = tree.addGroup(
    GroupStyle(axis: .vertical, spacing: spacing, padding: EdgeInsets(all: padding)))
  var leaves: [NodeID] = []
  for index in 0..<Int(count) {
    leaves.append(
      tree.addLeaf(
        style: ItemStyle(size: .points(heights[index]), crossSize: .stretch), to: stack))
  }
  tree.layout(in: Size(width: width, height: .infinity))
  for (index, leaf) in leaves.enumerated() {
    let frame = tree.frame(of: leaf)
    out[index * 4] = frame.minX
    out[index * 4 + 1] = frame.minY
    out[index * 4 + 2] = frame.width
    out[index * 4 + 3] = frame.height
  }
}
