import ArrangeTestSupport
import Testing

@testable import ArrangeTerminal

extension SynchronizedOutputTests {
  /// Bytes a terminal sends while the probe waits, and what the probe makes of them.
  struct ReplyCase: Sendable, CustomTestStringConvertible {
    let name: String
    let bytes: [UInt8]
    let status: SynchronizedOutputProbe.Status
    let leftover: [UInt8]

    var testDescription: String { name }

    init(
      _ name: String, _ text: String, _ status: SynchronizedOutputProbe.Status,
      leftover: String = ""
    ) {
      self.name = name
      self.bytes = Array(text.utf8)
      self.status = status
      self.leftover = Array(leftover.utf8)
    }
  }
}

/// Inputs that broke a property: how many, and the first one (enough to replay it).
private struct FailureLog {
  var count = 0
  var first: [UInt8] = []

  mutating func record(_ bytes: [UInt8]) {
    if count == 0 { first = bytes }
    count += 1
  }
}

/// What a probe ended with; equal for two probes that saw the same bytes, however split.
private struct Outcome: Equatable {
  var status: SynchronizedOutputProbe.Status
  var leftover: [UInt8]
  var pendingCount: Int

  init(_ probe: SynchronizedOutputProbe) {
    status = probe.status
    leftover = probe.leftover
    pendingCount = probe.pendingCount
  }
}

/// A probe fed `bytes` in one go.
private func fed(_ bytes: [UInt8]) -> SynchronizedOutputProbe {
  var probe = SynchronizedOutputProbe()
  probe.feed(bytes)
  return probe
}

/// A probe fed `bytes` in chunks whose sizes `size` picks.
private func fed(_ bytes: [UInt8], chunks size: () -> Int) -> SynchronizedOutputProbe {
  var probe = SynchronizedOutputProbe()
  var start = 0
  while start < bytes.count {
    let end = min(bytes.count, start + max(1, size()))
    probe.feed(Array(bytes[start..<end]))
    start = end
  }
  return probe
}

/// `probe` after ``SynchronizedOutputProbe/finish()``.
private func finished(_ probe: SynchronizedOutputProbe) -> SynchronizedOutputProbe {
  var probe = probe
  probe.finish()
  return probe
}

/// The mode report for mode 2026 with setting `ps`.
private func modeReport(_ ps: Int) -> String { "\u{1B}[?2026;\(ps)$y" }

/// A DA1 reply (a VT220 with a few features, as xterm sends).
private let attributes = "\u{1B}[?62;22;52c"

@Suite struct SynchronizedOutputTests {
  static let replyCases: [ReplyCase] = [
    ReplyCase("Mode set (Ps 1)", modeReport(1) + attributes, .supported),
    ReplyCase("Mode reset (Ps 2)", modeReport(2) + attributes, .supported),
    ReplyCase("Mode permanently set (Ps 3)", modeReport(3) + attributes, .supported),
    ReplyCase("Mode not recognised (Ps 0)", modeReport(0) + attributes, .unsupported),
    ReplyCase("Mode permanently reset (Ps 4)", modeReport(4) + attributes, .unsupported),
    ReplyCase("An unheard-of setting (Ps 7)", modeReport(7) + attributes, .unsupported),
    ReplyCase("Only the DA1 reply", attributes, .unsupported),
    ReplyCase("A short DA1 reply", modeReport(2) + "\u{1B}[?1;2c", .supported),
    ReplyCase(
      "DA1 before the mode report ends the probe; the late report is leftover",
      attributes + modeReport(2), .unsupported, leftover: modeReport(2)),
    ReplyCase(
      "Other replies before, between and after",
      "\u{1B}[24;80R" + modeReport(1) + "\u{1B}[?1000;1$y\u{1B}[>41;354;0c" + attributes
        + "\u{1B}]11;rgb:0000/0000/0000\u{1B}\\",
      .supported,
      leftover: "\u{1B}[24;80R\u{1B}[?1000;1$y\u{1B}[>41;354;0c\u{1B}]11;rgb:0000/0000/0000\u{1B}\\"
    ),
    ReplyCase(
      "A report on mode 2026 with a third parameter is not the reply",
      "\u{1B}[?2026;1;1$y" + attributes, .unsupported, leftover: "\u{1B}[?2026;1;1$y"),
    ReplyCase(
      "A report on mode 20260 is not the reply", "\u{1B}[?20260;1$y" + attributes, .unsupported,
      leftover: "\u{1B}[?20260;1$y"),
    ReplyCase(
      "Typed keys and mouse reports around the replies",
      "ab\u{1B}[<0;4;3M" + modeReport(2) + "\u{1B}[A\u{1B}[1;5C\r" + attributes + "q",
      .supported, leftover: "ab\u{1B}[<0;4;3M\u{1B}[A\u{1B}[1;5C\rq"),
    ReplyCase(
      "A lone Escape right before a reply", "\u{1B}" + modeReport(1) + "é" + attributes,
      .supported, leftover: "\u{1B}é"),
    ReplyCase(
      "A sequence cut short by the reply", "\u{1B}[?20" + modeReport(3) + "\u{1B}[" + attributes,
      .supported, leftover: "\u{1B}[?20\u{1B}["),
    ReplyCase(
      "A sequence cut short by a control character", "\u{1B}[?2026;1\r" + attributes,
      .unsupported, leftover: "\u{1B}[?2026;1\r"),
    ReplyCase(
      "A reply inside a bracketed paste is pasted text",
      "\u{1B}[200~" + modeReport(1) + "\u{1B}[201~" + attributes, .unsupported,
      leftover: "\u{1B}[200~" + modeReport(1) + "\u{1B}[201~"),
    ReplyCase(
      "Replies after a paste count again",
      "\u{1B}[200~x\u{1B}[201\u{1B}[201~" + modeReport(1) + attributes, .supported,
      leftover: "\u{1B}[200~x\u{1B}[201\u{1B}[201~"),
    ReplyCase(
      "Everything after DA1 is leftover, replies included",
      modeReport(4) + attributes + "x" + attributes, .unsupported, leftover: "x" + attributes),
    ReplyCase(
      "The mode report without DA1 keeps the probe waiting", "k" + modeReport(1), .waiting,
      leftover: "k"),
    ReplyCase("Nothing but a keypress", "j", .waiting, leftover: "j"),
  ]

  @Test("The query is DECRQM for mode 2026, then DA1")
  func query() {
    #expect(SynchronizedOutputProbe.query == Array("\u{1B}[?2026$p\u{1B}[c".utf8))
  }

  @Test("Replies give the status; other bytes are leftover", arguments: replyCases)
  func replies(_ reply: ReplyCase) {
    let whole = fed(reply.bytes)
    #expect(whole.status == reply.status)
    #expect(whole.isFinished == (reply.status != .waiting))
    #expect(
      String(decoding: whole.leftover, as: UTF8.self)
        == String(decoding: reply.leftover, as: UTF8.self))
    let bytewise = fed(reply.bytes) { 1 }
    #expect(Outcome(bytewise) == Outcome(whole))
  }

  @Test("Giving up without DA1 is unsupported, even after a mode report, and loses no byte")
  func finishWithoutSentinel() {
    var probe = SynchronizedOutputProbe()
    probe.feed(Array((modeReport(1) + "x\u{1B}[?2026;1").utf8))
    #expect(probe.status == .waiting)
    #expect(probe.reportedSetting == 1)
    #expect(probe.pendingCount == 9)
    probe.finish()
    #expect(probe.status == .unsupported)
    #expect(probe.pendingCount == 0)
    #expect(probe.leftover == Array("x\u{1B}[?2026;1".utf8))
    // Later bytes, even the missing DA1, are input now.
    probe.feed(Array(attributes.utf8))
    probe.finish()
    #expect(probe.status == .unsupported)
    #expect(probe.leftover == Array(("x\u{1B}[?2026;1" + attributes).utf8))
  }

  @Test("Finishing after DA1 changes nothing")
  func finishAfterSentinel() {
    var probe = fed(Array((modeReport(2) + attributes + "\u{1B}").utf8))
    probe.finish()
    #expect(probe.status == .supported)
    #expect(probe.leftover == [0x1B])
  }

  @Test("A runaway sequence is given up at the cap, and replies after it still count")
  func runaway() {
    let runaway = Array(("\u{1B}[?" + String(repeating: "7", count: 1_000)).utf8)
    var probe = SynchronizedOutputProbe()
    var largest = 0
    for byte in runaway {
      probe.feed([byte])
      largest = max(largest, probe.pendingCount)
    }
    #expect(largest == SynchronizedOutputProbe.maximumPendingLength - 1)
    probe.feed(Array(("c" + modeReport(1) + attributes).utf8))
    #expect(probe.status == .supported)
    #expect(probe.leftover == runaway + [0x63])
  }

  @Test("A frame is wrapped in a synchronized update only when supported, and never when empty")
  func framing() {
    let frame = Array("\u{1B}[1;1Hhello".utf8)
    let wrapped = TerminalModes.framed(frame, isSynchronized: true)
    #expect(wrapped == Array("\u{1B}[?2026h\u{1B}[1;1Hhello\u{1B}[?2026l".utf8))
    #expect(TerminalModes.framed(frame, isSynchronized: false) == frame)
    #expect(TerminalModes.framed([], isSynchronized: true).isEmpty)
    #expect(TerminalModes.framed([], isSynchronized: false).isEmpty)
    // Leaving the session ends an update that a signal may have cut short.
    #expect(TerminalModes.leave.starts(with: TerminalModes.endSynchronizedUpdate))
  }
}

// MARK: - Properties

extension SynchronizedOutputTests {
  /// A stream of terminal replies and other input, and what the probe should make of it.
  struct Script {
    var bytes: [UInt8] = []
    /// The bytes that are not the probe's replies.
    var leftover: [UInt8] = []
    var status: SynchronizedOutputProbe.Status = .waiting

    mutating func other(_ text: String) {
      bytes += Array(text.utf8)
      leftover += Array(text.utf8)
    }

    mutating func reply(_ text: String) {
      bytes += Array(text.utf8)
    }
  }

  /// Input that is not a reply and does not run into whatever follows it.
  private static func otherInput(using random: inout SeededRandom) -> String {
    switch random.integer(in: 0...8) {
    case 0:
      // Typed text; no `[`, which after a lone Escape would make a typed reply.
      let letters = Array("abcxyzq019 ?;$.-~:é日🙂")
      return String((0..<random.integer(in: 1...5)).map { _ in random.pick(letters) })
    case 1:
      return random.pick(["\r", "\t", "\u{7F}", "\u{03}", "\u{1B}", "\u{1B}x", "\u{1B}\u{1B}"])
    case 2:
      return random.pick(["\u{1B}[A", "\u{1B}[1;5C", "\u{1B}[3~", "\u{1B}OP", "\u{1B}[15;2~"])
    case 3:
      let button = random.pick([0, 2, 32, 64, 65])
      let final = random.pick(["M", "m"])
      return
        "\u{1B}[<\(button);\(random.integer(in: 1...300));\(random.integer(in: 1...99))\(final)"
    case 4:
      return random.pick([
        "\u{1B}[24;80R", "\u{1B}[?1000;1$y", "\u{1B}[?2026;1;2$y", "\u{1B}[?12$y",
        "\u{1B}[>41;354;0c", "\u{1B}]11;rgb:ffff/ffff/ffff\u{1B}\\", "\u{1B}[8;24;80t",
      ])
    case 5:
      // Cut short, by a byte that cannot continue it.
      let prefix = random.pick(["\u{1B}[", "\u{1B}[?", "\u{1B}[?2026", "\u{1B}[?2026;1$"])
      return prefix + random.pick(["x", "\r", "\u{7F}", "é"])
    case 6:
      // A paste, with reply look-alikes and markers cut short inside.
      var text = "\u{1B}[200~"
      for _ in 0..<random.integer(in: 0...4) {
        text += random.pick([
          "hi", modeReport(1), attributes, "\u{1B}", "\u{1B}[201", "\u{1B}[20", "\n", "\u{1B}[?",
        ])
      }
      return text + "\u{1B}[201~"
    default:
      return random.pick(["q", " ", "\u{1B}[B", "\u{1B}[<0;1;1M"])
    }
  }

  /// A random mixture: other input, at most one mode report, usually DA1, more input after it
  /// (replies there are input too).
  private static func script(using random: inout SeededRandom) -> Script {
    var script = Script()
    let hasReport = random.chance(0.7)
    let hasSentinel = random.chance(0.8)
    let setting = random.integer(in: 0...4)
    for _ in 0..<random.integer(in: 0...3) { script.other(otherInput(using: &random)) }
    if hasReport { script.reply(modeReport(setting)) }
    for _ in 0..<random.integer(in: 0...3) { script.other(otherInput(using: &random)) }
    guard hasSentinel else { return script }
    script.reply(random.pick([attributes, "\u{1B}[?1;2c", "\u{1B}[?65;1;9c"]))
    script.status = hasReport && (1...3).contains(setting) ? .supported : .unsupported
    for _ in 0..<random.integer(in: 0...3) {
      if random.chance(0.3) {
        script.other(random.pick([modeReport(1), attributes]))
      } else {
        script.other(otherInput(using: &random))
      }
    }
    return script
  }

  @Test("However the bytes are split, the outcome is the same and the leftover is all non-replies")
  func splitting() {
    var random = SeededRandom(seed: 0x5E7C_2026)
    var wrongStatus = FailureLog()
    var wrongLeftover = FailureLog()
    var splitDiffers = FailureLog()
    for _ in 0..<2_000 {
      let script = Self.script(using: &random)
      let whole = fed(script.bytes)
      if whole.status != script.status { wrongStatus.record(script.bytes) }
      let done = finished(whole)
      if done.leftover != script.leftover { wrongLeftover.record(script.bytes) }
      // Every single cut.
      for cut in 0...script.bytes.count {
        var split = SynchronizedOutputProbe()
        split.feed(Array(script.bytes[..<cut]))
        split.feed(Array(script.bytes[cut...]))
        if Outcome(split) != Outcome(whole) || Outcome(finished(split)) != Outcome(done) {
          splitDiffers.record(script.bytes)
        }
      }
      // Random chunks, and one byte at a time.
      let chunked = fed(script.bytes) { random.integer(in: 1...7) }
      let bytewise = fed(script.bytes) { 1 }
      if Outcome(chunked) != Outcome(whole) || Outcome(bytewise) != Outcome(whole) {
        splitDiffers.record(script.bytes)
      }
    }
    #expect(wrongStatus.count == 0, "first input: \(wrongStatus.first)")
    #expect(wrongLeftover.count == 0, "first input: \(wrongLeftover.first)")
    #expect(splitDiffers.count == 0, "first input: \(splitDiffers.first)")
  }

  /// Pieces that bring the probe's states up often.
  static let garbagePieces: [[UInt8]] = [
    "\u{1B}", "[", "?", "2026", ";", "$", "y", "c", "1", "\u{1B}[?", modeReport(1), attributes,
    "\u{1B}[200~", "\u{1B}[201~", "\u{1B}[<0;1;1M",
    // Runaway sequences, longer than any reply.
    "\u{1B}[?" + String(repeating: "9", count: 300), String(repeating: ";", count: 300),
  ].map { Array($0.utf8) }

  /// A random byte string made to look like terminal input now and then.
  private static func garbage(using random: inout SeededRandom) -> [UInt8] {
    random.terminalBytes(from: garbagePieces, longPieces: 400, digitWeight: 3)
  }

  /// Whether `part` is `whole` with some bytes taken out (order kept).
  private static func isSubsequence(_ part: [UInt8], of whole: [UInt8]) -> Bool {
    var iterator = part.makeIterator()
    var next = iterator.next()
    for byte in whole where byte == next { next = iterator.next() }
    return next == nil
  }

  @Test("100,000 random byte strings: no crash, bounded pending bytes, nothing lost or reordered")
  func fuzz() {
    var random = SeededRandom(seed: 0xF022_5C2E)
    var overgrown = FailureLog()
    var lost = FailureLog()
    var reordered = FailureLog()
    var splitDiffers = FailureLog()
    var largestBytewise = 0
    for round in 0..<100_000 {
      let bytes = Self.garbage(using: &random)
      var probe = SynchronizedOutputProbe()
      var start = 0
      while start < bytes.count {
        let end = min(bytes.count, start + random.integer(in: 1...64))
        probe.feed(Array(bytes[start..<end]))
        if probe.pendingCount >= SynchronizedOutputProbe.maximumPendingLength {
          overgrown.record(bytes)
        }
        start = end
      }
      let unfinished = probe
      probe.finish()
      if probe.isFinished == false || probe.pendingCount != 0
        || probe.leftover.count + probe.consumedCount != bytes.count
      {
        lost.record(bytes)
      }
      if !Self.isSubsequence(probe.leftover, of: bytes) { reordered.record(bytes) }
      guard round % 10 == 0 else { continue }
      var bytewise = SynchronizedOutputProbe()
      for byte in bytes {
        bytewise.feed([byte])
        largestBytewise = max(largestBytewise, bytewise.pendingCount)
      }
      if Outcome(bytewise) != Outcome(unfinished) { splitDiffers.record(bytes) }
    }
    #expect(overgrown.count == 0, "first input: \(overgrown.first)")
    #expect(lost.count == 0, "first input: \(lost.first)")
    #expect(reordered.count == 0, "first input: \(reordered.first)")
    #expect(splitDiffers.count == 0, "first input: \(splitDiffers.first)")
    // The garbage did reach the cap, so the bound was put to the test.
    #expect(largestBytewise == SynchronizedOutputProbe.maximumPendingLength - 1)
  }
}
