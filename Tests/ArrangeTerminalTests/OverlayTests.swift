import ArrangeDragDrop
import ArrangeTerminal
import Testing

@Suite struct OverlayTests {
  static func trimmed(_ lines: [String]) -> [String] {
    lines.map { String($0.trimmingSuffixSpaces) }
  }

  @Test("The status line puts the message left and the hint right, in reverse video")
  func statusLine() {
    var buffer = CellBuffer(columns: 30, rows: 2)
    StatusLine(message: "Moved b", hint: "? help").draw(in: buffer.line(1), into: &buffer)
    #expect(buffer.lines[1] == " Moved b" + String(repeating: " ", count: 15) + "? help ")
    #expect((0..<30).allSatisfy { buffer[$0, 1].style.isReversed })
    #expect(buffer.lines[0] == String(repeating: " ", count: 30))
  }

  @Test("A long status message wins over the hint and is cut with an ellipsis")
  func statusLineTooLong() {
    var buffer = CellBuffer(columns: 16, rows: 1)
    StatusLine(message: "Moved “quarterly report” to Done", hint: "? help").draw(
      in: buffer.line(0), into: &buffer)
    #expect(buffer.lines[0] == " Moved “quarter…")
  }

  @Test("The help overlay is a centred box listing keys and actions over the frame")
  func helpOverlay() {
    var buffer = CellBuffer(columns: 30, rows: 8)
    for row in 0..<8 { buffer.write(String(repeating: "x", count: 30), column: 0, row: row) }
    HelpOverlay(
      title: "Keys", entries: [.init("Space", "lift or drop"), .init("Esc", "cancel")],
      footer: "any key closes"
    ).draw(into: &buffer)
    #expect(
      buffer.lines == [
        "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxx",
        "xxx╭ Keys ───────────────╮xxxx",
        "xxx│ Space  lift or drop │xxxx",
        "xxx│ Esc    cancel       │xxxx",
        "xxx│                     │xxxx",
        "xxx│ any key closes      │xxxx",
        "xxx╰─────────────────────╯xxxx",
        "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxx",
      ])
  }

  @Test("A help overlay taller than the screen says how many entries it left out")
  func helpOverlayClipped() {
    var buffer = CellBuffer(columns: 24, rows: 6)
    let entries = (1...9).map { HelpOverlay.Entry("k\($0)", "action \($0)") }
    HelpOverlay(title: "Keys", entries: entries, footer: "").draw(into: &buffer)
    let text = Self.trimmed(buffer.lines)
    #expect(text[1].contains("k1"))
    #expect(text[3].contains("k3"))
    #expect(text[4].contains("… 6 more"))
    #expect(text[5].hasPrefix("    ╰──"))
  }

  @Test("Too small: one centred line saying how large the window must be", arguments: [80, 30, 12])
  func tooSmall(columns: Int) {
    var buffer = CellBuffer(columns: columns, rows: 5)
    buffer.write("stale content", column: 0, row: 0)
    buffer.drawTooSmallMessage(minimum: (100, 20))
    let lines = Self.trimmed(buffer.lines)
    #expect(lines.filter { !$0.isEmpty }.count == 1)
    #expect(!lines[2].isEmpty)
    if columns == 80 {
      #expect(lines[2].contains("Window too small (80×5); enlarge it to at least 100×20."))
    } else if columns == 30 {
      #expect(lines[2].contains("Too small: need 100×20"))
    } else {
      #expect(lines[2].hasSuffix("…"))
    }
  }

  @Test("Filling or restyling a rectangle outside the buffer changes nothing and does not trap")
  func clippedRectangles() {
    var buffer = CellBuffer(columns: 5, rows: 3)
    let before = buffer
    buffer.fill(column: 0, row: 10, width: 5, height: 2, style: CellStyle(isReversed: true))
    buffer.fill(column: 9, row: 0, width: 3, height: 3, style: CellStyle(isReversed: true))
    buffer.fill(column: -4, row: -4, width: 2, height: 2, style: CellStyle(isReversed: true))
    buffer.fill(column: 1, row: 1, width: -3, height: 2, style: CellStyle(isReversed: true))
    buffer.restyle(column: 7, row: 7, width: 2, height: 2) { $0.isBold = true }
    #expect(buffer == before)
    buffer.restyle(column: -1, row: 1, width: 3, height: 9) { $0.isBold = true }
    #expect(buffer[0, 2].style.isBold && buffer[1, 1].style.isBold && !buffer[2, 1].style.isBold)
  }

  @Test("Truncation keeps text that fits and ends cut text with an ellipsis, by display width")
  func truncation() {
    #expect(TextWrapping.truncated("report", toWidth: 6) == "report")
    #expect(TextWrapping.truncated("reports", toWidth: 6) == "repor…")
    #expect(TextWrapping.truncated("日本語テキスト", toWidth: 6) == "日本…")
    #expect(TextWrapping.truncated("abc", toWidth: 0) == "")
  }

  @Test("The README's terminal quick start prints what the README says")
  func readmeQuickStart() {
    var frame = CellBuffer(columns: 24, rows: 4)
    Box(title: "To Do").draw(in: CellRect(column: 0, row: 0, width: 24, height: 3), into: &frame)
    frame.write("Write report", column: 2, row: 1)
    StatusLine(message: "Ready", hint: "? help").draw(in: frame.line(3), into: &frame)
    var renderer = TerminalRenderer()
    var terminal = InMemoryTerminal(columns: 24, rows: 4)
    terminal.receive(renderer.render(frame))
    #expect(
      terminal.lines == [
        "╭ To Do ───────────────╮",
        "│ Write report         │",
        "╰──────────────────────╯",
        " Ready           ? help ",
      ])
  }
}
