import ArrangeDragDrop
import ArrangeGeometry
import ArrangeTestSupport
import Synchronization

// The app the random drag streams talk to: it applies the engine's operations to a model, checks
// every effect against the reference, and sometimes lies about geometry or fails on purpose.

// MARK: - The app

/// What a stream did, for the properties' "not vacuous" checks.
struct StreamStats: Sendable {
  var began = 0
  var commits = 0
  var originDrops = 0
  var cancels = 0
  var failures = 0
  var stillChecks = 0
  var liveChecks = 0
  var ruleChecks = 0
  var operations = 0
  /// Checks that no item is in two drags, made while two drags were in progress, one of them
  /// carrying a selection.
  var overlapChecks = 0
  /// Presses and keyboard lifts of an item that travels in a drag of a selection in progress
  /// (the pressed item or one dragged with it).
  var travellingPresses = 0
  /// Drags that began carrying a selection.
  var groupDrags = 0
  /// Presses and lifts refused because the item was already being dragged.
  var alreadyDragged = 0
  /// Operations applied while two drags were in progress (before or after the input).
  var concurrentOperations = 0

  mutating func add(_ other: StreamStats) {
    began += other.began
    commits += other.commits
    originDrops += other.originDrops
    cancels += other.cancels
    failures += other.failures
    stillChecks += other.stillChecks
    liveChecks += other.liveChecks
    ruleChecks += other.ruleChecks
    operations += other.operations
    overlapChecks += other.overlapChecks
    travellingPresses += other.travellingPresses
    groupDrags += other.groupDrags
    alreadyDragged += other.alreadyDragged
    concurrentOperations += other.concurrentOperations
  }
}

/// An app around the engine: it applies every operation to a ``DragModel`` (checking each one
/// against a ``ReferenceArena`` and its inverse), reports the new geometry of the containers that
/// changed, reports the failures it is told to have, and checks the properties after every input.
struct StreamDriver {
  let profile: StreamProfile
  var harness: DragHarness
  /// The engine before the first input, for replay.
  let initialEngine: StreamEngine
  var reference: ReferenceArena
  var recording = DragRecording<ListGeometry<String>>()
  /// The effects of each recorded input.
  var outputs: [[StreamEffect]] = []
  /// Property violations, in order (only the first few are kept).
  var problems: [String] = []
  var stats = StreamStats()
  /// The multiset the model must hold: the initial items, plus copies and inserts, minus removals,
  /// as the operations and the app's own changes say.
  var expectedCounts: [String: Int]
  /// The same, counting only committed transactions, undos, redos and the app's own changes: the
  /// model must hold it whenever no drag is in progress.
  var committedCounts: [String: Int]
  /// The model when each drag began.
  var beforeLift: [SessionID: DragModel<String>] = [:]
  /// Where each drag began.
  var origins: [SessionID: Slot] = [:]
  /// Drags whose model changed for other reasons too (concurrent drags, the app's own changes).
  var entangled: Set<SessionID> = []
  /// The rules in force at each press of a pointer, until the pointer ends.
  var rulesAtPress: [PointerID: [DragRules<String>]] = [:]
  var failNext: Int?
  /// Containers removed from the arena, to add them again later.
  var removed: [ContainerID: ArenaContainer<ListGeometry<String>>] = [:]
  /// An outdated geometry of each container.
  var stale: [ContainerID: ListGeometry<String>] = [:]
  /// Per pointer, how far the dragged item's center is from it (for the item-center strategy,
  /// where rules are asked at that center).
  var centerOffsets: [PointerID: Point] = [:]
  var random: SeededRandom
  let counter = CopyCounter()
  var depth = 0
  var step = 0
  var newItems = 0
  var lastHadOperations = false
  /// The items in two drags at the last check (each is reported when it comes in two).
  var shared: Set<String> = []

  init(_ profile: StreamProfile) {
    self.profile = profile
    random = SeededRandom(seed: profile.seed ^ 0xA99)
    var configuration = DragConfiguration()
    configuration.mode = profile.mode
    configuration.operationTiming = profile.application
    configuration.strategy = profile.strategy
    configuration.allowsConcurrentDrags = profile.concurrent
    var columns = profile.columns.enumerated().map { ("Column \($0.offset)", $0.element) }
    if profile.deleteZone { columns.append(("Trash", [])) }
    harness = DragHarness(
      columns: columns, configuration: configuration, rules: profile.rules.rules(counter: counter),
      columnWidth: 100, columnHeight: 300, gap: 20, itemLength: ArenaPoints.itemLength)
    if profile.deleteZone, let trash = harness.engine.containers.last {
      var containers = harness.engine.containers
      containers[containers.count - 1] = ArenaContainer(
        id: trash.id, name: trash.name, geometry: trash.geometry, isDeleteZone: true)
      harness.engine = StreamEngine(
        containers: containers, configuration: configuration, rules: harness.engine.rules)
    }
    var initial = harness.engine
    initial.rules = profile.rules.rules(counter: CopyCounter())
    initialEngine = initial
    reference = ReferenceArena(harness.model)
    expectedCounts = ReferenceList.counts(harness.model.allItems)
    committedCounts = expectedCounts
  }

  var engine: StreamEngine { harness.engine }
  var model: DragModel<String> { harness.model }

  mutating func problem(_ text: String) {
    if problems.count < 6 { problems.append("step \(step): \(text)") }
  }

  /// The geometry of container `id` for the model's current items, in the engine's frame and
  /// scroll offset.
  func geometry(for id: ContainerID) -> ListGeometry<String> {
    let current = engine.container(id)?.geometry ?? removed[id]?.geometry
    let frame = current?.frame ?? Rect(x: Double(id.rawValue) * 120, y: 0, width: 100, height: 300)
    return ListGeometry(
      items: model.items(in: id), frame: frame, itemLength: ArenaPoints.itemLength
    )
    .scrolled(to: current?.scrollOffset ?? 0)
  }

  // MARK: Steps

  /// Performs one step and checks the state after it.
  mutating func perform(_ step: StreamStep) {
    self.step += 1
    switch step {
    case .input(let input):
      if case .removeContainer(let id) = input, let container = engine.container(id) {
        removed[id] = container
      }
      if case .addContainer(let container, _) = input { removed[container.id] = nil }
      feed(input)
      if profile.repeatsMoves { checkStillPointer(after: input) }
    case .setRules(let salt):
      var rules = profile.rules
      rules.salt = salt
      harness.engine.rules = rules.rules(counter: counter)
    case .setMode(let mode):
      harness.engine.configuration.mode = mode
    case .setStrategy(let strategy):
      harness.engine.configuration.strategy = strategy
    case .setApplication(let application):
      harness.engine.configuration.operationTiming = application
    case .setEditModeGate(let gated):
      harness.engine.configuration.dragsOnlyInEditMode = gated
    case .failNextBatch(let index):
      failNext = index
    case .spuriousFailure(let applied):
      // An app only reports a failure for the batch it was just given; with none, it is noise.
      if !lastHadOperations {
        feed(.applicationFailed(applied: applied, message: "nothing to apply"))
      }
    case .appInsert(let id, let index):
      newItems += 1
      let item = "new\(newItems)"
      var items = model.items(in: id)
      guard model.containers.contains(id) else { break }
      items.insert(item, at: min(max(index, 0), items.count))
      changeItems(items, in: id)
      expectedCounts[item, default: 0] += 1
      committedCounts[item, default: 0] += 1
      sync(shuffled: true)
    case .appRemove(let item):
      guard let slot = model.slot(of: item) else { break }
      for gone in [item] + held(by: item) {
        expectedCounts[gone, default: 0] -= 1
        committedCounts[gone, default: 0] -= 1
      }
      // The app deletes the item with what it holds, as a removal does.
      try? harness.model.apply(.remove(item, from: slot))
      _ = reference.apply(.remove(item, from: slot))
      entangled.formUnion(beforeLift.keys)
      sync(shuffled: true)
    case .staleGeometry(let id):
      guard let old = stale[id] else { break }
      feed(.setGeometry(id, old))
      feed(.setGeometry(id, geometry(for: id)))
    }
    checkState()
  }

  /// The app changes its own model: every drag in progress is no longer only the engine's doing.
  mutating func changeItems(_ items: [String], in id: ContainerID) {
    harness.model.setItems(items, in: id)
    reference.setItems(items, in: id)
    entangled.formUnion(beforeLift.keys)
  }

  /// Feeds one input, applies its operations as an app would (reporting a failure when one does
  /// not apply or when told to fail), reports the geometry that changed, and checks the events.
  @discardableResult
  mutating func feed(_ input: StreamInput) -> [StreamEffect] {
    depth += 1
    defer { depth -= 1 }
    guard depth < 16 else {
      problem("the app and the engine never settle: \(input)")
      return []
    }
    let before = model
    let rules = engine.rules
    let wasEditing = engine.isEditing
    let dragsBefore = engine.activeSessions.count
    countTravellingPress(input)
    let effects = harness.engine.handle(input, recordingInto: &recording)
    outputs.append(effects)
    checkOneDragPerItem(effects)
    if case .pointer(let event) = input, event.phase == .move || event.phase == .down,
      abs(event.location.x) < 1e9, abs(event.location.y) < 1e9,
      let ghost = engine.presentation.sessions.first(where: { $0.session == .pointer(event.id) })
    {
      // Fixed for a drag: the item's center, less the pointer it follows.
      centerOffsets[event.id] = Point(
        x: ghost.ghostFrame.midX - event.location.x, y: ghost.ghostFrame.midY - event.location.y)
    }
    if case .pointer(let event) = input {
      switch event.phase {
      case .down: rulesAtPress[event.id, default: []].append(rules)
      case .up, .cancel:
        if !engine.activeSessions.contains(.pointer(event.id)) {
          rulesAtPress[event.id] = nil
        }
      case .move: break
      }
    }

    let operations = effects.compactMap { effect -> DragOperation<String>? in
      if case .apply(let operation) = effect { return operation }
      return nil
    }
    var applied = 0
    var failed = false
    for operation in operations {
      if failNext == applied {
        failed = true
        stats.failures += 1
        break
      }
      if !apply(operation) {
        failed = true
        break
      }
      applied += 1
    }
    if !operations.isEmpty { failNext = nil }
    if max(dragsBefore, engine.activeSessions.count) > 1 {
      stats.concurrentOperations += applied
    }
    if depth == 1 { lastHadOperations = !operations.isEmpty }
    let committed = observe(
      effects, of: input, before: before, rules: rules, wasEditing: wasEditing, complete: !failed)
    if failed {
      for (item, count) in committed { committedCounts[item, default: 0] -= count }
      let message = "could not apply \(operations[applied])"
      let answer = feed(.applicationFailed(applied: applied, message: message))
      if !answer.contains(.event(.applicationFailed(message: message))) {
        problem("the app's failure to apply \(operations[applied]) (after \(input)) was ignored")
        committedCounts = ReferenceList.counts(model.allItems)
      }
    }
    if applied > 0 { sync(shuffled: profile.appChangesItems && random.chance(0.5)) }
    return effects
  }

  /// Applies one operation to the model, after checking it against the reference and checking
  /// that its inverse undoes it; returns whether the model took it.
  mutating func apply(_ operation: DragOperation<String>) -> Bool {
    var forward = model
    do {
      try forward.apply(operation)
    } catch {
      harness.errors.append(error)
      var check = reference
      if check.apply(operation) == nil {
        problem("the model refused \(operation), which the reference takes: \(error)")
      }
      if !profile.appChangesItems { problem("the model refused \(operation): \(error)") }
      return false
    }
    var back = forward
    do {
      try back.apply(operation.inverse)
      if back != model { problem("\(operation) then its inverse is not the identity") }
    } catch {
      problem("the inverse of \(operation) does not apply after it: \(error)")
    }
    if let refused = reference.apply(operation) {
      problem("the reference refused \(operation), which the model took: \(refused)")
      reference = ReferenceArena(forward)
    }
    harness.model = forward
    stats.operations += 1
    switch operation {
    case .copy(_, let copy, _): expectedCounts[copy, default: 0] += 1
    case .remove(let item, _):
      for gone in [item] + held(by: item) { expectedCounts[gone, default: 0] -= 1 }
    case .insert(let item, _):
      for back in [item] + held(by: item) { expectedCounts[back, default: 0] += 1 }
    case .move, .exchange, .dropInto, .takeOut: break
    }
    return true
  }

  /// The items inside `item`, and inside those, and so on: removing an item removes them with
  /// it, inserting it again brings them back (so they are looked for among removed contents too).
  func held(by item: String) -> [String] {
    var result: [String] = []
    var next = model.contents[item] ?? model.removedContents[item] ?? []
    while let inside = next.popLast() {
      result.append(inside)
      next += model.contents[inside] ?? model.removedContents[inside] ?? []
    }
    return result
  }

  /// Reports the geometry of every container whose items changed, in arena order or shuffled.
  mutating func sync(shuffled: Bool) {
    var ids = engine.containers.map(\.id)
    if shuffled { ids.shuffle(using: &random) }
    for id in ids {
      guard let current = engine.container(id)?.geometry else { continue }
      let fresh = geometry(for: id)
      guard fresh.items != current.items else { continue }
      stale[id] = current
      feed(.setGeometry(id, fresh))
    }
  }

  /// Checks the events of one input; returns the item counts its transactions add.
  mutating func observe(
    _ effects: [StreamEffect], of input: StreamInput, before: DragModel<String>,
    rules: DragRules<String>,
    wasEditing: Bool, complete: Bool
  ) -> [String: Int] {
    var committed: [String: Int] = [:]
    func count(_ transaction: DragTransaction<String>) {
      for operation in transaction.operations {
        switch operation {
        case .copy(_, let copy, _): committed[copy, default: 0] += 1
        case .remove(let item, _):
          for gone in [item] + held(by: item) { committed[gone, default: 0] -= 1 }
        case .insert(let item, _):
          for back in [item] + held(by: item) { committed[back, default: 0] += 1 }
        case .move, .exchange, .dropInto, .takeOut: break
        }
      }
    }
    for effect in effects {
      guard case .event(let event) = effect else { continue }
      switch event {
      case .began(let session, let item, let origin):
        stats.began += 1
        if case .pointer = session, engine.configuration.dragsOnlyInEditMode, !wasEditing,
          !engine.isEditing
        {
          problem("\(session) began dragging \(item) outside edit mode, which gates dragging")
        }
        beforeLift[session] = before
        origins[session] = origin
        if profile.checksRules { checkDrag(item, in: origin.container, by: session, rules: rules) }
      case .dropped(let session, let transaction):
        count(transaction)
        if transaction.operations.isEmpty { stats.originDrops += 1 } else { stats.commits += 1 }
        if complete, let lifted = beforeLift[session], !entangled.contains(session) {
          stats.liveChecks += 1
          var expected = lifted
          do {
            try expected.apply(transaction.operations)
            if expected != model {
              problem(
                "after \(session) dropped \(transaction.operations), the model is \(model), "
                  + "not the model before the lift with the transaction applied: \(expected)")
            }
          } catch {
            problem(
              "\(transaction.operations) does not apply to the model before the lift: \(error)")
          }
        }
        if profile.checksRules {
          check(transaction, against: rules, droppedBy: input, wasEditing: wasEditing)
        }
        end(session)
      case .cancelled(let session, _):
        stats.cancels += 1
        if complete, let lifted = beforeLift[session], !entangled.contains(session),
          lifted != model
        {
          problem("cancelling \(session) left \(model), not the model before the lift \(lifted)")
        }
        end(session)
      case .undone(let transaction), .redone(let transaction):
        count(transaction)
      default:
        break
      }
    }
    for (item, number) in committed { committedCounts[item, default: 0] += number }
    let active = engine.activeSessions
    // A drag that began and ended within this input changed the model under the others too.
    var involved = Set(active)
    for case .event(let event) in effects {
      switch event {
      case .began(let session, _, _), .dropped(let session, _), .cancelled(let session, _):
        involved.insert(session)
      default: break
      }
    }
    if involved.count > 1 { entangled.formUnion(active) }
    return committed
  }

  mutating func end(_ session: SessionID) {
    beforeLift[session] = nil
    origins[session] = nil
    entangled.remove(session)
    if case .pointer(let id) = session { rulesAtPress[id] = nil }
  }

  // MARK: Checks

  /// After every step: no duplicates, the expected multiset, the reference agrees.
  mutating func checkState() {
    let violations = model.invariantViolations()
    if !violations.isEmpty { problem("model invariants: \(violations)") }
    let counts = ReferenceList.counts(model.allItems)
    if counts != expectedCounts.filter({ $0.value != 0 }) {
      problem("the model holds \(counts), the operations say \(expectedCounts)")
    }
    if !reference.matches(model) {
      problem("the model \(model) differs from the reference \(reference)")
      reference = ReferenceArena(model)
    }
    if !profile.appChangesItems && engine.activeSessions.isEmpty
      && counts != committedCounts.filter({ $0.value != 0 })
    {
      problem(
        "with no drag in progress the model holds \(counts), the transactions say "
          + "\(committedCounts)")
      committedCounts = counts
    }
  }

  /// An item is in at most one drag.
  ///
  /// After every input, no item is the one a drag carries, or a member of the selection it
  /// carries, for two drags at once. Read from what the engine shows: the drags in progress, the
  /// item of each, and the companions of its presentation.
  mutating func checkOneDragPerItem(_ effects: [StreamEffect]) {
    var began = false
    for case .event(let event) in effects {
      switch event {
      case .began: began = true
      case .refused(_, let refusal) where refusal.kind == .itemAlreadyDragged:
        stats.alreadyDragged += 1
      default: break
      }
    }
    let active = engine.activeSessions
    // One drag cannot share an item with another: the presentation is only worked out (it is
    // the costly part, for every input of every stream) when there are two.
    guard active.count > 1 || began else {
      shared = []
      return
    }
    let shown = engine.presentation.sessions
    var drags: [(session: SessionID, items: [String])] = active.map { session in
      (session, engine.draggedItem(for: session).map { [$0] } ?? [])
    }
    for presented in shown {
      let items = [presented.item] + presented.companions
      if let index = drags.firstIndex(where: { $0.session == presented.session }) {
        drags[index].items += items
      } else {
        problem("\(presented.session) is presented but not in progress")
        drags.append((presented.session, items))
      }
    }
    var owners: [String: SessionID] = [:]
    var twice: Set<String> = []
    for drag in drags {
      for item in Set(drag.items).sorted() {
        if let owner = owners[item] {
          twice.insert(item)
          if !shared.contains(item) {
            let carried = drags.map { "\($0.session) carries \(Set($0.items).sorted())" }
            problem(
              "\(item) is in two drags at once, \(owner) and \(drag.session): "
                + carried.joined(separator: ", "))
          }
        } else {
          owners[item] = drag.session
        }
      }
    }
    shared = twice
    if drags.count > 1 && shown.contains(where: { !$0.companions.isEmpty }) {
      stats.overlapChecks += 1
    }
    for case .event(.began(let session, _, _)) in effects
    where shown.contains(where: { $0.session == session && !$0.companions.isEmpty }) {
      stats.groupDrags += 1
    }
  }

  /// Counts a press or keyboard lift of an item that travels in another drag of a selection.
  ///
  /// The pressed item is read from the layout the tests choose.
  mutating func countTravellingPress(_ input: StreamInput) {
    let pressed: (item: String, by: SessionID)
    switch input {
    case .pointer(let event) where event.phase == .down:
      guard let item = item(at: event.location) else { return }
      pressed = (item, .pointer(event.id))
    case .key(.lift(let item), _):
      pressed = (item, .keyboard)
    default:
      return
    }
    guard !engine.activeSessions.isEmpty else { return }
    let travelling = engine.presentation.sessions.contains { session in
      session.session != pressed.by && !session.companions.isEmpty
        && (session.item == pressed.item || session.companions.contains(pressed.item))
    }
    if travelling { stats.travellingPresses += 1 }
  }

  /// The item drawn at `point`: in the first container whose frame holds it, items
  /// `ArenaPoints.itemLength` long stacked from the top.
  func item(at point: Point) -> String? {
    guard point.isFinite,
      let geometry = engine.containers.first(where: { $0.geometry.frame.contains(point) })?.geometry
    else { return nil }
    let index = Int(
      ((point.y - ArenaPoints.top(of: 0, in: geometry)) / ArenaPoints.itemLength)
        .rounded(.down))
    return geometry.items.indices.contains(index) ? geometry.items[index] : nil
  }

  /// A still pointer: the same move again, over the same layout, changes nothing.
  mutating func checkStillPointer(after input: StreamInput) {
    guard case .pointer(let event) = input, event.phase == .move, event.location.isFinite,
      engine.activeSessions.contains(.pointer(event.id))
    else { return }
    let sessions = engine.activeSessions
    let proposals = sessions.map { engine.proposal(for: $0) }
    let presentation = engine.presentation
    let model = self.model
    let effects = feed(input)
    stats.stillChecks += 1
    let changed = effects.contains { effect in
      switch effect {
      case .apply, .event(.proposalChanged): return true
      default: return false
      }
    }
    if changed || sessions.map({ engine.proposal(for: $0) }) != proposals
      || engine.presentation != presentation || self.model != model
    {
      problem(
        "the same pointer location again changed the proposal from \(proposals) to "
          + "\(sessions.map { engine.proposal(for: $0) }): \(effects)")
    }
  }

  /// `canDrag` allowed the item at one of the presses that could have started the drag.
  mutating func checkDrag(
    _ item: String, in container: ContainerID, by session: SessionID, rules: DragRules<String>
  ) {
    var candidates = [rules]
    if case .pointer(let id) = session { candidates += rulesAtPress[id] ?? [] }
    let allowed = candidates.contains { $0.canDrag?(item, container).isAllowed ?? true }
    if !allowed { problem("\(item) was lifted although canDrag refused it") }
  }

  /// Checks every operation of a committed transaction against the rules in force when it was
  /// committed, on the model it applies to.
  mutating func check(
    _ transaction: DragTransaction<String>, against rules: DragRules<String>,
    droppedBy input: StreamInput, wasEditing: Bool
  ) {
    var state = model
    do {
      try state.apply(transaction.inverse.operations)
    } catch {
      problem("\(transaction) cannot be taken back to check its rules: \(error)")
      return
    }
    for operation in transaction.operations {
      stats.ruleChecks += 1
      if let broken = brokenRule(
        operation, rules: rules, on: state, input: input, editing: wasEditing)
      {
        problem("\(operation) was committed although \(broken)")
      }
      try? state.apply(operation)
    }
  }

  /// Which rule `operation` breaks on `state`, if any.
  func brokenRule(
    _ operation: DragOperation<String>, rules: DragRules<String>, on state: DragModel<String>,
    input: StreamInput, editing: Bool
  ) -> String? {
    func refused(_ verdict: RuleVerdict?) -> Bool { !(verdict?.isAllowed ?? true) }
    func arrival(_ item: String, from source: ContainerID, into slot: Slot) -> String? {
      if refused(rules.accepts?(item, slot.container)) { return "accepts refused" }
      if let capacity = rules.capacity?(slot.container),
        state.items(in: slot.container).count >= capacity
      {
        return "\(slot.container) was full (capacity \(capacity))"
      }
      if refused(rules.canDrop?(item, source, slot.container, slot.index)) {
        return "canDrop refused"
      }
      return nil
    }
    switch operation {
    case .move(let item, let from, let to, _):
      if from.container == to.container {
        return refused(rules.canMove?(item, to.container, from.index, to.index))
          ? "canMove refused" : nil
      }
      return arrival(item, from: from.container, into: to)
    case .exchange(let item, let origin, let other, let slot):
      if refused(rules.canDisplace?(other, item)) { return "canDisplace refused" }
      if origin.container == slot.container {
        return refused(rules.canMove?(item, slot.container, origin.index, slot.index))
          ? "canMove refused" : nil
      }
      if refused(rules.accepts?(item, slot.container)) { return "accepts refused" }
      if refused(rules.canDrop?(item, origin.container, slot.container, slot.index)) {
        return "canDrop refused"
      }
      if refused(rules.accepts?(other, origin.container)) { return "accepts refused the other" }
      if refused(rules.canDrop?(other, slot.container, origin.container, origin.index)) {
        return "canDrop refused the other"
      }
      return nil
    case .copy(let item, _, let to):
      if rules.copyID == nil { return "there is no copyID rule" }
      guard let source = state.slot(of: item)?.container else { return nil }
      return arrival(item, from: source, into: to)
    case .remove(let item, _):
      var point: Point
      switch input {
      case .pointer(let event):
        point = event.location
        if engine.configuration.strategy == .itemCenter, let offset = centerOffsets[event.id],
          abs(point.x) < 1e9, abs(point.y) < 1e9
        {
          point = Point(x: point.x + offset.x, y: point.y + offset.y)
        }
      case .key:
        guard let zone = engine.containers.first(where: \.isDeleteZone) else {
          return "a keyboard drop removed an item with no delete zone"
        }
        point = zone.geometry.frame.center
      default: return "an item was removed by \(input)"
      }
      guard abs(point.x) < 1e9, abs(point.y) < 1e9 else { return nil }
      if let canRemove = rules.canRemove {
        return canRemove(item, point).isAllowed ? nil : "canRemove refused at \(point)"
      }
      let inZone = engine.containers.contains {
        $0.isDeleteZone && $0.geometry.frame.contains(point)
      }
      if editing || inZone || engine.configuration.strategy != .pointerInside { return nil }
      return "removal outside is refused by default"
    case .dropInto(let item, _, let target):
      guard let canDropInto = rules.canDropInto else { return "there is no canDropInto rule" }
      return canDropInto(item, target).isAllowed ? nil : "canDropInto refused"
    case .insert, .takeOut:
      return nil
    }
  }

  /// Ends every drag and checks the arena is at rest.
  mutating func finish() {
    perform(.input(.interrupt))
    if !engine.activeSessions.isEmpty { problem("drags survive an interruption") }
    if !engine.presentation.sessions.isEmpty { problem("an interruption left a presentation") }
    if !profile.appChangesItems && !harness.errors.isEmpty {
      problem("the model refused operations: \(harness.errors)")
    }
  }
}
