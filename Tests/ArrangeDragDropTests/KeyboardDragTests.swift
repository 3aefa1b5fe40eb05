import ArrangeDragDrop
import ArrangeGeometry
import ArrangeTestSupport
import Testing

/// Keyboard drags and their announcements.
@Suite struct KeyboardDragTests {
  static func board(
    _ configuration: DragConfiguration = .init(), rules: DragRules<String> = .init()
  )
    -> DragHarness
  {
    DragHarness(
      columns: [
        ("To Do", ["Write report", "Call Ann", "Fix bug", "Plan trip", "Read book"]),
        ("In Progress", ["Review"]), ("Done", ["Ship", "Test", "Deploy"]),
      ], configuration: configuration, rules: rules)
  }

  static func key(_ intent: KeyIntent<String>, _ time: Double = 0)
    -> DragInput<ListGeometry<String>>
  {
    .key(intent, time: time)
  }

  @Test("Lifting announces the item, its 1-based position and the container")
  func lift() {
    var harness = Self.board()
    harness.send(Self.key(.lift("Call Ann")))
    #expect(harness.announcements == ["Picked up Call Ann, position 2 of 5 in To Do"])
    #expect(harness.engine.activeSessions == [.keyboard])
    #expect(harness.events.first == .began(.keyboard, "Call Ann", origin: Slot(ContainerID(0), 1)))
  }

  @Test("Next and previous slot move within the container, clamped at both ends")
  func slots() {
    var harness = Self.board()
    harness.send(Self.key(.lift("Call Ann")))
    harness.send(Self.key(.nextSlot))
    #expect(harness.announcements.last == "Moved to To Do, position 3 of 5")
    harness.send(Self.key(.nextSlot))
    harness.send(Self.key(.nextSlot))
    harness.send(Self.key(.nextSlot))  // clamped at position 5
    #expect(harness.announcements.last == "Moved to To Do, position 5 of 5")
    harness.send(Self.key(.previousSlot))
    #expect(harness.announcements.last == "Moved to To Do, position 4 of 5")
    harness.send(Self.key(.drop))
    #expect(harness.items(0) == ["Write report", "Fix bug", "Plan trip", "Call Ann", "Read book"])
    #expect(harness.announcements.last == "Dropped Call Ann in To Do, position 4 of 5")
  }

  @Test("Previous at the first slot stays at the first slot")
  func clampAtStart() {
    var harness = Self.board()
    harness.send(Self.key(.lift("Call Ann")))
    harness.send(Self.key(.previousSlot))
    harness.send(Self.key(.previousSlot))
    harness.send(Self.key(.previousSlot))
    #expect(harness.announcements.last == "Moved to To Do, position 1 of 5")
    harness.send(Self.key(.drop))
    #expect(harness.items(0).first == "Call Ann")
  }

  @Test("Next container keeps the index, clamped to the new container's size")
  func containers() {
    var harness = Self.board()
    harness.send(Self.key(.lift("Plan trip")))  // index 3
    harness.send(Self.key(.nextContainer))  // In Progress has 1 item: index clamped to 1
    #expect(harness.announcements.last == "Moved to In Progress, position 2 of 2")
    harness.send(Self.key(.nextContainer))  // Done: the index stays 1
    #expect(harness.announcements.last == "Moved to Done, position 2 of 4")
    harness.send(Self.key(.nextContainer))  // no container after Done
    #expect(harness.announcements.last == "Moved to Done, position 2 of 4")
    harness.send(Self.key(.drop))
    #expect(harness.items(2) == ["Ship", "Plan trip", "Test", "Deploy"])
    #expect(harness.items(0) == ["Write report", "Call Ann", "Fix bug", "Read book"])
  }

  @Test("Cancel returns the item and says where")
  func cancel() {
    var harness = Self.board()
    harness.send(Self.key(.lift("Fix bug")))
    harness.send(Self.key(.nextContainer))
    harness.send(Self.key(.cancel))
    #expect(harness.announcements.last == "Cancelled, Fix bug returned to position 3 in To Do")
    #expect(harness.operations.isEmpty)
    #expect(harness.events.last == .cancelled(.keyboard, "Fix bug"))
    #expect(!harness.engine.isDragging)
  }

  @Test("A full container is announced and the keyboard drag keeps its last valid proposal")
  func full() {
    var rules = DragRules<String>()
    rules.capacity = { $0 == ContainerID(1) ? 1 : nil }
    var harness = Self.board(rules: rules)
    harness.send(Self.key(.lift("Write report")))
    harness.send(Self.key(.nextContainer))
    #expect(harness.announcements.contains("In Progress is full"))
    #expect(harness.engine.proposal(for: .keyboard)?.action == DropAction.none)
    harness.send(Self.key(.nextContainer))
    #expect(harness.announcements.last == "Moved to Done, position 1 of 4")
    harness.send(Self.key(.drop))
    #expect(harness.items(2).first == "Write report")
    #expect(harness.items(1) == ["Review"])
  }

  @Test("The app's refusal reason is announced, and a refused container means a return")
  func reason() {
    var rules = DragRules<String>()
    rules.canDrop = { _, _, to, _ in
      to == ContainerID(2) ? .refuse("Done needs a review first") : .allow
    }
    var harness = Self.board(rules: rules)
    harness.send(Self.key(.lift("Write report")))
    harness.send(Self.key(.nextContainer))
    harness.send(Self.key(.nextContainer))
    #expect(harness.announcements.contains("Done needs a review first"))
    #expect(harness.engine.proposal(for: .keyboard)?.action == DropAction.none)
    harness.send(Self.key(.drop))
    #expect(harness.items(1) == ["Review"])
    #expect(harness.items(0).first == "Write report")
    #expect(harness.operations.isEmpty)
  }

  @Test("An item that cannot be dragged is not lifted, and the reason is announced")
  func notDraggable() {
    var rules = DragRules<String>()
    rules.canDrag = { item, _ in item == "Ship" ? .refuse("Shipped cards are final") : .allow }
    var harness = Self.board(rules: rules)
    harness.send(Self.key(.lift("Ship")))
    #expect(!harness.engine.isDragging)
    #expect(harness.announcements == ["Shipped cards are final"])
    #expect(
      harness.events == [
        .refused(
          .keyboard,
          DragRefusal(.notDraggable, container: ContainerID(2), reason: "Shipped cards are final"))
      ])
  }

  @Test("Lifting an unknown item, or keys with no keyboard drag, do nothing")
  func strayKeys() {
    var harness = Self.board()
    #expect(harness.send(Self.key(.lift("Nope"))).isEmpty)
    for intent: KeyIntent<String> in [
      .nextSlot, .previousSlot, .nextContainer, .previousContainer, .drop,
    ] {
      #expect(harness.send(Self.key(intent)).isEmpty)
    }
    #expect(harness.send(Self.key(.cancel)).isEmpty)
  }

  @Test("Escape cancels a pointer drag when there is no keyboard drag")
  func escapeCancelsPointer() {
    var harness = Self.board()
    harness.send(DragHarness.pointer(.down, 50, 5, 0))
    harness.send(DragHarness.pointer(.move, 150, 5, 0.1))
    harness.send(Self.key(.cancel, 0.2))
    #expect(!harness.engine.isDragging)
    #expect(harness.events.contains(.cancelled(.pointer(PointerID(0)), "Write report")))
    harness.send(DragHarness.pointer(.up, 150, 5, 0.3))
    #expect(harness.operations.isEmpty)
  }

  @Test("A keyboard drag in exchange mode steps over items and swaps with the one it lands on")
  func exchange() {
    var configuration = DragConfiguration()
    configuration.mode = .exchange
    var harness = Self.board(configuration)
    harness.send(Self.key(.lift("Write report")))
    harness.send(Self.key(.nextSlot))
    #expect(harness.announcements.last == "Will swap with Call Ann in To Do")
    harness.send(Self.key(.nextSlot))
    #expect(harness.announcements.last == "Will swap with Fix bug in To Do")
    harness.send(Self.key(.previousSlot))
    harness.send(Self.key(.previousSlot))
    #expect(harness.announcements.last == "Will return to position 1 in To Do")
    harness.send(Self.key(.nextContainer))
    #expect(harness.announcements.last == "Will swap with Review in In Progress")
    harness.send(Self.key(.drop))
    #expect(harness.items(0) == ["Review", "Call Ann", "Fix bug", "Plan trip", "Read book"])
    #expect(harness.items(1) == ["Write report"])
    #expect(harness.announcements.last == "Swapped Write report with Review")
  }

  @Test("Keyboard moves scroll the target slot into view")
  func scrollsIntoView() {
    let items = (0..<50).map { "card \($0)" }
    var harness = DragHarness(columns: [("Long", items)], columnHeight: 100)
    harness.send(Self.key(.lift("card 0")))
    var scrolls: [Double] = []
    for step in 1...20 {
      for effect in harness.send(Self.key(.nextSlot, Double(step))) {
        if case .scroll(_, let offset) = effect { scrolls.append(offset) }
      }
    }
    // The target is final index 20. Until the drop, card 0 is still at the top, so the insertion
    // line is between card 20 and card 21 at y = 210 and the ghost below it ends at 220: the
    // 100-tall column scrolls to 120.
    #expect(scrolls.last == 120)
    #expect(harness.engine.container(ContainerID(0))?.geometry.scrollOffset == 120)
    #expect(scrolls == scrolls.sorted())
    harness.send(Self.key(.drop, 30))
    #expect(harness.items(0)[20] == "card 0")
  }

  @Test("Keyboard and pointer drags obey the single-drag lock against each other")
  func lock() {
    var harness = Self.board()
    harness.send(DragHarness.pointer(.down, 50, 5, 0))
    harness.send(DragHarness.pointer(.move, 50, 25, 0.1))
    harness.send(Self.key(.lift("Review"), 0.2))
    #expect(harness.events.contains(.refused(.keyboard, DragRefusal(.anotherDragInProgress))))
    #expect(harness.engine.activeSessions == [.pointer(PointerID(0))])
  }

  @Test("Pointer drags announce the lift, each container entered and the drop, not every slot")
  func pointerAnnouncements() {
    var harness = Self.board()
    harness.send(DragHarness.pointer(.down, 50, 5, 0))
    for (step, y) in [16.0, 26, 36, 46].enumerated() {
      harness.send(DragHarness.pointer(.move, 50, y, 0.1 + Double(step) * 0.1))
    }
    harness.send(DragHarness.pointer(.move, 150, 2, 0.6))
    harness.send(DragHarness.pointer(.up, 150, 2, 0.7))
    #expect(
      harness.announcements == [
        "Picked up Write report, position 1 of 5 in To Do",
        "Moved to In Progress, position 1 of 2",
        "Dropped Write report in In Progress, position 1 of 2",
      ])
  }
}
