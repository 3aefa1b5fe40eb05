import ArrangeGeometry
import ArrangeLayout
import Synchronization
import Testing

/// Counts calls to a measure function across the `@Sendable` boundary.
private final class CallCounter: Sendable {
  private let count = Mutex(0)
  func increment() { count.withLock { $0 += 1 } }
  var value: Int { count.withLock { $0 } }
}

@Suite struct GroupLayoutTests {
  /// Three 20-wide children in 100: 40 free; expected x positions worked out by hand.
  static let distributionCases: [(Distribution, [Double])] = [
    (.start, [0, 20, 40]),
    (.center, [20, 40, 60]),
    (.end, [40, 60, 80]),
    (.spaceBetween, [0, 40, 80]),
    (.spaceAround, [20.0 / 3, 40, 220.0 / 3]),
    (.spaceEvenly, [10, 40, 70]),
  ]

  @Test(
    "Distribution places children that do not fill the group (CSS meanings)",
    arguments: distributionCases)
  func distribution(distribution: Distribution, expected: [Double]) {
    // Three 20-wide children in 100: 40 free.
    var tree = LayoutTree(
      .horizontal(
        distribution: distribution, Array(repeating: .leaf(size: .points(20)), count: 3)))
    tree.layout(in: Size(width: 100, height: 10))
    let xs = tree.children(of: NodeID(0)).map { tree.exactFrame(of: $0).minX }
    for (x, e) in zip(xs, expected) { #expect(abs(x - e) < 1e-9, "\(xs) != \(expected)") }
  }

  @Test("Cross alignment, per-child overrides and cross sizes")
  func crossAlignment() {
    var tree = LayoutTree(
      .horizontal(
        alignment: .center,
        [
          .leaf(size: .points(10), crossSize: .points(4)),  // centred
          .leaf(size: .points(10), crossSize: .points(4), alignment: .start),
          .leaf(size: .points(10), crossSize: .points(4), alignment: .end),
          .leaf(size: .points(10), crossSize: .percent(50)),  // 5 of 10, centred
          .leaf(size: .points(10), crossSize: .stretch),
          .leaf(size: .points(10), measure: { _ in Size(width: 3, height: 6) }),  // fit: 6
          .leaf(size: .points(10), alignment: .stretch),  // automatic + stretch fills
        ]))
    tree.layout(in: Size(width: 100, height: 10))
    let frames = tree.children(of: NodeID(0)).map { tree.exactFrame(of: $0) }
    #expect(frames.map(\.minY) == [3, 0, 6, 2.5, 0, 2, 0])
    #expect(frames.map(\.height) == [4, 4, 4, 5, 10, 6, 10])
  }

  @Test("Padding insets the children; spacing separates visible children only")
  func paddingAndSpacing() {
    var tree = LayoutTree(
      .vertical(
        spacing: 2, padding: EdgeInsets(top: 1, leading: 3, bottom: 5, trailing: 7),
        [.leaf(size: .points(4)), .leaf(), .leaf(size: .percent(50))]))
    tree.layout(in: Size(width: 30, height: 40))
    let frames = tree.children(of: NodeID(0)).map { tree.exactFrame(of: $0) }
    // Content box: x 3..23, y 1..35 (34 tall); flexible space 34 − 4 − 4 = 26.
    #expect(frames[0] == Rect(x: 3, y: 1, width: 20, height: 4))
    #expect(frames[1] == Rect(x: 3, y: 7, width: 20, height: 13))
    #expect(frames[2] == Rect(x: 3, y: 22, width: 20, height: 13))
  }

  @Test("Clamped fill children freeze and the rest is shared again")
  func freezeAndRepeat() {
    var tree = LayoutTree(
      .horizontal([
        .leaf(size: .fill, maxSize: 10), .leaf(size: .fill(weight: 2)),
        .leaf(size: .fill, minSize: 50),
      ]))
    tree.layout(in: Size(width: 100, height: 1))
    // Round 1: 25 / 50 / 25 → the min binds (50), the max binds (10); the middle gets 40.
    let widths = tree.children(of: NodeID(0)).map { tree.exactFrame(of: $0).width }
    #expect(widths == [10, 40, 50])
  }

  @Test("Right-to-left mirrors a horizontal group, its padding and its cross alignment")
  func rightToLeft() {
    var tree = LayoutTree(
      .horizontal(
        padding: EdgeInsets(leading: 4),
        [
          .leaf(size: .points(10)),
          .vertical(alignment: .start, [.leaf(size: .points(2), crossSize: .points(5))]),
        ]
      ))
    tree.layoutDirection = .rightToLeft
    tree.layout(in: Size(width: 100, height: 10))
    #expect(tree.exactFrame(of: NodeID(1)) == Rect(x: 86, y: 0, width: 10, height: 10))
    #expect(tree.exactFrame(of: NodeID(2)) == Rect(x: 0, y: 0, width: 86, height: 10))
    // Start alignment in a vertical group means the leading (right) edge.
    #expect(tree.exactFrame(of: NodeID(3)) == Rect(x: 81, y: 0, width: 5, height: 2))

    // A group may override the direction it inherits.
    var group = tree.groupStyle(of: NodeID(0)) ?? GroupStyle(axis: .horizontal)
    group.direction = .leftToRight
    tree.setGroupStyle(group, of: NodeID(0))
    tree.layout(in: Size(width: 100, height: 10))
    #expect(tree.exactFrame(of: NodeID(1)) == Rect(x: 4, y: 0, width: 10, height: 10))
    #expect(tree.exactFrame(of: NodeID(3)) == Rect(x: 14, y: 0, width: 5, height: 2))
  }

  @Test("Two-phase layout: wrapping text is measured under the width it is offered")
  func wrappingTextMeasure() {
    // 60 cells of text: as many lines as it takes at the offered width.
    let text: MeasureFunction = { proposal in
      let width = min(proposal.width ?? 60, 60)
      return Size(width: width, height: width > 0 ? (60 / width).rounded(.up) : 0)
    }
    var tree = LayoutTree(
      .vertical([.leaf(size: .fit, measure: text), .leaf(size: .points(1))]))
    tree.layout(in: Size(width: 20, height: 50))
    #expect(tree.frame(of: NodeID(1)) == Rect(x: 0, y: 0, width: 20, height: 3))
    tree.layout(in: Size(width: 30, height: 50))
    #expect(tree.frame(of: NodeID(1)) == Rect(x: 0, y: 0, width: 30, height: 2))
    #expect(tree.frame(of: NodeID(2)).minY == 2)
  }

  @Test("Measured sizes round up to the grid so a label never loses a column")
  func measuredSizesRoundUp() {
    var tree = LayoutTree(
      .horizontal([
        .leaf(size: .fit, measure: { _ in Size(width: 4.2, height: 1) }),
        .leaf(size: .fit, measure: { _ in Size(width: 3.01, height: 1) }),
      ]))
    tree.layout(in: Size(width: 20, height: 1))
    #expect(tree.frame(of: NodeID(1)).width == 5)
    #expect(tree.frame(of: NodeID(2)) == Rect(x: 5, y: 0, width: 4, height: 1))
    tree.scale = 2
    tree.layout(in: Size(width: 20, height: 1))
    #expect(tree.frame(of: NodeID(1)).width == 4.5)
    #expect(tree.frame(of: NodeID(2)).width == 3.5)
  }

  @Test("Measurements are cached, and a change re-measures only the changed leaf")
  func cachingAndDirtyPropagation() {
    let counters = (0..<20).map { _ in CallCounter() }
    let leaves: [LayoutNode] = counters.map { counter in
      .leaf(
        size: .fit,
        measure: { _ in
          counter.increment()
          return Size(width: 2, height: 1)
        })
    }
    var tree = LayoutTree(
      .vertical([.horizontal(Array(leaves[..<10])), .horizontal(Array(leaves[10...]))]))
    tree.layout(in: Size(width: 40, height: 2))
    let first = counters.map(\.value)
    #expect(first.allSatisfy { $0 >= 1 })
    // Same size, nothing dirty: nothing is measured or solved again.
    tree.layout(in: Size(width: 40, height: 2))
    #expect(counters.map(\.value) == first)
    // One leaf changes: only it is measured again, and only its row moves.
    let changed = NodeID(15)  // the third leaf of the second row (ids 13…22)
    tree.setMeasure({ _ in Size(width: 5, height: 1) }, of: changed)
    tree.layout(in: Size(width: 40, height: 2))
    #expect(counters.map(\.value) == first)
    #expect(tree.frame(of: changed) == Rect(x: 4, y: 1, width: 5, height: 1))
    #expect(tree.frame(of: NodeID(16)).minX == 9)
    // markNeedsLayout re-measures a leaf whose content changed behind the engine's back.
    tree.markNeedsLayout(NodeID(2))
    tree.layout(in: Size(width: 40, height: 2))
    #expect(counters[0].value == first[0] + 1)
    #expect(counters[1].value == first[1])
  }

  @Test("Hit-testing finds the deepest visible node, and nothing outside the root")
  func hitTesting() {
    var tree = LayoutTree(
      .horizontal([
        .leaf("a", size: .points(10)),
        .vertical(name: "column", [.leaf("b"), .leaf("hidden", isHidden: true), .leaf("c")]),
      ]))
    tree.layout(in: Size(width: 30, height: 20))
    #expect(tree.node(at: Point(x: 5, y: 5)).flatMap(tree.name(of:)) == "a")
    #expect(tree.node(at: Point(x: 10, y: 5)).flatMap(tree.name(of:)) == "b")
    #expect(tree.node(at: Point(x: 10, y: 10)).flatMap(tree.name(of:)) == "c")
    #expect(tree.node(at: Point(x: 30, y: 5)) == nil)
    #expect(tree.node(at: Point(x: .nan, y: 5)) == nil)
  }

  @Test("Attach, detach and move keep the order and mark the tree dirty")
  func editingTheTree() {
    var tree = LayoutTree()
    let root = tree.addGroup(.horizontal())
    let a = tree.addLeaf(style: ItemStyle(size: .points(10)), to: root, name: "a")
    let b = tree.addLeaf(style: ItemStyle(size: .points(20)), to: root, name: "b")
    let c = tree.addLeaf(style: ItemStyle(size: .points(30)))
    tree.layout(in: Size(width: 100, height: 1))
    tree.attach(c, to: root, at: 0)
    tree.layout(in: Size(width: 100, height: 1))
    #expect(tree.children(of: root) == [c, a, b])
    #expect(tree.frame(of: b).minX == 40)
    tree.move(c, to: root)
    tree.detach(a)
    tree.layout(in: Size(width: 100, height: 1))
    #expect(tree.children(of: root) == [b, c])
    #expect(tree.frame(of: c).minX == 20)
    #expect(tree.parent(of: a) == nil)
  }
}

@Suite struct ReadmeExampleTests {
  @Test("README: the arena example re-lays out after a measured leaf grows")
  func arenaExample() {
    var tree = LayoutTree()
    let row = tree.addGroup(.horizontal(spacing: 1))
    let label = tree.addLeaf(
      style: ItemStyle(size: .fit), measure: { _ in Size(width: 12, height: 1) }, to: row)
    let rest = tree.addLeaf(to: row)
    tree.layout(in: Size(width: 80, height: 1))
    #expect(tree.frame(of: rest) == Rect(x: 13, y: 0, width: 67, height: 1))
    tree.setMeasure({ _ in Size(width: 20, height: 1) }, of: label)
    tree.layout(in: Size(width: 80, height: 1))
    #expect(tree.frame(of: label) == Rect(x: 0, y: 0, width: 20, height: 1))
    #expect(tree.frame(of: rest) == Rect(x: 21, y: 0, width: 59, height: 1))
  }
}

@Suite struct FlowInTreeTests {
  @Test("Hit-testing inside a flow uses rounded frames, like the rest of the tree")
  func roundedHitTestingInFlows() {
    var tree = LayoutTree(
      .horizontal([
        .leaf(size: .points(0.4)),
        .flow(FlowStyle(), [.leaf("item", size: .points(4), crossSize: .points(2))]),
      ]))
    tree.layout(in: Size(width: 20, height: 5))
    let item = tree.node(named: "item")
    #expect(item.map { tree.frame(of: $0) } == Rect(x: 0, y: 0, width: 4, height: 2))
    #expect(tree.node(at: Point(x: 0.2, y: 1)) == item)
    #expect(tree.node(at: Point(x: 4.2, y: 1)) == NodeID(2))
  }

  @Test("A flow's insertion index converts to a child index across hidden children")
  func visibleIndexToChildIndex() {
    let item = LayoutNode.leaf(size: .points(4), crossSize: .points(1))
    var hidden = item
    hidden.style.isHidden = true
    var tree = LayoutTree(.flow(FlowStyle(), [item, hidden, item, hidden]))
    tree.layout(in: Size(width: 20, height: 5))
    let flow = NodeID(0)
    #expect(tree.flowInsertionIndex(for: Point(x: 7, y: 0), in: flow) == 2)
    #expect(tree.childIndex(forVisibleIndex: 0, in: flow) == 0)
    #expect(tree.childIndex(forVisibleIndex: 1, in: flow) == 2)
    #expect(tree.childIndex(forVisibleIndex: 2, in: flow) == 4)
  }

  @Test("Removing a measure function clears its diagnostic")
  func removingAMeasureFunction() {
    var tree = LayoutTree(
      .horizontal([.leaf(size: .fit, measure: { _ in Size(width: .nan, height: 1) })]))
    tree.layout(in: Size(width: 10, height: 1))
    #expect(tree.diagnostics.count == 1)
    tree.setMeasure(nil, of: NodeID(1))
    tree.layout(in: Size(width: 10, height: 1))
    #expect(tree.diagnostics.isEmpty)
    #expect(tree.frame(of: NodeID(1)).width == 0)
  }

  @Test("Both invalid container extents are reported")
  func bothContainerExtents() {
    var tree = LayoutTree(.horizontal([]))
    tree.layout(in: Size(width: -1, height: .nan))
    #expect(tree.diagnostics.count == 2)
  }
}
