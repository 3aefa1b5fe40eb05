import ArrangeDragDrop
import ArrangeGeometry
import ArrangeTestSupport
import Testing

/// Auto-scroll: band, ramp, maximum speed, frame-rate independence.
@Suite struct AutoScrollTests {
  static let frame = Rect(x: 0, y: 0, width: 100, height: 400)
  static let configuration = AutoScrollConfiguration()

  static func offset(pointerY: Double, entered: Double = 0, from start: Double, to end: Double)
    -> Double
  {
    AutoScroll.offset(
      from: 1_000, maximumOffset: 10_000, pointer: Point(x: 50, y: pointerY), frame: frame,
      axis: .vertical, entered: entered, start: start, end: end, configuration: configuration)
  }

  @Test("The band is 20% of the length, at most 60")
  func band() {
    #expect(
      AutoScroll.bandDepth(frame: Self.frame, axis: .vertical, configuration: Self.configuration)
        == 60)
    let small = Rect(x: 0, y: 0, width: 100, height: 100)
    #expect(
      AutoScroll.bandDepth(frame: small, axis: .vertical, configuration: Self.configuration) == 20)
    #expect(
      AutoScroll.bandDepth(frame: small, axis: .horizontal, configuration: Self.configuration) == 20
    )
    var cells = AutoScrollConfiguration()
    cells.maximumBand = 3
    #expect(AutoScroll.bandDepth(frame: Self.frame, axis: .vertical, configuration: cells) == 3)
  }

  @Test(
    "Speed grows linearly with depth into the band, up to the maximum at the edge",
    arguments: [
      (200.0, 0.0), (340.0, 0.0), (370.0, 500.0), (399.0, 1_000 * 59 / 60), (30.0, -500.0),
      (0.0, -1_000.0), (-1.0, 0.0), (400.0, 0.0),
    ] as [(Double, Double)])
  func speed(_ y: Double, _ expected: Double) {
    let speed = AutoScroll.edgeSpeed(
      pointer: Point(x: 50, y: y), frame: Self.frame, axis: .vertical,
      configuration: Self.configuration)
    #expect(abs(speed - expected) < 1e-9)
  }

  @Test("The speed ramps up linearly over the first 400 ms")
  func ramp() {
    // At the edge (speed 1,000): after 0.2 s the ramp is at half, the distance 1000 × 0.2²/0.8.
    #expect(abs(Self.offset(pointerY: 399.999_999, from: 0, to: 0.2) - (1_000 + 50)) < 1e-3)
    // After the ramp: 0.4 s give 200, each further second 1,000.
    #expect(
      abs(Self.offset(pointerY: 399.999_999, from: 0, to: 1.4) - (1_000 + 200 + 1_000)) < 1e-2)
    // Started later, already at full speed.
    #expect(abs(Self.offset(pointerY: 399.999_999, from: 1, to: 2) - 2_000) < 1e-2)
  }

  @Test(
    "One long tick and many short ticks scroll the same distance", arguments: [1, 3, 7, 60, 240])
  func frameRateIndependent(_ ticks: Int) {
    var offset = 1_000.0
    for step in 0..<ticks {
      let start = Double(step) / Double(ticks) * 1.5
      let end = Double(step + 1) / Double(ticks) * 1.5
      offset = AutoScroll.offset(
        from: offset, maximumOffset: 10_000, pointer: Point(x: 50, y: 380), frame: Self.frame,
        axis: .vertical, entered: 0, start: start, end: end, configuration: Self.configuration)
    }
    let once = Self.offset(pointerY: 380, from: 0, to: 1.5)
    #expect(abs(offset - once) < 1e-9)
    #expect(once > 1_000)
  }

  @Test("The offset is clamped to the scrollable range")
  func clamped() {
    let top = AutoScroll.offset(
      from: 10, maximumOffset: 500, pointer: Point(x: 50, y: 1), frame: Self.frame,
      axis: .vertical, entered: 0, start: 0, end: 5, configuration: Self.configuration)
    #expect(top == 0)
    let bottom = AutoScroll.offset(
      from: 490, maximumOffset: 500, pointer: Point(x: 50, y: 399), frame: Self.frame,
      axis: .vertical, entered: 0, start: 0, end: 5, configuration: Self.configuration)
    #expect(bottom == 500)
  }

  @Test("Bad numbers scroll nothing")
  func badNumbers() {
    for y in [Double.nan, .infinity] {
      #expect(Self.offset(pointerY: y, from: 0, to: 1) == 1_000)
    }
    #expect(Self.offset(pointerY: 399, from: .nan, to: 1) == 1_000)
    #expect(Self.offset(pointerY: 399, from: 2, to: 1) == 1_000)
  }

  @Test("A drag held in a column's bottom band scrolls it on ticks and retargets")
  func engineScrolls() {
    let items = (0..<100).map { "card \($0)" }
    var harness = DragHarness(columns: [("Long", items)], columnHeight: 200)
    harness.send(DragHarness.pointer(.down, 50, 5, 0))
    harness.send(DragHarness.pointer(.move, 50, 195, 1))  // 35 deep in the 40-deep band
    let before = harness.engine.proposal(for: .pointer(PointerID(0)))?.action
    // Cards 1…18 have their midpoints above y = 195 (card 19's is at 195): final index 18.
    #expect(before == .move(to: Slot(ContainerID(0), 18)))
    var scrolled: [Double] = []
    for tick in 1...20 {
      for effect in harness.send(.tick(time: 1 + Double(tick) * 0.05)) {
        if case .scroll(_, let offset) = effect { scrolled.append(offset) }
      }
    }
    #expect(scrolled.count == 20)
    #expect(scrolled == scrolled.sorted())
    let expected = AutoScroll.offset(
      from: 0, maximumOffset: 1_000 - 200, pointer: Point(x: 50, y: 195),
      frame: Rect(x: 0, y: 0, width: 100, height: 200), axis: .vertical, entered: 1, start: 1,
      end: 2, configuration: AutoScrollConfiguration())
    #expect(abs((scrolled.last ?? 0) - expected) < 1e-6)
    let after = harness.engine.proposal(for: .pointer(PointerID(0)))?.action
    #expect(after != before)
    harness.send(DragHarness.pointer(.up, 50, 195, 2.1))
    #expect(harness.errors.isEmpty)
    #expect(harness.items(0).firstIndex(of: "card 0") ?? 0 > 18)
  }

  @Test("A container that does not scroll never auto-scrolls")
  func noScroll() {
    var harness = DragHarness(columns: [("Short", ["a", "b"])], columnHeight: 200)
    harness.send(DragHarness.pointer(.down, 50, 5, 0))
    harness.send(DragHarness.pointer(.move, 50, 199, 1))
    let effects = harness.send(.tick(time: 3))
    #expect(!effects.contains { if case .scroll = $0 { return true } else { return false } })
  }

  @Test("isAutoScrolling: true while the pointer rests in a band that can still scroll, else false")
  func isAutoScrolling() {
    let items = (0..<100).map { "card \($0)" }
    var harness = DragHarness(columns: [("Long", items), ("Short", ["a"])], columnHeight: 200)
    #expect(!harness.engine.isAutoScrolling)
    harness.send(DragHarness.pointer(.down, 50, 5, 0))
    harness.send(DragHarness.pointer(.move, 50, 100, 0.5))
    #expect(!harness.engine.isAutoScrolling)  // dragging, but in the middle
    harness.send(DragHarness.pointer(.move, 50, 5, 0.6))  // the top band, already at offset 0
    #expect(!harness.engine.isAutoScrolling)
    // The first tick at the band's edge falls at the start of the ramp and scrolls nothing; the
    // engine still says ticks are needed, so a host keeps sending them.
    harness.send(DragHarness.pointer(.move, 50, 195, 1))
    harness.send(.tick(time: 1))
    #expect(harness.engine.isAutoScrolling)
    harness.send(DragHarness.pointer(.move, 150, 195, 1.2))  // a column that cannot scroll
    #expect(!harness.engine.isAutoScrolling)
    harness.send(DragHarness.pointer(.move, 50, 195, 1.3))
    for tick in 1...200 { harness.send(.tick(time: 1.3 + Double(tick) * 0.05)) }
    // Scrolled to the end: nothing left to scroll that way.
    #expect(harness.engine.container(ContainerID(0))?.geometry.scrollOffset == 800)
    #expect(!harness.engine.isAutoScrolling)
    harness.send(DragHarness.pointer(.move, 50, 5, 12))
    #expect(harness.engine.isAutoScrolling)  // the top band can scroll back now
    harness.send(DragHarness.pointer(.up, 50, 5, 12.1))
    #expect(!harness.engine.isAutoScrolling)  // no drag, no ticks
  }
}
