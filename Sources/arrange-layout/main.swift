import ArrangeGeometry
import ArrangeLayout

var tree = LayoutTree(
  .horizontal(
    spacing: 0,
    [
      .leaf("a", size: .points(250)), .leaf("b", size: .percent(33)), .leaf("c"),
      .leaf("d", size: .points(75)),
      .vertical([.leaf("e"), .horizontal([.leaf("f"), .leaf("g")]), .leaf("h", size: .points(25))]),
      .flow(FlowStyle(itemSpacing: 1, lineSpacing: 1), Array(repeating: .leaf(size: .points(10), crossSize: .points(3)), count: 7)),
    ]))
tree.layout(in: Size(width: 1000, height: 100))
for node in tree.preorder {
  print(tree.name(of: node) ?? "-", tree.exactFrame(of: node), tree.frame(of: node))
}
print(tree.diagnostics)
