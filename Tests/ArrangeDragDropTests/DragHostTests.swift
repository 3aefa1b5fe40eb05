import ArrangeDragDrop
import Testing

/// The host loop: operations applied, geometry reported, failures rolled back.
@Suite struct DragHostTests {
  static func host(_ configuration: DragConfiguration = DragConfiguration()) -> DragHost<
    DragLists<String>
  > {
    DragHost(
      lists: [
        (name: "To Do", items: ["a", "b", "c"], frame: Rect(x: 0, y: 0, width: 100, height: 300)),
        (name: "Done", items: ["d"], frame: Rect(x: 110, y: 0, width: 100, height: 300)),
      ], itemLength: 20, configuration: configuration)
  }

  static func pointer(_ phase: PointerPhase, _ x: Double, _ y: Double, _ time: Double)
    -> DragInput<ListGeometry<String>>
  {
    .pointer(PointerEvent(phase, at: Point(x: x, y: y), time: time))
  }

  @Test("A two-list drag in a few lines: the model follows, the announcements come back")
  func twoLists() {
    var host = Self.host()
    var said: [String] = []
    for (phase, x, time) in [(PointerPhase.down, 50.0, 0.0), (.move, 160, 0.1), (.up, 160, 0.2)] {
      for case .announce(let announcement) in host.handle(Self.pointer(phase, x, 10, time)) {
        said.append(announcement.text { $0 })
      }
    }
    #expect(host.model.items(in: 0) == ["b", "c"])
    #expect(host.model.items(in: 1) == ["a", "d"])
    #expect(said.first == "Picked up a, position 1 of 3 in To Do")
    #expect(said.last == "Dropped a in Done, position 1 of 2")
    // The engine was told where the items are now: b is the first item of To Do.
    #expect(host.engine.container(0)?.geometry.item(at: 0) == "b")
  }

  @Test("Live, the host reports geometry after each step, so the drag ends where it shows")
  func live() {
    var configuration = DragConfiguration()
    configuration.operationTiming = .live
    var host = Self.host(configuration)
    host.handle(Self.pointer(.down, 50, 10, 0))
    host.handle(Self.pointer(.move, 160, 10, 0.1))
    #expect(host.model.items(in: 1) == ["a", "d"])
    host.handle(Self.pointer(.move, 160, 35, 0.2))
    #expect(host.model.items(in: 1) == ["d", "a"])
    host.handle(Self.pointer(.move, 160, 35, 0.3))
    host.handle(Self.pointer(.up, 160, 35, 0.4))
    #expect(host.model.items(in: 0) == ["b", "c"])
    #expect(host.model.items(in: 1) == ["d", "a"])
    // One undo takes the whole drag back.
    host.handle(.undo)
    #expect(host.model.items(in: 0) == ["a", "b", "c"])
    #expect(host.model.items(in: 1) == ["d"])
  }

  /// Lists that refuse to take anything into Done.
  struct Stubborn: DragHostModel {
    struct Refused: Error, CustomStringConvertible {
      var description: String { "Done is read-only" }
    }
    var lists = DragLists(
      [
        (["a", "b"], Rect(x: 0, y: 0, width: 100, height: 300)),
        (["d"], Rect(x: 110, y: 0, width: 100, height: 300)),
      ], itemLength: 20)

    mutating func apply(_ operation: DragOperation<String>) throws(Refused) {
      if case .move(_, _, let to, _) = operation, to.container == ContainerID(1) { throw Refused() }
      try? lists.apply(operation)
    }

    func geometry(of id: ContainerID) -> ListGeometry<String>? { lists.geometry(of: id) }
  }

  @Test("When the model refuses an operation, the host rolls back and reports why")
  func failure() {
    var host = DragHost(model: Stubborn(), containers: [(0, "To Do"), (1, "Done")])
    host.handle(Self.pointer(.down, 50, 10, 0))
    host.handle(Self.pointer(.move, 160, 10, 0.1))
    let effects = host.handle(Self.pointer(.up, 160, 10, 0.2))
    #expect(host.model.lists.items(in: 0) == ["a", "b"])
    #expect(host.model.lists.items(in: 1) == ["d"])
    #expect(host.lastFailure?.hasSuffix("Done is read-only") == true)
    #expect(effects.contains { $0.description.hasPrefix("event: application failed") })
    // Nothing to undo: the failed drop left the undo stack.
    host.handle(.undo)
    #expect(host.model.lists.items(in: 0) == ["a", "b"])
  }

  @Test("Reports after a change keep each container's scroll offset")
  func keepsScrollOffsets() throws {
    var host = DragHost(
      lists: [
        (
          name: "Long", items: (0..<10).map { "i\($0)" },
          frame: Rect(x: 0, y: 0, width: 100, height: 50)
        ),
        (name: "Done", items: [], frame: Rect(x: 110, y: 0, width: 100, height: 300)),
      ], itemLength: 20)
    // The app scrolled the long list.
    let geometry = try #require(host.engine.container(0)?.geometry)
    host.handle(.setGeometry(0, geometry.scrolled(to: 40)))
    host.updateModel { $0.setItems(["x"], in: 1) }
    #expect(host.engine.container(0)?.geometry.scrollOffset == 40)
    #expect(host.engine.container(1)?.geometry.count == 1)
  }

  @Test("The app's own edit mid-drag is reported, and the drag goes on over the new items")
  func updateModel() {
    var host = Self.host()
    host.handle(Self.pointer(.down, 50, 10, 0))
    host.handle(Self.pointer(.move, 160, 10, 0.1))
    host.updateModel { $0.setItems(["x", "d"], in: 1) }
    #expect(host.engine.container(1)?.geometry.count == 2)
    host.handle(Self.pointer(.move, 160, 50, 0.2))
    host.handle(Self.pointer(.up, 160, 50, 0.3))
    #expect(host.model.items(in: 1) == ["x", "d", "a"])
  }
}
