import ArrangeGeometry

extension LayoutTree {
  // MARK: - Measurements a sizing needs

  /// The measurement of `node` under `proposal` when it is at hand, or `nil`.
  ///
  /// At hand means cached, or a leaf (measured now, which recurses into nothing). Otherwise the
  /// request is added to `pendingMeasures` and the answer is `nil`: the caller finishes its
  /// pass, has the requests served and runs the pass again.
  ///
  /// Every length a proposal carries is finite and non-negative (NaN, which equals nothing,
  /// would never be found in the cache).
  @inline(__always)
  mutating func lookup(_ node: Int32, _ offer: SizeProposal) -> Size? {
    // A cache entry's proposal is always valid, so an exact match needs no sanitizing; nor does
    // a content-stable entry offered at least its size in finite lengths (any other offer is
    // sanitized first by the slow path).
    let entry = measurements[Int(node)]
    if entry.valid {
      if entry.proposal.width == offer.width && entry.proposal.height == offer.height {
        return entry.size
      }
      if entry.stable && LayoutTree.covers(offer.width, entry.size.width)
        && LayoutTree.covers(offer.height, entry.size.height)
      {
        return entry.size
      }
    }
    return lookupSlowly(node, offer)
  }

  /// Whether an offered length leaves room for `length`: none offered, or a finite one at
  /// least as long.
  @inline(__always)
  static func covers(_ offer: Double?, _ length: Double) -> Bool {
    guard let offer else { return true }
    return offer >= length && offer.isFinite
  }

  /// ``lookup(_:_:)`` when the cache holds no exact match.
  @inline(never)
  mutating func lookupSlowly(_ node: Int32, _ offer: SizeProposal) -> Size? {
    let n = Int(node)
    var proposal = offer
    if let width = proposal.width, !(width >= 0 && width.isFinite) { proposal.width = 0 }
    if let height = proposal.height, !(height >= 0 && height.isFinite) { proposal.height = 0 }
    if let size = cachedMeasurement(n, proposal) { return size }
    if kinds[n] == .leaf {
      let size = measureLeaf(n, proposal)
      // A leaf with no measure function is zero under any proposal.
      measurements[n] = CachedMeasurement(
        proposal: proposal, size: size, valid: true,
        stable: slots[n] < 0 || measures[Int(slots[n])] == nil)
      return size
    }
    pendingMeasures.append(MeasureRequest(node: node, proposal: proposal))
    return nil
  }

  /// The cached measurement of node `n` if it answers `proposal`: measured under that very
  /// proposal, or content-stable (see ``isContentStable(base:count:)``) and offered at least its
  /// size (or nothing) on each axis, which gives the same size.
  @inline(__always)
  func cachedMeasurement(_ n: Int, _ proposal: SizeProposal) -> Size? {
    let entry = measurements[n]
    guard entry.valid else { return nil }
    if entry.proposal.width == proposal.width && entry.proposal.height == proposal.height {
      return entry.size
    }
    guard entry.stable else { return nil }
    let size = entry.size
    if let width = proposal.width, width < size.width { return nil }
    if let height = proposal.height, height < size.height { return nil }
    return size
  }

  /// Drops the pending requests.
  mutating func cancelPendingMeasures() { pendingMeasures.removeAll(keepingCapacity: true) }

  /// Asks for `node` to be measured under `proposal` when the pending requests are served.
  mutating func requestMeasure(_ node: Int32, _ proposal: SizeProposal) {
    pendingMeasures.append(MeasureRequest(node: node, proposal: proposal))
  }

  /// Measures every pending request (each with the iterative ``measure(_:_:)``), leaving the
  /// results in the cache for the pass that asked for them.
  mutating func servePendingMeasures() {
    var requests = pendingMeasures
    pendingMeasures = servingMeasures
    servingMeasures = []
    for request in requests { _ = measure(request.node, request.proposal) }
    requests.removeAll(keepingCapacity: true)
    servingMeasures = requests
  }
}
