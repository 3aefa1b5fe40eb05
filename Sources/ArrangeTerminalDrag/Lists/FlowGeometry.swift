public import ArrangeDragDrop
public import ArrangeGeometry
public import ArrangeLayout
import ArrangeTerminal

/// A drop container whose items wrap into lines: `ArrangeLayout`'s `FlowLayout` seen through
/// `ArrangeDragDrop`'s `ContainerGeometry` (a wrapping flow as a drop target).
///
/// Queries are O(log n) (the flow's own). The main axis is the flow's: items follow each other
/// along it, and the insertion indicator is drawn across it. Flows do not scroll.
public struct FlowGeometry<Item: Hashable & Sendable>: ContainerGeometry {
  /// The frame, in arena coordinates (cells for terminal widgets).
  public var frame: Rect
  /// The flow that places the items, in the frame's coordinates.
  public let flow: FlowLayout
  private let storage: Storage

  private final class Storage: Sendable {
    let items: [Item]
    let indices: [Item: Int]

    init(_ items: [Item]) {
      self.items = items
      var indices: [Item: Int] = [:]
      for (index, item) in items.enumerated() where indices[item] == nil { indices[item] = index }
      self.indices = indices
    }
  }

  /// Lays out `items` with `sizes` (one per item; missing sizes count as zero) in a flow of
  /// `style` that fills `frame`.
  ///
  /// - Complexity: O(n).
  public init(items: [Item], sizes: [Size], frame: Rect, style: FlowStyle = FlowStyle()) {
    self.frame = frame
    let padded = items.indices.map { $0 < sizes.count ? sizes[$0] : Size(width: 0, height: 0) }
    flow = FlowLayout(style: style, itemSizes: padded, containerSize: frame.size)
    storage = Storage(items)
  }

  /// The flow's axis.
  public var axis: Axis { flow.style.axis }
  /// The number of items.
  public var count: Int { storage.items.count }
  /// The items in order.
  public var items: [Item] { storage.items }

  /// The item at `index`.
  public func item(at index: Int) -> Item { storage.items[index] }

  /// The index of `item`, through a hash table.
  public func index(of item: Item) -> Int? { storage.indices[item] }

  /// The frame of the item at `index`, in arena coordinates.
  public func frameOfItem(at index: Int) -> Rect {
    flow.frame(ofItem: index).offsetBy(dx: frame.minX, dy: frame.minY)
  }

  /// The item under `point`, or `nil` outside the frame or in a gap.
  ///
  /// - Complexity: O(log n).
  public func itemIndex(at point: Point) -> Int? {
    guard frame.contains(point) else { return nil }
    return flow.item(at: local(point))
  }

  /// Where an item dropped at `point` lands, in `0 ... count`.
  ///
  /// - Complexity: O(log n).
  public func insertionIndex(for point: Point) -> Int {
    flow.insertionIndex(for: local(point))
  }

  /// Flows do not scroll: always 0.
  public var scrollOffset: Double { 0 }
  /// Flows do not scroll: always 0.
  public var maximumScrollOffset: Double { 0 }
  /// Flows do not scroll: the same geometry.
  public func scrolled(to offset: Double) -> FlowGeometry { self }

  private func local(_ point: Point) -> Point {
    Point(x: point.x - frame.minX, y: point.y - frame.minY)
  }
}
