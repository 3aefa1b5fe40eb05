/// The tree's side of the group solver's seam (``GroupSolver``): the tree is what the solver
/// reads and writes, and the scratch stack it borrows. (The measurements it asks for are
/// served in `LayoutTree+Lookup`.)
extension LayoutTree: GroupSolver {}

extension LayoutTree {
  // MARK: - Scratch space

  /// Reserves `count` scratch slots above the ones in use and returns where they start.
  ///
  /// Sizing a group measures its children, which may size groups of their own: each level takes
  /// the slots above its parent's, so nothing is overwritten and, once the space has grown to
  /// the deepest path, nothing is allocated.
  mutating func pushScratch(_ count: Int) -> Int {
    let base = scratchTop
    let needed = base + count
    if scratch.count < needed {
      let extra = Swift.max(needed, scratch.count * 2, 16) - scratch.count
      scratch.append(contentsOf: repeatElement(ScratchSlot(), count: extra))
    }
    scratchTop = needed
    return base
  }

  /// Gives back the slots reserved at `base`.
  mutating func popScratch(_ base: Int) { scratchTop = base }
}
