import ArrangeDragDrop
import ArrangeGeometry
import ArrangeTestSupport
import Testing

/// Seed 001, KDDragAndDropCollectionView: several collection views on one canvas, the target
/// chosen by the largest overlap with the snapshot, data source insert/delete/move kept live.
@Suite struct KDScenarioTests {
  static func configuration(_ strategy: TargetStrategy, _ application: OperationTiming = .onDrop)
    -> DragConfiguration
  {
    var configuration = DragConfiguration()
    configuration.strategy = strategy
    configuration.operationTiming = application
    return configuration
  }

  struct OverlapCase: Sendable, CustomTestStringConvertible {
    var name: String
    /// Where the item is grabbed (its frame is x 0–100) and where the pointer goes.
    var pressX: Double
    var pointerX: Double
    var strategy: TargetStrategy
    var container: Int
    var operation: DragOperation<String>
    var column0: [String]
    var column1: [String]

    var testDescription: String { name }

    static let all: [OverlapCase] = [
      OverlapCase(
        name: "largest overlap: pointer in the right view, snapshot mostly over the left",
        pressX: 95, pointerX: 105, strategy: .largestOverlap, container: 0,
        operation: .move("K0", from: seedSlot(0, 0), to: seedSlot(0, 1), before: "K2"),
        column0: ["K1", "K0", "K2"], column1: ["M0", "M1", "M2"]),
      OverlapCase(
        name: "pointer inside: the same gesture goes to the view under the pointer",
        pressX: 95, pointerX: 105, strategy: .pointerInside, container: 1,
        operation: .move("K0", from: seedSlot(0, 0), to: seedSlot(1, 2), before: "M2"),
        column0: ["K1", "K2"], column1: ["M0", "M1", "K0", "M2"]),
      OverlapCase(
        name: "largest overlap: pointer in the left view, snapshot mostly over the right",
        pressX: 5, pointerX: 95, strategy: .largestOverlap, container: 1,
        operation: .move("K0", from: seedSlot(0, 0), to: seedSlot(1, 2), before: "M2"),
        column0: ["K1", "K2"], column1: ["M0", "M1", "K0", "M2"]),
    ]
  }

  @Test(
    "KDDragAndDropCollectionView: the target is the view the snapshot overlaps most",
    arguments: OverlapCase.all)
  func largestOverlap(_ overlap: OverlapCase) throws {
    var harness = DragHarness(
      columns: [("Left", ["K0", "K1", "K2"]), ("Right", ["M0", "M1", "M2"])],
      configuration: Self.configuration(overlap.strategy))
    harness.send(seedPointer(.down, overlap.pressX, 5, 0))
    harness.send(seedPointer(.move, overlap.pointerX, 17, 0.01))
    // The snapshot keeps the grab offset: its left edge is pressX to the left of the pointer.
    let session = try #require(harness.engine.presentation.sessions.first)
    #expect(
      session.ghostFrame
        == Rect(x: overlap.pointerX - overlap.pressX, y: 12, width: 100, height: 10))
    #expect(
      harness.engine.proposal(for: seedSession())?.container == ContainerID(overlap.container))
    harness.send(seedPointer(.up, overlap.pointerX, 17, 0.02))
    #expect(harness.operations == [overlap.operation])
    #expect(harness.items(0) == overlap.column0)
    #expect(harness.items(1) == overlap.column1)
    #expect(harness.errors.isEmpty)
  }

  @Test(
    "KDDragAndDropCollectionView: dropping past the last item appends",
    arguments: OperationTiming.allCases)
  func pastTheEnd(application: OperationTiming) {
    var harness = DragHarness(
      columns: [("Left", ["K0", "K1", "K2"]), ("Right", ["M0", "M1", "M2"])],
      configuration: Self.configuration(.largestOverlap, application))
    harness.drag("K0", to: Point(x: 150, y: 500))
    #expect(harness.items(1) == ["M0", "M1", "M2", "K0"])
    #expect(harness.items(0) == ["K1", "K2"])
    harness.drag("K1", to: Point(x: 50, y: 700), startingAt: 1)
    #expect(harness.items(0) == ["K2", "K1"])
    if application == .onDrop {
      #expect(
        harness.operations == [
          .move("K0", from: seedSlot(0, 0), to: seedSlot(1, 3), before: nil),
          .move("K1", from: seedSlot(0, 0), to: seedSlot(0, 1), before: nil),
        ])
    }
    #expect(harness.errors.isEmpty)
  }

  @Test(
    "KDDragAndDropCollectionView: dropping on an empty view inserts at index 0",
    arguments: OperationTiming.allCases)
  func emptyView(application: OperationTiming) {
    var harness = DragHarness(
      columns: [("Left", ["K0", "K1", "K2"]), ("Empty", [])],
      configuration: Self.configuration(.largestOverlap, application))
    harness.drag("K1", to: Point(x: 150, y: 300))
    #expect(harness.items(1) == ["K1"])
    #expect(harness.items(0) == ["K0", "K2"])
    #expect(
      seedEvents(harness.log).contains(
        .dropped(
          seedSession(),
          DragTransaction([.move("K1", from: seedSlot(0, 1), to: seedSlot(1, 0), before: nil)]))))
    #expect(harness.errors.isEmpty)
  }

  @Test(
    "KDDragAndDropCollectionView: in live application the item is in exactly one view at every step"
  )
  func liveAcrossThreeViews() {
    let columns: [(name: String, items: [String])] = [
      ("A", ["A0", "A1", "A2"]), ("B", ["B0", "B1"]), ("C", ["C0"]),
    ]
    var harness = DragHarness(
      columns: columns, configuration: Self.configuration(.largestOverlap, .live))
    var onDrop = DragHarness(
      columns: columns, configuration: Self.configuration(.largestOverlap, .onDrop))
    let everything = ["A0", "A1", "A2", "B0", "B1", "C0"]

    // Each step: the input and the three views after it.
    let steps: [(input: SeedInput, a: [String], b: [String], c: [String])] = [
      (seedPointer(.down, 50, 15, 0), ["A0", "A1", "A2"], ["B0", "B1"], ["C0"]),
      (seedPointer(.move, 56, 15, 0.01), ["A0", "A1", "A2"], ["B0", "B1"], ["C0"]),
      (seedPointer(.move, 150, 12, 0.02), ["A0", "A2"], ["B0", "A1", "B1"], ["C0"]),
      (seedPointer(.move, 250, 3, 0.03), ["A0", "A2"], ["B0", "B1"], ["A1", "C0"]),
      (seedPointer(.move, 250, 500, 0.04), ["A0", "A2"], ["B0", "B1"], ["C0", "A1"]),
      (seedPointer(.move, 50, 500, 0.05), ["A0", "A2", "A1"], ["B0", "B1"], ["C0"]),
      (seedPointer(.move, 50, 15, 0.06), ["A0", "A1", "A2"], ["B0", "B1"], ["C0"]),
      (seedPointer(.move, 150, 500, 0.07), ["A0", "A2"], ["B0", "B1", "A1"], ["C0"]),
      (seedPointer(.up, 150, 500, 0.08), ["A0", "A2"], ["B0", "B1", "A1"], ["C0"]),
    ]
    for (number, step) in steps.enumerated() {
      harness.send(step.input)
      onDrop.send(step.input)
      let views = (0..<3).filter { harness.items($0).contains("A1") }
      #expect(views.count == 1, "step \(number): A1 is in views \(views)")
      #expect(harness.model.invariantViolations().isEmpty, "step \(number)")
      #expect(seedAllItems(harness) == everything, "step \(number)")
      #expect(harness.items(0) == step.a, "step \(number)")
      #expect(harness.items(1) == step.b, "step \(number)")
      #expect(harness.items(2) == step.c, "step \(number)")
      #expect(harness.errors.isEmpty, "step \(number)")
    }
    let transaction = DragTransaction([
      DragOperation.move("A1", from: seedSlot(0, 1), to: seedSlot(1, 2), before: nil)
    ])
    #expect(harness.events.last == .dropped(seedSession(), transaction))
    #expect(onDrop.events.last == .dropped(seedSession(), transaction))
    // Both ways of applying end in the same model.
    #expect(onDrop.model == harness.model)
  }
}
