public import ArrangeGeometry

/// Flags of a child in the scratch space while its group is solved.
let flagHidden: UInt8 = 0
let flagFixed: UInt8 = 1
let flagPercent: UInt8 = 2
let flagFill: UInt8 = 3
let flagFrozen: UInt8 = 4

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
    invalidContainerSize = nil
    if width.isNaN || width < 0 {
      invalidContainerSize = width
      width = 0
    }
    if height.isNaN || height < 0 {
      invalidContainerSize = height
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
    stack.append(PlaceTask(node: node, edges: edges, rightToLeft: rtl))
    while let task = stack.popLast() {
      let n = Int(task.node)
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
            node: child, edges: localFrames[Int(child)].offset(by: origin), rightToLeft: rtl))
        child = previousSiblings[Int(child)]
      }
    }
    placeStack = stack
  }

  /// Snaps a rectangle's absolute edges to the grid; sizes are differences of snapped edges, so
  /// neighbours that touch before rounding still touch after it.
  func rounded(_ edges: Edges) -> Rect {
    let scale = effectiveScale
    let x0 = roundHalfAwayFromZero(edges.minX * scale) / scale
    let y0 = roundHalfAwayFromZero(edges.minY * scale) / scale
    let x1 = roundHalfAwayFromZero(edges.maxX * scale) / scale
    let y1 = roundHalfAwayFromZero(edges.maxY * scale) / scale
    return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
  }

  /// A child's main size clamped to its minimum and maximum (the minimum wins).
  static func clamp(_ value: Double, _ style: ItemStyle) -> Double {
    let low = nonNegative(style.minSize)
    let high = style.maxSize >= 0 ? style.maxSize : 0
    let upper = value < high ? value : high
    return upper > low ? upper : low
  }

  // MARK: - Groups

  mutating func ensureScratch(_ count: Int) {
    if scratchSizes.count < count {
      let grown = Swift.max(count, scratchSizes.count * 2, 16)
      scratchSizes = [Double](repeating: 0, count: grown)
      scratchFlags = [UInt8](repeating: 0, count: grown)
    }
  }

  /// Computes the local frames of a group's children for a group of `size`.
  mutating func solveGroup(_ n: Int, size: Size, rtl: Bool) {
    let group = groups[Int(slots[n])].style
    let axis = group.axis
    let crossAxis = axis.cross
    let padding = group.padding.sanitized
    let horizontal = axis == .horizontal
    let padMainStart = padding.start(along: axis)
    let padCrossStart = padding.start(along: crossAxis)
    let mainLength = Swift.max(0, size[axis] - padding.total(along: axis))
    let crossLength = Swift.max(0, size[crossAxis] - padding.total(along: crossAxis))
    let margin: Double? = group.margin.map { nonNegative($0) }
    let spacing = margin == nil ? nonNegative(group.spacing) : 0

    // Pass 1: fixed sizes (points and fit), percentages and weights.
    var childCount = 0
    var child = firstChildren[n]
    while child >= 0 {
      childCount += 1
      child = nextSiblings[Int(child)]
    }
    ensureScratch(childCount)
    var visible = 0
    var fixed = 0.0
    var percentTotal = 0.0
    var weightTotal = 0.0
    var hasFill = false
    var hasPercent = false
    var i = 0
    child = firstChildren[n]
    while child >= 0 {
      let c = Int(child)
      let style = styles[c]
      if style.isHidden {
        scratchFlags[i] = flagHidden
      } else {
        visible += 1
        switch style.size {
        case .points(let points):
          let value = LayoutTree.clamp(nonNegative(points), style)
          scratchSizes[i] = value
          scratchFlags[i] = flagFixed
          fixed += value
        case .fit:
          let proposal = SizeProposal(main: mainLength, cross: crossLength, axis: axis)
          let value = LayoutTree.clamp(measure(child, proposal)[axis], style)
          scratchSizes[i] = value
          scratchFlags[i] = flagFixed
          fixed += value
        case .percent(let percent):
          percentTotal += nonNegative(percent)
          scratchFlags[i] = flagPercent
          hasPercent = true
        case .fill(let weight):
          weightTotal += nonNegative(weight)
          scratchFlags[i] = flagFill
          hasFill = true
        }
      }
      i += 1
      child = nextSiblings[c]
    }
    let spacingTotal = visible > 1 ? spacing * Double(visible - 1) : 0
    let flexible = Swift.max(0, mainLength - fixed - spacingTotal)

    // Pass 2: percentages of what is left after fixed sizes and spacing (ShinpuruLayout).
    var used = fixed
    groups[Int(slots[n])].percentTotal = percentTotal > 100 ? percentTotal : 0
    if hasPercent {
      // p × flexible / 100, or p × flexible / Σp when the percentages are scaled down to 100;
      // dividing last keeps round cases exact (25% of 56 is 14, not 14.000000000000002).
      let divisor = percentTotal > 100 ? percentTotal : 100
      i = 0
      child = firstChildren[n]
      while child >= 0 {
        let c = Int(child)
        if scratchFlags[i] == flagPercent, case .percent(let percent) = styles[c].size {
          let value = LayoutTree.clamp(nonNegative(percent) * flexible / divisor, styles[c])
          scratchSizes[i] = value
          used += value
        }
        i += 1
        child = nextSiblings[c]
      }
    }

    // Pass 3: fill children share the rest by weight; clamped children freeze and the rest is
    // shared again until no clamp binds.
    if hasFill {
      used += distributeFill(
        n, free: Swift.max(0, flexible - (used - fixed)), weightTotal: weightTotal)
    }

    // Pass 4: positions along the main axis, then cross sizes and alignment.
    let total = used + spacingTotal
    let extra = mainLength - total
    groups[Int(slots[n])].overflow = extra < 0 ? -extra : 0
    var lead = 0.0
    var gap = 0.0
    if extra > 0 && visible > 0 {
      switch group.distribution {
      case .start: break
      case .center: lead = extra / 2
      case .end: lead = extra
      case .spaceBetween: gap = visible > 1 ? extra / Double(visible - 1) : 0
      case .spaceAround:
        gap = extra / Double(visible)
        lead = gap / 2
      case .spaceEvenly:
        gap = extra / Double(visible + 1)
        lead = gap
      }
    }
    var position = padMainStart + lead
    let groupAlignment = group.alignment
    i = 0
    child = firstChildren[n]
    while child >= 0 {
      let c = Int(child)
      let style = styles[c]
      var frame: Edges
      if scratchFlags[i] == flagHidden {
        let corner = Point(main: position, cross: padCrossStart, axis: axis)
        frame = Edges(minX: corner.x, minY: corner.y, maxX: corner.x, maxY: corner.y)
      } else {
        var main = scratchSizes[i]
        var start = position
        position += main + spacing + gap
        var crossSize: Double
        var crossOffset = 0.0
        if let margin {
          let inset = Swift.min(margin / 2, main / 2)
          start += inset
          main -= 2 * inset
          crossSize = crossLength
        } else {
          let alignment = style.alignment ?? groupAlignment
          switch style.crossSize {
          case .automatic:
            crossSize =
              alignment == .stretch
              ? crossLength
              : measure(child, SizeProposal(main: main, cross: crossLength, axis: axis))[crossAxis]
          case .points(let points): crossSize = nonNegative(points)
          case .percent(let percent): crossSize = nonNegative(percent) / 100 * crossLength
          case .fit:
            crossSize =
              measure(child, SizeProposal(main: main, cross: crossLength, axis: axis))[
                crossAxis]
          case .stretch: crossSize = crossLength
          }
          switch alignment {
          case .start, .stretch: break
          case .center: crossOffset = (crossLength - crossSize) / 2
          case .end: crossOffset = crossLength - crossSize
          }
        }
        // The far edge is `start + main`, the very sum the next sibling starts at.
        let crossStart = padCrossStart + crossOffset
        frame =
          horizontal
          ? Edges(minX: start, minY: crossStart, maxX: start + main, maxY: crossStart + crossSize)
          : Edges(minX: crossStart, minY: start, maxX: crossStart + crossSize, maxY: start + main)
      }
      if rtl {
        // Mirror both edges, so shared edges stay shared.
        let minX = size.width - frame.maxX
        frame.maxX = size.width - frame.minX
        frame.minX = minX
      }
      localFrames[c] = frame
      i += 1
      child = nextSiblings[c]
    }
  }

  /// Shares `free` among the fill children of group `n` by weight.
  ///
  /// Children whose clamps bind freeze and the rest is shared again (the "freeze and repeat"
  /// loop of CSS flexbox). Returns the total main size given to fill children.
  mutating func distributeFill(_ n: Int, free: Double, weightTotal: Double) -> Double {
    var remaining = free
    var weights = weightTotal
    var given = 0.0
    // Each round freezes at least one child, so this ends after at most `children` rounds.
    while true {
      var violation = 0.0
      var unfrozen = 0
      var i = 0
      var child = firstChildren[n]
      while child >= 0 {
        let c = Int(child)
        if scratchFlags[i] == flagFill, case .fill(let weight) = styles[c].size {
          let target = weights > 0 ? remaining * nonNegative(weight) / weights : 0
          let value = LayoutTree.clamp(target, styles[c])
          scratchSizes[i] = value
          violation += value - target
          unfrozen += 1
        }
        i += 1
        child = nextSiblings[c]
      }
      if unfrozen == 0 || Swift.abs(violation) <= 1e-9 * Swift.max(1, free) { break }
      // Targets of this round, before any child freezes.
      let roundRemaining = remaining
      let roundWeights = weights
      i = 0
      child = firstChildren[n]
      while child >= 0 {
        let c = Int(child)
        if scratchFlags[i] == flagFill, case .fill(let weight) = styles[c].size {
          let w = nonNegative(weight)
          let target = roundWeights > 0 ? roundRemaining * w / roundWeights : 0
          let value = scratchSizes[i]
          if (violation > 0 && value > target) || (violation < 0 && value < target) {
            scratchFlags[i] = flagFrozen
            given += value
            remaining -= value
            weights -= w
          }
        }
        i += 1
        child = nextSiblings[c]
      }
    }
    // Sum what the children finally got, restoring the frozen ones' flags.
    var i = 0
    var child = firstChildren[n]
    while child >= 0 {
      if scratchFlags[i] == flagFill {
        given += scratchSizes[i]
      } else if scratchFlags[i] == flagFrozen {
        scratchFlags[i] = flagFill
      }
      i += 1
      child = nextSiblings[Int(child)]
    }
    return given
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

/// `value` rounded to the nearest whole number, halves away from zero (as `rounded()`), without
/// a call into libm: the truncating conversion is a single instruction on every target.
func roundHalfAwayFromZero(_ value: Double) -> Double {
  // Beyond 2^52 every Double is whole; NaN and infinities pass through.
  guard value.magnitude < 4_503_599_627_370_496 else { return value }
  let truncated = Double(Int64(value))
  let fraction = value - truncated
  if fraction >= 0.5 { return truncated + 1 }
  if fraction <= -0.5 { return truncated - 1 }
  return truncated
}
