import ArrangeGeometry

extension LayoutTree {
  /// Adds a group and returns its identifier.
  ///
  /// - Parameters:
  ///   - group: the group's axis, spacing, padding, distribution and alignment.
  ///   - style: how the group is sized inside its own parent.
  ///   - parent: the node to append it to; `nil` makes it the root if the tree has none, and a
  ///     detached node otherwise (attach it later with ``attach(_:to:at:)``).
  ///   - name: an optional label, used by tools and diagnostics.
  /// - Complexity: amortised O(1).
  @discardableResult
  public mutating func addGroup(
    _ group: GroupStyle, style: ItemStyle = ItemStyle(), to parent: NodeID? = nil,
    name: String? = nil
  ) -> NodeID {
    makeUnique()
    let id = appendNode(kind: .group, style: style, name: name, parent: parent)
    slots[Int(id.index)] = Int32(groups.count)
    store.groups.append(GroupSlot(style: group))
    return id
  }

  /// Adds a wrapping flow and returns its identifier; its children are its items.
  ///
  /// - Complexity: amortised O(1).
  @discardableResult
  public mutating func addFlow(
    _ flow: FlowStyle, style: ItemStyle = ItemStyle(), to parent: NodeID? = nil,
    name: String? = nil
  ) -> NodeID {
    makeUnique()
    let id = appendNode(kind: .flow, style: style, name: name, parent: parent)
    slots[Int(id.index)] = Int32(flows.count)
    flows.append(FlowSlot(style: flow))
    return id
  }

  /// Adds a leaf and returns its identifier.
  ///
  /// - Parameters:
  ///   - style: how the leaf is sized inside its parent.
  ///   - measure: how the leaf measures itself when sized `.fit` (text, images); without one its
  ///     measured size is zero.
  ///   - parent: the node to append it to (see ``addGroup(_:style:to:name:)``).
  ///   - name: an optional label.
  /// - Complexity: amortised O(1).
  @discardableResult
  public mutating func addLeaf(
    style: ItemStyle = ItemStyle(), measure: MeasureFunction? = nil, to parent: NodeID? = nil,
    name: String? = nil
  ) -> NodeID {
    makeUnique()
    let id = appendNode(kind: .leaf, style: style, name: name, parent: parent)
    if let measure {
      slots[Int(id.index)] = Int32(measures.count)
      measures.append(measure)
    }
    return id
  }

  /// Appends a node, as the last child of `parent` when there is one (linked as it is appended,
  /// which is what ``attach(_:to:at:)`` would do for a new node, in fewer writes).
  private mutating func appendNode(
    kind: NodeKind, style: ItemStyle, name: String?, parent: NodeID?
  ) -> NodeID {
    precondition(kinds.count < Int(Int32.max), "a layout tree holds at most \(Int32.max) nodes")
    let node = Int32(kinds.count)
    let id = NodeID(node)
    var p: Int32 = -1
    var previous: Int32 = -1
    if let parent {
      p = Int32(checked(parent))
      precondition(kinds[Int(p)] != .leaf, "\(parent) is a leaf and cannot have children")
      previous = lastChildren[Int(p)]
    }
    store.kinds.append(kind)
    store.parents.append(p)
    store.firstChildren.append(-1)
    store.lastChildren.append(-1)
    store.nextSiblings.append(-1)
    store.previousSiblings.append(previous)
    store.childCounts.append(0)
    store.styles.append(style)
    store.hiddenFlags.append(style.isHidden)
    store.slots.append(-1)
    if let name { names[id.index] = name }
    // The layout state (dirty flags, caches, frames) of new nodes is added in bulk by the next
    // layout (``growLayoutState()``): until then a node past its end is dirty and unmeasured.
    if root == nil && p < 0 { root = id }
    if p >= 0 {
      let parentIndex = Int(p)
      if previous >= 0 {
        nextSiblings[Int(previous)] = node
      } else {
        firstChildren[parentIndex] = node
      }
      lastChildren[parentIndex] = node
      childCounts[parentIndex] += 1
      // A parent added since the last layout is dirty already.
      if parentIndex < solved.count { markNeedsLayout(NodeID(p)) }
    }
    return id
  }

  /// Makes a detached node the child of `parent`, at `index` among its children (default: last).
  ///
  /// - Precondition: `node` is detached and is not the root; `parent` is a group or a flow and is
  ///   not inside `node`; `index` is at most the number of children.
  /// - Complexity: O(index) to find the position, O(depth) to mark the ancestors dirty.
  public mutating func attach(_ node: NodeID, to parent: NodeID, at index: Int? = nil) {
    makeUnique()
    let n = checked(node)
    let p = checked(parent)
    precondition(parents[n] < 0 && node != root, "\(node) is already attached")
    precondition(kinds[p] != .leaf, "\(parent) is a leaf and cannot have children")
    // Only a node with children can be an ancestor of `parent`; new leaves skip the walk.
    precondition(n != p, "attaching \(node) under itself would make a cycle")
    if firstChildren[n] >= 0 {
      var ancestor = Int32(p)
      while ancestor >= 0 {
        precondition(ancestor != Int32(n), "attaching \(node) under \(parent) would make a cycle")
        ancestor = parents[Int(ancestor)]
      }
    }
    let node32 = Int32(n)
    parents[n] = Int32(p)
    childCounts[p] += 1
    // Find the sibling to insert before.
    var before: Int32 = -1
    if let index {
      precondition(index >= 0, "child index \(index) is negative")
      var child = firstChildren[p]
      var position = 0
      while child >= 0 && position < index {
        child = nextSiblings[Int(child)]
        position += 1
      }
      precondition(position == index, "child index \(index) is past the end")
      before = child
    }
    if before < 0 {
      let last = lastChildren[p]
      previousSiblings[n] = last
      nextSiblings[n] = -1
      if last >= 0 { nextSiblings[Int(last)] = node32 } else { firstChildren[p] = node32 }
      lastChildren[p] = node32
    } else {
      let previous = previousSiblings[Int(before)]
      previousSiblings[n] = previous
      nextSiblings[n] = before
      previousSiblings[Int(before)] = node32
      if previous >= 0 { nextSiblings[Int(previous)] = node32 } else { firstChildren[p] = node32 }
    }
    markNeedsLayout(parent)
  }

  /// Detaches `node` (and its subtree) from its parent.
  ///
  /// The node keeps its identifier and can be attached again. Detached nodes are not laid out.
  ///
  /// - Complexity: O(depth).
  public mutating func detach(_ node: NodeID) {
    makeUnique()
    let n = checked(node)
    let p = parents[n]
    guard p >= 0 else { return }
    let previous = previousSiblings[n]
    let next = nextSiblings[n]
    if previous >= 0 { nextSiblings[Int(previous)] = next } else { firstChildren[Int(p)] = next }
    if next >= 0 { previousSiblings[Int(next)] = previous } else { lastChildren[Int(p)] = previous }
    parents[n] = -1
    childCounts[Int(p)] -= 1
    previousSiblings[n] = -1
    nextSiblings[n] = -1
    markNeedsLayout(NodeID(p))
  }

  /// Moves `node` to position `index` among the children of `parent` (which may be its current
  /// parent).
  ///
  /// `index` counts the children without `node` (as after removing it); `nil` appends.
  ///
  /// - Precondition: `node` is not the root, and the move makes no cycle (see
  ///   ``attach(_:to:at:)``).
  /// - Complexity: O(index + depth).
  public mutating func move(_ node: NodeID, to parent: NodeID, at index: Int? = nil) {
    makeUnique()
    detach(node)
    attach(node, to: parent, at: index)
  }

  // MARK: - Changing inputs

  /// Replaces how `node` is sized inside its parent.
  ///
  /// - Complexity: O(depth) (the node and its ancestors become dirty).
  public mutating func setStyle(_ style: ItemStyle, of node: NodeID) {
    makeUnique()
    let n = checked(node)
    guard styles[n] != style else { return }
    styles[n] = style
    hiddenFlags[n] = style.isHidden
    markNeedsLayout(node)
  }

  /// Replaces the properties of a group.
  ///
  /// - Precondition: `node` is a group.
  /// - Complexity: O(depth).
  public mutating func setGroupStyle(_ group: GroupStyle, of node: NodeID) {
    makeUnique()
    let n = checked(node)
    precondition(kinds[n] == .group, "\(node) is not a group")
    guard groups[Int(slots[n])].style != group else { return }
    groups[Int(slots[n])].style = group
    markNeedsLayout(node)
  }

  /// Replaces the properties of a flow.
  ///
  /// - Precondition: `node` is a flow.
  /// - Complexity: O(depth).
  public mutating func setFlowStyle(_ flow: FlowStyle, of node: NodeID) {
    makeUnique()
    let n = checked(node)
    precondition(kinds[n] == .flow, "\(node) is not a flow")
    guard flows[Int(slots[n])].style != flow else { return }
    flows[Int(slots[n])].style = flow
    markNeedsLayout(node)
  }

  /// Replaces the measure function of a leaf.
  ///
  /// - Precondition: `node` is a leaf.
  /// - Complexity: O(depth).
  public mutating func setMeasure(_ measure: MeasureFunction?, of node: NodeID) {
    makeUnique()
    let n = checked(node)
    precondition(kinds[n] == .leaf, "\(node) is not a leaf")
    // The leaf keeps its slot once it has one, so replacing or removing a function never grows
    // the table.
    if slots[n] >= 0 {
      measures[Int(slots[n])] = measure
    } else if let measure {
      slots[n] = Int32(measures.count)
      measures.append(measure)
    }
    invalidMeasurements[Int32(n)] = nil
    markNeedsLayout(node)
  }

  /// Shows or hides `node`; a hidden node takes no space and no spacing.
  ///
  /// - Complexity: O(depth).
  public mutating func setHidden(_ isHidden: Bool, of node: NodeID) {
    makeUnique()
    var style = self.style(of: node)
    style.isHidden = isHidden
    setStyle(style, of: node)
  }

  /// Marks `node` and its ancestors as needing layout, and drops their cached measurements.
  ///
  /// Call it when what a measure function returns has changed (a label's text, say).
  ///
  /// - Complexity: O(depth) at worst; O(1) amortised while building, since the walk stops at
  ///   the first ancestor that is already marked.
  public mutating func markNeedsLayout(_ node: NodeID) {
    makeUnique()
    let n = checked(node)
    // A node past the end of the layout state is new: dirty and unmeasured already.
    let stateCount = solved.count
    if n < stateCount {
      solved[n].dirty = true
      measurements[n].valid = false
    }
    // A layout leaves every attached node clean (hidden subtrees included), so an ancestor that
    // is dirty with no valid measurement was marked since, and so were the ones above it: the
    // walk stops there.
    var current = parents[n]
    while current >= 0 {
      let index = Int(current)
      if index >= stateCount || (solved[index].dirty && !measurements[index].valid) { return }
      solved[index].dirty = true
      measurements[index].valid = false
      current = parents[index]
    }
  }

  // MARK: - Reading the tree

  /// What `node` is.
  public func kind(of node: NodeID) -> NodeKind { kinds[checked(node)] }

  /// How `node` is sized inside its parent.
  public func style(of node: NodeID) -> ItemStyle { styles[checked(node)] }

  /// The properties of a group node (`nil` for other nodes).
  public func groupStyle(of node: NodeID) -> GroupStyle? {
    let n = checked(node)
    return kinds[n] == .group ? groups[Int(slots[n])].style : nil
  }

  /// The properties of a flow node (`nil` for other nodes).
  public func flowStyle(of node: NodeID) -> FlowStyle? {
    let n = checked(node)
    return kinds[n] == .flow ? flows[Int(slots[n])].style : nil
  }

  /// The label given to `node` when it was added.
  public func name(of node: NodeID) -> String? { names[Int32(checked(node))] }

  /// The first node with label `name`, or `nil`.
  ///
  /// - Complexity: O(n).
  public func node(named name: String) -> NodeID? {
    names.filter { $0.value == name }.keys.min().map { NodeID($0) }
  }

  /// The parent of `node`, or `nil` for the root and detached nodes.
  public func parent(of node: NodeID) -> NodeID? {
    let p = parents[checked(node)]
    return p >= 0 ? NodeID(p) : nil
  }

  /// The children of `node`, in order.
  ///
  /// - Complexity: O(children).
  public func children(of node: NodeID) -> [NodeID] {
    var result: [NodeID] = []
    var child = firstChildren[checked(node)]
    while child >= 0 {
      result.append(NodeID(child))
      child = nextSiblings[Int(child)]
    }
    return result
  }

  /// The nodes reachable from the root, parents before children (pre-order).
  ///
  /// - Complexity: O(n).
  public var preorder: [NodeID] {
    var result: [NodeID] = []
    result.reserveCapacity(kinds.count)
    visitPreorder { n, _ in result.append(NodeID(Int32(n))) }
    return result
  }

  func checked(_ node: NodeID) -> Int {
    let index = Int(node.index)
    precondition(index >= 0 && index < kinds.count, "\(node) is not a node of this tree")
    return index
  }
}
