import ArrangeBoard
import ArrangeTestSupport
import Foundation
import Testing

@testable import ArrangeServe

/// A snapshot takes the JSON of the cards that did not change from the one before it: what it
/// sends must be exactly what a snapshot made from nothing sends.
@Suite("Board snapshots")
struct BoardSnapshotTests {
  static let boards = [
    """
    ## To Do

    - Alpha
        > about alpha
        * [ ] one step
    - Beta
        @ 2026-12-01

    ## Done

    - Gamma

    """,
    """
    ---
    kanban-plugin: board
    ---

    ## Backlog

    - [ ] Order stickers @{2026-12-05}
    - [ ] Write #docs

    ## Done

    **Complete**
    - [x] Ship it


    """,
  ]

  /// A random edit of a card or column of `document`.
  static func edit(of document: BoardDocument, _ random: inout SeededRandom) -> BoardEdit {
    let cards = document.columns.flatMap(\.cards).map(\.id)
    let card = cards.isEmpty ? CardID(0) : random.pick(cards)
    let column = random.integer(in: 0...document.columns.count - 1)
    switch random.integer(in: 0...8) {
    case 0, 1:
      return .moveCard(
        card, column: column, index: random.integer(in: 0...document.columns[column].cards.count))
    case 2: return .setTitle(card, random.pick(["New", "Due @{2026-12-24}", "<b>&", "Write #x"]))
    case 3: return .setDescription(card, [random.pick(["a", "b <c>", ""])])
    case 4: return .addSubtask(card, title: "step")
    case 5: return .setDone(card, random.chance(0.5))
    case 6: return .setDue(card, random.chance(0.5) ? "2026-12-0\(random.integer(in: 1...9))" : nil)
    case 7: return .addCard(title: "Added", column: column, index: 0)
    default: return .removeCard(card)
    }
  }

  @Test("Snapshots made from the one before equal snapshots made afresh (2 boards × 40 seeds)")
  func chainedEqualsFresh() throws {
    let folder = NSTemporaryDirectory() + "arrange-snapshots-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    for (number, text) in Self.boards.enumerated() {
      for seed in UInt64(1)...40 {
        let path = folder + "/board-\(number)-\(seed).md"
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        var shared = try BoardServer.open(path, notice: { _ in })
        var random = SeededRandom(seed: seed)
        var chained = BoardSnapshot(shared, message: nil, serial: 1)
        for step in 2...25 {
          let edit = Self.edit(of: shared.document, &random)
          _ = shared.perform([edit], madeOn: shared.version, at: Double(step))
          chained = BoardSnapshot(shared, message: nil, serial: step, previous: chained)
          let fresh = BoardSnapshot(shared, message: nil, serial: step)
          #expect(chained.bytes == fresh.bytes, "board \(number), seed \(seed), step \(step)")
        }
      }
    }
  }

  /// The board `patch` makes of `base` (both parsed JSON), read by this test's own rule: a
  /// number is base's card at that place, `[p, n]` the `n` cards from place `p`, an object a
  /// card as it is.
  static func applied(_ patch: [String: Any], to base: [String: Any]) throws -> [String: Any] {
    let baseColumns = try #require(base["columns"] as? [[String: Any]])
    let cards = baseColumns.flatMap { ($0["cards"] as? [Any]) ?? [] }
    var board = try #require(patch["head"] as? [String: Any])
    board["archive"] = patch["archive"]
    var columns: [[String: Any]] = []
    for column in try #require(patch["columns"] as? [[String: Any]]) {
      var made = column
      var list: [Any] = []
      for item in try #require(column["cards"] as? [Any]) {
        if let pair = item as? [Int] {
          try #require(pair.count == 2 && pair[1] >= 2)
          list += cards[pair[0]..<pair[0] + pair[1]]
        } else if let place = item as? Int {
          list.append(cards[place])
        } else {
          list.append(item)
        }
      }
      made["cards"] = list
      columns.append(made)
    }
    board["columns"] = columns
    return board
  }

  /// A parsed board as JSON with its keys sorted, to compare two.
  static func canonical(_ board: [String: Any]) throws -> Data {
    try JSONSerialization.data(withJSONObject: board, options: [.sortedKeys])
  }

  static func parsed(_ bytes: [UInt8]) throws -> [String: Any] {
    try #require(try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any])
  }

  /// A temporary folder for the test's boards, and a taskell board of three columns of
  /// `perColumn` cards titled "Card C-K" and `tail`.
  static func folderAndBoard(_ name: String, perColumn: Int, tail: String = "") throws -> (
    folder: String, text: String
  ) {
    let folder = NSTemporaryDirectory() + "arrange-\(name)-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    var text = ""
    for column in 1...3 {
      text += "## Column \(column)\n\n"
      for card in 1...perColumn { text += "- Card \(column)-\(card)\(tail)\n" }
      text += "\n"
    }
    return (folder, text)
  }

  @Test("A patch of an earlier snapshot, runs of places as pairs, makes the newer one (20 seeds)")
  func patchesMakeTheNewerBoard() throws {
    // A board of 120 cards in three columns, so that runs are long.
    let (folder, text) = try Self.folderAndBoard("patches", perColumn: 40)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    var pairs = 0
    for seed in UInt64(1)...20 {
      let path = folder + "/board-\(seed).md"
      try Data(text.utf8).write(to: URL(fileURLWithPath: path))
      var shared = try BoardServer.open(path, notice: { _ in })
      var random = SeededRandom(seed: seed)
      var history = [BoardSnapshot(shared, message: nil, serial: 1)]
      for step in 2...12 {
        let edit = Self.edit(of: shared.document, &random)
        _ = shared.perform([edit], madeOn: shared.version, at: Double(step))
        let made = BoardSnapshot(shared, message: nil, serial: step, previous: history.last)
        // From the one before, and from one a few versions back.
        for base in [history.last!, history[max(0, history.count - 4)]] {
          let patch = made.patch(from: base)
          pairs += String(decoding: patch, as: UTF8.self).components(separatedBy: ",[").count - 1
          let board = try Self.applied(Self.parsed(patch), to: Self.parsed(base.bytes))
          let expected = try Self.parsed(made.bytes)
          #expect(
            try Self.canonical(board) == Self.canonical(expected),
            "seed \(seed), step \(step), base \(base.serial)")
        }
        history.append(made)
      }
    }
    #expect(pairs > 400, "runs of unchanged cards are sent as pairs")
  }

  @Test("A move on a board of 30,000 cards is a patch of a few hundred bytes")
  func aMoveIsSmall() throws {
    let (folder, text) = try Self.folderAndBoard(
      "patch-size", perColumn: 10_000, tail: " with a title of some length")
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = folder + "/board.md"
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    var shared = try BoardServer.open(path, notice: { _ in })
    let before = BoardSnapshot(shared, message: nil, serial: 1)
    let card = shared.document.columns[0].cards[5_000].id
    _ = shared.perform([.moveCard(card, column: 2, index: 7_000)], madeOn: shared.version, at: 2)
    let after = BoardSnapshot(shared, message: nil, serial: 2, previous: before)
    let patch = after.patch(from: before)
    #expect(before.bytes.count > 1_000_000)
    #expect(patch.count < 600, "\(patch.count) bytes")
    let board = try Self.applied(Self.parsed(patch), to: Self.parsed(before.bytes))
    #expect(try Self.canonical(board) == Self.canonical(Self.parsed(after.bytes)))
  }
}
