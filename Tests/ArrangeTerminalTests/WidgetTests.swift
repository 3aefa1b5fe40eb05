import ArrangeDragDrop
import ArrangeGeometry
import ArrangeLayout
import ArrangeTerminal
import ArrangeTestSupport
import Testing

@Suite struct WidgetTests {
  @Test(
    "Text wraps at spaces by display width",
    arguments: [
      ("Write the quarterly report", 10, ["Write the", "quarterly", "report"]),
      ("supercalifragilistic", 8, ["supercal", "ifragili", "stic"]),
      ("a bb ccc", 3, ["a", "bb", "ccc"]),
      ("日本語のテキスト", 6, ["日本語", "のテキ", "スト"]),
      ("two\nparagraphs here", 20, ["two", "paragraphs here"]),
      ("", 5, [""]),
      ("x 😀😀", 4, ["x", "😀😀"]),
    ] as [(String, Int, [String])])
  func wrapping(_ text: String, _ width: Int, _ expected: [String]) {
    #expect(TextWrapping.lines(text, width: width) == expected)
  }

  @Test("Wrapped lines never exceed the width and keep every character (2,000 texts)")
  func wrappingProperty() {
    var random = SeededRandom(seed: 0x3A11_7E57)
    let pieces = ["a", "bc", "déf", " ", " ", "日本", "😀", "longwordwithoutspaces", "x"]
    for _ in 0..<2_000 {
      var text = ""
      for _ in 0..<random.integer(in: 0...12) { text += random.pick(pieces) }
      let width = random.integer(in: 2...16)
      let lines = TextWrapping.lines(text, width: width)
      for line in lines { #expect(CharacterWidth.of(line) <= width) }
      let kept = lines.joined().filter { $0 != " " }
      #expect(kept == text.filter { $0 != " " })
    }
  }

  @Test("A box draws its border and a title that is cut with an ellipsis when too long")
  func box() {
    var buffer = CellBuffer(columns: 12, rows: 4)
    buffer.drawBox(column: 0, row: 0, width: 12, height: 4, title: "To Do")
    #expect(buffer.lines == ["┌ To Do ───┐", "│          │", "│          │", "└──────────┘"])
    var narrow = CellBuffer(columns: 10, rows: 3)
    narrow.drawBox(column: 0, row: 0, width: 10, height: 3, title: "In Progress")
    #expect(narrow.lines == ["┌ In Pr… ┐", "│        │", "└────────┘"])
  }

  @Test("Every widget draws inside the rectangle it is given and nowhere else")
  func widgetsStayInTheirRectangle() {
    let widgets: [(String, any CellDrawable)] = [
      ("status line", StatusLine(message: "Moved a very long card title", hint: "? help")),
      ("help", HelpOverlay(title: "Keys", entries: [.init("q", "quit"), .init("?", "help")])),
      ("line editor", LineEditor(text: "A long title being typed", prompt: "Title: ")),
      ("box", Box(title: "A title longer than the box", border: .heavy)),
    ]
    let rect = CellRect(column: 3, row: 2, width: 14, height: 5)
    for (name, widget) in widgets {
      var buffer = CellBuffer(columns: 20, rows: 9)
      for row in 0..<9 { buffer.write(String(repeating: "x", count: 20), column: 0, row: row) }
      widget.draw(in: rect, into: &buffer)
      var outside = 0
      var inside = 0
      for row in 0..<9 {
        for column in 0..<20 {
          let isInside = rect.contains(column: column, row: row)
          let untouched = buffer[column, row].text == "x" && buffer[column, row].style == .plain
          if !isInside && !untouched { outside += 1 }
          if isInside && !untouched { inside += 1 }
        }
      }
      #expect(outside == 0, "\(name) drew \(outside) cells outside its rectangle")
      #expect(inside > 0, "\(name) drew nothing")
    }
  }
}
