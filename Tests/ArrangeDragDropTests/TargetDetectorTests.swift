import ArrangeDragDrop
import ArrangeGeometry
import ArrangeTestSupport
import Testing

/// Target strategies are functions from the drag's geometry to a container: the four built-ins
/// are written that way, and an app can supply its own.
@Suite struct TargetDetectorTests {
  /// A (x 0…100), B (x 100…200) and C (x 50…150, overlapping both, lowest priority).
  static let candidates = [
    DropTargetCandidate(id: ContainerID(0), frame: Rect(x: 0, y: 0, width: 100, height: 100)),
    DropTargetCandidate(id: ContainerID(1), frame: Rect(x: 100, y: 0, width: 100, height: 100)),
    DropTargetCandidate(id: ContainerID(2), frame: Rect(x: 50, y: 50, width: 100, height: 100)),
  ]

  static func query(pointer: Point, item: Rect) -> DropTargetQuery {
    DropTargetQuery(
      session: .pointer(PointerID(0)), pointer: pointer, itemFrame: item,
      candidates: candidates)
  }

  @Test("The four built-in strategies, as detectors, choose as documented")
  func builtIns() {
    // Pointer at (90, 60) in A (and C); the ghost 40×20 at (95, 55): mostly over B and C.
    let query = Self.query(
      pointer: Point(x: 90, y: 60), item: Rect(x: 95, y: 55, width: 40, height: 20))
    #expect(TargetStrategy.pointerInside.detector.choose(query) == ContainerID(0))
    // The ghost's centre (115, 65) is in B, and in C, which comes later.
    #expect(TargetStrategy.itemCenter.detector.choose(query) == ContainerID(1))
    #expect(TargetStrategy.itemCenter.detector.locatesByItemCenter)
    #expect(!TargetStrategy.pointerInside.detector.locatesByItemCenter)
    // Overlaps: A 5×20 = 100, B 35×20 = 700, C 40×20 = 800.
    #expect(TargetStrategy.largestOverlap.detector.choose(query) == ContainerID(2))
    // Centres: A (50, 50), B (150, 50), C (100, 100); the ghost's (115, 65): B is 36.4 away, C 38.1.
    #expect(TargetStrategy.closestCenter.detector.choose(query) == ContainerID(1))
    // Outside everything.
    let outside = Self.query(
      pointer: Point(x: 500, y: 500), item: Rect(x: 490, y: 490, width: 20, height: 20))
    #expect(TargetStrategy.pointerInside.detector.choose(outside) == nil)
    #expect(TargetStrategy.largestOverlap.detector.choose(outside) == nil)
    #expect(TargetStrategy.closestCenter.detector.choose(outside) == ContainerID(2))
  }

  @Test("An app's own detector chooses the target; the slot follows the pointer")
  func appDetector() {
    var rules = DragRules<String>()
    // Always the second column, wherever the pointer is.
    rules.targetDetector = TargetDetector { _ in ContainerID(1) }
    var harness = DragHarness(columns: [("A", ["a0", "a1"]), ("B", ["b0", "b1"])], rules: rules)
    harness.drag("a0", to: Point(x: 50, y: 12))
    #expect(harness.items(0) == ["a1"])
    #expect(harness.items(1) == ["b0", "a0", "b1"])
    #expect(harness.announcements.last == "Dropped a0 in B, position 2 of 3")
  }

  @Test("A detector that names no container of the arena chooses none: the item goes home")
  func unknownContainer() {
    var rules = DragRules<String>()
    rules.targetDetector = TargetDetector { _ in ContainerID(42) }
    var harness = DragHarness(columns: [("A", ["a0", "a1"]), ("B", ["b0"])], rules: rules)
    harness.drag("a0", to: Point(x: 150, y: 5))
    #expect(harness.items(0) == ["a0", "a1"])
    #expect(harness.items(1) == ["b0"])
    #expect(harness.operations.isEmpty)
  }

  @Test("A detector that locates by the item's centre picks the slot by that centre")
  func locatesByCenter() {
    var rules = DragRules<String>()
    rules.targetDetector = TargetDetector(locatesByItemCenter: true) { query in
      query.candidates.first { $0.frame.contains(query.itemFrame.center) }?.id
    }
    var harness = DragHarness(columns: [("A", ["a0", "a1", "a2", "a3"])], rules: rules)
    // Grab a0 near its top (y 1) and move the pointer to y 24: the item's centre is at y 28,
    // past the midpoints of a0's own slot (5), a1 (15) and a2 (25): final index 2. By the
    // pointer (24, past 5 and 15 only) it would be 1.
    harness.send(DragHarness.pointer(.down, 50, 1, 0))
    harness.send(DragHarness.pointer(.move, 50, 8, 0.01))
    harness.send(DragHarness.pointer(.move, 50, 24, 0.02))
    harness.send(DragHarness.pointer(.up, 50, 24, 0.03))
    #expect(harness.items(0) == ["a1", "a2", "a0", "a3"])
  }
}
