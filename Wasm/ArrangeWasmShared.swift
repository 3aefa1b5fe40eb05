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

/// The pointer event the host's numbers describe (a `PointerPhaseCode`; a `PointerKindCode`, any
/// other kind a finger or pen), or `nil` for a phase out of range.
func pointerEvent(_ phase: Int32, _ x: Double, _ y: Double, _ time: Double, _ kind: Int32)
  -> PointerEvent?
{
  let phases: [PointerPhaseCode: PointerPhase] = [
    .down: .down, .move: .move, .up: .up, .cancel: .cancel,
  ]
  guard let code = PointerPhaseCode(rawValue: phase), let phase = phases[code] else { return nil }
  return PointerEvent(
    phase, at: Point(x: x, y: y), time: time,
    kind: kind == PointerKindCode.mouse.rawValue ? .mouse : .touch)
}

/// What the page draws for `session`, as numbers: `PresentationField`'s, then `RunField`'s for
/// each run of items that make room.
func presentationValues(of session: SessionPresentation<Int32>) -> [Double] {
  var values = [Double](repeating: -1, count: PresentationField.allCases.count)
  values[PresentationField.item] = Double(session.item)
  values[PresentationField.ghostX] = session.ghostFrame.minX
  values[PresentationField.ghostY] = session.ghostFrame.minY
  values[PresentationField.ghostWidth] = session.ghostFrame.width
  values[PresentationField.ghostHeight] = session.ghostFrame.height
  values[PresentationField.hiddenContainer] = Double(session.hiddenSlot?.container.rawValue ?? -1)
  values[PresentationField.hiddenIndex] = Double(session.hiddenSlot?.index ?? -1)
  values[PresentationField.highlighted] = Double(session.highlightedContainer?.rawValue ?? -1)
  var indicator: (IndicatorCode, Rect) = (.none, .zero)
  switch session.indicator {
  case .line(_, let rect): indicator = (.line, rect)
  case .item(_, let rect): indicator = (.item, rect)
  case .removal: indicator = (.removal, .zero)
  case nil: break
  }
  values[PresentationField.indicator] = Double(indicator.0.rawValue)
  values[PresentationField.indicatorX] = indicator.1.minX
  values[PresentationField.indicatorY] = indicator.1.minY
  values[PresentationField.indicatorWidth] = indicator.1.width
  values[PresentationField.indicatorHeight] = indicator.1.height
  values[PresentationField.companions] = Double(session.companions.count)
  values[PresentationField.runCount] = Double(session.shifted.count)
  for run in session.shifted {
    var numbers = [Double](repeating: 0, count: RunField.allCases.count)
    numbers[RunField.container] = Double(run.container.rawValue)
    numbers[RunField.first] = Double(run.range.lowerBound)
    numbers[RunField.end] = Double(run.range.upperBound)
    numbers[RunField.offset] = Double(run.offset)
    values += numbers
  }
  return values
}
