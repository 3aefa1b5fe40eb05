import ArrangeDragDrop
import ArrangeGeometry
import Testing

@Suite struct ListGeometryIndexTests {
  /// Items numbered 0 ..< count, shuffled with a fixed seed (a linear congruential generator).
  static func shuffled(_ count: Int, seed: UInt64) -> [Int32] {
    var items = (0..<count).map { Int32($0) }
    var state = seed
    for index in stride(from: count - 1, to: 0, by: -1) {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      items.swapAt(index, Int(state >> 33) % (index + 1))
    }
    return items
  }

  @Test("A list given its own index finds every item where the hashed list does, and no other")
  func ownIndexAgrees() {
    for seed in [UInt64(1), 2, 3] {
      let items = Self.shuffled(2_000, seed: seed)
      var positions = [Int](repeating: -1, count: items.count)
      for (index, item) in items.enumerated() { positions[Int(item)] = index }
      let table = positions
      let frame = Rect(x: 0, y: 0, width: 100, height: 400)
      let lengths = items.map { Double($0 % 7 + 10) }
      let hashed = ListGeometry(items: items, frame: frame, itemLengths: lengths, spacing: 2)
      let given = ListGeometry(
        items: items, frame: frame, itemLengths: lengths, spacing: 2,
        indexedBy: { item in item >= 0 && Int(item) < table.count ? table[Int(item)] : nil })
      for item in items {
        #expect(given.index(of: item) == hashed.index(of: item))
        #expect(given.item(at: given.index(of: item)!) == item)
      }
      #expect(given.index(of: -1) == nil)
      #expect(given.index(of: 2_000) == nil)
      for y in stride(from: -20.0, through: 420, by: 7) {
        let point = Point(x: 50, y: y)
        #expect(given.itemIndex(at: point) == hashed.itemIndex(at: point))
        #expect(given.insertionIndex(for: point) == hashed.insertionIndex(for: point))
      }
      // Scrolled, the index still comes from the app's table.
      let scrolled = given.scrolled(to: 500)
      #expect(scrolled.index(of: items[77]) == 77)
      #expect(scrolled.frameOfItem(at: 77) == hashed.scrolled(to: 500).frameOfItem(at: 77))
    }
  }
}
