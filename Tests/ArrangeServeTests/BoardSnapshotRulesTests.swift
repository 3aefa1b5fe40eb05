import ArrangeBoard
import Foundation
import Testing

@testable import ArrangeServe

/// The rules every front end shows by, sent with the board: a title's marks, what a due date
/// means now, and a full lane's sentence — each written out here by hand.
@Suite struct BoardSnapshotRulesTests {
  /// The snapshot of an Obsidian board `text`, read at `clock`.
  static func snapshot(_ text: String, clock: DueDateClock) throws -> (String, BoardSnapshot) {
    let folder = NSTemporaryDirectory() + "arrange-rules-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = folder + "/board.md"
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    let shared = try BoardServer.open(path, notice: { _ in })
    let made = BoardSnapshot(shared, message: nil, serial: 1, clock: clock)
    return (made.json, made)
  }

  static let board = """
    ---
    kanban-plugin: board
    ---

    ## Doing (1)

    - [ ] **Ship** #v2 @{2026-11-30}
    - [ ] Plain words

    ## Later

    - [ ] Far @{2026-12-24}
    - [ ] Gone @{2026-11-01}
    - [ ] Now @{2026-11-29}

    """

  @Test("Marks, urgency and a full lane's words are in the board's JSON")
  func fields() throws {
    // 12:00 UTC on 29 November 2026, in a zone one hour east.
    let clock = DueDateClock.fixed(year: 2026, month: 11, day: 29, utcOffset: 3600)
    let (json, _) = try Self.snapshot(Self.board, clock: clock)
    let hue = CardMarks.hue(ofTag: "v2")
    #expect(
      json.contains(
        #""marks":[["strong",["Ship"]]," ",["tag","v2",\#(hue)]," ",["date","2026-11-30"]]"#))
    #expect(json.contains(#""title":"Plain words","done":false"#), "no marks for plain words")
    #expect(json.contains(#""full":"“Doing” is full: it takes at most 1 card.""#))
    #expect(!json.contains(#""title":"Later","limit":null,"complete":false,"full""#))
    #expect(json.contains(#""urgency":"soon","dueMark":"◷ due tomorrow","dueSpoken":"tomorrow""#))
    #expect(json.contains(#""urgency":"overdue","dueMark":"⚠ overdue","dueSpoken":"overdue""#))
    #expect(json.contains(#""urgency":"today","dueMark":"◷ due today","dueSpoken":"today""#))
    // 24 December is later than soon: its instant, no urgency. The end of that day, local:
    // 2026-12-24 23:59:59 at UTC+1 is 22:59:59 UTC: 20,811 days after 1970 × 86,400 s
    // = 1,798,070,400, + 82,799 s.
    #expect(json.contains(#""due":"2026-12-24","dueAt":1798153199,"description""#))
  }

  @Test("The board is made again when the first meaning changes: the next local midnight")
  func change() throws {
    let clock = DueDateClock.fixed(year: 2026, month: 11, day: 29, utcOffset: 3600)
    let (_, snapshot) = try Self.snapshot(Self.board, clock: clock)
    // The next local midnight, 30 November 00:00 at UTC+1, is 29 November 23:00 UTC (29
    // November 2026 is day 20,786 after 1970).
    #expect(snapshot.urgencyChange == 20_786 * 86_400 + 23 * 3600)
    let (_, quiet) = try Self.snapshot(
      "## A\n\n- no dates\n", clock: clock)
    #expect(quiet.urgencyChange == nil)
  }
}
