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
        for index in 0..<laidOut { out[index] = snapEdges(exact[index], scale: 1, unit: true) }
      } else {
        for index in 0..<laidOut { out[index] = snapEdges(exact[index], scale: scale, unit: false) }
      }
      // Nodes added since the last layout have no frame yet (``frame(of:)`` gives zero).
      for index in laidOut..<count { out[index] = .zero }
    }
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
    low *= 1_048_576
    high *= 1_048_576
    let bound = 2_251_799_813_685_248.0
    guard all((low .< bound) .& (low .> -bound) .& (high .< bound) .& (high .> -bound)) else {
      return rounded(edges, scale: scale)
    }
    let magic = SIMD2<Double>(repeating: 6_755_399_441_055_744)
    low = (((low + magic) - magic) * 0x1p-20 + 0x1p-21 + magic) - magic
    high = (((high + magic) - magic) * 0x1p-20 + 0x1p-21 + magic) - magic
    if !unit {
      low /= scale
      high /= scale
    }
    return Rect(
      x: low.x, y: low.y, width: clampFinite(high.x - low.x), height: clampFinite(high.y - low.y))
  }
}
