/// The loop every app writes around a ``DragEngine``, written once: it owns the engine and the
/// app's model, applies the operations the engine emits, reports the geometry that changed, and
/// rolls back when applying fails.
///
/// ```swift
/// var host = DragHost(
///   lists: [
///     (name: "To Do", items: ["Write report"], frame: Rect(x: 0, y: 0, width: 100, height: 300)),
///     (name: "Done", items: [], frame: Rect(x: 110, y: 0, width: 100, height: 300)),
///   ], itemLength: 20)
/// for (phase, x) in [(PointerPhase.down, 50.0), (.move, 160), (.up, 160)] {
///   host.handle(.pointer(PointerEvent(phase, at: Point(x: x, y: 10), time: 0)))
/// }
/// host.model.items(in: 1)  // ["Write report"]
/// ```
///
/// Every input goes through ``handle(_:)``; what it returns is what the app still has to act on
/// (events, announcements, ``DragEffect/presentationChanged``): the `.apply` and `.scroll`
/// effects are in the list too, but already carried out.
public struct DragHost<Model: DragHostModel> {
  /// The engine.
  ///
  /// Change it between inputs only (its configuration, its rules, an input the host should not
  /// follow up).
  public var engine: DragEngine<Model.Geometry>
  /// The app's model, with every operation so far applied.
  ///
  /// To change it yourself, prefer ``updateModel(_:)``, which tells the engine where the items
  /// are now.
  public var model: Model
  /// The last failure to apply an operation, in words (also sent as
  /// ``DragEvent/applicationFailed(message:)``).
  public private(set) var lastFailure: String?

  /// Creates a host for `model` and the containers it shows.
  ///
  /// Containers are named for announcements and listed in priority order; those the model has
  /// no geometry for are left out.
  public init(
    model: Model, containers: [(id: ContainerID, name: String)],
    configuration: DragConfiguration = DragConfiguration(),
    rules: DragRules<Model.Item> = DragRules()
  ) {
    self.model = model
    let arena = containers.compactMap { container in
      model.geometry(of: container.id).map {
        ArenaContainer(id: container.id, name: container.name, geometry: $0)
      }
    }
    engine = DragEngine(containers: arena, configuration: configuration, rules: rules)
  }

  /// Wraps an engine that already exists and the model it drags in.
  ///
  /// The engine's geometry should be the model's; the first change reports the model's anyway.
  public init(engine: DragEngine<Model.Geometry>, model: Model) {
    self.engine = engine
    self.model = model
  }

  /// The arena's settings.
  public var configuration: DragConfiguration {
    get { engine.configuration }
    set { engine.configuration = newValue }
  }

  /// The rules.
  public var rules: DragRules<Model.Item> {
    get { engine.rules }
    set { engine.rules = newValue }
  }

  /// What the drags look like now, to draw.
  public var presentation: DragPresentation<Model.Item> { engine.presentation }

  /// Feeds `input` to the engine and carries out what it asks of the model: applies each
  /// operation (telling the engine how many went in when one fails, and applying its rollback),
  /// follows auto-scroll, and reports the geometry of every container after a change, keeping
  /// its scroll offset, until the engine asks nothing more.
  ///
  /// - Returns: Every effect, in order, including those of the follow-up inputs.
  @discardableResult
  public mutating func handle(_ input: DragInput<Model.Geometry>) -> [DragEffect<Model.Item>] {
    var all: [DragEffect<Model.Item>] = []
    var pending = [input]
    // Each report answers the one before it; a few rounds always settle.
    var rounds = 0
    while !pending.isEmpty, rounds < 16 {
      rounds += 1
      // Copies the model cannot take are refused before they are proposed (and spoken), unless
      // the app has its own rule.
      let asksModel =
        engine.rules.canCopy == nil
        && (engine.configuration.mode == .copy || engine.rules.mode != nil
          || engine.containers.contains { $0.mode == .copy })
      if asksModel {
        let rule = ModelCopyRule(model)
        engine.rules.canCopy = { rule.verdict($0) }
      }
      let effects = engine.handle(pending.removeFirst())
      if asksModel { engine.rules.canCopy = nil }
      all += effects
      var changed = false
      var applied = 0
      for case .apply(let operation) in effects {
        do {
          try model.apply(operation)
        } catch {
          let message = "could not apply \(operation): \(error)"
          lastFailure = message
          pending.insert(.applicationFailed(applied: applied, message: message), at: 0)
          break
        }
        applied += 1
        changed = true
      }
      for case .scroll(let id, let offset) in effects { model.scroll(id, to: offset) }
      if changed { pending += geometryReports() }
    }
    return all
  }

  /// Changes the model outside the engine (the app's own edit: a new card, a sync) and reports
  /// the new geometry; returns the effects of those reports (a drag in progress may retarget).
  @discardableResult
  public mutating func updateModel(_ change: (inout Model) -> Void) -> [DragEffect<Model.Item>] {
    change(&model)
    var all: [DragEffect<Model.Item>] = []
    for report in geometryReports() { all += handle(report) }
    return all
  }

  /// A `.setGeometry` for every container whose geometry the model gives, at the engine's
  /// scroll offset.
  func geometryReports() -> [DragInput<Model.Geometry>] {
    engine.containers.compactMap { container in
      model.geometry(of: container.id).map {
        .setGeometry(container.id, $0.scrolled(to: container.geometry.scrollOffset))
      }
    }
  }
}

extension DragHost: Sendable where Model: Sendable {}
