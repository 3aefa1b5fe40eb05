public import ArrangeGeometry
public import ArrangeLayout

/// A printable, rebuildable description of a layout subtree: what ``LayoutNode`` describes, with
/// measure functions given as ``MeasureSpec`` values instead of closures.
public struct NodeSpec: Sendable, CustomStringConvertible {
  /// What a node is.
  public enum Content: Sendable {
    /// A leaf, optionally measuring itself.
    case leaf(MeasureSpec?)
    /// A horizontal or vertical group.
    case group(GroupStyle)
    /// A wrapping flow.
    case flow(FlowStyle)
  }

  /// How the node is sized inside its parent.
  public var style: ItemStyle
  /// What the node is.
  public var content: Content
  /// The node's children, in order.
  public var children: [NodeSpec]

  /// Creates a description.
  public init(style: ItemStyle = ItemStyle(), content: Content, children: [NodeSpec] = []) {
    self.style = style
    self.content = content
    self.children = children
  }

  /// The same description as a ``LayoutNode``.
  public var layoutNode: LayoutNode {
    let content: LayoutNode.Content
    switch self.content {
    case .leaf(let measure): content = .leaf(measure?.function)
    case .group(let group): content = .group(group)
    case .flow(let flow): content = .flow(flow)
    }
    return LayoutNode(style: style, content: content, children: children.map(\.layoutNode))
  }

  /// A new tree holding this description; node identifiers are given in pre-order, the root
  /// being `NodeID(0)`.
  public func makeTree(
    direction: LayoutDirection = .leftToRight, scale: Double = 1
  ) -> LayoutTree {
    var tree = LayoutTree(layoutNode)
    tree.layoutDirection = direction
    tree.scale = scale
    return tree
  }

  /// The number of nodes in the subtree.
  public var nodeCount: Int { 1 + children.reduce(0) { $0 + $1.nodeCount } }

  /// The subtree as indented lines, one node per line, each prefixed with its pre-order index.
  public var description: String {
    var lines: [String] = []
    var next = 0
    write(into: &lines, depth: 0, next: &next)
    return lines.joined(separator: "\n")
  }

  private func write(into lines: inout [String], depth: Int, next: inout Int) {
    let indent = String(repeating: "  ", count: depth)
    var text = "\(indent)#\(next) "
    next += 1
    switch content {
    case .leaf(let measure):
      text += "leaf"
      if let measure { text += " measure: \(measure)" }
    case .group(let group): text += describe(group)
    case .flow(let flow): text += describe(flow)
    }
    let item = describe(style)
    if !item.isEmpty { text += " | " + item }
    lines.append(text)
    for child in children { child.write(into: &lines, depth: depth + 1, next: &next) }
  }
}

/// A compact description of an item style, leaving out default values.
public func describe(_ style: ItemStyle) -> String {
  var parts: [String] = []
  switch style.size {
  case .points(let value): parts.append("points(\(value))")
  case .percent(let value): parts.append("percent(\(value))")
  case .fill(let weight): parts.append(weight == 1 ? "fill" : "fill(\(weight))")
  case .fit: parts.append("fit")
  }
  switch style.crossSize {
  case .automatic: break
  case .points(let value): parts.append("cross: points(\(value))")
  case .percent(let value): parts.append("cross: percent(\(value))")
  case .fit: parts.append("cross: fit")
  case .stretch: parts.append("cross: stretch")
  }
  if style.minSize != 0 { parts.append("min: \(style.minSize)") }
  if style.maxSize != .infinity { parts.append("max: \(style.maxSize)") }
  if let alignment = style.alignment { parts.append("alignment: .\(alignment)") }
  if style.isHidden { parts.append("hidden") }
  return parts.joined(separator: ", ")
}

/// A compact description of a group style, leaving out default values.
public func describe(_ group: GroupStyle) -> String {
  var parts = ["\(group.axis == .horizontal ? "hgroup" : "vgroup")"]
  if group.spacing != 0 { parts.append("spacing: \(group.spacing)") }
  if group.padding != .zero { parts.append("padding: \(describe(group.padding))") }
  if group.distribution != .start { parts.append("distribution: .\(group.distribution)") }
  if group.alignment != .stretch { parts.append("alignment: .\(group.alignment)") }
  if let direction = group.direction { parts.append("direction: .\(direction)") }
  if let margin = group.margin { parts.append("margin: \(margin)") }
  return parts.joined(separator: " ")
}

/// A compact description of a flow style, leaving out default values.
public func describe(_ flow: FlowStyle) -> String {
  var parts = ["\(flow.axis == .horizontal ? "hflow" : "vflow")"]
  if flow.itemSpacing != 0 { parts.append("itemSpacing: \(flow.itemSpacing)") }
  if flow.lineSpacing != 0 { parts.append("lineSpacing: \(flow.lineSpacing)") }
  if flow.padding != .zero { parts.append("padding: \(describe(flow.padding))") }
  if flow.lineAlignment != .start { parts.append("lineAlignment: .\(flow.lineAlignment)") }
  if flow.itemAlignment != .start { parts.append("itemAlignment: .\(flow.itemAlignment)") }
  if let direction = flow.direction { parts.append("direction: .\(direction)") }
  return parts.joined(separator: " ")
}

/// Insets as `(top, leading, bottom, trailing)`.
public func describe(_ insets: EdgeInsets) -> String {
  "(t \(insets.top), l \(insets.leading), b \(insets.bottom), r \(insets.trailing))"
}
