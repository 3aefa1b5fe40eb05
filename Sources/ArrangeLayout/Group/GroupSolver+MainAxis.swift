import ArrangeGeometry

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

extension GroupSolver {
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
          let (low, high) = Self.clampBounds(style)
          scratch[i].low = low
          scratch[i].high = high
          switch style.size {
          case .points(let value):
            let size = Self.clamp(nonNegative(value), low, high)
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
          } else if let fixed = Self.fixedCross(style, crossLength) {
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
        let cross = Self.fixedCross(styles[c], crossLength) ?? crossLength
        let proposal = SizeProposal(main: offered, cross: cross, axis: axis)
        guard let measured = lookup(scratch[i].node, proposal) else {
          complete = false
          continue
        }
        let size = Self.clamp(measured[axis], scratch[i].low, scratch[i].high)
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
          let size = Self.clamp(
            Self.share(flexible, scratch[i].weight, of: divisor), scratch[i].low,
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
        return Self.distributeFill(
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
        let target = Self.share(remaining, scratch[i].weight, of: weights)
        let size = Self.clamp(target, scratch[i].low, scratch[i].high)
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
        let target = Self.share(roundRemaining, scratch[i].weight, of: roundWeights)
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
}

extension GroupSolver {
  // MARK: - Clamps

  /// A child's sanitized minimum and maximum: invalid minimums are 0, invalid maximums 0 (an
  /// infinite maximum is no maximum).
  static func clampBounds(_ style: ItemStyle) -> (Double, Double) {
    (nonNegative(style.minSize), style.maxSize >= 0 ? style.maxSize : 0)
  }

  /// A child's main size clamped to its minimum and maximum (the minimum wins).
  static func clamp(_ value: Double, _ style: ItemStyle) -> Double {
    let (low, high) = clampBounds(style)
    return clamp(value, low, high)
  }

  /// `value` clamped to `low ... high` (the minimum wins).
  @inline(__always)
  static func clamp(_ value: Double, _ low: Double, _ high: Double) -> Double {
    let upper = value < high ? value : high
    return upper > low ? upper : low
  }
}
