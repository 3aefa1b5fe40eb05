// What both WebAssembly modules share: memory the host writes arguments into, pointer events
// from the host's numbers, what a drag looks like as numbers, and copies of the engines' answers into the host's buffers.

import ArrangeDragDrop
import ArrangeGeometry

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

/// Copies `bytes` to `out`, at most `capacity` of them, and returns how many there are.
func copy(_ bytes: [UInt8], to out: UnsafeMutablePointer<UInt8>?, capacity: Int32) -> Int32 {
  if let out {
    for (index, byte) in bytes.prefix(Int(max(0, capacity))).enumerated() { out[index] = byte }
  }
  return Int32(bytes.count)
}

/// Copies `values` to `out`, at most `capacity` of them; returns how many it copied.
func write(_ values: [Double], to out: UnsafeMutablePointer<Double>, capacity: Int32) -> Int32 {
  let count = min(values.count, Int(max(0, capacity)))
  for index in 0..<count { out[index] = values[index] }
  return Int32(count)
}

/// The pointer event the host's numbers describe (phase 0 down, 1 move, 2 up, 3 cancel; kind 0
/// a mouse, else a finger or pen), or `nil` for a phase out of range.
func pointerEvent(_ phase: Int32, _ x: Double, _ y: Double, _ time: Double, _ kind: Int32)
  -> PointerEvent?
{
  let phases: [PointerPhase] = [.down, .move, .up, .cancel]
  guard phase >= 0 && Int(phase) < phases.count else { return nil }
  return PointerEvent(
    phases[Int(phase)], at: Point(x: x, y: y), time: time, kind: kind == 0 ? .mouse : .touch)
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
