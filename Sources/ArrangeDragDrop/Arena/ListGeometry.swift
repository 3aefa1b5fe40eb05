public import ArrangeGeometry

/// A ready ``ContainerGeometry``: items in a single row or column, each with its own length.
///
/// Items span the container's whole cross extent, follow each other along ``axis`` with
/// ``spacing`` between them and ``padding`` before the first, and scroll when their total length
/// exceeds the frame. Tests, examples and simple apps use it directly; apps with their own layout
/// conform their own type to ``ContainerGeometry``.
///
/// ```swift
/// let todo = ListGeometry(items: ["a", "b", "c"], frame: Rect(x: 0, y: 0, width: 100, height: 300),
///                         itemLength: 40, spacing: 4)
/// todo.insertionIndex(for: Point(x: 50, y: 70))  // 2: past the midpoints of "a" and "b"
/// ```
public struct ListGeometry<Item: Hashable & Sendable>: ContainerGeometry {
  /// The visible frame.
  public var frame: Rect
  /// The direction in which items follow each other.
  public var axis: Axis
  /// The gap between neighbouring items.
  public private(set) var spacing: Double
  /// The gap before the first item and after the last.
  public private(set) var padding: Double
  /// How far the content is scrolled.
  public private(set) var scrollOffset: Double = 0
  /// The items in order.
  public var items: [Item] { storage.items }
  // Everything that grows with the item count lives in one immutable object, so that copying the
  // geometry (which the engine does freely) costs one retain.
  @usableFromInline
  let storage: Storage

  @usableFromInline
  final class Storage: Sendable {
    @usableFromInline
    let items: [Item]
    // starts[i]: item i's start along the axis, relative to the unscrolled content origin.
    @usableFromInline
    let starts: [Double]
    @usableFromInline
    let lengths: [Double]
    // midpoints[i]: item i's middle; one array, so the binary search of `insertionIndex(for:)`
    // touches half the memory.
    @usableFromInline
    let midpoints: [Double]
    @usableFromInline
    let indices: [Item: Int]
    // The app's own way to find an item's index, when it gave one (`indices` is then empty).
    @usableFromInline
    let lookup: (@Sendable (Item) -> Int?)?

    init(
      items: [Item], starts: [Double], lengths: [Double], indices: [Item: Int],
      lookup: (@Sendable (Item) -> Int?)?
    ) {
      self.items = items
      self.starts = starts
      self.lengths = lengths
      self.midpoints = zip(starts, lengths).map { $0 + $1 / 2 }
      self.indices = indices
      self.lookup = lookup
    }
  }

  @inlinable
  var starts: [Double] { storage.starts }
  @inlinable
  var lengths: [Double] { storage.lengths }
  @inlinable
  var midpoints: [Double] { storage.midpoints }

  /// Creates a list whose items all have the same length.
  ///
  /// - Complexity: O(n).
  public init(
    items: [Item], frame: Rect, axis: Axis = .vertical, itemLength: Double, spacing: Double = 0,
    padding: Double = 0
  ) {
    self.init(
      items: items, frame: frame, axis: axis,
      itemLengths: [Double](repeating: itemLength, count: items.count), spacing: spacing,
      padding: padding)
  }

  /// Creates a list with one length per item.
  ///
  /// Invalid lengths (negative, NaN, infinite) count as zero; missing lengths repeat the last one
  /// (or zero), extra lengths are ignored.
  ///
  /// - Complexity: O(n).
  public init(
    items: [Item], frame: Rect, axis: Axis = .vertical, itemLengths: [Double],
    spacing: Double = 0, padding: Double = 0
  ) {
    self.init(
      items: items, frame: frame, axis: axis, itemLengths: itemLengths, spacing: spacing,
      padding: padding, lookup: nil)
  }

  /// Creates a list with one length per item, whose items' indices `index` finds.
  ///
  /// A list of many items is made faster so: the other initializers build a hash table of every
  /// item, which takes most of their time (two thirds of it for 100,000 items), while an app
  /// that numbers its items densely finds an index in an array it keeps. `index` must give
  /// each item's index in `items` (its first, if it is there twice) and `nil` for any other.
  ///
  /// - Complexity: O(n), without hashing.
  public init(
    items: [Item], frame: Rect, axis: Axis = .vertical, itemLengths: [Double],
    spacing: Double = 0, padding: Double = 0, indexedBy index: @escaping @Sendable (Item) -> Int?
  ) {
    self.init(
      items: items, frame: frame, axis: axis, itemLengths: itemLengths, spacing: spacing,
      padding: padding, lookup: index)
  }

  private init(
    items: [Item], frame: Rect, axis: Axis, itemLengths: [Double], spacing: Double,
    padding: Double, lookup: (@Sendable (Item) -> Int?)?
  ) {
    self.frame = frame
    self.axis = axis
    self.spacing = Self.sanitized(spacing)
    self.padding = Self.sanitized(padding)
    var starts: [Double] = []
    var lengths: [Double] = []
    starts.reserveCapacity(items.count)
    lengths.reserveCapacity(items.count)
    var position = self.padding
    for index in items.indices {
      let raw = index < itemLengths.count ? itemLengths[index] : (itemLengths.last ?? 0)
      let length = Self.sanitized(raw)
      starts.append(position)
      lengths.append(length)
      position += length + self.spacing
    }
    var indices: [Item: Int] = [:]
    if lookup == nil {
      indices.reserveCapacity(items.count)
      for (index, item) in items.enumerated() where indices[item] == nil {
        indices[item] = index
      }
    }
    self.storage = Storage(
      items: items, starts: starts, lengths: lengths, indices: indices, lookup: lookup)
  }

  static func sanitized(_ value: Double) -> Double {
    value.isFinite && value > 0 ? value : 0
  }

  /// The number of items.
  public var count: Int { storage.items.count }

  /// The length of all items with their spacing and padding.
  @inlinable
  public var contentLength: Double {
    guard let last = starts.last, let lastLength = lengths.last else { return 2 * padding }
    return last + lastLength + padding
  }

  /// The largest useful scroll offset.
  @inlinable
  public var maximumScrollOffset: Double {
    Swift.max(0, contentLength - frame.size[axis])
  }

  /// The item at `index`.
  @inlinable
  public func item(at index: Int) -> Item { storage.items[index] }

  /// The index of `item`, through a hash table (or the app's `index`, when it gave one).
  ///
  /// - Complexity: O(1).
  @inlinable
  public func index(of item: Item) -> Int? {
    if let lookup = storage.lookup { return lookup(item) }
    return storage.indices[item]
  }

  /// The frame of the item at `index`, scroll offset applied.
  ///
  /// - Complexity: O(1).
  @inlinable
  public func frameOfItem(at index: Int) -> Rect {
    let start = frame.min(along: axis) + starts[index] - scrollOffset
    if axis == .vertical {
      return Rect(x: frame.minX, y: start, width: frame.width, height: lengths[index])
    }
    return Rect(x: start, y: frame.minY, width: lengths[index], height: frame.height)
  }

  // The coordinate of `point` along the axis, relative to the unscrolled content origin.
  @inlinable
  func contentPosition(_ point: Point) -> Double {
    point[axis] - frame.min(along: axis) + scrollOffset
  }

  /// The item under `point`, by binary search; `nil` in gaps and outside the visible frame.
  ///
  /// - Complexity: O(log n).
  @inlinable
  public func itemIndex(at point: Point) -> Int? {
    guard frame.contains(point) else { return nil }
    let position = contentPosition(point)
    // The last item starting at or before `position`.
    var low = 0
    var high = starts.count
    while low < high {
      let mid = (low + high) / 2
      if starts[mid] <= position { low = mid + 1 } else { high = mid }
    }
    let index = low - 1
    guard index >= 0, position < starts[index] + lengths[index] else { return nil }
    return index
  }

  /// The number of items whose midpoint is before `point` along the axis, by binary search.
  ///
  /// Points before the first item give 0 and points past the last give `count`, whether or not
  /// they are inside the frame; a NaN coordinate gives 0.
  ///
  /// - Complexity: O(log n).
  @inlinable
  public func insertionIndex(for point: Point) -> Int {
    let position = contentPosition(point)
    guard !position.isNaN else { return 0 }
    var low = 0
    var high = midpoints.count
    while low < high {
      let mid = (low + high) / 2
      if midpoints[mid] < position { low = mid + 1 } else { high = mid }
    }
    return low
  }

  /// The same list scrolled to `offset`, clamped to `0 ... maximumScrollOffset`.
  public func scrolled(to offset: Double) -> ListGeometry {
    var copy = self
    copy.scrollOffset = offset.isNaN ? 0 : Swift.min(Swift.max(0, offset), maximumScrollOffset)
    return copy
  }
}
