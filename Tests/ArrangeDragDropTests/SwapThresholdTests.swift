import ArrangeDragDrop
import ArrangeGeometry
import ArrangeTestSupport
import Testing

/// Where on an item of its own container a dragged item takes that item's place.
///
/// `DragConfiguration.swapThreshold`, SortableJS's `swapThreshold`. Items are 10 points long,
/// item `i` spanning `10 i ..< 10 i + 10`.
@Suite struct SwapThresholdTests {
  /// A column of `items` with `threshold`.
  func harness(_ threshold: Double, _ items: [String] = ["a", "b", "c", "d", "e"]) -> DragHarness {
    var configuration = DragConfiguration()
    configuration.swapThreshold = threshold
    return DragHarness(
      columns: [("List", items), ("Other", ["x", "y"])], configuration: configuration)
  }

  @Test("0 (the default): the place is taken once the pointer passes the item's middle")
  func middle() {
    #expect(DragConfiguration().swapThreshold == 0)
    var on = harness(0)
    on.drag("a", to: Point(x: 50, y: 15))
    #expect(on.items(0) == ["a", "b", "c", "d", "e"])
    on.drag("a", to: Point(x: 50, y: 15.5))
    #expect(on.items(0) == ["b", "a", "c", "d", "e"])
    var up = harness(0)
    up.drag("c", to: Point(x: 50, y: 15.5))
    #expect(up.items(0) == ["a", "b", "c", "d", "e"])
    up.drag("c", to: Point(x: 50, y: 14.5))
    #expect(up.items(0) == ["a", "c", "b", "d", "e"])
  }

  @Test("1: the place is taken as soon as the pointer is on the item, down and up")
  func whole() {
    var down = harness(1)
    down.drag("a", to: Point(x: 50, y: 10.5))
    #expect(down.items(0) == ["b", "a", "c", "d", "e"])
    var up = harness(1)
    up.drag("c", to: Point(x: 50, y: 19.5))
    #expect(up.items(0) == ["a", "c", "b", "d", "e"])
    // Past several items: the last one the pointer is on is passed.
    var far = harness(1)
    far.drag("a", to: Point(x: 50, y: 30.5))
    #expect(far.items(0) == ["b", "c", "d", "a", "e"])
  }

  @Test("Between: the line lies the threshold's share of half the item from its middle")
  func between() {
    var early = harness(0.5)
    early.drag("a", to: Point(x: 50, y: 12))
    #expect(early.items(0) == ["a", "b", "c", "d", "e"])
    var late = harness(0.5)
    late.drag("a", to: Point(x: 50, y: 13))
    #expect(late.items(0) == ["b", "a", "c", "d", "e"])
  }

  @Test("Negative: the line lies past the middle, towards the item's far edge (inverted swap)")
  func inverted() {
    // -0.5: a quarter of the item from its far edge, 17.5 on b (10 ..< 20) from above.
    var early = harness(-0.5)
    early.drag("a", to: Point(x: 50, y: 17))
    #expect(early.items(0) == ["a", "b", "c", "d", "e"])
    var late = harness(-0.5)
    late.drag("a", to: Point(x: 50, y: 18))
    #expect(late.items(0) == ["b", "a", "c", "d", "e"])
    // From below, 12.5 on b.
    var up = harness(-0.5)
    up.drag("c", to: Point(x: 50, y: 13))
    #expect(up.items(0) == ["a", "b", "c", "d", "e"])
    up.drag("c", to: Point(x: 50, y: 12))
    #expect(up.items(0) == ["a", "c", "b", "d", "e"])
    // -1: only past the item.
    var past = harness(-1)
    past.drag("a", to: Point(x: 50, y: 19.5))
    #expect(past.items(0) == ["a", "b", "c", "d", "e"])
  }

  @Test("Out of -1...1 it is clamped; another container keeps the middle rule")
  func bounds() {
    var above = harness(5)
    above.drag("a", to: Point(x: 50, y: 10.5))
    #expect(above.items(0) == ["b", "a", "c", "d", "e"])
    var below = harness(-3)
    below.drag("a", to: Point(x: 50, y: 19.5))
    #expect(below.items(0) == ["a", "b", "c", "d", "e"])
    var other = harness(1)
    other.drag("a", to: Point(x: 150, y: 2))
    #expect(other.items(1) == ["a", "x", "y"])
    var past = harness(1)
    past.drag("b", to: Point(x: 150, y: 6))
    #expect(past.items(1) == ["x", "b", "y"])
  }

  @Test(
    "Over 7 thresholds × 5 dragged items × 100 points on the items, the index is the reference's")
  func sweep() {
    let items = ["a", "b", "c", "d", "e"]
    for threshold in [-1, -0.5, 0, 0.25, 0.5, 0.75, 1.0] {
      for dragged in 0..<items.count {
        var last = -1
        for step in 0..<100 {
          let y = Double(step) * 0.5
          var run = harness(threshold, items)
          run.drag(items[dragged], to: Point(x: 50, y: y))
          let index = run.items(0).firstIndex(of: items[dragged]) ?? -1
          // The reference: each other item is passed once the pointer is past its line, which
          // lies `threshold × 5` from its middle towards the dragged item's side (past it, for
          // a negative threshold); and once the pointer is off it, past its end.
          var expected = 0
          for other in 0..<items.count where other != dragged {
            let middle = Double(other) * 10 + 5
            let line = other > dragged ? middle - threshold * 5 : middle + threshold * 5
            if y > line || y >= Double(other) * 10 + 10 { expected += 1 }
          }
          #expect(index == expected, "threshold \(threshold), \(items[dragged]) to y \(y)")
          #expect(index >= last, "the index never goes back as the pointer goes down")
          last = index
        }
      }
    }
  }
}
