public import ArrangeGeometry

/// A tree of groups, flows and leaves stored in a flat arena, and the layout computed for it.
///
/// Nodes live in parallel columns indexed by ``NodeID`` (a struct of arrays, not a class per
/// node), so building a tree is a series of appends and a re-layout allocates nothing. The
/// columns are shared by copies of a tree until one of them changes (copy-on-write), and read
/// without a bounds or uniqueness check per access. Build it
/// directly with ``addGroup(_:style:to:name:)``, ``addFlow(_:style:to:name:)`` and
/// ``addLeaf(style:measure:to:name:)``, or describe it with ``LayoutNode`` and create it with
/// ``init(_:)``.
///
/// ```swift
/// var tree = LayoutTree()
/// let row = tree.addGroup(.horizontal(spacing: 8))
/// tree.addLeaf(style: ItemStyle(size: .points(100)), to: row)
/// tree.addLeaf(style: ItemStyle(size: .fill), to: row)
/// tree.layout(in: Size(width: 400, height: 50))
/// tree.frame(of: NodeID(2))   // (108, 0, 292, 50)
/// ```
///
/// Layout is two-phase: nodes sized `.fit` are measured under a ``SizeProposal`` (results cached
/// per node), then every group places its children. Changing a node marks it and its ancestors
/// dirty; the next ``layout(in:)`` re-solves only dirty groups and groups whose size changed,
/// moves the subtrees whose position changed and skips every other subtree.
///
/// Neither phase recurses: measuring keeps its own stack of suspended nodes and placing walks
/// the tree by its links, so any depth that fits in memory lays out, in time and memory linear
/// in the number of nodes. Every finite input gives finite frames with non-negative sizes: sums
/// that would overflow a `Double` saturate at its largest finite value.
public struct LayoutTree: Sendable {
  /// The per-node columns (topology, styles, group slots, layout state).
  var store = NodeStore()
  // Topology. -1 means "none".
  var kinds: NodeColumn<NodeKind> { store.kinds }
  var parents: NodeColumn<Int32> { store.parents }
  var firstChildren: NodeColumn<Int32> { store.firstChildren }
  var lastChildren: NodeColumn<Int32> { store.lastChildren }
  var nextSiblings: NodeColumn<Int32> { store.nextSiblings }
  var previousSiblings: NodeColumn<Int32> { store.previousSiblings }
  /// Per node, how many children it has (hidden ones included).
  var childCounts: NodeColumn<Int32> { store.childCounts }

  // Inputs.
  var styles: NodeColumn<ItemStyle> { store.styles }
  /// Per node, `styles[n].isHidden`, kept apart so that the walks over the tree read one byte.
  var hiddenFlags: NodeColumn<Bool> { store.hiddenFlags }
  /// Per node, its index in `groups`, `flows` or `measures` (by kind), or -1.
  ///
  /// Kind-specific data lives in these side tables so that a node costs only what every node
  /// needs.
  var slots: NodeColumn<Int32> { store.slots }
  var groups: NodeColumn<GroupSlot> { store.groups }
  var flows: [FlowSlot] = []
  var measures: [MeasureFunction?] = []
  var names: [Int32: String] = [:]

  // Layout state.
  /// Per node, whether it needs solving and the size and direction it was last solved for.
  var solved: NodeColumn<SolveState> { store.solved }
  /// Each node's edges relative to its parent's top-left corner.
  var localFrames: NodeColumn<Edges> { store.localFrames }
  /// Each node's edges in root coordinates, before rounding.
  var exactFrames: NodeColumn<Edges> { store.exactFrames }
  /// Per node, its last measurement (one entry, so that a lookup reads one cache line).
  var measurements: NodeColumn<CachedMeasurement> { store.measurements }
  var invalidMeasurements: [Int32: Double] = [:]
  var invalidContainerSizes: [Double] = []

  // Scratch space, reused by every layout: a stack of regions for the groups and flows being
  // sized (``pushScratch(_:)``), the measuring stack and the flow buffers. Once they have grown
  // to the tree's needs, a layout allocates nothing.
  var scratch: [ScratchSlot] = []
  var scratchTop = 0
  /// The nodes being measured, innermost last (see ``measure(_:_:)``).
  var measureStack: [MeasureTask] = []
  /// Measurements a group or flow needs before it can be sized (see ``lookup(_:_:)``).
  var pendingMeasures: [MeasureRequest] = []
  /// The other half of `pendingMeasures`, swapped in while requests are served.
  var servingMeasures: [MeasureRequest] = []
  /// A flow's item sizes and members, filled before they are swapped into its layout (which
  /// hands back its old storage).
  var flowSizeScratch: [Size] = []
  var flowMemberScratch: [Int32] = []
  /// Whether groups lay their children out while they are measured.
  ///
  /// They do when that is the solve's answer (see
  /// ``sizePointsAndFit(_:slot:_:points:spacingTotal:)``). Always on; tests turn it off to check
  /// that the frames are the same without it.
  var laysOutWhileMeasuring = true
  var flowMeasureScratch: FlowSlot? = nil
  /// The flow whose measurement `flowMeasureScratch` holds the layout of, or -1.
  var flowMeasuredNode: Int32 = -1
  /// Whether `flowMeasureScratch` was flowed in the current layout pass from items of points
  /// sizes: then the items are those the flow's solve would size (nothing can change between
  /// the two within a pass, and such sizes depend on no proposal), and it takes the layout
  /// without sizing and comparing them again.
  var flowMeasuredFixedInPass = false
  /// Whether a layout pass (``layout(in:)``) is under way.
  var isLayingOut = false

  /// The root node: the first node added without a parent.
  public internal(set) var root: NodeID?

  /// The grid that edges snap to: 1 for whole terminal cells or points, 2 or 3 for device pixels.
  ///
  /// Edges are rounded to multiples of `1 / scale`; a value that is not a finite positive number
  /// is treated as 1.
  public var scale: Double = 1 {
    didSet {
      if scale != oldValue {
        makeUnique()
        invalidateAll()
      }
    }
  }

  /// The reading direction of nodes that do not set their own.
  ///
  /// Changing it keeps every cached measurement (measuring does not depend on the direction);
  /// the next layout re-solves the groups whose direction changed.
  public var layoutDirection: LayoutDirection = .leftToRight

  /// Creates an empty tree.
  public init() {}

  /// The number of nodes in the arena, attached or not.
  public var nodeCount: Int { kinds.count }

  /// Reserves storage for `count` nodes, so that building that many appends without reallocating.
  public mutating func reserveCapacity(_ count: Int) {
    makeUnique()
    store.kinds.reserveCapacity(count)
    store.parents.reserveCapacity(count)
    store.firstChildren.reserveCapacity(count)
    store.lastChildren.reserveCapacity(count)
    store.nextSiblings.reserveCapacity(count)
    store.previousSiblings.reserveCapacity(count)
    store.childCounts.reserveCapacity(count)
    store.styles.reserveCapacity(count)
    store.hiddenFlags.reserveCapacity(count)
    store.slots.reserveCapacity(count)
    store.solved.reserveCapacity(count)
    store.localFrames.reserveCapacity(count)
    store.exactFrames.reserveCapacity(count)
    store.measurements.reserveCapacity(count)
  }

  /// Gives this tree a store of its own if it shares one with a copy, so that its columns can
  /// be written in place: every public mutating method calls it first.
  @inline(__always)
  mutating func makeUnique() {
    if !isKnownUniquelyReferenced(&store) { store = store.copy() }
  }

  var effectiveScale: Double { scale > 0 && scale.isFinite ? scale : 1 }

  /// Adds the layout state of the nodes added since the last layout, in bulk: dirty,
  /// unmeasured, unsolved, with empty frames.
  mutating func growLayoutState() {
    let extra = kinds.count - solved.count
    guard extra > 0 else { return }
    store.solved.append(repeating: SolveState(), count: extra)
    store.localFrames.append(repeating: .zero, count: extra)
    store.exactFrames.append(repeating: .zero, count: extra)
    store.measurements.append(repeating: CachedMeasurement(), count: extra)
  }

  /// The exact frame of node `n` in root coordinates; empty for a node added since the last
  /// layout.
  func exactEdges(_ n: Int) -> Edges { n < exactFrames.count ? exactFrames[n] : .zero }

  mutating func invalidateAll() {
    for index in solved.indices {
      solved[index].dirty = true
      measurements[index].valid = false
    }
  }
}

/// A group node's style and what its last layout found.
struct GroupSlot: Sendable {
  var style: GroupStyle {
    didSet { derive() }
  }
  /// The style's padding with invalid edges replaced by 0, worked out once.
  var padding: EdgeInsets
  /// The padding along the main axis and across it, in total.
  var padMain = 0.0
  var padCross = 0.0
  /// The spacing between visible children: sanitized, and 0 in margin mode.
  var gap = 0.0
  /// How far the children overflowed the main axis.
  var overflow: Double = 0
  /// How far the largest child overflowed the cross axis.
  var crossOverflow: Double = 0
  var percentTotal: Double = 0
  /// How far the padding exceeded the group's width and height.
  var paddingOverflow = Size.zero
  /// The size of group the children's local frames were laid out for while the group was
  /// measured, or negative when they were not (see
  /// ``GroupSolver/sizePointsAndFit(_:slot:_:points:spacingTotal:)``); with the main length
  /// left over and the cross overflow the solve would find.
  var laidSize = GroupSlot.notLaid
  var laidExtra = 0.0
  var laidCrossOverflow = 0.0

  /// The `laidSize` of a group whose children were not laid out while it was measured.
  static let notLaid = Size(width: -1, height: -1)

  init(style: GroupStyle) {
    self.style = style
    self.padding = .zero
    derive()
  }

  /// Works out what the style implies once, instead of at every measure and solve.
  private mutating func derive() {
    padding = style.padding.sanitized
    padMain = clampFinite(padding.total(along: style.axis))
    padCross = clampFinite(padding.total(along: style.axis.cross))
    gap = style.margin == nil ? nonNegative(style.spacing) : 0
  }

  /// Records what a layout found.
  mutating func found(
    overflow: Double, crossOverflow: Double, percentTotal: Double, paddingOverflow: Size
  ) {
    self.overflow = overflow
    self.crossOverflow = crossOverflow
    self.percentTotal = percentTotal
    self.paddingOverflow = paddingOverflow
  }
}

/// A flow node's layout and the children it holds (the visible ones, in order).
struct FlowSlot: Sendable {
  var style: FlowStyle
  var layout: FlowLayout
  var members: [Int32]
  /// How far the padding exceeded the flow's width and height in the last layout.
  var paddingOverflow = Size.zero

  init(style: FlowStyle) {
    self.style = style
    self.layout = FlowLayout(style: style, containerSize: .zero)
    self.members = []
  }
}

/// What a node was last solved for.
struct SolveState: Sendable {
  /// The size it was solved at; negative before it is solved.
  var size = Size(width: -1, height: -1)
  /// Whether it, or something in its subtree, changed since.
  var dirty = true
  /// Whether it was solved right to left.
  var rightToLeft = false
  /// How many children it had when it was solved, if they were visible leaves with consecutive
  /// indices from its first child (a run that a move shifts in one loop); otherwise -1.
  var leafRun: Int32 = -1
}

/// A node's last measurement.
struct CachedMeasurement: Sendable {
  /// The proposal it was measured under.
  var proposal = SizeProposal.unspecified
  var size = Size.zero
  /// Whether it still holds (nothing in the subtree changed since).
  var valid = false
  /// Whether it is content-stable (see ``GroupSolver/isContentStable(base:count:)``).
  var stable = false
}

/// A measurement a group or flow needs: `node` under `proposal`.
struct MeasureRequest: Sendable {
  var node: Int32
  var proposal: SizeProposal
}

/// A group or flow being measured, suspended while the children it needs are measured.
///
/// Small on purpose: a chain of nested groups keeps one task per level on the stack at once.
/// What a pass over the children found lives in the node's scratch region, not here.
struct MeasureTask: Sendable {
  var node: Int32
  /// Where the node's scratch region starts, or -1 before it has one.
  var base: Int32 = -1
  /// 0 before the task is started; then for a group 1 (started), 2 (the general pass, before
  /// the main axis is shared), 3 (after) or 4 (the pass for points and fit children); for a
  /// flow 1 (before its items' main sizes are known) or 2 (after).
  var phase: UInt8 = 0
  /// Whether the measurement found is content-stable.
  var stable = false
  /// A group's children's main sizes and spacing, added up, once phase 1 is reached.
  var main = 0.0
  /// A flow's visible item count, once phase 1 is reached.
  var count: Int32 = 0
  var proposal: SizeProposal

  init(node: Int32, proposal: SizeProposal) {
    self.node = node
    self.proposal = proposal
  }
}
