// The layout module (`arrange-layout.wasm`), the gallery's layout playground: a layout document
// (the JSON of `arrange-layout`) laid out by ArrangeLayout, in the page, as the person edits it
// or drags the container's edge. Apart from the library's module, which has no group layout and
// must stay small.

import ArrangeGeometry
import ArrangeLayoutJSON

/// `bytes` of memory for the host to write the document into; give it back with `layout_free`.
@_expose(wasm, "layout_alloc")
@_cdecl("layout_alloc")
public func layoutAlloc(_ bytes: Int32) -> UnsafeMutableRawPointer? {
  UnsafeMutableRawPointer.allocate(byteCount: Int(max(1, bytes)), alignment: 16)
}

/// Gives back memory from `layout_alloc`.
@_expose(wasm, "layout_free")
@_cdecl("layout_free")
public func layoutFree(_ pointer: UnsafeMutableRawPointer?) {
  pointer?.deallocate()
}

/// Lays out the layout document of `length` UTF-8 bytes at `text` in a container of `width` by
/// `height` (either negative: the document's own `size`), and writes what `arrange-layout`
/// prints into `out`, at most `capacity` bytes: one `label x y width height` line per node in
/// pre-order (rounded frames, or exact ones when `exact` is not 0), then one line per diagnostic.
///
/// Returns the output's length (call again with a larger buffer when it exceeds `capacity`),
/// or minus the length of an error message (`path: message (line L, column C)`) written
/// instead when the document cannot be read.
///
/// - Complexity: O(n) in the document's length plus the cost of the layout.
@_expose(wasm, "layout_run")
@_cdecl("layout_run")
public func layoutRun(
  _ text: UnsafePointer<UInt8>?, _ length: Int32, _ width: Double, _ height: Double,
  _ exact: Int32, _ out: UnsafeMutablePointer<UInt8>?, _ capacity: Int32
) -> Int32 {
  let bytes = text.map { Array(UnsafeBufferPointer(start: $0, count: Int(max(0, length)))) } ?? []
  let output: String
  let failed: Bool
  do {
    var document = try LayoutDocument.parse(bytes)
    if width >= 0 && height >= 0 { document.size = Size(width: width, height: height) }
    output = document.run(exact: exact != 0)
    failed = false
  } catch {
    output = error.description
    failed = true
  }
  let utf8 = Array(output.utf8)
  if let out {
    for (index, byte) in utf8.prefix(Int(max(0, capacity))).enumerated() { out[index] = byte }
  }
  return failed ? -Int32(utf8.count) : Int32(utf8.count)
}
