import ArrangeGeometry
import ArrangeLayout
import CallgrindEntry

/// The layout figures of docs/layout.md on the huge nested tree, and the naive class-per-node
/// baseline.
struct TreeBenchmarks {
  /// How many times each figure is measured.
  let iterations: Iterations
  /// Accumulates results so that no measured work can be optimized away.
  var sink = 0.0

  /// Iteration counts for one run.
  struct Iterations {
    /// First layouts (each on a freshly built tree).
    var firstLayouts: Int
    /// Re-layouts after a root resize.
    var relayouts: Int
    /// Builds from scratch plus a layout.
    var builds: Int
    /// Layouts and builds of the naive baseline.
    var naive: Int
  }

  /// The per-node timings and counts measured.
  struct Results {
    var firstLayout = Samples()
    var relayout = Samples()
    var relayoutAllDirty = Samples()
    var buildAndLayout = Samples()
    var naiveFirstLayout = Samples()
    var naiveRelayout = Samples()
    var naiveBuildAndLayout = Samples()
    /// The most allocations (plus reallocations) seen in one re-layout.
    var relayoutAllocations: UInt64 = 0
    /// Allocations of one first layout.
    var firstLayoutAllocations: UInt64 = 0
    /// Allocations of one build (with `reserveCapacity`) plus its first layout.
    var buildAllocations: UInt64 = 0
    /// Bytes requested from the heap by one build plus its first layout.
    var buildBytes: UInt64 = 0
    /// Minor page faults per build + layout in the timed loop.
    var buildPageFaults = 0.0
    /// Nodes whose frame differs between the engine and the naive baseline.
    var mismatchedFrames = 0
    /// The most allocations seen in one re-layout of ``FlowTree`` after a root resize.
    var flowRelayoutAllocations: UInt64 = 0
    /// The allocations of ``BigFlow``'s second layout, one point wider than its first.
    var bigFlowWidthAllocations: UInt64 = 0
  }

  private var nodes: Double { Double(HugeTree.nodeCount) }

  /// Runs every layout figure.
  mutating func run() -> Results {
    var results = Results()
    precondition(HugeTree.build().nodeCount == HugeTree.nodeCount, "the huge tree is misbuilt")
    measureFirstLayout(into: &results)
    measureRelayout(into: &results)
    measureBuildAndLayout(into: &results)
    measureNaive(into: &results)
    return results
  }

  private mutating func measureFirstLayout(into results: inout Results) {
    var samples = Samples(capacity: iterations.firstLayouts)
    for _ in 0..<iterations.firstLayouts {
      var tree = HugeTree.build()
      samples.append(
        measureNanoseconds { arrangeBenchmarkLayoutPass(&tree, in: HugeTree.sizeA) })
      sink += tree.frame(of: NodeID(Int32(HugeTree.nodeCount - 1))).maxX
    }
    results.firstLayout = samples.scaled(by: nodes)
    var tree = HugeTree.build()
    results.firstLayoutAllocations =
      AllocationCounter.count { arrangeBenchmarkLayoutPass(&tree, in: HugeTree.sizeA) }.total
    sink += HugeTree.checksum(of: tree)
  }

  private mutating func measureRelayout(into results: inout Results) {
    var tree = HugeTree.build()
    tree.layout(in: HugeTree.sizeA)
    // Warm up (the scratch space and caches reach their final sizes).
    for k in 0..<4 { tree.layout(in: k % 2 == 0 ? HugeTree.sizeB : HugeTree.sizeA) }
    var samples = Samples(capacity: iterations.relayouts)
    var maximum: UInt64 = 0
    for k in 0..<iterations.relayouts {
      let size = k % 2 == 0 ? HugeTree.sizeB : HugeTree.sizeA
      AllocationCounter.reset()
      samples.append(measureNanoseconds { arrangeBenchmarkRelayoutPass(&tree, in: size) })
      if AllocationCounter.method == .interposed {
        maximum = Swift.max(maximum, AllocationCounter.read().total)
      }
      sink += tree.frame(of: NodeID(Int32(HugeTree.nodeCount - 1))).maxX
    }
    if AllocationCounter.method != .interposed {
      maximum = AllocationCounter.count { tree.layout(in: HugeTree.sizeB) }.total
    }
    results.relayout = samples.scaled(by: nodes)
    results.relayoutAllocations = maximum

    // A tree of flows, warmed up, then re-laid out at alternating widths.
    var flows = FlowTree.build()
    for k in 0..<4 { flows.layout(in: Size(width: k % 2 == 0 ? 300 : 301, height: 500)) }
    var flowMaximum: UInt64 = 0
    for k in 0..<20 {
      let size = Size(width: k % 2 == 0 ? 300 : 301, height: 500)
      flowMaximum = Swift.max(flowMaximum, AllocationCounter.count { flows.layout(in: size) }.total)
    }
    results.flowRelayoutAllocations = flowMaximum
    // The flow of 10,000 items: its second layout, one point wider, with no warm-up.
    var bigFlow = BigFlow.build()
    bigFlow.layout(in: BigFlow.size)
    let widened = AllocationCounter.count { bigFlow.layout(in: BigFlow.wider) }
    results.bigFlowWidthAllocations = widened.total
    sink += bigFlow.frame(of: NodeID(Int32(BigFlow.itemCount))).maxY

    // Informative: a re-layout in which every node is dirty (marking is not timed).
    let firstLeaf =
      HugeTree.nodeCount - HugeTree.fanOut * HugeTree.fanOut * HugeTree.fanOut
      * HugeTree.fanOut
    var dirtySamples = Samples(capacity: iterations.relayouts / 4)
    for _ in 0..<Swift.max(1, iterations.relayouts / 4) {
      for index in 0..<HugeTree.nodeCount where tree.kind(of: NodeID(Int32(index))) == .leaf {
        tree.markNeedsLayout(NodeID(Int32(index)))
      }
      dirtySamples.append(measureNanoseconds { tree.layout(in: HugeTree.sizeA) })
      sink += tree.frame(of: NodeID(Int32(firstLeaf))).maxX
    }
    results.relayoutAllDirty = dirtySamples.scaled(by: nodes)
  }

  private mutating func measureBuildAndLayout(into results: inout Results) {
    var samples = Samples(capacity: iterations.builds)
    let faults = minorPageFaults()
    for _ in 0..<iterations.builds {
      samples.append(
        measureNanoseconds {
          var tree = HugeTree.build()
          tree.layout(in: HugeTree.sizeA)
          sink += tree.frame(of: NodeID(Int32(HugeTree.nodeCount - 1))).maxX
        })
    }
    results.buildPageFaults = Double(minorPageFaults() - faults) / Double(iterations.builds)
    results.buildAndLayout = samples.scaled(by: nodes)
    let counts = AllocationCounter.count {
      var tree = HugeTree.build()
      tree.layout(in: HugeTree.sizeA)
      sink += tree.frame(of: NodeID(1)).maxX
    }
    results.buildAllocations = counts.total
    results.buildBytes = counts.bytes
  }

  private mutating func measureNaive(into results: inout Results) {
    var first = Samples(capacity: iterations.naive)
    var relayout = Samples(capacity: iterations.naive)
    var build = Samples(capacity: iterations.naive)
    let root = Rect(origin: .zero, size: HugeTree.sizeA)
    let resized = Rect(origin: .zero, size: HugeTree.sizeB)
    for _ in 0..<iterations.naive {
      let tree = NaiveNode.buildHugeTree()
      first.append(measureNanoseconds { tree.layout(in: root) })
      relayout.append(measureNanoseconds { tree.layout(in: resized) })
      sink += tree.children[9].frame.maxX
      build.append(
        measureNanoseconds {
          let fresh = NaiveNode.buildHugeTree()
          fresh.layout(in: root)
          sink += fresh.children[9].frame.maxX
        })
    }
    results.naiveFirstLayout = first.scaled(by: nodes)
    results.naiveRelayout = relayout.scaled(by: nodes)
    results.naiveBuildAndLayout = build.scaled(by: nodes)

    // The baseline must compute the same frames as the engine, before and after a resize.
    for size in [HugeTree.sizeA, HugeTree.sizeB] {
      var tree = HugeTree.build()
      tree.layout(in: size)
      let naive = NaiveNode.buildHugeTree()
      naive.layout(in: Rect(origin: .zero, size: size))
      for (index, node) in naive.preorder().enumerated() {
        let id = NodeID(Int32(index))
        if tree.frame(of: id) != node.frame || !close(tree.exactFrame(of: id), node.exactFrame) {
          results.mismatchedFrames += 1
        }
      }
    }
  }

  private func close(_ a: Rect, _ b: Rect) -> Bool {
    Swift.abs(a.minX - b.minX) < 1e-6 && Swift.abs(a.minY - b.minY) < 1e-6
      && Swift.abs(a.width - b.width) < 1e-6 && Swift.abs(a.height - b.height) < 1e-6
  }
}
