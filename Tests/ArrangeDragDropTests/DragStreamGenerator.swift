import ArrangeDragDrop
import ArrangeGeometry
import ArrangeTestSupport
import Synchronization

// A random input-stream generator for the drag engine, the app it talks to, and the reference
// model the properties in DragPropertyTests.swift are checked against. Nothing here calls the
// engine's own index math: expected positions come from plain arrays and from the layout the tests
// choose (items `ArenaPoints.itemLength` long, stacked from the top of each column).

typealias StreamEngine = DragEngine<ListGeometry<String>>
typealias StreamInput = DragInput<ListGeometry<String>>
typealias StreamEffect = DragEffect<String>

// MARK: - Reference

/// The index math of the seeds, on plain arrays.
enum ReferenceList {
  /// `list` with the element at `from` removed and inserted again so that it ends at `to`.
  static func moved<T>(_ list: [T], from: Int, to: Int) -> [T] {
    var result = list
    let element = result.remove(at: from)
    result.insert(element, at: to)
    return result
  }

  /// `list` with the elements at `first` and `second` swapped.
  static func swapped<T>(_ list: [T], _ first: Int, _ second: Int) -> [T] {
    var result = list
    result.swapAt(first, second)
    return result
  }

  /// How many times each element occurs.
  static func counts(_ items: [String]) -> [String: Int] {
    items.reduce(into: [:]) { $0[$1, default: 0] += 1 }
  }
}

/// An independent model of an arena: ordered containers of plain arrays, and dropped-into items.
///
/// It applies operations after checking every item, position and anchor they name, so it can
/// judge both the engine's operations and ``DragModel``.
struct ReferenceArena: Hashable, Sendable, CustomStringConvertible {
  private(set) var order: [ContainerID]
  private(set) var lists: [ContainerID: [String]]
  private(set) var inside: [String: [String]] = [:]
  /// What removed items held (they leave with the item and come back with it).
  private(set) var removed: [String: [String]] = [:]

  init(_ columns: [[String]]) {
    order = columns.indices.map { ContainerID($0) }
    lists = Dictionary(uniqueKeysWithValues: zip(order, columns))
  }

  init(_ model: DragModel<String>) {
    order = model.containers
    lists = Dictionary(uniqueKeysWithValues: model.containers.map { ($0, model.items(in: $0)) })
    inside = model.contents
    removed = model.removedContents
  }

  func items(in id: ContainerID) -> [String] { lists[id] ?? [] }

  var allItems: [String] { order.flatMap { items(in: $0) } + inside.values.flatMap { $0 } }

  var description: String {
    order.map { "\($0.rawValue): \(items(in: $0))" }.joined(separator: "; ")
      + (inside.isEmpty ? "" : "; inside: \(inside)")
  }

  /// Whether `model` holds exactly these lists and contents.
  func matches(_ model: DragModel<String>) -> Bool {
    model.containers == order && order.allSatisfy { model.items(in: $0) == items(in: $0) }
      && model.contents == inside && model.removedContents == removed
  }

  /// Replaces the items of a container (the app changing its own model).
  mutating func setItems(_ items: [String], in id: ContainerID) {
    if lists[id] == nil { order.append(id) }
    lists[id] = items
  }

  private func contains(_ item: String) -> Bool {
    lists.values.contains { $0.contains(item) } || inside.values.contains { $0.contains(item) }
  }

  private func check(_ item: String, at slot: Slot) -> String? {
    guard let list = lists[slot.container] else { return "no container \(slot.container)" }
    guard slot.index >= 0 && slot.index < list.count else { return "\(slot) is out of range" }
    return list[slot.index] == item ? nil : "\(slot) holds \(list[slot.index]), not \(item)"
  }

  private func checkInsertion(_ item: String, at slot: Slot) -> String? {
    guard let list = lists[slot.container] else { return "no container \(slot.container)" }
    guard slot.index >= 0 && slot.index <= list.count else { return "\(slot) is out of range" }
    return contains(item) ? "\(item) is already there" : nil
  }

  /// Applies `operation`, or returns why it does not describe this arena (and changes nothing).
  ///
  /// A `nil` anchor is not checked: the inverse of a move does not know its anchor.
  mutating func apply(_ operation: DragOperation<String>) -> String? {
    switch operation {
    case .move(let item, let from, let to, let before):
      if let problem = check(item, at: from) { return problem }
      var after = lists
      after[from.container]?.remove(at: from.index)
      guard let destination = after[to.container] else { return "no container \(to.container)" }
      guard to.index >= 0 && to.index <= destination.count else { return "\(to) is out of range" }
      after[to.container]?.insert(item, at: to.index)
      if let before {
        let landed = after[to.container] ?? []
        guard to.index + 1 < landed.count, landed[to.index + 1] == before else {
          return "\(item) does not land before \(before)"
        }
      }
      lists = after
    case .exchange(let first, let firstSlot, let second, let secondSlot):
      if let problem = check(first, at: firstSlot) ?? check(second, at: secondSlot) {
        return problem
      }
      guard first != second else { return "an item exchanged with itself" }
      lists[firstSlot.container]?[firstSlot.index] = second
      lists[secondSlot.container]?[secondSlot.index] = first
    case .copy(let original, let copy, let to):
      guard contains(original) else { return "the original \(original) is not there" }
      if inside[original] != nil { return "\(original) holds items a copy would leave behind" }
      if let problem = checkInsertion(copy, at: to) { return problem }
      lists[to.container]?.insert(copy, at: to.index)
    case .remove(let item, let from):
      if let problem = check(item, at: from) { return problem }
      lists[from.container]?.remove(at: from.index)
      var holders = [item]
      while let holder = holders.popLast() {
        guard let held = inside.removeValue(forKey: holder) else { continue }
        removed[holder] = held
        holders += held
      }
    case .insert(let item, let at):
      if let problem = checkInsertion(item, at: at) { return problem }
      var holders = [item]
      var back: [String: [String]] = [:]
      while let holder = holders.popLast() {
        guard let held = removed[holder] else { continue }
        if let again = held.first(where: contains) { return "\(again) is already there" }
        back[holder] = held
        holders += held
      }
      lists[at.container]?.insert(item, at: at.index)
      for (holder, held) in back {
        inside[holder] = held
        removed[holder] = nil
      }
    case .dropInto(let item, let from, let target):
      if let problem = check(item, at: from) { return problem }
      guard target != item, contains(target) else { return "no target \(target)" }
      var nested = inside[item] ?? []
      while let next = nested.popLast() {
        if next == target { return "\(target) is inside \(item)" }
        nested += inside[next] ?? []
      }
      lists[from.container]?.remove(at: from.index)
      inside[target, default: []].append(item)
    case .takeOut(let item, let holder, let to):
      guard let held = inside[holder], held.last == item else {
        return "\(item) is not the last item inside \(holder)"
      }
      guard let list = lists[to.container], to.index >= 0, to.index <= list.count else {
        return "\(to) is out of range"
      }
      lists[to.container]?.insert(item, at: to.index)
      inside[holder] = held.count == 1 ? nil : Array(held.dropLast())
    }
    return nil
  }
}

// MARK: - Points

/// Points on the test layout, computed from the layout the tests choose (items `itemLength` long
/// stacked from the top of the column, no spacing), not from the engine's geometry queries.
enum ArenaPoints {
  /// The length of every item in the arenas the tests build.
  static let itemLength = 10.0

  /// The top edge of item `index` in `geometry`, scroll offset applied.
  static func top(of index: Int, in geometry: ListGeometry<String>) -> Double {
    geometry.frame.minY + Double(index) * itemLength - geometry.scrollOffset
  }

  /// The center of slot `index` (where the item at `index` is drawn).
  static func slotCenter(_ index: Int, in geometry: ListGeometry<String>, x: Double? = nil)
    -> Point
  {
    Point(x: x ?? geometry.frame.midX, y: top(of: index, in: geometry) + itemLength / 2)
  }

  /// A point where dropping `item` ends at final index `index` of the container.
  ///
  /// By the rule "the slot is the number of *other* items whose midpoint is before the pointer":
  /// just above the midpoint of the item that must end up after it, or just below the midpoint of
  /// the one that must end up before it; on the dragged item itself when it is already there. The
  /// points stay out of the middle half of an item, where a drop could go into it.
  static func finalIndexPoint(
    _ index: Int, dragging item: String, in geometry: ListGeometry<String>, x: Double? = nil
  ) -> Point {
    let x = x ?? geometry.frame.midX
    let tenth = itemLength / 10
    guard let own = geometry.items.firstIndex(of: item) else {
      return Point(x: x, y: top(of: index, in: geometry) + 2 * tenth)
    }
    if index < own { return Point(x: x, y: top(of: index, in: geometry) + 2 * tenth) }
    if index > own { return Point(x: x, y: top(of: index, in: geometry) + 8 * tenth) }
    return Point(x: x, y: top(of: own, in: geometry) + 5 * tenth)
  }
}

// MARK: - Rules

/// Rule answers that are random but reproducible: an FNV-1a hash of the question and a salt
/// (Swift's `Hasher` is seeded per process, so it would not replay across runs).
enum RuleDice {
  /// A number in `0 ..< 1` that depends only on `parts`.
  static func roll(_ parts: [String]) -> Double {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for part in parts {
      for byte in part.utf8 {
        hash ^= UInt64(byte)
        hash &*= 0x0000_0100_0000_01b3
      }
      hash ^= 0xff
      hash &*= 0x0000_0100_0000_01b3
    }
    return Double(hash % 10_000) / 10_000
  }

  /// `.refuse` for a share `refused` of the questions.
  static func verdict(_ refused: Double, _ parts: String...) -> RuleVerdict {
    roll(parts) < refused ? .refuse("\(parts[0]) says no") : .allow
  }
}

/// Hands out copy numbers, so that every copy gets a new ID; a fresh counter replays the same IDs.
final class CopyCounter: Sendable {
  private let next = Mutex(0)

  func take() -> Int {
    next.withLock {
      $0 += 1
      return $0
    }
  }
}

/// A family of rules: which rules the app has, and the salt that decides their answers.
struct RuleSet: Sendable, CustomStringConvertible {
  /// Decides the answers; a new salt is the app changing its mind.
  var salt: UInt64 = 0
  /// The share of questions refused; zero means no refusing rules at all.
  var refusal = 0.0
  /// Whether items can be dropped into some other items.
  var dropsInto = false
  /// Whether items have a catch rectangle (their top 70%).
  var handles = false
  /// Whether copy mode has its `copyID` rule.
  var copies = true
  /// Whether the mode depends on the pair of containers (``DragRules/mode``).
  var pairModes = false

  var description: String {
    "rules(salt \(salt), refusal \(refusal), into \(dropsInto), handles \(handles), "
      + "copies \(copies), pair modes \(pairModes))"
  }

  /// The rules, with copies numbered by `counter`.
  func rules(counter: CopyCounter) -> DragRules<String> {
    var rules = DragRules<String>()
    if copies { rules.copyID = { "\($0)+\(counter.take())" } }
    if handles {
      rules.handle = { _, frame in
        Rect(x: frame.minX, y: frame.minY, width: frame.width, height: frame.height * 0.7)
      }
    }
    let salt = String(salt)
    if pairModes {
      rules.mode = { _, source, target in
        let roll = RuleDice.roll(["mode", salt, "\(source.rawValue)", "\(target.rawValue)"])
        return roll < 0.35 ? .exchange : roll < 0.7 ? .move : roll < 0.85 ? .copy : nil
      }
    }
    if dropsInto {
      rules.canDropInto = { item, target in RuleDice.verdict(0.7, "into", salt, item, target) }
    }
    guard refusal > 0 else { return rules }
    let share = refusal
    rules.canDrag = { item, container in
      RuleDice.verdict(share / 2, "drag", salt, item, "\(container.rawValue)")
    }
    rules.canMove = { item, container, from, to in
      RuleDice.verdict(share, "move", salt, item, "\(container.rawValue)", "\(from)", "\(to)")
    }
    rules.canDrop = { item, source, destination, index in
      RuleDice.verdict(
        share, "drop", salt, item, "\(source.rawValue)", "\(destination.rawValue)", "\(index)")
    }
    rules.canDisplace = { target, dragged in
      RuleDice.verdict(share, "displace", salt, target, dragged)
    }
    rules.accepts = { item, container in
      RuleDice.verdict(share / 2, "accepts", salt, item, "\(container.rawValue)")
    }
    rules.capacity = { container in
      let roll = RuleDice.roll(["capacity", salt, "\(container.rawValue)"])
      return roll < 0.4 ? 1 + Int(roll * 15) : nil
    }
    rules.canRemove = { item, point in
      RuleDice.verdict(share, "remove", salt, item, Self.bucket(point.x), Self.bucket(point.y))
    }
    return rules
  }

  /// A coarse, crash-free label for a coordinate, so that removal answers depend on the place.
  static func bucket(_ value: Double) -> String {
    guard value.isFinite, abs(value) < 1e9 else { return value < 0 ? "-far" : "far" }
    return String(Int((value / 50).rounded(.down)))
  }
}

// MARK: - Profiles

/// Everything one random stream is made of, printed when a property fails.
struct StreamProfile: Sendable, CustomStringConvertible {
  var seed: UInt64
  var mode: DragMode
  var application: DragApplication
  var strategy: TargetStrategy
  /// The items of each column.
  var columns: [[String]]
  /// Whether one more, empty column is a delete zone.
  var deleteZone = false
  var concurrent = false
  var rules = RuleSet()
  /// Whether the rules change their answers (a new salt) between inputs.
  var changesRules = false
  /// The share of steps, besides bad input, at which the rules change their answers.
  var ruleChanges = 0.0
  /// Whether the mode, strategy and application change between inputs.
  var changesConfiguration = false
  /// Whether the app inserts and removes items itself and reports stale geometry.
  var appChangesItems = false
  /// Whether the app sometimes fails to apply a batch of operations (and says so).
  var appFails = false
  /// The share of steps that are bad or unusual input.
  var garbage = 0.25
  /// The share of gestures made with the keyboard.
  var keyboard = 0.2
  /// The share of idle moments used to undo or redo.
  var undoes = 0.08
  /// The share of idle moments used to select items (drags of several items).
  var selects = 0.0
  /// The number of steps.
  var length = 40
  /// Whether each pointer move during a drag is sent twice, to check that a still pointer keeps
  /// its proposal.
  var repeatsMoves = false
  /// Whether every committed operation is checked against the rules in force.
  var checksRules = false
  /// Whether containers are resized and reordered (which can make their frames overlap).
  var resizes = true

  /// A profile with random columns: one to four of them, with zero to seven items each.
  init(seed: UInt64, mode: DragMode, application: DragApplication, strategy: TargetStrategy) {
    self.seed = seed
    self.mode = mode
    self.application = application
    self.strategy = strategy
    var random = SeededRandom(seed: seed ^ 0x0C01_0C01)
    let count = random.integer(in: 1...4)
    let letters = ["a", "b", "c", "d"]
    columns = (0..<count).map { column in
      (0..<random.integer(in: 0...7)).map { "\(letters[column])\($0)" }
    }
    if columns.allSatisfy(\.isEmpty) { columns[0] = ["a0", "a1"] }
  }

  var description: String {
    var flags: [String] = []
    if deleteZone { flags.append("delete zone") }
    if concurrent { flags.append("concurrent") }
    if changesRules { flags.append("rules change") }
    if changesConfiguration { flags.append("configuration changes") }
    if appChangesItems { flags.append("app changes items") }
    if appFails { flags.append("app fails") }
    if repeatsMoves { flags.append("repeats moves") }
    if !resizes { flags.append("fixed frames") }
    return
      "seed \(seed), \(mode), \(application), \(strategy), columns \(columns), \(rules), "
      + "garbage \(garbage), keyboard \(keyboard), length \(length)"
      + (flags.isEmpty ? "" : ", " + flags.joined(separator: ", "))
  }
}

// MARK: - Steps

/// One thing that happens in a stream: an input for the engine, or something the app does.
enum StreamStep: Sendable {
  case input(StreamInput)
  /// The app's rules change their answers.
  case setRules(salt: UInt64)
  case setMode(DragMode)
  case setStrategy(TargetStrategy)
  case setApplication(DragApplication)
  /// Items drag only in edit mode, or always.
  case setEditModeGate(Bool)
  /// The app will fail to apply the operation at this index of the next batch.
  case failNextBatch(at: Int)
  /// The app reports a failure although it applied nothing (sent only when there is no batch).
  case spuriousFailure(applied: Int)
  /// The app inserts a new item of its own.
  case appInsert(ContainerID, index: Int)
  /// The app removes an item itself.
  case appRemove(String)
  /// The app reports an outdated geometry for a container, then the current one.
  case staleGeometry(ContainerID)
}

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

  init(_ profile: StreamProfile) {
    self.profile = profile
    random = SeededRandom(seed: profile.seed ^ 0xA99)
    var configuration = DragConfiguration()
    configuration.mode = profile.mode
    configuration.application = profile.application
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
      harness.engine.configuration.application = application
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
    let effects = harness.engine.handle(input, recordingInto: &recording)
    outputs.append(effects)
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
    if active.count > 1 { entangled.formUnion(active) }
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

// MARK: - The generator

/// Makes random streams that a seed reproduces.
///
/// Gestures (press, activate, move, release or cancel; keyboard lifts, steps and drops) are
/// interleaved with bad and unusual input. Points are chosen from the arena as it is when each
/// step is made, so drags go over items, between them, past the last one, into edge bands and
/// outside.
struct DragStreamGenerator {
  /// A gesture in progress.
  struct Gesture {
    enum Source: Equatable {
      case pointer(PointerID, PointerKind)
      case keyboard
    }
    var source: Source
    /// 0: press or lift; 1: activate; 2: move; 3: end.
    var stage = 0
    var moves: Int
    var point = Point(x: 0, y: 0)
  }

  let profile: StreamProfile
  var random: SeededRandom
  var time = 0.0
  var gestures: [Gesture] = []

  init(_ profile: StreamProfile) {
    self.profile = profile
    random = SeededRandom(seed: profile.seed)
  }

  // MARK: Points

  /// A point that is not a place: NaN, infinite or absurdly far.
  mutating func garbagePoint() -> Point {
    let values: [Double] = [.nan, .infinity, -.infinity, 1e300, -1e300, .greatestFiniteMagnitude]
    return random.chance(0.5)
      ? Point(x: random.pick(values), y: random.pick(values))
      : Point(x: random.pick(values), y: 5)
  }

  /// A point on a random item of a random container, or `nil` when no container shows one.
  mutating func itemPoint(_ driver: StreamDriver) -> (point: Point, item: String)? {
    let filled = driver.engine.containers.filter { $0.geometry.count > 0 }
    guard !filled.isEmpty else { return nil }
    let geometry = random.pick(filled).geometry
    let index = random.integer(in: 0...(geometry.count - 1))
    let top = ArenaPoints.top(of: index, in: geometry)
    let x = geometry.frame.minX + geometry.frame.width * Double(random.integer(in: 5...95)) / 100
    let y = top + ArenaPoints.itemLength * Double(random.integer(in: 5...95)) / 100
    return (Point(x: x, y: y), geometry.items[index])
  }

  /// Somewhere a drag might go.
  mutating func target(_ driver: StreamDriver, from last: Point) -> Point {
    let containers = driver.engine.containers
    guard !containers.isEmpty else { return garbagePoint() }
    let geometry = random.pick(containers).geometry
    let frame = geometry.frame
    let roll = Double.random(in: 0..<1, using: &random)
    if roll < 0.5, let (point, _) = itemPoint(driver) { return point }
    if roll < 0.62 {
      let index = random.integer(in: 0...geometry.count)
      return ArenaPoints.finalIndexPoint(index, dragging: "", in: geometry)
    }
    if roll < 0.7 {
      let y = ArenaPoints.top(of: geometry.count, in: geometry) + Double(random.integer(in: 1...40))
      return Point(x: frame.midX, y: y)
    }
    if roll < 0.78 {
      // An edge band, where a scrolling container scrolls.
      let depth = Double(random.integer(in: 0...12))
      return Point(x: frame.midX, y: random.chance(0.5) ? frame.minY + depth : frame.maxY - depth)
    }
    if roll < 0.86 {
      return random.pick([
        Point(x: frame.maxX + 10, y: frame.midY), Point(x: frame.midX, y: -25),
        Point(x: -40, y: 30), Point(x: frame.midX, y: frame.maxY + 30),
      ])
    }
    if roll < 0.92 {
      let far = random.pick([1e6, -1e6, 1e13, -1e13, 1e300])
      return random.chance(0.5) ? Point(x: far, y: last.y) : Point(x: last.x, y: far)
    }
    if roll < 0.95 { return garbagePoint() }
    return last
  }

  mutating func tick() {
    time += random.pick([0.005, 0.01, 0.02, 0.05, 0.1, 0.25])
  }

  /// A time that is not a time, or one in the past.
  mutating func garbageTime() -> Double {
    random.pick([.nan, .infinity, -.infinity, -1, time - 1, 0])
  }

  // MARK: Steps

  /// The next step of the stream.
  mutating func next(_ driver: StreamDriver) -> StreamStep {
    tick()
    if profile.changesRules && random.chance(profile.ruleChanges) {
      return .setRules(salt: random.next())
    }
    if random.chance(profile.garbage) { return garbage(driver) }
    let canStart = gestures.isEmpty || (profile.concurrent && gestures.count < 3)
    if canStart && (gestures.isEmpty || random.chance(0.15)) {
      if gestures.isEmpty && random.chance(profile.undoes) {
        return .input(random.chance(0.6) ? .undo : .redo)
      }
      if gestures.isEmpty && profile.selects > 0 && random.chance(profile.selects) {
        // A selection of a few items (or none), for drags of several items at once.
        let items = driver.model.allItems.shuffled(using: &random)
        return .input(.setSelection(Array(items.prefix(random.integer(in: 0...4)))))
      }
      startGesture()
    }
    let index = random.integer(in: 0...(gestures.count - 1))
    return advance(index, driver)
  }

  mutating func startGesture() {
    if random.chance(profile.keyboard) && !gestures.contains(where: { $0.source == .keyboard }) {
      gestures.append(Gesture(source: .keyboard, moves: random.integer(in: 0...6)))
      return
    }
    let used = gestures.compactMap { gesture -> PointerID? in
      if case .pointer(let id, _) = gesture.source { return id }
      return nil
    }
    let free = (0...2).map { PointerID($0) }.filter { !used.contains($0) }
    guard let id = free.first else { return }
    let kind: PointerKind = random.chance(0.2) ? .touch : .mouse
    gestures.append(Gesture(source: .pointer(id, kind), moves: random.integer(in: 0...7)))
  }

  /// The next step of gesture `index`.
  mutating func advance(_ index: Int, _ driver: StreamDriver) -> StreamStep {
    var gesture = gestures[index]
    defer {
      if gesture.stage > 3 { gestures.remove(at: index) } else { gestures[index] = gesture }
    }
    switch gesture.source {
    case .keyboard:
      return advanceKeyboard(&gesture, driver)
    case .pointer(let id, let kind):
      func event(_ phase: PointerPhase, _ point: Point) -> StreamStep {
        .input(.pointer(PointerEvent(phase, at: point, time: time, id: id, kind: kind)))
      }
      switch gesture.stage {
      case 0:
        gesture.stage = 1
        gesture.point = itemPoint(driver)?.point ?? target(driver, from: gesture.point)
        return event(.down, gesture.point)
      case 1:
        gesture.stage = 2
        if kind == .touch {
          time += 0.2
          if random.chance(0.5) { return .input(.tick(time: time)) }
          let nudge = Point(
            x: gesture.point.x + Double(random.integer(in: -3...3)), y: gesture.point.y)
          return event(.move, random.chance(0.85) ? nudge : nudge + Point(x: 25, y: 0))
        }
        let offsets = [
          Point(x: 6, y: 0), Point(x: -6, y: 0), Point(x: 0, y: 6), Point(x: 0, y: -6),
        ]
        gesture.point = gesture.point + random.pick(offsets)
        return event(.move, gesture.point)
      case 2:
        if gesture.moves > 0 {
          gesture.moves -= 1
          gesture.point = target(driver, from: gesture.point)
          return event(.move, gesture.point)
        }
        gesture.stage = 4
        return ending(at: gesture.point, driver).map { event($0.phase, $0.point) } ?? otherEnding()
      default:
        gesture.stage = 4
        return ending(at: gesture.point, driver).map { event($0.phase, $0.point) } ?? otherEnding()
      }
    }
  }

  /// The end of a pointer gesture: usually a release, sometimes a pointer cancel; `nil` for
  /// another kind of end (see ``otherEnding()``).
  mutating func ending(at point: Point, _ driver: StreamDriver) -> (
    phase: PointerPhase, point: Point
  )? {
    let roll = Double.random(in: 0..<1, using: &random)
    if roll < 0.6 { return (.up, point) }
    if roll < 0.7 { return (.up, target(driver, from: point)) }
    if roll < 0.78 { return (.cancel, point) }
    return nil
  }

  /// Escape, an interruption, or the pointer simply forgotten.
  mutating func otherEnding() -> StreamStep {
    let roll = Double.random(in: 0..<1, using: &random)
    if roll < 0.4 { return .input(.key(.cancel, time: time)) }
    if roll < 0.6 { return .input(.interrupt) }
    return .input(.tick(time: time))
  }

  mutating func advanceKeyboard(_ gesture: inout Gesture, _ driver: StreamDriver) -> StreamStep {
    switch gesture.stage {
    case 0:
      gesture.stage = 2
      return .input(.key(.lift(liftable(driver)), time: time))
    default:
      if gesture.moves > 0 {
        gesture.moves -= 1
        return .input(.key(keyStep(), time: time))
      }
      gesture.stage = 4
      return .input(.key(random.chance(0.75) ? .drop : .cancel, time: time))
    }
  }

  mutating func keyStep() -> KeyIntent<String> {
    random.pick([
      .nextSlot, .nextSlot, .previousSlot, .previousSlot, .nextContainer, .previousContainer,
    ])
  }

  /// An item the arena shows, or now and then one it does not have.
  mutating func liftable(_ driver: StreamDriver) -> String {
    let items = driver.engine.containers.flatMap(\.geometry.items)
    return items.isEmpty || random.chance(0.05) ? "nobody" : random.pick(items)
  }

  /// A new frame for a container: taller, shorter (so that it scrolls), wider, shifted.
  mutating func frame(near frame: Rect) -> Rect {
    Rect(
      x: frame.minX + random.pick([-15.0, 0, 0, 15]), y: random.pick([0.0, 0, 20]),
      width: random.pick([60.0, 100, 100, 140]), height: random.pick([30.0, 60, 150, 300, 500]))
  }

  /// Bad or unusual input.
  mutating func garbage(_ driver: StreamDriver) -> StreamStep {
    let ids = driver.engine.containers.map(\.id)
    var kinds: [(weight: Int, kind: Int)] = [
      (30, 0), (8, 1), (10, 2), (5, 3), (5, 4), (2, 8), (4, 9), (5, 10), (4, 11), (3, 12),
    ]
    if profile.resizes { kinds += [(3, 5), (4, 6), (8, 7)] }
    if profile.changesRules { kinds.append((8, 13)) }
    if profile.changesConfiguration { kinds.append((4, 14)) }
    if profile.appFails { kinds.append((5, 15)) }
    kinds.append((2, 16))
    if profile.appChangesItems { kinds += [(6, 17), (6, 18), (6, 19)] }
    var roll = random.integer(in: 0...(kinds.map(\.weight).reduce(0, +) - 1))
    var kind = 0
    for entry in kinds {
      if roll < entry.weight {
        kind = entry.kind
        break
      }
      roll -= entry.weight
    }
    let container = ids.isEmpty || random.chance(0.1) ? ContainerID(42) : random.pick(ids)
    switch kind {
    case 0:
      let phase = random.pick(PointerPhase.allCases)
      let id = PointerID(random.pick([0, 0, 1, 2, 5, 99]))
      let point = random.chance(0.5) ? garbagePoint() : target(driver, from: Point(x: 50, y: 5))
      let when = random.chance(0.8) ? time : garbageTime()
      let kind = random.pick(PointerKind.allCases)
      return .input(.pointer(PointerEvent(phase, at: point, time: when, id: id, kind: kind)))
    case 1:
      return .input(.tick(time: random.chance(0.8) ? time : garbageTime()))
    case 2:
      let intent = random.chance(0.3) ? .lift(liftable(driver)) : keyStep()
      let any: KeyIntent<String> = random.chance(0.3) ? random.pick([.drop, .cancel]) : intent
      return .input(.key(any, time: random.chance(0.9) ? time : garbageTime()))
    case 3:
      return .input(.removeContainer(container))
    case 4:
      guard let again = driver.removed.values.sorted(by: { $0.id < $1.id }).first else {
        return .input(.tick(time: time))
      }
      var container = again
      container.geometry = driver.geometry(for: again.id)
      return .input(.addContainer(container, priority: random.pick([nil, 0, 1, -3, 99])))
    case 5:
      guard var replaced = driver.engine.container(container) else { return .input(.undo) }
      replaced.geometry = ListGeometry(
        items: driver.model.items(in: container), frame: frame(near: replaced.geometry.frame),
        itemLength: ArenaPoints.itemLength)
      return .input(.addContainer(replaced, priority: random.pick([nil, 0, 2])))
    case 6:
      return .input(.moveContainer(container, priority: random.integer(in: -2...5)))
    case 7:
      guard let current = driver.engine.container(container)?.geometry else {
        return .input(.redo)
      }
      let resized = ListGeometry(
        items: current.items, frame: frame(near: current.frame), itemLength: ArenaPoints.itemLength
      ).scrolled(to: current.scrollOffset)
      return .input(.setGeometry(container, resized))
    case 8:
      let geometry = ListGeometry(
        items: ["ghost"], frame: Rect(x: 0, y: 0, width: 50, height: 50),
        itemLength: ArenaPoints.itemLength)
      return .input(.setGeometry(ContainerID(77), geometry))
    case 9:
      return .input(.setEditing(random.chance(0.5), from: random.chance(0.5) ? container : nil))
    case 10:
      return .input(random.chance(0.6) ? .undo : .redo)
    case 11:
      return .input(.interrupt)
    case 12:
      return .input(.tick(time: time + 0.5))
    case 13:
      return .setRules(salt: random.next())
    case 14:
      switch random.integer(in: 0...3) {
      case 0: return .setMode(random.pick(DragMode.allCases))
      case 1: return .setStrategy(random.pick(TargetStrategy.allCases))
      case 2: return .setEditModeGate(random.chance(0.5))
      default: return .setApplication(random.pick(DragApplication.allCases))
      }
    case 15:
      return .failNextBatch(at: random.integer(in: 0...2))
    case 16:
      return .spuriousFailure(applied: random.integer(in: -1...3))
    case 17:
      return .appInsert(container, index: random.integer(in: 0...8))
    case 18:
      let items = driver.model.allItems
      return items.isEmpty ? .input(.tick(time: time)) : .appRemove(random.pick(items))
    default:
      return .staleGeometry(container)
    }
  }

  /// A step in the middle of a drag by `session` that does not end it on purpose: moves of its
  /// pointer (to `last`, which it updates) or keyboard steps, time passing, stray input from other
  /// pointers and keys, a second press, undo and redo, and unless `calm`, changes to the arena,
  /// the rules and edit mode.
  mutating func duringDrag(
    _ driver: StreamDriver, session: SessionID, kind: PointerKind, last: inout Point, calm: Bool
  ) -> StreamStep {
    tick()
    let roll = Double.random(in: 0..<1, using: &random)
    if roll < 0.5 {
      switch session {
      case .pointer(let id):
        let point = random.chance(0.92) ? target(driver, from: last) : garbagePoint()
        if point.isFinite { last = point }
        return .input(.pointer(PointerEvent(.move, at: point, time: time, id: id, kind: kind)))
      case .keyboard:
        return .input(.key(keyStep(), time: time))
      }
    }
    if roll < 0.6 { return .input(.tick(time: random.chance(0.85) ? time : garbageTime())) }
    if roll < 0.68 {
      let stranger = PointerEvent(
        random.pick(PointerPhase.allCases), at: target(driver, from: last), time: time,
        id: PointerID(random.pick([3, 7, 99])), kind: random.pick(PointerKind.allCases))
      return .input(.pointer(stranger))
    }
    if roll < 0.72, case .pointer(let id) = session {
      let again = PointerEvent(
        .down, at: target(driver, from: last), time: time, id: id, kind: kind)
      return .input(.pointer(again))
    }
    if roll < 0.76 {
      var intents: [KeyIntent<String>] = [.lift(liftable(driver)), keyStep()]
      if session != .keyboard { intents.append(.drop) }
      return .input(.key(random.pick(intents), time: time))
    }
    if roll < 0.8 { return .input(random.chance(0.5) ? .undo : .redo) }
    if calm { return .input(.tick(time: time)) }
    let ids = driver.engine.containers.map(\.id)
    if roll < 0.86, profile.resizes, let id = ids.isEmpty ? nil : random.pick(ids),
      let current = driver.engine.container(id)?.geometry
    {
      let resized = ListGeometry(
        items: current.items, frame: frame(near: current.frame), itemLength: ArenaPoints.itemLength
      ).scrolled(to: current.scrollOffset)
      return .input(.setGeometry(id, resized))
    }
    if roll < 0.89, profile.resizes, !ids.isEmpty {
      return .input(.moveContainer(random.pick(ids), priority: random.integer(in: -1...4)))
    }
    if roll < 0.92, profile.changesRules { return .setRules(salt: random.next()) }
    if roll < 0.95 { return .input(.setEditing(random.chance(0.5), from: nil)) }
    if roll < 0.97, profile.appFails { return .failNextBatch(at: random.integer(in: 0...1)) }
    if roll < 0.985, let again = driver.removed.values.sorted(by: { $0.id < $1.id }).first {
      var container = again
      container.geometry = driver.geometry(for: again.id)
      return .input(.addContainer(container, priority: random.pick([nil, 0, 1])))
    }
    if !ids.isEmpty, !profile.resizes { return .input(.tick(time: time)) }
    return .input(.removeContainer(ids.isEmpty ? ContainerID(42) : random.pick(ids)))
  }
}
