import ArrangeDragDrop
import ArrangeGeometry
import ArrangeTestSupport
import Synchronization

// Points on the layout the random drag streams use, computed from the layout itself.

// MARK: - Points

/// Points on the test layout, computed from the layout the tests choose (items `itemLength` long
/// stacked from the top of the column, no spacing), not from the engine's geometry queries.
enum ArenaPoints {
  /// The length of every item in the arenas the tests build.
  static let itemLength = 10.0

  /// The top edge of item `index` in `geometry`, scroll offset applied.
  static func top(of index: Int, in geometry: ListGeometry<String>) -> Double {
    geometry.frame.minY + Double(index) * itemLength - geometry.scrollOffset
  }

  /// The center of slot `index` (where the item at `index` is drawn).
  static func slotCenter(_ index: Int, in geometry: ListGeometry<String>, x: Double? = nil)
    -> Point
  {
    Point(x: x ?? geometry.frame.midX, y: top(of: index, in: geometry) + itemLength / 2)
  }

  /// A point where dropping `item` ends at final index `index` of the container.
  ///
  /// By the rule "the slot is the number of *other* items whose midpoint is before the pointer":
  /// just above the midpoint of the item that must end up after it, or just below the midpoint of
  /// the one that must end up before it; on the dragged item itself when it is already there. The
  /// points stay out of the middle half of an item, where a drop could go into it.
  ///
  /// In a container the drag did not start in (`foreign`), the other items count where they
  /// would stand without the dragged item (a live drag has put it there): just above the middle
  /// of the item that must end up after it, in that layout.
  static func finalIndexPoint(
    _ index: Int, dragging item: String, in geometry: ListGeometry<String>, x: Double? = nil,
    foreign: Bool = false
  ) -> Point {
    let x = x ?? geometry.frame.midX
    let tenth = itemLength / 10
    guard !foreign, let own = geometry.items.firstIndex(of: item) else {
      return Point(x: x, y: top(of: index, in: geometry) + 2 * tenth)
    }
    if index < own { return Point(x: x, y: top(of: index, in: geometry) + 2 * tenth) }
    if index > own { return Point(x: x, y: top(of: index, in: geometry) + 8 * tenth) }
    return Point(x: x, y: top(of: own, in: geometry) + 5 * tenth)
  }
}
