import ArrangeGeometry
import ArrangeTestSupport
import PropertyBased
import Testing

@testable import ArrangeLayout

/// The bulk read of every frame (``LayoutTree/frames(into:)``) and the rounding it shares with
/// ``LayoutTree/frame(of:)``.
@Suite struct BulkFrameTests {
  /// `tree`'s bulk read equals `frame(of:)` for every node, bit for bit.
  static func checkBulkRead(_ tree: LayoutTree, _ when: String, into frames: inout [Rect]) {
    tree.frames(into: &frames)
    #expect(frames.count == tree.nodeCount, "\(when): \(frames.count) frames read")
    var violations = Violations()
    for index in 0..<Swift.min(frames.count, tree.nodeCount) {
      let single = tree.frame(of: NodeID(Int32(index)))
      violations.check(
        frames[index] == single,
        "\(when): node \(index) read in bulk as \(frames[index]), alone as \(single)")
    }
    #expect(violations.isEmpty, "\(violations)")
  }

  @Test("The bulk read gives every node's frame(of:), for random trees, scales and directions")
  func bulkReadEqualsFrameOf() async {
    var options = TreeOptions()
    options.allowsMargins = true
    options.allowsDirections = true
    options.maxDepth = 4
    options.hiddenRate = 0.2
    let scales = Gen.int(in: 0...5).map { [1, 2, 3, 1.5, 0.75, 0][$0] }
    let input = zip(
      trees(options), containerSizes, Gen<LayoutDirection>.case, scales, containerSizes)
    await seededPropertyCheck(seed: "b9X4l2y3kq1pYkWQ8h6n0cJxZrT5sVuA3mEoLdGfHiI=", input: input) {
      let (spec, size, direction, scale, resized) = $0
      var tree = spec.makeTree(direction: direction, scale: scale)
      var frames: [Rect] = []
      tree.layout(in: size)
      Self.checkBulkRead(tree, "first layout", into: &frames)
      // Moved and re-solved subtrees, with the same array read into again.
      tree.layout(in: resized)
      Self.checkBulkRead(tree, "after a resize", into: &frames)
      // A node added since the last layout has no frame yet, in bulk as alone.
      if let root = tree.root, tree.kind(of: root) != .leaf {
        tree.addLeaf(style: ItemStyle(size: .points(7)), to: root)
        Self.checkBulkRead(tree, "with a node not laid out", into: &frames)
      }
    }
  }

  /// What `snap` must give.
  ///
  /// Within 2³¹ steps of the origin, the value scaled, plus 2⁻²¹, rounded to the nearest whole
  /// number (ties to even); farther out, rounded half up with no tolerance; the value itself
  /// where the grid is finer than a `Double` holds. Scaled back. Written with the standard
  /// library's roundings, apart from the tree's arithmetic.
  static func referenceSnap(_ value: Double, _ scale: Double) -> Double {
    let scaled = value * scale
    if scaled.magnitude < 2_147_483_648 {
      return (scaled + 1 / 2_097_152).rounded(.toNearestOrEven) / scale
    }
    guard scaled.magnitude < 4_503_599_627_370_496 else { return value }
    return (scaled + 0.5).rounded(.down) / scale
  }

  @Test("Edges snap to the nearest step, halves up within 2⁻²¹, on ties and far from the origin")
  func snappingMatchesTheReference() async {
    // Values on a 2⁻²¹ grid (ties of the tolerance), next to halves of the rounding, of any
    // magnitude, and the values that are not numbers.
    let special: [Double] = [
      .nan, .infinity, -.infinity, .greatestFiniteMagnitude, -.greatestFiniteMagnitude, 0, -0.0,
      2_147_483_648, -2_147_483_648.5, 2_147_483_647.999_999,
    ]
    let values = zip(Gen.int(in: 0...9), Gen.int(in: Int.min...Int.max), Gen.int(in: 0...80)).map {
      kind, bits, exponent -> Double in
      if kind < 3 { return Double(bits >> 18) / 2_097_152 }
      // Next to a half step, on and beside the tolerance's edge.
      if kind < 5 { return Double(bits >> 40) + 0.5 + Double(exponent % 5 - 2) / 2_097_152 }
      if kind < 9 { return Double(bits) / Double(sign: .plus, exponent: exponent, significand: 1) }
      return special[Int(bits.magnitude % UInt(special.count))]
    }
    let scales = Gen.int(in: 0...4).map { [1, 2, 3, 0.5, 1_000_000][$0] }
    let tree = LayoutTree()
    await seededPropertyCheck(
      count: 20_000, seed: "Qm3nV8sT1xYz7aBcDeFgHiJkLmNoPqRsTuVwXyZ0123=",
      input: zip(values, scales)
    ) {
      let (value, scale) = $0
      let snapped = tree.snap(value, scale)
      let expected = Self.referenceSnap(value, scale)
      #expect(
        snapped == expected || (snapped.isNaN && expected.isNaN),
        "\(value) at scale \(scale) snapped to \(snapped), expected \(expected)")
    }
  }

  @Test("Frames read in bulk by hand: a row of two at scale 2")
  func framesByHand() {
    var tree = LayoutTree()
    let row = tree.addGroup(.horizontal(spacing: 0.25))
    tree.addLeaf(style: ItemStyle(size: .points(10.2)), to: row)
    tree.addLeaf(style: ItemStyle(size: .fill), to: row)
    tree.scale = 2
    tree.layout(in: Size(width: 30, height: 4.3))
    var frames: [Rect] = []
    tree.frames(into: &frames)
    // On half steps: 10.2 snaps to 10, the fill child's start 10.45 to 10.5, 4.3 to 4.5.
    #expect(
      frames == [
        Rect(x: 0, y: 0, width: 30, height: 4.5),
        Rect(x: 0, y: 0, width: 10, height: 4.5),
        Rect(x: 10.5, y: 0, width: 19.5, height: 4.5),
      ])
  }

  @Test("Frames beyond 2³¹ or past the largest Double are read in bulk as frame(of:) reads them")
  func farFramesInBulk() {
    var tree = LayoutTree()
    let row = tree.addGroup(.horizontal())
    tree.addLeaf(style: ItemStyle(size: .points(3_000_000_000.5)), to: row)
    let far = tree.addLeaf(style: ItemStyle(size: .points(2.5)), to: row)
    tree.addLeaf(style: ItemStyle(size: .points(.greatestFiniteMagnitude)), to: row)
    let beyond = tree.addLeaf(style: ItemStyle(size: .points(1)), to: row)
    var frames: [Rect] = []
    for scale in [1.0, 3.0] {
      tree.scale = scale
      tree.layout(in: Size(width: 10, height: 4.25))
      Self.checkBulkRead(tree, "scale \(scale)", into: &frames)
    }
    // At scale 3, by hand: 3,000,000,000.5 is 9,000,000,001.5 thirds, which rounds half up to
    // 9,000,000,002 thirds.
    #expect(frames[Int(far.index)].minX == 9_000_000_002.0 / 3)
    #expect(frames[Int(beyond.index)].minX == .greatestFiniteMagnitude)
  }
}
