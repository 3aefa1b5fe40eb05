import ArrangeDragDrop
import ArrangeGeometry
import ArrangeTerminal
import ArrangeTerminalDrag
import ArrangeTestSupport
import Testing

@Suite struct ListArenaTests {
  /// Two lists side by side: x 1..<11 and 13..<23, rows 1..<9.
  static func arena(_ left: [String], _ right: [String]) -> ListArena<String> {
    ListArena(
      ids: [ContainerID(0), ContainerID(1)],
      lists: [
        ListContainer(items: left, frame: CellRect(column: 1, row: 1, width: 10, height: 8)),
        ListContainer(items: right, frame: CellRect(column: 13, row: 1, width: 10, height: 8)),
      ])
  }

  static func apply(
    _ arena: inout ListArena<String>, _ operation: DragOperation<String>, at time: Double,
    newItemHeight: Int = 1
  ) -> Bool {
    arena.apply(operation, at: time, newItemHeight: newItemHeight)
  }

  static func slot(_ container: Int, _ index: Int) -> Slot { Slot(ContainerID(container), index) }

  @Test("A move between lists hands the item over: it slides across, it is not recreated")
  func moveAcross() {
    var arena = Self.arena(["a", "b", "c"], ["d"])
    #expect(
      Self.apply(&arena, .move("b", from: Self.slot(0, 1), to: Self.slot(1, 1), before: nil), at: 0)
    )
    #expect(arena.lists[0].items == ["a", "c"])
    #expect(arena.lists[1].items == ["d", "b"])
    let halfway = arena.lists[1].displayedFrames(at: 0.05).first { $0.item == "b" }
    let column = halfway?.frame.column ?? -1
    #expect(column > 1 && column < 13)
    #expect(arena.lists[1].displayedFrames(at: 1).first { $0.item == "b" }?.frame.column == 13)
    #expect(arena.slot(of: "b") == Self.slot(1, 1))
    #expect(arena.geometry(of: ContainerID(1))?.items == ["d", "b"])
  }

  @Test("Exchanges swap two items within a list and between lists")
  func exchanges() {
    var arena = Self.arena(["a", "b", "c"], ["d", "e"])
    #expect(
      Self.apply(
        &arena, .exchange("a", at: Self.slot(0, 0), with: "c", otherAt: Self.slot(0, 2)), at: 0))
    #expect(arena.lists[0].items == ["c", "b", "a"])
    #expect(
      Self.apply(
        &arena, .exchange("b", at: Self.slot(0, 1), with: "e", otherAt: Self.slot(1, 1)), at: 0))
    #expect(arena.lists[0].items == ["c", "e", "a"])
    #expect(arena.lists[1].items == ["d", "b"])
  }

  @Test("Copies and inserts grow in, removals shrink away")
  func copyInsertRemove() {
    var arena = Self.arena(["a"], ["d"])
    #expect(Self.apply(&arena, .copy("a", as: "a2", to: Self.slot(1, 0)), at: 0, newItemHeight: 2))
    #expect(arena.lists[1].items == ["a2", "d"])
    #expect(arena.lists[1].height(of: "a2") == 2)
    #expect(Self.apply(&arena, .remove("d", from: Self.slot(1, 1)), at: 0))
    #expect(arena.lists[1].items == ["a2"])
    #expect(arena.lists[1].displayedFrames(at: 0.05).contains { $0.item == "d" && $0.isLeaving })
    #expect(Self.apply(&arena, .insert("z", at: Self.slot(0, 5)), at: 0))
    #expect(arena.lists[0].items == ["a", "z"])
  }

  @Test(
    "An operation that does not describe the lists changes nothing",
    arguments: [
      DragOperation<String>.move(
        "x", from: Slot(ContainerID(0), 0), to: Slot(ContainerID(1), 0), before: nil),
      .move("a", from: Slot(ContainerID(0), 3), to: Slot(ContainerID(1), 0), before: nil),
      .move("a", from: Slot(ContainerID(0), 0), to: Slot(ContainerID(7), 0), before: nil),
      .exchange("a", at: Slot(ContainerID(0), 0), with: "d", otherAt: Slot(ContainerID(1), 5)),
      .remove("b", from: Slot(ContainerID(0), 0)),
      .copy("a", as: "d", to: Slot(ContainerID(1), 0)),
      .insert("q", at: Slot(ContainerID(9), 0)),
    ])
  func mismatch(_ operation: DragOperation<String>) {
    var arena = Self.arena(["a", "b"], ["d"])
    let applied = arena.apply(operation, at: 0)
    #expect(!applied)
    #expect(arena.lists[0].items == ["a", "b"])
    #expect(arena.lists[1].items == ["d"])
  }

  @Test(
    "Random mouse drags in every mode leave the lists equal to the engine's model",
    arguments: [DragMode.move, .exchange, .copy])
  func followsTheModel(_ mode: DragMode) {
    var random = SeededRandom(seed: 0xA7E4 + UInt64(mode.hashValue & 0xFF))
    var copies = 0
    for _ in 0..<150 {
      var configuration = DragConfiguration()
      configuration.mode = mode
      configuration.operationTiming = random.chance(0.5) ? .live : .onDrop
      var rules = DragRules<String>()
      rules.canRemove = { _, point in point.y > 9 ? .allow : .refuse(nil) }
      let counter = CopyCounter()
      rules.copyID = { item in counter.next(item) }
      let left = (0..<random.integer(in: 0...5)).map { "L\($0)" }
      let right = (0..<random.integer(in: 0...5)).map { "R\($0)" }
      var arena = Self.arena(left, right)
      var model = DragModel<String>([(ContainerID(0), left), (ContainerID(1), right)])
      var engine = DragEngine(
        containers: arena.ids.enumerated().map { index, id in
          ArenaContainer(id: id, name: "\(index)", geometry: arena.lists[index].geometry)
        }, configuration: configuration, rules: rules)
      var time = 0.0
      for _ in 0..<random.integer(in: 1...4) {
        let path = (0..<random.integer(in: 2...6)).map { _ in
          Point(
            x: Double(random.integer(in: 0...24)) + 0.5, y: Double(random.integer(in: 0...10)) + 0.5
          )
        }
        for (step, point) in path.enumerated() {
          let phase: PointerPhase = step == 0 ? .down : step == path.count - 1 ? .up : .move
          time += 0.05
          var pending: [DragInput<ListGeometry<String>>] = [
            .pointer(PointerEvent(phase, at: point, time: time))
          ]
          while !pending.isEmpty {
            let input = pending.removeFirst()
            var changed = false
            for case .apply(let operation) in engine.handle(input) {
              #expect((try? model.apply(operation)) != nil)
              let applied = arena.apply(operation, at: time)
              #expect(applied)
              changed = true
            }
            if changed {
              pending += arena.ids.compactMap { id in
                arena.geometry(of: id).map { .setGeometry(id, $0) }
              }
            }
            for (index, id) in arena.ids.enumerated() {
              #expect(arena.lists[index].items == model.items(in: id))
            }
          }
        }
      }
      copies += counter.count
    }
    if mode == .copy { #expect(copies > 20) }
  }
}

@Suite struct ListArenaPerformTests {
  static func engine(for arena: ListArena<String>, _ configuration: DragConfiguration)
    -> DragEngine<ListGeometry<String>>
  {
    DragEngine(
      containers: arena.ids.enumerated().map { index, id in
        ArenaContainer(id: id, name: "\(index)", geometry: arena.lists[index].geometry)
      }, configuration: configuration)
  }

  @Test(
    "perform keeps the lists and the engine's geometry in step through random drags",
    arguments: [OperationTiming.live, .onDrop])
  func inStep(_ application: OperationTiming) {
    var random = SeededRandom(seed: 0x9E4F + UInt64(application == .live ? 1 : 0))
    var drops = 0
    for _ in 0..<150 {
      var configuration = DragConfiguration()
      configuration.operationTiming = application
      configuration.mode = random.chance(0.3) ? .exchange : .move
      var arena = ListArenaTests.arena(
        (0..<random.integer(in: 1...5)).map { "L\($0)" },
        (0..<random.integer(in: 0...5)).map { "R\($0)" })
      let everything = (arena.lists[0].items + arena.lists[1].items).sorted()
      var engine = Self.engine(for: arena, configuration)
      var time = 0.0
      for _ in 0..<3 {
        // Press on an item, move past the threshold, wander, release.
        let start = Point(x: 5.5, y: Double(1 + random.integer(in: 0...4)) + 0.5)
        var path = [(PointerPhase.down, start), (.move, Point(x: start.x + 6, y: start.y))]
        for _ in 0..<random.integer(in: 1...4) {
          path.append(
            (
              .move,
              Point(
                x: Double(random.integer(in: 0...24)) + 0.5,
                y: Double(random.integer(in: 0...9)) + 0.5)
            ))
        }
        path.append((.up, path[path.count - 1].1))
        for (phase, point) in path {
          time += 0.05
          let effects = arena.perform(
            .pointer(PointerEvent(phase, at: point, time: time)), on: &engine, at: time)
          if effects.contains(where: { if case .event(.dropped) = $0 { true } else { false } }) {
            drops += 1
          }
          for (index, id) in arena.ids.enumerated() {
            #expect(engine.container(id)?.geometry.items == arena.lists[index].items)
          }
          #expect((arena.lists[0].items + arena.lists[1].items).sorted() == everything)
        }
      }
    }
    #expect(drops > 30)
  }

  @Test("An operation the lists cannot follow is reported, and the engine's rollback applied")
  func failureRollsBack() {
    var arena = ListArenaTests.arena(["a", "b"], ["d"])
    var configuration = DragConfiguration()
    configuration.operationTiming = .live
    var engine = Self.engine(for: arena, configuration)
    // The left list changes order behind the engine's back: the engine's move of "a" from the
    // first slot does not describe it.
    arena.lists[0] = ListContainer(items: ["b", "a"], frame: arena.lists[0].frame)
    _ = arena.perform(
      .pointer(PointerEvent(.down, at: Point(x: 5, y: 1.5), time: 0)), on: &engine, at: 0)
    _ = arena.perform(
      .pointer(PointerEvent(.move, at: Point(x: 11, y: 1.5), time: 0.1)), on: &engine, at: 0.1)
    let effects = arena.perform(
      .pointer(PointerEvent(.move, at: Point(x: 15, y: 1.2), time: 0.2)), on: &engine, at: 0.2)
    #expect(
      effects.contains { if case .event(.applicationFailed) = $0 { true } else { false } })
    #expect(arena.lists[0].items == ["b", "a"])
    #expect(arena.lists[1].items == ["d"])
  }
}

/// A renderer that dims "a" and hides "b", for checking how hosts draw through it.
struct MarkingRenderer: DragRenderer {
  mutating func update(
    with effects: [DragEffect<String>], presentation: DragPresentation<String>, at time: Double
  ) {}
  func appearance(of item: String, at slot: Slot, time: Double) -> DragItemAppearance {
    item == "a" ? .dimmed : item == "b" ? .hidden : .normal
  }
  func isHighlighted(_ container: ContainerID) -> Bool { false }
  func draw(into buffer: inout CellBuffer, at time: Double, context: DragDrawingContext<String>) {}
  func needsAnimationFrame(at time: Double) -> Bool { false }
}

@Suite struct ListArenaDrawingTests {
  @Test("A list is drawn as the renderer says: hidden items left out, the rest with their look")
  func drawsThroughTheRenderer() {
    let arena = ListArenaTests.arena(["a", "b", "c"], ["d"])
    var buffer = CellBuffer(columns: 24, rows: 10)
    var drawn: [String: (CellRect, DragItemAppearance)] = [:]
    arena.draw(ContainerID(0), into: &buffer, at: 0, renderer: MarkingRenderer()) {
      item, rect, look, buffer in
      drawn[item] = (rect, look)
      buffer.write(item, column: rect.column, row: rect.row)
    }
    #expect(drawn.keys.sorted() == ["a", "c"])
    #expect(drawn["a"]?.1 == .dimmed && drawn["c"]?.1 == .normal)
    #expect(drawn["c"]?.0 == CellRect(column: 1, row: 3, width: 10, height: 1))
    #expect(buffer.lines[1] == " a" + String(repeating: " ", count: 22))
    #expect(buffer.lines[2].allSatisfy { $0 == " " })
    let context = arena.drawingContext { "<\($0)>" }
    #expect(context.label("d") == "<d>")
    #expect(context.frameOfItem("d") == Rect(x: 13, y: 1, width: 10, height: 1))
    #expect(context.frameOfItem("zz") == nil)
  }
}

/// Hands out copy IDs from inside a `@Sendable` rule.
final class CopyCounter: @unchecked Sendable {
  private(set) var count = 0
  func next(_ item: String) -> String {
    count += 1
    return "\(item)+\(count)"
  }
}
