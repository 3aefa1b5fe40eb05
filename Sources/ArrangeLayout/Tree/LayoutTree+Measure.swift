public import ArrangeGeometry

extension LayoutTree {
  /// The size `node` wants under `proposal`: a leaf's measure function, or a group's or flow's
  /// content size.
  ///
  /// The result is cached per node until the node or one of its descendants changes.
  ///
  /// - Complexity: O(1) when cached; otherwise O(the uncached part of the subtree).
  public mutating func measure(_ node: NodeID, proposal: SizeProposal) -> Size {
    measure(Int32(checked(node)), proposal)
  }

  mutating func measure(_ node: Int32, _ proposal: SizeProposal) -> Size {
    let n = Int(node)
    if measureValid[n] && measureKeys[n] == proposal { return measureValues[n] }
    // Measuring recurses; a pathologically deep tree is cut off rather than allowed to exhaust
    // the stack (placing is iterative and has no such limit).
    guard measureDepth < LayoutTree.maximumMeasureDepth else {
      tooDeep.insert(node)
      return .zero
    }
    measureDepth += 1
    defer { measureDepth -= 1 }
    let result: Size
    switch kinds[n] {
    case .leaf: result = measureLeaf(n, proposal)
    case .group: result = measureGroup(n, proposal)
    case .flow: result = measureFlow(n, proposal)
    }
    measureKeys[n] = proposal
    measureValues[n] = result
    measureValid[n] = true
    return result
  }

  private mutating func measureLeaf(_ n: Int, _ proposal: SizeProposal) -> Size {
    guard slots[n] >= 0, let function = measures[Int(slots[n])] else { return .zero }
    let raw = function(proposal)
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
    return Size(
      width: (width * scale).rounded(.up) / scale, height: (height * scale).rounded(.up) / scale)
  }

  private mutating func measureFlow(_ n: Int, _ proposal: SizeProposal) -> Size {
    let style = flows[Int(slots[n])].style
    let axis = style.axis
    let length = proposal[axis] ?? .infinity
    // Measure in a scratch slot: the flow's own layout must keep answering queries for the
    // frames it last placed, whatever proposal it is measured under now.
    var scratch = flowMeasureScratch ?? FlowSlot(style: style)
    flowMeasureScratch = nil
    scratch.style = style
    loadFlow(
      n, containerSize: Size(main: length, cross: proposal[axis.cross] ?? .infinity, axis: axis),
      rtl: false, into: &scratch)
    let size = scratch.layout.contentSize
    flowMeasureScratch = scratch
    return size
  }

  /// Fills `target` with the sizes of flow `n`'s visible children for a container size.
  ///
  /// `target` must not alias the tree's storage: children are measured while it is filled.
  mutating func loadFlow(_ n: Int, containerSize: Size, rtl: Bool, into target: inout FlowSlot) {
    var style = target.style
    style.direction = rtl ? .rightToLeft : .leftToRight
    let axis = style.axis
    let padding = style.padding.sanitized
    let padMain = padding.total(along: axis)
    let padCross = padding.total(along: axis.cross)
    let lineLength =
      containerSize[axis].isFinite ? Swift.max(0, containerSize[axis] - padMain) : nil
    let crossLength =
      containerSize[axis.cross].isFinite ? Swift.max(0, containerSize[axis.cross] - padCross) : nil
    target.members.removeAll(keepingCapacity: true)
    var sizes = flowSizeScratch
    flowSizeScratch = []
    sizes.removeAll(keepingCapacity: true)
    var child = firstChildren[n]
    while child >= 0 {
      let c = Int(child)
      let itemStyle = styles[c]
      child = nextSiblings[c]
      if itemStyle.isHidden { continue }
      target.members.append(Int32(c))
      // Items are measured once where possible: at the line length, and again at their final
      // main size only when a clamp changed it.
      var measured = Size.unmeasured
      var main: Double
      switch itemStyle.size {
      case .points(let points): main = nonNegative(points)
      case .percent(let percent): main = nonNegative(percent) / 100 * (lineLength ?? 0)
      case .fit, .fill:
        let cross = LayoutTree.fixedCross(itemStyle, crossLength)
        measured = measure(Int32(c), SizeProposal(main: lineLength, cross: cross, axis: axis))
        main = measured[axis]
      }
      main = LayoutTree.clamp(main, itemStyle)
      // Across its line an item takes its fixed or measured size; it is not stretched.
      let cross = crossSize(
        of: Int32(c), style: itemStyle, main: main, axis: axis, crossLength: crossLength,
        stretches: false, measured: measured)
      sizes.append(Size(main: main, cross: cross, axis: axis))
    }
    // `load` swaps the arrays: `sizes` comes back holding the old items' storage.
    target.layout.load(style: style, containerSize: containerSize, itemSizes: &sizes)
    flowSizeScratch = sizes
  }

  /// Lays out a flow node's children in a node of `size`.
  mutating func solveFlow(_ n: Int, size: Size, rtl: Bool) {
    let slot = Int(slots[n])
    var target = flows[slot]
    flows[slot] = FlowSlot(style: target.style)
    loadFlow(n, containerSize: size, rtl: rtl, into: &target)
    flows[slot] = target
    // Hidden children get an empty frame at the flow's origin.
    var child = firstChildren[n]
    while child >= 0 {
      if styles[Int(child)].isHidden { localFrames[Int(child)] = .zero }
      child = nextSiblings[Int(child)]
    }
    let members = flows[slot].members
    flows[slot].layout.forEachItemFrame { index, frame in
      localFrames[Int(members[index])] = Edges(frame)
    }
  }
}
