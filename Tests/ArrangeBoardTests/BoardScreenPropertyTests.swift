import ArrangeTerminal
import ArrangeTerminalDrag
import ArrangeTestSupport
import Testing

@testable import ArrangeBoard
@testable import ArrangeBoardTerminal

/// Random people at the board: keys (card details, search and column keys too), pastes, clicks,
/// drags, wheel turns, resizes (down to nothing), outside edits and polls, in any order and at
/// any coordinates.
@Suite struct BoardScreenPropertyTests {
  static let keys: [Key] = [
    .character(" "), .character("x"), .character("u"), .character("r"), .character("a"),
    .character("e"), .character("D"), .character("R"), .character("W"), .character("?"),
    .character("h"), .character("j"), .character("k"), .character("l"), .character("g"),
    .character("G"), .character("ü"), .character("日"), .up, .down, .left, .right, .enter,
    .escape, .backspace, .delete, .home, .end, .tab, .pageUp, .character("/"),
    .character("C"), .character("E"), .character("X"), .character("<"), .character(">"),
    .character("t"), .character("A"), .character("J"), .character("K"), .character("@"),
    .character("d"),
  ]

  /// Keys that never add or remove a card by themselves.
  static func keepsCards(_ key: Key) -> Bool {
    switch key {
    case .character("D"), .character("u"), .character("r"), .character("R"), .character("X"),
      .enter:
      return false
    default: return true
    }
  }

  static func randomEvent(_ random: inout SeededRandom, size: (Int, Int)) -> TerminalEvent {
    let column = random.integer(in: -3...(size.0 + 3))
    let row = random.integer(in: -3...(size.1 + 3))
    switch random.integer(in: 0...9) {
    case 0...3:
      return .key(random.pick(keys), random.chance(0.1) ? .control : [])
    case 4:
      return .paste(random.pick(["Nouvelle tâche", "日本語\nのタスク", "👩‍👩‍👧\t✨", "", "\u{1B}[A"]))
    case 5:
      return .resize(columns: random.integer(in: 0...90), rows: random.integer(in: 0...30))
    default:
      let action = random.pick([
        MouseAction.press, .motion, .motion, .motion, .release, .wheelUp, .wheelDown,
      ])
      return .mouse(
        MouseEvent(action, random.chance(0.9) ? .left : .right, column: column, row: row))
    }
  }

  @Test(
    "Any stream of events: no crash, the lists show the document, and the file holds it",
    arguments: 0..<80)
  func randomStreams(_ seed: UInt64) throws {
    var random = SeededRandom(seed: 0xB0A2_D5C2 &+ seed)
    let text = """
      # Board

      ## To Do

      - Alpha
      - Beta
          > details
          * [ ] one
      - 日本語のタスク ✨

      ## Doing

      - Delta

      ## Done

      ## Later

      - Émile’s café ☕️

      """
    var harness = try BoardScreenTests.Harness(text, columns: 60, rows: 14)
    var size = (60, 14)
    for _ in 0..<250 {
      let event = Self.randomEvent(&random, size: size)
      if case .resize(let columns, let rows) = event {
        size = (columns, rows)
        harness.buffer = CellBuffer(columns: columns, rows: rows)
      }
      if random.chance(0.03) {
        // Another program edits the file; a poll may follow.
        let edited = harness.disk.text.map { $0 + "- Outside \(random.integer(in: 0...9))\n" }
        harness.disk.bytes = edited.map { Array($0.utf8) }
      }
      if random.chance(0.1) { _ = harness.screen.poll(at: harness.time) }
      if random.chance(0.05) { harness.time += 0.5 }
      let isPrompting = harness.screen.prompt != nil
      // A change saved now takes in another program's edit first, with its cards.
      let isOutsideEditPending = harness.screen.storage.known != harness.disk.bytes
      let before = harness.screen.document.columns.map(\.cards.count).reduce(0, +)
      harness.send(event)
      let screen = harness.screen
      // The lists show the document's cards, or those the search finds.
      #expect(
        screen.lists.arena.lists.map(\.items)
          == screen.document.columns.map { $0.cards.filter(screen.matchesSearch).map(\.id) })
      if !screen.hasUnsavedChanges, screen.storage.known == harness.disk.bytes {
        #expect(harness.disk.bytes == screen.document.serialized())
      }
      let after = screen.document.columns.map(\.cards.count).reduce(0, +)
      if isOutsideEditPending {
        continue
      } else if case .key(let key, _) = event, !isPrompting, Self.keepsCards(key) {
        #expect(after == before, "\(event) changed the number of cards")
      } else if case .mouse = event {
        #expect(after == before, "\(event) changed the number of cards")
      }
    }
  }
}
