import ArrangeTerminal
import ArrangeTestSupport
import Testing

extension InputDecoderTests {
  /// Bytes a terminal sends and the events they stand for.
  struct DecodingCase: Sendable, CustomTestStringConvertible {
    let name: String
    let bytes: [UInt8]
    let events: [TerminalEvent]

    var testDescription: String { name }

    init(_ name: String, _ text: String, _ events: TerminalEvent...) {
      self.name = name
      self.bytes = Array(text.utf8)
      self.events = events
    }

    init(_ name: String, bytes: [UInt8], _ events: TerminalEvent...) {
      self.name = name
      self.bytes = bytes
      self.events = events
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

/// A key event, with modifiers if any.
private func key(_ key: Key, _ modifiers: Modifiers = []) -> TerminalEvent {
  .key(key, modifiers)
}

/// A printable character key.
private func char(_ character: Character, _ modifiers: Modifiers = []) -> TerminalEvent {
  .key(.character(character), modifiers)
}

/// A mouse event.
private func mouse(
  _ action: MouseAction, _ button: MouseButton, _ column: Int, _ row: Int,
  _ modifiers: Modifiers = []
) -> TerminalEvent {
  .mouse(MouseEvent(action, button, column: column, row: row, modifiers: modifiers))
}

/// Decodes `bytes` read at once, then lets the wait for more run out.
private func decode(_ bytes: [UInt8]) -> [TerminalEvent] {
  var decoder = InputDecoder()
  return decoder.feed(bytes, at: 0) + decoder.flush(at: 1_000)
}

/// Decodes `text` read at once, then lets the wait for more run out.
private func decode(_ text: String) -> [TerminalEvent] {
  decode(Array(text.utf8))
}

@Suite struct InputDecoderTests {
  /// Keys whose bytes decode the same whatever comes after them.
  static let keyCases: [DecodingCase] = [
    // Arrows, Home and End in both cursor-key modes.
    DecodingCase("Up (CSI)", "\u{1B}[A", key(.up)),
    DecodingCase("Down (CSI)", "\u{1B}[B", key(.down)),
    DecodingCase("Right (CSI)", "\u{1B}[C", key(.right)),
    DecodingCase("Left (CSI)", "\u{1B}[D", key(.left)),
    DecodingCase("Home (CSI H)", "\u{1B}[H", key(.home)),
    DecodingCase("End (CSI F)", "\u{1B}[F", key(.end)),
    DecodingCase("Up (SS3)", "\u{1B}OA", key(.up)),
    DecodingCase("Down (SS3)", "\u{1B}OB", key(.down)),
    DecodingCase("Right (SS3)", "\u{1B}OC", key(.right)),
    DecodingCase("Left (SS3)", "\u{1B}OD", key(.left)),
    DecodingCase("Home (SS3)", "\u{1B}OH", key(.home)),
    DecodingCase("End (SS3)", "\u{1B}OF", key(.end)),
    // The editing keys.
    DecodingCase("Home (CSI 1~)", "\u{1B}[1~", key(.home)),
    DecodingCase("Home (CSI 7~)", "\u{1B}[7~", key(.home)),
    DecodingCase("End (CSI 4~)", "\u{1B}[4~", key(.end)),
    DecodingCase("End (CSI 8~)", "\u{1B}[8~", key(.end)),
    DecodingCase("Insert", "\u{1B}[2~", key(.insert)),
    DecodingCase("Delete", "\u{1B}[3~", key(.delete)),
    DecodingCase("Page Up", "\u{1B}[5~", key(.pageUp)),
    DecodingCase("Page Down", "\u{1B}[6~", key(.pageDown)),
    DecodingCase("Control-Delete", "\u{1B}[3;5~", key(.delete, .control)),
    DecodingCase("Shift-Page Down", "\u{1B}[6;2~", key(.pageDown, .shift)),
    // Function keys: SS3, CSI ~, modified CSI P–S, and the Linux console.
    DecodingCase("F1 (SS3)", "\u{1B}OP", key(.function(1))),
    DecodingCase("F2 (SS3)", "\u{1B}OQ", key(.function(2))),
    DecodingCase("F3 (SS3)", "\u{1B}OR", key(.function(3))),
    DecodingCase("F4 (SS3)", "\u{1B}OS", key(.function(4))),
    DecodingCase("F1 (CSI 11~)", "\u{1B}[11~", key(.function(1))),
    DecodingCase("F2 (CSI 12~)", "\u{1B}[12~", key(.function(2))),
    DecodingCase("F3 (CSI 13~)", "\u{1B}[13~", key(.function(3))),
    DecodingCase("F4 (CSI 14~)", "\u{1B}[14~", key(.function(4))),
    DecodingCase("F5", "\u{1B}[15~", key(.function(5))),
    DecodingCase("F6", "\u{1B}[17~", key(.function(6))),
    DecodingCase("F7", "\u{1B}[18~", key(.function(7))),
    DecodingCase("F8", "\u{1B}[19~", key(.function(8))),
    DecodingCase("F9", "\u{1B}[20~", key(.function(9))),
    DecodingCase("F10", "\u{1B}[21~", key(.function(10))),
    DecodingCase("F11", "\u{1B}[23~", key(.function(11))),
    DecodingCase("F12", "\u{1B}[24~", key(.function(12))),
    DecodingCase("Control-F5", "\u{1B}[15;5~", key(.function(5), .control)),
    DecodingCase("Shift-F1 (CSI 1;2P)", "\u{1B}[1;2P", key(.function(1), .shift)),
    DecodingCase("Control-F4 (CSI 1;5S)", "\u{1B}[1;5S", key(.function(4), .control)),
    DecodingCase("F1 (Linux console)", "\u{1B}[[A", key(.function(1))),
    DecodingCase("F5 (Linux console)", "\u{1B}[[E", key(.function(5))),
    // Modified arrows, xterm style: 2 Shift, 3 Alt, 4 Shift-Alt, 5 Control, … 8 all three.
    DecodingCase("Shift-Up", "\u{1B}[1;2A", key(.up, .shift)),
    DecodingCase("Alt-Down", "\u{1B}[1;3B", key(.down, .alt)),
    DecodingCase("Shift-Alt-Right", "\u{1B}[1;4C", key(.right, [.shift, .alt])),
    DecodingCase("Control-Right", "\u{1B}[1;5C", key(.right, .control)),
    DecodingCase("Shift-Control-Left", "\u{1B}[1;6D", key(.left, [.shift, .control])),
    DecodingCase("Alt-Control-Home", "\u{1B}[1;7H", key(.home, [.alt, .control])),
    DecodingCase("Shift-Alt-Control-End", "\u{1B}[1;8F", key(.end, [.shift, .alt, .control])),
    DecodingCase("Meta-Up reads as Alt-Up", "\u{1B}[1;9A", key(.up, .alt)),
    DecodingCase("Back tab", "\u{1B}[Z", key(.backTab)),
    // Control characters.
    DecodingCase("Enter (CR)", bytes: [0x0D], key(.enter)),
    DecodingCase("Enter (LF)", bytes: [0x0A], key(.enter)),
    DecodingCase("Tab", bytes: [0x09], key(.tab)),
    DecodingCase("Backspace (DEL)", bytes: [0x7F], key(.backspace)),
    DecodingCase("Backspace (BS)", bytes: [0x08], key(.backspace)),
    DecodingCase("Control-A", bytes: [0x01], char("a", .control)),
    DecodingCase("Control-C", bytes: [0x03], char("c", .control)),
    DecodingCase("Control-G", bytes: [0x07], char("g", .control)),
    DecodingCase("Control-K", bytes: [0x0B], char("k", .control)),
    DecodingCase("Control-Z", bytes: [0x1A], char("z", .control)),
    DecodingCase("Control-Space", bytes: [0x00], char(" ", .control)),
    DecodingCase("Control-Backslash", bytes: [0x1C], char("\\", .control)),
    DecodingCase("Control-Underscore", bytes: [0x1F], char("_", .control)),
    // Alt is an Escape before the key.
    DecodingCase("Alt-a", "\u{1B}a", char("a", .alt)),
    DecodingCase("Alt-Shift-A", "\u{1B}A", char("A", .alt)),
    DecodingCase("Alt-1", "\u{1B}1", char("1", .alt)),
    DecodingCase("Alt-Space", "\u{1B} ", char(" ", .alt)),
    DecodingCase("Alt-é", "\u{1B}é", char("é", .alt)),
    DecodingCase("Control-Alt-A", bytes: [0x1B, 0x01], char("a", [.control, .alt])),
    DecodingCase("Alt-Backspace", bytes: [0x1B, 0x7F], key(.backspace, .alt)),
    DecodingCase("Alt-Enter", bytes: [0x1B, 0x0D], key(.enter, .alt)),
    // Printable ASCII.
    DecodingCase("A letter", "q", char("q")),
    DecodingCase("A capital", "Q", char("Q")),
    DecodingCase("A space", " ", char(" ")),
    DecodingCase("A tilde", "~", char("~")),
    DecodingCase("An opening bracket", "[", char("[")),
  ]

  /// UTF-8 text: one key per Unicode scalar.
  static let textCases: [DecodingCase] = [
    DecodingCase("Accented Latin", "café", char("c"), char("a"), char("f"), char("é")),
    DecodingCase("German", "Grüße", char("G"), char("r"), char("ü"), char("ß"), char("e")),
    DecodingCase("CJK", "日本語", char("日"), char("本"), char("語")),
    DecodingCase("Hangul", "한", char("한")),
    DecodingCase("An emoji (four bytes)", "😀", char("😀")),
    DecodingCase("An emoji with a skin tone", "👍🏽", char("👍"), char("\u{1F3FD}")),
    DecodingCase("A combining accent", "e\u{301}", char("e"), char("\u{301}")),
    DecodingCase("The last scalar", bytes: [0xF4, 0x8F, 0xBF, 0xBF], char("\u{10FFFF}")),
    DecodingCase("No-break space", "\u{A0}", char("\u{A0}")),
  ]

  /// Bytes that are not UTF-8: reported, and the next byte starts afresh.
  static let invalidCases: [DecodingCase] = [
    DecodingCase("A byte never in UTF-8", bytes: [0xFF, 0x61], .unknown([0xFF]), char("a")),
    DecodingCase("A stray continuation byte", bytes: [0x80, 0x61], .unknown([0x80]), char("a")),
    DecodingCase("A lead byte cut short", bytes: [0xC3, 0x61], .unknown([0xC3]), char("a")),
    DecodingCase(
      "Three-byte character cut short", bytes: [0xE2, 0x82, 0x61], .unknown([0xE2, 0x82]),
      char("a")),
    DecodingCase(
      "A lead byte before a sequence", bytes: [0xE2, 0x1B, 0x5B, 0x41], .unknown([0xE2]),
      key(.up)),
    DecodingCase(
      "An overlong slash", bytes: [0xC0, 0xAF], .unknown([0xC0]), .unknown([0xAF])),
    DecodingCase(
      "A surrogate", bytes: [0xED, 0xA0, 0x80], .unknown([0xED]), .unknown([0xA0]),
      .unknown([0x80])),
    DecodingCase(
      "Beyond U+10FFFF", bytes: [0xF4, 0x90, 0x80, 0x80], .unknown([0xF4]), .unknown([0x90]),
      .unknown([0x80]), .unknown([0x80])),
    DecodingCase("A C1 control (U+0085)", bytes: [0xC2, 0x85], .unknown([0xC2, 0x85])),
    DecodingCase(
      "A lead byte cut short at the end", bytes: [0x61, 0xF0, 0x9F, 0x98], char("a"),
      .unknown([0xF0, 0x9F, 0x98])),
  ]

  /// Sequences the decoder does not know or that are broken.
  static let unknownCases: [DecodingCase] = [
    DecodingCase("An unknown final byte", "\u{1B}[99X", .unknown(Array("\u{1B}[99X".utf8))),
    DecodingCase("Focus in", "\u{1B}[I", .unknown(Array("\u{1B}[I".utf8))),
    DecodingCase(
      "A cursor position report", "\u{1B}[24;80R", .unknown(Array("\u{1B}[24;80R".utf8))),
    DecodingCase(
      "An unknown ~ code then a key", "\u{1B}[99~x", .unknown(Array("\u{1B}[99~".utf8)),
      char("x")),
    DecodingCase(
      "A private answer (DECRQM)", "\u{1B}[?2026;2$y", .unknown(Array("\u{1B}[?2026;2$y".utf8))),
    DecodingCase(
      "Kitty sub-parameters", "\u{1B}[1;5:3A", .unknown(Array("\u{1B}[1;5:3A".utf8))),
    DecodingCase(
      "A sequence cut by an Escape", "\u{1B}[1;5\u{1B}[A", .unknown(Array("\u{1B}[1;5".utf8)),
      key(.up)),
    DecodingCase(
      "A sequence cut by a control character", "\u{1B}[12\r", .unknown(Array("\u{1B}[12".utf8)),
      key(.enter)),
    DecodingCase(
      "A parameter after an intermediate byte", "\u{1B}[1$2~",
      .unknown(Array("\u{1B}[1$".utf8)), char("2"), char("~")),
    DecodingCase("An unknown SS3 key", "\u{1B}Oz", .unknown(Array("\u{1B}Oz".utf8))),
    DecodingCase(
      "Escape O before a non-final byte is Alt-O", "\u{1B}O1", char("O", .alt), char("1")),
    DecodingCase(
      "Escape [ before a control character is Alt-[", "\u{1B}[\t", char("[", .alt), key(.tab)),
    DecodingCase(
      "An end of paste without a start", "\u{1B}[201~", .unknown(Array("\u{1B}[201~".utf8))),
    DecodingCase(
      "A mouse report with two numbers", "\u{1B}[<0;1M", .unknown(Array("\u{1B}[<0;1M".utf8))),
    DecodingCase(
      "A wheel-left report", "\u{1B}[<66;1;1M", .unknown(Array("\u{1B}[<66;1;1M".utf8))),
    DecodingCase(
      "A huge number", "\u{1B}[99999999999A", .unknown(Array("\u{1B}[99999999999A".utf8))),
    DecodingCase(
      "Escape before an invalid byte", bytes: [0x1B, 0xFF], key(.escape), .unknown([0xFF])),
  ]

  /// SGR mouse reports (mode 1006).
  static let mouseCases: [DecodingCase] = [
    DecodingCase("Left press at the origin", "\u{1B}[<0;1;1M", mouse(.press, .left, 0, 0)),
    DecodingCase("Middle press", "\u{1B}[<1;5;3M", mouse(.press, .middle, 4, 2)),
    DecodingCase("Right press", "\u{1B}[<2;10;20M", mouse(.press, .right, 9, 19)),
    DecodingCase("Left release", "\u{1B}[<0;10;20m", mouse(.release, .left, 9, 19)),
    DecodingCase("Right release", "\u{1B}[<2;7;8m", mouse(.release, .right, 6, 7)),
    DecodingCase("Drag with the left held", "\u{1B}[<32;11;21M", mouse(.motion, .left, 10, 20)),
    DecodingCase("Drag with the right held", "\u{1B}[<34;2;3M", mouse(.motion, .right, 1, 2)),
    DecodingCase("Motion with no button", "\u{1B}[<35;40;12M", mouse(.motion, .none, 39, 11)),
    DecodingCase("Wheel up", "\u{1B}[<64;3;4M", mouse(.wheelUp, .none, 2, 3)),
    DecodingCase("Wheel down", "\u{1B}[<65;3;4M", mouse(.wheelDown, .none, 2, 3)),
    DecodingCase("Shift-press", "\u{1B}[<4;1;1M", mouse(.press, .left, 0, 0, .shift)),
    DecodingCase("Alt-press", "\u{1B}[<8;1;1M", mouse(.press, .left, 0, 0, .alt)),
    DecodingCase("Control-press", "\u{1B}[<16;1;1M", mouse(.press, .left, 0, 0, .control)),
    DecodingCase(
      "Shift-Alt-Control right press", "\u{1B}[<30;2;2M",
      mouse(.press, .right, 1, 1, [.shift, .alt, .control])),
    DecodingCase(
      "Control-drag", "\u{1B}[<48;5;5M", mouse(.motion, .left, 4, 4, .control)),
    DecodingCase(
      "Control-wheel down", "\u{1B}[<81;5;5M", mouse(.wheelDown, .none, 4, 4, .control)),
    DecodingCase(
      "Large coordinates", "\u{1B}[<0;2345;1234M", mouse(.press, .left, 2344, 1233)),
    DecodingCase(
      "Coordinates past 223 (beyond the old X10 limit)", "\u{1B}[<32;224;300M",
      mouse(.motion, .left, 223, 299)),
  ]

  /// Window size reports.
  static let resizeCases: [DecodingCase] = [
    DecodingCase("A size report (CSI 8 t)", "\u{1B}[8;24;80t", .resize(columns: 80, rows: 24)),
    DecodingCase(
      "An in-band resize (mode 2048)", "\u{1B}[48;50;132;800;1056t",
      .resize(columns: 132, rows: 50)),
  ]

  @Test("Keys decode to the key and modifiers they stand for", arguments: keyCases)
  func keys(_ testCase: DecodingCase) {
    #expect(decode(testCase.bytes) == testCase.events)
  }

  @Test("UTF-8 text decodes to one character key per Unicode scalar", arguments: textCases)
  func text(_ testCase: DecodingCase) {
    #expect(decode(testCase.bytes) == testCase.events)
  }

  @Test(
    "Invalid UTF-8 becomes unknown bytes and the input after it still decodes",
    arguments: invalidCases)
  func invalidText(_ testCase: DecodingCase) {
    #expect(decode(testCase.bytes) == testCase.events)
  }

  @Test(
    "Unknown and malformed sequences become unknown bytes and decoding goes on after them",
    arguments: unknownCases)
  func unknownSequences(_ testCase: DecodingCase) {
    #expect(decode(testCase.bytes) == testCase.events)
  }

  @Test("SGR mouse reports decode with 0-based cells", arguments: mouseCases)
  func mouseReports(_ testCase: DecodingCase) {
    #expect(decode(testCase.bytes) == testCase.events)
  }

  @Test("Window size reports decode to resizes", arguments: resizeCases)
  func resizes(_ testCase: DecodingCase) {
    #expect(decode(testCase.bytes) == testCase.events)
  }

  @Test("A drag with the left button held is a press, motions and a release")
  func drag() {
    let bytes = "\u{1B}[<0;3;2M\u{1B}[<32;4;2M\u{1B}[<32;5;3M\u{1B}[<32;6;3M\u{1B}[<0;6;3m"
    #expect(
      decode(bytes) == [
        mouse(.press, .left, 2, 1), mouse(.motion, .left, 3, 1), mouse(.motion, .left, 4, 2),
        mouse(.motion, .left, 5, 2), mouse(.release, .left, 5, 2),
      ])
  }

  @Test("A runaway control sequence is cut at 64 bytes and the rest still decodes")
  func runawaySequence() {
    let digits = [UInt8](repeating: 0x31, count: 100)
    let bytes: [UInt8] = [0x1B, 0x5B] + digits + Array("\u{1B}[Ax".utf8)
    var decoder = InputDecoder()
    let events = decoder.feed(bytes, at: 0)
    #expect(events.first == .unknown(Array(bytes[..<64])))
    #expect(
      Array(events.dropFirst()) == Array(repeating: char("1"), count: 38) + [key(.up), char("x")])
    #expect(!decoder.hasPending)
  }

  @Test("A bracketed paste arrives whole, escape bytes and newlines included")
  func paste() {
    let content = "line one\r\nline \u{1B}[Atwo\n\u{1B}\u{1B}[200~ nested? \u{1B}[20 \u{1B}"
    let bytes = "x\u{1B}[200~" + content + "\u{1B}[201~y"
    #expect(decode(bytes) == [char("x"), .paste(content), char("y")])
  }

  @Test("An empty bracketed paste is an empty paste")
  func emptyPaste() {
    #expect(decode("\u{1B}[200~\u{1B}[201~") == [.paste("")])
  }

  @Test("A paste split into one-byte reads is still one paste")
  func pasteSplit() {
    let content = "日本\u{1B}[201 ~ \u{1B}[20\u{1B}[2011~ 😀"
    let bytes = Array(("\u{1B}[200~" + content + "\u{1B}[201~\u{1B}[B").utf8)
    var decoder = InputDecoder()
    var events: [TerminalEvent] = []
    for (index, byte) in bytes.enumerated() {
      events += decoder.feed([byte], at: Double(index) * 0.001)
    }
    #expect(events == [.paste(content), key(.down)])
    #expect(!decoder.hasPending)
  }

  @Test("Invalid UTF-8 in a paste becomes replacement characters")
  func pasteWithInvalidBytes() {
    let bytes: [UInt8] = Array("\u{1B}[200~a".utf8) + [0xFF, 0xC3] + Array("b\u{1B}[201~".utf8)
    #expect(decode(bytes) == [.paste("a\u{FFFD}\u{FFFD}b")])
  }

  @Test("A paste that never ends is reported once no byte has come for the paste timeout")
  func unterminatedPaste() {
    var decoder = InputDecoder(escapeTimeout: 0.05, pasteTimeout: 1)
    #expect(decoder.feed(Array("\u{1B}[200~abc\u{1B}[20".utf8), at: 0).isEmpty)
    #expect(decoder.feed(Array("1".utf8), at: 0.9).isEmpty)
    #expect(decoder.flush(at: 1.5).isEmpty)
    #expect(decoder.hasPending)
    #expect(decoder.flush(at: 2) == [.paste("abc\u{1B}[201")])
    #expect(!decoder.hasPending)
    #expect(decoder.feed(Array("z".utf8), at: 2.5) == [char("z")])
  }

  @Test("A lone Escape is a key only once the timeout has passed")
  func loneEscape() {
    var decoder = InputDecoder(escapeTimeout: 0.05)
    #expect(decoder.feed([0x1B], at: 10).isEmpty)
    #expect(decoder.hasPending)
    #expect(decoder.flush(at: 10.01).isEmpty)
    #expect(decoder.flush(at: 10.049).isEmpty)
    #expect(decoder.hasPending)
    #expect(decoder.flush(at: 10.05) == [key(.escape)])
    #expect(!decoder.hasPending)
    #expect(decoder.flush(at: 20).isEmpty)
  }

  @Test("Escape followed by another Escape is a key at once")
  func doubleEscape() {
    var decoder = InputDecoder()
    #expect(decoder.feed([0x1B, 0x1B], at: 0) == [key(.escape)])
    #expect(decoder.hasPending)
    #expect(decoder.feed(Array("[B".utf8), at: 0.01) == [key(.down)])
    #expect(decoder.feed([0x1B, 0x1B, 0x1B], at: 1) == [key(.escape), key(.escape)])
    #expect(decoder.flush(at: 2) == [key(.escape)])
  }

  @Test("A sequence split across reads inside the timeout is one key")
  func splitSequence() {
    var decoder = InputDecoder(escapeTimeout: 0.05)
    #expect(decoder.feed([0x1B], at: 0).isEmpty)
    #expect(decoder.flush(at: 0.03).isEmpty)
    #expect(decoder.feed(Array("[1;".utf8), at: 0.04).isEmpty)
    #expect(decoder.flush(at: 0.06).isEmpty)  // the timeout counts from the last byte
    #expect(decoder.feed(Array("5D".utf8), at: 0.08) == [key(.left, .control)])
    #expect(!decoder.hasPending)
  }

  @Test(
    "Unfinished bytes become events when the wait is over",
    arguments: [
      DecodingCase("Escape [", "\u{1B}[", char("[", .alt)),
      DecodingCase("Escape O", "\u{1B}O", char("O", .alt)),
      DecodingCase("Half a sequence", "\u{1B}[1;5", .unknown(Array("\u{1B}[1;5".utf8))),
      DecodingCase("Half a mouse report", "\u{1B}[<0;3", .unknown(Array("\u{1B}[<0;3".utf8))),
      DecodingCase("Half a character", bytes: [0xE6, 0x97], .unknown([0xE6, 0x97])),
      DecodingCase(
        "Alt and half a character", bytes: [0x1B, 0xE6, 0x97], .unknown([0x1B, 0xE6, 0x97])),
      DecodingCase("Half a Linux F key", "\u{1B}[[", .unknown(Array("\u{1B}[[".utf8))),
    ])
  func unfinishedBytes(_ testCase: DecodingCase) {
    var decoder = InputDecoder(escapeTimeout: 0.05)
    #expect(decoder.feed(testCase.bytes, at: 0).isEmpty)
    #expect(decoder.flush(at: 0.01).isEmpty)
    #expect(decoder.flush(at: 0.05) == testCase.events)
    #expect(!decoder.hasPending)
  }

  @Test("Escape then a letter in one read is Alt and the letter, however late the flush")
  func altLetterWithoutFlush() {
    var decoder = InputDecoder()
    #expect(decoder.feed([0x1B], at: 0).isEmpty)
    // The host did not flush in between, so the bytes read together as one key.
    #expect(decoder.feed(Array("x".utf8), at: 5) == [char("x", .alt)])
  }

  @Test("A negative or NaN timeout is read as zero")
  func badTimeouts() {
    var decoder = InputDecoder(escapeTimeout: .nan, pasteTimeout: -1)
    #expect(decoder.escapeTimeout == 0)
    #expect(decoder.pasteTimeout == 0)
    #expect(decoder.feed([0x1B], at: 1).isEmpty)
    #expect(decoder.flush(at: 1) == [key(.escape)])
  }

  // MARK: Properties

  /// One piece of a random mixture: its bytes and the events they decode to on their own.
  private struct Token {
    let bytes: [UInt8]
    let events: [TerminalEvent]
  }

  /// Pieces that decode the same whatever follows them (as long as it is not a continuation byte).
  private static let tokens: [Token] = {
    let cases =
      keyCases + textCases + mouseCases + resizeCases + [
        DecodingCase("Invalid byte", bytes: [0xFF], .unknown([0xFF])),
        DecodingCase("Truncated character", bytes: [0xE2, 0x82], .unknown([0xE2, 0x82])),
        DecodingCase("Surrogate", bytes: [0xED, 0xA0], .unknown([0xED]), .unknown([0xA0])),
        DecodingCase("Unknown CSI", "\u{1B}[99X", .unknown(Array("\u{1B}[99X".utf8))),
        DecodingCase(
          "Paste", "\u{1B}[200~a\r\n\u{1B}[B\u{1B}é\u{1B}[201~", .paste("a\r\n\u{1B}[B\u{1B}é")),
        DecodingCase("Empty paste", "\u{1B}[200~\u{1B}[201~", .paste("")),
      ]
    return cases.map { Token(bytes: $0.bytes, events: $0.events) }
  }()

  /// A random mixture of tokens, with lone Escapes where they stay alone, and its events.
  private static func mixture(using random: inout SeededRandom) -> Token {
    var bytes: [UInt8] = []
    var events: [TerminalEvent] = []
    for _ in 0..<random.integer(in: 1...24) {
      let token = random.pick(tokens)
      // A lone Escape stays alone before another Escape.
      if token.bytes.first == 0x1B, random.chance(0.15) {
        bytes.append(0x1B)
        events.append(.key(.escape, []))
      }
      bytes += token.bytes
      events += token.events
    }
    if random.chance(0.2) {
      bytes.append(0x1B)
      events.append(.key(.escape, []))
    }
    return Token(bytes: bytes, events: events)
  }

  /// Feeds `bytes` in chunks whose sizes come from `sizes`, flushing early now and then (too early
  /// to fire), then flushes far in the future.
  private static func decodeInChunks(
    _ bytes: [UInt8], sizes: () -> Int, flushesEarly: Bool
  ) -> [TerminalEvent] {
    var decoder = InputDecoder(escapeTimeout: 0.05)
    var events: [TerminalEvent] = []
    var start = 0
    var time = 0.0
    while start < bytes.count {
      let end = min(bytes.count, start + sizes())
      events += decoder.feed(bytes[start..<end], at: time)
      if flushesEarly { events += decoder.flush(at: time + 0.01) }
      start = end
      time += 0.001
    }
    return events + decoder.flush(at: 1_000)
  }

  @Test("Random mixtures decode the same whole, one byte at a time and in random chunks")
  func splitReadsGiveTheSameEvents() {
    var random = SeededRandom(seed: 0xDEC0_DE01)
    var failures = FailureLog()
    for _ in 0..<300 {
      let mixture = Self.mixture(using: &random)
      let whole = decode(mixture.bytes)
      let oneByOne = Self.decodeInChunks(mixture.bytes, sizes: { 1 }, flushesEarly: false)
      let chunked = Self.decodeInChunks(
        mixture.bytes, sizes: { random.integer(in: 1...9) }, flushesEarly: random.chance(0.5))
      if whole != mixture.events || oneByOne != whole || chunked != whole {
        failures.record(mixture.bytes)
      }
    }
    #expect(failures.count == 0, "first failing input: \(failures.first)")
  }

  /// Fragments of terminal input that garbage is salted with.
  private static let garbagePieces: [[UInt8]] = [
    [0x1B], [0x1B], [0x1B, 0x5B], [0x1B, 0x5B, 0x3C], [0x1B, 0x4F], Array("\u{1B}[200~".utf8),
    Array("\u{1B}[201~".utf8), [0x3B], [0x3B], [0x7E], [0x4D], [0x6D], [0x41], [0x5B], [0x3F],
    [0x24], [0x3A], [0x74], [0x5A], [0xE6], [0x97], [0xF0, 0x9F], [0x0D], [0x7F], [0x00],
  ]

  /// A random byte string made to look like terminal input now and then.
  private static func garbage(using random: inout SeededRandom) -> [UInt8] {
    random.terminalBytes(from: garbagePieces, longPieces: 200, digitWeight: 2)
  }

  @Test("100,000 random byte strings never crash and leave nothing pending after a late flush")
  func fuzz() {
    var random = SeededRandom(seed: 0xF022_2026)
    var stuck = FailureLog()
    var notFresh = FailureLog()
    var splitDiffers = FailureLog()
    for round in 0..<100_000 {
      let bytes = Self.garbage(using: &random)
      var decoder = InputDecoder()
      var events = decoder.feed(bytes, at: 0)
      events += decoder.flush(at: 1_000)
      if decoder.hasPending { stuck.record(bytes) }
      // The decoder is clean afterwards: the next key decodes on its own.
      if decoder.feed([0x78], at: 2_000) != [.key(.character("x"), [])] { notFresh.record(bytes) }
      switch round % 10 {
      case 0:
        if Self.decodeInChunks(bytes, sizes: { 1 }, flushesEarly: false) != events {
          splitDiffers.record(bytes)
        }
      case 1:
        // Reads at random times with flushes that may fire: still nothing left behind.
        var decoder = InputDecoder()
        var start = 0
        var time = 0.0
        while start < bytes.count {
          let end = min(bytes.count, start + random.integer(in: 1...6))
          _ = decoder.feed(bytes[start..<end], at: time)
          time += random.pick([0, 0.01, 0.04, 0.06, 2])
          _ = decoder.flush(at: time)
          start = end
        }
        _ = decoder.flush(at: time + 1_000)
        if decoder.hasPending { stuck.record(bytes) }
      default:
        break
      }
    }
    #expect(stuck.count == 0, "first stuck input: \(stuck.first)")
    #expect(notFresh.count == 0, "first input that left state behind: \(notFresh.first)")
    #expect(splitDiffers.count == 0, "first input split differently: \(splitDiffers.first)")
  }
}
