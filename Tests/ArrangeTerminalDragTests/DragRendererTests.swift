import ArrangeDragDrop
import ArrangeGeometry
import ArrangeTerminal
import ArrangeTerminalDrag
import ArrangeTestSupport
import Testing

/// Two lists of one-row items, 20 columns wide with a gap of 2, drawn the way a host would: its
/// own items first (as the renderer says they should look), then the renderer's drawing on top.
struct RendererScene {
  var harness: DragHarness
  var renderer: BasicDragRenderer<String>

  init(
    motion: MotionPreference = .full, configuration: DragConfiguration = .init(),
    rules: DragRules<String> = .init()
  ) {
    harness = DragHarness(
      columns: [("Left", ["a", "b", "c"]), ("Right", ["d", "e"])], configuration: configuration,
      rules: rules, columnWidth: 20, columnHeight: 10, gap: 2, itemLength: 1)
    renderer = BasicDragRenderer(motion: motion)
  }

  mutating func send(_ phase: PointerPhase, _ x: Double, _ y: Double, at time: Double) {
    let effects = harness.send(DragHarness.pointer(phase, x, y, time))
    renderer.update(with: effects, presentation: harness.engine.presentation, at: time)
  }

  mutating func cancel(at time: Double) {
    let effects = harness.send(.key(.cancel, time: time))
    renderer.update(with: effects, presentation: harness.engine.presentation, at: time)
  }

  /// Lifts `b` (row 1 of the left list, grabbed at its centre) and moves it to `x`, `y`.
  mutating func lift(to x: Double, _ y: Double) {
    send(.down, 10, 1.5, at: 0)
    send(.move, 16, 1.5, at: 0.01)
    send(.move, x, y, at: 0.3)
  }

  func draw(at time: Double) -> CellBuffer {
    var buffer = CellBuffer(columns: 44, rows: 10)
    for container in harness.engine.containers {
      let geometry = container.geometry
      for index in 0..<geometry.count {
        let item = geometry.item(at: index)
        let frame = CellRect(geometry.frameOfItem(at: index))
        switch renderer.appearance(of: item, at: Slot(container.id, index), time: time) {
        case .normal: buffer.write(item, column: frame.column, row: frame.row)
        case .dimmed:
          buffer.write(item, column: frame.column, row: frame.row, style: CellStyle(isDim: true))
        case .hidden: break
        }
      }
    }
    let harness = harness
    renderer.draw(
      into: &buffer, at: time,
      context: DragDrawingContext(
        label: { $0 },
        frameOfItem: { item in
          for container in harness.engine.containers {
            if let index = container.geometry.index(of: item) {
              return container.geometry.frameOfItem(at: index)
            }
          }
          return nil
        }))
    return buffer
  }

  /// The rows where column `column` is drawn reversed (where a ghost is).
  static func reversedRows(_ buffer: CellBuffer, column: Int) -> [Int] {
    (0..<buffer.rows).filter { buffer[column, $0].style.isReversed }
  }
}

@Suite struct DragRendererTests {
  @Test("Lift: the origin dims and the ghost appears with a brief highlight")
  func lift() {
    var scene = RendererScene()
    scene.send(.down, 10, 1.5, at: 0)
    scene.send(.move, 16, 1.5, at: 0.01)
    let early = scene.draw(at: 0.05)
    // The ghost moved 6 columns right with the pointer; its label starts one cell in.
    #expect(early[7, 1].text == "b")
    #expect(early[7, 1].style == scene.renderer.liftStyle)
    #expect(early[0, 1].text == "b" && early[0, 1].style.isDim)
    #expect(scene.renderer.needsAnimationFrame(at: 0.05))
    let later = scene.draw(at: 0.3)
    #expect(later[7, 1].style == scene.renderer.ghostStyle)
    #expect(!scene.renderer.needsAnimationFrame(at: 0.3))
  }

  @Test("The renderer reads the appearance: the lift highlight lasts its animation duration")
  func appearanceDuration() {
    var scene = RendererScene()
    scene.send(.down, 10, 1.5, at: 0)
    scene.send(.move, 16, 1.5, at: 0.01)
    // The seeds' 0.2 s: still highlighted at 0.18, done at 0.22.
    #expect(scene.draw(at: 0.18)[7, 1].style == scene.renderer.liftStyle)
    #expect(scene.draw(at: 0.22)[7, 1].style == scene.renderer.ghostStyle)

    var quick = RendererScene()
    quick.renderer.appearance.animationDuration = 0.05
    quick.send(.down, 10, 1.5, at: 0)
    quick.send(.move, 16, 1.5, at: 0.01)
    #expect(quick.draw(at: 0.08)[7, 1].style == quick.renderer.ghostStyle)
    #expect(!quick.renderer.needsAnimationFrame(at: 0.08))
  }

  @Test("Move: the target list is highlighted and markers show the row the drop takes")
  func indicator() {
    var scene = RendererScene()
    scene.lift(to: 32, 1.2)
    let frame = scene.draw(at: 0.3)
    #expect(scene.renderer.isHighlighted(ContainerID(1)))
    #expect(!scene.renderer.isHighlighted(ContainerID(0)))
    #expect(frame[21, 1].text == "▶")
    #expect(frame[42, 1].text == "◀")
  }

  @Test("The line indicator style draws a dashed line across the target list on the drop row")
  func lineIndicator() {
    var scene = RendererScene()
    scene.renderer.indicatorStyle = .line
    scene.lift(to: 32, 8.5)
    let frame = scene.draw(at: 0.3)
    // The drop would append to the right list: row 2, columns 22..<42; the ghost is on row 8.
    #expect((22..<42).allSatisfy { frame[$0, 2].text == "╌" })
    #expect(frame[21, 2].text != "▶" && frame[42, 2].text != "◀")
    #expect(frame[22, 2].style == scene.renderer.markerStyle)
  }

  @Test("Drop: the ghost slides into the new slot, where the item appears when it lands")
  func dropSlides() {
    var scene = RendererScene()
    scene.lift(to: 32, 8.5)
    scene.send(.up, 32, 8.5, at: 0.4)
    #expect(scene.harness.model.items(in: ContainerID(1)) == ["d", "e", "b"])
    #expect(!scene.renderer.isHighlighted(ContainerID(1)))
    #expect(scene.renderer.appearance(of: "b", at: Slot(ContainerID(1), 2), time: 0.41) == .hidden)
    let start = RendererScene.reversedRows(scene.draw(at: 0.4), column: 30)
    let middle = RendererScene.reversedRows(scene.draw(at: 0.42), column: 30)
    #expect(start == [8])
    #expect(middle.count == 1 && middle[0] > 2 && middle[0] < 8)
    #expect(scene.renderer.needsAnimationFrame(at: 0.5))
    // Settled once the appearance's 0.2 s have passed.
    let end = scene.draw(at: 0.65)
    #expect(RendererScene.reversedRows(end, column: 30).isEmpty)
    #expect(end[22, 2].text == "b" && end[22, 2].style == .plain)
    #expect(!scene.renderer.needsAnimationFrame(at: 0.65))
  }

  @Test("Cancel: the ghost slides back to where the item came from")
  func cancelSlidesBack() {
    var scene = RendererScene()
    scene.lift(to: 32, 8.5)
    scene.cancel(at: 0.4)
    #expect(scene.harness.model.items(in: ContainerID(0)) == ["a", "b", "c"])
    let middle = scene.draw(at: 0.42)
    let rows = (0..<10).filter { row in (0..<44).contains { middle[$0, row].style.isReversed } }
    #expect(rows.count == 1 && rows[0] > 1 && rows[0] < 8)
    #expect(scene.draw(at: 0.42)[0, 1].text != "b")
    let end = scene.draw(at: 0.65)
    #expect(end[0, 1].text == "b" && end[0, 1].style == .plain)
  }

  @Test("Remove: outside every list the ghost turns red, and on release it shrinks away")
  func removeShrinks() {
    var rules = DragRules<String>()
    rules.canRemove = { _, _ in .allow }
    var scene = RendererScene(rules: rules)
    scene.lift(to: 43.5, 5.5)
    let outside = scene.draw(at: 0.3)
    let ghostRow = (0..<10).first { outside[43, $0].style.isReversed }
    #expect(ghostRow.map { outside[43, $0].style } == scene.renderer.removalStyle)
    #expect(outside.lines.joined().contains("✕"))
    scene.send(.up, 43.5, 5.5, at: 0.4)
    #expect(scene.harness.model.items(in: ContainerID(0)) == ["a", "c"])
    func width(_ buffer: CellBuffer) -> Int {
      (0..<10).map { row in (0..<44).filter { buffer[$0, row].style.isReversed }.count }.max() ?? 0
    }
    let before = width(outside)
    let shrinking = width(scene.draw(at: 0.43))
    #expect(shrinking > 0 && shrinking < before)
    #expect(width(scene.draw(at: 0.6)) == 0)
  }

  @Test("Reduced motion: no lift highlight, and a drop shows the item in its slot at once")
  func reducedMotion() {
    var scene = RendererScene(motion: .reduced)
    scene.send(.down, 10, 1.5, at: 0)
    scene.send(.move, 16, 1.5, at: 0.01)
    #expect(scene.draw(at: 0.02)[7, 1].style == scene.renderer.ghostStyle)
    #expect(!scene.renderer.needsAnimationFrame(at: 0.02))
    scene.send(.move, 32, 8.5, at: 0.3)
    scene.send(.up, 32, 8.5, at: 0.4)
    let frame = scene.draw(at: 0.4)
    #expect(RendererScene.reversedRows(frame, column: 30).isEmpty)
    #expect(frame[22, 2].text == "b")
    #expect(!scene.renderer.needsAnimationFrame(at: 0.4))
  }

  @Test("Exchange: the displaced item is drawn faded at its new place and the target reversed")
  func exchange() {
    var configuration = DragConfiguration()
    configuration.mode = .exchange
    var scene = RendererScene(configuration: configuration)
    scene.lift(to: 32, 1.5)
    let frame = scene.draw(at: 0.3)
    // "e" (right list, row 1) would swap with "b" (left list, row 1).
    #expect(scene.renderer.appearance(of: "e", at: Slot(ContainerID(1), 1), time: 0.3) == .hidden)
    #expect(frame[1, 1].text == "e" && frame[1, 1].style.isDim)
    #expect(frame[22, 1].style.isReversed)
  }
}
