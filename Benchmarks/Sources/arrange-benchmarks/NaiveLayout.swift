import ArrangeGeometry
import ArrangeLayout

/// The naive baseline for groups: a straightforward class-per-node tree with child arrays and a
/// recursive layout that allocates its scratch arrays per group, implementing the same group
/// algorithm as ``LayoutTree`` for what the huge tree uses (points and fill main sizes with
/// min/max clamps and the freeze-and-repeat loop, points or stretched cross sizes, start
/// distribution, no padding or spacing, edges snapped to whole points).
final class NaiveNode {
  /// The axis of a group (ignored for leaves).
  let axis: Axis
  /// How the node is sized in its parent.
  let style: ItemStyle
  /// The children, in order.
  var children: [NaiveNode] = []
  /// The frame before rounding, in root coordinates.
  var exactFrame: Rect = .zero
  /// The frame with its edges snapped to whole points.
  var frame: Rect = .zero

  /// Creates a node.
  init(axis: Axis, style: ItemStyle) {
    self.axis = axis
    self.style = style
  }

  /// Builds the naive version of ``HugeTree``.
  static func buildHugeTree() -> NaiveNode {
    let root = NaiveNode(axis: .horizontal, style: ItemStyle())
    addChildren(to: root, atDepth: 1)
    return root
  }

  private static func addChildren(to parent: NaiveNode, atDepth level: Int) {
    for _ in 0..<HugeTree.fanOut {
      let axis: Axis = level % 2 == 0 ? .horizontal : .vertical
      let node = NaiveNode(axis: axis, style: HugeTree.childStyle)
      parent.children.append(node)
      if level < HugeTree.depth { addChildren(to: node, atDepth: level + 1) }
    }
  }

  /// Lays the node out at `frame` (root coordinates), then its children, recursively.
  func layout(in frame: Rect) {
    exactFrame = frame
    let x0 = frame.minX.rounded()
    let y0 = frame.minY.rounded()
    self.frame = Rect(
      x: x0, y: y0, width: frame.maxX.rounded() - x0, height: frame.maxY.rounded() - y0)
    guard !children.isEmpty else { return }
    let mainLength = frame.size[axis]
    let crossLength = frame.size[axis.cross]
    var sizes = [Double](repeating: 0, count: children.count)
    var isFill = [Bool](repeating: false, count: children.count)
    var fixed = 0.0
    var weights = 0.0
    for (i, child) in children.enumerated() {
      switch child.style.size {
      case .points(let points):
        sizes[i] = NaiveNode.clamp(points, child.style)
        fixed += sizes[i]
      case .fill(let weight):
        isFill[i] = true
        weights += weight
      case .percent, .fit:
        // Not used by the huge tree.
        break
      }
    }
    // Freeze and repeat: share the free space by weight, freeze the children whose clamps bind
    // in the direction of the total violation, and share again.
    let free = Swift.max(0, mainLength - fixed)
    var remaining = free
    var frozen = [Bool](repeating: false, count: children.count)
    while true {
      var violation = 0.0
      var unfrozen = 0
      for (i, child) in children.enumerated() where isFill[i] && !frozen[i] {
        guard case .fill(let weight) = child.style.size else { continue }
        let target = weights > 0 ? remaining * weight / weights : 0
        sizes[i] = NaiveNode.clamp(target, child.style)
        violation += sizes[i] - target
        unfrozen += 1
      }
      if unfrozen == 0 || Swift.abs(violation) <= 1e-9 * Swift.max(1, free) { break }
      var targets: [Double] = []
      for (i, child) in children.enumerated() where isFill[i] && !frozen[i] {
        guard case .fill(let weight) = child.style.size else { continue }
        targets.append(weights > 0 ? remaining * weight / weights : 0)
      }
      var k = 0
      for (i, child) in children.enumerated() where isFill[i] && !frozen[i] {
        guard case .fill(let weight) = child.style.size else { continue }
        let target = targets[k]
        k += 1
        if (violation > 0 && sizes[i] > target) || (violation < 0 && sizes[i] < target) {
          frozen[i] = true
          remaining -= sizes[i]
          weights -= weight
        }
      }
    }
    var position = 0.0
    for (i, child) in children.enumerated() {
      let main = sizes[i]
      let cross: Double
      switch child.style.crossSize {
      case .points(let points): cross = points
      default: cross = crossLength
      }
      let local =
        axis == .horizontal
        ? Rect(x: position, y: 0, width: main, height: cross)
        : Rect(x: 0, y: position, width: cross, height: main)
      position += main
      child.layout(
        in: Rect(
          x: frame.minX + local.minX, y: frame.minY + local.minY, width: local.width,
          height: local.height))
    }
  }

  /// The nodes in pre-order (the order ``HugeTree/build()`` gives node ids).
  func preorder() -> [NaiveNode] {
    var result: [NaiveNode] = [self]
    for child in children { result += child.preorder() }
    return result
  }

  private static func clamp(_ value: Double, _ style: ItemStyle) -> Double {
    let low = style.minSize
    let high = style.maxSize
    return Swift.max(low, Swift.min(value, high))
  }
}
