import ArrangeGeometry
import ArrangeLayout

/// A chain of nested groups, each sized to fit inside its parent, around one leaf: the deepest
/// tree there is, and the worst case for measuring (every level measures the one below).
enum FitChain {
  /// The depths measured.
  static let depths = [3_000, 100_000]

  /// The size the chain is laid out in: a fixed width, and a height sized to the content, so
  /// that the whole chain is measured.
  static let size = Size(width: 10, height: .infinity)

  /// Builds a chain of `depth` vertical groups (padding 1 on top, sized `.fit`) and the leaf.
  static func build(depth: Int) -> LayoutTree {
    var tree = LayoutTree()
    tree.reserveCapacity(depth + 1)
    let style = GroupStyle(
      axis: .vertical, padding: EdgeInsets(top: 1, leading: 0, bottom: 0, trailing: 0))
    var parent: NodeID? = nil
    for _ in 0..<depth {
      parent = tree.addGroup(style, style: ItemStyle(size: .fit), to: parent)
    }
    tree.addLeaf(style: ItemStyle(size: .points(1), crossSize: .points(3)), to: parent)
    return tree
  }

  /// Whether a laid-out chain has the frames it should: the root as tall as the chain, the leaf
  /// at the bottom.
  static func isCorrect(_ tree: LayoutTree, depth: Int) -> Bool {
    tree.frame(of: NodeID(0)) == Rect(x: 0, y: 0, width: 10, height: Double(depth + 1))
      && tree.frame(of: NodeID(Int32(depth)))
        == Rect(x: 0, y: Double(depth), width: 3, height: 1)
  }
}

/// A tree of flows: a vertical group of 10 flows of 100 items each, for allocation counts.
enum FlowTree {
  /// Builds the tree.
  static func build() -> LayoutTree {
    var tree = LayoutTree()
    let root = tree.addGroup(.vertical())
    for _ in 0..<10 {
      let flow = tree.addFlow(FlowStyle(itemSpacing: 1, lineSpacing: 1), to: root)
      for k in 0..<100 {
        tree.addLeaf(
          style: ItemStyle(size: .points(Double(8 + k % 13)), crossSize: .points(3)), to: flow)
      }
    }
    return tree
  }
}

/// One flow of 10,000 leaves as the root (issue 30's flow figures): items 8–20 points long and
/// 3 across, 1 point apart, in a container 1,000 wide and then 1,001 wide.
enum BigFlow {
  /// How many items the flow holds.
  static let itemCount = 10_000
  /// The container, and the container one point wider (a width change).
  static let size = Size(width: 1_000, height: 100_000)
  static let wider = Size(width: 1_001, height: 100_000)

  /// Builds the tree.
  static func build() -> LayoutTree {
    var tree = LayoutTree()
    tree.reserveCapacity(itemCount + 1)
    let flow = tree.addFlow(FlowStyle(itemSpacing: 1, lineSpacing: 1))
    for k in 0..<itemCount {
      tree.addLeaf(
        style: ItemStyle(size: .points(Double(8 + k % 13)), crossSize: .points(3)), to: flow)
    }
    return tree
  }
}

/// One flow of 10,000 leaves as the root, sized to its content: taffy's case.
///
/// The comparison with taffy was made on it: items 8–63 points long and 8–31 across, 4 points
/// apart, laid out 1,000 wide with an unbounded height, then 999 wide and back (two width
/// changes).
enum ContentFlow {
  /// How many items the flow holds.
  static let itemCount = 10_000
  /// The container: 1,000 wide, as tall as the content.
  static let size = Size(width: 1_000, height: .infinity)
  /// The container one point narrower.
  static let narrower = Size(width: 999, height: .infinity)

  /// Builds the tree.
  static func build() -> LayoutTree {
    var tree = LayoutTree()
    tree.reserveCapacity(itemCount + 1)
    let flow = tree.addFlow(FlowStyle(itemSpacing: 4, lineSpacing: 4))
    for i in 0..<itemCount {
      tree.addLeaf(
        style: ItemStyle(
          size: .points(Double(8 + (i * 37) % 56)), crossSize: .points(Double(8 + (i * 11) % 24))),
        to: flow)
    }
    return tree
  }
}
