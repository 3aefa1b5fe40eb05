public import ArrangeDragDrop
public import ArrangeTerminal

/// Lists that a person drags items between in a terminal: the lists, the drag engine that moves
/// items between them, and the renderer that draws the drag, kept in step by one call.
///
/// A program keeps one of these, feeds every pointer event, key intent and tick through
/// ``perform(_:at:status:items:name:)``, and draws ``arena`` with ``renderer``:
///
/// ```swift
/// var lists = DraggableLists(
///   ids: [ContainerID(0), ContainerID(1)], names: ["To Do", "Done"],
///   lists: [ListContainer(items: ["a", "b"], frame: left), ListContainer(items: [], frame: right)])
/// var status = StatusLine(message: "")
/// lists.perform(.pointer(event), at: time, status: &status) { $0 }
/// ```
public struct DraggableLists<Item: Hashable & Sendable> {
  /// The lists, each a container of the engine.
  public var arena: ListArena<Item>
  /// The engine that turns input into drags.
  public var engine: DragEngine<ListGeometry<Item>>
  /// Draws the drag over the lists and animates its end.
  public var renderer: BasicDragRenderer<Item>

  /// The lists `lists` named `names`, as the containers `ids` (in priority order) of a new
  /// engine with `configuration` and `rules`; the renderer animates with `motion`.
  ///
  /// - Precondition: `ids`, `names` and `lists` have the same count, and the IDs are unique.
  public init(
    ids: [ContainerID], names: [String], lists: [ListContainer<Item>],
    configuration: DragConfiguration = DragConfiguration(), rules: DragRules<Item> = DragRules(),
    motion: MotionPreference = .full
  ) {
    precondition(
      ids.count == names.count && ids.count == lists.count,
      "DraggableLists: one name and one list per container")
    arena = ListArena(ids: ids, lists: lists)
    engine = DragEngine(
      containers: ids.indices.map {
        ArenaContainer(id: ids[$0], name: names[$0], geometry: lists[$0].geometry)
      }, configuration: configuration, rules: rules)
    renderer = BasicDragRenderer(motion: motion, appearance: configuration.appearance)
  }

  /// Whether a drag is in progress.
  public var isDragging: Bool { engine.isDragging }

  /// Feeds `input` to the engine, carries out what it asks of the lists
  /// (``ListArena/perform(_:on:at:)``), says its announcements and failures in `status` (items
  /// called `noun`, each named by `name`), and has the renderer follow; returns every effect.
  @discardableResult
  public mutating func perform(
    _ input: DragInput<ListGeometry<Item>>, at time: Double, status: inout StatusLine,
    items noun: String = "items", name: (Item) -> String
  ) -> [DragEffect<Item>] {
    var effects = arena.perform(input, on: &engine, at: time)
    effects += keepRoomForKeyboardGhost(at: time)
    status.show(effects, items: noun, name: name)
    renderer.update(with: effects, presentation: engine.presentation, at: time)
    return effects
  }

  /// Keeps room for a keyboard drag's ghost below the last item of every full list.
  ///
  /// The room is the item's height and the spacing: else the end of a full list is at the
  /// frame's bottom and the ghost is drawn past it, on the list's border. The room goes when
  /// the drag ends. The engine is told every change of geometry.
  mutating func keepRoomForKeyboardGhost(at time: Double) -> [DragEffect<Item>] {
    var rows = 0
    if let item = engine.draggedItem(for: .keyboard), let slot = arena.slot(of: item),
      let list = arena[slot.container], let height = list.height(of: item)
    {
      rows = height + list.spacing
    }
    var effects: [DragEffect<Item>] = []
    for (position, id) in arena.ids.enumerated() {
      let list = arena.lists[position]
      let wanted = rows > 0 && list.contentHeight + rows > list.frame.height ? rows : 0
      guard wanted != list.reservedRows else { continue }
      arena.lists[position].reserveRows(wanted)
      effects += arena.perform(
        .setGeometry(id, arena.lists[position].geometry), on: &engine, at: time)
    }
    return effects
  }

  /// Tells the engine where every list's items are now, after lists moved, resized or
  /// scrolled; what that changes is carried out and said in `status`.
  public mutating func reportGeometry(
    at time: Double, status: inout StatusLine, items noun: String = "items",
    name: (Item) -> String
  ) {
    for id in arena.ids {
      guard let geometry = arena.geometry(of: id) else { continue }
      perform(.setGeometry(id, geometry), at: time, status: &status, items: noun, name: name)
    }
  }
}
