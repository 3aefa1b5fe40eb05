public import ArrangeGeometry
public import ArrangeLayout

/// One change to a layout tree, applied by ``TreeModel/apply(_:to:)``.
public enum TreeEdit: Sendable, CustomStringConvertible {
  /// `setStyle(_:of:)`.
  case setStyle(Int, ItemStyle)
  /// `setHidden(_:of:)`.
  case setHidden(Int, Bool)
  /// `setGroupStyle(_:of:)`.
  case setGroupStyle(Int, GroupStyle)
  /// `setFlowStyle(_:of:)`.
  case setFlowStyle(Int, FlowStyle)
  /// `setMeasure(_:of:)`.
  case setMeasure(Int, MeasureSpec?)
  /// `markNeedsLayout(_:)`, as after a measure function's answer changed (here it did not).
  case markNeedsLayout(Int)
  /// `measure(_:proposal:)`, which a host may call at any time; it must not disturb layout.
  case measure(Int, SizeProposal)
  /// `add(_:to:)`: a new subtree, attached to a parent or left detached.
  case add(NodeSpec, parent: Int?)
  /// `attach(_:to:at:)`.
  case attach(Int, parent: Int, index: Int)
  /// `detach(_:)`.
  case detach(Int)
  /// `move(_:to:at:)`.
  case move(Int, parent: Int, index: Int)
  /// A new container size for the following layouts.
  case resize(Size)
  /// A new `scale`.
  case setScale(Double)
  /// A new `layoutDirection`.
  case setDirection(LayoutDirection)
  /// `layout(in:)` with the current container size.
  case layout

  /// The edit as a line of text.
  public var description: String {
    switch self {
    case .setStyle(let node, let style): return "setStyle(#\(node), \(describe(style)))"
    case .setHidden(let node, let hidden): return "setHidden(\(hidden), #\(node))"
    case .setGroupStyle(let node, let group): return "setGroupStyle(#\(node), \(describe(group)))"
    case .setFlowStyle(let node, let flow): return "setFlowStyle(#\(node), \(describe(flow)))"
    case .setMeasure(let node, let measure):
      return "setMeasure(#\(node), \(measure.map { "\($0)" } ?? "nil"))"
    case .markNeedsLayout(let node): return "markNeedsLayout(#\(node))"
    case .measure(let node, let proposal):
      let width = proposal.width.map { "\($0)" } ?? "nil"
      let height = proposal.height.map { "\($0)" } ?? "nil"
      return "measure(#\(node), proposal: \(width)×\(height))"
    case .add(let spec, let parent):
      let target = parent.map { "#\($0)" } ?? "nil"
      let lines = spec.description.split(separator: "\n")
      return "add(to: \(target)):\n    " + lines.joined(separator: "\n    ")
    case .attach(let node, let parent, let index):
      return "attach(#\(node), to: #\(parent), at: \(index))"
    case .detach(let node): return "detach(#\(node))"
    case .move(let node, let parent, let index):
      return "move(#\(node), to: #\(parent), at: \(index))"
    case .resize(let size): return "resize(\(size.width)×\(size.height))"
    case .setScale(let scale): return "scale = \(scale)"
    case .setDirection(let direction): return "layoutDirection = .\(direction)"
    case .layout: return "layout"
    }
  }
}

/// A plain model of a layout tree's inputs that mirrors every edit made to a ``LayoutTree``, so
/// that a fresh tree with the same inputs can be built and laid out from scratch.
///
/// Node `i` of the model is `NodeID(i)` of the tree it mirrors.
public struct TreeModel: Sendable {
  /// One node's inputs and place in the tree.
  public struct Node: Sendable {
    /// What the node is (with its group or flow style, or its measure function).
    public var content: NodeSpec.Content
    /// How it is sized inside its parent.
    public var style: ItemStyle
    /// Its parent, or `nil` for the root and detached nodes.
    public var parent: Int?
    /// Its children, in order.
    public var children: [Int]
  }

  /// The nodes, indexed like the mirrored tree's arena.
  public private(set) var nodes: [Node] = []
  /// The container size for `layout(in:)`.
  public var size: Size
  /// The tree's scale.
  public var scale: Double
  /// The tree's layout direction.
  public var direction: LayoutDirection

  /// Creates the model of `LayoutTree(spec.layoutNode)`.
  public init(
    _ spec: NodeSpec, size: Size, scale: Double = 1, direction: LayoutDirection = .leftToRight
  ) {
    self.size = size
    self.scale = scale
    self.direction = direction
    add(spec, parent: nil)
  }

  @discardableResult
  private mutating func add(_ spec: NodeSpec, parent: Int?) -> Int {
    let index = nodes.count
    nodes.append(Node(content: spec.content, style: spec.style, parent: parent, children: []))
    if let parent { nodes[parent].children.append(index) }
    for child in spec.children { add(child, parent: index) }
    return index
  }

  /// The tree the model describes, laid out once from scratch.
  public func makeTree() -> LayoutTree {
    var tree = LayoutTree(spec(of: 0).layoutNode)
    tree.scale = scale
    tree.layoutDirection = direction
    tree.layout(in: size)
    return tree
  }

  /// The nodes reachable from the root, in pre-order: entry `k` is `NodeID(k)` of ``makeTree()``.
  public var preorder: [Int] {
    var result: [Int] = []
    var stack = [0]
    while let node = stack.popLast() {
      result.append(node)
      stack.append(contentsOf: nodes[node].children.reversed())
    }
    return result
  }

  /// The description of the subtree at `node`.
  public func spec(of node: Int) -> NodeSpec {
    NodeSpec(
      style: nodes[node].style, content: nodes[node].content,
      children: nodes[node].children.map { spec(of: $0) })
  }

  /// Whether `node` is `ancestor` or lies inside it.
  public func isInside(_ node: Int, _ ancestor: Int) -> Bool {
    var current: Int? = node
    while let index = current {
      if index == ancestor { return true }
      current = nodes[index].parent
    }
    return false
  }

  private func isContainer(_ node: Int) -> Bool {
    if case .leaf = nodes[node].content { return false }
    return true
  }

  /// Applies `edit` to the model and to `tree`, which must mirror the model.
  public mutating func apply(_ edit: TreeEdit, to tree: inout LayoutTree) {
    switch edit {
    case .setStyle(let node, let style):
      nodes[node].style = style
      tree.setStyle(style, of: NodeID(Int32(node)))
    case .setHidden(let node, let hidden):
      nodes[node].style.isHidden = hidden
      tree.setHidden(hidden, of: NodeID(Int32(node)))
    case .setGroupStyle(let node, let group):
      nodes[node].content = .group(group)
      tree.setGroupStyle(group, of: NodeID(Int32(node)))
    case .setFlowStyle(let node, let flow):
      nodes[node].content = .flow(flow)
      tree.setFlowStyle(flow, of: NodeID(Int32(node)))
    case .setMeasure(let node, let measure):
      nodes[node].content = .leaf(measure)
      tree.setMeasure(measure?.function, of: NodeID(Int32(node)))
    case .markNeedsLayout(let node):
      tree.markNeedsLayout(NodeID(Int32(node)))
    case .measure(let node, let proposal):
      _ = tree.measure(NodeID(Int32(node)), proposal: proposal)
    case .add(let spec, let parent):
      add(spec, parent: parent)
      tree.add(spec.layoutNode, to: parent.map { NodeID(Int32($0)) })
    case .attach(let node, let parent, let index):
      nodes[node].parent = parent
      nodes[parent].children.insert(node, at: index)
      tree.attach(NodeID(Int32(node)), to: NodeID(Int32(parent)), at: index)
    case .detach(let node):
      detachInModel(node)
      tree.detach(NodeID(Int32(node)))
    case .move(let node, let parent, let index):
      detachInModel(node)
      nodes[node].parent = parent
      nodes[parent].children.insert(node, at: index)
      tree.move(NodeID(Int32(node)), to: NodeID(Int32(parent)), at: index)
    case .resize(let size):
      self.size = size
    case .setScale(let scale):
      self.scale = scale
      tree.scale = scale
    case .setDirection(let direction):
      self.direction = direction
      tree.layoutDirection = direction
    case .layout:
      tree.layout(in: size)
    }
  }

  private mutating func detachInModel(_ node: Int) {
    guard let parent = nodes[node].parent else { return }
    nodes[parent].children.removeAll { $0 == node }
    nodes[node].parent = nil
  }

  /// A random edit that is valid for the model's current state.
  public func randomEdit(
    using rng: inout some RandomNumberGenerator, options: TreeOptions = TreeOptions()
  ) -> TreeEdit {
    let all = Array(nodes.indices)
    let nonRoot = Array(all.dropFirst())
    let containers = all.filter { isContainer($0) }
    while true {
      switch rng.integer(in: 0...14) {
      case 0, 1:
        let node = rng.pick(all)
        var style = NodeSpec.randomItemStyle(using: &rng, options: options)
        if rng.chance(0.5) { style.isHidden = nodes[node].style.isHidden }
        return .setStyle(node, style)
      case 2:
        let node = rng.pick(all)
        return .setHidden(node, !nodes[node].style.isHidden)
      case 3:
        let groups = all.filter { if case .group = nodes[$0].content { true } else { false } }
        guard !groups.isEmpty else { continue }
        return .setGroupStyle(
          rng.pick(groups), NodeSpec.randomGroupStyle(using: &rng, options: options))
      case 4:
        let flows = all.filter { if case .flow = nodes[$0].content { true } else { false } }
        guard !flows.isEmpty else { continue }
        return .setFlowStyle(
          rng.pick(flows), NodeSpec.randomFlowStyle(using: &rng, options: options))
      case 5:
        let leaves = all.filter { !isContainer($0) }
        guard !leaves.isEmpty else { continue }
        return .setMeasure(rng.pick(leaves), NodeSpec.randomMeasure(using: &rng, options: options))
      case 6:
        return .markNeedsLayout(rng.pick(all))
      case 13:
        let width: Double? = rng.chance(0.3) ? nil : rng.length(upTo: 200)
        let height: Double? = rng.chance(0.3) ? nil : rng.length(upTo: 200)
        return .measure(rng.pick(all), SizeProposal(width: width, height: height))
      case 7:
        var small = options
        small.maxDepth = 1
        small.maxChildren = 3
        let spec = NodeSpec.randomSubtree(using: &rng, options: small)
        let parent: Int? = rng.chance(0.8) ? rng.pick(containers) : nil
        return .add(spec, parent: parent)
      case 8:
        let detached = nonRoot.filter { nodes[$0].parent == nil }
        guard !detached.isEmpty else { continue }
        let node = rng.pick(detached)
        let targets = containers.filter { !isInside($0, node) }
        guard !targets.isEmpty else { continue }
        let parent = rng.pick(targets)
        return .attach(
          node, parent: parent, index: rng.integer(in: 0...nodes[parent].children.count))
      case 9:
        let attached = nonRoot.filter { nodes[$0].parent != nil }
        guard !attached.isEmpty else { continue }
        return .detach(rng.pick(attached))
      case 10, 11:
        guard !nonRoot.isEmpty else { continue }
        let node = rng.pick(nonRoot)
        let targets = containers.filter { !isInside($0, node) }
        guard !targets.isEmpty else { continue }
        let parent = rng.pick(targets)
        var count = nodes[parent].children.count
        if nodes[node].parent == parent { count -= 1 }
        return .move(node, parent: parent, index: rng.integer(in: 0...count))
      case 12:
        if rng.chance(0.3) {
          return rng.chance(0.5)
            ? .setScale(rng.pick([1, 2, 3])) : .setDirection(rng.pick(LayoutDirection.allCases))
        }
        return .resize(
          Size(
            width: rng.chance(0.1) ? .infinity : rng.length(upTo: 200),
            height: rng.chance(0.1) ? .infinity : rng.length(upTo: 200)))
      default:
        return .layout
      }
    }
  }
}
