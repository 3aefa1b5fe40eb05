public import ArrangeGeometry

/// What the drag engine needs to know about a container: its items in order and where they are.
///
/// All frames and points are in the arena's shared coordinate space, with the container's current
/// scroll offset already applied. The engine never scans a container: an arena of containers with
/// 100,000 items stays fast as long as the spatial queries here are logarithmic (``ListGeometry``
/// shows how) and ``index(of:)`` is a hash lookup.
///
/// Conform a view, a layout (the board app adapts `ArrangeLayout` this way) or a plain value to it.
/// The engine stores geometry values and replaces them when the app reports a change, so keep them
/// cheap to copy (copy-on-write storage).
public protocol ContainerGeometry<Item>: Sendable {
  /// The app's stable item identifier.
  associatedtype Item: Hashable & Sendable

  /// The visible frame of the container.
  var frame: Rect { get }
  /// The main axis: the direction in which items follow each other and in which it scrolls.
  var axis: Axis { get }
  /// The number of items.
  var count: Int { get }

  /// The item at `index` (`0 ..< count`).
  func item(at index: Int) -> Item
  /// The index of `item`, or `nil` when the container does not hold it.
  ///
  /// - Complexity: Should be O(1) or O(log n); the engine calls it when the app changes geometry
  ///   in the middle of a drag and to start keyboard drags.
  func index(of item: Item) -> Int?
  /// The frame of the item at `index` (`0 ..< count`), scroll offset applied.
  func frameOfItem(at index: Int) -> Rect
  /// The index of the item whose frame contains `point`, or `nil` for empty space or a point that
  /// is scrolled out of view.
  ///
  /// - Complexity: Should be O(log n).
  func itemIndex(at point: Point) -> Int?
  /// Where an item dropped at `point` would be inserted, in `0 ... count`: the number of items
  /// whose midpoint comes before `point` in reading order.
  ///
  /// - Complexity: Should be O(log n).
  func insertionIndex(for point: Point) -> Int

  /// How far the content is scrolled along ``axis``.
  var scrollOffset: Double { get }
  /// The largest useful ``scrollOffset``; zero for a container that does not scroll.
  var maximumScrollOffset: Double { get }
  /// The same geometry scrolled to `offset` (already clamped by the caller to
  /// `0 ... maximumScrollOffset`).
  func scrolled(to offset: Double) -> Self
}
