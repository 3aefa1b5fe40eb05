/// One value per node, in memory a ``NodeStore`` owns, read and written without bounds or
/// uniqueness checks.
///
/// The layout's walks read and write several per-node values at every level. Kept in arrays,
/// each read checked its index and each write checked that the array was not shared; for a
/// chain of nested groups those checks were a sixth of the work. Here indices are node indices,
/// which the tree checks once where a ``NodeID`` comes in (debug builds check every access as
/// well), and sharing is settled once per public mutating call (``LayoutTree/makeUnique()``).
struct NodeColumn<Element> {
  /// The first value; `capacity` values are allocated, the first `count` initialized.
  private(set) var base: UnsafeMutablePointer<Element>
  private(set) var count = 0
  private(set) var capacity: Int

  /// An empty column with room for `capacity` values.
  init(capacity: Int = 0) {
    self.capacity = capacity
    base = .allocate(capacity: Swift.max(1, capacity))
  }

  /// The value at `index`, read or written in place.
  subscript(index: Int) -> Element {
    @inline(__always) unsafeAddress {
      assert(index >= 0 && index < count, "node index out of range")
      return UnsafePointer(base + index)
    }
    @inline(__always) nonmutating unsafeMutableAddress {
      assert(index >= 0 && index < count, "node index out of range")
      return base + index
    }
  }

  /// The valid indices.
  var indices: Range<Int> { 0..<count }

  /// Appends `element`, doubling the storage when it is full.
  @inline(__always)
  mutating func append(_ element: Element) {
    if count == capacity { grow(to: Swift.max(16, capacity * 2)) }
    (base + count).initialize(to: element)
    count += 1
  }

  /// Appends `extra` copies of `element`.
  mutating func append(repeating element: Element, count extra: Int) {
    guard extra > 0 else { return }
    if count + extra > capacity { grow(to: Swift.max(count + extra, capacity * 2)) }
    (base + count).initialize(repeating: element, count: extra)
    count += extra
  }

  /// Makes room for `minimum` values in all.
  mutating func reserveCapacity(_ minimum: Int) {
    if minimum > capacity { grow(to: minimum) }
  }

  @inline(never)
  private mutating func grow(to newCapacity: Int) {
    let newBase = UnsafeMutablePointer<Element>.allocate(capacity: newCapacity)
    newBase.moveInitialize(from: base, count: count)
    base.deallocate()
    base = newBase
    capacity = newCapacity
  }

  /// A column of its own holding the same values.
  func copy() -> NodeColumn {
    var result = NodeColumn(capacity: count)
    result.base.initialize(from: base, count: count)
    result.count = count
    return result
  }

  /// Destroys the values and frees the memory; the column must not be used after.
  func free() {
    base.deinitialize(count: count)
    base.deallocate()
  }
}

/// The per-node storage of a ``LayoutTree``: its topology, inputs and layout state, as columns
/// indexed by node, shared between copies of a tree until one of them changes
/// (copy-on-write, see ``LayoutTree/makeUnique()``).
final class NodeStore: @unchecked Sendable {
  // Topology. -1 means "none".
  @exclusivity(unchecked) var kinds = NodeColumn<NodeKind>()
  @exclusivity(unchecked) var parents = NodeColumn<Int32>()
  @exclusivity(unchecked) var firstChildren = NodeColumn<Int32>()
  @exclusivity(unchecked) var lastChildren = NodeColumn<Int32>()
  @exclusivity(unchecked) var nextSiblings = NodeColumn<Int32>()
  @exclusivity(unchecked) var previousSiblings = NodeColumn<Int32>()
  @exclusivity(unchecked) var childCounts = NodeColumn<Int32>()
  // Inputs.
  @exclusivity(unchecked) var styles = NodeColumn<ItemStyle>()
  @exclusivity(unchecked) var hiddenFlags = NodeColumn<Bool>()
  @exclusivity(unchecked) var slots = NodeColumn<Int32>()
  @exclusivity(unchecked) var groups = NodeColumn<GroupSlot>()
  // Layout state.
  @exclusivity(unchecked) var solved = NodeColumn<SolveState>()
  @exclusivity(unchecked) var localFrames = NodeColumn<Edges>()
  @exclusivity(unchecked) var exactFrames = NodeColumn<Edges>()
  @exclusivity(unchecked) var measurements = NodeColumn<CachedMeasurement>()

  init() {}

  /// A store of its own with the same contents.
  func copy() -> NodeStore {
    let result = NodeStore()
    result.replaceAll(with: self)
    return result
  }

  /// Frees the (empty) columns of a new store and takes copies of `other`'s.
  private func replaceAll(with other: NodeStore) {
    freeAll()
    kinds = other.kinds.copy()
    parents = other.parents.copy()
    firstChildren = other.firstChildren.copy()
    lastChildren = other.lastChildren.copy()
    nextSiblings = other.nextSiblings.copy()
    previousSiblings = other.previousSiblings.copy()
    childCounts = other.childCounts.copy()
    styles = other.styles.copy()
    hiddenFlags = other.hiddenFlags.copy()
    slots = other.slots.copy()
    groups = other.groups.copy()
    solved = other.solved.copy()
    localFrames = other.localFrames.copy()
    exactFrames = other.exactFrames.copy()
    measurements = other.measurements.copy()
  }

  private func freeAll() {
    kinds.free()
    parents.free()
    firstChildren.free()
    lastChildren.free()
    nextSiblings.free()
    previousSiblings.free()
    childCounts.free()
    styles.free()
    hiddenFlags.free()
    slots.free()
    groups.free()
    solved.free()
    localFrames.free()
    exactFrames.free()
    measurements.free()
  }

  deinit { freeAll() }
}
