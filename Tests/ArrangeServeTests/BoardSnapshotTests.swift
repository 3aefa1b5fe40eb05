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
}
