public import ArrangeDragDrop
import ArrangeGeometry
public import ArrangeTerminal

/// A vertical list of items, each a whole number of rows tall, inside a frame of cells, with
/// animated managed-item operations.
///
/// Adding, inserting, removing, moving, reordering, resizing and handing an item over to another
/// container all change ``items`` at once and animate what is drawn over
/// `MotionPreference/animationDuration` of ``motion`` (instantly with reduced motion): a new
/// item grows from no rows to its height and its neighbours slide smoothly out of its way; a
/// removed item shrinks away (still drawn, cut to its shrinking height) while its neighbours close
/// the gap; moved items slide from where they are drawn to their new places. Time is a parameter
/// of every operation (seconds on any monotonic clock); there are no clocks or timers, so the
/// container is a plain value that tests drive by hand.
///
/// ``geometry`` is always the final layout, for the drag engine; ``displayedFrames(at:)`` and
/// `draw(into:at:content:)` show the animation.
///
/// ```swift
/// let frame = CellRect(column: 0, row: 0, width: 20, height: 10)
/// var todo = ListContainer(items: ["a", "b"], frame: frame)
/// todo.insert("new", height: 2, at: 1, time: now)  // "b" slides down as "new" grows
/// todo.draw(into: &screen, at: now + 0.05) { item, columns, rows in card(item, columns, rows) }
/// ```
///
/// ## Animation model
///
/// Every item drawn has a *presence* (0 to 1: growing in, shrinking away), a *size* (its height in
/// rows, animated by ``setHeight(_:for:at:)``) and an *offset* (a rectangle added to its place,
/// easing to zero). At any time the layout stacks each item's size × presence, with spacing ×
/// presence before every item that has something above it, so neighbours move smoothly as items
/// come and go; an item is drawn at its layout place plus its offset (an item handed over is
/// drawn at its full size while its slot opens). When an operation changes the order (or the
/// scroll offset must change because the content shrank), every item whose layout place jumps
/// gets an offset that starts where it was drawn and eases to zero, so nothing jumps and running
/// animations are retargeted from their current value. Edges are rounded to cells at the end, so
/// neighbours at rest never overlap or leave gaps.
public struct ListContainer<Item: Hashable & Sendable>: Sendable {
  /// Where one item is drawn at some moment.
  public struct DisplayedItem: Hashable, Sendable {
    /// The item.
    public var item: Item
    /// The cells it covers on screen, not clipped to the container's frame.
    public var frame: CellRect
    /// Whether it has been removed and is shrinking away.
    public var isLeaving: Bool

    /// Creates a displayed item.
    public init(item: Item, frame: CellRect, isLeaving: Bool) {
      self.item = item
      self.frame = frame
      self.isLeaving = isLeaving
    }
  }

  /// The items, in order (items still shrinking away are not among them).
  public internal(set) var items: [Item] = []
  /// The height of each item of ``items``, in rows.
  public internal(set) var heights: [Int] = []
  /// The cells the list is shown in; items outside it are clipped.
  public internal(set) var frame: CellRect
  /// The rows between neighbouring items.
  public let spacing: Int
  /// Whether operations animate (applies to operations made after it changes).
  public var motion: MotionPreference
  /// How many rows of content are scrolled above the frame, always in
  /// `0 ... max(0, contentHeight - visibleFrame.height)`.
  public internal(set) var scrollOffset = 0
  /// Rows at the bottom of ``frame`` kept free of items (see ``reserveRows(_:)``).
  public internal(set) var reservedRows = 0

  // Everything drawn: the items in order, with the entries of items shrinking away and the empty
  // slots of items handed over to another container among them.
  var entries: [Entry] = []
  var nextID = 0

  enum Role: Sendable {
    case present
    case leaving
    // Handed over to another container: takes room while its slot closes, never drawn.
    case vacated
  }

  struct Entry: Sendable {
    // Tells entries apart across an operation (the same item may be leaving and present).
    var id: Int
    var item: Item
    var height: Int
    var role: Role
    var presence: Transition<Double>
    var size: Transition<Double>
    // x, y, width and height to add to the layout place (not a rectangle: a difference of two).
    var offset: Transition<Rect>
    // Drawn at its full size while its slot opens (handed over), instead of size × presence.
    var isFullHeight = false

    func isGone(at time: Double) -> Bool {
      role != .present && presence.isFinished(at: time)
    }

    func isShown(at time: Double) -> Bool {
      role != .vacated && !isGone(at: time)
    }
  }

  // Edges in screen cell units, before rounding.
  struct Span {
    var left: Double
    var top: Double
    var right: Double
    var bottom: Double

    // What to add to `other` (as an offset) to land on this span.
    func offset(from other: Span) -> Rect {
      Rect(
        x: left - other.left, y: top - other.top,
        width: (right - left) - (other.right - other.left),
        height: (bottom - top) - (other.bottom - other.top))
    }

    func moved(by offset: Rect) -> Span {
      Span(
        left: left + offset.minX, top: top + offset.minY,
        right: right + offset.minX + offset.width, bottom: bottom + offset.minY + offset.height)
    }

    var cells: CellRect {
      let column = Self.cell(left)
      let row = Self.cell(top)
      return CellRect(
        column: column, row: row, width: Self.cell(right) - column, height: Self.cell(bottom) - row)
    }

    static func cell(_ value: Double) -> Int {
      guard value.isFinite else { return 0 }
      return Int(Swift.max(-1e12, Swift.min(1e12, value.rounded())))
    }
  }

  /// The largest height and spacing, in rows; larger values are reduced to it.
  public static var maximumHeight: Int { 1 << 24 }

  /// Creates a list of `items` with one height per item (missing heights count as 1) in `frame`.
  ///
  /// Repeated items are left out (the first one stays, with its height); heights and spacing are
  /// clamped to `0 ... maximumHeight`. Nothing animates.
  ///
  /// - Complexity: O(n).
  public init(
    items: [Item] = [], heights: [Int] = [], frame: CellRect, spacing: Int = 0,
    motion: MotionPreference = .full
  ) {
    self.frame = frame
    self.spacing = Self.clamped(spacing)
    self.motion = motion
    var seen = Set<Item>()
    for (index, item) in items.enumerated() where seen.insert(item).inserted {
      let height = Self.clamped(index < heights.count ? heights[index] : 1)
      entries.append(
        Entry(
          id: nextID, item: item, height: height, role: .present, presence: .still(1),
          size: .still(Double(height)), offset: .still(.zero)))
      nextID += 1
    }
    syncItems()
  }

  static func clamped(_ rows: Int) -> Int { Swift.min(Swift.max(0, rows), maximumHeight) }

  // MARK: - Final layout

  /// The height of all items with their spacing, in rows, once animations end.
  public var contentHeight: Int {
    heights.reduce(0, +) + spacing * Swift.max(0, heights.count - 1)
  }

  /// The largest scroll offset, in rows.
  public var maximumScrollOffset: Int { Swift.max(0, contentHeight - visibleFrame.height) }

  /// The part of ``frame`` items are shown in: all of it but the ``reservedRows`` at its bottom.
  public var visibleFrame: CellRect {
    var visible = frame
    visible.height = Swift.max(0, frame.height - reservedRows)
    return visible
  }

  /// Keeps the last `rows` rows of the frame free of items (clamped to the frame).
  ///
  /// Something drawn after the last item — the ghost of an item dragged with the keyboard to
  /// the end — then lands inside the frame rather than on whatever is below it. The items
  /// scroll one row further for each reserved row; the engine is told by the geometry.
  ///
  /// - Complexity: O(1).
  public mutating func reserveRows(_ rows: Int) {
    reservedRows = Swift.min(Swift.max(0, rows), frame.height)
    scroll(to: scrollOffset)
  }

  /// The height of `item` in rows (its final height while it is being resized), or `nil` when the
  /// list does not hold it.
  ///
  /// - Complexity: O(n).
  public func height(of item: Item) -> Int? {
    items.firstIndex(of: item).map { heights[$0] }
  }

  /// The final layout, for the drag engine: the items with their heights and spacing in
  /// ``frame``, scrolled to ``scrollOffset``.
  ///
  /// It never shows animated positions: the engine decides drops against where items will be.
  ///
  /// - Complexity: O(n).
  public var geometry: ListGeometry<Item> {
    ListGeometry(
      items: items, frame: visibleFrame.rect, itemLengths: heights.map(Double.init),
      spacing: Double(spacing)
    ).scrolled(to: Double(scrollOffset))
  }

  /// The cells `item` covers on screen once animations end (not clipped to the frame), or `nil`
  /// when the list does not hold it.
  ///
  /// - Complexity: O(n).
  public func targetFrame(of item: Item) -> CellRect? {
    guard let start = contentStart(of: item), let height = height(of: item) else { return nil }
    return CellRect(
      column: frame.column, row: frame.row - scrollOffset + start, width: frame.width,
      height: height)
  }

  // The row where `item` starts in the final layout, relative to the unscrolled content.
  func contentStart(of item: Item) -> Int? {
    var start = 0
    for (index, candidate) in items.enumerated() {
      if candidate == item { return start }
      start += heights[index] + spacing
    }
    return nil
  }
}
