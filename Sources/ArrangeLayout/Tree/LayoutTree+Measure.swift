public import ArrangeGeometry

extension LayoutTree {
  /// The size `node` wants under `proposal`: a leaf's measure function, or a group's or flow's
  /// content size.
  ///
  /// The result is cached per node until the node or one of its descendants changes.
  ///
  /// - Complexity: O(1) when cached; otherwise O(the uncached part of the subtree), at any
  ///   depth (measuring does not recurse).
  public mutating func measure(_ node: NodeID, proposal: SizeProposal) -> Size {
    makeUnique()
    growLayoutState()
    return measure(Int32(checked(node)), proposal)
  }

  /// Measures `node` under `proposal`, without recursion: a group of points and fit children by
  /// walking its subtree (``measureByWalking(_:_:)``), anything else with the task stack
  /// (``measureWithTasks(_:_:)``).
  mutating func measure(_ node: Int32, _ proposal: SizeProposal) -> Size {
    let n = Int(node)
    if let size = cachedMeasurement(n, proposal) { return size }
    if kinds[n] == .group { return measureByWalking(n, proposal) }
    return measureWithTasks(node, proposal)
  }

  /// Measures `node` with an explicit stack instead of recursion.
  ///
  /// A group or flow on the stack runs a pass over its children; a child it needs that is
  /// neither cached nor a leaf is pushed above it, and the pass runs again once every such child
  /// is measured. Each node's passes are bounded (the main-axis pass at most twice, the
  /// cross-axis pass at most twice), so the work is linear in the nodes measured.
  mutating func measureWithTasks(_ node: Int32, _ proposal: SizeProposal) -> Size {
    let n = Int(node)
    if let size = cachedMeasurement(n, proposal) { return size }
    var stack = measureStack
    measureStack = []
    stack.removeAll(keepingCapacity: true)
    stack.append(MeasureTask(node: node, proposal: proposal))
    // The task on top is worked on in place: tasks are large, and copying one in and out of
    // the stack at every step would cost more than the step.
    while let top = stack.indices.last {
      let t = Int(stack[top].node)
      if stack[top].phase == 0 {
        // A request made twice, or answered while it waited, is not measured again.
        if cachedMeasurement(t, stack[top].proposal) != nil {
          stack.removeLast()
          continue
        }
        stack[top].phase = 1
        // A group takes scratch space only if it needs the general sizing pass.
        if kinds[t] == .flow { stack[top].base = Int32(pushScratch(Int(childCounts[t]))) }
      }
      let result: Size?
      switch kinds[t] {
      case .group: result = measureGroupStep(&stack[top])
      case .flow: result = measureFlowStep(&stack[top])
      case .leaf: result = measureLeaf(t, stack[top].proposal)
      }
      if let result {
        if stack[top].base >= 0 { popScratch(Int(stack[top].base)) }
        measurements[t] = CachedMeasurement(
          proposal: stack[top].proposal, size: result, valid: true,
          stable: kinds[t] == .leaf
            ? slots[t] < 0 || measures[Int(slots[t])] == nil : stack[top].stable)
        stack.removeLast()
        continue
      }
      while let request = pendingMeasures.popLast() {
        stack.append(MeasureTask(node: request.node, proposal: request.proposal))
      }
    }
    measureStack = stack
    return measurements[n].size
  }

  /// A leaf's measure function's answer, made finite and non-negative and rounded up to the grid.
  mutating func measureLeaf(_ n: Int, _ proposal: SizeProposal) -> Size {
    guard slots[n] >= 0, let function = measures[Int(slots[n])] else { return .zero }
    // Lengths that differ by a rounding error (a right-to-left group's width is a difference of
    // mirrored edges) are offered as one, so that text that just fits wraps the same way.
    let raw = function(
      SizeProposal(
        width: proposal.width.map(Self.settled), height: proposal.height.map(Self.settled)))
    var width = raw.width
    var height = raw.height
    if !invalidMeasurements.isEmpty { invalidMeasurements[Int32(n)] = nil }
    if !(width >= 0 && width.isFinite) {
      invalidMeasurements[Int32(n)] = width
      width = 0
    }
    if !(height >= 0 && height.isFinite) {
      invalidMeasurements[Int32(n)] = height
      height = 0
    }
    // Round measured content up to the grid so that text never loses a column.
    let scale = effectiveScale
    return Size(width: roundUp(width, scale), height: roundUp(height, scale))
  }

  /// `length` on a grid of 2⁻²⁰ (about a millionth), where lengths that differ only by the
  /// rounding errors of a few additions meet; unchanged where that grid is finer than a
  /// `Double` can tell apart.
  static func settled(_ length: Double) -> Double {
    let scaled = length * 1_048_576
    guard scaled.magnitude < 4_503_599_627_370_496 else { return length }
    return scaled.rounded() / 1_048_576
  }

  /// `value` rounded up to a multiple of `1 / scale`, or `value` itself where the grid is finer
  /// than a `Double` can tell apart.
  private func roundUp(_ value: Double, _ scale: Double) -> Double {
    let scaled = value * scale
    guard scaled < 4_503_599_627_370_496 else { return value }
    let result = scaled.rounded(.up) / scale
    return result.isFinite ? result : value
  }

  // MARK: - Flows

  /// One step of measuring flow `task.node`: the content size of its visible children laid out
  /// under `task.proposal`, or `nil` when children must be measured first.
  mutating func measureFlowStep(_ task: inout MeasureTask) -> Size? {
    let n = Int(task.node)
    let base = Int(task.base)
    let style = flows[Int(slots[n])].style
    let axis = style.axis
    let containerSize = Size(
      main: task.proposal[axis] ?? .infinity, cross: task.proposal[axis.cross] ?? .infinity,
      axis: axis)
    if task.phase == 1 {
      // Items of points sizes need no measuring and no scratch: flowed at once.
      var slot = flowMeasureScratch ?? FlowSlot(style: style)
      flowMeasureScratch = nil
      if fixedFlowItems(n, axis: axis, members: &slot.members, sizes: &slot.layout.itemSizes) {
        slot.style = style
        var laidOutStyle = style
        laidOutStyle.direction = .leftToRight
        slot.layout.load(style: laidOutStyle, containerSize: containerSize)
        let size = slot.layout.contentSize
        flowMeasureScratch = slot
        flowMeasuredNode = Int32(n)
        flowMeasuredFixedInPass = isLayingOut
        return size
      }
      flowMeasureScratch = slot
      flowMeasuredNode = -1
      flowMeasuredFixedInPass = false
      guard let count = flowItemMains(n, containerSize: containerSize, base: base) else {
        return nil
      }
      task.count = Int32(count)
      task.phase = 2
    }
    let count = Int(task.count)
    guard flowItemCrosses(n, containerSize: containerSize, base: base, count: count) else {
      return nil
    }
    // Measure in a scratch slot: the flow's own layout must keep answering queries for the
    // frames it last placed, whatever proposal it is measured under now.
    var scratch = flowMeasureScratch ?? FlowSlot(style: style)
    flowMeasureScratch = nil
    scratch.style = style
    load(&scratch, from: base, count: count, containerSize: containerSize, rtl: false)
    let size = scratch.layout.contentSize
    flowMeasureScratch = scratch
    flowMeasuredNode = Int32(n)
    flowMeasuredFixedInPass = false
    return size
  }

  /// The length a flow's lines get and the length across them, inside its padding, for a
  /// container of `containerSize` (`nil` where it is unbounded).
  private func flowLengths(_ n: Int, _ containerSize: Size) -> (line: Double?, cross: Double?) {
    let style = flows[Int(slots[n])].style
    let axis = style.axis
    let padding = style.padding.sanitized
    let line =
      containerSize[axis].isFinite
      ? Swift.max(0, containerSize[axis] - padding.total(along: axis)) : nil
    let cross =
      containerSize[axis.cross].isFinite
      ? Swift.max(0, containerSize[axis.cross] - padding.total(along: axis.cross)) : nil
    return (line, cross)
  }

  /// Sizes flow `n`'s visible children along its lines for a container of `containerSize`,
  /// writing each one's node and main size to the scratch region at `base`; returns how many
  /// there are, or `nil` when children must be measured first.
  ///
  /// Items are measured once where possible: at the line length, and again (across, by
  /// ``flowItemCrosses(_:containerSize:base:count:)``) at their final main size only when a
  /// clamp changed it or their content was wider than the line.
  mutating func flowItemMains(_ n: Int, containerSize: Size, base: Int) -> Int? {
    let axis = flows[Int(slots[n])].style.axis
    let (lineLength, crossLength) = flowLengths(n, containerSize)
    var complete = true
    var i = base
    var child = firstChildren[n]
    while child >= 0 {
      let c = Int(child)
      child = nextSiblings[c]
      let itemStyle = styles[c]
      if itemStyle.isHidden { continue }
      scratch[i].node = Int32(c)
      scratch[i].measured = .unmeasured
      var main: Double
      switch itemStyle.size {
      case .points(let points): main = nonNegative(points)
      case .percent(let percent):
        main = LayoutTree.share(lineLength ?? 0, nonNegative(percent), of: 100)
      case .fit, .fill:
        let cross = LayoutTree.fixedCross(itemStyle, crossLength)
        guard let size = lookup(Int32(c), SizeProposal(main: lineLength, cross: cross, axis: axis))
        else {
          complete = false
          i += 1
          continue
        }
        main = size[axis]
        if main <= lineLength ?? .infinity { scratch[i].measured = size }
      }
      scratch[i].size = LayoutTree.clamp(main, itemStyle)
      i += 1
    }
    return complete ? i - base : nil
  }

  /// Sizes the `count` items of flow `n` in the scratch region at `base` across its lines.
  ///
  /// Items take their fixed or measured cross size, never stretched; `false` when children must
  /// be measured first.
  mutating func flowItemCrosses(_ n: Int, containerSize: Size, base: Int, count: Int) -> Bool {
    let axis = flows[Int(slots[n])].style.axis
    let crossLength = flowLengths(n, containerSize).cross
    var complete = true
    for i in base..<(base + count) {
      let c = scratch[i].node
      if let cross = crossSize(
        of: c, style: styles[Int(c)], main: scratch[i].size, axis: axis,
        crossLength: crossLength, stretches: false, measured: scratch[i].measured)
      {
        scratch[i].cross = cross
      } else {
        complete = false
      }
    }
    return complete
  }

  /// Loads the item sizes at `base ..< base + count` of the scratch space into `target`.
  private mutating func load(
    _ target: inout FlowSlot, from base: Int, count: Int, containerSize: Size, rtl: Bool
  ) {
    var style = target.style
    style.direction = rtl ? .rightToLeft : .leftToRight
    let axis = style.axis
    target.members.removeAll(keepingCapacity: true)
    target.layout.itemSizes.removeAll(keepingCapacity: true)
    target.members.reserveCapacity(count)
    target.layout.itemSizes.reserveCapacity(count)
    for i in base..<(base + count) {
      target.members.append(scratch[i].node)
      target.layout.itemSizes.append(
        Size(main: scratch[i].size, cross: scratch[i].cross, axis: axis))
    }
    target.layout.load(style: style, containerSize: containerSize)
  }

  /// Sizes flow `n`'s visible children into `members` and `sizes` when each has a points size
  /// and a points cross size (nothing to measure, no line length needed); `false` when some
  /// child needs the general path (``flowItemMains(_:containerSize:base:)``).
  ///
  /// The sizes are those the general path gives: the main size clamped, the cross size as set.
  mutating func fixedFlowItems(
    _ n: Int, axis: Axis, members: inout [Int32], sizes: inout [Size]
  ) -> Bool {
    let total = Int(childCounts[n])
    members.removeAll(keepingCapacity: true)
    sizes.removeAll(keepingCapacity: true)
    members.append(contentsOf: repeatElement(0, count: total))
    sizes.append(contentsOf: repeatElement(.zero, count: total))
    let styles = self.styles.base
    let next = nextSiblings.base
    let first = firstChildren[n]
    let horizontal = axis == .horizontal
    var visible = 0
    let fixed = members.withUnsafeMutableBufferPointer { members in
      sizes.withUnsafeMutableBufferPointer { sizes in
        var child = first
        while child >= 0 {
          let c = Int(child)
          child = next[c]
          if styles[c].isHidden { continue }
          guard case .points(let points) = styles[c].size,
            case .points(let crossPoints) = styles[c].crossSize
          else { return false }
          let low = nonNegative(styles[c].minSize)
          let high = styles[c].maxSize >= 0 ? styles[c].maxSize : 0
          let main = LayoutTree.clamp(nonNegative(points), low, high)
          let cross = nonNegative(crossPoints)
          members[visible] = Int32(c)
          sizes[visible] =
            horizontal ? Size(width: main, height: cross) : Size(width: cross, height: main)
          visible += 1
        }
        return true
      }
    }
    guard fixed else { return false }
    members.removeLast(total - visible)
    sizes.removeLast(total - visible)
    return true
  }

  /// Sizes flow `n`'s visible children into `members` and `sizes`, measuring what needs it.
  private mutating func flowItems(
    _ n: Int, size: Size, axis: Axis, members: inout [Int32], sizes: inout [Size]
  ) {
    if fixedFlowItems(n, axis: axis, members: &members, sizes: &sizes) { return }
    let base = pushScratch(Int(childCounts[n]))
    var found = flowItemMains(n, containerSize: size, base: base)
    while found == nil {
      servePendingMeasures()
      found = flowItemMains(n, containerSize: size, base: base)
    }
    let count = found ?? 0
    while !flowItemCrosses(n, containerSize: size, base: base, count: count) {
      servePendingMeasures()
    }
    members.removeAll(keepingCapacity: true)
    sizes.removeAll(keepingCapacity: true)
    members.reserveCapacity(count)
    sizes.reserveCapacity(count)
    for i in base..<(base + count) {
      members.append(scratch[i].node)
      sizes.append(Size(main: scratch[i].size, cross: scratch[i].cross, axis: axis))
    }
    popScratch(base)
  }

  /// Lays out a flow node's children in a node of `size`.
  ///
  /// When the flow's size, direction, style and visible children are those of its last layout,
  /// only the items whose size changed are re-flowed (``FlowLayout/resizeItem(at:to:)``).
  mutating func solveFlow(_ n: Int, size: Size, rtl: Bool) {
    let slot = Int(slots[n])
    let style = flows[slot].style
    let axis = style.axis
    let padding = style.padding.sanitized
    flows[slot].paddingOverflow = Size(
      width: Swift.max(0, clampFinite(padding.leading + padding.trailing) - size.width),
      height: Swift.max(0, clampFinite(padding.top + padding.bottom) - size.height))
    var target = flows[slot]
    flows[slot] = FlowSlot(style: style)
    var laidOutStyle = style
    laidOutStyle.direction = rtl ? .rightToLeft : .leftToRight
    let measuredFixed = flowMeasuredFixedInPass
    let measured = measuredFlowLayout(of: n, size: size, style: laidOutStyle)
    let unchanged = target.layout.containerSize == size && target.layout.style == laidOutStyle
    if var measured, measuredFixed {
      // Flowed from points sizes when it was measured, in this pass: its items are the ones
      // sizing them again would give, and its layout is taken as it is.
      swap(&target.members, &measured.members)
      swap(&target.layout, &measured.layout)
      target.layout.containerSize = size
      target.layout.style = laidOutStyle
      flowMeasureScratch = measured
    } else if measured == nil && !unchanged {
      // Everything is flowed again: the items are written straight into the flow's own
      // storage, which is kept from one layout to the next.
      flowItems(
        n, size: size, axis: axis, members: &target.members, sizes: &target.layout.itemSizes)
      target.layout.load(style: laidOutStyle, containerSize: size)
    } else {
      // The items are compared with a layout already made, so they go to the scratch buffers
      // first (taken out of the tree while they are filled, so that writing them copies
      // nothing, and put back after: they grow to the largest flow once).
      var members = flowMemberScratch
      var sizes = flowSizeScratch
      flowMemberScratch = []
      flowSizeScratch = []
      flowItems(n, size: size, axis: axis, members: &members, sizes: &sizes)
      if var measured, measured.members == members && measured.layout.itemSizes == sizes {
        // Flowed already, when it was measured: its layout is taken as it is, and the flow's
        // old storage goes to the measuring slot.
        swap(&target.members, &measured.members)
        swap(&target.layout, &measured.layout)
        target.layout.containerSize = size
        target.layout.style = laidOutStyle
        flowMeasureScratch = measured
        flowMeasuredNode = -1
      } else if unchanged && target.members == members {
        for k in 0..<members.count where target.layout.itemSizes[k] != sizes[k] {
          target.layout.resizeItem(at: k, to: sizes[k])
        }
      } else {
        if let measured {
          // Its storage back to the measuring slot, which measures nothing now.
          flowMeasureScratch = measured
          flowMeasuredNode = -1
        }
        target.members.removeAll(keepingCapacity: true)
        target.members.append(contentsOf: members)
        target.layout.itemSizes.removeAll(keepingCapacity: true)
        target.layout.itemSizes.append(contentsOf: sizes)
        target.layout.load(style: laidOutStyle, containerSize: size)
      }
      flowMemberScratch = members
      flowSizeScratch = sizes
    }
    flows[slot] = target
    // Hidden children get an empty frame at the flow's origin.
    if target.members.count != Int(childCounts[n]) {
      var child = firstChildren[n]
      while child >= 0 {
        if styles[Int(child)].isHidden { localFrames[Int(child)] = .zero }
        child = nextSiblings[Int(child)]
      }
    }
    // Leaf items get their frame in root coordinates too: nothing else is left to place them.
    writeItemFrames(of: n, layout: target.layout, members: target.members)
  }

  /// The layout that measuring flow `n` last made, taken out of the measuring slot, when it
  /// was made for the length along the lines and the style (but its direction) of a layout in
  /// `size` with `style`; otherwise `nil`, and the slot is left as it is.
  ///
  /// A flow sized to its content (in a scroll view, say) is measured and then laid out at the
  /// length it was measured for. Lines and offsets depend only on the style (not its
  /// direction, which is applied when frames are read), that length and the items, so when
  /// the items are the same too (the caller compares them) the layout is the one laying it out
  /// would make, and nothing is flowed twice.
  private mutating func measuredFlowLayout(of n: Int, size: Size, style: FlowStyle) -> FlowSlot? {
    guard flowMeasuredNode == Int32(n), let measured = flowMeasureScratch else { return nil }
    var leftToRight = style
    leftToRight.direction = .leftToRight
    guard measured.layout.containerSize[style.axis] == size[style.axis],
      measured.layout.style == leftToRight
    else { return nil }
    flowMeasureScratch = nil
    flowMeasuredNode = -1
    flowMeasuredFixedInPass = false
    return measured
  }

  /// Writes the local frame of every item of flow `n` from `layout`, and the frame in root
  /// coordinates of every leaf item.
  private func writeItemFrames(of n: Int, layout: FlowLayout, members: [Int32]) {
    let origin = exactFrames[n]
    let local = localFrames.base
    let exact = exactFrames.base
    let kinds = self.kinds.base
    members.withUnsafeBufferPointer { members in
      layout.forEachItemFrame { index, frame in
        let member = Int(members[index])
        let edges = Edges(frame)
        local[member] = edges
        if kinds[member] == .leaf { exact[member] = edges.offset(by: origin) }
      }
    }
  }
}
