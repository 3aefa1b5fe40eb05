import ArrangeGeometry
import ArrangeLayout
import Testing

private func flow(
  _ widths: [Double], height: Double = 2, container: Double = 20, style: FlowStyle = FlowStyle()
) -> FlowLayout {
  FlowLayout(
    style: style, itemSizes: widths.map { Size(width: $0, height: height) },
    containerSize: Size(width: container, height: .infinity))
}

@Suite struct FlowLayoutTests {
  @Test("Items wrap at the container width; a line is as thick as its thickest item")
  func wrapping() {
    let layout = FlowLayout(
      style: FlowStyle(itemSpacing: 1, lineSpacing: 2, padding: EdgeInsets(all: 1)),
      itemSizes: [
        Size(width: 6, height: 2), Size(width: 6, height: 3), Size(width: 6, height: 1),
        Size(width: 4, height: 2),
      ],
      containerSize: Size(width: 22, height: 100))
    // Content width 20: 6 + 1 + 6 + 1 + 6 = 20 fits exactly; the fourth wraps.
    #expect(
      layout.itemFrames == [
        Rect(x: 1, y: 1, width: 6, height: 2), Rect(x: 8, y: 1, width: 6, height: 3),
        Rect(x: 15, y: 1, width: 6, height: 1), Rect(x: 1, y: 6, width: 4, height: 2),
      ])
    #expect(layout.lineCount == 2)
    #expect(layout.items(inLine: 1) == 3..<4)
    #expect(layout.contentSize == Size(width: 22, height: 9))
  }

  @Test("An item longer than the line gets a line of its own")
  func oversizedItem() {
    let layout = flow([5, 30, 5], container: 20)
    #expect(layout.lineCount == 3)
    #expect(layout.frame(ofItem: 1) == Rect(x: 0, y: 2, width: 30, height: 2))
    #expect(layout.contentSize.width == 30)
  }

  @Test(
    "Line alignment spreads each line; justify leaves the last line at the start",
    arguments: [
      (FlowLineAlignment.start, [0.0, 10, 0]),
      (.center, [2, 12, 7.5]),
      (.end, [4, 14, 15]),
      (.justify, [0, 14, 0]),
    ])
  func lineAlignment(alignment: FlowLineAlignment, expected: [Double]) {
    // 6 + 4 + 6 = 16 fits in 20 with 4 free; adding 4 + 5 would not, so the 5 wraps (15 free).
    let spaced = flow(
      [6, 6, 5], container: 20, style: FlowStyle(itemSpacing: 4, lineAlignment: alignment))
    #expect(spaced.itemFrames.map(\.minX) == expected)
  }

  @Test("Item alignment places thin items across their line")
  func itemAlignment() {
    let sizes = [Size(width: 2, height: 4), Size(width: 2, height: 2)]
    let cases: [(FlowItemAlignment, Double)] = [(.start, 0), (.center, 1), (.end, 2)]
    for (alignment, y) in cases {
      let layout = FlowLayout(
        style: FlowStyle(itemAlignment: alignment), itemSizes: sizes,
        containerSize: Size(width: 10, height: 10))
      #expect(layout.frame(ofItem: 1).minY == y)
    }
  }

  @Test("A vertical flow fills columns; right-to-left mirrors")
  func verticalAndRightToLeft() {
    let vertical = FlowLayout(
      style: FlowStyle(axis: .vertical, itemSpacing: 1, lineSpacing: 1),
      itemSizes: Array(repeating: Size(width: 3, height: 4), count: 3),
      containerSize: Size(width: 20, height: 9))
    #expect(
      vertical.itemFrames.map(\.origin) == [
        Point(x: 0, y: 0), Point(x: 0, y: 5), Point(x: 4, y: 0),
      ])
    let mirrored = flow(
      [6, 6, 6], container: 20, style: FlowStyle(itemSpacing: 1, direction: .rightToLeft))
    #expect(mirrored.itemFrames.map(\.minX) == [14, 7, 0])
    #expect(mirrored.item(at: Point(x: 19, y: 0)) == 0)
    #expect(mirrored.item(at: Point(x: 13.5, y: 0)) == nil)
    #expect(mirrored.insertionIndex(for: Point(x: 18, y: 0)) == 0)
    #expect(mirrored.insertionIndex(for: Point(x: 16, y: 0)) == 1)
  }

  @Test("An infinite container never wraps")
  func infiniteContainer() {
    let layout = flow(Array(repeating: 7, count: 100), container: .infinity)
    #expect(layout.lineCount == 1)
    #expect(layout.contentSize == Size(width: 700, height: 2))
  }

  @Test("Item at a point: items claim their top and leading edges; gaps belong to nobody")
  func itemAtPoint() {
    let layout = flow([4, 4, 4], container: 9, style: FlowStyle(itemSpacing: 1, lineSpacing: 1))
    #expect(layout.item(at: Point(x: 0, y: 0)) == 0)
    #expect(layout.item(at: Point(x: 3.99, y: 1.99)) == 0)
    #expect(layout.item(at: Point(x: 4, y: 0)) == nil)  // the spacing
    #expect(layout.item(at: Point(x: 5, y: 0)) == 1)
    #expect(layout.item(at: Point(x: 1, y: 2.5)) == nil)  // the line gap
    #expect(layout.item(at: Point(x: 1, y: 3)) == 2)
    #expect(layout.item(at: Point(x: 6, y: 3)) == nil)
    #expect(layout.item(at: Point(x: -1, y: 0)) == nil)
    #expect(layout.item(at: Point(x: .nan, y: 0)) == nil)
  }

  @Test("Insertion index: by midpoint, after a line's last item, at the end past the last line")
  func insertionIndex() {
    let layout = flow([4, 4, 4], container: 9, style: FlowStyle(itemSpacing: 1, lineSpacing: 2))
    #expect(layout.insertionIndex(for: Point(x: 1.9, y: 1)) == 0)
    #expect(layout.insertionIndex(for: Point(x: 2.1, y: 1)) == 1)
    #expect(layout.insertionIndex(for: Point(x: 8.5, y: 1)) == 2)  // past the line's last item
    #expect(layout.insertionIndex(for: Point(x: 3, y: -50)) == 1)  // above: the first line
    #expect(layout.insertionIndex(for: Point(x: 1, y: 2.9)) == 0)  // nearer the first line
    #expect(layout.insertionIndex(for: Point(x: 1, y: 3.1)) == 2)  // nearer the second line
    #expect(layout.insertionIndex(for: Point(x: 1, y: 6)) == 3)  // beyond the last line
    #expect(layout.insertionIndex(for: Point(x: .infinity, y: 0)) == 3)
    #expect(flow([]).insertionIndex(for: Point(x: 3, y: 3)) == 0)
  }

  @Test("Edits re-flow the flow: insert, remove, move, resize")
  func edits() {
    var layout = flow([4, 4, 4, 4], container: 9, style: FlowStyle(itemSpacing: 1))
    layout.insert(Size(width: 9, height: 2), at: 1)
    #expect(layout.lineCount == 4)
    #expect(layout.frame(ofItem: 1) == Rect(x: 0, y: 2, width: 9, height: 2))
    #expect(layout.remove(at: 1) == Size(width: 9, height: 2))
    #expect(layout.lineCount == 2)
    layout.moveItem(from: 0, to: 3)
    #expect(layout.count == 4)
    layout.resizeItem(at: 3, to: Size(width: 1, height: 5))
    #expect(layout.frame(ofItem: 3) == Rect(x: 5, y: 2, width: 1, height: 5))
    #expect(layout.contentSize == Size(width: 9, height: 7))
  }

  @Test("Negative, NaN and infinite item extents are stored as 0 and counted")
  func invalidItems() {
    let layout = FlowLayout(
      itemSizes: [Size(width: .nan, height: 2), Size(width: -3, height: .infinity)],
      containerSize: Size(width: 10, height: 10))
    #expect(layout.invalidSizeCount == 3)
    #expect(layout.itemSizes == [Size(width: 0, height: 2), Size(width: 0, height: 0)])
    #expect(layout.itemFrames.allSatisfy { $0.isFinite })
  }
}
