public import ArrangeGeometry

extension LayoutTree {
  /// The frame of `node` after the last ``layout(in:)``, in the root's coordinates, with its
  /// edges snapped to the grid of `1 / scale`.
  ///
  /// - Complexity: O(1).
  public func frame(of node: NodeID) -> Rect { rounded(exactEdges(checked(node))) }

  /// The frame of `node` before rounding, in the root's coordinates.
  ///
  /// - Complexity: O(1).
  public func exactFrame(of node: NodeID) -> Rect { exactEdges(checked(node)).rect }

  /// How far the children of group `node` overflowed its main axis in the last layout.
  ///
  /// It is 0 when they fit, and for nodes that are not groups or lie in a hidden subtree. Front
  /// ends clip or scroll.
  ///
  /// - Complexity: O(depth).
  public func overflow(of node: NodeID) -> Double {
    let n = checked(node)
    guard kinds[n] == .group, !isInHiddenSubtree(n) else { return 0 }
    return groups[Int(slots[n])].overflow
  }

  /// The largest overflow of any visible group in the last layout.
  ///
  /// - Complexity: O(n).
  public var maximumOverflow: Double {
    var result = 0.0
    visitPreorder { n, isHidden in
      if !isHidden && kinds[n] == .group {
        result = Swift.max(result, groups[Int(slots[n])].overflow)
      }
    }
    return result
  }

  /// Whether `n` or one of its ancestors (the root aside) is hidden.
  func isInHiddenSubtree(_ n: Int) -> Bool {
    var current = n
    while parents[current] >= 0 {
      if styles[current].isHidden { return true }
      current = Int(parents[current])
    }
    return false
  }

  /// Calls `body` with every node reachable from the root, parents first, and whether it lies
  /// in a hidden subtree.
  func visitPreorder(_ body: (Int, Bool) -> Void) {
    guard let root else { return }
    var stack: [(Int32, Bool)] = [(root.index, false)]
    while let (node, parentHidden) = stack.popLast() {
      let n = Int(node)
      let isHidden = parentHidden || (parents[n] >= 0 && styles[n].isHidden)
      body(n, isHidden)
      var child = lastChildren[n]
      while child >= 0 {
        stack.append((child, isHidden))
        child = previousSiblings[Int(child)]
      }
    }
  }

  /// The layout of a flow node's visible children after the last ``layout(in:)``, in the flow's
  /// own coordinates; `nil` for other nodes.
  ///
  /// Use it for O(log n) item-at-point and insertion-index queries; item `i` of the flow is the
  /// `i`-th visible child.
  public func flowLayout(of node: NodeID) -> FlowLayout? {
    let n = checked(node)
    return kinds[n] == .flow ? flows[Int(slots[n])].layout : nil
  }

  /// The visible child of flow `node` under `point` (root coordinates), or `nil`.
  ///
  /// - Complexity: O(log n).
  public func flowItem(at point: Point, in node: NodeID) -> NodeID? {
    let n = checked(node)
    guard kinds[n] == .flow else { return nil }
    let slot = flows[Int(slots[n])]
    return slot.layout.item(at: localPoint(point, in: n)).map { NodeID(slot.members[$0]) }
  }

  /// Where an item dropped at `point` (root coordinates) would land among the visible children
  /// of flow `node`: an index into them (0 for an empty flow, their count past the end).
  ///
  /// - Complexity: O(log n).
  public func flowInsertionIndex(for point: Point, in node: NodeID) -> Int {
    let n = checked(node)
    guard kinds[n] == .flow else { return 0 }
    return flows[Int(slots[n])].layout.insertionIndex(for: localPoint(point, in: n))
  }

  /// `point` (root coordinates) relative to the top-left corner of node `n`'s exact frame.
  func localPoint(_ point: Point, in n: Int) -> Point {
    Point(x: point.x - exactEdges(n).minX, y: point.y - exactEdges(n).minY)
  }

  /// The index among all the children of `node` of its `visibleIndex`-th visible child, or the
  /// number of children when `visibleIndex` is the number of visible children.
  ///
  /// Flow queries count visible children only; use this to turn ``flowInsertionIndex(for:in:)``
  /// into the index that ``attach(_:to:at:)`` and ``move(_:to:at:)`` expect.
  ///
  /// - Precondition: `0 ≤ visibleIndex ≤` the number of visible children.
  /// - Complexity: O(children).
  public func childIndex(forVisibleIndex visibleIndex: Int, in node: NodeID) -> Int {
    precondition(visibleIndex >= 0, "visible index \(visibleIndex) is negative")
    var index = 0
    var visible = 0
    var child = firstChildren[checked(node)]
    while child >= 0 {
      if !styles[Int(child)].isHidden {
        if visible == visibleIndex { return index }
        visible += 1
      }
      index += 1
      child = nextSiblings[Int(child)]
    }
    precondition(visible == visibleIndex, "visible index \(visibleIndex) is past the end")
    return index
  }

  /// The deepest visible node whose rounded frame contains `point`, or `nil` outside the root.
  ///
  /// Hidden nodes and their subtrees are skipped; in a group the later sibling wins where frames
  /// overlap (it is drawn on top).
  ///
  /// - Complexity: O(depth × children per group); O(log n) inside flows.
  public func node(at point: Point) -> NodeID? {
    guard let root, point.isFinite, frame(of: root).contains(point) else {
      return nil
    }
    var current = Int(root.index)
    descend: while true {
      if kinds[current] == .flow {
        guard let item = roundedFlowItem(at: point, in: current) else {
          return NodeID(Int32(current))
        }
        current = item
        continue
      }
      var child = lastChildren[current]
      while child >= 0 {
        let c = Int(child)
        if !styles[c].isHidden && rounded(exactEdges(c)).contains(point) {
          current = c
          continue descend
        }
        child = previousSiblings[c]
      }
      return NodeID(Int32(current))
    }
  }

  /// The visible child of flow `n` whose rounded frame contains `point`.
  ///
  /// The flow answers for exact frames in O(log n); rounding moves an edge by less than one grid
  /// step, so the rounded answer is the exact one, a neighbour of it, or one beside the
  /// insertion point — at most six frames to test.
  private func roundedFlowItem(at point: Point, in n: Int) -> Int? {
    let slot = flows[Int(slots[n])]
    let local = localPoint(point, in: n)
    let count = slot.members.count
    let hit = slot.layout.item(at: local)
    let insertion = slot.layout.insertionIndex(for: local)
    for step in 0..<6 {
      let index: Int
      switch step {
      case 0: index = hit ?? -1
      case 1: index = (hit ?? -2) - 1
      case 2: index = (hit ?? -2) + 1
      case 3: index = insertion
      case 4: index = insertion - 1
      default: index = insertion + 1
      }
      guard index >= 0 && index < count else { continue }
      let member = Int(slot.members[index])
      if rounded(exactEdges(member)).contains(point) { return member }
    }
    return nil
  }

  /// Everything the last layout had to correct or could not satisfy: invalid values (treated as
  /// 0), percentages over 100, children that overflow their group along or across it, padding
  /// larger than its node, and conflicting clamps.
  ///
  /// - Complexity: O(n).
  public var diagnostics: [LayoutDiagnostic] {
    var result: [LayoutDiagnostic] = []
    if let root {
      for value in invalidContainerSizes {
        result.append(LayoutDiagnostic(node: root, kind: .invalidValue(.containerSize, value)))
      }
    }
    if let root, !(scale > 0 && scale.isFinite) {
      result.append(LayoutDiagnostic(node: root, kind: .invalidValue(.scale, scale)))
    }
    visitPreorder { n, isHidden in
      let node = NodeID(Int32(n))
      func report(_ field: LayoutDiagnostic.Field, _ value: Double) {
        if !(value >= 0 && value.isFinite) {
          result.append(LayoutDiagnostic(node: node, kind: .invalidValue(field, value)))
        }
      }
      func report(_ padding: EdgeInsets) {
        for edge in [padding.top, padding.leading, padding.bottom, padding.trailing] {
          report(.padding, edge)
        }
      }
      func reportPadding(_ excess: Size) {
        for axis in [Axis.horizontal, .vertical] where excess[axis] > 1e-9 {
          result.append(
            LayoutDiagnostic(node: node, kind: .paddingOverflow(amount: excess[axis], axis: axis)))
        }
      }
      let style = styles[n]
      if parents[n] >= 0 {
        switch style.size {
        case .points(let value): report(.points, value)
        case .percent(let value): report(.percent, value)
        case .fill(let weight): report(.weight, weight)
        case .fit: break
        }
        switch style.crossSize {
        case .points(let value): report(.crossPoints, value)
        case .percent(let value): report(.crossPercent, value)
        case .automatic, .fit, .stretch: break
        }
        report(.minSize, style.minSize)
        if style.maxSize.isNaN || style.maxSize < 0 { report(.maxSize, style.maxSize) }
        let (low, high) = LayoutTree.clampBounds(style)
        if low > high {
          result.append(
            LayoutDiagnostic(node: node, kind: .minimumExceedsMaximum(min: low, max: high)))
        }
      }
      switch kinds[n] {
      case .leaf:
        if let value = invalidMeasurements[Int32(n)] {
          result.append(LayoutDiagnostic(node: node, kind: .invalidValue(.measuredSize, value)))
        }
      case .group:
        let slot = groups[Int(slots[n])]
        let group = slot.style
        if group.margin == nil { report(.spacing, group.spacing) }
        report(group.padding)
        if let margin = group.margin { report(.margin, margin) }
        // What the last layout found is not reported for hidden groups: they were not solved.
        if slot.percentTotal > 0 && !isHidden {
          result.append(
            LayoutDiagnostic(node: node, kind: .percentagesOverflow(total: slot.percentTotal)))
        }
        if slot.overflow > 1e-9 && !isHidden {
          result.append(
            LayoutDiagnostic(node: node, kind: .overflow(amount: slot.overflow, axis: group.axis)))
        }
        if slot.crossOverflow > 1e-9 && !isHidden {
          result.append(
            LayoutDiagnostic(
              node: node, kind: .crossOverflow(amount: slot.crossOverflow, axis: group.axis.cross)
            ))
        }
        if !isHidden { reportPadding(slot.paddingOverflow) }
      case .flow:
        let flow = flows[Int(slots[n])].style
        report(.itemSpacing, flow.itemSpacing)
        report(.lineSpacing, flow.lineSpacing)
        report(flow.padding)
        if !isHidden { reportPadding(flows[Int(slots[n])].paddingOverflow) }
      }
    }
    return result
  }
}
