import ArrangeBoard
import ArrangeBoardTerminal
import ArrangeTerminal
import Testing

/// Due dates typed by a person: taskell's forms are accepted, the rest refused.
///
/// What is accepted is written as taskell reads it back; what is refused gets the forms that
/// work. Every expected date is written by hand.
@Suite struct DueDateTests {
  /// Noon on Wednesday 2026-11-25, UTC.
  static let clock = DueDateClock.fixed(year: 2026, month: 11, day: 25)

  static func parsed(_ text: String?, _ clock: DueDateClock = clock) throws -> String? {
    try DueDate.parse(text, clock: clock)?.text
  }

  @Test(
    "Calendar dates and times are kept (a local time is written in UTC, as taskell does)",
    arguments: [
      ("2026-12-24", "2026-12-24"),
      ("  2026-12-24 ", "2026-12-24"),
      ("2024-02-29", "2024-02-29"),
      ("2000-02-29", "2000-02-29"),
      ("2026-01-31", "2026-01-31"),
      ("2026-12-24 17:30", "2026-12-24 17:30 UTC"),
      ("2026-12-24 00:00", "2026-12-24 00:00 UTC"),
      ("2026-12-24 23:59", "2026-12-24 23:59 UTC"),
      ("2026-12-24  9:30 UTC", nil),
      ("2026-12-24 09:30 UTC", "2026-12-24 09:30 UTC"),
    ])
  func absolute(text: String, expected: String?) throws {
    if let expected {
      #expect(try Self.parsed(text) == expected)
    } else {
      #expect(throws: BoardEditError.self) { try Self.parsed(text) }
    }
  }

  @Test("A local time is turned into UTC with the zone's offset, across midnight")
  func localTimeToUTC() throws {
    let paris = DueDateClock.fixed(year: 2026, month: 11, day: 25, utcOffset: 3600)
    #expect(try Self.parsed("2026-12-24 17:30", paris) == "2026-12-24 16:30 UTC")
    #expect(try Self.parsed("2027-01-01 00:30", paris) == "2026-12-31 23:30 UTC")
    let newYork = DueDateClock.fixed(year: 2026, month: 11, day: 25, utcOffset: -5 * 3600)
    #expect(try Self.parsed("2026-02-28 21:00", newYork) == "2026-03-01 02:00 UTC")
    // Already in UTC: as it is.
    #expect(try Self.parsed("2026-12-24 17:30 UTC", paris) == "2026-12-24 17:30 UTC")
  }

  @Test(
    "Anything else is refused with the forms that work",
    arguments: [
      "2025-02-29", "1900-02-29", "2026-04-31", "2026-13-01", "2026-00-10", "2026-01-00",
      "2026-1-5", "26-01-05", "2026/01/05", "2026-12-24 24:00", "2026-12-24 12:60",
      "2026-12-24 9:30", "2026-12-24T09:30", "2026-12-24 09:30 CET", "next friday", "tomorrow",
      "3", "d", "3x", "3 days", "-3d", "1w2", "@{2026-12-24}", "12/24/2026",
    ])
  func refused(text: String) throws {
    let error = try #require(throws: BoardEditError.self) { try Self.parsed(text) }
    #expect(error.kind == .invalidDueDate)
    #expect(
      error.message
        == "“\(text)” is not a date. Due dates are written 2026-12-24, 2026-12-24 17:30, or "
        + "relative: 3d, 1w 2d (w weeks, d days, h hours, m minutes, s seconds).")
  }

  @Test("Nothing, or blanks, remove the date")
  func empty() throws {
    #expect(try Self.parsed(nil) == nil)
    #expect(try Self.parsed("") == nil)
    #expect(try Self.parsed("   ") == nil)
  }

  @Test(
    "Days and weeks count from today and give a date, across months and years",
    arguments: [
      ("0d", "2026-11-25"),
      ("1d", "2026-11-26"),
      ("5d", "2026-11-30"),
      ("6d", "2026-12-01"),
      ("1w", "2026-12-02"),
      ("1w 2d", "2026-12-04"),
      (" 2d 1 w ", "2026-12-04"),
      ("1w2d", "2026-12-04"),
      ("37d", "2027-01-01"),
      ("52w", "2027-11-24"),
    ])
  func relativeDays(text: String, expected: String) throws {
    #expect(try Self.parsed(text) == expected)
  }

  @Test("Relative days from the end of February, in leap and common years")
  func relativeAcrossFebruary() throws {
    let leap = DueDateClock.fixed(year: 2028, month: 2, day: 28)
    #expect(try Self.parsed("1d", leap) == "2028-02-29")
    #expect(try Self.parsed("2d", leap) == "2028-03-01")
    let common = DueDateClock.fixed(year: 2027, month: 2, day: 28)
    #expect(try Self.parsed("1d", common) == "2027-03-01")
    let newYearsEve = DueDateClock.fixed(year: 2026, month: 12, day: 31, hour: 23, minute: 59)
    #expect(try Self.parsed("1d", newYearsEve) == "2027-01-01")
  }

  @Test("Today is the local day, not the UTC one")
  func localToday() throws {
    // 00:30 on 1 March in Paris is still 28 February in UTC.
    let paris = DueDateClock.fixed(
      year: 2027, month: 3, day: 1, hour: 0, minute: 30, utcOffset: 3600)
    #expect(try Self.parsed("0d", paris) == "2027-03-01")
    #expect(try Self.parsed("1w", paris) == "2027-03-08")
  }

  @Test("Hours, minutes and seconds give a moment, written in UTC as taskell writes it")
  func relativeTimes() throws {
    #expect(try Self.parsed("2h") == "2026-11-25 14:00 UTC")
    #expect(try Self.parsed("90m") == "2026-11-25 13:30 UTC")
    #expect(try Self.parsed("1d 12h") == "2026-11-27 00:00 UTC")
    #expect(try Self.parsed("59s") == "2026-11-25 12:00 UTC")
    let paris = DueDateClock.fixed(
      year: 2026, month: 12, day: 31, hour: 23, minute: 15, utcOffset: 3600)
    #expect(try Self.parsed("1h", paris) == "2026-12-31 23:15 UTC")
    #expect(try Self.parsed("2h", paris) == "2027-01-01 00:15 UTC")
  }

  @Test("Too far away is refused")
  func tooFar() throws {
    let error = try #require(throws: BoardEditError.self) { try Self.parsed("9999999w") }
    #expect(error.kind == .invalidDueDate)
    #expect(error.message.hasPrefix("“9999999w” is too far away. Due dates are written"))
    #expect(throws: BoardEditError.self) { try Self.parsed("99999999d") }
  }

  @Test("A long refused text is cut in the message")
  func longText() throws {
    let text = String(repeating: "x", count: 100)
    let error = try #require(throws: BoardEditError.self) { try Self.parsed(text) }
    #expect(error.message.hasPrefix("“" + String(repeating: "x", count: 39) + "…” is not a date."))
  }

  @Test("The system clock reads a date of this era")
  func systemClock() throws {
    let today = try #require(try DueDate.parse("0d")).text
    #expect(today.count == 10)
    #expect(today >= "2026-01-01" && today < "2200-01-01")
  }
}

/// Due dates set through a shared board (what `arrange serve` does): read, normalized, or
/// refused with nothing changed.
@Suite struct SharedBoardDueDateTests {
  static let board = "## To Do\n\n- Alpha\n- Beta\n    @ next friday\n\n## Done\n\n- Gamma\n"

  static func shared() throws -> (SharedBoard<MemoryStorage>, MemoryDisk) {
    let disk = MemoryDisk(board)
    let document = try BoardDocument.parse(Array(board.utf8))
    var shared = SharedBoard(
      session: BoardSession(document: document, storage: MemoryStorage(disk)))
    shared.dueDateClock = .fixed(year: 2026, month: 12, day: 30)
    return (shared, disk)
  }

  static func id(_ title: String, in shared: SharedBoard<MemoryStorage>) throws -> CardID {
    try #require(shared.document.columns.flatMap(\.cards).first { $0.title == title }).id
  }

  @Test("An unreadable date is refused with the forms that work; nothing changes")
  func refused() throws {
    var (shared, _) = try Self.shared()
    let alpha = try Self.id("Alpha", in: shared)
    let before = shared.document
    let outcome = shared.perform([.setDue(alpha, "next friday")], madeOn: 1, at: 1)
    #expect(outcome.refused)
    #expect(!outcome.changed)
    #expect(
      outcome.message
        == "“next friday” is not a date. Due dates are written 2026-12-24, 2026-12-24 17:30, or "
        + "relative: 3d, 1w 2d (w weeks, d days, h hours, m minutes, s seconds).")
    #expect(shared.document == before)
    #expect(shared.version == 1)
    // With another request in the same change: neither applies.
    let both = shared.perform(
      [.setTitle(alpha, "Renamed"), .setDue(alpha, "2026-02-30")], madeOn: 1, at: 2)
    #expect(both.refused)
    #expect(shared.document == before)
  }

  @Test("Relative dates are written as the date they stand for; empty removes")
  func normalized() throws {
    var (shared, disk) = try Self.shared()
    let alpha = try Self.id("Alpha", in: shared)
    #expect(!shared.perform([.setDue(alpha, "1w 2d")], madeOn: 1, at: 1).refused)
    #expect(shared.document.details(of: try Self.id("Alpha", in: shared))?.due == "2027-01-08")
    #expect((disk.text ?? "").contains("- Alpha\n    @ 2027-01-08\n- Beta\n"))
    // Made on the older version: carried over, still counted from the same today.
    #expect(!shared.perform([.setDue(alpha, "2d")], madeOn: 1, at: 2).refused)
    let current = try Self.id("Alpha", in: shared)
    #expect(shared.document.details(of: current)?.due == "2027-01-01")
    #expect(!shared.perform([.setDue(current, "")], madeOn: shared.version, at: 3).refused)
    #expect(shared.document.details(of: try Self.id("Alpha", in: shared))?.due == nil)
    #expect(disk.text == Self.board)
  }

  @Test("A file's own due date, sent back as it is, stays; a new one replaces it")
  func existingKept() throws {
    var (shared, disk) = try Self.shared()
    let beta = try Self.id("Beta", in: shared)
    let outcome = shared.perform([.setDue(beta, "next friday")], madeOn: 1, at: 1)
    #expect(!outcome.refused)
    #expect(!outcome.changed)
    #expect(disk.text == Self.board)
    #expect(!shared.perform([.setDue(beta, "2027-01-05 09:00")], madeOn: 1, at: 2).refused)
    #expect((disk.text ?? "").contains("- Beta\n    @ 2027-01-05 09:00 UTC\n"))
  }
}

/// Due dates typed in the terminal's card view.
@Suite struct BoardScreenDueDateTests {
  @Test("The terminal refuses a date that is not one, saying why, and keeps the file")
  func refusedInTerminal() throws {
    let board = "## To Do\n\n- Write\n- Other\n\n## Done\n"
    var harness = try BoardScreenTests.Harness(board)
    harness.key(.enter)
    harness.key("@")
    harness.send(.paste("2026-02-29"))
    harness.key(.enter)
    // The prompt closes so that the status line shows why.
    #expect(harness.lines.contains { $0.contains("is not a date. Due dates are written") })
    #expect(harness.disk.text == board)
    harness.key("@")
    harness.send(.paste("2028-02-29"))
    harness.key(.enter)
    #expect(harness.disk.text == "## To Do\n\n- Write\n    @ 2028-02-29\n- Other\n\n## Done\n")
  }

  @Test("A file's own due date, given back untouched in the terminal, stays as it is")
  func existingKeptInTerminal() throws {
    let board = "## To Do\n\n- Write\n    @ someday\n- Other\n\n## Done\n"
    var harness = try BoardScreenTests.Harness(board)
    harness.key(.enter)
    harness.key("@")
    harness.key(.enter)
    #expect(harness.lines.contains { $0.contains("Due date unchanged") })
    #expect(harness.disk.text == board)
  }
}
