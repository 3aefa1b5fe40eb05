public import ArrangeGeometry

/// A readable description of a layout tree, turned into a ``LayoutTree`` by
/// ``LayoutTree/init(_:)``.
///
/// ```swift
/// let board = LayoutNode.horizontal(spacing: 2, [
///   .flow(FlowStyle(itemSpacing: 1), name: "To Do", [.leaf("Card", size: .points(20))]),
///   .leaf("Sidebar", size: .points(24)),
/// ])
/// var tree = LayoutTree(board)
/// tree.layout(in: Size(width: 80, height: 24))
/// ```
///
/// The builder allocates per node; for very large trees built in a hot loop, use the arena API
/// (``LayoutTree/addGroup(_:style:to:name:)`` and friends) directly.
public struct LayoutNode: Sendable {
  /// What the node is.
  public enum Content: Sendable {
    /// A leaf, optionally measuring itself.
    case leaf(MeasureFunction?)
    /// A horizontal or vertical group.
    case group(GroupStyle)
    /// A wrapping flow.
    case flow(FlowStyle)
  }

  /// An optional label; ``LayoutTree/node(named:)`` finds it again.
  public var name: String?
  /// How the node is sized inside its parent.
  public var style: ItemStyle
  /// What the node is.
  public var content: Content
  /// The node's children (empty for a leaf).
  public var children: [LayoutNode]

  /// Creates a node description.
  public init(
    name: String? = nil, style: ItemStyle = ItemStyle(), content: Content,
    children: [LayoutNode] = []
  ) {
    self.name = name
    self.style = style
    self.content = content
    self.children = children
  }

  /// A leaf sized by `size` along its parent's axis (default: share the remaining space).
  public static func leaf(
    _ name: String? = nil, size: SizeRule = .fill, crossSize: CrossSize = .automatic,
    minSize: Double = 0, maxSize: Double = .infinity, alignment: CrossAlignment? = nil,
    isHidden: Bool = false, measure: MeasureFunction? = nil
  ) -> LayoutNode {
    LayoutNode(
      name: name,
      style: ItemStyle(
        size: size, crossSize: crossSize, minSize: minSize, maxSize: maxSize,
        alignment: alignment, isHidden: isHidden),
      content: .leaf(measure))
  }

  /// A group with any style.
  public static func group(
    _ group: GroupStyle, name: String? = nil, style: ItemStyle = ItemStyle(),
    _ children: [LayoutNode]
  ) -> LayoutNode {
    LayoutNode(name: name, style: style, content: .group(group), children: children)
  }

  /// A horizontal group.
  public static func horizontal(
    name: String? = nil, spacing: Double = 0, padding: EdgeInsets = .zero,
    distribution: Distribution = .start, alignment: CrossAlignment = .stretch,
    style: ItemStyle = ItemStyle(), _ children: [LayoutNode]
  ) -> LayoutNode {
    group(
      GroupStyle(
        axis: .horizontal, spacing: spacing, padding: padding, distribution: distribution,
        alignment: alignment), name: name, style: style, children)
  }

  /// A vertical group.
  public static func vertical(
    name: String? = nil, spacing: Double = 0, padding: EdgeInsets = .zero,
    distribution: Distribution = .start, alignment: CrossAlignment = .stretch,
    style: ItemStyle = ItemStyle(), _ children: [LayoutNode]
  ) -> LayoutNode {
    group(
      GroupStyle(
        axis: .vertical, spacing: spacing, padding: padding, distribution: distribution,
        alignment: alignment), name: name, style: style, children)
  }

  /// A wrapping flow whose children are its items.
  public static func flow(
    _ flow: FlowStyle, name: String? = nil, style: ItemStyle = ItemStyle(),
    _ children: [LayoutNode]
  ) -> LayoutNode {
    LayoutNode(name: name, style: style, content: .flow(flow), children: children)
  }
}

extension LayoutTree {
  /// Creates a tree from a description; nodes get identifiers in pre-order, the root being
  /// `NodeID(0)`.
  ///
  /// - Complexity: O(n).
  public init(_ root: LayoutNode) {
    self.init()
    add(root, to: nil)
  }

  /// Adds a described subtree under `parent` (or as the root / a detached node when `nil`) and
  /// returns the identifier of its top node.
  ///
  /// - Complexity: O(size of the subtree).
  @discardableResult
  public mutating func add(_ description: LayoutNode, to parent: NodeID?) -> NodeID {
    makeUnique()
    let top = addOne(description, to: parent)
    // Depth first with an explicit stack, children in order: no depth exhausts the call stack.
    var pending: [(LayoutNode, NodeID, Int)] = [(description, top, 0)]
    while let last = pending.indices.last {
      let (node, id, next) = pending[last]
      guard next < node.children.count else {
        pending.removeLast()
        continue
      }
      pending[last].2 = next + 1
      let child = node.children[next]
      pending.append((child, addOne(child, to: id), 0))
    }
    return top
  }

  /// Adds the node `description` describes, without its children.
  private mutating func addOne(_ description: LayoutNode, to parent: NodeID?) -> NodeID {
    switch description.content {
    case .leaf(let measure):
      return addLeaf(
        style: description.style, measure: measure, to: parent, name: description.name)
    case .group(let group):
      return addGroup(group, style: description.style, to: parent, name: description.name)
    case .flow(let flow):
      return addFlow(flow, style: description.style, to: parent, name: description.name)
    }
  }
}
