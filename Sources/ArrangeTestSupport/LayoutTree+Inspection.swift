public import ArrangeGeometry
public import ArrangeLayout

extension LayoutTree {
  /// The reading direction that applies to `node`: its own (for a group or flow that sets one),
  /// else its nearest ancestor's, else the tree's.
  public func effectiveDirection(of node: NodeID) -> LayoutDirection {
    var current: NodeID? = node
    while let id = current {
      if let direction = groupStyle(of: id)?.direction ?? flowStyle(of: id)?.direction {
        return direction
      }
      current = parent(of: id)
    }
    return layoutDirection
  }

  /// The exact frame of group or flow `node` less its padding (invalid insets count as 0), with
  /// leading and trailing following the node's reading direction.
  public func contentBox(of node: NodeID) -> Rect {
    let padding = groupStyle(of: node)?.padding ?? flowStyle(of: node)?.padding ?? .zero
    let top = validLength(padding.top)
    let bottom = validLength(padding.bottom)
    var left = validLength(padding.leading)
    var right = validLength(padding.trailing)
    if effectiveDirection(of: node) == .rightToLeft { swap(&left, &right) }
    let frame = exactFrame(of: node)
    return Rect(
      x: frame.minX + left, y: frame.minY + top,
      width: Swift.max(0, frame.width - left - right),
      height: Swift.max(0, frame.height - top - bottom))
  }

  /// Whether `node` or one of its ancestors is hidden (its frame is then empty and its place
  /// unspecified).
  public func isEffectivelyHidden(_ node: NodeID) -> Bool {
    var current: NodeID? = node
    while let id = current {
      if style(of: id).isHidden { return true }
      current = parent(of: id)
    }
    return false
  }

  /// Whether the padding of group or flow `node` fits in its exact frame along `axis` (when it
  /// does not, the content box is empty and where children go is a matter of convention).
  public func paddingFits(in node: NodeID, along axis: Axis) -> Bool {
    let padding = groupStyle(of: node)?.padding ?? flowStyle(of: node)?.padding ?? .zero
    let total =
      axis == .horizontal
      ? validLength(padding.leading) + validLength(padding.trailing)
      : validLength(padding.top) + validLength(padding.bottom)
    return total <= exactFrame(of: node).size[axis]
  }

  /// The children of `node` that are not hidden, in order.
  public func visibleChildren(of node: NodeID) -> [NodeID] {
    children(of: node).filter { !style(of: $0).isHidden }
  }

  /// The nodes reachable from the root that are groups.
  ///
  /// Groups in a hidden subtree are left out: they are not laid out (every frame in them is
  /// empty), so no property of a layout applies to them.
  public var groups: [NodeID] {
    preorder.filter { kind(of: $0) == .group && !isEffectivelyHidden($0) }
  }
}

/// `value` when it is a finite non-negative number, otherwise 0 (the engine's reading of an
/// invalid length).
public func validLength(_ value: Double) -> Double {
  value >= 0 && value.isFinite ? value : 0
}
