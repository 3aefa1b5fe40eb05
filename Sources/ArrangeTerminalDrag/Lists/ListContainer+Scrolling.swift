import ArrangeDragDrop
import ArrangeGeometry
public import ArrangeTerminal

// Scrolling the list and moving its frame.
extension ListContainer {
  /// Scrolls by `rows` (positive: the content moves up), clamped; at once.
  ///
  /// - Complexity: O(1).
  public mutating func scroll(by rows: Int) {
    let (sum, overflow) = scrollOffset.addingReportingOverflow(rows)
    scroll(to: overflow ? (rows > 0 ? Int.max : 0) : sum)
  }

  /// Scrolls so that `offset` rows of content are above the frame, clamped; at once.
  ///
  /// - Complexity: O(1).
  public mutating func scroll(to offset: Int) {
    scrollOffset = Swift.min(Swift.max(0, offset), maximumScrollOffset)
  }

  /// Scrolls as little as possible to show `item`'s final frame (its top, when it is taller than
  /// the frame); `false` when the list does not hold it.
  ///
  /// - Complexity: O(n).
  @discardableResult
  public mutating func scrollToShow(_ item: Item) -> Bool {
    guard let start = contentStart(of: item), let height = height(of: item) else { return false }
    if start < scrollOffset {
      scroll(to: start)
    } else if start + height > scrollOffset + visibleFrame.height {
      scroll(to: Swift.min(start, start + height - visibleFrame.height))
    }
    return true
  }

  /// Moves the list to `frame` at once (what is in flight keeps going relative to it); the scroll
  /// offset is clamped to the new height, and the reserved rows to the frame.
  ///
  /// - Complexity: O(n).
  public mutating func setFrame(_ frame: CellRect) {
    self.frame = frame
    reservedRows = Swift.min(reservedRows, frame.height)
    scroll(to: scrollOffset)
  }
}
