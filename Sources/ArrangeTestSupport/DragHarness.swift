public import ArrangeDragDrop
public import ArrangeGeometry

/// Lists of items (``DragLists``) that record the errors the model raises: the model a
/// ``DragHarness``'s host applies operations to.
public struct HarnessColumns: DragHostModel, Sendable {
  /// The items and their frames.
  public var lists: DragLists<String>
  /// Errors the model raised while applying operations.
  public var errors: [DragModelError] = []

  /// Applies `operation`, recording the error when the model refuses it.
  public mutating func apply(_ operation: DragOperation<String>) throws(DragModelError) {
    do {
      try lists.apply(operation)
    } catch {
      errors.append(error)
      throw error
    }
  }

  /// The column's items stacked from the top of its frame.
  public func geometry(of id: ContainerID) -> ListGeometry<String>? { lists.geometry(of: id) }

  /// Whether the model can copy `item` (``DragLists/canCopy(_:)``).
  public func canCopy(_ item: String) -> RuleVerdict { lists.canCopy(item) }
}

/// A drag arena of side-by-side columns backed by a ``DragModel``, for tests.
///
/// `send` feeds an input through a ``DragHost``, which applies every `.apply` effect to the
/// model (as an app would) and then reports the new geometry of every container, so the engine
/// always sees the model's current state. Columns are `columnWidth` wide, `gap` apart, start at
/// x = 0 and y = 0 and hold items `itemLength` tall with no spacing.
public struct DragHarness: Sendable {
  /// The host every input goes through.
  public var host: DragHost<HarnessColumns>
  /// Every effect so far, in order.
  public var log: [DragEffect<String>] = []
  /// The column width.
  public var columnWidth: Double
  /// The column height (the visible frame).
  public var columnHeight: Double
  /// The horizontal gap between columns.
  public var gap: Double
  /// The length of every item.
  public var itemLength: Double
  /// Whether `send` reports geometry changes after applying operations (turn off to test stale
  /// geometry: inputs then go to the engine alone, and operations are applied without reports).
  public var syncsGeometry = true

  /// The model the effects are applied to.
  public var model: DragModel<String> {
    get { host.model.lists.model }
    _modify { yield &host.model.lists.model }
  }

  /// The engine under test.
  public var engine: DragEngine<ListGeometry<String>> {
    get { host.engine }
    _modify { yield &host.engine }
  }

  /// Errors the model raised while applying operations.
  public var errors: [DragModelError] {
    get { host.model.errors }
    _modify { yield &host.model.errors }
  }

  /// Creates columns named `name` holding `items`, with container IDs 0, 1, 2 and so on.
  public init(
    columns: [(name: String, items: [String])], configuration: DragConfiguration = .init(),
    rules: DragRules<String> = .init(), columnWidth: Double = 100, columnHeight: Double = 1_000,
    gap: Double = 0, itemLength: Double = 10
  ) {
    self.columnWidth = columnWidth
    self.columnHeight = columnHeight
    self.gap = gap
    self.itemLength = itemLength
    let ids = columns.indices.map { ContainerID($0) }
    let model = HarnessColumns(
      lists: DragLists(
        columns.enumerated().map { index, column in
          (column.items, Self.frame(index, columnWidth, columnHeight, gap))
        }, itemLength: itemLength))
    host = DragHost(
      model: model, containers: zip(ids, columns.map(\.name)).map { ($0, $1) },
      configuration: configuration, rules: rules)
  }

  static func frame(_ index: Int, _ width: Double, _ height: Double, _ gap: Double) -> Rect {
    Rect(x: Double(index) * (width + gap), y: 0, width: width, height: height)
  }

  /// The geometry of container `id` for the model's current items, keeping the engine's scroll
  /// offset and frame.
  public func geometry(for id: ContainerID) -> ListGeometry<String> {
    let current = engine.container(id)?.geometry
    let frame = current?.frame ?? Self.frame(id.rawValue, columnWidth, columnHeight, gap)
    let fresh = ListGeometry(items: model.items(in: id), frame: frame, itemLength: itemLength)
    return fresh.scrolled(to: current?.scrollOffset ?? 0)
  }

  /// Feeds `input` through the host; returns its effects and those of the geometry reports that
  /// follow.
  @discardableResult
  public mutating func send(_ input: DragInput<ListGeometry<String>>) -> [DragEffect<String>] {
    followEngineFrames()
    guard syncsGeometry else {
      let effects = engine.handle(input)
      log.append(contentsOf: effects)
      for case .apply(let operation) in effects { try? host.model.apply(operation) }
      return effects
    }
    let effects = host.handle(input)
    log.append(contentsOf: effects)
    return effects
  }

  /// Reports every container's geometry to the engine (after the test changed the model),
  /// applying whatever the engine answers.
  public mutating func syncGeometry() {
    followEngineFrames()
    log.append(contentsOf: host.updateModel { _ in })
  }

  /// Keeps the columns' frames those the engine has (a test may move or add containers).
  mutating func followEngineFrames() {
    for container in engine.containers {
      host.model.lists.frames[container.id] = container.geometry.frame
    }
  }

  /// The center of `item`'s frame in the engine's current geometry.
  public func center(of item: String) -> Point {
    for container in engine.containers {
      if let index = container.geometry.index(of: item) {
        return container.geometry.frameOfItem(at: index).center
      }
    }
    return Point(x: -1_000, y: -1_000)
  }

  /// A pointer event for pointer 0.
  public static func pointer(_ phase: PointerPhase, _ x: Double, _ y: Double, _ time: Double)
    -> DragInput<ListGeometry<String>>
  {
    .pointer(PointerEvent(phase, at: Point(x: x, y: y), time: time))
  }

  /// Presses `item`, drags to `target` in a few steps and releases there (mouse, pointer 0).
  public mutating func drag(_ item: String, to target: Point, startingAt time: Double = 0) {
    let start = center(of: item)
    send(Self.pointer(.down, start.x, start.y, time))
    send(Self.pointer(.move, start.x + 6, start.y, time + 0.01))
    send(Self.pointer(.move, (start.x + target.x) / 2, (start.y + target.y) / 2, time + 0.02))
    send(Self.pointer(.move, target.x, target.y, time + 0.03))
    send(Self.pointer(.up, target.x, target.y, time + 0.04))
  }

  /// The events in the log, in order.
  public var events: [DragEvent<String>] {
    log.compactMap { if case .event(let event) = $0 { return event } else { return nil } }
  }

  /// The operations in the log, in order.
  public var operations: [DragOperation<String>] {
    log.compactMap { if case .apply(let operation) = $0 { return operation } else { return nil } }
  }

  /// The announcements in the log, as English text.
  public var announcements: [String] {
    log.compactMap { effect in
      if case .announce(let announcement) = effect { return announcement.text { $0 } }
      return nil
    }
  }

  /// The items of column `index`.
  public func items(_ index: Int) -> [String] { model.items(in: ContainerID(index)) }
}
