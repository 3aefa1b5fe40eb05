import ArrangeGeometry
import ArrangeLayout

/// The "huge nested" tree of docs/layout.md, Yoga's benchmark tree: a root with 10 children per
/// node over 4 levels below it (1 + 10 + 100 + 1,000 + 10,000 = 11,111 nodes), groups
/// alternating horizontal and vertical by depth, every non-root node sized like Yoga's
/// 10 × 10 with grow 1.
enum HugeTree {
  /// Children per group.
  static let fanOut = 10
  /// Levels below the root; the deepest level holds the leaves.
  static let depth = 4
  /// The number of nodes: 11,111.
  static let nodeCount = 11_111
  /// The style of every non-root node: a fill share with a 10-point minimum, 10 points across
  /// (Yoga's `width: 10, height: 10, flexGrow: 1`).
  static let childStyle = ItemStyle(size: .fill, crossSize: .points(10), minSize: 10)
  /// The first root size of the benchmark.
  static let sizeA = Size(width: 1000, height: 1000)
  /// The second root size: re-layouts alternate between the two so each one recomputes.
  static let sizeB = Size(width: 1001, height: 999)

  /// Builds the tree with the arena API, depth first (node ids in pre-order).
  static func build() -> LayoutTree {
    var tree = LayoutTree()
    tree.reserveCapacity(nodeCount)
    let root = tree.addGroup(group(atDepth: 0))
    addChildren(to: root, atDepth: 1, in: &tree)
    return tree
  }

  /// The group style at `depth`: horizontal at even depths, vertical at odd ones.
  static func group(atDepth depth: Int) -> GroupStyle {
    depth % 2 == 0 ? .horizontal() : .vertical()
  }

  private static func addChildren(to parent: NodeID, atDepth level: Int, in tree: inout LayoutTree)
  {
    for _ in 0..<fanOut {
      if level == depth {
        tree.addLeaf(style: childStyle, to: parent)
      } else {
        let node = tree.addGroup(group(atDepth: level), style: childStyle, to: parent)
        addChildren(to: node, atDepth: level + 1, in: &tree)
      }
    }
  }

  /// A checksum of every rounded frame, to check results and keep the optimizer honest.
  static func checksum(of tree: LayoutTree) -> Double {
    var sum = 0.0
    for index in 0..<tree.nodeCount {
      let frame = tree.frame(of: NodeID(Int32(index)))
      sum += frame.minX + 2 * frame.minY + 3 * frame.width + 5 * frame.height
    }
    return sum
  }
}
