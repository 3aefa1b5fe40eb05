import ArrangeGeometry
import ArrangeTestSupport
import PropertyBased
import Testing

@testable import ArrangeLayout

/// Laying children out while their group is measured changes no frame.
///
/// Groups of points and fit children lay their children out while they are measured, and a
/// solve for the size they were laid out for only places the leaves. These tests check that
/// the frames, and what the layout found, are those of a tree that never does.
@Suite struct LaidOutWhileMeasuredTests {
  /// `tree` and `plain` (which never lays out while measuring) have the same frames and
  /// overflows for every node of `model`, bit for bit.
  static func compare(
    _ tree: LayoutTree, _ plain: LayoutTree, nodes: [Int], _ violations: inout Violations,
    _ when: String
  ) {
    for node in nodes {
      let id = NodeID(Int32(node))
      let (a, b) = (tree.exactFrame(of: id), plain.exactFrame(of: id))
      violations.check(
        a == b, "\(when): \(id) has frame \(a), \(b) when not laid out while measured")
      violations.check(
        tree.overflow(of: id) == plain.overflow(of: id),
        "\(when): \(id) overflows by \(tree.overflow(of: id)), \(plain.overflow(of: id)) when not")
    }
    violations.check(
      tree.diagnostics == plain.diagnostics,
      "\(when): diagnostics \(tree.diagnostics), \(plain.diagnostics) when not")
  }

  @Test("Random trees and edits lay out the same as without laying out while measuring")
  func randomTreesAndEdits() async {
    var options = TreeOptions()
    options.allowsMargins = true
    options.allowsDirections = true
    options.maxDepth = 5
    let input = zip(
      trees(options), containerSizes, Gen.int(in: 1...3).map(Double.init),
      Gen<LayoutDirection>.case, Gen.uint64())
    let editOptions = options
    await seededPropertyCheck(
      seed: "dAvDKBIe/t5rNJrOkfIXEqWDC74HpZm7y1G8T8lWYLI=", input: input
    ) {
      input in
      let (spec, size, scale, direction, editSeed) = input
      var model = TreeModel(spec, size: size, scale: scale, direction: direction)
      var plainModel = model
      var tree = spec.makeTree(direction: direction, scale: scale)
      var plain = tree
      plain.laysOutWhileMeasuring = false
      tree.layout(in: size)
      plain.layout(in: size)
      var violations = Violations()
      Self.compare(tree, plain, nodes: model.preorder, &violations, "first layout")
      var rng = SeededRandom(seed: editSeed)
      var log: [String] = []
      for step in 0..<rng.integer(in: 1...16) {
        let edit = model.randomEdit(using: &rng, options: editOptions)
        log.append(edit.description)
        model.apply(edit, to: &tree)
        plainModel.apply(edit, to: &plain)
        if rng.chance(0.5) {
          // Laid out at the size given, or sized to content on one axis or both.
          let sizes = [
            model.size, Size(width: model.size.width, height: .infinity),
            Size(width: .infinity, height: model.size.height),
            Size(width: .infinity, height: .infinity),
          ]
          let layoutSize = rng.pick(sizes)
          tree.layout(in: layoutSize)
          plain.layout(in: layoutSize)
          Self.compare(tree, plain, nodes: model.preorder, &violations, "after edit \(step)")
        }
      }
      model.apply(.layout, to: &tree)
      plainModel.apply(.layout, to: &plain)
      Self.compare(tree, plain, nodes: model.preorder, &violations, "at the end")
      #expect(
        violations.isEmpty,
        "\(violations)\nEdits:\n\(log.joined(separator: "\n"))\nTree:\n\(spec)")
    }
  }

  @Test("Chains of fit groups with random styles lay out the same, edited or not")
  func fitChains() {
    var rng = SeededRandom(seed: 0x5EED_C4A1)
    var violations = Violations()
    for round in 0..<80 {
      var tree = LayoutTree()
      var parent: NodeID? = nil
      var groups: [NodeID] = []
      let depth = rng.integer(in: 1...24)
      for _ in 0..<depth {
        let group = GroupStyle(
          axis: rng.chance(0.5) ? .vertical : .horizontal,
          spacing: rng.chance(0.3) ? Double(rng.integer(in: 0...3)) : 0,
          padding: EdgeInsets(
            top: Double(rng.integer(in: 0...2)), leading: Double(rng.integer(in: 0...2)),
            bottom: Double(rng.integer(in: 0...2)), trailing: Double(rng.integer(in: 0...2))),
          distribution: rng.chance(0.8) ? .start : .center,
          alignment: rng.pick([.stretch, .stretch, .start, .center, .end]))
        var style = ItemStyle(size: .fit)
        if rng.chance(0.1) { style.maxSize = Double(rng.integer(in: 5...60)) }
        if rng.chance(0.1) { style.crossSize = .points(Double(rng.integer(in: 5...30))) }
        let node = tree.addGroup(group, style: style, to: parent)
        groups.append(node)
        if rng.chance(0.3) {
          tree.addLeaf(
            style: ItemStyle(
              size: .points(Double(rng.integer(in: 0...4))),
              crossSize: .points(Double(rng.integer(in: 0...6))),
              isHidden: rng.chance(0.2)), to: node)
        }
        if rng.chance(0.2) {
          tree.addLeaf(
            style: ItemStyle(size: .fit),
            measure: { proposal in
              let width = min(proposal.width ?? 12, 12)
              return Size(width: width, height: width > 0 ? (12 / width).rounded(.up) : 0)
            }, to: node)
        }
        parent = node
      }
      tree.addLeaf(style: ItemStyle(size: .points(1), crossSize: .points(3)), to: parent)
      var plain = tree
      plain.laysOutWhileMeasuring = false
      let nodes = Array(0..<tree.nodeCount)
      for pass in 0..<4 {
        let size = Size(
          width: rng.chance(0.5) ? .infinity : Double(rng.integer(in: 0...80)),
          height: rng.chance(0.5) ? .infinity : Double(rng.integer(in: 0...80)))
        tree.layout(in: size)
        plain.layout(in: size)
        Self.compare(
          tree, plain, nodes: nodes, &violations, "chain \(round), pass \(pass) in \(size)")
        // Something deep down changes, and the chain is measured again.
        let changed = rng.pick(groups)
        tree.markNeedsLayout(changed)
        plain.markNeedsLayout(changed)
      }
    }
    #expect(violations.isEmpty, "\(violations)")
  }

  @Test("A fit chain laid out to its content height has the frames worked out by hand")
  func chainFramesByHand() {
    var tree = LayoutTree()
    var parent: NodeID? = nil
    for _ in 0..<1_000 {
      parent = tree.addGroup(
        GroupStyle(
          axis: .vertical, padding: EdgeInsets(top: 1, leading: 0, bottom: 0, trailing: 0)),
        style: ItemStyle(size: .fit), to: parent)
    }
    tree.addLeaf(style: ItemStyle(size: .points(1), crossSize: .points(3)), to: parent)
    tree.layout(in: Size(width: 10, height: .infinity))
    #expect(tree.frame(of: NodeID(0)) == Rect(x: 0, y: 0, width: 10, height: 1_001))
    #expect(tree.frame(of: NodeID(500)) == Rect(x: 0, y: 500, width: 10, height: 501))
    #expect(tree.frame(of: NodeID(1_000)) == Rect(x: 0, y: 1_000, width: 3, height: 1))
    // Narrower: every level is solved again at the new width, from its fresh measurement.
    tree.layout(in: Size(width: 4, height: .infinity))
    #expect(tree.frame(of: NodeID(999)) == Rect(x: 0, y: 999, width: 4, height: 2))
    #expect(tree.frame(of: NodeID(1_000)) == Rect(x: 0, y: 1_000, width: 3, height: 1))
  }

  /// A row holding a fill group `g` (vertical) around one leaf 2 high that stretches across it;
  /// `g` is measured 5 wide, which lays the leaf out 5 wide for a `g` of 5 × 2.
  static func rowMeasuredAtFive() -> (LayoutTree, group: NodeID, leaf: NodeID) {
    var tree = LayoutTree()
    let row = tree.addGroup(.horizontal())
    let group = tree.addGroup(.vertical(), to: row)
    let leaf = tree.addLeaf(style: ItemStyle(size: .points(2)), to: group)
    #expect(
      tree.measure(group, proposal: SizeProposal(width: 5, height: nil))
        == Size(width: 0, height: 2))
    return (tree, group, leaf)
  }

  @Test("Children laid out while measured are used once: a solve at another size writes over them")
  func laidOutFramesAreUsedOnce() {
    var (tree, _, leaf) = Self.rowMeasuredAtFive()
    tree.layout(in: Size(width: 10, height: 2))
    #expect(tree.frame(of: leaf) == Rect(x: 0, y: 0, width: 10, height: 2))
    // Back to the size the leaf was laid out for while measured: the group is solved afresh.
    tree.layout(in: Size(width: 5, height: 2))
    #expect(tree.frame(of: leaf) == Rect(x: 0, y: 0, width: 5, height: 2))
  }

  @Test("Children laid out while measured are not used once the group's subtree changed")
  func laidOutFramesNeedTheMeasurement() {
    var (tree, _, leaf) = Self.rowMeasuredAtFive()
    tree.setStyle(ItemStyle(size: .points(1)), of: leaf)
    tree.layout(in: Size(width: 5, height: 2))
    #expect(tree.frame(of: leaf) == Rect(x: 0, y: 0, width: 5, height: 1))
  }

  @Test("Children laid out while measured are not used after the group is measured another way")
  func laidOutFramesGiveWayToTheGeneralPass() {
    var tree = LayoutTree()
    let row = tree.addGroup(.horizontal())
    let group = tree.addGroup(.vertical(), to: row)
    let a = tree.addLeaf(style: ItemStyle(size: .points(2)), to: group)
    let b = tree.addLeaf(style: ItemStyle(size: .points(1)), to: group)
    // Points children only: the children are laid out for a group of 5 × 3.
    _ = tree.measure(group, proposal: SizeProposal(width: 5, height: nil))
    // A percent child, measured with a height: the general pass, which lays nothing out.
    tree.setStyle(ItemStyle(size: .percent(50)), of: b)
    _ = tree.measure(group, proposal: SizeProposal(width: 5, height: 3))
    tree.layout(in: Size(width: 5, height: 3))
    #expect(tree.exactFrame(of: a) == Rect(x: 0, y: 0, width: 5, height: 2))
    #expect(tree.exactFrame(of: b) == Rect(x: 0, y: 2, width: 5, height: 0.5))
  }
}
