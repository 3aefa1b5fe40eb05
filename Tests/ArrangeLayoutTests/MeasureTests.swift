import ArrangeGeometry
import ArrangeLayout
import Synchronization
import Testing

/// `cells` cells of text that wrap at the offered width: as wide as it may be, as many lines as
/// that takes.
private func text(_ cells: Double, counter: MeasureCounter? = nil) -> MeasureFunction {
  { proposal in
    counter?.increment()
    let width = min(proposal.width ?? cells, cells)
    return Size(width: width, height: width > 0 ? (cells / width).rounded(.up) : 0)
  }
}

/// Counts calls to measure functions across the `@Sendable` boundary.
private final class MeasureCounter: Sendable {
  private let count = Mutex(0)
  func increment() { count.withLock { $0 += 1 } }
  var value: Int { count.withLock { $0 } }
}

@Suite struct MeasureTests {
  @Test("A fit row measures its text at the width it is offered, and wraps")
  func fitRowWrapsText() {
    var tree = LayoutTree(
      .vertical([
        .horizontal(name: "row", style: ItemStyle(size: .fit), [.leaf("text", measure: text(30))]),
        .leaf("rest"),
      ]))
    tree.layout(in: Size(width: 10, height: 20))
    #expect(tree.frame(of: NodeID(1)) == Rect(x: 0, y: 0, width: 10, height: 3))
    #expect(tree.frame(of: NodeID(2)) == Rect(x: 0, y: 0, width: 10, height: 3))
    #expect(tree.frame(of: NodeID(3)) == Rect(x: 0, y: 3, width: 10, height: 17))
  }

  @Test("A fit row holding a flow is as tall as the flow's wrapped lines")
  func fitRowWithFlow() {
    let item = LayoutNode.leaf(size: .points(4), crossSize: .points(1))
    var tree = LayoutTree(
      .vertical([
        .horizontal(
          style: ItemStyle(size: .fit),
          [.flow(FlowStyle(), name: "flow", Array(repeating: item, count: 6))]),
        .leaf(),
      ]))
    tree.layout(in: Size(width: 10, height: 20))
    // Two 4-wide items per 10-wide line: three lines.
    #expect(tree.frame(of: NodeID(1)).height == 3)
    let flow = tree.node(named: "flow")
    #expect(flow.map { tree.frame(of: $0) } == Rect(x: 0, y: 0, width: 10, height: 3))
    #expect(tree.children(of: NodeID(2)).map { tree.frame(of: $0).maxY }.max() == 3)
  }

  @Test("A fit child is measured with the cross size its rule fixes")
  func fitChildWithFixedCross() {
    var tree = LayoutTree(
      .vertical([.leaf(size: .fit, crossSize: .points(5), measure: text(20))]))
    tree.layout(in: Size(width: 20, height: 20))
    #expect(tree.frame(of: NodeID(1)) == Rect(x: 0, y: 0, width: 5, height: 4))
  }

  @Test(
    "A fit group whose child must be measured at two widths finishes measuring",
    .timeLimit(.minutes(1)))
  func childMeasuredAtTwoWidths() {
    // The row is measured (it is fit in a column); its child takes 10 cells of text at the
    // offered 10, is clamped to 5 and so is measured again at 5, where the text takes 6 lines.
    // Each measurement evicts the other from the child's one-entry cache.
    var tree = LayoutTree()
    let column = tree.addGroup(GroupStyle(axis: .vertical))
    let row = tree.addGroup(
      GroupStyle(axis: .horizontal, alignment: .start), style: ItemStyle(size: .fit), to: column)
    let box = tree.addGroup(
      GroupStyle(axis: .horizontal), style: ItemStyle(size: .fit, maxSize: 5), to: row)
    let leaf = tree.addLeaf(style: ItemStyle(size: .fit), measure: text(30), to: box)
    tree.layout(in: Size(width: 10, height: 20))
    #expect(tree.frame(of: row) == Rect(x: 0, y: 0, width: 10, height: 6))
    #expect(tree.frame(of: box) == Rect(x: 0, y: 0, width: 5, height: 6))
    #expect(tree.frame(of: leaf) == Rect(x: 0, y: 0, width: 5, height: 6))
  }

  @Test("A fit child is offered what the points children and the spacing leave")
  func fitChildOfferedTheRest() {
    var tree = LayoutTree(
      .horizontal(
        spacing: 1, [.leaf(size: .points(3)), .leaf(size: .fit, measure: text(30))]))
    tree.layout(in: Size(width: 10, height: 5))
    #expect(tree.frame(of: NodeID(2)) == Rect(x: 4, y: 0, width: 6, height: 5))
    #expect(tree.overflow(of: NodeID(0)) == 0)
  }

  @Test("Sizing to content gives fill children their content size")
  func contentSizeOfFillChildren() {
    let item = LayoutNode.leaf(size: .points(4), crossSize: .points(2))
    var tree = LayoutTree(
      .vertical(
        spacing: 1,
        [.leaf(size: .points(3)), .flow(FlowStyle(), Array(repeating: item, count: 5))]))
    tree.layout(in: Size(width: 10, height: .infinity))
    // Five 4-wide items in 10: lines of 2, 2, 1, each 2 high.
    #expect(tree.frame(of: NodeID(0)) == Rect(x: 0, y: 0, width: 10, height: 10))
    #expect(tree.frame(of: NodeID(2)) == Rect(x: 0, y: 4, width: 10, height: 6))
    #expect(tree.diagnostics.isEmpty)
  }

  @Test("Each item is measured once, and a change re-measures only what changed")
  func measureCounts() {
    let counters = (0..<10).map { _ in MeasureCounter() }
    var tree = LayoutTree(
      .vertical([
        .flow(
          FlowStyle(itemSpacing: 1), name: "flow",
          counters.map { .leaf(size: .fit, crossSize: .automatic, measure: text(5, counter: $0)) }),
        .horizontal(
          alignment: .center,
          [.leaf(size: .fit, measure: text(3)), .leaf()]),
      ]))
    tree.layout(in: Size(width: 20, height: 30))
    let first = counters.map(\.value)
    #expect(first == Array(repeating: 1, count: 10))
    // Resizing the root's height changes nothing the items were offered.
    tree.layout(in: Size(width: 20, height: 31))
    #expect(counters.map(\.value) == first)
    // One item changes: it alone is measured again.
    tree.markNeedsLayout(NodeID(5))
    tree.layout(in: Size(width: 20, height: 31))
    #expect(
      counters.map(\.value)
        == first.enumerated().map { $0.offset == 3 ? $0.element + 1 : $0.element })
    // An item attached to the flow is measured; the others are not.
    let extra = MeasureCounter()
    let flow = tree.node(named: "flow") ?? NodeID(1)
    tree.addLeaf(style: ItemStyle(size: .fit), measure: text(5, counter: extra), to: flow)
    tree.layout(in: Size(width: 20, height: 31))
    #expect(extra.value == 1)
    #expect(
      counters.map(\.value)[1...]
        == first.enumerated().map { $0.offset == 3 ? $0.element + 1 : $0.element }[1...])
  }

  @Test("A hidden group's subtree takes no layout and reports no overflow")
  func hiddenSubtree() {
    var tree = LayoutTree(
      .horizontal([
        .horizontal(
          style: ItemStyle(isHidden: true), [.leaf(size: .points(50)), .leaf(size: .points(30))]),
        .leaf(),
      ]))
    tree.layout(in: Size(width: 20, height: 5))
    for node in [NodeID(1), NodeID(2), NodeID(3)] {
      #expect(tree.frame(of: node).size == .zero)
    }
    #expect(tree.frame(of: NodeID(4)) == Rect(x: 0, y: 0, width: 20, height: 5))
    #expect(tree.diagnostics.isEmpty)
    #expect(tree.maximumOverflow == 0)
    // Shown again, it is laid out and its overflow reported.
    tree.setHidden(false, of: NodeID(1))
    tree.layout(in: Size(width: 20, height: 5))
    #expect(tree.frame(of: NodeID(3)) == Rect(x: 50, y: 0, width: 30, height: 5))
    #expect(tree.overflow(of: NodeID(1)) == 70)
  }

  @Test("Rounding does not depend on which side of zero a frame lies")
  func roundingBelowZero() {
    var tree = LayoutTree(
      .horizontal(
        alignment: .center, [.leaf(size: .points(3), crossSize: .points(3))]))
    tree.layout(in: Size(width: 10, height: 0))
    #expect(tree.exactFrame(of: NodeID(1)).minY == -1.5)
    #expect(tree.frame(of: NodeID(1)) == Rect(x: 0, y: -1, width: 3, height: 3))
  }
}
