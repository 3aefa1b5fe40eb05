public import ArrangeGeometry

extension LayoutTree {
  /// Lays the tree out with the root filling `size`, and rounds every frame to the grid.
  ///
  /// An infinite width or height means "size to content" on that axis: the root is measured and
  /// takes its content size. A negative or NaN size is treated as 0 and reported.
  ///
  /// Only dirty groups, and groups whose size or position changed, are visited again; a clean
  /// subtree whose frame is unchanged is skipped whole.
  ///
  /// - Complexity: O(n) for a first layout; after a change, O(the groups on the path from the
  ///   changed node to the root, plus the subtrees whose frames move).
  public mutating func layout(in size: Size) {
    makeUnique()
    guard let root else { return }
    growLayoutState()
    let r = Int(root.index)
    var width = size.width
    var height = size.height
    invalidContainerSizes.removeAll()
    isLayingOut = true
    flowMeasuredFixedInPass = false
    if width.isNaN || width < 0 {
      invalidContainerSizes.append(width)
      width = 0
    }
    if height.isNaN || height < 0 {
      invalidContainerSizes.append(height)
      height = 0
    }
    if !width.isFinite || !height.isFinite {
      let proposal = SizeProposal(
        width: width.isFinite ? width : nil, height: height.isFinite ? height : nil)
      let content = measure(Int32(r), proposal)
      if !width.isFinite { width = content.width }
      if !height.isFinite { height = content.height }
    }
    let edges = Edges(minX: 0, minY: 0, maxX: width, maxY: height)
    localFrames[r] = edges
    place(from: r, edges: edges, rtl: layoutDirection == .rightToLeft)
    isLayingOut = false
    flowMeasuredFixedInPass = false
  }

  /// Places the subtree of `top` with `top` at `edges` (root coordinates), solving what needs
  /// it.
  ///
  /// The walk follows the tree's links in pre-order (first child, next sibling, parent) with no
  /// stack, so that no depth can exhaust one and a re-layout allocates nothing. A node that
  /// needs no solving is skipped with its subtree when its frame is unchanged, and only moved
  /// (its subtree's frames recomputed from their unchanged local frames) when it moved.
  mutating func place(from top: Int, edges: Edges, rtl: Bool) {
    var n = top
    while true {
      var descend = false
      let parent = Int(parents[n])
      if n == top {
        if kinds[n] == .leaf { exactFrames[n] = edges }
      } else if hiddenFlags[n] {
        // The root is never hidden: it is what the tree is laid out in.
        hideSubtree(n, at: localFrames[n].offset(by: exactFrames[parent]))
      }
      // A leaf below `top` was placed by its parent's solve (see ``placeChildren``): it has
      // nothing to solve, and its frame is all there is to place.
      if kinds[n] != .leaf && (n == top || !hiddenFlags[n]) {
        let nodeEdges = n == top ? edges : localFrames[n].offset(by: exactFrames[parent])
        var nodeRTL = n == top ? rtl : solved[parent].rightToLeft
        let kind = kinds[n]
        if kind == .group, let direction = groups[Int(slots[n])].style.direction {
          nodeRTL = direction == .rightToLeft
        } else if kind == .flow, let direction = flows[Int(slots[n])].style.direction {
          nodeRTL = direction == .rightToLeft
        }
        let size = localFrames[n].size
        let state = solved[n]
        if state.dirty || state.size != size || state.rightToLeft != nodeRTL {
          exactFrames[n] = nodeEdges
          switch kind {
          case .leaf: break
          case .group: solveGroup(n, size: size, rtl: nodeRTL)
          case .flow: solveFlow(n, size: size, rtl: nodeRTL)
          }
          // Its children are those of its last solve unless it was marked (adding, removing,
          // hiding or showing a child marks it): their run is known then.
          let run = state.dirty ? leafRun(of: n) : state.leafRun
          solved[n] = SolveState(size: size, dirty: false, rightToLeft: nodeRTL, leafRun: run)
          // Visible leaves were placed by the solve: a run of them has nothing left to visit.
          descend = run <= 0
        } else if exactFrames[n] != nodeEdges {
          exactFrames[n] = nodeEdges
          moveSubtree(n)
        }
      }
      n = successor(of: n, descending: descend, within: top)
      if n < 0 { return }
    }
  }

  /// The node after `n` in pre-order without leaving `top`'s subtree, or -1: its first child
  /// when `descending`, else the next sibling of `n` or of its nearest ancestor that has one.
  @inline(__always)
  func successor(of n: Int, descending: Bool, within top: Int) -> Int {
    if descending && firstChildren[n] >= 0 { return Int(firstChildren[n]) }
    var current = n
    while current != top && nextSiblings[current] < 0 { current = Int(parents[current]) }
    return current == top ? -1 : Int(nextSiblings[current])
  }

  /// How many children `n` has if they are visible leaves with consecutive indices from its
  /// first child, else -1 (see ``SolveState/leafRun``).
  ///
  /// Children added one after another have consecutive indices, so most lists of leaves are
  /// such a run, and moving them is one loop over two columns.
  func leafRun(of n: Int) -> Int32 {
    var child = firstChildren[n]
    guard child >= 0 else { return -1 }
    var expected = child
    var count: Int32 = 0
    while child >= 0 {
      let c = Int(child)
      guard child == expected, kinds[c] == .leaf, !hiddenFlags[c] else { return -1 }
      count += 1
      expected += 1
      child = nextSiblings[c]
    }
    return count
  }

  /// Recomputes the frames of `top`'s descendants from their local frames after `top` moved.
  ///
  /// Their local frames are those of the last layout (nothing in the subtree needs solving), so
  /// each frame is computed exactly as a full layout would compute it; a hidden subtree (clean
  /// and unsolved since the last layout) gets the corner of its top again.
  private mutating func moveSubtree(_ top: Int) {
    guard firstChildren[top] >= 0 else { return }
    // The columns' memory, read and written directly: this runs for every node of a moved
    // subtree, and a frame is two pairs of coordinates moved by its parent's corner at once.
    let exact = UnsafeMutableRawPointer(exactFrames.base)
    let local = UnsafeRawPointer(localFrames.base)
    let parents = self.parents.base
    let first = firstChildren.base
    let next = nextSiblings.base
    let hidden = hiddenFlags.base
    let states = solved.base
    let stride = MemoryLayout<Edges>.stride
    let half = MemoryLayout<SIMD2<Double>>.size
    let lowest = SIMD2<Double>(repeating: -.greatestFiniteMagnitude)
    let highest = SIMD2<Double>(repeating: .greatestFiniteMagnitude)
    /// The node after `node` in pre-order when its children are skipped, or -1 past the end of
    /// `root`'s subtree.
    @inline(__always)
    func following(_ node: Int, within root: Int) -> Int {
      var current = node
      while current != root && next[current] < 0 { current = Int(parents[current]) }
      return current == root ? -1 : Int(next[current])
    }
    /// Moves the run of leaves below `parent` (``SolveState/leafRun``) to `corner`, and says
    /// whether every coordinate stayed finite (if not, the caller moves them again, clamped).
    @inline(__always)
    func moveRun(of parent: Int, count: Int32, to corner: SIMD2<Double>) -> Bool {
      var sum = SIMD2<Double>()
      var offset = Int(first[parent]) * stride
      for _ in 0..<count {
        let low = local.loadUnaligned(fromByteOffset: offset, as: SIMD2<Double>.self) + corner
        let high =
          local.loadUnaligned(fromByteOffset: offset + half, as: SIMD2<Double>.self) + corner
        exact.storeBytes(of: low, toByteOffset: offset, as: SIMD2<Double>.self)
        exact.storeBytes(of: high, toByteOffset: offset + half, as: SIMD2<Double>.self)
        // An infinity (or a sum of huge coordinates) makes the sum infinite: checked once.
        sum += low
        sum += high
        offset += stride
      }
      return (sum.x - sum.x) == 0 && (sum.y - sum.y) == 0
    }
    var n = top
    while true {
      if n != top {
        // `localFrames[n].offset(by: exactFrames[parent])`, as SIMD pairs.
        let corner = exact.loadUnaligned(
          fromByteOffset: Int(parents[n]) * stride, as: SIMD2<Double>.self)
        let low = local.loadUnaligned(fromByteOffset: n * stride, as: SIMD2<Double>.self)
        let high = local.loadUnaligned(fromByteOffset: n * stride + half, as: SIMD2<Double>.self)
        let movedLow = pointwiseMin(pointwiseMax(corner + low, lowest), highest)
        let movedHigh = pointwiseMin(pointwiseMax(corner + high, lowest), highest)
        if hidden[n] {
          let edges = Edges(
            minX: movedLow.x, minY: movedLow.y, maxX: movedLow.x, maxY: movedLow.y)
          let frames = exactFrames
          frames[n] = edges
          var d = Int(first[n])
          while d >= 0 {
            frames[d] = edges
            d = first[d] >= 0 ? Int(first[d]) : following(d, within: n)
          }
          n = following(n, within: top)
          if n < 0 { return }
          continue
        }
        exact.storeBytes(of: movedLow, toByteOffset: n * stride, as: SIMD2<Double>.self)
        exact.storeBytes(of: movedHigh, toByteOffset: n * stride + half, as: SIMD2<Double>.self)
      }
      if first[n] >= 0 {
        let run = states[n].leafRun
        guard run > 0 else {
          n = Int(first[n])
          continue
        }
        // A run of visible leaves: moved in one loop, and their walk skipped.
        let corner = exact.loadUnaligned(fromByteOffset: n * stride, as: SIMD2<Double>.self)
        if !moveRun(of: n, count: run, to: corner) {
          let frames = exactFrames
          let origin = frames[n]
          var c = Int(first[n])
          while c >= 0 {
            frames[c] = localFrames[c].offset(by: origin)
            c = Int(next[c])
          }
        }
      }
      n = following(n, within: top)
      if n < 0 { return }
    }
  }

  /// Gives hidden node `top` and its whole subtree an empty frame at the corner where `top`
  /// would start.
  ///
  /// Nothing in it is solved. Its nodes are marked clean, so that a later change inside it
  /// marks its ancestors again (and gets its frame placed), and unsolved, so that showing it
  /// solves it afresh.
  private mutating func hideSubtree(_ top: Int, at edges: Edges) {
    let corner = Edges(minX: edges.minX, minY: edges.minY, maxX: edges.minX, maxY: edges.minY)
    let unsolved = Size(width: -1, height: -1)
    exactFrames[top] = corner
    solved[top].dirty = false
    solved[top].size = unsolved
    var n = successor(of: top, descending: true, within: top)
    while n >= 0 {
      exactFrames[n] = corner
      solved[n].dirty = false
      solved[n].size = unsolved
      n = successor(of: n, descending: true, within: top)
    }
  }

  /// Snaps a rectangle's absolute edges to the grid; sizes are differences of snapped edges, so
  /// neighbours that touch before rounding still touch after it.
  func rounded(_ edges: Edges) -> Rect { rounded(edges, scale: effectiveScale) }

  /// `edges` snapped to the grid of `scale` (see ``rounded(_:)``).
  @inline(__always)
  func rounded(_ edges: Edges, scale: Double) -> Rect {
    let x0 = snap(edges.minX, scale)
    let y0 = snap(edges.minY, scale)
    let x1 = snap(edges.maxX, scale)
    let y1 = snap(edges.maxY, scale)
    return Rect(x: x0, y: y0, width: clampFinite(x1 - x0), height: clampFinite(y1 - y0))
  }

  /// `value` snapped to the nearest multiple of `1 / scale`; unchanged where the grid is finer
  /// than a `Double` can tell apart (and so wherever scaling would overflow).
  ///
  /// Edges that meet in exact arithmetic can differ by a rounding error (one computed by
  /// mirroring, the other by adding), so a value that falls short of a half step by no more than
  /// 2⁻²¹ of a step counts as the half, and halves round up: both edges round to the same step.
  /// In steps, the result is the nearest whole number to `value × scale + 2⁻²¹` (ties to even,
  /// which only a value exactly 2⁻²¹ short of a half can meet).
  @inline(__always)
  func snap(_ value: Double, _ scale: Double) -> Double {
    let scaled = value * scale
    // Within 2³¹ steps of the origin, adding 2⁻²¹ is exact, and adding and subtracting
    // 1.5 × 2⁵² leaves the nearest whole number (ties to even).
    if scaled.magnitude < 0x1p31 {
      return ((scaled + 0x1p-21 + 6_755_399_441_055_744) - 6_755_399_441_055_744) / scale
    }
    // Farther out a step is at least 2⁻²¹ of a Double's own spacing: halves up, no tolerance.
    guard scaled.magnitude < 4_503_599_627_370_496 else { return value }
    return roundHalfUp(scaled) / scale
  }
}

extension Point {
  /// Creates a point from its main- and cross-axis coordinates.
  init(main: Double, cross: Double, axis: Axis) {
    if axis == .horizontal {
      self.init(x: main, y: cross)
    } else {
      self.init(x: cross, y: main)
    }
  }
}

/// `value` rounded to the nearest whole number, halves up (`floor(value + 0.5)`),
/// without a call into libm: the truncating conversion is a single instruction on every target.
///
/// Halves go up on both sides of zero, so rounding commutes with moving by whole units and a
/// size never depends on which side of the origin it lies.
func roundHalfUp(_ value: Double) -> Double {
  // Beyond 2^52 every Double is whole; NaN and infinities pass through.
  guard value.magnitude < 4_503_599_627_370_496 else { return value }
  let shifted = value + 0.5
  let truncated = Double(Int64(shifted))
  return truncated > shifted ? truncated - 1 : truncated
}
