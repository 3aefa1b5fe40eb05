// The engines' entry points for a web page: a C-like interface over WebAssembly memory that a
// JavaScript host calls. One board at a time: its columns are lists of cards (identified by
// 32-bit numbers the host chooses), laid out side by side by ArrangeLayout and dragged by
// ArrangeDragDrop.

import ArrangeDragDrop
import ArrangeGeometry
import ArrangeLayout

/// The board's drag engine: one container per column.
nonisolated(unsafe) var engine = DragEngine<ListGeometry<Int32>>(containers: [])
/// What the last input asked the host to apply, in order.
nonisolated(unsafe) var operations: [DragOperation<Int32>] = []

/// `bytes` of memory for the host to write arguments into; give it back with `arrange_free`.
@_expose(wasm, "arrange_alloc")
@_cdecl("arrange_alloc")
public func arrangeAlloc(_ bytes: Int32) -> UnsafeMutableRawPointer? {
  UnsafeMutableRawPointer.allocate(byteCount: Int(max(1, bytes)), alignment: 16)
}

/// Gives back memory from `arrange_alloc`.
@_expose(wasm, "arrange_free")
@_cdecl("arrange_free")
public func arrangeFree(_ pointer: UnsafeMutableRawPointer?) {
  pointer?.deallocate()
}

/// Starts a board of `columns` empty columns, numbered from 0.
@_expose(wasm, "arrange_reset")
@_cdecl("arrange_reset")
public func arrangeReset(_ columns: Int32) {
  let empty = ListGeometry<Int32>(items: [], frame: .zero, itemLength: 0)
  engine = DragEngine(
    containers: (0..<Int(max(0, columns))).map {
      ArenaContainer(id: ContainerID($0), name: "column \($0 + 1)", geometry: empty)
    })
  operations = []
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

/// Feeds a pointer event to the engine and returns how many operations the host must now apply
/// (read them with `arrange_operation`).
///
/// `phase` is 0 down, 1 move, 2 up, 3 cancel; the pointer is at (`x`, `y`) at `time` seconds.
@_expose(wasm, "arrange_pointer")
@_cdecl("arrange_pointer")
public func arrangePointer(_ phase: Int32, _ x: Double, _ y: Double, _ time: Double) -> Int32 {
  let phases: [PointerPhase] = [.down, .move, .up, .cancel]
  guard phase >= 0 && Int(phase) < phases.count else { return 0 }
  operations = []
  take(engine.handle(.pointer(PointerEvent(phases[Int(phase)], at: Point(x: x, y: y), time: time))))
  return Int32(operations.count)
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
    default: break
    }
  }
}

/// The cards' names, for announcements.
nonisolated(unsafe) var names: [Int32: String] = [:]
/// The last announcement, as UTF-8.
nonisolated(unsafe) var announcement: [UInt8] = []

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
  if let out {
    for (index, byte) in announcement.prefix(Int(max(0, capacity))).enumerated() {
      out[index] = byte
    }
  }
  return Int32(announcement.count)
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
  operations = []
  take(engine.handle(.key(intents[Int(intent)], time: time)))
  return Int32(operations.count)
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
  for (index, value) in values.enumerated() { out[index] = value }
}

/// Writes what the page draws for the drag under way to `out`, at most `capacity` numbers, and
/// returns how many it wrote (0 when nothing is dragged).
///
/// They are the dragged card; its ghost's x, y, width and height; the column and index it left
/// hidden (-1 -1 when none); the highlighted column (-1 when none); then, for each run of cards
/// that make room, its column, first and end index, and the offset in places.
@_expose(wasm, "arrange_presentation")
@_cdecl("arrange_presentation")
public func arrangePresentation(_ out: UnsafeMutablePointer<Double>?, _ capacity: Int32) -> Int32 {
  guard let out, let session = engine.presentation.sessions.first else { return 0 }
  var values: [Double] = [
    Double(session.item), session.ghostFrame.minX, session.ghostFrame.minY,
    session.ghostFrame.width, session.ghostFrame.height,
    Double(session.hiddenSlot?.container.rawValue ?? -1), Double(session.hiddenSlot?.index ?? -1),
    Double(session.highlightedContainer?.rawValue ?? -1),
  ]
  for run in session.shifted {
    values += [
      Double(run.container.rawValue), Double(run.range.lowerBound), Double(run.range.upperBound),
      Double(run.offset),
    ]
  }
  let count = min(values.count, Int(max(0, capacity)))
  for index in 0..<count { out[index] = values[index] }
  return Int32(count)
}
