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
    guard let root else { return }
    let r = Int(root.index)
    if !tooDeep.isEmpty {
      // Cut-off measurements were cached by their ancestors; start afresh to report them again.
      tooDeep.removeAll()
      invalidateAll()
    }
    var width = size.width
    var height = size.height
    invalidContainerSizes.removeAll()
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
    let rightToLeft = layoutDirection == .rightToLeft
    let edges = Edges(minX: 0, minY: 0, maxX: width, maxY: height)
    localFrames[r] = edges
    place(Int32(r), edges: edges, rtl: rightToLeft)
  }

  /// Places `node` at `edges` (root coordinates), solving it if needed, then its subtree.
  ///
  /// Iterative, with a reused stack, so that deep trees cannot exhaust the call stack and a
  /// re-layout allocates nothing.
  mutating func place(_ node: Int32, edges: Edges, rtl: Bool) {
    var stack = placeStack
    placeStack = []
    stack.removeAll(keepingCapacity: true)
    stack.append(PlaceTask(node: node, edges: edges, rightToLeft: rtl, isHidden: false))
    while let task = stack.popLast() {
      let n = Int(task.node)
      if task.isHidden || (styles[n].isHidden && parents[n] >= 0) {
        // A hidden subtree takes no space: each of its nodes gets an empty frame at the corner
        // where it would start, and nothing in it is solved (its dirty flags wait until it is
        // shown again).
        let e = task.edges
        let corner = Edges(minX: e.minX, minY: e.minY, maxX: e.minX, maxY: e.minY)
        exactFrames[n] = corner
        var child = lastChildren[n]
        while child >= 0 {
          stack.append(PlaceTask(node: child, edges: corner, rightToLeft: false, isHidden: true))
          child = previousSiblings[Int(child)]
        }
        continue
      }
      let kind = kinds[n]
      var rtl = task.rightToLeft
      if kind == .group, let direction = groups[Int(slots[n])].style.direction {
        rtl = direction == .rightToLeft
      } else if kind == .flow, let direction = flows[Int(slots[n])].style.direction {
        rtl = direction == .rightToLeft
      }
      let size = localFrames[n].size
      let needsSolve = dirty[n] || solvedSizes[n] != size || solvedRightToLeft[n] != rtl
      if !needsSolve && exactFrames[n] == task.edges { continue }
      exactFrames[n] = task.edges
      let origin = Point(x: task.edges.minX, y: task.edges.minY)
      if needsSolve {
        switch kind {
        case .leaf: break
        case .group: solveGroup(n, size: size, rtl: rtl)
        case .flow: solveFlow(n, size: size, rtl: rtl)
        }
        dirty[n] = false
        solvedSizes[n] = size
        solvedRightToLeft[n] = rtl
      }
      // Children go on the stack last first, so they are placed in order.
      var child = lastChildren[n]
      while child >= 0 {
        stack.append(
          PlaceTask(
            node: child, edges: localFrames[Int(child)].offset(by: origin), rightToLeft: rtl,
            isHidden: false))
        child = previousSiblings[Int(child)]
      }
    }
    placeStack = stack
  }

  /// Snaps a rectangle's absolute edges to the grid; sizes are differences of snapped edges, so
  /// neighbours that touch before rounding still touch after it.
  func rounded(_ edges: Edges) -> Rect {
    let scale = effectiveScale
    let x0 = roundHalfUp(edges.minX * scale) / scale
    let y0 = roundHalfUp(edges.minY * scale) / scale
    let x1 = roundHalfUp(edges.maxX * scale) / scale
    let y1 = roundHalfUp(edges.maxY * scale) / scale
    return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
  }

  /// A child's sanitized minimum and maximum: invalid minimums are 0, invalid maximums 0 (an
  /// infinite maximum is no maximum).
  static func clampBounds(_ style: ItemStyle) -> (Double, Double) {
    (nonNegative(style.minSize), style.maxSize >= 0 ? style.maxSize : 0)
  }

  /// A child's main size clamped to its minimum and maximum (the minimum wins).
  static func clamp(_ value: Double, _ style: ItemStyle) -> Double {
    let (low, high) = clampBounds(style)
    let upper = value < high ? value : high
    return upper > low ? upper : low
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

/// `value` rounded to the nearest whole number, halves up (`floor(value + 0.5)`, Yoga's rule),
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
