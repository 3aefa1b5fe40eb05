import ArrangeTestSupport
import Testing

@testable import ArrangeBoard

/// The history keeps what changed between versions (``BoardDifference``), not whole documents:
/// each difference must give back exactly the version it was taken to, and cost what changed.
@Suite("Board differences")
struct BoardDifferenceTests {
  /// Where two documents differ ("" when they are equal): said in a line, not printed whole.
  static func differences(_ a: BoardDocument?, _ b: BoardDocument) -> String {
    guard let a else { return "nothing given back" }
    var found: [String] = []
    if a.preamble != b.preamble { found.append("preamble") }
    if a.sections != b.sections { found.append("sections") }
    if a.columnSections != b.columnSections { found.append("columnSections") }
    if a.shownColumns != b.shownColumns { found.append("columns") }
    if a.positions != b.positions { found.append("positions") }
    if a.archive != b.archive { found.append("archive") }
    if a.nextID != b.nextID { found.append("nextID") }
    if a != b && found.isEmpty { found.append("other fields") }
    return found.joined(separator: ", ")
  }

  /// A random edit of `document`'s cards and columns (one that may be refused).
  static func randomEdit(of document: BoardDocument, _ random: inout SeededRandom) -> BoardEdit {
    let cards = document.columns.flatMap(\.cards).map(\.id)
    let columns = document.columns.count
    let card = cards.isEmpty ? CardID(0) : random.pick(cards)
    let column = random.integer(in: 0...max(0, columns - 1))
    switch random.integer(in: 0...13) {
    case 0...4:
      let count =
        document.columns.indices.contains(column) ? document.columns[column].cards.count : 0
      return .moveCard(card, column: column, index: random.integer(in: 0...count))
    case 5: return .exchangeCards(card, cards.isEmpty ? card : random.pick(cards))
    case 6: return .addCard(title: "New \(random.integer(in: 0...999))", column: column, index: nil)
    case 7: return .setTitle(card, "Title \(random.integer(in: 0...999))")
    case 8: return .removeCard(card)
    case 9: return .setDone(card, random.chance(0.5))
    case 10: return .addSubtask(card, title: "step \(random.integer(in: 0...9))")
    case 11: return .setDescription(card, ["line \(random.integer(in: 0...9))"])
    case 12: return .moveColumn(from: column, to: random.integer(in: 0...max(0, columns - 1)))
    default:
      return random.chance(0.5)
        ? .addColumn(title: "Col \(random.integer(in: 0...99))", at: nil)
        : .removeColumn(column, withCards: random.chance(0.5))
    }
  }

  static let start = """
    # Plans

    ## To Do

    - Alpha
    - Beta
        > a detail
    - Gamma

    ## Doing

    - Delta

    ## Done

    - Epsilon
    - Zeta

    """

  @Test("Between any two versions, the difference gives back exactly the later one (300 seeds)")
  func differencesRoundTrip() throws {
    for seed in UInt64(1)...300 {
      var random = SeededRandom(seed: seed)
      var versions = [try BoardDocument.parse(Array(Self.start.utf8))]
      for _ in 0..<12 {
        var next = versions[versions.count - 1]
        _ = try? next.apply(Self.randomEdit(of: next, &random))
        versions.append(next)
      }
      for _ in 0..<10 {
        let a = random.pick(versions)
        let b = random.pick(versions)
        let restored = BoardDifference(from: a, to: b).applied(to: a)
        #expect(Self.differences(restored, b) == "", "seed \(seed)")
        #expect(restored?.serialized() == b.serialized(), "seed \(seed)")
      }
    }
  }

  /// A board of `columns` columns of `perColumn` cards.
  static func bigBoard(columns: Int, perColumn: Int) throws -> BoardDocument {
    var text = ""
    for column in 0..<columns {
      text += "## Column \(column)\n\n"
      for card in 0..<perColumn { text += "- Card \(column)-\(card) with a title of some length\n" }
      text += "\n"
    }
    return try BoardDocument.parse(Array(text.utf8))
  }

  @Test("A move on a board of 20,000 cards costs the history under a kilobyte")
  func moveIsSmall() throws {
    let board = try Self.bigBoard(columns: 4, perColumn: 5000)
    let ids = board.columns.map { $0.cards.map(\.id) }
    let moves: [BoardEdit] = [
      .moveCard(ids[0][10], column: 0, index: 4990),  // far down its own column
      .moveCard(ids[1][4000], column: 1, index: 3),  // far up its own column
      .moveCard(ids[2][2500], column: 3, index: 2500),  // into another column
      .exchangeCards(ids[0][1], ids[3][4999]),
    ]
    for edit in moves {
      var moved = board
      try moved.apply(edit)
      let back = BoardDifference(from: moved, to: board)
      #expect(back.bytes < 1024, "\(edit): \(back.bytes) bytes")
      #expect(Self.differences(back.applied(to: moved), board) == "", "\(edit)")
      let forth = BoardDifference(from: board, to: moved)
      #expect(forth.bytes < 1024, "\(edit): \(forth.bytes) bytes")
      #expect(Self.differences(forth.applied(to: board), moved) == "", "\(edit)")
    }
  }

  @Test("A difference applied to a board of another shape gives nothing, and never traps")
  func wrongSource() throws {
    let board = try Self.bigBoard(columns: 3, perColumn: 4)
    var smaller = board
    try smaller.apply(.removeColumn(2, withCards: true))
    try smaller.apply(.removeCard(smaller.columns[0].cards[3].id))
    var moved = board
    try moved.apply(.moveCard(board.columns[2].cards[3].id, column: 2, index: 0))
    let difference = BoardDifference(from: board, to: moved)
    #expect(difference.applied(to: smaller) == nil, "a board was given back")
  }

  @Test("Undo and redo through 500 moves: each version exactly, in under 500 KB")
  func sessionHistoryOfMoves() throws {
    let board = try Self.bigBoard(columns: 4, perColumn: 500)
    let disk = MemoryDisk(String(decoding: board.serialized(), as: UTF8.self))
    var session = BoardSession(document: board, storage: MemoryStorage(disk))
    var random = SeededRandom(seed: 42)
    var versions = [board]
    var step = 0
    while versions.count <= 500 {
      var edited = session.document
      let column = random.integer(in: 0...3)
      let card = random.pick(edited.columns[random.integer(in: 0...3)].cards).id
      let count = edited.columns[column].cards.count
      try edited.apply(.moveCard(card, column: column, index: random.integer(in: 0...count - 1)))
      // A card put back where it was is no change (and no step of the history).
      guard edited != session.document else { continue }
      _ = session.commit(edited, changing: [card], describing: "step \(step)", at: 0)
      versions.append(session.document)
      step += 1
    }
    let bytes = session.undoStack.reduce(0) { $0 + $1.bytes }
    #expect(session.undoStack.count == 500)
    #expect(bytes < 500 * 1024, "\(bytes) bytes for 500 moves")
    for back in 1...500 {
      _ = session.undo(at: 0)
      let wrong = Self.differences(session.document, versions[500 - back])
      #expect(wrong == "", "undo \(back)")
      if !wrong.isEmpty { return }
    }
    for forth in 1...500 {
      _ = session.redo(at: 0)
      let wrong = Self.differences(session.document, versions[forth])
      #expect(wrong == "", "redo \(forth)")
      if !wrong.isEmpty { return }
    }
  }

  @Test("Random edits, undone and redone in random order, give back each version (60 seeds)")
  func sessionRandomTravel() throws {
    for seed in UInt64(1)...60 {
      var random = SeededRandom(seed: seed)
      var session = BoardSession(
        document: try BoardDocument.parse(Array(Self.start.utf8)),
        storage: MemoryStorage(MemoryDisk(Self.start)))
      // The versions along the current line of history, and where the session is on it.
      var line = [session.document]
      var at = 0
      for step in 0..<40 {
        switch random.integer(in: 0...4) {
        case 4:
          // A change with no words of its own: undo takes it back with the one before.
          var edited = session.document
          _ = try? edited.apply(Self.randomEdit(of: edited, &random))
          _ = session.commit(edited, at: 0)
          line[at] = edited
        case 0:
          _ = session.undo(at: 0)
          at = max(0, at - 1)
        case 1:
          _ = session.redo(at: 0)
          at = min(line.count - 1, at + 1)
        default:
          var edited = session.document
          guard (try? edited.apply(Self.randomEdit(of: edited, &random))) != nil,
            edited != session.document
          else { continue }
          _ = session.commit(edited, describing: "step \(step)", at: 0)
          line = Array(line[...at]) + [edited]
          at += 1
        }
        let wrong = Self.differences(session.document, line[at])
        #expect(wrong == "", "seed \(seed) step \(step)")
        if !wrong.isEmpty { break }
      }
    }
  }
}
