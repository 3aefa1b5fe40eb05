import ArrangeGeometry
import ArrangeLayout
import CallgrindEntry

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `arrange-benchmarks`: measures the performance figures of docs/layout.md and docs/drag-and-drop.md
/// (drag) and prints each one next to its bar, then the terminal figures (a full redraw and a drag
/// step of a 200×60 board, against a naive every-cell rewrite), which have no bar.
///
/// ```
/// arrange-benchmarks [--quick] [--no-callgrind] [--strict]
/// arrange-benchmarks callgrind [first|relayout|build|leaf-change|frames-read|relayout-read|
///   frame-of-read|flow-first|flow-width|flow-fit|content-first|content-width|chain-build-N|chain-layout-N]
/// arrange-benchmarks profile <figure> [seconds]
/// ```
///
/// - `--quick`: fewer iterations (a CI smoke run of a few seconds).
/// - `--no-callgrind`: skip the instruction count even when valgrind is installed.
/// - `--strict`: exit with status 1 when a figure misses its bar (correctness failures, such as
///   a query answering differently from the naive scan, always exit with status 1).
/// - `callgrind`: builds the huge tree and calls ``arrangeBenchmarkLayoutPass(_:in:)`` once
///   (`relayout`: lays it out, then calls ``arrangeBenchmarkRelayoutPass(_:in:)`` once after a
///   root resize), for `valgrind --tool=callgrind --toggle-collect=...`.
/// - `profile`: repeats one figure for a few seconds, for `perf record`.
@main
struct ArrangeBenchmarks {
  /// Parses the command line and runs the requested mode.
  static func main() {
    let arguments = Array(CommandLine.arguments.dropFirst())
    switch arguments.first {
    case "callgrind":
      runCallgrindMode(arguments.dropFirst().first ?? "first")
    case "profile":
      let seconds = arguments.count > 2 ? Double(arguments[2]) ?? 5 : 5
      runProfileMode(arguments.count > 1 ? arguments[1] : "first", seconds: seconds)
    case "-h", "--help":
      print(
        """
        usage: arrange-benchmarks [--quick] [--no-callgrind] [--strict]
               arrange-benchmarks callgrind [first|relayout|build|leaf-change|frames-read|relayout-read|frame-of-read|flow-first|flow-width|flow-fit|content-first|content-width|chain-build-N|chain-layout-N]
               arrange-benchmarks profile <figure> [seconds]
        """)
    default:
      let options = Set(arguments)
      let known: Set = ["--quick", "--no-callgrind", "--strict"]
      if let unknown = options.subtracting(known).first {
        print("arrange-benchmarks: unknown option \(unknown) (try --help)")
        exit(2)
      }
      let status = runAll(
        quick: options.contains("--quick"), callgrind: !options.contains("--no-callgrind"),
        strict: options.contains("--strict"))
      exit(status)
    }
  }

  // MARK: - Modes

  /// Builds the huge tree and lays it out once inside the function callgrind toggles on.
  static func runCallgrindMode(_ mode: String) {
    if runCountedWork(mode) { return }
    var tree = HugeTree.build()
    if mode == "relayout" {
      tree.layout(in: HugeTree.sizeA)
      arrangeBenchmarkRelayoutPass(&tree, in: HugeTree.sizeB)
    } else {
      arrangeBenchmarkLayoutPass(&tree, in: HugeTree.sizeA)
    }
    print("checksum \(HugeTree.checksum(of: tree))")
  }

  /// Runs one of the figures counted inside ``arrangeBenchmarkMeasuredWork(_:)``.
  ///
  /// Figures: `build` (build + layout + free of the huge tree), `chain-build-N` and `chain-layout-N` (a fit chain
  /// N deep), `leaf-change` (a re-layout after one leaf of the huge tree changed size). Returns
  /// whether `mode` was one of them.
  static func runCountedWork(_ mode: String) -> Bool {
    var sink = 0.0
    if mode == "build" {
      arrangeBenchmarkMeasuredWork {
        var tree = HugeTree.build()
        tree.layout(in: HugeTree.sizeA)
        sink += tree.frame(of: NodeID(1)).width
      }
    } else if mode == "leaf-change" {
      var tree = HugeTree.build()
      tree.layout(in: HugeTree.sizeA)
      let leaf = NodeID(Int32(HugeTree.nodeCount - 1))
      var style = tree.style(of: leaf)
      style.minSize = 12
      arrangeBenchmarkMeasuredWork {
        tree.setStyle(style, of: leaf)
        tree.layout(in: HugeTree.sizeA)
      }
      sink += tree.frame(of: leaf).width
    } else if mode == "frames-read" || mode == "relayout-read" || mode == "frame-of-read" {
      // Every frame read, rounded: in bulk (after a re-layout, for `relayout-read`), or one
      // `frame(of:)` per node.
      var tree = HugeTree.build()
      tree.layout(in: HugeTree.sizeA)
      var frames: [Rect] = []
      tree.frames(into: &frames)
      switch mode {
      case "frames-read":
        arrangeBenchmarkMeasuredWork { tree.frames(into: &frames) }
      case "relayout-read":
        arrangeBenchmarkMeasuredWork {
          tree.layout(in: HugeTree.sizeB)
          tree.frames(into: &frames)
        }
      default:
        arrangeBenchmarkMeasuredWork {
          for index in 0..<HugeTree.nodeCount {
            frames[index] = tree.frame(of: NodeID(Int32(index)))
          }
        }
      }
      sink += frames[HugeTree.nodeCount - 1].maxX
    } else if mode == "flow-first" || mode == "flow-width" || mode == "flow-fit" {
      // A flow of 10,000 items: its first layout, or a re-layout one point wider, or its first
      // layout as tall as its content (measured, then laid out).
      var tree = BigFlow.build()
      if mode == "flow-fit" {
        arrangeBenchmarkMeasuredWork {
          tree.layout(in: Size(width: BigFlow.size.width, height: .infinity))
        }
      } else if mode == "flow-first" {
        arrangeBenchmarkMeasuredWork { tree.layout(in: BigFlow.size) }
      } else {
        tree.layout(in: BigFlow.size)
        arrangeBenchmarkMeasuredWork { tree.layout(in: BigFlow.wider) }
      }
      sink += tree.frame(of: NodeID(Int32(BigFlow.itemCount))).maxY
    } else if mode == "content-first" || mode == "content-width" {
      // The flow sized to its content: its first layout, or two width changes (999, then back).
      var tree = ContentFlow.build()
      // The layout functions themselves are toggled (a closure passed to the measured-work
      // function was inlined here, and callgrind counted nothing).
      if mode == "content-first" {
        arrangeBenchmarkLayoutPass(&tree, in: ContentFlow.size)
      } else {
        tree.layout(in: ContentFlow.size)
        arrangeBenchmarkRelayoutPass(&tree, in: ContentFlow.narrower)
        arrangeBenchmarkRelayoutPass(&tree, in: ContentFlow.size)
      }
      sink += tree.frame(of: NodeID(Int32(ContentFlow.itemCount))).maxY
    } else if mode.hasPrefix("chain-build-"), let depth = Int(mode.dropFirst(12)) {
      arrangeBenchmarkMeasuredWork {
        let tree = FitChain.build(depth: depth)
        sink += Double(tree.nodeCount)
      }
    } else if mode.hasPrefix("chain-layout-"), let depth = Int(mode.dropFirst(13)) {
      var tree = FitChain.build(depth: depth)
      arrangeBenchmarkMeasuredWork { tree.layout(in: FitChain.size) }
      sink += FitChain.isCorrect(tree, depth: depth) ? 1 : 0
    } else {
      return false
    }
    print("checksum \(sink)")
    return true
  }

  /// Repeats one figure for `seconds`, for sampling profilers such as `perf record`.
  ///
  /// Figures: `first` (build a tree, then one first layout), `relayout`, `build` (build + layout
  /// + free), `flow-item`, `flow-index` (queries on 100,000 items), `flow-edit` (an insert and a
  /// removal), `flow-replace` (`replaceItems` of 100,000 items), `drag` (pointer moves over
  /// 100,000 items), `terminal` (drag steps on the 200×60 board, diffed) and `terminal-redraw`
  /// (full redraws of that board), `board-start` (opening the 1,000-card board to its first
  /// frame).
  static func runProfileMode(_ figure: String, seconds: Double) {
    let end = monotonicNanoseconds() + UInt64(seconds * 1e9)
    var sink = 0.0
    var count = 0
    var tree = HugeTree.build()
    tree.layout(in: HugeTree.sizeA)
    var random = SplitMix64(seed: 42)
    var flow = FlowLayout(style: FlowBenchmarks.style, containerSize: FlowBenchmarks.container)
    var sizes: [Size] = []
    if figure.hasPrefix("flow") {
      sizes = (0..<FlowBenchmarks.itemCount).map { _ in
        Size(width: Double(8 + random.next() % 56), height: Double(8 + random.next() % 24))
      }
      flow.replaceItems(sizes)
    }
    let height = UInt64(flow.contentSize.height)
    if figure == "drag" {
      print("moves \(DragBenchmarks.profile(seconds: seconds))")
      return
    }
    if figure == "terminal" || figure == "terminal-redraw" {
      print("\(figure): \(TerminalBenchmarks.profile(figure, seconds: seconds)) frames")
      return
    }
    if figure == "board-start" {
      var boards = BoardBenchmarks(iterations: .init(starts: 1, steps: 0))
      var starts = 0
      while monotonicNanoseconds() < end {
        _ = boards.run()
        starts += 1
      }
      print("board-start: \(starts) starts (checksum \(boards.sink))")
      return
    }
    while monotonicNanoseconds() < end {
      switch figure {
      case "relayout":
        tree.layout(in: count % 2 == 0 ? HugeTree.sizeB : HugeTree.sizeA)
      case "build":
        var fresh = HugeTree.build()
        fresh.layout(in: HugeTree.sizeA)
        sink += fresh.frame(of: NodeID(1)).width
      case "flow-item", "flow-index":
        for _ in 0..<1000 {
          let point = Point(
            x: Double(random.next() % 1000), y: Double(random.next() % Swift.max(1, height)))
          sink += Double(
            figure == "flow-item"
              ? flow.item(at: point) ?? -1 : flow.insertionIndex(for: point))
        }
      case "flow-edit":
        let at = Int(random.next() % UInt64(flow.count))
        flow.insert(Size(width: 20, height: 10), at: at)
        sink += flow.remove(at: Int(random.next() % UInt64(flow.count))).width
      case "flow-replace":
        flow.replaceItems(sizes)
        sink += Double(flow.lineCount)
      default:
        var fresh = HugeTree.build()
        arrangeBenchmarkLayoutPass(&fresh, in: HugeTree.sizeA)
        sink += fresh.frame(of: NodeID(1)).width
      }
      count += 1
    }
    print("\(figure): \(count) iterations (checksum \(sink + HugeTree.checksum(of: tree)))")
  }

  /// Runs every figure and prints the table; returns the exit status.
  static func runAll(quick: Bool, callgrind: Bool, strict: Bool) -> Int32 {
    let start = monotonicNanoseconds()
    print("Arrange benchmarks (layout, drag, terminal, board)\(quick ? " — quick run" : "")")
    print(
      "huge nested tree: \(HugeTree.nodeCount) nodes (root + 10 children per node, 4 levels),"
        + " root \(describe(HugeTree.sizeA)) / \(describe(HugeTree.sizeB))")
    print("allocation counting: \(AllocationCounter.method)")
    print("timing: CLOCK_MONOTONIC; p50 and p99 over iterations; bars are checked against p50")
    print("")

    var trees = TreeBenchmarks(
      iterations: quick
        ? .init(firstLayouts: 10, relayouts: 200, builds: 10, naive: 3)
        : .init(firstLayouts: 300, relayouts: 10_000, builds: 300, naive: 60))
    let tree = trees.run()
    var flows = FlowBenchmarks(
      iterations: quick
        ? .init(queryBatches: 20, naiveQueries: 40, edits: 100, fullRecomputes: 10)
        : .init(queryBatches: 1000, naiveQueries: 1000, edits: 4000, fullRecomputes: 200))
    let flow = flows.run()
    var drags = DragBenchmarks(
      iterations: quick
        ? .init(moves: 2_000, naiveMoves: 100) : .init(moves: 20_000, naiveMoves: 1_000))
    let drag = drags.run()
    var selections = SelectionBenchmarks(moves: quick ? 200 : 2_000, drops: quick ? 1 : 5)
    let selection = selections.run()
    var terminals = TerminalBenchmarks(
      iterations: quick
        ? .init(redraws: 20, steps: 200, naiveSteps: 60, checkedSteps: 40)
        : .init(redraws: 200, steps: 1_500, naiveSteps: 500, checkedSteps: 200))
    let terminal = terminals.run()
    var boards = BoardBenchmarks(
      iterations: quick
        ? .init(starts: 3, steps: 100, saves: 5) : .init(starts: 30, steps: 1_000, saves: 100))
    let board = boards.run()

    var table = Table()
    table.section("Huge nested tree, per node")
    table.timing("first layout", tree.firstLayout, bar: 150)
    table.timing("re-layout after a root resize", tree.relayout, bar: 40)
    table.timing("build + layout (+ free)", tree.buildAndLayout, bar: 250)
    let perNode = Double(tree.relayoutAllocations) / Double(HugeTree.nodeCount)
    table.row(
      "heap allocations per re-layout",
      p50: "\(tree.relayoutAllocations) (\(format(perNode, digits: 3))/node)", p99: "max",
      bar: "0 per node",
      verdict: AllocationCounter.method == .interposed ? (perNode == 0 ? .pass : .fail) : .info)
    table.row(
      "heap allocations per re-layout of 10 flows × 100 items",
      p50: "\(tree.flowRelayoutAllocations)", p99: "max", bar: "0",
      verdict: AllocationCounter.method == .interposed
        ? (tree.flowRelayoutAllocations == 0 ? .pass : .fail) : .info)
    table.row(
      "heap allocations of a flow of 10,000 items laid out again, 1 pt wider",
      p50: "\(tree.bigFlowWidthAllocations)", p99: "max", bar: "0",
      verdict: AllocationCounter.method == .interposed
        ? (tree.bigFlowWidthAllocations == 0 ? .pass : .fail) : .info)
    table.section("Instructions per node (callgrind Ir, the bars of the layout engine)")
    let counted: [(String, String, String, Int, Double?)] =
      [
        (
          "first layout (huge tree)", "first", "*arrangeBenchmarkLayoutPass*", HugeTree.nodeCount,
          450
        ),
        (
          "re-layout after a root resize (huge tree)", "relayout", "*arrangeBenchmarkRelayoutPass*",
          HugeTree.nodeCount, 18
        ),
        (
          "build + layout + free (huge tree)", "build", "*arrangeBenchmarkMeasuredWork*",
          HugeTree.nodeCount, 900
        ),
        (
          "one leaf changed, re-layout (huge tree; total)", "leaf-change",
          "*arrangeBenchmarkMeasuredWork*", 1, nil
        ),
        (
          "every frame read rounded, in bulk (huge tree)", "frames-read",
          "*arrangeBenchmarkMeasuredWork*", HugeTree.nodeCount, 25
        ),
        (
          "re-layout + every frame read rounded (huge tree)", "relayout-read",
          "*arrangeBenchmarkMeasuredWork*", HugeTree.nodeCount, 40
        ),
        (
          "every frame read by frame(of:) (huge tree)", "frame-of-read",
          "*arrangeBenchmarkMeasuredWork*", HugeTree.nodeCount, nil
        ),
        (
          "flow of 10,000 items: first layout", "flow-first", "*arrangeBenchmarkMeasuredWork*",
          BigFlow.itemCount + 1, 270
        ),
        (
          "flow of 10,000 items: width change", "flow-width", "*arrangeBenchmarkMeasuredWork*",
          BigFlow.itemCount + 1, 215
        ),
        (
          "flow of 10,000 items sized to its content: first layout", "flow-fit",
          "*arrangeBenchmarkMeasuredWork*", BigFlow.itemCount + 1, nil
        ),
        (
          "content-sized flow of 10,000 (taffy's case): first layout", "content-first",
          "*arrangeBenchmarkLayoutPass*", ContentFlow.itemCount + 1, 270
        ),
        (
          "content-sized flow of 10,000 (taffy's case): per width change", "content-width",
          "*arrangeBenchmarkRelayoutPass*", 2 * (ContentFlow.itemCount + 1), 215
        ),
      ]
      + FitChain.depths.flatMap { depth in
        [
          (
            "fit chain \(depth) deep: build", "chain-build-\(depth)",
            "*arrangeBenchmarkMeasuredWork*",
            depth + 1, 1000.0
          ),
          (
            "fit chain \(depth) deep: first layout", "chain-layout-\(depth)",
            "*arrangeBenchmarkMeasuredWork*", depth + 1, 1000.0
          ),
        ]
      }
    for (label, mode, function, nodes, bar) in counted {
      let barText = bar.map { "≤ " + format($0, digits: 0) } ?? "—"
      switch callgrind
        ? CallgrindDriver.measure(mode: mode, function: function)
        : .unavailable("skipped (--no-callgrind)")
      {
      case .instructions(let total):
        let perNode = Double(total) / Double(nodes)
        table.row(
          label, p50: format(perNode, digits: 0), p99: "\(total) total", bar: barText,
          verdict: bar.map { perNode <= $0 ? .pass : .fail } ?? .info)
      case .unavailable(let reason):
        table.row(label, p50: "n/a", p99: reason, bar: barText, verdict: .info)
      }
    }
    table.section("Huge nested tree, informative")
    table.timing("re-layout, every node dirty (marking untimed)", tree.relayoutAllDirty, bar: nil)
    table.row(
      "heap allocations: first layout / build + layout",
      p50: "\(tree.firstLayoutAllocations) / \(tree.buildAllocations)", p99: "per tree",
      bar: "—", verdict: .info)
    table.row(
      "heap bytes per node (build + layout)",
      p50: format(Double(tree.buildBytes) / Double(HugeTree.nodeCount), digits: 0),
      p99: format(tree.buildPageFaults, digits: 1) + " faults/tree", bar: "—", verdict: .info)
    table.ratio("naive class-per-node: first layout", tree.naiveFirstLayout, tree.firstLayout)
    table.ratio("naive class-per-node: re-layout (no cache)", tree.naiveRelayout, tree.relayout)
    table.ratio(
      "naive class-per-node: build + layout", tree.naiveBuildAndLayout, tree.buildAndLayout)
    table.row(
      "frames equal to the naive baseline", p50: tree.mismatchedFrames == 0 ? "yes" : "no",
      p99: "\(tree.mismatchedFrames) differ", bar: "all equal",
      verdict: tree.mismatchedFrames == 0 ? .pass : .fail, isCorrectness: true)

    table.section(
      "Flow, \(FlowBenchmarks.itemCount) items in 1,000 pt (\(flow.lineCount) lines), per query")
    table.timing("item(at:)", flow.itemAt, bar: 1000)
    table.timing("insertionIndex(for:)", flow.insertionIndex, bar: 1000)
    table.ratio("naive linear scan: item at point", flow.naiveItemAt, flow.itemAt)
    table.ratio("naive linear scan: insertion index", flow.naiveInsertionIndex, flow.insertionIndex)
    table.row(
      "answers equal to the naive scans", p50: flow.mismatchedQueries == 0 ? "yes" : "no",
      p99: "\(flow.mismatchedQueries) differ", bar: "all equal",
      verdict: flow.mismatchedQueries == 0 ? .pass : .fail, isCorrectness: true)
    table.row(
      "heap allocations per query",
      p50: format(flow.itemAtAllocations, digits: 2) + " / "
        + format(flow.insertionIndexAllocations, digits: 2),
      p99: "item / index", bar: "—", verdict: .info)

    table.section("Flow, \(FlowBenchmarks.itemCount) items, per edit")
    table.timing("incremental insert", flow.insert, bar: nil)
    table.timing("incremental remove", flow.remove, bar: nil)
    table.timing("full recompute: replaceItems", flow.replaceItems, bar: nil)
    table.timing("full re-flow only: setContainerSize", flow.fullReflow, bar: nil)
    table.speedup("replaceItems / incremental insert", flow.replaceItems, flow.insert)
    table.speedup("replaceItems / incremental remove", flow.replaceItems, flow.remove)
    table.row(
      "heap allocations per insert / remove",
      p50: format(flow.insertAllocations, digits: 2) + " / "
        + format(flow.removeAllocations, digits: 2), p99: "mean", bar: "—", verdict: .info)
    table.row(
      "lines whose items changed, per edit", p50: format(flow.changedLines.median, digits: 0),
      p99: format(flow.changedLines.p99, digits: 0),
      bar: "max " + format(flow.changedLines.percentile(100), digits: 0), verdict: .info)
    table.row(
      "heap allocations per replaceItems", p50: "\(flow.replaceItemsAllocations)",
      p99: "per call", bar: "—", verdict: .info)
    table.row(
      "edited flow equals a fresh layout", p50: flow.editsMatchFullLayout ? "yes" : "no", p99: "",
      bar: "equal", verdict: flow.editsMatchFullLayout ? .pass : .fail, isCorrectness: true)

    drags.report(drag, into: &table)
    selections.report(selection, into: &table)
    terminals.report(terminal, into: &table)
    boards.report(board, into: &table)

    table.print()
    let elapsed = Double(monotonicNanoseconds() - start) / 1e9
    print("")
    let checksum = trees.sink + Double(flows.sink &+ drags.sink &+ terminals.sink &+ boards.sink)
    print("total time \(format(elapsed, digits: 1)) s (checksum \(checksum))")
    if table.hasCorrectnessFailure { return 1 }
    return strict && table.hasFailure ? 1 : 0
  }

  private static func describe(_ size: Size) -> String {
    "\(format(size.width, digits: 0))×\(format(size.height, digits: 0))"
  }
}
