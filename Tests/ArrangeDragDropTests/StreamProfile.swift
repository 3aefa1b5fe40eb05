import ArrangeDragDrop
import ArrangeGeometry
import ArrangeTestSupport
import Synchronization

// What a random drag stream may contain, and the steps it is made of.

// MARK: - Profiles

/// Everything one random stream is made of, printed when a property fails.
struct StreamProfile: Sendable, CustomStringConvertible {
  var seed: UInt64
  var mode: DragMode
  var application: OperationTiming
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
  /// The share of steps during gestures at which the selection changes, taking in items being
  /// dragged (so that a later press lifts a selection that holds them).
  var reselects = 0.0
  /// The share of steps, while gestures are in progress, at which another one starts (when
  /// `concurrent`).
  var overlaps = 0.15
  /// The share of presses and keyboard lifts aimed at an item that travels in a drag in progress
  /// or is selected: pointer 2 pressing a member of the selection pointer 1 drags.
  var pressesTravelling = 0.0
  /// The most moves a pointer gesture makes between its activation and its end.
  var gestureMoves = 7
  /// Whether the app now and then reports a failure when it was given nothing to apply.
  var spuriousFailures = true
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
  init(seed: UInt64, mode: DragMode, application: OperationTiming, strategy: TargetStrategy) {
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
    if !spuriousFailures { flags.append("no spurious failures") }
    if selects > 0 { flags.append("selects \(selects)") }
    if reselects > 0 { flags.append("reselects \(reselects)") }
    if overlaps != 0.15 { flags.append("overlaps \(overlaps)") }
    if pressesTravelling > 0 { flags.append("presses travelling \(pressesTravelling)") }
    if gestureMoves != 7 { flags.append("gesture moves \(gestureMoves)") }
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
  case setApplication(OperationTiming)
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
