import ArrangeGeometry
import ArrangeLayout
import Testing

/// A literal transcription of ShinpuruLayout's `SLGroup` arithmetic (seed 002), used as the
/// reference the engine's margin mode must reproduce.
private indirect enum ShinpuruView {
  case label
  case explicit(Double)
  case percentage(Double)
  case hGroup([ShinpuruView], explicit: Double? = nil, percentage: Double? = nil)
  case vGroup([ShinpuruView], explicit: Double? = nil, percentage: Double? = nil)

  var explicitSize: Double? {
    switch self {
    case .explicit(let value): return value
    case .hGroup(_, let explicit, let percentage), .vGroup(_, let explicit, let percentage):
      return percentage == nil ? explicit : nil
    default: return nil
    }
  }

  var percentageSize: Double? {
    switch self {
    case .percentage(let value): return value
    case .hGroup(_, _, let percentage), .vGroup(_, _, let percentage): return percentage
    default: return nil
    }
  }

  /// Frames of this view's subtree in pre-order (excluding itself), as `SLGroup.layoutSubviews`
  /// computes them: `percentageWidth = childPercentageSizes[i] / 100 * (frame.width −
  /// totalExplicitSize)`, then `CGRect(x: currentOriginX, …).rectByInsetting(dx: margin / 2)`.
  func childFrames(in frame: Rect, margin: Double) -> [Rect] {
    let children: [ShinpuruView]
    let horizontal: Bool
    switch self {
    case .hGroup(let c, _, _):
      children = c
      horizontal = true
    case .vGroup(let c, _, _):
      children = c
      horizontal = false
    default: return []
    }
    let totalExplicit = children.compactMap(\.explicitSize).reduce(0, +)
    let totalPercentages = children.compactMap(\.percentageSize).reduce(0, +)
    let unsized = children.filter { $0.explicitSize == nil && $0.percentageSize == nil }.count
    let defaultPercentage = (100 - totalPercentages) / Double(unsized)
    let extent = horizontal ? frame.width : frame.height
    var origin = 0.0
    var result: [Rect] = []
    for child in children {
      let percentageLength =
        (child.percentageSize ?? defaultPercentage) / 100 * (extent - totalExplicit)
      let length = child.explicitSize ?? percentageLength
      let slot =
        horizontal
        ? Rect(x: frame.minX + origin, y: frame.minY, width: length, height: frame.height)
        : Rect(x: frame.minX, y: frame.minY + origin, width: frame.width, height: length)
      let childFrame =
        horizontal
        ? Rect(
          x: slot.minX + margin / 2, y: slot.minY, width: slot.width - margin, height: slot.height)
        : Rect(
          x: slot.minX, y: slot.minY + margin / 2, width: slot.width, height: slot.height - margin)
      result.append(childFrame)
      result += child.childFrames(in: childFrame, margin: margin)
      origin += length
    }
    return result
  }

  /// The same view as an Arrange description, in ShinpuruLayout compatibility mode.
  func node(margin: Double) -> LayoutNode {
    let size: SizeRule =
      percentageSize.map { .percent($0) } ?? explicitSize.map { .points($0) } ?? .fill
    let style = ItemStyle(size: size)
    switch self {
    case .label, .explicit, .percentage:
      return LayoutNode(style: style, content: .leaf(nil))
    case .hGroup(let children, _, _), .vGroup(let children, _, _):
      var group = GroupStyle(axis: .horizontal, margin: margin)
      if case .vGroup = self { group.axis = .vertical }
      return .group(group, style: style, children.map { $0.node(margin: margin) })
    }
  }
}

private func expectFrames(
  of root: ShinpuruView, in size: Size, margin: Double = 1,
  sourceLocation: SourceLocation = #_sourceLocation
) {
  var tree = LayoutTree(root.node(margin: margin))
  tree.layout(in: size)
  let expected = root.childFrames(
    in: Rect(origin: .zero, size: size), margin: margin)
  let actual = tree.preorder.dropFirst().map { tree.exactFrame(of: $0) }
  #expect(actual.count == expected.count, sourceLocation: sourceLocation)
  for (a, e) in zip(actual, expected) {
    #expect(
      abs(a.minX - e.minX) < 1e-9 && abs(a.minY - e.minY) < 1e-9
        && abs(a.width - e.width) < 1e-9 && abs(a.height - e.height) < 1e-9,
      "\(a) != \(e)", sourceLocation: sourceLocation)
  }
}

@Suite struct ShinpuruLayoutSeedTests {
  @Test("ShinpuruLayout: ten unsized labels in a horizontal group each get 10% of the width")
  func tenUnsizedLabels() {
    let group = ShinpuruView.hGroup(Array(repeating: .label, count: 10))
    expectFrames(of: group, in: Size(width: 1000, height: 40))
    // And by hand: slot i is [100 i, 100 i + 100), inset by half the default margin of 1.
    var tree = LayoutTree(group.node(margin: 1))
    tree.layout(in: Size(width: 1000, height: 40))
    for (i, node) in tree.children(of: NodeID(0)).enumerated() {
      #expect(
        tree.exactFrame(of: node) == Rect(x: Double(i) * 100 + 0.5, y: 0, width: 99, height: 40))
    }
  }

  @Test("ShinpuruLayout: 250 pt, 33%, an unsized label and 75 pt in a horizontal group")
  func mixedExplicitAndPercentage() {
    let group = ShinpuruView.hGroup([.explicit(250), .percentage(33), .label, .explicit(75)])
    expectFrames(of: group, in: Size(width: 1000, height: 60))
    // By hand: the percentages apply to 1000 − (250 + 75) = 675.
    var tree = LayoutTree(group.node(margin: 0))
    tree.layout(in: Size(width: 1000, height: 60))
    let widths = tree.children(of: NodeID(0)).map { tree.exactFrame(of: $0).width }
    #expect(widths == [250, 222.75, 452.25, 75])
  }

  @Test("ShinpuruLayout: a vertical group nested in a horizontal one")
  func nestedGroups() {
    let inner = ShinpuruView.vGroup([
      .label, .hGroup([.label, .label, .label]), .explicit(25),
    ])
    let group = ShinpuruView.hGroup([.label, inner, .label])
    expectFrames(of: group, in: Size(width: 900, height: 300))
    expectFrames(of: group, in: Size(width: 901, height: 333), margin: 6)
    // By hand: the 25 pt label sits at the bottom of the vertical group.
    var tree = LayoutTree(group.node(margin: 0))
    tree.layout(in: Size(width: 900, height: 300))
    let last = tree.preorder.last { tree.style(of: $0).size == .points(25) }
    let frame = last.map { tree.exactFrame(of: $0) }
    #expect(frame == Rect(x: 300, y: 275, width: 300, height: 25))
  }

  @Test(
    "ShinpuruLayout align-and-distribute demo: spacers give the frames of the distribution",
    arguments: [
      // (children of the demo: true = 100 pt yellow box, false = spacer), distribution
      ([true, false], Distribution.start),
      ([false, true, false], .center),
      ([false, true], .end),
      ([true, false, true, false, true, false, true], .spaceBetween),
      ([true, false, true], .spaceBetween),
    ])
  func alignAndDistribute(layout: [Bool], distribution: Distribution) {
    let size = Size(width: 1000, height: 50)
    var withSpacers = LayoutTree(
      .horizontal(layout.map { $0 ? .leaf(size: .points(100)) : .leaf() }))
    withSpacers.layout(in: size)
    let boxes = withSpacers.children(of: NodeID(0)).enumerated()
      .filter { layout[$0.offset] }
      .map { withSpacers.exactFrame(of: $0.element) }

    let boxCount = layout.filter { $0 }.count
    var distributed = LayoutTree(
      .horizontal(
        distribution: distribution,
        Array(repeating: .leaf(size: .points(100)), count: boxCount)))
    distributed.layout(in: size)
    let frames = distributed.children(of: NodeID(0)).map { distributed.exactFrame(of: $0) }
    #expect(frames == boxes)
  }
}

@Suite struct ShinobiEssentialsSeedTests {
  @Test("ShinobiEssentials board: nine task cards in three flows side by side")
  func nineTasksInThreeFlows() throws {
    let card = LayoutNode.leaf(size: .points(26), crossSize: .points(3))
    let flow = FlowStyle(
      axis: .horizontal, itemSpacing: 1, lineSpacing: 1, padding: EdgeInsets(all: 1))
    let columns = ["To Do", "In Progress", "Done"].map {
      LayoutNode.flow(flow, name: $0, Array(repeating: card, count: 3))
    }
    var tree = LayoutTree(.horizontal(columns))
    tree.layout(in: Size(width: 90, height: 30))
    for (column, name) in ["To Do", "In Progress", "Done"].enumerated() {
      let flowNode = try #require(tree.node(named: name))
      #expect(tree.frame(of: flowNode) == Rect(x: Double(30 * column), y: 0, width: 30, height: 30))
      let cards = tree.children(of: flowNode)
      #expect(cards.count == 3)
      for (row, node) in cards.enumerated() {
        // One card per line: 26 + 1 + 26 does not fit in 30 − 2.
        #expect(
          tree.frame(of: node)
            == Rect(x: Double(30 * column + 1), y: Double(1 + 4 * row), width: 26, height: 3))
        // Hit-testing finds the card, and the flow answers where a drop would land.
        let center = tree.frame(of: node).center
        #expect(tree.node(at: center) == node)
        #expect(tree.flowItem(at: center, in: flowNode) == node)
      }
      #expect(
        tree.flowInsertionIndex(for: Point(x: Double(30 * column + 5), y: 1), in: flowNode) == 0)
      #expect(
        tree.flowInsertionIndex(for: Point(x: Double(30 * column + 5), y: 29), in: flowNode) == 3)
    }
  }

  @Test("ShinobiEssentials board: a card handed to another flow re-flows both")
  func transferBetweenFlows() throws {
    let card = LayoutNode.leaf(size: .points(10), crossSize: .points(2))
    var tree = LayoutTree(
      .horizontal([
        .flow(
          FlowStyle(itemSpacing: 1, lineSpacing: 1), name: "a", Array(repeating: card, count: 3)),
        .flow(FlowStyle(itemSpacing: 1, lineSpacing: 1), name: "b", []),
      ]))
    tree.layout(in: Size(width: 44, height: 10))
    let a = try #require(tree.node(named: "a"))
    let b = try #require(tree.node(named: "b"))
    let moved = tree.children(of: a)[0]
    tree.move(moved, to: b, at: 0)
    tree.layout(in: Size(width: 44, height: 10))
    #expect(tree.frame(of: moved) == Rect(x: 22, y: 0, width: 10, height: 2))
    #expect(tree.children(of: a).map { tree.frame(of: $0).minX } == [0, 11])
  }
}
