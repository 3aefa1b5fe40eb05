import ArrangeBoard
import Testing

/// Due dates on an Obsidian Kanban board live in the card's title, as the plugin writes them:
/// `@{2026-12-24}`, and `@@{17:30}` for a time of day.
@Suite struct ObsidianDueDateTests {
  static let head = "---\n\nkanban-plugin: board\n\n---\n\n## To Do\n\n"
  /// Thursday 2026-11-26, 12:00 local, one hour east of UTC.
  static let clock = DueDateClock.fixed(year: 2026, month: 11, day: 26, hour: 12, utcOffset: 3600)

  static func board(_ cards: String) throws -> BoardDocument {
    try BoardDocument.parse(Array((head + cards).utf8))
  }

  static func text(_ document: BoardDocument) -> String {
    String(decoding: document.serialized(), as: UTF8.self)
  }

  @Test("A card's date and time in its title are its due date")
  func read() throws {
    let document = try Self.board(
      "- [ ] Pay rent @{2026-12-01}\n- [ ] Call @{2026-12-02} @@{09:30} Bob\n"
        + "- [ ] Not a date @{soon} @@{9:30}\n- [ ] Time only @@{10:00}\n"
        + "- [ ] Both ways @{2026-12-05}\n    @ 2026-12-09\n")
    let cards = document.columns[0].cards
    let expected: [String?] = ["2026-12-01", "2026-12-02 09:30", nil, nil, "2026-12-09"]
    for (card, due) in zip(cards, expected) {
      #expect(document.details(of: card.id)?.due == due, "\(card.title)")
    }
    #expect(document.detailsOfCards(inColumn: 0).map(\.due) == expected)
  }

  @Test("A taskell board's titles are only titles")
  func taskell() throws {
    let document = try BoardDocument.parse(Array("## To Do\n\n- Pay rent @{2026-12-01}\n".utf8))
    #expect(document.details(of: document.columns[0].cards[0].id)?.due == nil)
  }

  @Test("A due date set on an Obsidian card is written in its title, as the plugin writes it")
  func write() throws {
    var document = try Self.board("- [ ] Call Bob\n- [ ] Pay rent @{2026-12-01} ^abc123\n")
    let call = document.columns[0].cards[0].id
    let rent = document.columns[0].cards[1].id
    try document.setDue(DueDate.parse("2026-12-24", clock: Self.clock), of: call)
    #expect(
      Self.text(document) == Self.head
        + "- [ ] Call Bob @{2026-12-24}\n- [ ] Pay rent @{2026-12-01} ^abc123\n")
    // A time typed in local time is written in local time, as Obsidian shows it.
    try document.setDue(DueDate.parse("2026-12-24 17:30", clock: Self.clock), of: call)
    #expect(Self.text(document).contains("- [ ] Call Bob @{2026-12-24} @@{17:30}\n"))
    #expect(document.details(of: call)?.due == "2026-12-24 17:30")
    // A new date replaces the old one; the block id stays at the end.
    try document.setDue(DueDate.parse("2027-01-05", clock: Self.clock), of: rent)
    #expect(Self.text(document).contains("- [ ] Pay rent @{2027-01-05} ^abc123\n"))
    try document.setDue(nil, of: rent)
    #expect(Self.text(document).hasSuffix("- [ ] Pay rent ^abc123\n"))
    #expect(document.details(of: rent)?.due == nil)
  }

  @Test("A card that has a taskell due line keeps it there")
  func taskellLine() throws {
    var document = try Self.board("- [ ] Both\n    @ 2026-12-09\n")
    try document.setDue(
      DueDate.parse("2026-12-10", clock: Self.clock), of: document.columns[0].cards[0].id)
    #expect(Self.text(document) == Self.head + "- [ ] Both\n    @ 2026-12-10\n")
  }

  @Test("A title that is only its date cannot lose it, and says why")
  func onlyADate() throws {
    var document = try Self.board("- [ ] @{2026-12-01}\n")
    let before = Self.text(document)
    #expect(throws: BoardEditError.self) {
      try document.setDue(nil, of: document.columns[0].cards[0].id)
    }
    #expect(Self.text(document) == before)
  }

  @Test("A relative time is written on the local clock for Obsidian and in UTC for taskell")
  func localText() throws {
    let due = try #require(try DueDate.parse("2h", clock: Self.clock))
    #expect(due.text == "2026-11-26 13:00 UTC")
    #expect(due.localText == "2026-11-26 14:00")
    let day = try #require(try DueDate.parse("1w", clock: Self.clock))
    #expect(day.text == "2026-12-03")
    #expect(day.localText == "2026-12-03")
  }
}
