import ArrangeBoard
import Testing

/// What a due date means at a moment, as both front ends mark it: overdue, today, soon (the next
/// three days) or later, for a day in local time and for a moment in UTC.
@Suite struct DueUrgencyTests {
  /// Thursday 2026-11-26, 12:00 local, one hour east of UTC (11:00 UTC).
  static let noon = DueDateClock.fixed(year: 2026, month: 11, day: 26, hour: 12, utcOffset: 3600)

  @Test("A day is overdue from the day after, due today all day, soon for three days")
  func days() {
    let expected: [(String, DueDate.Urgency?)] = [
      ("2026-11-25", .overdue), ("2025-01-01", .overdue), ("2026-11-26", .today),
      ("2026-11-27", .soon(days: 1)), ("2026-11-29", .soon(days: 3)), ("2026-11-30", .later),
      ("2027-11-26", .later), ("someday", nil), ("2026-02-29", nil), (" 2026-11-26 ", .today),
    ]
    for (text, urgency) in expected {
      #expect(DueDate.urgency(of: text, clock: Self.noon) == urgency, "\(text)")
    }
  }

  @Test("A moment is overdue once passed, even today; its day is counted in local time")
  func moments() {
    let expected: [(String, DueDate.Urgency?)] = [
      // 10:59 UTC is 11:59 local: passed. 11:01 UTC is 12:01 local: today.
      ("2026-11-26 10:59 UTC", .overdue), ("2026-11-26 11:01 UTC", .today),
      // 23:30 UTC on the 26th is 00:30 local on the 27th: tomorrow.
      ("2026-11-26 23:30 UTC", .soon(days: 1)),
      ("2026-11-29 22:59 UTC", .soon(days: 3)), ("2026-11-29 23:00 UTC", .later),
      ("2026-11-26 12:30", .today), ("2026-11-26 11:30", .overdue),
      ("2026-11-26 25:00 UTC", nil), ("2026-11-26 12:00 CET", nil),
    ]
    for (text, urgency) in expected {
      #expect(DueDate.urgency(of: text, clock: Self.noon) == urgency, "\(text)")
    }
  }

  @Test("The words each urgency is marked with")
  func marks() {
    #expect(DueDate.Urgency.overdue.mark == "overdue")
    #expect(DueDate.Urgency.today.mark == "due today")
    #expect(DueDate.Urgency.soon(days: 1).mark == "due tomorrow")
    #expect(DueDate.Urgency.soon(days: 3).mark == "due in 3 days")
    #expect(DueDate.Urgency.later.mark == nil)
  }

  @Test("Due dates sort by when they fall: a day ends at its local midnight")
  func instants() {
    // 2026-11-26 local ends at 23:59:59 local = 22:59:59 UTC.
    #expect(DueDate.instant(of: "2026-11-26", clock: Self.noon) == 1_795_733_999)
    #expect(DueDate.instant(of: "2026-11-26 22:59 UTC", clock: Self.noon) == 1_795_733_940)
    #expect(DueDate.instant(of: "next week", clock: Self.noon) == nil)
  }
}
