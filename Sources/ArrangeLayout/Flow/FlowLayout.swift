public import ArrangeGeometry

/// A wrapping flow of items: rows (or columns) filled in order and wrapped at the container's
/// length, the way collection-view flow layouts do.
///
/// Items are placed along the flow ``FlowStyle/axis`` with ``FlowStyle/itemSpacing`` between them;
/// an item that would cross the container's edge starts a new line, and an item longer than a
/// whole line gets a line of its own. A line is as thick as its thickest item; lines are
/// ``FlowStyle/lineSpacing`` apart.
///
/// ```swift
/// var flow = FlowLayout(
///   style: FlowStyle(itemSpacing: 1, lineSpacing: 1),
///   itemSizes: Array(repeating: Size(width: 10, height: 3), count: 9),
///   containerSize: Size(width: 32, height: .infinity))
/// flow.frame(ofItem: 3)                             // second line: (0, 4, 10, 3)
/// flow.insertionIndex(for: Point(x: 30, y: 0))      // 3: after the last item of line 1
/// flow.insert(Size(width: 5, height: 3), at: 0)     // re-flows only the lines that change
/// ```
///
/// Queries are O(log n): lines are binary-searched by their cross position, and items within a
/// line by their main position. Edits re-flow from the line before the edit until the line breaks
/// fall back into step with the old ones; the lines after that are shifted, not recomputed.
public struct FlowLayout: Sendable {
  /// One line of the flow, in left-to-right flow coordinates.
  struct Line: Sendable {
    var start: Int
    var end: Int
    var cross: Double
    var thickness: Double
    var length: Double
  }

  /// The flow's properties.
  public internal(set) var style: FlowStyle
  /// The container's size.
  ///
  /// Its extent along the flow axis is where lines wrap (`.infinity` never wraps). Under
  /// right-to-left its width is also the mirror line.
  public internal(set) var containerSize: Size
  /// The sizes of the items, in order (negative, NaN and infinite extents are stored as 0).
  public internal(set) var itemSizes: [Size]
  /// Each item's main-axis position inside its line, in left-to-right flow coordinates.
  var mainOffsets: [Double]
  var lines: [Line]
  /// Scratch space for the lines rebuilt by an edit, kept to avoid an allocation per edit.
  var rebuiltLines: [Line] = []
  /// The size the items need: the longest line and the last line's far edge, plus padding.
  public internal(set) var contentSize: Size
  /// How many item extents were invalid (negative, NaN or infinite) and stored as 0.
  public internal(set) var invalidSizeCount: Int

  /// Creates a flow of items in a container and lays it out.
  ///
  /// - Complexity: O(n).
  public init(style: FlowStyle = FlowStyle(), itemSizes: [Size] = [], containerSize: Size) {
    self.style = style
    self.containerSize = containerSize
    self.itemSizes = []
    self.mainOffsets = []
    self.lines = []
    self.contentSize = .zero
    self.invalidSizeCount = 0
    replaceItems(itemSizes)
  }

  /// The number of items.
  public var count: Int { itemSizes.count }

  /// The number of lines (zero for an empty flow).
  public var lineCount: Int { lines.count }

  /// The items of line `line`, as a range of item indices.
  public func items(inLine line: Int) -> Range<Int> {
    lines[line].start..<lines[line].end
  }

  /// Replaces every item and lays the flow out again, reusing the storage.
  ///
  /// - Complexity: O(n).
  public mutating func replaceItems(_ sizes: [Size]) {
    itemSizes.removeAll(keepingCapacity: true)
    itemSizes.reserveCapacity(sizes.count)
    invalidSizeCount = 0
    for index in sizes.indices { itemSizes.append(sanitized(sizes[index])) }
    relayoutAll()
  }

  /// Changes the container's size and lays the flow out again.
  ///
  /// - Complexity: O(n).
  public mutating func setContainerSize(_ size: Size) {
    containerSize = size
    relayoutAll()
  }

  /// Changes the flow's properties and lays it out again.
  ///
  /// - Complexity: O(n).
  public mutating func setStyle(_ newStyle: FlowStyle) {
    style = newStyle
    relayoutAll()
  }

  // MARK: - Resolved properties

  var axis: Axis { style.axis }
  var itemSpacing: Double { nonNegative(style.itemSpacing) }
  var lineSpacing: Double { nonNegative(style.lineSpacing) }
  var isRightToLeft: Bool { style.direction == .rightToLeft }
  var paddingMainStart: Double { style.padding.sanitized.start(along: axis) }
  var paddingCrossStart: Double { style.padding.sanitized.start(along: axis.cross) }
  var paddingMainTotal: Double { clampFinite(style.padding.sanitized.total(along: axis)) }
  var paddingCrossTotal: Double { clampFinite(style.padding.sanitized.total(along: axis.cross)) }

  /// The length available to a line: the container's main extent less the padding.
  var lineLimit: Double {
    let length = containerSize[axis]
    guard length.isFinite else { return .infinity }
    return Swift.max(0, length - paddingMainTotal)
  }

  /// The width about which right-to-left frames are mirrored.
  var mirrorWidth: Double {
    let width = containerSize.width
    return width.isFinite && width >= 0 ? width : contentSize.width
  }

  func mainExtent(_ index: Int) -> Double { itemSizes[index][axis] }
  func crossExtent(_ index: Int) -> Double { itemSizes[index][axis.cross] }

  mutating func sanitized(_ size: Size) -> Size {
    var result = size
    if !(size.width >= 0 && size.width.isFinite) {
      result.width = 0
      invalidSizeCount += 1
    }
    if !(size.height >= 0 && size.height.isFinite) {
      result.height = 0
      invalidSizeCount += 1
    }
    return result
  }
}

extension FlowLayout {
  /// Lays the items out again for `style` and `containerSize`, after their sizes were written
  /// into ``itemSizes`` directly (already sanitized).
  mutating func load(style: FlowStyle, containerSize: Size) {
    self.style = style
    self.containerSize = containerSize
    invalidSizeCount = 0
    relayoutAll()
  }
}
