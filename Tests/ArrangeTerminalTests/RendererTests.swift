import ArrangeTestSupport
import Testing

@testable import ArrangeTerminal

@Suite struct RendererTests {
  static func draw(_ frames: [CellBuffer]) -> (InMemoryTerminal, [[UInt8]]) {
    var renderer = TerminalRenderer()
    var terminal = InMemoryTerminal(columns: frames[0].columns, rows: frames[0].rows)
    var outputs: [[UInt8]] = []
    for frame in frames {
      let bytes = renderer.render(frame)
      outputs.append(bytes)
      terminal.receive(bytes)
    }
    return (terminal, outputs)
  }

  static func sgrCount(_ bytes: [UInt8]) -> Int {
    let text = String(decoding: bytes, as: UTF8.self)
    return text.split(separator: "\u{1B}[", omittingEmptySubsequences: false).dropFirst()
      .filter { $0.contains("m") && !$0.contains("H") && !$0.contains("J") }.count
  }

  @Test("The first frame is drawn whole and reads back as the same lines")
  func firstFrame() {
    var frame = CellBuffer(columns: 12, rows: 3)
    frame.write("To Do", column: 1, row: 0, style: CellStyle(isBold: true))
    frame.write("Write report", column: 0, row: 2)
    let (terminal, _) = Self.draw([frame])
    #expect(terminal.lines == [" To Do      ", "            ", "Write report"])
    #expect(terminal.screen == frame)
  }

  @Test("An unchanged frame writes nothing")
  func unchanged() {
    var frame = CellBuffer(columns: 10, rows: 2)
    frame.write("same", column: 0, row: 0)
    let (_, outputs) = Self.draw([frame, frame])
    #expect(outputs[1].isEmpty)
  }

  @Test("Changing one cell writes at most 20 bytes", arguments: [(0, 0), (39, 11), (17, 5)])
  func oneCell(_ column: Int, _ row: Int) {
    var frame = CellBuffer(columns: 40, rows: 12)
    for y in 0..<12 { frame.write(String(repeating: "x", count: 40), column: 0, row: y) }
    var next = frame
    next.write("y", column: column, row: row)
    let (terminal, outputs) = Self.draw([frame, next])
    #expect(outputs[1].count <= 20)
    #expect(outputs[1].count > 0)
    #expect(terminal.screen == next)
  }

  @Test("Style codes are sent only when the style changes")
  func stylesOnlyOnChange() {
    let red = CellStyle(foreground: .basic(1))
    var frame = CellBuffer(columns: 20, rows: 1)
    frame.write("aaaaa", column: 0, row: 0, style: red)
    frame.write("bbbbb", column: 5, row: 0, style: red)
    frame.write("ccccc", column: 10, row: 0)
    let (terminal, outputs) = Self.draw([frame])
    // Reset on the first frame, red once, plain once.
    #expect(Self.sgrCount(outputs[0]) == 3)
    #expect(terminal.screen[7, 0].style == red)
    #expect(terminal.screen[12, 0].style == .plain)
  }

  @Test("Wide characters take two cells and never leave half a glyph")
  func wideCharacters() {
    var frame = CellBuffer(columns: 6, rows: 1)
    frame.write("日本a", column: 0, row: 0)
    #expect(frame.lines == ["日本a "])
    var next = frame
    next.write("x", column: 1, row: 0)  // over the second half of 日
    #expect(next.lines == [" x本a "])
    var last = next
    last.write("字", column: 5, row: 0)  // would not fit at the last column
    #expect(last[5, 0] == .blank())
    let (terminal, _) = Self.draw([frame, next, last])
    #expect(terminal.screen == last)
    #expect(terminal.lines == [" x本a "])
  }

  @Test("A new size redraws everything")
  func resize() {
    var small = CellBuffer(columns: 5, rows: 1)
    small.write("ab", column: 0, row: 0)
    var large = CellBuffer(columns: 8, rows: 2)
    large.write("ab", column: 0, row: 0)
    var renderer = TerminalRenderer()
    _ = renderer.render(small)
    let bytes = renderer.render(large)
    #expect(String(decoding: bytes, as: UTF8.self).hasPrefix("\u{1B}[0m\u{1B}[2J"))
  }

  @Test(
    "Character widths",
    arguments: [
      ("a", 1), ("é", 1), ("e\u{301}", 1), ("日", 2), ("한", 2), ("😀", 2), ("❤️", 2),
      ("\u{200B}", 0), ("ｱ", 1), ("Ａ", 2),
    ] as [(String, Int)])
  func widths(_ text: String, _ width: Int) {
    #expect(CharacterWidth.of(text) == width)
  }

  @Test("Any sequence of random frames reads back exactly through the diffs (500 sequences)")
  func randomFrames() {
    var random = SeededRandom(seed: 0x7E12_4A11)
    let alphabet: [String] = ["a", "b", "Z", " ", "é", "日", "😀", "-", "本"]
    let styles: [CellStyle] = [
      .plain, CellStyle(isBold: true), CellStyle(foreground: .basic(2)),
      CellStyle(background: .rgb(10, 20, 30), isReversed: true),
      CellStyle(foreground: .indexed(200)),
    ]
    for _ in 0..<500 {
      let columns = random.integer(in: 1...24)
      let rows = random.integer(in: 1...6)
      var frame = CellBuffer(columns: columns, rows: rows)
      var renderer = TerminalRenderer()
      var terminal = InMemoryTerminal(columns: columns, rows: rows)
      for _ in 0..<6 {
        for _ in 0..<random.integer(in: 0...10) {
          var text = ""
          for _ in 0..<random.integer(in: 1...5) { text += random.pick(alphabet) }
          frame.write(
            text, column: random.integer(in: -2...columns), row: random.integer(in: 0...(rows - 1)),
            style: random.pick(styles))
        }
        terminal.receive(renderer.render(frame))
        #expect(terminal.screen == frame)
        // A continuation cell always follows the first half of its wide character.
        for row in 0..<rows {
          for column in 0..<columns where frame[column, row].width == 0 {
            #expect(column > 0 && frame[column - 1, row].width == 2)
          }
        }
        if terminal.screen != frame { return }
      }
    }
  }
}

@Suite struct LongGraphemeTests {
  static let family = "👨‍👩‍👧‍👦"  // 25 UTF-8 bytes: too long to sit inline in a cell

  @Test("A grapheme longer than 15 bytes is stored, compared, rendered and read back whole")
  func longGrapheme() {
    #expect(Self.family.utf8.count > 15)
    var frame = CellBuffer(columns: 8, rows: 1)
    frame.write("a" + Self.family + "b", column: 0, row: 0)
    #expect(frame[1, 0].text == Self.family)
    #expect(frame[1, 0].width == 2 && frame[2, 0].width == 0)
    #expect(frame.lines == ["a" + Self.family + "b    "])
    // The same picture built another way (overflow entries in another order) is equal.
    var other = CellBuffer(columns: 8, rows: 1)
    other.write("x" + "e\u{301}\u{302}\u{303}\u{304}\u{305}\u{306}\u{307}", column: 6, row: 0)
    other.write("a" + Self.family + "b", column: 0, row: 0)
    other.write("  ", column: 6, row: 0)
    #expect(other == frame)
    #expect(other.hashValue == frame.hashValue)
    var renderer = TerminalRenderer()
    var terminal = InMemoryTerminal(columns: 8, rows: 1)
    terminal.receive(renderer.render(frame))
    #expect(terminal.lines == frame.lines)
    #expect(renderer.render(other).isEmpty)
    var changed = frame
    changed.write("🚀", column: 1, row: 0)
    let bytes = renderer.render(changed)
    #expect(!bytes.isEmpty && bytes.count <= 20)
    terminal.receive(bytes)
    #expect(terminal.lines == ["a🚀b    "])
  }

  @Test("Redrawing the same long grapheme does not grow the buffer's storage")
  func noGrowth() {
    var buffer = CellBuffer(columns: 4, rows: 1)
    for _ in 0..<1_000 { buffer.write(Self.family, column: 0, row: 0) }
    #expect(buffer.lines == [Self.family + "  "])
    #expect(buffer.overflow.count == 1)
    var single = CellBuffer(columns: 4, rows: 1)
    single.write(Self.family, column: 0, row: 0)
    #expect(buffer == single)
  }
}
