import ArrangeGeometry

/// What the group solver sees of a tree: the one interface through which it reads and writes.
///
/// The solver (``solveGroup(_:size:rtl:)``, its main- and cross-axis passes, and the measuring
/// of groups of points and fit children) is written against this protocol, not against
/// ``LayoutTree``: it reads a node's links, kind, style, visibility and group style, writes
/// children's frames, asks for measurements, and borrows scratch space. Everything else of the
/// tree — building, dirtiness, rounding, queries, flows, the measuring loop — is out of its
/// reach, and no file of the solver (`Group/`) names a tree type: the tree's side of this seam
/// (its conformance, the scratch stack, the measurements it serves) is in `Tree/`.
/// ``LayoutTree`` is the one conforming type, and every call is specialized for it. Columns
/// are views of memory the tree owns: the solver writes frames and group slots through them
/// in place (``NodeColumn``'s setter does not mutate the column), which is why they are
/// `{ get }` here.
protocol GroupSolver {
  // MARK: Structure, read only

  /// Each node's first child, or -1.
  var firstChildren: NodeColumn<Int32> { get }
  /// Each node's next sibling, or -1.
  var nextSiblings: NodeColumn<Int32> { get }
  /// How many children each node has.
  var childCounts: NodeColumn<Int32> { get }
  /// What each node is.
  var kinds: NodeColumn<NodeKind> { get }
  /// Whether each node is hidden.
  var hiddenFlags: NodeColumn<Bool> { get }
  /// Each node's item style (how its parent sizes and places it).
  var styles: NodeColumn<ItemStyle> { get }
  /// Each group's index into ``groups`` (and each flow's into the flows).
  var slots: NodeColumn<Int32> { get }
  /// Each group's style and what its last solve found (which the solver writes).
  var groups: NodeColumn<GroupSlot> { get }

  // MARK: Frames

  /// Each node's edges relative to its parent's corner: the solver writes its children's.
  var localFrames: NodeColumn<Edges> { get }
  /// Each node's edges in root coordinates: the solver writes its leaf children's.
  var exactFrames: NodeColumn<Edges> { get }

  // MARK: Measurements

  /// The measurement of `node` under `proposal` when it is at hand, or `nil` after asking for
  /// it: the solver finishes its pass, calls ``servePendingMeasures()`` and runs it again.
  mutating func lookup(_ node: Int32, _ proposal: SizeProposal) -> Size?
  /// Measures everything asked for since the last call.
  mutating func servePendingMeasures()
  /// Drops what was asked for (the pass asking gave up and takes another path).
  mutating func cancelPendingMeasures()
  /// Asks for `node` to be measured under `proposal` before the next pass.
  mutating func requestMeasure(_ node: Int32, _ proposal: SizeProposal)
  /// Each node's last measurement, for a group measured while it lays its children out.
  var measurements: NodeColumn<CachedMeasurement> { get }
  /// Per node, whether it needs solving and what it was last solved for.
  var solved: NodeColumn<SolveState> { get }
  /// Whether groups lay their children out while they are measured.
  var laysOutWhileMeasuring: Bool { get }

  // MARK: Scratch space

  /// The scratch slots: a stack of regions, one per group or flow being sized.
  var scratch: [ScratchSlot] { get set }
  /// Reserves `count` slots above those in use; returns where they start.
  mutating func pushScratch(_ count: Int) -> Int
  /// Gives back the slots reserved at `base`.
  mutating func popScratch(_ base: Int)
}
