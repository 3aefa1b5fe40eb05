import ArrangeGeometry
import ArrangeLayout
import ArrangeTestSupport
import Testing

/// Whether every coordinate of `rect` is finite and its size non-negative.
private func isSound(_ rect: Rect) -> Bool {
  rect.minX.isFinite && rect.minY.isFinite && rect.width.isFinite && rect.height.isFinite
    && rect.width >= 0 && rect.height >= 0
}

/// Whether every figure a diagnostic carries is a finite number (invalid inputs aside, which
/// are reported as given).
private func hasFiniteFigures(_ diagnostic: LayoutDiagnostic) -> Bool {
  switch diagnostic.kind {
  case .overflow(let amount, _), .crossOverflow(let amount, _), .paddingOverflow(let amount, _):
    return amount.isFinite && amount >= 0
  case .percentagesOverflow(let total): return total.isFinite
  case .invalidValue, .minimumExceedsMaximum: return true
  }
}

@Suite struct ExtremeInputTests {
  @Test("A fill weight whose product with the free space overflows still lays out")
  func hugeFillWeight() {
    var tree = LayoutTree()
    let row = tree.addGroup(.horizontal())
    let leaf = tree.addLeaf(style: ItemStyle(size: .fill(weight: 1e308)), to: row)
    tree.layout(in: Size(width: 2, height: 1))
    #expect(tree.frame(of: leaf) == Rect(x: 0, y: 0, width: 2, height: 1))
  }

  @Test("Two fill weights whose sum overflows share the space equally")
  func hugeFillWeights() {
    var tree = LayoutTree()
    let row = tree.addGroup(.horizontal())
    let a = tree.addLeaf(style: ItemStyle(size: .fill(weight: 1e308)), to: row)
    let b = tree.addLeaf(style: ItemStyle(size: .fill(weight: 1e308)), to: row)
    let c = tree.addLeaf(style: ItemStyle(size: .fill(weight: 5e307)), to: row)
    tree.layout(in: Size(width: 5, height: 1))
    #expect(tree.exactFrame(of: a) == Rect(x: 0, y: 0, width: 2, height: 1))
    #expect(tree.exactFrame(of: b) == Rect(x: 2, y: 0, width: 2, height: 1))
    #expect(tree.exactFrame(of: c) == Rect(x: 4, y: 0, width: 1, height: 1))
  }

  @Test("Huge spacing, points and percentages give finite frames and finite overflow")
  func hugeLengths() {
    let cases: [(GroupStyle, [SizeRule], Double)] = [
      (.horizontal(spacing: 1e308), [.fill, .fill, .fill], 10),
      (.horizontal(), [.points(1e308), .points(1e308)], 10),
      (.horizontal(), [.points(1e308), .points(1e308), .points(1e308)], 10),
      (.horizontal(), [.percent(50), .fill], 1.797e308),
      (.horizontal(), [.percent(1e308), .percent(1e308), .fill], 1.797e308),
      (
        .horizontal(padding: EdgeInsets(top: 0, leading: 1e308, bottom: 0, trailing: 1e308)),
        [.fill], 1e308
      ),
    ]
    for (group, rules, width) in cases {
      var tree = LayoutTree()
      let row = tree.addGroup(group)
      for rule in rules { tree.addLeaf(style: ItemStyle(size: rule), to: row) }
      tree.layout(in: Size(width: width, height: 1))
      for index in 0..<tree.nodeCount {
        let node = NodeID(Int32(index))
        #expect(isSound(tree.frame(of: node)), "\(rules) in \(width): \(tree.frame(of: node))")
        #expect(isSound(tree.exactFrame(of: node)))
      }
      #expect(tree.diagnostics.allSatisfy(hasFiniteFigures), "\(tree.diagnostics)")
    }
    // The 50% child of a group as wide as a Double goes is half of it.
    var tree = LayoutTree()
    let row = tree.addGroup(.horizontal())
    let half = tree.addLeaf(style: ItemStyle(size: .percent(50)), to: row)
    tree.layout(in: Size(width: 1.6e308, height: 1))
    #expect(tree.exactFrame(of: half).width == 0.8e308)
    #expect(tree.diagnostics.isEmpty)
  }

  @Test("Two huge points children overflow by a finite amount, saturated at the largest Double")
  func saturatedOverflow() {
    var tree = LayoutTree()
    let row = tree.addGroup(.horizontal())
    let a = tree.addLeaf(style: ItemStyle(size: .points(1e308)), to: row)
    let b = tree.addLeaf(style: ItemStyle(size: .points(1e308)), to: row)
    tree.layout(in: Size(width: 10, height: 1))
    #expect(tree.exactFrame(of: a) == Rect(x: 0, y: 0, width: 1e308, height: 1))
    #expect(tree.exactFrame(of: b).minX == 1e308)
    #expect(tree.exactFrame(of: b).maxX == Double.greatestFiniteMagnitude)
    #expect(tree.overflow(of: row) == Double.greatestFiniteMagnitude - 10)
  }

  @Test("A fit text leaf offered less than its longest word keeps the line count of its width")
  func fitTextWiderThanOffer() {
    // Words wrapped greedily at the offered width, one cell per character; the width is the
    // longest line (a word longer than the offer sticks out).
    let text = "abcdefgh ab cd ef"
    let measure: MeasureFunction = { proposal in
      let limit = proposal.width ?? .infinity
      var lines = 0
      var line = 0.0
      var widest = 0.0
      for word in text.split(separator: " ") {
        let length = Double(word.count)
        if line > 0 && line + 1 + length <= limit {
          line += 1 + length
        } else {
          if line > 0 { lines += 1 }
          line = length
        }
        widest = Swift.max(widest, line)
      }
      return Size(width: widest, height: Double(lines + 1))
    }
    var tree = LayoutTree()
    let row = tree.addGroup(GroupStyle(axis: .horizontal, alignment: .start))
    let fit = tree.addLeaf(style: ItemStyle(size: .fit), measure: measure, to: row)
    tree.layout(in: Size(width: 5, height: 10))
    // At 8 cells the text is "abcdefgh" / "ab cd ef": 2 lines (3 at 5 cells).
    #expect(tree.frame(of: fit) == Rect(x: 0, y: 0, width: 8, height: 2))

    var flowTree = LayoutTree()
    let flow = flowTree.addFlow(FlowStyle())
    let item = flowTree.addLeaf(style: ItemStyle(size: .fit), measure: measure, to: flow)
    flowTree.layout(in: Size(width: 5, height: 10))
    #expect(flowTree.frame(of: item) == Rect(x: 0, y: 0, width: 8, height: 2))
  }

  @Test("A child larger than its group across, and padding larger than its group, are reported")
  func unreportedOverflow() {
    var tree = LayoutTree()
    let row = tree.addGroup(.horizontal())
    tree.addLeaf(style: ItemStyle(size: .points(2), crossSize: .points(8)), to: row)
    tree.layout(in: Size(width: 10, height: 5))
    #expect(
      tree.diagnostics == [
        LayoutDiagnostic(node: row, kind: .crossOverflow(amount: 3, axis: .vertical))
      ]
    )

    var padded = LayoutTree()
    let root = padded.addGroup(
      .horizontal(padding: EdgeInsets(top: 20, leading: 8, bottom: 0, trailing: 0)))
    let child = padded.addLeaf(to: root)
    padded.layout(in: Size(width: 10, height: 10))
    #expect(padded.frame(of: child) == Rect(x: 8, y: 20, width: 2, height: 0))
    #expect(
      padded.diagnostics == [
        LayoutDiagnostic(node: root, kind: .paddingOverflow(amount: 10, axis: .vertical))
      ])
  }

  @Test("Space freed by clamped percentages goes to the fill children")
  func clampedPercentages() {
    var tree = LayoutTree()
    let row = tree.addGroup(.horizontal())
    let a = tree.addLeaf(style: ItemStyle(size: .percent(80), maxSize: 10), to: row)
    let b = tree.addLeaf(style: ItemStyle(size: .percent(80), maxSize: 10), to: row)
    let fill = tree.addLeaf(style: ItemStyle(size: .fill), to: row)
    tree.layout(in: Size(width: 100, height: 1))
    #expect(tree.frame(of: a).width == 10)
    #expect(tree.frame(of: b).width == 10)
    #expect(tree.frame(of: fill) == Rect(x: 20, y: 0, width: 80, height: 1))
    #expect(
      tree.diagnostics == [LayoutDiagnostic(node: row, kind: .percentagesOverflow(total: 160))])
  }
}

@Suite struct DeepTreeTests {
  /// A chain of `depth` vertical groups, each sized to fit inside its parent with a padding of 1
  /// on top, around one leaf 3 wide and 1 tall.
  private func chain(_ depth: Int) -> (LayoutTree, [NodeID]) {
    var tree = LayoutTree()
    tree.reserveCapacity(depth + 1)
    var nodes: [NodeID] = []
    var parent: NodeID? = nil
    let padding = EdgeInsets(top: 1, leading: 0, bottom: 0, trailing: 0)
    for _ in 0..<depth {
      let group = tree.addGroup(
        GroupStyle(axis: .vertical, padding: padding), style: ItemStyle(size: .fit), to: parent)
      nodes.append(group)
      parent = group
    }
    nodes.append(
      tree.addLeaf(style: ItemStyle(size: .points(1), crossSize: .points(3)), to: parent))
    return (tree, nodes)
  }

  @Test("A chain 100,000 groups deep is measured and placed exactly, again after a change")
  func deepChain() {
    let depth = 100_000
    var (tree, nodes) = chain(depth)
    tree.layout(in: Size(width: 10, height: .infinity))
    #expect(tree.diagnostics.isEmpty)
    var wrong = 0
    for (k, node) in nodes.enumerated() {
      let expected =
        k < depth
        ? Rect(x: 0, y: Double(k), width: 10, height: Double(depth - k + 1))
        : Rect(x: 0, y: Double(depth), width: 3, height: 1)
      if tree.frame(of: node) != expected { wrong += 1 }
    }
    #expect(wrong == 0)

    // The leaf grows by 4: every group grows with it.
    tree.setStyle(ItemStyle(size: .points(5), crossSize: .points(3)), of: nodes[depth])
    tree.layout(in: Size(width: 10, height: .infinity))
    #expect(tree.frame(of: nodes[0]) == Rect(x: 0, y: 0, width: 10, height: Double(depth + 5)))
    #expect(tree.frame(of: nodes[depth - 1]).height == 6)
    #expect(tree.frame(of: nodes[depth]) == Rect(x: 0, y: Double(depth), width: 3, height: 5))
  }

  @Test("A description 20,000 levels deep of fill groups is built and lays out in a fixed size")
  func deepFillChain() {
    var node = LayoutNode.leaf("bottom", size: .points(1))
    for _ in 1..<20_000 { node = .vertical(style: ItemStyle(size: .fill), [node]) }
    var tree = LayoutTree(node)
    tree.layout(in: Size(width: 10, height: 20))
    let bottom = tree.node(named: "bottom")
    #expect(bottom.map { tree.frame(of: $0) } == Rect(x: 0, y: 0, width: 10, height: 1))
    #expect(tree.diagnostics.isEmpty)
    tree.layout(in: Size(width: 10, height: .infinity))
    #expect(tree.frame(of: NodeID(0)).height == 1)
    #expect(tree.diagnostics.isEmpty)
  }
}

@Suite struct ExtremePropertyTests {
  /// Magnitudes from the smallest subnormal to the largest finite `Double`.
  static let magnitudes: [Double] = [
    0, 0x1p-1063, 1e-300, 1e-10, 0.5, 1, 3, 10, 100, 1e6, 1e15, 1e100, 1e300, 1e307, 8.9e307, 1e308,
    1.797e308, .greatestFiniteMagnitude,
  ]

  private static func length(_ random: inout SeededRandom) -> Double {
    random.pick(magnitudes)
  }

  private static func itemStyle(_ random: inout SeededRandom) -> ItemStyle {
    let size: SizeRule
    switch random.integer(in: 0...3) {
    case 0: size = .points(length(&random))
    case 1: size = .percent(length(&random))
    case 2: size = .fill(weight: length(&random))
    default: size = .fit
    }
    let cross: CrossSize
    switch random.integer(in: 0...4) {
    case 0: cross = .points(length(&random))
    case 1: cross = .percent(length(&random))
    case 2: cross = .fit
    case 3: cross = .stretch
    default: cross = .automatic
    }
    return ItemStyle(
      size: size, crossSize: cross, minSize: random.chance(0.3) ? length(&random) : 0,
      maxSize: random.chance(0.3) ? length(&random) : .infinity,
      alignment: random.chance(0.3) ? random.pick(CrossAlignment.allCases) : nil,
      isHidden: random.chance(0.05))
  }

  private static func insets(_ random: inout SeededRandom) -> EdgeInsets {
    guard random.chance(0.4) else { return .zero }
    return EdgeInsets(
      top: length(&random), leading: length(&random), bottom: length(&random),
      trailing: length(&random))
  }

  private static func build(
    _ random: inout SeededRandom, in tree: inout LayoutTree, parent: NodeID?, depth: Int
  ) {
    let style = itemStyle(&random)
    let kind = depth >= 4 ? 0 : random.integer(in: 0...4)
    if kind <= 1 {
      let measured = random.chance(0.5)
      let width = length(&random)
      let height = length(&random)
      let content = Size(width: width, height: height)
      if measured {
        tree.addLeaf(style: style, measure: { (_: SizeProposal) -> Size in content }, to: parent)
      } else {
        tree.addLeaf(style: style, to: parent)
      }
      return
    }
    let node: NodeID
    if kind == 4 {
      var flow = FlowStyle()
      flow.axis = random.chance(0.5) ? .horizontal : .vertical
      flow.itemSpacing = length(&random)
      flow.lineSpacing = length(&random)
      flow.padding = insets(&random)
      node = tree.addFlow(flow, style: style, to: parent)
    } else {
      var group = GroupStyle(axis: kind == 2 ? .horizontal : .vertical)
      group.spacing = random.chance(0.5) ? length(&random) : 0
      group.padding = insets(&random)
      group.distribution = random.pick(Distribution.allCases)
      group.alignment = random.pick(CrossAlignment.allCases)
      group.direction = random.chance(0.2) ? .rightToLeft : nil
      group.margin = random.chance(0.1) ? length(&random) : nil
      node = tree.addGroup(group, style: style, to: parent)
    }
    for _ in 0..<random.integer(in: 0...4) {
      build(&random, in: &tree, parent: node, depth: depth + 1)
    }
  }

  @Test("Random trees with extreme magnitudes lay out to finite frames of non-negative size")
  func extremeTrees() {
    var random = SeededRandom(seed: 0x12_2026)
    var unsound = 0
    var badFigures = 0
    for _ in 0..<3_000 {
      var tree = LayoutTree()
      tree.scale = random.pick([1, 2, 3, 0.5])
      Self.build(&random, in: &tree, parent: nil, depth: 0)
      let width = random.chance(0.2) ? Double.infinity : Self.length(&random)
      let height = random.chance(0.2) ? Double.infinity : Self.length(&random)
      for size in [Size(width: width, height: height), Size(width: height, height: width)] {
        tree.layout(in: size)
        for index in 0..<tree.nodeCount {
          let node = NodeID(Int32(index))
          if !isSound(tree.frame(of: node)) || !isSound(tree.exactFrame(of: node)) {
            unsound += 1
          }
        }
        if !tree.diagnostics.allSatisfy(hasFiniteFigures) { badFigures += 1 }
      }
    }
    #expect(unsound == 0)
    #expect(badFigures == 0)
  }
}

@Suite struct ContentStableReuseTests {
  @Test("A leaf whose measure uses the offer is measured again for a larger offer")
  func offerDependentLeaf() {
    // A leaf that is as wide as it is offered (10 when unconstrained) and half as tall.
    let measure: MeasureFunction = { proposal in
      let width = proposal.width ?? 10
      return Size(width: width, height: width / 2)
    }
    var tree = LayoutTree()
    let column = tree.addGroup(.vertical())
    let row = tree.addGroup(.horizontal(), style: ItemStyle(size: .fit), to: column)
    let leaf = tree.addLeaf(style: ItemStyle(size: .fit), measure: measure, to: row)
    // Measured unconstrained first (the root is as wide as its content: 10, the row as tall as
    // the leaf, 5), then laid out in 40: the row is offered 40 and the leaf takes it.
    tree.layout(in: Size(width: .infinity, height: 30))
    #expect(tree.frame(of: leaf) == Rect(x: 0, y: 0, width: 10, height: 5))
    tree.layout(in: Size(width: 40, height: 30))
    #expect(tree.frame(of: row) == Rect(x: 0, y: 0, width: 40, height: 20))
    #expect(tree.frame(of: leaf) == Rect(x: 0, y: 0, width: 40, height: 20))
  }

  @Test("A group of fixed and fit children answers a larger offer with its content size")
  func stableGroup() {
    var tree = LayoutTree()
    let column = tree.addGroup(GroupStyle(axis: .vertical, alignment: .start))
    let row = tree.addGroup(
      .horizontal(spacing: 1), style: ItemStyle(size: .fit, crossSize: .fit), to: column)
    tree.addLeaf(style: ItemStyle(size: .points(3), crossSize: .points(2)), to: row)
    let inner = tree.addGroup(.vertical(), style: ItemStyle(size: .fit), to: row)
    tree.addLeaf(style: ItemStyle(size: .points(4), crossSize: .points(5)), to: inner)
    // Content: 3 + 1 + 5 wide (the inner group is as wide as its leaf's 5), 4 tall.
    tree.layout(in: Size(width: .infinity, height: .infinity))
    #expect(tree.frame(of: column) == Rect(x: 0, y: 0, width: 9, height: 4))
    tree.layout(in: Size(width: 50, height: 20))
    // Offered 50 wide, the row is still its content: 3 + 1 + 5 wide, 4 tall.
    #expect(tree.frame(of: row) == Rect(x: 0, y: 0, width: 9, height: 4))
    #expect(tree.frame(of: inner) == Rect(x: 4, y: 0, width: 5, height: 4))
  }
}
