import ArrangeDragDrop
import ArrangeGeometry
import ArrangeTestSupport
import PropertyBased
import Synchronization
import Testing

/// The robustness properties of docs/drag-and-drop.md and the fixed point of a still pointer, over random streams
/// of pointer, key, tick, arena and app input (DragStreamGenerator.swift), with fixed seeds.
///
/// Besides its own property, every stream checks after each input that the model has no
/// duplicates and holds the expected multiset, that a reference arena applying the same
/// operations agrees with it, that each operation followed by its inverse is the identity, that a
/// cancelled drag leaves the model as it was at the lift and a dropped one leaves it as it was at
/// the lift with the committed transaction applied, and that no item is in two drags at once.
@Suite struct DragPropertyTests {
  /// Adds up the statistics of every case, to show that the properties are not vacuous.
  final class Tally: Sendable {
    private let stats = Mutex(StreamStats())
    private let counts = Mutex([String: Int]())

    func add(_ other: StreamStats) { stats.withLock { $0.add(other) } }

    func count(_ name: String, _ amount: Int = 1) {
      counts.withLock { $0[name, default: 0] += amount }
    }

    var value: StreamStats { stats.withLock { $0 } }

    subscript(_ name: String) -> Int { counts.withLock { $0[name] ?? 0 } }
  }

  /// A random mode, application and strategy for random columns.
  static let profiles = zip(
    Gen.uint64(), Gen<DragMode>.case, Gen<OperationTiming>.case, Gen<TargetStrategy>.case
  ).map { seed, mode, application, strategy in
    StreamProfile(seed: seed, mode: mode, application: application, strategy: strategy)
  }

  // MARK: - Profiles

  /// Streams with every kind of bad input a person or the system can produce, rules that refuse
  /// and change, concurrent drags, configuration changes and app failures; a well-behaved app.
  static let badInputProfiles = profiles.map { base in
    var profile = base
    var random = SeededRandom(seed: base.seed ^ 0x1)
    profile.length = random.integer(in: 20...60)
    profile.garbage = random.pick([0.1, 0.25, 0.4])
    profile.concurrent = random.chance(0.3)
    profile.deleteZone = random.chance(0.3)
    profile.changesRules = random.chance(0.3)
    profile.changesConfiguration = random.chance(0.3)
    profile.appFails = random.chance(0.3)
    profile.rules.refusal = random.pick([0, 0, 0.1, 0.3])
    profile.rules.dropsInto = random.chance(0.2)
    profile.rules.handles = random.chance(0.15)
    profile.rules.copies = random.chance(0.9)
    profile.rules.pairModes = random.chance(0.25)
    profile.rules.salt = random.next()
    return profile
  }

  /// Streams where the app also inserts and removes items of its own mid-drag and reports stale
  /// geometry, so operations may fail to apply (the app then says so).
  static let appChangeProfiles = profiles.map { base in
    var profile = base
    var random = SeededRandom(seed: base.seed ^ 0x2)
    profile.length = random.integer(in: 20...50)
    profile.garbage = random.pick([0.25, 0.4])
    profile.concurrent = random.chance(0.3)
    profile.deleteZone = random.chance(0.3)
    profile.appChangesItems = true
    profile.appFails = random.chance(0.5)
    profile.rules.dropsInto = random.chance(0.2)
    return profile
  }

  /// Streams rich in every kind of operation: copies, drops into items, removals, undo and redo.
  static let inverseProfiles = profiles.map { base in
    var profile = base
    var random = SeededRandom(seed: base.seed ^ 0x3)
    // Mostly moves: only moves drop into items (copies never do), and undoing those is the only
    // way to get takeOut.
    profile.mode = random.pick([.copy, .move, .move, .move, .exchange])
    profile.length = random.integer(in: 20...50)
    profile.deleteZone = random.chance(0.5)
    profile.rules.dropsInto = true
    profile.selects = 0.2
    profile.undoes = 0.6
    profile.appFails = random.chance(0.3)
    return profile
  }

  /// Arenas for one drag that gets cancelled.
  static let cancelProfiles = profiles.map { base in
    var profile = base
    var random = SeededRandom(seed: base.seed ^ 0x4)
    profile.changesRules = random.chance(0.4)
    profile.appFails = random.chance(0.3)
    profile.deleteZone = random.chance(0.3)
    profile.rules.refusal = random.pick([0, 0.2])
    profile.selects = 0.2
    profile.rules.dropsInto = random.chance(0.3)
    profile.rules.salt = random.next()
    return profile
  }

  /// Arenas for one drag brought back home; frames stay put, so the way home is where it was.
  static let originProfiles = profiles.map { base in
    var profile = base
    var random = SeededRandom(seed: base.seed ^ 0x5)
    profile.resizes = false
    profile.garbage = 0.15
    profile.rules.dropsInto = random.chance(0.3)
    return profile
  }

  /// Streams with refusing rules whose answers change often, checked at every commit.
  static let ruleProfiles = profiles.map { base in
    var profile = base
    var random = SeededRandom(seed: base.seed ^ 0x6)
    profile.length = random.integer(in: 30...60)
    profile.checksRules = true
    profile.changesRules = true
    profile.ruleChanges = 0.15
    profile.deleteZone = random.chance(0.7)
    profile.rules.refusal = random.pick([0.15, 0.3, 0.5])
    profile.rules.dropsInto = random.chance(0.4)
    profile.rules.copies = random.chance(0.8)
    profile.rules.pairModes = random.chance(0.25)
    profile.selects = 0.2
    profile.rules.salt = random.next()
    profile.keyboard = 0.4
    return profile
  }

  /// Streams where every pointer move during a drag is sent twice.
  static let stillProfiles = profiles.map { base in
    var profile = base
    var random = SeededRandom(seed: base.seed ^ 0x7)
    profile.repeatsMoves = true
    profile.keyboard = 0.05
    profile.garbage = 0.15
    profile.concurrent = random.chance(0.2)
    profile.rules.refusal = random.pick([0, 0, 0.2])
    profile.rules.dropsInto = random.chance(0.3)
    profile.rules.salt = random.next()
    return profile
  }

  /// Streams for replay: the rules and the configuration change only through inputs.
  static let replayProfiles = profiles.map { base in
    var profile = base
    var random = SeededRandom(seed: base.seed ^ 0x8)
    profile.length = random.integer(in: 20...60)
    profile.concurrent = random.chance(0.3)
    profile.deleteZone = random.chance(0.3)
    profile.appFails = random.chance(0.3)
    profile.rules.refusal = random.pick([0, 0.2])
    profile.rules.dropsInto = random.chance(0.3)
    profile.rules.salt = random.next()
    return profile
  }

  /// Streams applied live.
  static let liveProfiles = profiles.map { base in
    var profile = base
    var random = SeededRandom(seed: base.seed ^ 0x9)
    profile.application = .live
    profile.length = random.integer(in: 30...60)
    profile.garbage = random.pick([0.1, 0.25])
    profile.deleteZone = random.chance(0.3)
    profile.appFails = random.chance(0.3)
    profile.changesRules = random.chance(0.3)
    profile.rules.refusal = random.pick([0, 0.2])
    profile.rules.dropsInto = random.chance(0.3)
    profile.rules.salt = random.next()
    return profile
  }

  /// Arenas for the same keyboard drags applied both ways.
  static let keyboardTwinProfiles = profiles.map { base in
    var profile = base
    var random = SeededRandom(seed: base.seed ^ 0xA)
    profile.deleteZone = random.chance(0.3)
    profile.rules.refusal = random.pick([0, 0.2])
    profile.rules.salt = random.next()
    return profile
  }

  /// Streams where up to three pointers and the keyboard drag at once among selected items.
  ///
  /// Presses are aimed at the members of a selection another drag carries, and selections take
  /// in items already being dragged; every mode and timing, delete zones, drops into items. The
  /// app is well behaved: it never fails and never changes items itself.
  static let concurrentSelectionProfiles = profiles.map { base in
    var profile = base
    var random = SeededRandom(seed: base.seed ^ 0xB)
    // Mostly moves: only a move lifts the selection with the pressed item.
    profile.mode = random.pick([.move, .move, .move, .exchange, .copy])
    profile.length = random.integer(in: 30...70)
    profile.gestureMoves = 12
    profile.concurrent = true
    profile.overlaps = random.pick([0.3, 0.5])
    profile.selects = random.pick([0.5, 0.7, 0.9])
    profile.reselects = random.pick([0, 0.05, 0.1, 0.2])
    profile.pressesTravelling = random.pick([0.4, 0.6, 0.8])
    profile.garbage = random.pick([0.05, 0.1, 0.2])
    profile.keyboard = random.pick([0.1, 0.25])
    profile.undoes = 0.04
    profile.deleteZone = random.chance(0.4)
    profile.spuriousFailures = false
    profile.rules.refusal = random.pick([0, 0, 0.1])
    profile.rules.dropsInto = random.chance(0.5)
    profile.rules.intoRefusal = 0.3
    profile.rules.pairModes = random.chance(0.15)
    profile.rules.salt = random.next()
    return profile
  }

  /// Feeds `profile.length` generated steps, then interrupts whatever is still going on.
  static func run(_ profile: StreamProfile) -> StreamDriver {
    var driver = StreamDriver(profile)
    var generator = DragStreamGenerator(profile)
    for _ in 0..<profile.length { driver.perform(generator.next(driver)) }
    driver.finish()
    return driver
  }

  /// Why a tally is short: a failing case stops its property early.
  static let shortTally = "(fewer when a failing case stopped the property early)"

  static func report(_ driver: StreamDriver) -> Comment {
    Comment(rawValue: driver.problems.joined(separator: "\n"))
  }

  // MARK: - Items are conserved

  @Test("Items are conserved over 3,000 streams of bad input from people and the system")
  func itemsConservedUnderBadInput() async {
    let tally = Tally()
    let input = Self.badInputProfiles
    await seededPropertyCheck(
      count: 3_000, seed: "oNchosn+k39ShLqyZ/G9LiJg46lBz0LFzrkd2CNMSgI=", input: input
    ) { profile in
      let driver = Self.run(profile)
      tally.add(driver.stats)
      #expect(driver.problems.isEmpty, Self.report(driver))
      #expect(driver.harness.errors.isEmpty)
    }
    let stats = tally.value
    #expect(
      stats.commits > 2_000 && stats.cancels > 2_000 && stats.failures > 30,
      "\(stats) \(Self.shortTally)")
  }

  @Test(
    "No item is lost or duplicated when the app changes items, lies about geometry or fails (1,200)"
  )
  func itemsConservedUnderAppChanges() async {
    let tally = Tally()
    let input = Self.appChangeProfiles
    await seededPropertyCheck(
      count: 1_200, seed: "RDKcv8MG6R7I9TqeI2Z37fk43k58Izo/9726PEF01WU=", input: input
    ) { profile in
      let driver = Self.run(profile)
      tally.add(driver.stats)
      #expect(driver.problems.isEmpty, Self.report(driver))
    }
    #expect(tally.value.commits > 600, "\(tally.value) \(Self.shortTally)")
  }

  // MARK: - Inverses

  @Test(
    "Every emitted operation followed by its inverse is the identity on DragModel (800 streams)")
  func operationThenInverse() async {
    let tally = Tally()
    // Copy mode and drops into items, so that every kind of operation comes up; the check itself
    // runs in StreamDriver.apply for every operation of every stream of this suite.
    let input = Self.inverseProfiles
    await seededPropertyCheck(
      count: 800, seed: "2So+ifX7V91pFgpUQu8Uu252GqOW4vPf1MMIpobs+Lo=", input: input
    ) { profile in
      let driver = Self.run(profile)
      tally.add(driver.stats)
      var kinds = Set<String>()
      for case .apply(let operation) in driver.outputs.joined() {
        switch operation {
        case .move: kinds.insert("move")
        case .exchange: kinds.insert("exchange")
        case .copy: kinds.insert("copy")
        case .remove: kinds.insert("remove")
        case .insert: kinds.insert("insert")
        case .dropInto: kinds.insert("dropInto")
        case .takeOut: kinds.insert("takeOut")
        }
      }
      for kind in kinds { tally.count(kind) }
      #expect(driver.problems.isEmpty, Self.report(driver))
    }
    for kind in ["move", "exchange", "copy", "remove", "insert", "dropInto", "takeOut"] {
      #expect(
        tally[kind] > 10, "\(kind) operations came up in \(tally[kind]) streams \(Self.shortTally)")
    }
  }

  // MARK: - Cancel

  @Test(
    "Escape, pointer cancel, interruption or container removal restore the model (1,500 drags)"
  )
  func cancelRestores() async {
    let tally = Tally()
    let input = Self.cancelProfiles
    await seededPropertyCheck(
      count: 1_500, seed: "rcsaXoj2zHyjxDLRt0cqvQ4qhlngG5SVbJRGP2Rp6sw=", input: input
    ) { profile in
      _ = Self.cancelScenario(profile, tally: tally)
    }
    #expect(tally["cancelled"] > 900, "\(tally["cancelled"]) cancelled drags \(Self.shortTally)")
  }

  /// Lifts an item, drags it around among bad input and changes to the arena, cancels the drag
  /// one way or another, and checks that the model and the screen are as they were before the
  /// lift.
  @discardableResult
  static func cancelScenario(_ profile: StreamProfile, tally: Tally) -> StreamDriver {
    var random = SeededRandom(seed: profile.seed ^ 0xCA)
    var driver = StreamDriver(profile)
    var generator = DragStreamGenerator(profile)
    Self.warmUp(&driver, &generator, &random)
    let before = driver.model
    guard let lift = Self.lift(&driver, &generator, &random) else { return driver }
    var last = lift.point
    let began = driver.stats.began
    for _ in 0..<random.integer(in: 0...8) {
      let step = generator.duringDrag(
        driver, session: lift.session, kind: lift.kind, last: &last, calm: false)
      driver.perform(step)
    }
    // The same drag, still in progress (not another one begun since).
    let active =
      driver.engine.activeSessions.contains(lift.session) && driver.stats.began == began
    var cancels: [StreamInput] = [.key(.cancel, time: generator.time + 0.01), .interrupt]
    if case .pointer(let id) = lift.session {
      cancels.append(.pointer(PointerEvent(.cancel, at: last, time: generator.time, id: id)))
    }
    if let origin = driver.origins[lift.session] {
      cancels.append(.removeContainer(origin.container))
    }
    let cancel = random.pick(cancels)
    let mark = driver.outputs.count
    driver.perform(.input(cancel))
    if active {
      tally.count("cancelled")
      let cancelled = driver.outputs[mark].contains { effect in
        if case .event(.cancelled(lift.session, _)) = effect { return true }
        return false
      }
      #expect(cancelled, "\(cancel) did not cancel the drag")
      // An app that fails to apply the cancel keeps the live changes (the engine reports them as
      // a committed drop): there is no "before" to compare with then.
      let failed = driver.outputs[mark...].contains { effects in
        effects.contains { if case .event(.applicationFailed) = $0 { true } else { false } }
      }
      if failed {
        tally.count("cancel failed")
        #expect(driver.problems.isEmpty, Self.report(driver))
        return driver
      }
      // Only a drag still in progress when it is cancelled has this model to go back to: one
      // that ended early (its container removed, an app failure) was checked when it ended.
      #expect(driver.model == before, "\(cancel) left \(driver.model), before the lift: \(before)")
      for container in driver.engine.containers {
        #expect(container.geometry.items == before.items(in: container.id), "the screen")
      }
      #expect(driver.engine.activeSessions.isEmpty)
      #expect(driver.engine.presentation.sessions.isEmpty)
    }
    #expect(driver.problems.isEmpty, Self.report(driver))
    return driver
  }

  /// A few random gestures, so that drags start from varied states; then whatever is still
  /// going on is interrupted.
  static func warmUp(
    _ driver: inout StreamDriver, _ generator: inout DragStreamGenerator,
    _ random: inout SeededRandom
  ) {
    for _ in 0..<random.integer(in: 0...15) { driver.perform(generator.next(driver)) }
    driver.perform(.input(.interrupt))
    generator.gestures = []
  }

  /// Lifts a random item with a pointer (pressing and moving past the activation, or holding a
  /// touch) or with the keyboard; `nil` when the arena shows no item.
  static func lift(
    _ driver: inout StreamDriver, _ generator: inout DragStreamGenerator,
    _ random: inout SeededRandom
  ) -> (session: SessionID, kind: PointerKind, point: Point)? {
    generator.tick()
    if random.chance(0.3) {
      driver.perform(.input(.key(.lift(generator.liftable(driver)), time: generator.time)))
      return (.keyboard, .mouse, Point(x: 0, y: 0))
    }
    guard let (point, _) = generator.itemPoint(driver) else { return nil }
    let id = PointerID(random.integer(in: 0...2))
    let kind: PointerKind = random.chance(0.25) ? .touch : .mouse
    driver.perform(
      .input(.pointer(PointerEvent(.down, at: point, time: generator.time, id: id, kind: kind))))
    if kind == .touch {
      generator.time += 0.2
      driver.perform(.input(.tick(time: generator.time)))
      return (.pointer(id), kind, point)
    }
    generator.tick()
    let moved = Point(x: point.x + 6, y: point.y)
    driver.perform(.input(.pointer(PointerEvent(.move, at: moved, time: generator.time, id: id))))
    return (.pointer(id), kind, moved)
  }

  // MARK: - Drop on origin

  @Test(
    "A drag dropped back where it started changes nothing and did not move (1,000 drags)"
  )
  func dropOnOriginIsNoOp() async {
    let tally = Tally()
    let input = Self.originProfiles
    await seededPropertyCheck(
      count: 1_000, seed: "psR0LvLGTFKnZ5yCFfBiQiihelraLhhFzyJ4wUjrh9E=", input: input
    ) { profile in
      _ = Self.originScenario(profile, tally: tally)
    }
    #expect(
      tally["dropped home"] > 800, "\(tally["dropped home"]) drops at the origin \(Self.shortTally)"
    )
  }

  /// Lifts an item, drags it around, brings it back to where it started (by pointer, or by
  /// keyboard steps read from the proposal), drops it there and checks that nothing happened.
  @discardableResult
  static func originScenario(_ profile: StreamProfile, tally: Tally) -> StreamDriver {
    var random = SeededRandom(seed: profile.seed ^ 0x0D)
    var driver = StreamDriver(profile)
    var generator = DragStreamGenerator(profile)
    Self.warmUp(&driver, &generator, &random)
    let before = driver.model
    guard let lift = Self.lift(&driver, &generator, &random),
      let origin = driver.origins[lift.session],
      let item = driver.engine.draggedItem(for: lift.session)
    else { return driver }
    var last = lift.point
    let began = driver.stats.began
    for _ in 0..<random.integer(in: 0...6) {
      let step = generator.duringDrag(
        driver, session: lift.session, kind: lift.kind, last: &last, calm: true)
      driver.perform(step)
    }
    guard driver.engine.activeSessions.contains(lift.session), driver.stats.began == began
    else { return driver }
    let drop: StreamInput
    switch lift.session {
    case .pointer(let id):
      guard let geometry = driver.engine.container(origin.container)?.geometry else {
        return driver
      }
      let x = geometry.frame.midX
      var home =
        driver.profile.mode == .exchange
        ? ArenaPoints.slotCenter(origin.index, in: geometry, x: x)
        : ArenaPoints.finalIndexPoint(origin.index, dragging: item, in: geometry, x: x)
      // When the item's center decides, the pointer goes where it puts that center at home. The
      // grab offset is read with the pointer on the slot itself: after a move far away, the last
      // point and the ghost are too far apart for their difference to keep its precision.
      if driver.engine.configuration.strategy == .itemCenter {
        generator.tick()
        driver.perform(
          .input(
            .pointer(PointerEvent(.move, at: home, time: generator.time, id: id, kind: lift.kind))))
        if let ghost = driver.engine.presentation.sessions.first(where: {
          $0.session == lift.session
        }) {
          home = Point(
            x: home.x + home.x - ghost.ghostFrame.midX, y: home.y + home.y - ghost.ghostFrame.midY)
        }
      }
      generator.tick()
      driver.perform(
        .input(
          .pointer(PointerEvent(.move, at: home, time: generator.time, id: id, kind: lift.kind))))
      generator.tick()
      drop = .pointer(PointerEvent(.up, at: home, time: generator.time, id: id, kind: lift.kind))
    case .keyboard:
      let steered = Self.steer(&driver, &generator, to: origin)
      #expect(steered, "the keyboard could not bring \(item) back to \(origin)")
      drop = .key(.drop, time: generator.time)
    }
    let mark = driver.outputs.count
    driver.perform(.input(drop))
    let effects = driver.outputs[mark]
    tally.count("dropped home")
    let applied = effects.filter { if case .apply = $0 { return true } else { return false } }
    #expect(applied.isEmpty, "dropping \(item) at its origin applied \(applied)")
    #expect(effects.contains(.event(.didNotMove(lift.session, item))))
    #expect(effects.contains(.event(.dropped(lift.session, DragTransaction([])))))
    #expect(driver.model == before, "dropping at the origin left \(driver.model), not \(before)")
    #expect(driver.problems.isEmpty, Self.report(driver))
    return driver
  }

  /// Steps the keyboard drag back to `origin`, reading its target from the proposal.
  static func steer(
    _ driver: inout StreamDriver, _ generator: inout DragStreamGenerator, to origin: Slot
  ) -> Bool {
    for _ in 0..<80 {
      guard let proposal = driver.engine.proposal(for: .keyboard) else { return false }
      let target: Slot
      switch proposal.action {
      case .move(let slot), .copy(let slot), .exchange(_, let slot):
        target = slot
      case .none:
        guard let container = proposal.container, container != origin.container else {
          return true
        }
        target = Slot(container, 0)
      case .remove, .into:
        return false
      }
      let order = driver.engine.containers.map(\.id)
      guard let here = order.firstIndex(of: target.container),
        let home = order.firstIndex(of: origin.container)
      else { return false }
      let intent: KeyIntent<String> =
        here < home
        ? .nextContainer
        : here > home ? .previousContainer : target.index < origin.index ? .nextSlot : .previousSlot
      generator.tick()
      driver.perform(.input(.key(intent, time: generator.time)))
    }
    return false
  }

  // MARK: - Rules

  @Test(
    "No committed operation breaks the rules in force when it is committed (1,000 streams)"
  )
  func rulesAreNeverBroken() async {
    let tally = Tally()
    let input = Self.ruleProfiles
    await seededPropertyCheck(
      count: 1_000, seed: "ADGA1Iw8lH0+d6gJiV0YzAwDQWZlXSAkCpOSKcuCFlg=", input: input
    ) { profile in
      let driver = Self.run(profile)
      tally.add(driver.stats)
      #expect(driver.problems.isEmpty, Self.report(driver))
    }
    #expect(tally.value.ruleChecks > 500, "\(tally.value) \(Self.shortTally)")
  }

  // MARK: - A still pointer

  @Test("A pointer that stays where it is keeps its proposal, on drop and live (1,000 streams)")
  func stillPointerNeverOscillates() async {
    let tally = Tally()
    let input = Self.stillProfiles
    await seededPropertyCheck(
      count: 1_000, seed: "Z+fXw5m0DXLJa3dYEtCQY0a58yBlP2psHCKdeipUJTg=", input: input
    ) { profile in
      let driver = Self.run(profile)
      tally.add(driver.stats)
      #expect(driver.problems.isEmpty, Self.report(driver))
    }
    #expect(tally.value.stillChecks > 8_000, "\(tally.value) \(Self.shortTally)")
  }

  // MARK: - Replay

  @Test("Replaying a recorded stream reproduces every output exactly (500 streams)")
  func replayReproduces() async {
    let tally = Tally()
    let input = Self.replayProfiles
    await seededPropertyCheck(
      count: 500, seed: "T6xTdWe7EC1DjUnSOr64rq8XGfyt/gahEvgLWbz4Wqo=", input: input
    ) { profile in
      let driver = Self.run(profile)
      let replayed = driver.recording.replay(on: driver.initialEngine)
      tally.count("inputs", replayed.count)
      #expect(replayed.count == driver.outputs.count)
      let pairs = zip(replayed, driver.outputs).enumerated()
      if let index = pairs.first(where: { $0.element.0 != $0.element.1 })?.offset {
        let input = driver.recording.inputs[index]
        let difference = "replays to \(replayed[index]), not \(driver.outputs[index])"
        Issue.record("input \(index), \(input), \(difference)")
      }
      #expect(driver.problems.isEmpty, Self.report(driver))
    }
    #expect(tally["inputs"] > 15_000, "\(tally["inputs"]) inputs \(Self.shortTally)")
  }

  // MARK: - Concurrent pointers and selections

  @Test(
    "Concurrent pointers and selections: an item is in at most one drag, every operation applies"
  )
  func concurrentPointersAndSelections() async {
    let tally = Tally()
    let input = Self.concurrentSelectionProfiles
    await seededPropertyCheck(
      count: 1_200, seed: "Tcy1bKS3L2kkHn5Gpne6SpP9elxYDu/w+VU1jrLSdEM=", input: input
    ) { profile in
      // After every input the driver checks that no item is in two drags (checkOneDragPerItem),
      // that the model takes every operation (apply: the app never fails on purpose here), that
      // no item is lost or duplicated and the reference agrees (checkState), and that a cancel
      // or a drop ends where it must (observe).
      let driver = Self.run(profile)
      let stats = driver.stats
      tally.add(stats)
      if stats.overlapChecks > 0 {
        tally.count("overlapping")
        tally.count("overlapping \(profile.application)")
      }
      if stats.travellingPresses > 0 { tally.count("pressing") }
      if stats.concurrentOperations > 0 { tally.count("concurrent \(profile.mode)") }
      var kinds = Set<String>()
      for case .apply(let operation) in driver.outputs.joined() {
        kinds.insert(Self.kind(of: operation))
      }
      for kind in kinds { tally.count(kind) }
      #expect(driver.problems.isEmpty, Self.report(driver))
      #expect(
        driver.harness.errors.isEmpty,
        "the model refused operations the engine emitted: \(driver.harness.errors)")
    }
    let stats = tally.value
    let summary =
      "\(tally["overlapping"]) streams dragged a selection alongside another drag "
      + "(\(tally["overlapping live"]) live, \(tally["overlapping onDrop"]) on drop), "
      + "\(tally["pressing"]) pressed an item travelling with a selection; "
      + "\(stats.groupDrags) drags of a selection, \(stats.overlapChecks) checks with two drags "
      + "in progress one of them of a selection, \(stats.travellingPresses) presses of an item "
      + "travelling with a selection, \(stats.alreadyDragged) refused as already dragged; "
      + "\(stats.operations) operations, \(stats.concurrentOperations) of them with two drags "
      + "in progress (streams: \(tally["concurrent move"]) move, "
      + "\(tally["concurrent exchange"]) exchange, \(tally["concurrent copy"]) copy); streams "
      + "with a remove: \(tally["remove"]), a drop into an item: \(tally["dropInto"]); "
      + "\(stats.commits) commits, \(stats.cancels) cancels"
    print("Concurrent pointers and selections: \(summary)")
    #expect(
      tally["overlapping"] > 200 && tally["overlapping live"] > 80
        && tally["overlapping onDrop"] > 80 && tally["pressing"] > 150,
      "\(summary) \(Self.shortTally)")
    #expect(
      stats.groupDrags > 500 && stats.overlapChecks > 3_000 && stats.travellingPresses > 300,
      "\(summary) \(Self.shortTally)")
    #expect(
      stats.concurrentOperations > 1_200 && tally["concurrent move"] > 100
        && tally["concurrent exchange"] > 20 && tally["concurrent copy"] > 20
        && tally["remove"] > 20 && tally["dropInto"] > 15 && stats.commits > 500,
      "\(summary) \(Self.shortTally)")
  }

  /// The name of an operation's kind, for tallies.
  static func kind(of operation: DragOperation<String>) -> String {
    switch operation {
    case .move: "move"
    case .exchange: "exchange"
    case .copy: "copy"
    case .remove: "remove"
    case .insert: "insert"
    case .dropInto: "dropInto"
    case .takeOut: "takeOut"
    }
  }

  // MARK: - Live and on drop

  @Test(
    "A live drop ends in the model before the lift plus the dropped transaction (800 streams)"
  )
  func liveEndsLikeOnDrop() async {
    let tally = Tally()
    let input = Self.liveProfiles
    await seededPropertyCheck(
      count: 800, seed: "aGrCfpXMpz9oXA3s7VdjxZpoHYEhiK0r/0a+3Vc43T4=", input: input
    ) { profile in
      let driver = Self.run(profile)
      tally.add(driver.stats)
      #expect(driver.problems.isEmpty, Self.report(driver))
    }
    #expect(tally.value.liveChecks > 1_500, "\(tally.value) \(Self.shortTally)")
  }

  @Test(
    "The same keyboard drags commit the same transactions live and on drop (500 pairs)"
  )
  func keyboardLiveAndOnDropAgree() async {
    let tally = Tally()
    let input = Self.keyboardTwinProfiles
    await seededPropertyCheck(
      count: 500, seed: "b5ezCgP+h3RQ19h25mFij/ufJTfwLwl6KqxmACz1H/U=", input: input
    ) { profile in
      var random = SeededRandom(seed: profile.seed ^ 0x0B)
      let items = profile.columns.flatMap { $0 } + ["nobody"]
      var inputs: [StreamInput] = []
      var time = 0.0
      for _ in 0..<random.integer(in: 1...6) {
        time += 0.1
        inputs.append(.key(.lift(random.pick(items)), time: time))
        for _ in 0..<random.integer(in: 0...8) {
          time += 0.1
          let intents: [KeyIntent<String>] = [
            .nextSlot, .nextSlot, .previousSlot, .nextContainer, .previousContainer,
          ]
          inputs.append(.key(random.pick(intents), time: time))
        }
        inputs.append(.key(random.chance(0.8) ? .drop : .cancel, time: time))
        if random.chance(0.2) { inputs.append(random.chance(0.6) ? .undo : .redo) }
      }
      var transactions: [[DragTransaction<String>]] = []
      var models: [DragModel<String>] = []
      for application in OperationTiming.allCases {
        var twin = profile
        twin.application = application
        var driver = StreamDriver(twin)
        for input in inputs { driver.perform(.input(input)) }
        driver.finish()
        #expect(driver.problems.isEmpty, Self.report(driver))
        transactions.append(
          driver.outputs.joined().compactMap { effect in
            if case .event(.dropped(_, let transaction)) = effect { return transaction }
            return nil
          })
        models.append(driver.model)
      }
      tally.count("commits", transactions[0].filter { !$0.operations.isEmpty }.count)
      #expect(transactions[0] == transactions[1], "the committed transactions differ")
      #expect(models[0] == models[1], "live ends in \(models[1]), on drop in \(models[0])")
    }
    #expect(tally["commits"] > 300, "\(tally["commits"]) commits \(Self.shortTally)")
  }
}

/// The smallest streams found by the properties above that break them, kept as plain examples so
/// that each failure reads in a few lines.
@Suite struct DragPropertyCounterexamples {
  typealias H = DragHarness

  static func configuration(
    _ mode: DragMode, _ application: OperationTiming, concurrent: Bool = false
  ) -> DragConfiguration {
    var configuration = DragConfiguration()
    configuration.mode = mode
    configuration.operationTiming = application
    configuration.allowsConcurrentDrags = concurrent
    return configuration
  }

  static func pointer(_ phase: PointerPhase, _ x: Double, _ y: Double, _ time: Double, id: Int)
    -> StreamInput
  {
    .pointer(PointerEvent(phase, at: Point(x: x, y: y), time: time, id: PointerID(id)))
  }

  /// Replays every operation the harness was given on a reference arena; the problems, if any.
  static func replayProblems(_ harness: DragHarness, from columns: [[String]]) -> [String] {
    var reference = ReferenceArena(columns)
    return harness.operations.compactMap { operation in
      reference.apply(operation).map { "\(operation): \($0)" }
    }
  }

  @Test(
    "A live exchange taken back home proposes nothing while containers are reported one by one"
  )
  func liveExchangeBackHome() {
    // b0 (column 1) is dragged onto a0 (column 0) and back. The harness reports column 0 first;
    // at that moment column 1 still shows a0 in b0's origin slot.
    let columns = [["a0"], ["b0"]]
    var harness = H(
      columns: [("A", columns[0]), ("B", columns[1])],
      configuration: Self.configuration(.exchange, .live))
    harness.send(H.pointer(.down, 150, 5, 0))
    harness.send(H.pointer(.move, 156, 5, 0.1))
    harness.send(H.pointer(.move, 50, 5, 0.2))
    #expect(harness.items(0) == ["b0"])
    harness.send(H.pointer(.move, 150, 5, 0.3))
    let release = harness.send(H.pointer(.up, 150, 5, 0.4))
    #expect(release.contains(.event(.dropped(.pointer(PointerID(0)), DragTransaction([])))))
    #expect(Self.replayProblems(harness, from: columns) == [])
    #expect(harness.items(0) == ["a0"] && harness.items(1) == ["b0"])
  }

  @Test("Two live drags in one column keep each other's live operations in step")
  func concurrentLiveDrags() {
    let columns = [["a", "b", "c", "d"]]
    var harness = H(
      columns: [("A", columns[0])],
      configuration: Self.configuration(.move, .live, concurrent: true))
    harness.send(Self.pointer(.down, 50, 5, 0, id: 0))
    harness.send(Self.pointer(.move, 56, 5, 0.1, id: 0))
    harness.send(Self.pointer(.down, 50, 35, 0.2, id: 1))
    harness.send(Self.pointer(.move, 56, 35, 0.3, id: 1))
    harness.send(Self.pointer(.move, 50, 28, 0.4, id: 0))  // a to index 2
    #expect(harness.items(0) == ["b", "c", "a", "d"])
    // d to index 0; reporting the new column makes pointer 0 re-aim at a's place, index 3.
    harness.send(Self.pointer(.move, 50, 2, 0.5, id: 1))
    #expect(harness.items(0) == ["d", "b", "c", "a"])
    // Every operation, including those answering the geometry report, names a's real place.
    #expect(Self.replayProblems(harness, from: columns) == [])
  }

  @Test("An app that fails to apply the operations of a cancel is answered with applicationFailed")
  func failureDuringCancelIsReported() {
    var rules = DragRules<String>()
    rules.copyID = { "\($0) copy" }
    var harness = H(
      columns: [("A", ["a"]), ("B", ["b"])], configuration: Self.configuration(.copy, .live),
      rules: rules)
    harness.send(H.pointer(.down, 50, 5, 0))
    harness.send(H.pointer(.move, 56, 5, 0.1))
    harness.send(H.pointer(.move, 150, 12, 0.2))
    #expect(harness.items(1) == ["b", "a copy"])
    let cancel = harness.engine.handle(.interrupt)
    #expect(cancel.contains(.apply(.remove("a copy", from: Slot(ContainerID(1), 1)))))
    // The app could not remove the live copy and says so.
    let answer = harness.engine.handle(.applicationFailed(applied: 0, message: "read-only"))
    #expect(answer.contains(.event(.applicationFailed(message: "read-only"))))
  }

  @Test("A keyboard drop on a delete zone does not remove an item that canRemove now refuses")
  func keyboardRemovalRechecksTheRule() {
    var harness = H(columns: [("A", ["a", "b"]), ("Trash", [])])
    var containers = harness.engine.containers
    containers[1] = ArenaContainer(
      id: containers[1].id, name: "Trash", geometry: containers[1].geometry, isDeleteZone: true)
    harness.engine = StreamEngine(containers: containers)
    harness.send(.key(.lift("a"), time: 0))
    harness.send(.key(.nextContainer, time: 0.1))
    #expect(harness.engine.proposal(for: .keyboard)?.action == .remove)
    var rules = DragRules<String>()
    rules.canRemove = { _, _ in .refuse("archived items stay") }
    harness.engine.rules = rules
    harness.send(.key(.drop, time: 0.2))
    #expect(harness.items(0) == ["a", "b"])
  }

  @Test("A drop into an item that canDropInto now refuses does not put the item inside it")
  func dropIntoRechecksTheRule() {
    var rules = DragRules<String>()
    rules.canDropInto = { _, _ in .allow }
    var harness = H(columns: [("A", ["a"]), ("B", ["b"])], rules: rules)
    harness.send(H.pointer(.down, 150, 5, 0))
    harness.send(H.pointer(.move, 156, 5, 0.1))
    harness.send(H.pointer(.move, 50, 5, 0.2))
    #expect(
      harness.engine.proposal(for: .pointer(PointerID(0)))?.action
        == .into("a", at: Slot(ContainerID(0), 0)))
    rules.canDropInto = { _, _ in .refuse("not a folder any more") }
    rules.canDrop = { _, _, _, _ in .refuse("column A is closed") }
    harness.engine.rules = rules
    harness.send(H.pointer(.up, 50, 5, 0.3))
    #expect(harness.model.contents.isEmpty)
    #expect(harness.items(1) == ["b"])
  }

  @Test("Two exchange drags aiming at the same item never commit an exchange with a stale slot")
  func concurrentExchangesOfOneItem() {
    let columns = [["a", "b", "c"]]
    var harness = H(
      columns: [("A", columns[0])],
      configuration: Self.configuration(.exchange, .onDrop, concurrent: true))
    harness.send(Self.pointer(.down, 50, 5, 0, id: 0))
    harness.send(Self.pointer(.move, 56, 5, 0.1, id: 0))
    harness.send(Self.pointer(.move, 50, 15, 0.2, id: 0))  // a over b
    harness.send(Self.pointer(.down, 50, 25, 0.3, id: 1))
    harness.send(Self.pointer(.move, 56, 25, 0.4, id: 1))
    harness.send(Self.pointer(.move, 50, 15, 0.5, id: 1))  // c over b
    harness.send(Self.pointer(.move, 50, 150, 0.6, id: 1))  // a gap keeps the exchange
    harness.send(Self.pointer(.up, 50, 15, 0.7, id: 0))  // a and b swap
    #expect(harness.items(0) == ["b", "a", "c"])
    harness.send(Self.pointer(.up, 50, 150, 0.8, id: 1))
    #expect(harness.errors.isEmpty, "\(harness.errors)")
    #expect(Self.replayProblems(harness, from: columns) == [])
  }
}
