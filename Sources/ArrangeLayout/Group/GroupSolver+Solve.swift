import ArrangeGeometry

extension GroupSolver {
  // MARK: - Solving and measuring groups

  /// Computes the local frames of a group's children for a group of `size`.
  mutating func solveGroup(_ n: Int, size: Size, rtl: Bool) {
    let slot = Int(slots[n])
    let axis = groups[slot].style.axis
    let crossAxis = axis.cross
    let padMain = groups[slot].padMain
    let padCross = groups[slot].padCross
    let mainLength = Swift.max(0, size[axis] - padMain)
    let crossLength = Swift.max(0, size[crossAxis] - padCross)

    let paddingOverflow = Size(
      main: Swift.max(0, padMain - size[axis]), cross: Swift.max(0, padCross - size[crossAxis]),
      axis: axis)
    if groups[slot].laidSize.width >= 0 {
      // Children laid out while the group was measured are this solve's answer when it is for
      // the size they were laid out for and nothing changed since (the measurement holds).
      // Either way the record is used once: a solve writes the frames it describes over.
      let laidOut = groups[slot].laidSize == size && !rtl && measurements[n].valid
      groups[slot].laidSize = GroupSlot.notLaid
      if laidOut {
        let origin = exactFrames[n]
        var child = firstChildren[n]
        while child >= 0 {
          let c = Int(child)
          if kinds[c] == .leaf { exactFrames[c] = localFrames[c].offset(by: origin) }
          child = nextSiblings[c]
        }
        let extra = groups[slot].laidExtra
        groups[slot].found(
          overflow: extra < 0 ? -extra : 0, crossOverflow: groups[slot].laidCrossOverflow,
          percentTotal: 0, paddingOverflow: paddingOverflow)
        return
      }
    }
    if groups[slot].style.margin == nil,
      let (extra, crossOverflow) = solvePointsAndFit(
        n, slot: slot, size: size, mainLength: mainLength, crossLength: crossLength, rtl: rtl)
    {
      groups[slot].found(
        overflow: extra < 0 ? -extra : 0, crossOverflow: crossOverflow, percentTotal: 0,
        paddingOverflow: paddingOverflow)
      return
    }
    let group = groups[slot].style
    let padding = groups[slot].padding
    let base = pushScratch(Int(childCounts[n]))
    let pass = firstPass(n, group, mainLength: mainLength, crossLength: crossLength, base: base)
    var found = finishShare(
      n, group, pass, mainLength: mainLength, crossLength: crossLength, base: base)
    while found == nil {
      servePendingMeasures()
      found = finishShare(
        n, group, pass, mainLength: mainLength, crossLength: crossLength, base: base)
    }
    guard let share = found else { return }
    let extra = mainLength - clampFinite(share.used + share.spacingTotal)
    var crossOverflow = placeChildren(
      of: n, group, padding: padding, share: share, size: size, mainLength: mainLength,
      crossLength: crossLength, extra: extra, rtl: rtl)
    while crossOverflow == nil {
      servePendingMeasures()
      crossOverflow = placeChildren(
        of: n, group, padding: padding, share: share, size: size, mainLength: mainLength,
        crossLength: crossLength, extra: extra, rtl: rtl)
    }
    popScratch(base)
    // What the layout found, in one write.
    groups[slot].found(
      overflow: extra < 0 ? -extra : 0, crossOverflow: crossOverflow ?? 0,
      percentTotal: share.percentTotal > 100 ? share.percentTotal : 0,
      paddingOverflow: paddingOverflow)
  }

  /// Solves group `n` without scratch space when every visible child takes a points or fit
  /// size along it and none must be measured under two proposals.
  ///
  /// The frames are the general solve's. Returns what is left of the main length (negative
  /// when the children overflow it) and how far the largest child overflows across, or `nil`
  /// when the general solve is needed.
  ///
  /// Such children need no share of one another's space (see
  /// ``measurePointsAndFit(_:slot:_:firstVisit:)``). One walk adds up the points
  /// children, a second sizes every child and keeps its size in its local frame, a third places
  /// them. Most groups are like this, so it is worth a path of its own.
  mutating func solvePointsAndFit(
    _ n: Int, slot: Int, size: Size, mainLength: Double, crossLength: Double, rtl: Bool
  ) -> (Double, Double)? {
    guard let (points, spacingTotal) = pointsAndSpacing(n, slot: slot, mainProposed: true) else {
      return nil
    }
    let first = firstChildren[n]
    let axis = groups[slot].style.axis
    let groupAlignment = groups[slot].style.alignment
    let offered = Swift.max(0, mainLength - spacingTotal - points)
    // Packed at the start, children are placed as they are sized: where each goes does not
    // depend on what the others leave over.
    let placesWhileSizing = groups[slot].style.distribution == .start
    let origin = exactFrames[n]
    var used = points
    var visible = 0
    var placer = ChildPlacer(
      groups[slot].style, padding: groups[slot].padding, gap: groups[slot].gap, visible: 0,
      extra: 0, crossLength: crossLength, width: size.width, rtl: rtl)
    var complete = false
    while !complete {
      complete = true
      used = points
      visible = 0
      placer.restart()
      var child = first
      while child >= 0 {
        let c = Int(child)
        let node = child
        child = nextSiblings[c]
        if hiddenFlags[c] {
          if placesWhileSizing { place(c, placer.hiddenFrame(), origin: origin) }
          continue
        }
        visible += 1
        let style = styles[c]
        let fixedCross = Self.fixedCross(style, crossLength)
        let main: Double
        var measured = Size.unmeasured
        if case .points(let value) = style.size {
          main = Self.clamp(nonNegative(value), style)
        } else {
          let proposal = SizeProposal(main: offered, cross: fixedCross ?? crossLength, axis: axis)
          guard let found = lookup(node, proposal) else {
            complete = false
            continue
          }
          main = Self.clamp(found[axis], style)
          // Content wider than the offer was wrapped for the offer: measured again at its size.
          if found[axis] <= offered { measured = found }
          used = clampFinite(used + main)
        }
        let cross: Double
        if let fixedCross {
          cross = fixedCross
        } else if style.stretches(alignment: groupAlignment) {
          cross = crossLength
        } else if measured[axis] == main {
          cross = measured[axis.cross]
        } else if case .fit = style.size {
          // A fit child measured at a size other than its offer would need two proposals at
          // once (see measurePointsAndFit): the general solve keeps the first in scratch space.
          cancelPendingMeasures()
          return nil
        } else if let found = lookup(node, SizeProposal(main: main, cross: crossLength, axis: axis))
        {
          cross = found[axis.cross]
        } else {
          complete = false
          continue
        }
        if placesWhileSizing {
          place(
            c, placer.frame(main: main, cross: cross, alignment: style.alignment), origin: origin)
        } else {
          // The size, kept in the local frame until the children are placed.
          localFrames[c] = Edges(minX: 0, minY: 0, maxX: main, maxY: cross)
        }
      }
      if !complete { servePendingMeasures() }
    }
    let extra = mainLength - clampFinite(used + spacingTotal)
    if placesWhileSizing { return (extra, placer.crossOverflow) }
    placer = ChildPlacer(
      groups[slot].style, padding: groups[slot].padding, gap: groups[slot].gap, visible: visible,
      extra: extra, crossLength: crossLength, width: size.width, rtl: rtl)
    var child = first
    while child >= 0 {
      let c = Int(child)
      child = nextSiblings[c]
      if hiddenFlags[c] {
        place(c, placer.hiddenFrame(), origin: origin)
      } else {
        let sized = localFrames[c]
        place(
          c, placer.frame(main: sized.maxX, cross: sized.maxY, alignment: styles[c].alignment),
          origin: origin)
      }
    }
    return (extra, placer.crossOverflow)
  }

  /// Gives child `c` the local frame `frame` and, when it is a leaf (nothing else is left to
  /// place it), its frame in root coordinates from its parent's corner `origin`.
  @inline(__always)
  mutating func place(_ c: Int, _ frame: Edges, origin: Edges) {
    localFrames[c] = frame
    if kinds[c] == .leaf { exactFrames[c] = frame.offset(by: origin) }
  }

  /// Writes the local frames of group `n`'s children from a main-axis share, and returns how
  /// far the largest child overflows across; `nil` when a child must be measured first.
  ///
  /// Leaf children get their frame in root coordinates too: nothing else is left to place them.
  private mutating func placeChildren(
    of n: Int, _ group: GroupStyle, padding: EdgeInsets, share: MainAxisShare, size: Size,
    mainLength: Double, crossLength: Double, extra: Double, rtl: Bool
  ) -> Double? {
    let axis = group.axis
    if share.crossMeasured > 0 {
      // The children whose cross size is their content: measured at their main size.
      var complete = true
      for i in share.base..<(share.base + share.count)
      where scratch[i].flag != flagHidden && scratch[i].cross.isNaN {
        let c = scratch[i].node
        let proposal = SizeProposal(main: scratch[i].size, cross: crossLength, axis: axis)
        let measured = scratch[i].measured
        if measured[axis] == scratch[i].size {
          scratch[i].cross = measured[axis.cross]
        } else if let value = lookup(c, proposal) {
          scratch[i].cross = value[axis.cross]
        } else {
          complete = false
        }
      }
      // Values found so far stay: the next pass looks up only the ones still marked.
      guard complete else { return nil }
    }
    var placer = ChildPlacer(
      group, padding: padding, gap: groups[Int(slots[n])].gap, visible: share.visible,
      extra: extra, crossLength: crossLength, width: size.width, rtl: rtl)
    let styles = self.styles
    let kinds = self.kinds
    let origin = exactFrames[n]
    let frames = localFrames
    let exact = exactFrames
    withScratch { scratch in
      for i in share.base..<(share.base + share.count) {
        let c = Int(scratch[i].node)
        let frame =
          scratch[i].flag == flagHidden
          ? placer.hiddenFrame()
          : placer.frame(
            main: scratch[i].size, cross: scratch[i].cross, alignment: styles[c].alignment)
        frames[c] = frame
        if kinds[c] == .leaf { exact[c] = frame.offset(by: origin) }
      }
    }
    return placer.crossOverflow
  }

  /// One step of measuring group `task.node`: its content size under `task.proposal` (its
  /// children sized as a layout would size them in the proposed main length, or at their
  /// content size without one, plus spacing and padding; across, the largest child), or `nil`
  /// when children must be measured first (they were asked for).
  mutating func measureGroupStep(_ task: inout MeasureTask) -> Size? {
    let n = Int(task.node)
    let slot = Int(slots[n])
    if task.phase == 1 || task.phase == 4 {
      switch measurePointsAndFit(n, slot: slot, task.proposal, firstVisit: task.phase == 1) {
      case .measured(let size, let stable):
        task.stable = stable
        return size
      case .waiting:
        task.phase = 4
        return nil
      case .notApplicable:
        groups[slot].laidSize = GroupSlot.notLaid
        task.base = Int32(pushScratch(Int(childCounts[n])))
        task.phase = 2
      }
    }
    let group = groups[slot].style
    let axis = group.axis
    let padMain = groups[slot].padMain
    let padCross = groups[slot].padCross
    let crossLength = task.proposal[axis.cross].map { Swift.max(0, $0 - padCross) }
    let base = Int(task.base)
    if task.phase == 2 {
      // Both passes run again after the children they asked for are measured: that costs
      // less than keeping what the first pass found in every suspended task.
      let mainLength = task.proposal[axis].map { Swift.max(0, $0 - padMain) }
      guard
        let share = shareMainAxis(
          n, group, mainLength: mainLength, crossLength: crossLength, base: base)
      else { return nil }
      task.main = clampFinite(share.used + share.spacingTotal)
      task.phase = 3
    }
    let count = Int(childCounts[n])
    var cross = 0.0
    var complete = true
    for i in base..<(base + count) where scratch[i].flag != flagHidden {
      // Content, not stretch: a stretched child contributes what it needs.
      let c = scratch[i].node
      guard
        let value = crossSize(
          of: c, style: styles[Int(c)], main: scratch[i].size, axis: axis,
          crossLength: crossLength, stretches: false, measured: scratch[i].measured)
      else {
        complete = false
        continue
      }
      if value > cross { cross = value }
    }
    guard complete else { return nil }
    task.stable = isContentStable(base: base, count: count)
    return Size(
      main: clampFinite(task.main + padMain),
      cross: clampFinite(cross + padCross), axis: axis)
  }

  /// Whether the group whose children are in the scratch region `base ..< base + count`, just
  /// measured, is content-stable: offered at least its content size (or nothing) on each axis,
  /// it measures the same.
  ///
  /// True when every visible child takes a points or fit size along the group and a size across
  /// that is not a percentage, and every child that was measured is content-stable itself: then a
  /// larger offer gives each fit child at least its own content size, and so (by induction) the
  /// same size. Percent and fill children share the offer, and a measure function may use it,
  /// so they make a group unstable.
  func isContentStable(base: Int, count: Int) -> Bool {
    for i in base..<(base + count) where scratch[i].flag != flagHidden {
      if !isStableChild(Int(scratch[i].node)) { return false }
    }
    return true
  }

  /// Whether visible child `c`, just measured, keeps its group content-stable (see
  /// ``isContentStable(base:count:)``).
  func isStableChild(_ c: Int) -> Bool {
    let style = styles[c]
    switch style.size {
    case .points:
      if case .points = style.crossSize { return true }
    case .fit: break
    case .percent, .fill: return false
    }
    if case .percent = style.crossSize { return false }
    return measurements[c].valid && measurements[c].stable
  }
}
