import ArrangeDragDrop
import ArrangeGeometry
import ArrangeTestSupport
import Testing

/// What the engine hands the app prints as short sentences, not as nested type names.
@Suite struct DescriptionTests {
  @Test("Operations, actions, proposals and refusals read as a few words")
  func values() {
    let done: ContainerID = 1
    #expect(done == ContainerID(1))
    #expect(
      DragOperation.move("a", from: Slot(0, 0), to: Slot(done, 2), before: "b").description
        == "move a from 0,0 to 1,2 before b")
    #expect(
      DragOperation<String>.exchange("a", at: Slot(0, 0), with: "c", otherAt: Slot(0, 2))
        .description == "exchange a at 0,0 with c at 0,2")
    #expect(DragOperation<String>.remove("a", from: Slot(0, 1)).description == "remove a from 0,1")
    #expect(
      DragTransaction<String>([
        .insert("x", at: Slot(0, 0)), .dropInto("y", from: Slot(0, 1), into: "x"),
      ])
      .description == "[insert x at 0,0; drop y from 0,1 into x]")
    #expect(DropAction<String>.none.description == "nothing")
    #expect(
      DropProposal<String>(
        .none, container: 2, refusal: DragRefusal(.containerFull, container: 2)
      ).description == "nothing over #2 (refused: container full in #2)")
    #expect(
      DragRefusal(.notAccepted, container: 3, reason: "Done takes finished tasks").description
        == "not accepted in #3: Done takes finished tasks")
    #expect(RuleVerdict.allow(if: false, otherwise: "Locked").description == "refuse: Locked")
  }

  @Test("A drag's effects print as a readable log")
  func effects() {
    var harness = DragHarness(columns: [("To Do", ["a", "b"]), ("Done", [])])
    harness.drag("a", to: Point(x: 150, y: 5))
    let log = harness.log.map(\.description)
    #expect(log.contains("event: pointer 0 began a at 0,0"))
    #expect(log.contains("apply: move a from 0,0 to 1,0"))
    #expect(log.contains("event: pointer 0 dropped [move a from 0,0 to 1,0]"))
    #expect(log.contains { $0.hasPrefix("announce: ") && $0.contains("Done") })
    #expect(!log.contains { $0.contains("ArrangeDragDrop.") })
  }
}

/// Two refusals are the same when their kind, container and reason's bytes are.
@Suite struct RefusalEqualityTests {
  @Test("Refusals compare their reasons byte for byte, and hash as they compare")
  func reasons() {
    let composed = DragRefusal(.cannotDrop, container: 2, reason: "Caf\u{E9} is full")
    let decomposed = DragRefusal(.cannotDrop, container: 2, reason: "Cafe\u{301} is full")
    #expect(composed == DragRefusal(.cannotDrop, container: 2, reason: "Caf\u{E9} is full"))
    #expect(composed != decomposed)
    #expect(composed != DragRefusal(.cannotDrop, container: 2))
    #expect(composed != DragRefusal(.cannotDrop, container: 3, reason: "Caf\u{E9} is full"))
    #expect(composed != DragRefusal(.notAccepted, container: 2, reason: "Caf\u{E9} is full"))
    #expect(DragRefusal(.containerFull) == DragRefusal(.containerFull))
    #expect(DragRefusal(.containerFull, reason: "") != DragRefusal(.containerFull))
    let set: Set = [composed, decomposed, composed, DragRefusal(.containerFull)]
    #expect(set.count == 3)
  }
}
