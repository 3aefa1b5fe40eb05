import ArrangeDragDrop
import ArrangeGeometry
import ArrangeTestSupport
import Synchronization

// A random input-stream generator for the drag engine. The app it talks to is in
// StreamDriver.swift, the reference model the properties in DragPropertyTests.swift are checked
// against in StreamReference.swift, the rules in StreamRules.swift. Nothing here calls the
// engine's own index math: expected positions come from plain arrays and from the layout the tests
// choose (items `ArenaPoints.itemLength` long, stacked from the top of each column).

typealias StreamEngine = DragEngine<ListGeometry<String>>
typealias StreamInput = DragInput<ListGeometry<String>>
typealias StreamEffect = DragEffect<String>

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

  /// A point on `item` where the arena shows it, or `nil` when no container shows it.
  mutating func point(on item: String, _ driver: StreamDriver) -> Point? {
    for container in driver.engine.containers {
      let geometry = container.geometry
      guard let index = geometry.items.firstIndex(of: item) else { continue }
      let top = ArenaPoints.top(of: index, in: geometry)
      let x = geometry.frame.minX + geometry.frame.width * Double(random.integer(in: 5...95)) / 100
      let y = top + ArenaPoints.itemLength * Double(random.integer(in: 5...95)) / 100
      return Point(x: x, y: y)
    }
    return nil
  }

  /// The items travelling in the drags in progress: what each carries, and the rest of the
  /// selection it carries with it.
  func travelling(_ driver: StreamDriver, groupsOnly: Bool) -> [String] {
    driver.engine.presentation.sessions.flatMap { session in
      groupsOnly && session.companions.isEmpty ? [] : [session.item] + session.companions
    }
  }

  /// An item for a press that puts two drags in each other's way: a member of a selection being
  /// dragged, else a selected item (which lifts the selection), else an item being dragged.
  mutating func aimedItem(_ driver: StreamDriver) -> String? {
    let grouped = travelling(driver, groupsOnly: true)
    if !grouped.isEmpty && random.chance(0.7) { return random.pick(grouped) }
    let selected = driver.engine.selection
    if !selected.isEmpty && random.chance(0.8) { return random.pick(selected) }
    let carried = travelling(driver, groupsOnly: false)
    return carried.isEmpty ? nil : random.pick(carried)
  }

  /// A new selection with one or two of the items being dragged and a few others, so that a
  /// drag that began alone finds its item in the selection another press lifts.
  mutating func selectionTakingIn(_ driver: StreamDriver) -> [String] {
    let dragged = travelling(driver, groupsOnly: false).shuffled(using: &random)
    let others = driver.model.allItems.shuffled(using: &random)
    var chosen: [String] = []
    for item in dragged.prefix(random.integer(in: 1...2)) + others.prefix(random.integer(in: 1...3))
    where !chosen.contains(item) {
      chosen.append(item)
    }
    return chosen.shuffled(using: &random)
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
    if profile.reselects > 0 && !gestures.isEmpty && random.chance(profile.reselects) {
      return .input(.setSelection(selectionTakingIn(driver)))
    }
    let canStart = gestures.isEmpty || (profile.concurrent && gestures.count < 3)
    if canStart && (gestures.isEmpty || random.chance(profile.overlaps)) {
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
    gestures.append(
      Gesture(source: .pointer(id, kind), moves: random.integer(in: 0...profile.gestureMoves)))
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
        if profile.pressesTravelling > 0, random.chance(profile.pressesTravelling),
          let item = aimedItem(driver), let point = point(on: item, driver)
        {
          gesture.point = point
          return event(.down, point)
        }
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
      if profile.pressesTravelling > 0, random.chance(profile.pressesTravelling),
        let item = aimedItem(driver)
      {
        return .input(.key(.lift(item), time: time))
      }
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
    if profile.spuriousFailures { kinds.append((2, 16)) }
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
      default: return .setApplication(random.pick(OperationTiming.allCases))
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
