import ArrangeGeometry

/// What ``GroupSolver/measurePointsAndFit(_:slot:_:)`` found.
enum PointsAndFitStep {
  /// The group's content size, and whether it is content-stable.
  case measured(Size, stable: Bool)
  /// Children must be measured first (they were asked for).
  case waiting
  /// A child shares the proposed length (a percent or fill child): the general pass is needed.
  case notApplicable
}

extension GroupSolver {
  /// Measures a group whose visible children all take a points or fit size along it (or any
  /// size, when no length is proposed along it: then each takes its content size): the same
  /// sizes as ``measureGroupStep(_:)``'s general pass, without scratch space.
  ///
  /// Such children need no share of one another's space: each fit child is offered what the
  /// points children and the spacing leave, which one walk over the children finds, and a
  /// second walk measures them. Most groups are like this (a chain of nested fit groups is
  /// nothing else), so it is worth a pass of its own.
  mutating func measurePointsAndFit(
    _ n: Int, slot: Int, _ proposal: SizeProposal, firstVisit: Bool
  ) -> PointsAndFitStep {
    let axis = groups[slot].style.axis
    guard
      let (points, spacingTotal) = pointsAndSpacing(
        n, slot: slot, mainProposed: proposal[axis] != nil)
    else { return .notApplicable }
    if firstVisit {
      let crossLength = proposal[axis.cross].map { Swift.max(0, $0 - groups[slot].padCross) }
      let mainLength = proposal[axis].map { Swift.max(0, $0 - groups[slot].padMain) }
      let offered = mainLength.map { Swift.max(0, $0 - spacingTotal - points) }
      if requestUnmeasured(n, offered: offered, crossLength: crossLength, axis: axis) {
        return .waiting
      }
    }
    return sizePointsAndFit(n, slot: slot, proposal, points: points, spacingTotal: spacingTotal)
  }

  /// The main sizes of group `n`'s visible points children added up, in order, and its spacing
  /// in total; `nil` when a visible child shares the group's length (a percent or fill child,
  /// when a length is `mainProposed`).
  ///
  /// Mutating only so that mutating callers do not copy the tree to call it. Transparent, so
  /// that the tree's measuring walk (``LayoutTree/measureByWalking(_:_:)``) inlines it too: a
  /// call from there reaches a specialized copy that `@inline(__always)` does not inline, which
  /// cost a deep chain about 40 instructions per level.
  @_transparent
  mutating func pointsAndSpacing(_ n: Int, slot: Int, mainProposed: Bool)
    -> (points: Double, spacing: Double)?
  {
    var visible = 0
    var points = 0.0
    var child = firstChildren[n]
    while child >= 0 {
      let c = Int(child)
      child = nextSiblings[c]
      if hiddenFlags[c] { continue }
      visible += 1
      switch styles[c].size {
      case .points(let value):
        points = clampFinite(points + Self.clamp(nonNegative(value), styles[c]))
      case .fit: break
      case .percent, .fill: if mainProposed { return nil }
      }
    }
    let spacingTotal = visible > 1 ? clampFinite(groups[slot].gap * Double(visible - 1)) : 0
    return (points, spacingTotal)
  }

  /// The content size of group `n` of points and fit children under `proposal`, from its
  /// children's measurements, given ``pointsAndSpacing(_:slot:mainProposed:)``'s answer.
  ///
  /// When the group is about to be solved (it is dirty), is packed at the start and is
  /// offered a cross length, its children are laid out as they are sized, for the size the
  /// group will most often be solved at: its content size along, the offered length across.
  /// Their local frames are those the solve would write, provided that each child it looks up
  /// gives the same size, which holds when every child is content-stable and the lengths the
  /// solve offers cover what each measured. Then the size is kept in `laidSize`, and a solve
  /// for that size (``solveGroup(_:size:rtl:)``) only places the leaves: a chain of nested fit
  /// groups sizes each level once instead of twice. A group solved at another size is solved
  /// as usual, over these frames (a dirty group is always solved before its children's frames
  /// are read).
  mutating func sizePointsAndFit(
    _ n: Int, slot: Int, _ proposal: SizeProposal, points: Double, spacingTotal: Double
  ) -> PointsAndFitStep {
    let axis = groups[slot].style.axis
    let padMain = groups[slot].padMain
    let padCross = groups[slot].padCross
    let crossLength = proposal[axis.cross].map { Swift.max(0, $0 - padCross) }
    let mainLength = proposal[axis].map { Swift.max(0, $0 - padMain) }
    let offered = mainLength.map { Swift.max(0, $0 - spacingTotal - points) }
    groups[slot].laidSize = GroupSlot.notLaid
    var placer: ChildPlacer? = nil
    if laysOutWhileMeasuring, let crossLength, solved[n].dirty,
      groups[slot].style.distribution == .start,
      groups[slot].style.margin == nil
    {
      placer = ChildPlacer(
        groups[slot].style, padding: groups[slot].padding, gap: groups[slot].gap, visible: 0,
        extra: 0, crossLength: crossLength, width: 0, rtl: false)
    }
    let groupAlignment = groups[slot].style.alignment
    // The largest main size a fit child measured, and whether each one's measured cross size
    // is within what it was offered across: what a solve's offers must cover.
    var largestFit = 0.0
    var crossCovered = true
    var child = firstChildren[n]
    var used = points
    var cross = 0.0
    var complete = true
    var stable = true
    while child >= 0 {
      let c = Int(child)
      let node = child
      child = nextSiblings[c]
      let style = styles[c]
      if style.isHidden {
        if let frame = placer?.hiddenFrame() { localFrames[c] = frame }
        continue
      }
      let fixedCross = Self.fixedCross(style, crossLength)
      let size: Double
      var measured = Size.unmeasured
      if case .points(let value) = style.size {
        size = Self.clamp(nonNegative(value), style)
      } else {
        let offeredCross = fixedCross ?? crossLength
        guard let found = lookup(node, SizeProposal(main: offered, cross: offeredCross, axis: axis))
        else {
          complete = false
          continue
        }
        size = Self.clamp(found[axis], style)
        // Content wider than the offer was wrapped for the offer: measured again at its size.
        if found[axis] <= offered ?? .infinity { measured = found }
        // A child that must be measured again at its size would need two proposals at once,
        // and each would evict the other from its cache at every round: the general pass keeps
        // the first answer in scratch space.
        if fixedCross == nil && measured[axis] != size { return .notApplicable }
        used = clampFinite(used + size)
        if found[axis] > largestFit { largestFit = found[axis] }
        if let offeredCross, found[axis.cross] > offeredCross { crossCovered = false }
      }
      // Across: content, not stretch (a stretched child contributes what it needs).
      let content: Double
      if let fixedCross {
        content = fixedCross
      } else if measured[axis] == size {
        content = measured[axis.cross]
      } else if let found = lookup(node, SizeProposal(main: size, cross: crossLength, axis: axis)) {
        content = found[axis.cross]
      } else {
        complete = false
        continue
      }
      if content > cross { cross = content }
      if stable && !isStableChild(c) { stable = false }
      if placer != nil, let crossLength {
        let stretched = fixedCross == nil && style.stretches(alignment: groupAlignment)
        let frameCross = stretched ? crossLength : content
        if let frame = placer?.frame(main: size, cross: frameCross, alignment: style.alignment) {
          localFrames[c] = frame
        }
      }
    }
    guard complete else { return .waiting }
    let main = clampFinite(clampFinite(used + spacingTotal) + padMain)
    if let placer, stable, crossCovered, let across = proposal[axis.cross] {
      // The solve at this size offers its fit children what the points children and the
      // spacing leave of the content size: at least what each measured.
      let solvedMain = Swift.max(0, main - padMain)
      if largestFit <= Swift.max(0, solvedMain - spacingTotal - points) {
        groups[slot].laidSize = Size(main: main, cross: across, axis: axis)
        groups[slot].laidExtra = solvedMain - clampFinite(used + spacingTotal)
        groups[slot].laidCrossOverflow = placer.crossOverflow
      }
    }
    return .measured(
      Size(main: main, cross: clampFinite(cross + padCross), axis: axis), stable: stable)
  }
}

extension GroupSolver {
  /// On a group's first visit, asks for the fit children that are groups or flows with no
  /// measurement at all, offered `offered` along `axis`; returns whether it asked for any.
  ///
  /// Their measurement cannot be at hand, so the pass that would look them up and find nothing
  /// is skipped: the group waits for them at once and runs its pass once, when they are in.
  mutating func requestUnmeasured(
    _ n: Int, offered: Double?, crossLength: Double?, axis: Axis
  ) -> Bool {
    var asked = false
    var child = firstChildren[n]
    while child >= 0 {
      let c = Int(child)
      child = nextSiblings[c]
      guard !hiddenFlags[c], kinds[c] != .leaf, !measurements[c].valid else { continue }
      if case .points = styles[c].size { continue }
      let cross = Self.fixedCross(styles[c], crossLength) ?? crossLength
      requestMeasure(Int32(c), SizeProposal(main: offered, cross: cross, axis: axis))
      asked = true
    }
    return asked
  }
}
