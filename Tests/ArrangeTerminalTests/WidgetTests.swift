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

  static func board() -> FlowGeometry<String> {
    // Nine 4×1 tasks in a flow 14 cells wide: three per line (4 + 1 + 4 + 1 + 4), three lines.
    let items = (1...9).map { "t\($0)" }
    let style = FlowStyle(axis: .horizontal, itemSpacing: 1, lineSpacing: 0)
    return FlowGeometry(
      items: items, sizes: Array(repeating: Size(width: 4, height: 1), count: 9),
      frame: Rect(x: 10, y: 5, width: 14, height: 3), style: style)
  }

  @Test("A flow container answers item and insertion queries in arena coordinates")
  func flowQueries() {
    let flow = Self.board()
    #expect(flow.frameOfItem(at: 4) == Rect(x: 15, y: 6, width: 4, height: 1))
    #expect(flow.itemIndex(at: Point(x: 16, y: 6.5)) == 4)
    #expect(flow.itemIndex(at: Point(x: 14.5, y: 6.5)) == nil)  // the gap
    #expect(flow.itemIndex(at: Point(x: 0, y: 0)) == nil)
    #expect(flow.insertionIndex(for: Point(x: 11, y: 7.5)) == 6)
    #expect(flow.insertionIndex(for: Point(x: 23.5, y: 7.5)) == 9)
    #expect(flow.index(of: "t7") == 6)
  }

  @Test("ShinobiEssentials: a task dragged from the first line to the last in a flow container")
  func flowDrag() throws {
    var engine = DragEngine(
      containers: [ArenaContainer(id: ContainerID(0), name: "Tasks", geometry: Self.board())])
    var model = DragModel<String>([(ContainerID(0), (1...9).map { "t\($0)" })])
    let steps: [(PointerPhase, Double, Double)] = [
      (.down, 11, 5.5), (.move, 17, 5.5), (.move, 16.5, 7.5), (.up, 16.5, 7.5),
    ]
    for (phase, x, y) in steps {
      for effect in engine.handle(.pointer(PointerEvent(phase, at: Point(x: x, y: y), time: 0))) {
        if case .apply(let operation) = effect { try model.apply(operation) }
      }
    }
    // Before t8's middle on the last line: after t7, which is now at index 5.
    #expect(
      model.items(in: ContainerID(0)) == ["t2", "t3", "t4", "t5", "t6", "t7", "t1", "t8", "t9"])
  }
}
