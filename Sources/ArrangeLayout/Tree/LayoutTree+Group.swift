import ArrangeGeometry

/// Flags of a child in the scratch space while its group is sized.
let flagHidden: UInt8 = 0
let flagFixed: UInt8 = 1
let flagPercent: UInt8 = 2
let flagFill: UInt8 = 3
let flagFrozen: UInt8 = 4

/// What sharing a group's main length among its children found.
///
/// The children's main sizes (and what measuring them returned) are in the scratch region that
/// starts at `base`.
struct MainAxisShare {
  var base: Int
  var visible: Int
  /// The main sizes of the visible children, added up.
  var used: Double
  var spacingTotal: Double
  var percentTotal: Double
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
    if scratchSizes.count < needed {
      let extra = Swift.max(needed, scratchSizes.count * 2, 16) - scratchSizes.count
      scratchSizes.append(contentsOf: repeatElement(0, count: extra))
      scratchMeasured.append(contentsOf: repeatElement(.zero, count: extra))
      scratchFlags.append(contentsOf: repeatElement(0, count: extra))
    }
    scratchTop = needed
    return base
  }

  /// Gives back the slots reserved at `base`.
  mutating func popScratch(_ base: Int) { scratchTop = base }

  // MARK: - Main axis

  /// Shares a group's main length among its visible children, writing their main sizes to a new
  /// scratch region (pop it with ``popScratch(_:)``).
  ///
  /// Points and fit children come first (a fit child is offered what the points children and
  /// the spacing leave); percent children take their share of
  /// what is left (ShinpuruLayout's formula); fill children share the rest by weight, freezing
  /// and re-sharing when clamps bind. With no main length (measuring an unconstrained group),
  /// every child contributes its own content size instead.
  mutating func shareMainAxis(
    _ n: Int, _ group: GroupStyle, mainLength: Double?, crossLength: Double?
  ) -> MainAxisShare {
    let axis = group.axis
    let spacing = group.margin == nil ? nonNegative(group.spacing) : 0
    var count = 0
    var visible = 0
    var points = 0.0
    var child = firstChildren[n]
    while child >= 0 {
      let style = styles[Int(child)]
      count += 1
      if !style.isHidden {
        visible += 1
        if case .points(let value) = style.size {
          points += LayoutTree.clamp(nonNegative(value), style)
        }
      }
      child = nextSiblings[Int(child)]
    }
    let base = pushScratch(count)
    let spacingTotal = visible > 1 ? spacing * Double(visible - 1) : 0
    var fixed = 0.0
    var percentTotal = 0.0
    var weightTotal = 0.0
    var hasPercent = false
    var hasFill = false
    var i = base
    child = firstChildren[n]
    while child >= 0 {
      let c = Int(child)
      let style = styles[c]
      scratchMeasured[i] = .unmeasured
      scratchSizes[i] = 0
      if style.isHidden {
        scratchFlags[i] = flagHidden
      } else {
        switch (style.size, mainLength) {
        case (.points(let value), _):
          let size = LayoutTree.clamp(nonNegative(value), style)
          scratchSizes[i] = size
          scratchFlags[i] = flagFixed
          fixed += size
        case (.fit, _), (.percent, nil), (.fill, nil):
          // Fit children, and every child of an unconstrained group, take their content size.
          // Offered what the points children and the spacing leave: the same for every fit
          // child, so a sibling that grows does not change the proposal (and the cache holds).
          let offered = mainLength.map { Swift.max(0, $0 - spacingTotal - points) }
          let cross = LayoutTree.fixedCross(style, crossLength) ?? crossLength
          let measured = measure(child, SizeProposal(main: offered, cross: cross, axis: axis))
          let size = LayoutTree.clamp(measured[axis], style)
          scratchMeasured[i] = measured
          scratchSizes[i] = size
          scratchFlags[i] = flagFixed
          fixed += size
        case (.percent(let value), _):
          percentTotal += nonNegative(value)
          scratchFlags[i] = flagPercent
          hasPercent = true
        case (.fill(let weight), _):
          weightTotal += nonNegative(weight)
          scratchFlags[i] = flagFill
          hasFill = true
        }
      }
      i += 1
      child = nextSiblings[c]
    }
    var share = MainAxisShare(
      base: base, visible: visible, used: fixed, spacingTotal: spacingTotal,
      percentTotal: percentTotal)
    guard let mainLength else { return share }
    let flexible = Swift.max(0, mainLength - fixed - spacingTotal)
    if hasPercent {
      // p × flexible / 100, or p × flexible / Σp when the percentages are scaled down to 100;
      // dividing last keeps round cases exact (25% of 56 is 14, not 14.000000000000002).
      let divisor = percentTotal > 100 ? percentTotal : 100
      i = base
      child = firstChildren[n]
      while child >= 0 {
        let c = Int(child)
        if scratchFlags[i] == flagPercent, case .percent(let percent) = styles[c].size {
          let size = LayoutTree.clamp(nonNegative(percent) * flexible / divisor, styles[c])
          scratchSizes[i] = size
          share.used += size
        }
        i += 1
        child = nextSiblings[c]
      }
    }
    if hasFill {
      share.used += distributeFill(
        n, base: base, free: Swift.max(0, flexible - (share.used - fixed)),
        weightTotal: weightTotal)
    }
    return share
  }

  /// Shares `free` among the fill children of group `n` by weight.
  ///
  /// Children whose clamps bind freeze and the rest is shared again (the "freeze and repeat"
  /// loop of CSS flexbox). Returns the total main size given to fill children.
  mutating func distributeFill(_ n: Int, base: Int, free: Double, weightTotal: Double) -> Double {
    var remaining = free
    var weights = weightTotal
    var given = 0.0
    // Each round freezes at least one child, so this ends after at most `children` rounds.
    while true {
      var violation = 0.0
      var unfrozen = 0
      var i = base
      var child = firstChildren[n]
      while child >= 0 {
        let c = Int(child)
        if scratchFlags[i] == flagFill, case .fill(let weight) = styles[c].size {
          let target = weights > 0 ? remaining * nonNegative(weight) / weights : 0
          let size = LayoutTree.clamp(target, styles[c])
          scratchSizes[i] = size
          violation += size - target
          unfrozen += 1
        }
        i += 1
        child = nextSiblings[c]
      }
      if unfrozen == 0 || Swift.abs(violation) <= 1e-9 * Swift.max(1, free) { break }
      // Targets of this round, before any child freezes.
      let roundRemaining = remaining
      let roundWeights = weights
      i = base
      child = firstChildren[n]
      while child >= 0 {
        let c = Int(child)
        if scratchFlags[i] == flagFill, case .fill(let weight) = styles[c].size {
          let w = nonNegative(weight)
          let target = roundWeights > 0 ? roundRemaining * w / roundWeights : 0
          let size = scratchSizes[i]
          if (violation > 0 && size > target) || (violation < 0 && size < target) {
            scratchFlags[i] = flagFrozen
            given += size
            remaining -= size
            weights -= w
          }
        }
        i += 1
        child = nextSiblings[c]
      }
    }
    // Add up what the children finally got, restoring the frozen ones' flags.
    var i = base
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

  // MARK: - Cross axis

  /// The cross size a child's rule fixes by itself: points, or a percentage of the cross length
  /// (0 while that length is unknown); `nil` when the child must be stretched or measured.
  static func fixedCross(_ style: ItemStyle, _ crossLength: Double?) -> Double? {
    switch style.crossSize {
    case .points(let value): return nonNegative(value)
    case .percent(let value): return nonNegative(value) / 100 * (crossLength ?? 0)
    case .automatic, .fit, .stretch: return nil
    }
  }

  /// The cross size of a visible child whose main size is `main`: fixed by its rule, stretched
  /// over `crossLength`, or measured — reusing `measured` when the child was already measured
  /// at that main size, so that it is not measured twice under two proposals.
  mutating func crossSize(
    of child: Int32, style: ItemStyle, main: Double, axis: Axis, crossLength: Double?,
    stretches: Bool, measured: Size
  ) -> Double {
    if let fixed = LayoutTree.fixedCross(style, crossLength) { return fixed }
    if stretches, let crossLength { return crossLength }
    if measured[axis] == main { return measured[axis.cross] }
    return measure(child, SizeProposal(main: main, cross: crossLength, axis: axis))[axis.cross]
  }

  // MARK: - Solving and measuring groups

  /// Computes the local frames of a group's children for a group of `size`.
  mutating func solveGroup(_ n: Int, size: Size, rtl: Bool) {
    let slot = Int(slots[n])
    let group = groups[slot].style
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

    let share = shareMainAxis(n, group, mainLength: mainLength, crossLength: crossLength)
    let visible = share.visible
    groups[slot].percentTotal = share.percentTotal > 100 ? share.percentTotal : 0
    let extra = mainLength - (share.used + share.spacingTotal)
    groups[slot].overflow = extra < 0 ? -extra : 0
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
    var i = share.base
    var child = firstChildren[n]
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
        var cross = crossLength
        var crossOffset = 0.0
        if let margin {
          let inset = Swift.min(margin / 2, main / 2)
          start += inset
          main -= 2 * inset
        } else {
          let alignment = style.alignment ?? group.alignment
          let stretches =
            style.crossSize == .stretch
            || (style.crossSize == .automatic && alignment == .stretch)
          cross = crossSize(
            of: child, style: style, main: main, axis: axis, crossLength: crossLength,
            stretches: stretches, measured: scratchMeasured[i])
          switch alignment {
          case .start, .stretch: break
          case .center: crossOffset = (crossLength - cross) / 2
          case .end: crossOffset = crossLength - cross
          }
        }
        // The far edge is `start + main`, the very sum the next sibling starts at.
        let crossStart = padCrossStart + crossOffset
        frame =
          horizontal
          ? Edges(minX: start, minY: crossStart, maxX: start + main, maxY: crossStart + cross)
          : Edges(minX: crossStart, minY: start, maxX: crossStart + cross, maxY: start + main)
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
    popScratch(share.base)
  }

  /// The content size of group `n` under `proposal`: its children sized as a layout would size
  /// them in the proposed main length (or at their content size without one), plus spacing and
  /// padding; across, the largest child.
  mutating func measureGroup(_ n: Int, _ proposal: SizeProposal) -> Size {
    let group = groups[Int(slots[n])].style
    let axis = group.axis
    let padding = group.padding.sanitized
    let padMain = padding.total(along: axis)
    let padCross = padding.total(along: axis.cross)
    let mainLength = proposal[axis].map { Swift.max(0, $0 - padMain) }
    let crossLength = proposal[axis.cross].map { Swift.max(0, $0 - padCross) }
    let share = shareMainAxis(n, group, mainLength: mainLength, crossLength: crossLength)
    var cross = 0.0
    var i = share.base
    var child = firstChildren[n]
    while child >= 0 {
      let c = Int(child)
      if scratchFlags[i] != flagHidden {
        // Content, not stretch: a stretched child contributes what it needs.
        let value = crossSize(
          of: child, style: styles[c], main: scratchSizes[i], axis: axis,
          crossLength: crossLength, stretches: false, measured: scratchMeasured[i])
        if value > cross { cross = value }
      }
      i += 1
      child = nextSiblings[c]
    }
    popScratch(share.base)
    return Size(
      main: share.used + share.spacingTotal + padMain, cross: cross + padCross, axis: axis)
  }
}
