public import ArrangeGeometry

extension FlowLayout {
  /// Inserts an item of `size` at `index` and re-flows only the lines that change.
  ///
  /// - Precondition: `0 ≤ index ≤ count`.
  /// - Complexity: O(n) for the memory move that opens or closes the gap in the item arrays,
  ///   plus O(k) for the k items of the re-flowed lines and O(m) to shift the m lines after
  ///   them.
  public mutating func insert(_ size: Size, at index: Int) {
    precondition(index >= 0 && index <= itemSizes.count, "insertion index \(index) out of range")
    itemSizes.insert(sanitized(size), at: index)
    mainOffsets.insert(0, at: index)
    relayout(afterEditAt: index, delta: 1)
  }

  /// Removes the item at `index` and re-flows only the lines that change.
  ///
  /// - Precondition: `0 ≤ index < count`.
  /// - Complexity: O(n) for the memory move that opens or closes the gap in the item arrays,
  ///   plus O(k) for the k items of the re-flowed lines and O(m) to shift the m lines after
  ///   them.
  @discardableResult
  public mutating func remove(at index: Int) -> Size {
    precondition(index >= 0 && index < itemSizes.count, "item index \(index) out of range")
    let size = itemSizes.remove(at: index)
    mainOffsets.remove(at: index)
    if itemSizes.isEmpty {
      relayoutAll()
    } else {
      relayout(afterEditAt: index, delta: -1)
    }
    return size
  }

  /// Moves the item at `source` so that it ends at index `destination`.
  ///
  /// `destination` is the item's index after the move (as for `remove(at:)` then
  /// `insert(_:at:)`), so `moveItem(from: 0, to: count - 1)` makes the first item last.
  ///
  /// - Precondition: both indices are valid item indices.
  /// - Complexity: as for a removal and an insertion.
  public mutating func moveItem(from source: Int, to destination: Int) {
    precondition(source >= 0 && source < itemSizes.count, "item index \(source) out of range")
    precondition(
      destination >= 0 && destination < itemSizes.count,
      "destination index \(destination) out of range")
    guard source != destination else { return }
    let size = remove(at: source)
    insert(size, at: destination)
  }

  /// Changes the size of the item at `index` and re-flows only the lines that change.
  ///
  /// - Precondition: `0 ≤ index < count`.
  /// - Complexity: O(n) for the memory move that opens or closes the gap in the item arrays,
  ///   plus O(k) for the k items of the re-flowed lines and O(m) to shift the m lines after
  ///   them.
  public mutating func resizeItem(at index: Int, to size: Size) {
    precondition(index >= 0 && index < itemSizes.count, "item index \(index) out of range")
    itemSizes[index] = sanitized(size)
    relayout(afterEditAt: index, delta: 0)
  }
}
