import ArrangeGeometry

extension LayoutTree {
  /// Measures group `top` under `proposal` by walking its subtree through the tree's links.
  ///
  /// Going down, each group of points and fit children works out what it offers its children
  /// and steps into the first child that is a group with no measurement for that offer; coming
  /// back up, it looks for the next such child, and once there is none it is measured from its
  /// children's measurements (``sizePointsAndFit(_:slot:_:points:spacingTotal:)``). There is no
  /// stack:
  /// a group waiting for its children keeps its proposal in its own cache entry (marked not
  /// valid) and its points children's total and spacing in that entry's size. A group whose
  /// children share its length (percent and fill children), a flow, and a group that needs a
  /// child measured under two proposals
  /// are measured with the task stack instead (``measureWithTasks(_:_:)``), which never walks,
  /// so nothing nests deeper than one call.
  ///
  /// Each group is visited once going down and once coming up, so a chain of nested groups is
  /// measured in linear time with no allocation.
  mutating func measureByWalking(_ top: Int, _ proposal: SizeProposal) -> Size {
    var g = top
    var stepIn = true
    var finished: Int32 = -1
    measurements[top] = CachedMeasurement(proposal: proposal, size: .zero, valid: false)
    while true {
      // Where to look for the next child to measure.
      var child: Int32
      let slot = Int(slots[g])
      let axis = groups[slot].style.axis
      let own = measurements[g].proposal
      if stepIn {
        guard
          let (points, spacing) = pointsAndSpacing(g, slot: slot, mainProposed: own[axis] != nil)
        else {
          // Not a group of points and fit children: measured without walking.
          _ = measureWithTasks(Int32(g), own)
          if g == top { return measurements[top].size }
          finished = Int32(g)
          g = Int(parents[g])
          stepIn = false
          continue
        }
        // Kept for the way back up.
        measurements[g].size = Size(width: points, height: spacing)
        child = firstChildren[g]
      } else {
        child = nextSiblings[Int(finished)]
      }
      // The next child that is a group or flow with no measurement for what it is offered
      // (what the group offers is worked out only when there is a child left to look at).
      var next = -1
      if child >= 0 {
        let kept = measurements[g].size
        let crossLength = own[axis.cross].map { Swift.max(0, $0 - groups[slot].padCross) }
        let offered = own[axis].map {
          Swift.max(0, Swift.max(0, $0 - groups[slot].padMain) - kept.height - kept.width)
        }
        let offers = (main: offered, cross: crossLength)
        while child >= 0 {
          let c = Int(child)
          child = nextSiblings[c]
          guard !hiddenFlags[c], kinds[c] != .leaf else { continue }
          let style = styles[c]
          let fixedCross = LayoutTree.fixedCross(style, offers.cross)
          let main: Double?
          if case .points(let value) = style.size {
            // Measured only for its cross size, at its own length.
            if fixedCross != nil { continue }
            main = LayoutTree.clamp(nonNegative(value), style)
          } else {
            main = offers.main
          }
          let childProposal = SizeProposal(
            main: main, cross: fixedCross ?? offers.cross, axis: axis)
          if cachedMeasurement(c, childProposal) != nil { continue }
          if kinds[c] == .flow {
            _ = measureWithTasks(Int32(c), childProposal)
            continue
          }
          measurements[c] = CachedMeasurement(proposal: childProposal, size: .zero, valid: false)
          next = c
          break
        }
      }
      if next >= 0 {
        g = next
        stepIn = true
        continue
      }
      // Every child is measured: the group itself.
      let kept = measurements[g].size
      switch sizePointsAndFit(g, slot: slot, own, points: kept.width, spacingTotal: kept.height) {
      case .measured(let size, let stable):
        measurements[g] = CachedMeasurement(proposal: own, size: size, valid: true, stable: stable)
      case .waiting, .notApplicable:
        // A child needed under a second proposal: the task stack keeps both.
        pendingMeasures.removeAll(keepingCapacity: true)
        _ = measureWithTasks(Int32(g), own)
      }
      if g == top { return measurements[top].size }
      finished = Int32(g)
      g = Int(parents[g])
      stepIn = false
    }
  }
}
