#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A card's due date as taskell reads it back: `2026-12-24`, or a moment in UTC,
/// `2026-12-24 16:30 UTC`.
///
/// What people type is turned into one of those forms by ``parse(_:clock:)``: a date, a date
/// and a local time (written in UTC, as taskell writes it, so that taskell keeps it), or a
/// relative time such as `3d` or `1w 2d` counted from today (days and weeks give a date; with
/// hours, minutes or seconds, a moment in UTC). Anything else is refused with a message naming
/// the forms that work. Due dates already in a file are never parsed or rewritten.
public struct DueDate: Hashable, Sendable, CustomStringConvertible {
  /// The date as it is written after `@ ` in the file.
  public let text: String
  /// The same date on the local wall clock, `YYYY-MM-DD` or `YYYY-MM-DD HH:MM`: what an
  /// Obsidian Kanban board writes in a card's title (`@{2026-12-24} @@{17:30}`).
  public let localText: String

  /// The date as it is written in the file.
  public var description: String { text }

  /// What a refused due date is told.
  public static let forms =
    "Due dates are written 2026-12-24, 2026-12-24 17:30, or relative: 3d, 1w 2d "
    + "(w weeks, d days, h hours, m minutes, s seconds)."

  /// Reads a due date typed by a person; `nil` for `nil` or blank input, which removes it.
  ///
  /// - Parameters:
  ///   - input: `YYYY-MM-DD`, `YYYY-MM-DD HH:MM` (local time), `YYYY-MM-DD HH:MM UTC`, or
  ///     numbers each followed by `w`, `d`, `h`, `m` or `s` (`1w 2d`), counted from now.
  ///   - clock: Today's date and the local time zone (``DueDateClock/system`` in the app).
  /// - Throws: ``BoardEditError/Kind/invalidDueDate`` with a message naming the forms that work.
  public static func parse(
    _ input: String?, clock: DueDateClock = .system
  ) throws(BoardEditError) -> DueDate? {
    let text = (input ?? "").trimmingWhitespace
    if text.isEmpty { return nil }
    let bytes = Array(text.utf8)
    if let date = Self.date(bytes) {
      return DueDate(text: Self.format(date))
    }
    if let (date, minutes, isUTC) = Self.dateAndTime(bytes) {
      let local = (Self.days(date) * 86_400) + minutes * 60
      let instant = isUTC ? local : local - Self.offset(atLocal: local, clock)
      return DueDate(instant: instant, clock: clock)
    }
    if let (seconds, onlyDays) = Self.relative(bytes) {
      let now = clock.now()
      if onlyDays {
        let today = (now + clock.utcOffset(now)).floorDivided(by: 86_400)
        if let date = Self.checked(Self.civil(today + seconds / 86_400)) {
          return DueDate(text: Self.format(date))
        }
      } else if Self.checked(Self.civil((now + seconds).floorDivided(by: 86_400))) != nil {
        return DueDate(instant: now + seconds, clock: clock)
      }
      throw BoardEditError(
        kind: .invalidDueDate, message: "“\(Self.shortened(text))” is too far away. " + Self.forms)
    }
    throw BoardEditError(
      kind: .invalidDueDate, message: "“\(Self.shortened(text))” is not a date. " + Self.forms)
  }

  /// `text`, cut to forty characters for a message.
  static func shortened(_ text: String) -> String {
    text.count > 40 ? String(text.prefix(39)) + "…" : text
  }

  /// A day (`text` is `YYYY-MM-DD`, the same everywhere).
  init(text: String) {
    self.text = text
    localText = text
  }

  /// A moment, `instant` seconds since 1970: written in UTC, and on `clock`'s wall clock.
  init(instant: Int, clock: DueDateClock) {
    text = Self.formatUTC(instant)
    let wall = instant + clock.utcOffset(instant)
    let seconds = wall - wall.floorDivided(by: 86_400) * 86_400
    localText =
      Self.format(Self.civil(wall.floorDivided(by: 86_400))) + " "
      + Self.padded(seconds / 3600, 2) + ":" + Self.padded(seconds / 60 % 60, 2)
  }

  /// A calendar date.
  typealias Civil = (year: Int, month: Int, day: Int)

  /// `YYYY-MM-DD` with a valid month and day, else `nil`.
  static func date(_ bytes: [UInt8]) -> Civil? {
    guard bytes.count == 10, bytes[4] == 0x2D, bytes[7] == 0x2D,
      let year = number(bytes[0..<4]), let month = number(bytes[5..<7]),
      let day = number(bytes[8..<10]), (1...12).contains(month),
      (1...daysIn(month: month, year: year)).contains(day)
    else { return nil }
    return (year, month, day)
  }

  /// `YYYY-MM-DD HH:MM` (spaces between), optionally followed by ` UTC`: the date, the minutes
  /// since midnight, and whether it is in UTC.
  static func dateAndTime(_ bytes: [UInt8]) -> (Civil, Int, Bool)? {
    guard bytes.count > 10, let date = date(Array(bytes[0..<10])) else { return nil }
    var rest = bytes[10...].drop { $0 == 0x20 }
    guard rest.count < bytes.count - 10, rest.count >= 5 else { return nil }
    let time = rest.prefix(5)
    rest = rest.dropFirst(5)
    guard time[time.startIndex + 2] == 0x3A,
      let hour = number(time.prefix(2)), let minute = number(time.suffix(2)),
      hour < 24, minute < 60
    else { return nil }
    let zone = rest.drop { $0 == 0x20 }
    if zone.isEmpty && rest.isEmpty { return (date, hour * 60 + minute, false) }
    guard zone.count < rest.count, Array(zone) == Array("UTC".utf8) else { return nil }
    return (date, hour * 60 + minute, true)
  }

  /// Numbers each followed by a unit (`w`, `d`, `h`, `m`, `s`), spaces allowed around them:
  /// the seconds they add up to and whether they are only days and weeks.
  static func relative(_ bytes: [UInt8]) -> (Int, Bool)? {
    var index = 0
    var total = 0
    var onlyDays = true
    var count = 0
    while index < bytes.count {
      while index < bytes.count && bytes[index] == 0x20 { index += 1 }
      if index == bytes.count { break }
      let start = index
      while index < bytes.count && (0x30...0x39).contains(bytes[index]) { index += 1 }
      // At most seven digits: more is thousands of years away even in seconds' worth of days.
      guard index > start, index - start <= 7, let value = number(bytes[start..<index]) else {
        return nil
      }
      while index < bytes.count && bytes[index] == 0x20 { index += 1 }
      guard index < bytes.count else { return nil }
      let unit: Int
      switch bytes[index] {
      case UInt8(ascii: "w"): unit = 7 * 86_400
      case UInt8(ascii: "d"): unit = 86_400
      case UInt8(ascii: "h"): unit = 3_600
      case UInt8(ascii: "m"): unit = 60
      case UInt8(ascii: "s"): unit = 1
      default: return nil
      }
      if unit < 86_400 { onlyDays = false }
      // Past a million million seconds (thirty thousand years) it is too far away anyway.
      total = Swift.min(total + value * unit, 1_000_000_000_000)
      count += 1
      index += 1
    }
    return count > 0 ? (total, onlyDays) : nil
  }

  /// The decimal number written with the ASCII digits `bytes`, else `nil`.
  static func number(_ bytes: some Collection<UInt8>) -> Int? {
    var value = 0
    for byte in bytes {
      guard (0x30...0x39).contains(byte) else { return nil }
      value = value * 10 + Int(byte - 0x30)
    }
    return bytes.isEmpty ? nil : value
  }

  static func isLeap(_ year: Int) -> Bool {
    year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
  }

  static func daysIn(month: Int, year: Int) -> Int {
    switch month {
    case 2: isLeap(year) ? 29 : 28
    case 4, 6, 9, 11: 30
    default: 31
    }
  }

  /// Days since 1970-01-01 of a date of the proleptic Gregorian calendar.
  static func days(_ date: Civil) -> Int {
    let year = date.month <= 2 ? date.year - 1 : date.year
    let era = year.floorDivided(by: 400)
    let yearOfEra = year - era * 400
    let monthFromMarch = (date.month + 9) % 12
    let dayOfYear = (153 * monthFromMarch + 2) / 5 + date.day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }

  /// The date `days` days after 1970-01-01.
  static func civil(_ days: Int) -> Civil {
    let shifted = days + 719_468
    let era = shifted.floorDivided(by: 146_097)
    let dayOfEra = shifted - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let monthFromMarch = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * monthFromMarch + 2) / 5 + 1
    let month = monthFromMarch < 10 ? monthFromMarch + 3 : monthFromMarch - 9
    return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
  }

  /// `date` when its year has four digits, else `nil`.
  static func checked(_ date: Civil) -> Civil? {
    (0...9999).contains(date.year) ? date : nil
  }

  static func padded(_ value: Int, _ width: Int) -> String {
    let digits = String(value)
    return String(repeating: "0", count: max(0, width - digits.count)) + digits
  }

  /// `YYYY-MM-DD`.
  static func format(_ date: Civil) -> String {
    padded(date.year, 4) + "-" + padded(date.month, 2) + "-" + padded(date.day, 2)
  }

  /// `YYYY-MM-DD HH:MM UTC` for `instant`, in seconds since 1970 (seconds dropped).
  static func formatUTC(_ instant: Int) -> String {
    let seconds = instant - instant.floorDivided(by: 86_400) * 86_400
    return format(civil(instant.floorDivided(by: 86_400))) + " " + padded(seconds / 3600, 2)
      + ":" + padded(seconds / 60 % 60, 2) + " UTC"
  }

  /// The offset from UTC of the local time `local` (seconds since 1970 on the wall clock).
  static func offset(atLocal local: Int, _ clock: DueDateClock) -> Int {
    // The offset at the instant the local time would be with the offset of its first guess.
    let guess = clock.utcOffset(local)
    return clock.utcOffset(local - guess)
  }
}

extension DueDate {
  /// How many days after today a due date counts as soon.
  public static let soonDays = 3

  /// What a due date means at a moment: past, today, soon, or later.
  ///
  /// Soon is the next ``DueDate/soonDays`` days. Both front ends mark the first three, in words.
  public enum Urgency: Hashable, Sendable {
    /// Before today (a day), or passed (a moment).
    case overdue
    /// Today, and not passed.
    case today
    /// Tomorrow (`1`) or up to ``DueDate/soonDays`` days from today.
    case soon(days: Int)
    /// Later than that.
    case later

    /// The words a card shows for it: "overdue", "due today", "due tomorrow", "due in 2 days";
    /// `nil` for ``later``.
    public var mark: String? {
      switch self {
      case .overdue: "overdue"
      case .today: "due today"
      case .soon(let days): days == 1 ? "due tomorrow" : "due in \(days) days"
      case .later: nil
      }
    }

    /// ``mark`` with a sign before it, so that it is never told by colour alone: "⚠ overdue",
    /// "◷ due today", "◷ due in 2 days"; `nil` for ``later``.
    public var signedMark: String? {
      mark.map { (self == .overdue ? "⚠ " : "◷ ") + $0 }
    }

    /// The words a card's spoken name gives after its date: "overdue", "today", "tomorrow",
    /// "in 2 days"; `nil` for ``later``.
    public var spoken: String? {
      switch self {
      case .overdue: "overdue"
      case .today: "today"
      case .soon(let days): days == 1 ? "tomorrow" : "in \(days) days"
      case .later: nil
      }
    }

    /// The urgency's name on the wire and in the page's styles: "overdue", "today", "soon";
    /// `nil` for ``later``.
    public var name: String? {
      switch self {
      case .overdue: "overdue"
      case .today: "today"
      case .soon: "soon"
      case .later: nil
      }
    }
  }

  /// When `text` (a due date as a file holds it: `YYYY-MM-DD`, a day in local time, or
  /// `YYYY-MM-DD HH:MM UTC`, a moment) is due, in seconds since 1970 — the end of the day for
  /// a day — or `nil` for a text in another form.
  public static func instant(of text: String, clock: DueDateClock = .system) -> Int? {
    let bytes = Array(text.trimmingWhitespace.utf8)
    if let date = Self.date(bytes) {
      let local = Self.days(date) * 86_400 + 86_399
      return local - Self.offset(atLocal: local, clock)
    }
    if let (date, minutes, isUTC) = Self.dateAndTime(bytes) {
      let local = Self.days(date) * 86_400 + minutes * 60
      return isUTC ? local : local - Self.offset(atLocal: local, clock)
    }
    return nil
  }

  /// What the due date `text` means now, by `clock`; `nil` for a text in no form
  /// ``instant(of:clock:)`` reads.
  public static func urgency(of text: String, clock: DueDateClock = .system) -> Urgency? {
    instant(of: text, clock: clock).map { urgency(ofInstant: $0, clock: clock) }
  }

  /// What a date due at `instant` (seconds since 1970, as ``instant(of:clock:)`` gives) means
  /// now, by `clock`.
  public static func urgency(ofInstant instant: Int, clock: DueDateClock = .system) -> Urgency {
    let now = clock.now()
    if instant < now { return .overdue }
    let today = (now + clock.utcOffset(now)).floorDivided(by: 86_400)
    let day = (instant + clock.utcOffset(instant)).floorDivided(by: 86_400)
    switch day - today {
    case ...0: return .today
    case 1...soonDays: return .soon(days: day - today)
    default: return .later
    }
  }

  /// The first instant after now (by `clock`) at which what a date due at `instant` means
  /// changes — the local midnight that brings it a day nearer while it is soon, the one that
  /// makes it soon, or the moment it passes — or `nil` once it is overdue (it stays so).
  ///
  /// A front end that shows ``urgency(ofInstant:clock:)`` reads it again then.
  public static func urgencyChange(ofInstant instant: Int, clock: DueDateClock = .system) -> Int? {
    let now = clock.now()
    if instant < now { return nil }
    let today = (now + clock.utcOffset(now)).floorDivided(by: 86_400)
    let day = (instant + clock.utcOffset(instant)).floorDivided(by: 86_400)
    let changeDay = day - today > soonDays ? day - soonDays : today + 1
    let midnight = changeDay * 86_400
    return Swift.min(instant + 1, midnight - offset(atLocal: midnight, clock))
  }
}

/// Now, and the local time zone, for reading due dates such as `3d` or `17:30`.
public struct DueDateClock: Sendable {
  /// The current instant, in seconds since 1970-01-01 00:00 UTC.
  public var now: @Sendable () -> Int
  /// The local time zone's offset from UTC, in seconds east, at an instant.
  public var utcOffset: @Sendable (Int) -> Int

  /// A clock from its two readings.
  public init(now: @Sendable @escaping () -> Int, utcOffset: @Sendable @escaping (Int) -> Int) {
    self.now = now
    self.utcOffset = utcOffset
  }

  /// The system's clock and time zone.
  public static var system: DueDateClock {
    DueDateClock(
      now: { Int(time(nil)) },
      utcOffset: { instant in
        var seconds = time_t(instant)
        var parts = tm()
        guard localtime_r(&seconds, &parts) != nil else { return 0 }
        return Int(parts.tm_gmtoff)
      })
  }

  /// A clock stopped at local time `hour:minute` of `year-month-day`, in a zone `utcOffset`
  /// seconds east of UTC all year: for tests.
  public static func fixed(
    year: Int, month: Int, day: Int, hour: Int = 12, minute: Int = 0, utcOffset: Int = 0
  ) -> DueDateClock {
    let local = DueDate.days((year, month, day)) * 86_400 + hour * 3600 + minute * 60
    return DueDateClock(now: { local - utcOffset }, utcOffset: { _ in utcOffset })
  }

  /// This clock stopped at its current reading: every date read with it counts from the same
  /// now.
  public func stopped() -> DueDateClock {
    let instant = now()
    return DueDateClock(now: { instant }, utcOffset: utcOffset)
  }
}

extension Int {
  /// The quotient rounded down (towards minus infinity).
  fileprivate func floorDivided(by divisor: Int) -> Int {
    let quotient = self / divisor
    return (self % divisor != 0 && (self < 0) != (divisor < 0)) ? quotient - 1 : quotient
  }
}
