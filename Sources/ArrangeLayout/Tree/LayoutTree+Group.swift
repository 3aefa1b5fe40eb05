import ArrangeGeometry

/// Flags of a child in the scratch space while its group is sized.
let flagHidden: UInt8 = 0
let flagFixed: UInt8 = 1
let flagPercent: UInt8 = 2
let flagFill: UInt8 = 3
let flagFrozen: UInt8 = 4
let flagMeasured: UInt8 = 5

/// What sharing a group's main length among its children found.
///
/// The children (and their main sizes, and what measuring them returned) are in the scratch
/// region `base ..< base + count`.
struct MainAxisShare: Sendable {
  var base = 0
  /// The number of children, hidden ones included.
  var count = 0
  var visible = 0
  /// The main sizes of the visible children, added up.
  var used = 0.0
  var spacingTotal = 0.0
  var percentTotal = 0.0
  /// How many visible children take their measured size across (marked NaN in `cross`).
  var crossMeasured = 0
}

/// What the first pass over a group's children found.
struct FirstPass {
  var count = 0
  var visible = 0
  var points = 0.0
  var percentTotal = 0.0
  var weightTotal = 0.0
  var heaviest = 0.0
  var measuredCount = 0
  var crossMeasured = 0
  var hasPercent = false
  var hasFill = false
}

/// One child of a group or flow being sized, in the scratch space.
struct ScratchSlot: Sendable {
  var node: Int32 = -1
  var flag: UInt8 = 0
  /// The main size.
  var size = 0.0
  /// The cross size (NaN while it must be measured).
  var cross = 0.0
  /// A percentage or fill weight.
  var weight = 0.0
  /// The clamps of the main size.
  var low = 0.0
  var high = 0.0
  /// What measuring returned, when it can be reused.
  var measured = Size.zero
}

/// The scratch space, opened for a hot loop (see ``LayoutTree/withScratch(_:)``).
typealias ScratchBuffers = UnsafeMutableBufferPointer<ScratchSlot>

extension ItemStyle {
  /// Whether the child is stretched across `group` (``CrossSize/stretch``, or automatic with
  /// stretch alignment).
  func stretches(in group: GroupStyle) -> Bool { stretches(alignment: group.alignment) }

  /// Whether the child is stretched across a group whose alignment is `groupAlignment`.
  @inline(__always)
  func stretches(alignment groupAlignment: CrossAlignment) -> Bool {
    crossSize == .stretch
      || (crossSize == .automatic && (alignment ?? groupAlignment) == .stretch)
  }
}

extension Size {
  /// A size that no measurement returns (NaN equals nothing), for "not measured yet".
  static let unmeasured = Size(width: .nan, height: .nan)
}

extension LayoutTree {
  // MARK: - Scratch space

  /// Reserves `count` scratch slots above the ones in use and returns where they start.
  ///
  /// Sizing a group measures its children, which may size groups of their own: each level takes
  /// the slots above its parent's, so nothing is overwritten and, once the space has grown to
  /// the deepest path, nothing is allocated.
  mutating func pushScratch(_ count: Int) -> Int {
    let base = scratchTop
    let needed = base + count
    if scratch.count < needed {
      let extra = Swift.max(needed, scratch.count * 2, 16) - scratch.count
      scratch.append(contentsOf: repeatElement(ScratchSlot(), count: extra))
    }
    scratchTop = needed
    return base
  }

  /// Gives back the slots reserved at `base`.
  mutating func popScratch(_ base: Int) { scratchTop = base }

  /// Calls `body` with pointers to the scratch arrays.
  ///
  /// Hot loops write them without a uniqueness and bounds check per element. `body` must not
  /// touch the tree.
  mutating func withScratch<R>(_ body: (ScratchBuffers) -> R) -> R {
    scratch.withUnsafeMutableBufferPointer { body($0) }
  }

  // MARK: - Measurements a sizing needs

  /// The measurement of `node` under `proposal` when it is at hand, or `nil`.
  ///
  /// At hand means cached, or a leaf (measured now, which recurses into nothing). Otherwise the
  /// request is added to `pendingMeasures` and the answer is `nil`: the caller finishes its
  /// pass, has the requests served and runs the pass again.
  ///
  /// Every length a proposal carries is finite and non-negative (NaN, which equals nothing,
  /// would never be found in the cache).
  @inline(__always)
  mutating func lookup(_ node: Int32, _ offer: SizeProposal) -> Size? {
    // A cache entry's proposal is always valid, so an exact match needs no sanitizing; nor does
    // a content-stable entry offered at least its size in finite lengths (any other offer is
    // sanitized first by the slow path).
    let entry = measurements[Int(node)]
    if entry.valid {
      if entry.proposal.width == offer.width && entry.proposal.height == offer.height {
        return entry.size
      }
      if entry.stable && LayoutTree.covers(offer.width, entry.size.width)
        && LayoutTree.covers(offer.height, entry.size.height)
      {
        return entry.size
      }
    }
    return lookupSlowly(node, offer)
  }

  /// Whether an offered length leaves room for `length`: none offered, or a finite one at
  /// least as long.
  @inline(__always)
  static func covers(_ offer: Double?, _ length: Double) -> Bool {
    guard let offer else { return true }
    return offer >= length && offer.isFinite
  }

  /// ``lookup(_:_:)`` when the cache holds no exact match.
  @inline(never)
  mutating func lookupSlowly(_ node: Int32, _ offer: SizeProposal) -> Size? {
    let n = Int(node)
    var proposal = offer
    if let width = proposal.width, !(width >= 0 && width.isFinite) { proposal.width = 0 }
    if let height = proposal.height, !(height >= 0 && height.isFinite) { proposal.height = 0 }
    if let size = cachedMeasurement(n, proposal) { return size }
    if kinds[n] == .leaf {
      let size = measureLeaf(n, proposal)
      // A leaf with no measure function is zero under any proposal.
      measurements[n] = CachedMeasurement(
        proposal: proposal, size: size, valid: true,
        stable: slots[n] < 0 || measures[Int(slots[n])] == nil)
      return size
    }
    pendingMeasures.append(MeasureRequest(node: node, proposal: proposal))
    return nil
  }

  /// The cached measurement of node `n` if it answers `proposal`: measured under that very
  /// proposal, or content-stable (see ``isContentStable(base:count:)``) and offered at least its
  /// size (or nothing) on each axis, which gives the same size.
  @inline(__always)
  func cachedMeasurement(_ n: Int, _ proposal: SizeProposal) -> Size? {
    let entry = measurements[n]
    guard entry.valid else { return nil }
    if entry.proposal.width == proposal.width && entry.proposal.height == proposal.height {
      return entry.size
    }
    guard entry.stable else { return nil }
    let size = entry.size
    if let width = proposal.width, width < size.width { return nil }
    if let height = proposal.height, height < size.height { return nil }
    return size
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

  /// Measures every pending request (each with the iterative ``measure(_:_:)``), leaving the
  /// results in the cache for the pass that asked for them.
  mutating func servePendingMeasures() {
    var requests = pendingMeasures
    pendingMeasures = servingMeasures
    servingMeasures = []
    for request in requests { _ = measure(request.node, request.proposal) }
    requests.removeAll(keepingCapacity: true)
    servingMeasures = requests
  }

  // MARK: - Main axis

  /// Shares a group's main length among its visible children, writing them and their main
  /// sizes to the scratch region at `base` (which holds `childCounts[n]` slots).
  ///
  /// Points and fit children come first (a fit child is offered what the points children and
  /// the spacing leave); percent children take their share of what is left (see
  /// ``SizeRule/percent(_:)``); fill children share the rest by weight, freezing and re-sharing when clamps bind.
  /// With no main length (measuring an unconstrained group), every child contributes its own
  /// content size instead.
  ///
  /// Returns `nil` when a child that is not a leaf must be measured first (see
  /// ``lookup(_:_:)``); every such child is requested in the same pass.
  mutating func shareMainAxis(
    _ n: Int, _ group: GroupStyle, mainLength: Double?, crossLength: Double?, base: Int
  ) -> MainAxisShare? {
    let pass = firstPass(n, group, mainLength: mainLength, crossLength: crossLength, base: base)
    return finishShare(
      n, group, pass, mainLength: mainLength, crossLength: crossLength, base: base)
  }

  /// The first pass of ``shareMainAxis(_:_:mainLength:crossLength:base:)``: what each child
  /// is, the sizes that need no measuring, and the cross sizes that need none (NaN in `cross`
  /// marks the ones to measure), written to the scratch region at `base`.
  mutating func firstPass(
    _ n: Int, _ group: GroupStyle, mainLength: Double?, crossLength: Double?, base: Int
  ) -> FirstPass {
    let first = firstChildren[n]
    let styles = self.styles
    let nextSiblings = self.nextSiblings
    // The scratch array is written through its buffer (no uniqueness check per write).
    return self.scratch.withUnsafeMutableBufferPointer { scratch in
      var pass = FirstPass()
      var i = base
      var child = first
      while child >= 0 {
        let c = Int(child)
        scratch[i].node = child
        scratch[i].measured = .unmeasured
        scratch[i].size = 0
        let style = styles[c]
        if style.isHidden {
          scratch[i].flag = flagHidden
        } else {
          pass.visible += 1
          let (low, high) = LayoutTree.clampBounds(style)
          scratch[i].low = low
          scratch[i].high = high
          switch style.size {
          case .points(let value):
            let size = LayoutTree.clamp(nonNegative(value), low, high)
            scratch[i].size = size
            scratch[i].flag = flagFixed
            pass.points = clampFinite(pass.points + size)
          case .percent(let value) where mainLength != nil:
            pass.percentTotal = clampFinite(pass.percentTotal + nonNegative(value))
            scratch[i].weight = nonNegative(value)
            scratch[i].flag = flagPercent
            pass.hasPercent = true
          case .fill(let weight) where mainLength != nil:
            let w = nonNegative(weight)
            pass.weightTotal += w
            if w > pass.heaviest { pass.heaviest = w }
            scratch[i].weight = w
            scratch[i].flag = flagFill
            pass.hasFill = true
          case .fit, .percent, .fill:
            // Fit children, and every child of an unconstrained group, take their content size.
            scratch[i].flag = flagMeasured
            pass.measuredCount += 1
          }
          if let crossLength, group.margin != nil {
            // Margin mode: every child spans the whole cross extent.
            scratch[i].cross = crossLength
          } else if let fixed = LayoutTree.fixedCross(style, crossLength) {
            scratch[i].cross = fixed
          } else if let crossLength, style.stretches(in: group) {
            scratch[i].cross = crossLength
          } else {
            scratch[i].cross = .nan
            pass.crossMeasured += 1
          }
        }
        i += 1
        child = nextSiblings[c]
      }
      pass.count = i - base
      return pass
    }
  }

  /// The rest of ``shareMainAxis(_:_:mainLength:crossLength:base:)`` after its first pass.
  ///
  /// It measures the fit children, then works out the percent and fill shares. `nil` when
  /// children must be measured first; running it again after they are does not need the first
  /// pass again.
  mutating func finishShare(
    _ n: Int, _ group: GroupStyle, _ pass: FirstPass, mainLength: Double?, crossLength: Double?,
    base: Int
  ) -> MainAxisShare? {
    let axis = group.axis
    let spacing = group.margin == nil ? nonNegative(group.spacing) : 0
    let count = pass.count
    let spacingTotal = pass.visible > 1 ? clampFinite(spacing * Double(pass.visible - 1)) : 0
    var fixed = pass.points
    if pass.measuredCount > 0 {
      // Offered what the points children and the spacing leave: the same for every fit child,
      // so a sibling that grows does not change the proposal (and the cache holds).
      let offered = mainLength.map { Swift.max(0, $0 - spacingTotal - pass.points) }
      var complete = true
      for i in base..<(base + count) where scratch[i].flag == flagMeasured {
        let c = Int(scratch[i].node)
        let cross = LayoutTree.fixedCross(styles[c], crossLength) ?? crossLength
        let proposal = SizeProposal(main: offered, cross: cross, axis: axis)
        guard let measured = lookup(scratch[i].node, proposal) else {
          complete = false
          continue
        }
        let size = LayoutTree.clamp(measured[axis], scratch[i].low, scratch[i].high)
        // Content wider than the offer (a word longer than the line) was wrapped for the offer:
        // its other extent is measured again at the size it gets.
        if measured[axis] <= offered ?? .infinity { scratch[i].measured = measured }
        scratch[i].size = size
        fixed = clampFinite(fixed + size)
      }
      guard complete else { return nil }
    }
    var share = MainAxisShare(
      base: base, count: count, visible: pass.visible, used: fixed, spacingTotal: spacingTotal,
      percentTotal: pass.percentTotal, crossMeasured: pass.crossMeasured)
    guard let mainLength else { return share }
    let flexible = Swift.max(0, mainLength - fixed - spacingTotal)
    if pass.hasPercent {
      // p × flexible / 100, or p × flexible / Σp when the percentages are scaled down to 100.
      let divisor = pass.percentTotal > 100 ? pass.percentTotal : 100
      share.used = withScratch { scratch in
        var used = share.used
        for i in base..<(base + count) where scratch[i].flag == flagPercent {
          let size = LayoutTree.clamp(
            LayoutTree.share(flexible, scratch[i].weight, of: divisor), scratch[i].low,
            scratch[i].high)
          scratch[i].size = size
          used = clampFinite(used + size)
        }
        return used
      }
    }
    if pass.hasFill {
      let free = Swift.max(0, flexible - (share.used - fixed))
      let weightTotal = pass.weightTotal
      let heaviest = pass.heaviest
      let given = withScratch { scratch in
        var total = weightTotal
        if !total.isFinite {
          // Weights so large that their sum overflows share in proportion to the heaviest.
          total = 0
          for i in base..<(base + count) where scratch[i].flag == flagFill {
            scratch[i].weight /= heaviest
            total += scratch[i].weight
          }
        }
        return LayoutTree.distributeFill(
          scratch, base: base, count: count, free: free, weightTotal: total)
      }
      share.used = clampFinite(share.used + given)
    }
    return share
  }

  /// `part / whole` of `length`, exact for round cases (25% of 56 is 14, not
  /// 14.000000000000002) and saturated instead of overflowing; 0 when `whole` is not positive.
  static func share(_ length: Double, _ part: Double, of whole: Double) -> Double {
    guard whole > 0 else { return 0 }
    let product = length * part
    if product.isFinite {
      let result = product / whole
      if result.isFinite { return result }
    }
    guard length > 0 && part > 0 else { return 0 }
    let ratio = part / whole
    return ratio.isFinite ? clampFinite(length * ratio) : .greatestFiniteMagnitude
  }

  /// Shares `free` among the fill children of the scratch region by weight.
  ///
  /// Children whose clamps bind freeze and the rest is shared again (the "freeze and repeat"
  /// loop of CSS flexbox). Returns the total main size given to fill children.
  static func distributeFill(
    _ scratch: ScratchBuffers, base: Int, count: Int, free: Double, weightTotal: Double
  ) -> Double {
    var remaining = free
    var weights = weightTotal
    var given = 0.0
    var froze = false
    let end = base + count
    // Each round freezes at least one child (or stops), so this ends after at most `count`
    // rounds.
    while true {
      var violation = 0.0
      var unfrozen = 0
      var raised = 0
      var lowered = 0
      var total = 0.0
      for i in base..<end where scratch[i].flag == flagFill {
        let target = LayoutTree.share(remaining, scratch[i].weight, of: weights)
        let size = LayoutTree.clamp(target, scratch[i].low, scratch[i].high)
        scratch[i].size = size
        violation = clampFinite(violation + (size - target))
        total = clampFinite(total + size)
        unfrozen += 1
        if size > target { raised += 1 } else if size < target { lowered += 1 }
      }
      // Done when the clamps hold, or when every child violates them the same way (then all
      // of them freeze at their clamps, which is where they already are).
      if unfrozen == 0 || Swift.abs(violation) <= 1e-9 * Swift.max(1, free)
        || (violation > 0 && raised == unfrozen) || (violation < 0 && lowered == unfrozen)
      {
        given = clampFinite(given + total)
        break
      }
      // Targets of this round, before any child freezes.
      let roundRemaining = remaining
      let roundWeights = weights
      var frozeNow = false
      for i in base..<end where scratch[i].flag == flagFill {
        let target = LayoutTree.share(roundRemaining, scratch[i].weight, of: roundWeights)
        let size = scratch[i].size
        if (violation > 0 && size > target) || (violation < 0 && size < target) {
          scratch[i].flag = flagFrozen
          given = clampFinite(given + size)
          remaining = clampFinite(remaining - size)
          weights -= scratch[i].weight
          frozeNow = true
        }
      }
      if !frozeNow {
        given = clampFinite(given + total)
        break
      }
      froze = true
    }
    if froze {
      // Restore the frozen children's flags.
      for i in base..<end where scratch[i].flag == flagFrozen { scratch[i].flag = flagFill }
    }
    return given
  }

  // MARK: - Cross axis

  /// The cross size a child's rule fixes by itself: points, or a percentage of the cross length
  /// (0 while that length is unknown); `nil` when the child must be stretched or measured.
  static func fixedCross(_ style: ItemStyle, _ crossLength: Double?) -> Double? {
    switch style.crossSize {
    case .points(let value): return nonNegative(value)
    case .percent(let value):
      return LayoutTree.share(crossLength ?? 0, nonNegative(value), of: 100)
    case .automatic, .fit, .stretch: return nil
    }
  }

  /// The cross size of a visible child whose main size is `main`: fixed by its rule, stretched
  /// over `crossLength`, or measured — reusing `measured` when the child was already measured
  /// at that main size, so that it is not measured twice under two proposals.
  ///
  /// `nil` when the child must be measured first (see ``lookup(_:_:)``).
  mutating func crossSize(
    of child: Int32, style: ItemStyle, main: Double, axis: Axis, crossLength: Double?,
    stretches: Bool, measured: Size
  ) -> Double? {
    if let fixed = LayoutTree.fixedCross(style, crossLength) { return fixed }
    if stretches, let crossLength { return crossLength }
    if measured[axis] == main { return measured[axis.cross] }
    return lookup(child, SizeProposal(main: main, cross: crossLength, axis: axis))?[axis.cross]
  }

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
        let fixedCross = LayoutTree.fixedCross(style, crossLength)
        let main: Double
        var measured = Size.unmeasured
        if case .points(let value) = style.size {
          main = LayoutTree.clamp(nonNegative(value), style)
        } else {
          let proposal = SizeProposal(main: offered, cross: fixedCross ?? crossLength, axis: axis)
          guard let found = lookup(node, proposal) else {
            complete = false
            continue
          }
          main = LayoutTree.clamp(found[axis], style)
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
          pendingMeasures.removeAll(keepingCapacity: true)
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
  /// when children must be measured first (they are in `pendingMeasures`).
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
}

/// What ``LayoutTree/measurePointsAndFit(_:slot:_:)`` found.
enum PointsAndFitStep {
  /// The group's content size, and whether it is content-stable.
  case measured(Size, stable: Bool)
  /// Children must be measured first (they are in `pendingMeasures`).
  case waiting
  /// A child shares the proposed length (a percent or fill child): the general pass is needed.
  case notApplicable
}

extension LayoutTree {
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
  /// Mutating only so that mutating callers do not copy the tree to call it.
  @inline(__always)
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
        points = clampFinite(points + LayoutTree.clamp(nonNegative(value), styles[c]))
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
      let fixedCross = LayoutTree.fixedCross(style, crossLength)
      let size: Double
      var measured = Size.unmeasured
      if case .points(let value) = style.size {
        size = LayoutTree.clamp(nonNegative(value), style)
      } else {
        let offeredCross = fixedCross ?? crossLength
        guard let found = lookup(node, SizeProposal(main: offered, cross: offeredCross, axis: axis))
        else {
          complete = false
          continue
        }
        size = LayoutTree.clamp(found[axis], style)
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

extension LayoutTree {
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
      let cross = LayoutTree.fixedCross(styles[c], crossLength) ?? crossLength
      pendingMeasures.append(
        MeasureRequest(
          node: Int32(c), proposal: SizeProposal(main: offered, cross: cross, axis: axis)))
      asked = true
    }
    return asked
  }
}

/// Places the visible children of a group one after another along its main axis, as
/// distribution, alignment, margin mode and reading direction say.
struct ChildPlacer {
  let axis: Axis
  let alignment: CrossAlignment
  let padCrossStart: Double
  /// The margin of margin mode, sanitized, or `nil`.
  let margin: Double?
  let spacing: Double
  let gap: Double
  let crossLength: Double
  /// The group's width, which frames are mirrored in when `rtl`.
  let width: Double
  let rtl: Bool
  /// Where the first child starts along the main axis.
  let start: Double
  /// Where the next child starts along the main axis.
  var position: Double
  /// How far the largest child placed so far overflows across.
  var crossOverflow = 0.0

  /// A placer for a group of `visible` visible children whose main sizes and spacing leave
  /// `extra` of the main length over (negative when they overflow it).
  @inline(__always)
  init(
    _ group: GroupStyle, padding: EdgeInsets, gap: Double, visible: Int, extra: Double,
    crossLength: Double, width: Double, rtl: Bool
  ) {
    axis = group.axis
    alignment = group.alignment
    padCrossStart = padding.start(along: axis.cross)
    margin = group.margin.map { nonNegative($0) }
    spacing = gap
    self.crossLength = crossLength
    self.width = width
    self.rtl = rtl
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
    self.gap = gap
    start = padding.start(along: axis) + lead
    position = start
  }

  /// Starts placing again from the first child.
  @inline(__always)
  mutating func restart() {
    position = start
    crossOverflow = 0
  }

  /// The frame of a hidden child: empty, where the next child starts.
  @inline(__always)
  func hiddenFrame() -> Edges {
    let corner = Point(main: position, cross: padCrossStart, axis: axis)
    return mirrored(Edges(minX: corner.x, minY: corner.y, maxX: corner.x, maxY: corner.y))
  }

  /// The frame of the next visible child, `main` long and `cross` across, aligned by
  /// `alignment` (the group's alignment when `nil`).
  @inline(__always)
  mutating func frame(main size: Double, cross: Double, alignment: CrossAlignment?) -> Edges {
    var main = size
    var start = position
    position = clampFinite(position + main + spacing + gap)
    var crossOffset = 0.0
    if let margin {
      let inset = Swift.min(margin / 2, main / 2)
      start = clampFinite(start + inset)
      main -= 2 * inset
    } else {
      if cross - crossLength > crossOverflow { crossOverflow = cross - crossLength }
      switch alignment ?? self.alignment {
      case .start, .stretch: break
      case .center: crossOffset = (crossLength - cross) / 2
      case .end: crossOffset = crossLength - cross
      }
    }
    // The far edge is `start + main`, the very sum the next sibling starts at.
    let crossStart = clampFinite(padCrossStart + crossOffset)
    let far = clampFinite(start + main)
    let crossFar = clampFinite(crossStart + cross)
    return mirrored(
      axis == .horizontal
        ? Edges(minX: start, minY: crossStart, maxX: far, maxY: crossFar)
        : Edges(minX: crossStart, minY: start, maxX: crossFar, maxY: far))
  }

  /// `frame` mirrored in the group's width when the group reads right to left: both edges, so
  /// shared edges stay shared.
  @inline(__always)
  private func mirrored(_ frame: Edges) -> Edges {
    guard rtl else { return frame }
    var result = frame
    result.minX = clampFinite(width - frame.maxX)
    result.maxX = clampFinite(width - frame.minX)
    return result
  }
}
