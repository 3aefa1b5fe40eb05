// The README's quick start for ArrangeLayout; CI builds it so it never rots.
import ArrangeGeometry
import ArrangeLayout

var tree = LayoutTree(
  .vertical(
    spacing: 1, padding: EdgeInsets(all: 1),
    [
      .leaf("title", size: .points(1)),
      .horizontal(
        name: "body", spacing: 2,
        [
          .leaf("sidebar", size: .percent(25)),
          .leaf("main"),
          .leaf("inspector", size: .points(20)),
        ]),
    ]))
tree.layout(in: Size(width: 80, height: 24))
for node in tree.preorder {
  print(tree.name(of: node) ?? "root", tree.frame(of: node))
}
