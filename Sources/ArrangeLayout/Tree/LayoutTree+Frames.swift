public import ArrangeGeometry

extension LayoutTree {
  /// Every node's frame, rounded to the grid, in the root's coordinates, read in one pass: on
  /// return `frames[i]` is `frame(of: NodeID(i))` for every node of the arena (attached or not,
  /// so `frames.count` is ``nodeCount``).
  ///
  /// A host that draws every frame reads them this way: no check and no call per node. Pass the
  /// same array each time: once it has grown to the tree's size, reading allocates nothing.
  ///
  /// - Complexity: O(n).
  public func frames(into frames: inout [Rect]) {
    let count = nodeCount
    if frames.count != count {
      frames.removeAll(keepingCapacity: true)
      frames.append(contentsOf: repeatElement(Rect.zero, count: count))
    }
    let laidOut = Swift.min(exactFrames.count, count)
    let scale = effectiveScale
    let exact = exactFrames.base
    frames.withUnsafeMutableBufferPointer { out in
      // The four edges at once: the same arithmetic as ``snap(_:_:)``, lane by lane, so the
      // same frames as ``frame(of:)``; at scale 1 (points, cells) with no scaling at all.
      if scale == 1 {
        if !Self.snapUnitFrames(UnsafeRawPointer(exact), into: out, count: laidOut) {
          // Some edge lies 2³¹ or more from the origin, or is not a number: one at a time.
          for index in 0..<laidOut { out[index] = snapEdges(exact[index], scale: 1, unit: true) }
        }
      } else {
        for index in 0..<laidOut { out[index] = snapEdges(exact[index], scale: scale, unit: false) }
      }
      // Nodes added since the last layout have no frame yet (``frame(of:)`` gives zero).
      for index in laidOut..<count { out[index] = .zero }
    }
  }

  /// Rounds the first `count` frames at `edges` (``Edges``, one after another) at scale 1 into
  /// `out`, as ``snap(_:_:)`` rounds within 2³¹ of the origin, and says whether every edge was
  /// that close (if not, some of `out` is wrong, and the caller rounds again).
  ///
  /// The hot loop of a bulk read: two edges per instruction, and the range checked once at the
  /// end rather than per frame.
  static func snapUnitFrames(
    _ edges: UnsafeRawPointer, into out: UnsafeMutableBufferPointer<Rect>, count: Int
  ) -> Bool {
    guard count > 0, let target = UnsafeMutableRawPointer(out.baseAddress) else { return true }
    let stride = MemoryLayout<Edges>.stride
    let half = MemoryLayout<SIMD2<Double>>.size
    let rectStride = MemoryLayout<Rect>.stride
    let magic = SIMD2<Double>(repeating: 6_755_399_441_055_744)
    let tolerance = SIMD2<Double>(repeating: 0x1p-21)
    let bound = SIMD2<Double>(repeating: 0x1p31)
    let negativeBound = SIMD2<Double>(repeating: -0x1p31)
    var inRange = SIMDMask<SIMD2<Int64>>(repeating: true)
    var source = edges
    var destination = target
    for _ in 0..<count {
      let low = source.loadUnaligned(as: SIMD2<Double>.self)
      let high = source.loadUnaligned(fromByteOffset: half, as: SIMD2<Double>.self)
      // Not a number fails every comparison, and so the check.
      inRange = inRange .& (low .< bound) .& (low .> negativeBound)
      inRange = inRange .& (high .< bound) .& (high .> negativeBound)
      let snappedLow = ((low + tolerance) + magic) - magic
      let snappedHigh = ((high + tolerance) + magic) - magic
      // Rect is an origin and a size; whole numbers below 2³¹ differ exactly.
      destination.storeBytes(of: snappedLow, as: SIMD2<Double>.self)
      destination.storeBytes(
        of: snappedHigh - snappedLow, toByteOffset: half, as: SIMD2<Double>.self)
      source += stride
      destination += rectStride
    }
    return all(inRange)
  }

  /// `edges` rounded as ``rounded(_:scale:)`` rounds them, two edges at a time; `unit`: the
  /// scale is 1, and nothing is scaled.
  @inline(__always)
  func snapEdges(_ edges: Edges, scale: Double, unit: Bool) -> Rect {
    var low = SIMD2(edges.minX, edges.minY)
    var high = SIMD2(edges.maxX, edges.maxY)
    if !unit {
      low *= scale
      high *= scale
    }
    // Within 2³¹ steps of the origin, as ``snap(_:_:)``; anywhere else, one value at a time.
    let largest = pointwiseMax(pointwiseMax(low, -low), pointwiseMax(high, -high))
    guard all(largest .< SIMD2(repeating: 0x1p31)) else { return rounded(edges, scale: scale) }
    let magic = SIMD2<Double>(repeating: 6_755_399_441_055_744)
    let tolerance = SIMD2<Double>(repeating: 0x1p-21)
    low = ((low + tolerance) + magic) - magic
    high = ((high + tolerance) + magic) - magic
    if unit {
      // Whole numbers below 2³¹: their differences are exact and finite.
      let size = high - low
      return Rect(x: low.x, y: low.y, width: size.x, height: size.y)
    }
    low /= scale
    high /= scale
    let size = pointwiseMin(
      pointwiseMax(high - low, SIMD2(repeating: -.greatestFiniteMagnitude)),
      SIMD2(repeating: .greatestFiniteMagnitude))
    return Rect(x: low.x, y: low.y, width: size.x, height: size.y)
  }
}
