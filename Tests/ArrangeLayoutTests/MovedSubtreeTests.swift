import ArrangeGeometry
import Testing

@testable import ArrangeLayout

/// Subtrees that a re-layout moves without solving them again: a run of leaves (consecutive
/// indices, moved in one loop) and every other shape, against a fresh layout.
@Suite struct MovedSubtreeTests {
  /// A column whose first leaf is `topHeight` tall, above rows that keep their size when it
  /// changes: a run of three leaves, a row whose leaves are not consecutive, a row with a
  /// hidden leaf, and a row whose second leaf lies beyond the largest coordinate (its move
  /// overflows and is clamped).
  static func build(topHeight: Double) -> (LayoutTree, [NodeID]) {
    var tree = LayoutTree()
    let column = tree.addGroup(.vertical(spacing: 1))
    tree.addLeaf(style: ItemStyle(size: .points(topHeight)), to: column)
    let row = ItemStyle(size: .points(6))
    let run = tree.addGroup(.horizontal(spacing: 2), style: row, to: column)
    let scattered = tree.addGroup(.horizontal(), style: row, to: column)
    let withHidden = tree.addGroup(.horizontal(), style: row, to: column)
    let huge = tree.addGroup(.horizontal(), style: row, to: column)
    var leaves: [NodeID] = []
    for width in [3.0, 4.5, 5.25] {
      leaves.append(tree.addLeaf(style: ItemStyle(size: .points(width)), to: run))
    }
    // Children of `scattered` and `withHidden` added in turn: neither has consecutive indices.
    for width in [7.0, 8.0] {
      leaves.append(tree.addLeaf(style: ItemStyle(size: .points(width)), to: scattered))
      leaves.append(tree.addLeaf(style: ItemStyle(size: .points(width + 1)), to: withHidden))
    }
    tree.setHidden(true, of: leaves[4])
    let far = Double.greatestFiniteMagnitude / 1.5
    // The inner row starts `far` along; its second leaf `far` further, past the largest Double.
    tree.addLeaf(style: ItemStyle(size: .points(far)), to: huge)
    let inner = tree.addGroup(.horizontal(), style: ItemStyle(size: .fill), to: huge)
    leaves.append(tree.addLeaf(style: ItemStyle(size: .points(far)), to: inner))
    leaves.append(tree.addLeaf(style: ItemStyle(size: .points(1)), to: inner))
    return (tree, leaves)
  }

  @Test("Rows moved by a re-layout get the frames a fresh layout gives, runs of leaves or not")
  func movedRowsMatchAFreshLayout() {
    let size = Size(width: 40, height: 100)
    var (tree, leaves) = Self.build(topHeight: 10)
    tree.layout(in: size)
    // Before and after the move, by hand: the run's leaves at 0, 5 and 11.5 across.
    #expect(tree.exactFrame(of: leaves[2]) == Rect(x: 11.5, y: 11, width: 5.25, height: 6))
    tree.setStyle(ItemStyle(size: .points(12.5)), of: tree.children(of: tree.root!)[0])
    tree.layout(in: size)
    #expect(tree.exactFrame(of: leaves[0]) == Rect(x: 0, y: 13.5, width: 3, height: 6))
    #expect(tree.exactFrame(of: leaves[2]) == Rect(x: 11.5, y: 13.5, width: 5.25, height: 6))
    // The hidden leaf sits empty where it would start.
    #expect(tree.exactFrame(of: leaves[4]) == Rect(x: 0, y: 27.5, width: 0, height: 0))
    var (fresh, freshLeaves) = Self.build(topHeight: 12.5)
    fresh.layout(in: size)
    for (moved, laidOut) in zip(leaves, freshLeaves) {
      let (a, b) = (tree.exactFrame(of: moved), fresh.exactFrame(of: laidOut))
      #expect(a == b, "\(moved): \(a) moved, \(b) laid out fresh")
      #expect(tree.frame(of: moved) == fresh.frame(of: laidOut))
    }
    // The leaf past the largest coordinate is clamped to it, not infinite.
    let last = tree.exactFrame(of: leaves[leaves.count - 1])
    #expect(last.minX == .greatestFiniteMagnitude, "\(last)")
  }
}

/// Flows whose items all have points sizes, which are sized without measuring or scratch space.
@Suite struct FixedFlowItemTests {
  @Test("Points items are clamped, hidden ones skipped, in a vertical flow laid out twice")
  func pointsItemsByHand() {
    var tree = LayoutTree()
    let flow = tree.addFlow(FlowStyle(axis: .vertical, itemSpacing: 1, lineSpacing: 2))
    let a = tree.addLeaf(
      style: ItemStyle(size: .points(4), crossSize: .points(3), minSize: 6), to: flow)
    let hidden = tree.addLeaf(style: ItemStyle(size: .points(5), crossSize: .points(3)), to: flow)
    tree.setHidden(true, of: hidden)
    let b = tree.addLeaf(
      style: ItemStyle(size: .points(9), crossSize: .points(-2), maxSize: 5), to: flow)
    let c = tree.addLeaf(style: ItemStyle(size: .points(.nan), crossSize: .points(7)), to: flow)
    tree.layout(in: Size(width: 50, height: 12))
    // A column 12 tall: a (6, its minimum) and b (5, its maximum) fill it with the spacing;
    // c (NaN is 0 long) starts the next column, 3 + 2 across.
    #expect(tree.frame(of: a) == Rect(x: 0, y: 0, width: 3, height: 6))
    #expect(tree.frame(of: b) == Rect(x: 0, y: 7, width: 0, height: 5))
    #expect(tree.frame(of: c) == Rect(x: 5, y: 0, width: 7, height: 0))
    #expect(tree.frame(of: hidden) == Rect(x: 0, y: 0, width: 0, height: 0))
    // Shorter: b wraps to a column of its own, and the flow's frames follow.
    tree.layout(in: Size(width: 50, height: 10))
    #expect(tree.frame(of: b) == Rect(x: 5, y: 0, width: 0, height: 5))
    #expect(tree.frame(of: c) == Rect(x: 5, y: 6, width: 7, height: 0))
  }
}

/// Flows sized to their content: measured, then laid out at the length they were measured for,
/// reusing the measurement's lines when the items are the same.
@Suite struct ContentSizedFlowTests {
  /// A flow of 40 items along `axis`: points sizes, and cross sizes that are points or, when
  /// `percentCross`, a share of the flow's cross length (which differs between measuring and
  /// laying out).
  static func build(axis: Axis, direction: LayoutDirection, percentCross: Bool) -> LayoutTree {
    var tree = LayoutTree()
    tree.layoutDirection = direction
    let flow = tree.addFlow(
      FlowStyle(axis: axis, itemSpacing: 1.5, lineSpacing: 2, lineAlignment: .justify))
    for k in 0..<40 {
      let cross: CrossSize = percentCross && k % 3 == 0 ? .percent(10) : .points(Double(3 + k % 4))
      tree.addLeaf(style: ItemStyle(size: .points(Double(5 + k % 7)), crossSize: cross), to: flow)
    }
    return tree
  }

  @Test(
    "A flow laid out to its content's length has the frames of one laid out at that length",
    arguments: [Axis.horizontal, .vertical], [LayoutDirection.leftToRight, .rightToLeft])
  func contentSizedEqualsFixed(axis: Axis, direction: LayoutDirection) {
    for percentCross in [false, true] {
      var sized = Self.build(axis: axis, direction: direction, percentCross: percentCross)
      let length = 60.0
      sized.layout(in: Size(main: length, cross: .infinity, axis: axis))
      let content = sized.frame(of: sized.root!).size
      var fixed = Self.build(axis: axis, direction: direction, percentCross: percentCross)
      fixed.layout(in: content)
      #expect(content[axis] == length)
      for index in 0..<sized.nodeCount {
        let node = NodeID(Int32(index))
        #expect(
          sized.exactFrame(of: node) == fixed.exactFrame(of: node),
          "\(axis) \(direction) percent \(percentCross): node \(index)")
      }
      // Measured and laid out again (content size unchanged): the same frames still.
      sized.markNeedsLayout(sized.root!)
      sized.layout(in: Size(main: length, cross: .infinity, axis: axis))
      #expect(sized.exactFrame(of: NodeID(40)) == fixed.exactFrame(of: NodeID(40)))
    }
  }
}
