// An arena container's geometry, as the engine sees it: a list (ArrangeDragDrop's
// `ListGeometry`) or a wrapping grid (ArrangeLayout's `FlowLayout`), and the index of the web
// library's item numbers that spares hashing them.

import ArrangeDragDrop
import ArrangeGeometry
import ArrangeLayout

/// An arena container's geometry: a list (`ListGeometry`) or a wrapping grid (`ArrangeLayout`'s
/// `FlowLayout`, whose lines and hit-testing the engine then uses).
struct ArenaGeometry: ContainerGeometry {
  /// The items, the frame and (for a list) the places along the axis and the scroll offset.
  var list: ListGeometry<Int32>
  /// The grid's flow, from `origin` (`nil` for a list); grids do not scroll themselves.
  var flow: FlowLayout?
  /// Where a grid's flow starts: the frame's corner, or above and left of it when the grid is
  /// drawn in a scrolled element (a virtual grid), whose visible part is the frame.
  var origin: Point

  /// A list's geometry, or a grid's with `flow` laid out from the frame's corner.
  init(list: ListGeometry<Int32>, flow: FlowLayout?) {
    self.list = list
    self.flow = flow
    origin = Point(x: list.frame.minX, y: list.frame.minY)
  }

  var frame: Rect { list.frame }
  var axis: Axis { list.axis }
  var count: Int { list.count }
  func item(at index: Int) -> Int32 { list.item(at: index) }
  func index(of item: Int32) -> Int? { list.index(of: item) }

  func frameOfItem(at index: Int) -> Rect {
    guard let flow else { return list.frameOfItem(at: index) }
    return flow.frame(ofItem: index).offsetBy(dx: origin.x, dy: origin.y)
  }

  func itemIndex(at point: Point) -> Int? {
    guard let flow else { return list.itemIndex(at: point) }
    guard frame.contains(point) else { return nil }
    return flow.item(at: Point(x: point.x - origin.x, y: point.y - origin.y))
  }

  func insertionIndex(for point: Point) -> Int {
    guard let flow else { return list.insertionIndex(for: point) }
    return flow.insertionIndex(for: Point(x: point.x - origin.x, y: point.y - origin.y))
  }

  var scrollOffset: Double { list.scrollOffset }
  var maximumScrollOffset: Double { flow == nil ? list.maximumScrollOffset : 0 }
  func scrolled(to offset: Double) -> ArenaGeometry {
    guard flow == nil else { return self }
    var copy = self
    copy.list = list.scrolled(to: offset)
    return copy
  }

  /// How to find `items`' indices in an array by identifier; `nil` unless every identifier is a
  /// small number.
  ///
  /// The web library numbers its items from 0: a list of 100,000 items is then given in a few
  /// milliseconds, not the forty a hash table of them takes.
  static func denseIndex(of items: [Int32]) -> (@Sendable (Int32) -> Int?)? {
    let bound = max(1024, 4 * items.count)
    var largest: Int32 = -1
    for item in items {
      guard item >= 0, Int(item) < bound else { return nil }
      largest = max(largest, item)
    }
    var positions = [Int32](repeating: -1, count: Int(largest) + 1)
    for (index, item) in items.enumerated() where positions[Int(item)] < 0 {
      positions[Int(item)] = Int32(index)
    }
    let found = positions
    return { item in
      guard item >= 0, Int(item) < found.count else { return nil }
      let index = found[Int(item)]
      return index < 0 ? nil : Int(index)
    }
  }
}
