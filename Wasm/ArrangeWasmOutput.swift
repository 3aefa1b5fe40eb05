// The entry points that read what an arena's last input did: its operations, events and the
// drag each is about, the presentation of a drag, the announcement and the refusal (as the
// numbers ArrangeWasmCodes.swift lays out).

import ArrangeDragDrop
import ArrangeGeometry

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
