import ArrangeGeometry
import ArrangeLayout
import Testing

/// Lays out a horizontal group of `children` in `width` × 10 and returns the tree.
private func row(
  _ children: [LayoutNode], width: Double = 100, spacing: Double = 0
) -> LayoutTree {
  var tree = LayoutTree(.horizontal(spacing: spacing, children))
  tree.layout(in: Size(width: width, height: 10))
  return tree
}

private func widths(_ tree: LayoutTree) -> [Double] {
  tree.children(of: NodeID(0)).map { tree.exactFrame(of: $0).width }
}

private func everyFrameIsValid(_ tree: LayoutTree) -> Bool {
  tree.preorder.allSatisfy {
    let frame = tree.exactFrame(of: $0)
    let rounded = tree.frame(of: $0)
    return frame.isFinite && frame.width >= 0 && frame.height >= 0 && rounded.isFinite
      && rounded.width >= 0 && rounded.height >= 0
  }
}

@Suite struct BadInputTests {
  @Test("Percentages over 100 are scaled down to 100 and fill children get nothing")
  func percentagesOverHundred() {
    let tree = row(
      [.leaf(size: .percent(150)), .leaf(size: .percent(50)), .leaf(size: .fill)], width: 100)
    #expect(widths(tree) == [75, 25, 0])
    #expect(
      tree.diagnostics.contains(
        LayoutDiagnostic(node: NodeID(0), kind: .percentagesOverflow(total: 200))))
  }

  @Test("Points and spacing larger than the group overflow; flexible children get nothing")
  func pointsOverflow() {
    let tree = row(
      [
        .leaf(size: .points(60)), .leaf(size: .percent(50)), .leaf(size: .points(50)),
        .leaf(size: .fill),
      ], width: 100, spacing: 5)
    // 60 + 50 + 3 × 5 = 125 > 100: points keep their sizes in order and overflow by 25.
    #expect(widths(tree) == [60, 0, 50, 0])
    let xs = tree.children(of: NodeID(0)).map { tree.exactFrame(of: $0).minX }
    #expect(xs == [0, 65, 70, 125])
    #expect(tree.overflow(of: NodeID(0)) == 25)
    #expect(tree.maximumOverflow == 25)
    #expect(
      tree.diagnostics.contains(
        LayoutDiagnostic(node: NodeID(0), kind: .overflow(amount: 25, axis: .horizontal))))
  }

  @Test(
    "Negative, NaN and infinite points are treated as 0 and reported",
    arguments: [-5, Double.nan, .infinity, -Double.infinity])
  func invalidPoints(value: Double) throws {
    let tree = row([.leaf(size: .points(value)), .leaf(size: .points(20))])
    #expect(widths(tree) == [0, 20])
    let diagnostic = try #require(tree.diagnostics.first)
    #expect(diagnostic.node == NodeID(1))
    guard case .invalidValue(.points, let reported) = diagnostic.kind else {
      Issue.record("unexpected \(diagnostic)")
      return
    }
    #expect(reported == value || (reported.isNaN && value.isNaN))
    #expect(everyFrameIsValid(tree))
  }

  @Test(
    "Negative, NaN and infinite percentages are treated as 0 and reported",
    arguments: [-5, Double.nan, .infinity])
  func invalidPercent(value: Double) {
    let tree = row([.leaf(size: .percent(value)), .leaf(size: .percent(30)), .leaf(size: .fill)])
    #expect(widths(tree) == [0, 30, 70])
    #expect(tree.diagnostics.map(\.node) == [NodeID(1)])
    #expect(everyFrameIsValid(tree))
  }

  @Test(
    "Negative, NaN and infinite weights are treated as 0 and reported",
    arguments: [-1, Double.nan, .infinity])
  func invalidWeight(value: Double) {
    let tree = row([.leaf(size: .fill(weight: value)), .leaf(size: .fill(weight: 1))])
    #expect(widths(tree) == [0, 100])
    #expect(tree.diagnostics.map(\.node) == [NodeID(1)])
  }

  @Test("Invalid minimum, maximum and cross sizes are treated as 0 and reported")
  func invalidClampsAndCross() {
    let tree = row([
      .leaf(size: .points(30), minSize: .nan),
      .leaf(size: .points(30), maxSize: -1),
      .leaf(size: .points(30), crossSize: .points(-4)),
      .leaf(size: .points(30), crossSize: .percent(.nan)),
    ])
    #expect(widths(tree) == [30, 0, 30, 30])
    let heights = tree.children(of: NodeID(0)).map { tree.exactFrame(of: $0).height }
    #expect(heights == [10, 10, 0, 0])
    #expect(tree.diagnostics.map(\.node) == [NodeID(1), NodeID(2), NodeID(3), NodeID(4)])
  }

  @Test("A minimum larger than the maximum wins and is reported")
  func minimumOverMaximum() {
    let tree = row([.leaf(size: .fill, minSize: 40, maxSize: 10), .leaf()])
    #expect(widths(tree) == [40, 60])
    #expect(
      tree.diagnostics
        == [LayoutDiagnostic(node: NodeID(1), kind: .minimumExceedsMaximum(min: 40, max: 10))])
  }

  @Test(
    "Invalid spacing, padding and margin are treated as 0 and reported",
    arguments: [-3, Double.nan, .infinity])
  func invalidGroupProperties(value: Double) {
    var tree = LayoutTree(
      .group(
        GroupStyle(axis: .horizontal, spacing: value, padding: EdgeInsets(all: value)),
        [.leaf(), .leaf()]))
    tree.layout(in: Size(width: 100, height: 10))
    #expect(widths(tree) == [50, 50])
    #expect(tree.diagnostics.count == 5)  // spacing + four padding edges

    var margin = LayoutTree(
      .group(GroupStyle(axis: .horizontal, margin: value), [.leaf(), .leaf()]))
    margin.layout(in: Size(width: 100, height: 10))
    #expect(widths(margin) == [50, 50])
    #expect(margin.diagnostics.count == 1)
  }

  @Test(
    "A negative or NaN container size is treated as 0 and reported",
    arguments: [-10, Double.nan])
  func invalidContainerSize(value: Double) {
    var tree = LayoutTree(.horizontal([.leaf(), .leaf(size: .points(5))]))
    tree.layout(in: Size(width: value, height: 10))
    #expect(tree.frame(of: NodeID(0)) == Rect(x: 0, y: 0, width: 0, height: 10))
    #expect(everyFrameIsValid(tree))
    #expect(tree.diagnostics.first?.node == NodeID(0))
    #expect(tree.diagnostics.contains { $0.kind == .overflow(amount: 5, axis: .horizontal) })
  }

  @Test("An infinite container length sizes the root to its content")
  func infiniteContainer() {
    var tree = LayoutTree(
      .horizontal(
        spacing: 2, padding: EdgeInsets(all: 1),
        [
          .leaf(size: .points(10), crossSize: .points(3)),
          .leaf(size: .fit, measure: { _ in Size(width: 7, height: 4) }),
          .leaf(size: .fill),
        ]))
    tree.layout(in: Size(width: .infinity, height: .infinity))
    // 1 + 10 + 2 + 7 + 2 + 0 + 1 wide; 1 + 4 + 1 high.
    #expect(tree.frame(of: NodeID(0)) == Rect(x: 0, y: 0, width: 23, height: 6))
    #expect(tree.diagnostics.isEmpty)
  }

  @Test(
    "A measure function returning garbage is treated as 0 and reported",
    arguments: [Double.nan, -1, .infinity])
  func invalidMeasurement(value: Double) {
    let tree = row([
      .leaf(size: .fit, measure: { _ in Size(width: value, height: value) }), .leaf(),
    ])
    #expect(widths(tree) == [0, 100])
    #expect(tree.diagnostics.map(\.node) == [NodeID(1)])
    #expect(everyFrameIsValid(tree))
  }

  @Test("An empty group, a single child and an all-hidden group are well defined")
  func degenerateGroups() {
    var empty = LayoutTree(.horizontal(spacing: 5, padding: EdgeInsets(all: 2), []))
    empty.layout(in: Size(width: 50, height: 20))
    #expect(empty.frame(of: NodeID(0)) == Rect(x: 0, y: 0, width: 50, height: 20))
    #expect(empty.diagnostics.isEmpty)

    let single = row([.leaf()], spacing: 7)
    #expect(single.exactFrame(of: NodeID(1)) == Rect(x: 0, y: 0, width: 100, height: 10))

    let hidden = row([.leaf(isHidden: true), .leaf(size: .points(30), isHidden: true)], spacing: 7)
    #expect(widths(hidden) == [0, 0])
    #expect(hidden.diagnostics.isEmpty)
    #expect(hidden.node(at: Point(x: 1, y: 1)) == NodeID(0))
  }

  @Test("A hidden child takes no space and no spacing")
  func hiddenChild() {
    let tree = row(
      [
        .leaf(size: .points(10)), .leaf(size: .points(10), isHidden: true),
        .leaf(size: .points(10)),
      ],
      spacing: 5)
    let xs = tree.children(of: NodeID(0)).map { tree.exactFrame(of: $0).minX }
    #expect(xs[0] == 0 && xs[2] == 15)
    #expect(widths(tree) == [10, 0, 10])
  }
}

@Suite struct ScaleAndPrecisionTests {
  @Test("An invalid scale rounds to whole units and is reported", arguments: [0, -2, Double.nan])
  func invalidScale(value: Double) {
    var tree = LayoutTree(.horizontal([.leaf(size: .points(2.4)), .leaf()]))
    tree.scale = value
    tree.layout(in: Size(width: 10, height: 1))
    #expect(tree.frame(of: NodeID(1)).width == 2)
    #expect(tree.diagnostics.map(\.kind) == [.invalidValue(.scale, value)] || value.isNaN)
    #expect(tree.diagnostics.count == 1)
  }

  @Test("Round percentages give exact sizes")
  func exactPercentages() {
    var tree = LayoutTree(.horizontal([.leaf(size: .percent(25)), .leaf(size: .points(44))]))
    tree.layout(in: Size(width: 100, height: 1))
    #expect(tree.exactFrame(of: NodeID(1)).width == 14)
  }
}
