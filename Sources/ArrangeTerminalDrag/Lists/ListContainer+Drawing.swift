import ArrangeDragDrop
import ArrangeGeometry
public import ArrangeTerminal

// Drawing the list as it is on screen at a time.
extension ListContainer {
  /// Draws the items visible at `time` into `buffer`, each clipped to ``frame`` and to its current
  /// height.
  ///
  /// `content` draws an item at full size (the columns it is drawn across now, its full height in
  /// rows); return `nil` to leave an item out. An item that is growing or shrinking shows its top
  /// rows. Items shrinking away are drawn first and items sliding to a new place last, so a moving
  /// item passes over its neighbours. The frame is not cleared: draw the background first.
  ///
  /// - Complexity: O(n) plus the cells drawn.
  public func draw(
    into buffer: inout CellBuffer, at time: Double,
    content: (Item, _ columns: Int, _ rows: Int) -> CellBuffer?
  ) {
    for (entry, _, rect, clip) in visibleItems(at: time) {
      guard let drawing = content(entry.item, rect.width, entry.height) else { continue }
      buffer.draw(drawing, column: rect.column, row: rect.row, clippedTo: clip)
    }
  }

  /// Draws the items visible at `time` straight into `buffer`, each with drawing confined to
  /// ``frame`` and to its current height (see `CellBuffer/withClip(_:_:)`).
  ///
  /// `content` gets the item and the rectangle it takes at full size, in `buffer`'s coordinates,
  /// and draws there; whatever falls outside the item's visible part is left out, and a wide
  /// character cut by the edge becomes a blank. Cheaper than the form of
  /// `draw(into:at:content:)` whose `content` returns a buffer per item.
  /// Drawing order is the same: items shrinking away first, sliding items last.
  ///
  /// - Complexity: O(n) plus the cells drawn.
  public func draw(
    into buffer: inout CellBuffer, at time: Double,
    content: (Item, _ rect: CellRect, _ buffer: inout CellBuffer) -> Void
  ) {
    drawIndexed(into: &buffer, at: time) { item, _, rect, buffer in content(item, rect, &buffer) }
  }

  /// The items to draw at `time`, in drawing order: each with its index in ``items`` (`nil` while
  /// it shrinks away), where it is and its visible part.
  func visibleItems(
    at time: Double
  ) -> [(entry: Entry, index: Int?, rect: CellRect, clip: CellRect)] {
    let spans = displayedSpans(at: time)
    var layers: [[(entry: Entry, index: Int?, rect: CellRect, clip: CellRect)]] = [[], [], []]
    var index = 0
    for (entry, span) in zip(entries, spans) {
      let position = entry.role == .present ? index : nil
      if entry.role == .present { index += 1 }
      guard entry.isShown(at: time) else { continue }
      let rect = span.cells
      guard let clip = Self.intersection(rect, visibleFrame) else { continue }
      let layer = entry.role == .leaving ? 0 : (entry.offset.isFinished(at: time) ? 1 : 2)
      layers[layer].append((entry, position, rect, clip))
    }
    return Array(layers.joined())
  }

  /// The form of `draw(into:at:content:)` that draws in place, also telling `content` each
  /// item's index in ``items`` (`nil` while it shrinks away).
  func drawIndexed(
    into buffer: inout CellBuffer, at time: Double,
    content: (Item, Int?, CellRect, inout CellBuffer) -> Void
  ) {
    for (entry, index, rect, clip) in visibleItems(at: time) {
      let full = CellRect(
        column: rect.column, row: rect.row, width: rect.width, height: entry.height)
      buffer.withClip(clip) { content(entry.item, index, full, &$0) }
    }
  }

  static func intersection(_ a: CellRect, _ b: CellRect) -> CellRect? {
    let left = Swift.max(a.column, b.column)
    let top = Swift.max(a.row, b.row)
    let right = Swift.min(a.column + a.width, b.column + b.width)
    let bottom = Swift.min(a.row + a.height, b.row + b.height)
    guard left < right, top < bottom else { return nil }
    return CellRect(column: left, row: top, width: right - left, height: bottom - top)
  }
}
