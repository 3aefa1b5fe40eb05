import ArrangeGeometry
import ArrangeLayout
import Testing

/// A tree is a value: its nodes live in storage that copies share until one of them changes, and
/// every change (each public mutating method) must leave the other copies as they were.
@Suite struct ValueSemanticsTests {
  /// A laid-out row of a fixed leaf, a fit group holding a leaf, and a flow of two items.
  private static func sample() -> LayoutTree {
    var tree = LayoutTree()
    let root = tree.addGroup(.horizontal(spacing: 1), name: "root")
    tree.addLeaf(style: ItemStyle(size: .points(10)), to: root, name: "fixed")
    let inner = tree.addGroup(.vertical(), style: ItemStyle(size: .fit), to: root, name: "inner")
    tree.addLeaf(style: ItemStyle(size: .points(3), crossSize: .points(7)), to: inner, name: "a")
    let flow = tree.addFlow(FlowStyle(itemSpacing: 1), to: root, name: "flow")
    tree.addLeaf(style: ItemStyle(size: .points(4), crossSize: .points(2)), to: flow, name: "b")
    tree.addLeaf(style: ItemStyle(size: .points(5), crossSize: .points(2)), to: flow, name: "c")
    tree.layout(in: Size(width: 40, height: 20))
    return tree
  }

  /// Everything a reader can see of a tree: per node, its parent, children, style, kind and
  /// frame, and what its layout found.
  private static func snapshot(_ tree: LayoutTree) -> [String] {
    var lines = ["nodes \(tree.nodeCount) scale \(tree.scale) overflow \(tree.maximumOverflow)"]
    for index in 0..<tree.nodeCount {
      let node = NodeID(Int32(index))
      lines.append(
        "\(node) \(tree.kind(of: node)) parent \(String(describing: tree.parent(of: node))) "
          + "children \(tree.children(of: node)) style \(tree.style(of: node)) "
          + "group \(String(describing: tree.groupStyle(of: node))) "
          + "frame \(tree.exactFrame(of: node)) overflow \(tree.overflow(of: node))")
    }
    lines.append("diagnostics \(tree.diagnostics)")
    return lines
  }

  /// Each public mutating method, applied to a copy.
  private static let changes: [(String, @Sendable (inout LayoutTree) -> Void)] = [
    ("layout", { $0.layout(in: Size(width: 25, height: 9)) }),
    ("measure", { _ = $0.measure(NodeID(2), proposal: SizeProposal(width: 1, height: nil)) }),
    ("reserveCapacity", { $0.reserveCapacity(1_000) }),
    ("addGroup", { $0.addGroup(.vertical(), to: NodeID(0)) }),
    ("addFlow", { $0.addFlow(FlowStyle(), to: NodeID(0)) }),
    ("addLeaf", { $0.addLeaf(style: ItemStyle(size: .points(2)), to: NodeID(2)) }),
    ("detach", { $0.detach(NodeID(1)) }),
    (
      "attach",
      {
        $0.detach(NodeID(3))
        $0.attach(NodeID(3), to: NodeID(4))
      }
    ),
    ("move", { $0.move(NodeID(1), to: NodeID(2), at: 0) }),
    ("setStyle", { $0.setStyle(ItemStyle(size: .points(30)), of: NodeID(1)) }),
    ("setGroupStyle", { $0.setGroupStyle(.horizontal(spacing: 4), of: NodeID(0)) }),
    ("setFlowStyle", { $0.setFlowStyle(FlowStyle(itemSpacing: 3), of: NodeID(4)) }),
    ("setMeasure", { $0.setMeasure({ _ in Size(width: 9, height: 9) }, of: NodeID(3)) }),
    ("setHidden", { $0.setHidden(true, of: NodeID(2)) }),
    ("markNeedsLayout", { $0.markNeedsLayout(NodeID(3)) }),
    ("scale", { $0.scale = 3 }),
  ]

  @Test("Every change to a copy leaves the original as it was, and the reverse")
  func changesStayInTheirCopy() {
    let original = Self.sample()
    let before = Self.snapshot(original)
    for (name, change) in Self.changes {
      var copy = original
      change(&copy)
      copy.layout(in: Size(width: 33, height: 11))
      #expect(Self.snapshot(original) == before, "\(name) on a copy changed the original")
      #expect(Self.snapshot(copy) != before, "\(name) changed nothing that can be seen")

      // The other way round: the original changes, the copy keeps what it had.
      var changed = Self.sample()
      let kept = changed
      change(&changed)
      changed.layout(in: Size(width: 33, height: 11))
      #expect(Self.snapshot(kept) == before, "\(name) on the original changed its copy")
    }
  }

  @Test("A copy laid out again on its own keeps growing after the original is gone")
  func copyOutlivesOriginal() {
    var copy: LayoutTree
    do {
      let original = Self.sample()
      copy = original
    }
    for _ in 0..<100 { copy.addLeaf(style: ItemStyle(size: .points(1)), to: NodeID(4)) }
    copy.layout(in: Size(width: 40, height: 100))
    #expect(copy.nodeCount == 107)
    #expect(copy.frame(of: NodeID(106)).size == Size(width: 1, height: 0))
  }

  @Test("Copies changed at once on different threads each match a copy changed alone")
  func copiesOnManyThreads() async {
    let original = Self.sample()
    let before = Self.snapshot(original)
    /// Change `k` of a copy: a width and, for odd `k`, a wider fixed leaf.
    @Sendable func changed(_ k: Int) -> LayoutTree {
      var copy = original
      for round in 0..<40 {
        if k % 2 == 1 {
          copy.setStyle(ItemStyle(size: .points(Double(10 + round % 5))), of: NodeID(1))
        }
        copy.layout(in: Size(width: Double(20 + k), height: Double(5 + round % 3)))
      }
      return copy
    }
    let expected = (0..<8).map { Self.snapshot(changed($0)) }
    let results = await withTaskGroup(of: (Int, [String]).self) { group in
      for k in 0..<8 { group.addTask { (k, Self.snapshot(changed(k))) } }
      var results = Array(repeating: [String](), count: 8)
      for await (k, lines) in group { results[k] = lines }
      return results
    }
    #expect(results == expected)
    #expect(Self.snapshot(original) == before)
  }
}
