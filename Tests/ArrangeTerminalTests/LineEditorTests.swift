import ArrangeTerminal
import Testing

@Suite struct LineEditorTests {
  @Test("Typing, moving the cursor and erasing edit at the cursor, by grapheme")
  func editing() {
    var editor = LineEditor(text: "café")
    #expect(editor.handle(.key(.left, [])) == .editing)
    #expect(editor.handle(.key(.backspace, [])) == .editing)
    #expect(editor.text == "caé")
    _ = editor.handle(.key(.character("f"), []))
    _ = editor.handle(.key(.home, []))
    _ = editor.handle(.key(.backspace, []))  // nothing before the cursor
    _ = editor.handle(.key(.delete, []))
    #expect(editor.text == "afé")
    _ = editor.handle(.key(.character("e"), .control))
    _ = editor.handle(.key(.character("👩‍👩‍👧"), []))
    _ = editor.handle(.key(.backspace, []))
    #expect(editor.text == "afé")
    #expect(editor.cursor == 3)
  }

  @Test("Control-U and Control-K erase before and after the cursor")
  func killing() {
    var editor = LineEditor(text: "one two")
    for _ in 0..<3 { _ = editor.handle(.key(.left, [])) }
    _ = editor.handle(.key(.character("k"), .control))
    #expect(editor.text == "one ")
    _ = editor.handle(.key(.character("u"), .control))
    #expect(editor.text == "")
    #expect(editor.cursor == 0)
  }

  @Test("Pastes become one printable line, cut to the maximum length")
  func pasting() {
    var editor = LineEditor(maximumLength: 12)
    _ = editor.handle(.paste("a\nb\r\nc\td\u{7}\u{1B}[A"))
    #expect(editor.text == "a b c d[A")
    _ = editor.handle(.paste("日本語のタスク"))
    #expect(editor.text == "a b c d[A日本語")
    #expect(editor.characters.count == 12)
    _ = editor.handle(.key(.character("x"), []))
    #expect(editor.text == "a b c d[A日本語")
  }

  @Test("Enter submits, Escape cancels, mouse events and Control keys are ignored")
  func outcomes() {
    var editor = LineEditor(text: "x")
    #expect(editor.handle(.key(.enter, [])) == .submitted)
    #expect(editor.handle(.key(.escape, [])) == .cancelled)
    #expect(editor.handle(.mouse(MouseEvent(.press, .left, column: 0, row: 0))) == .ignored)
    #expect(editor.handle(.key(.character("x"), .control)) == .ignored)
    #expect(editor.text == "x")
  }

  @Test("Drawing scrolls long text so that the cursor stays visible, wide characters whole")
  func drawingScrolls() {
    var editor = LineEditor(text: "日本語のとても長いタスク", prompt: "Title: ")
    var buffer = CellBuffer(columns: 16, rows: 1)
    editor.draw(into: &buffer)
    let line = buffer.lines[0]
    #expect(line.hasPrefix("Title: "))
    #expect(line.contains("タスク"))
    #expect(!line.contains("日本"))
    let reversed = (0..<16).filter { buffer[$0, 0].style.isReversed }
    #expect(reversed.count == 1, "\(line) \(reversed)")
    _ = editor.handle(.key(.home, []))
    buffer.clear()
    editor.draw(into: &buffer)
    #expect(buffer.lines[0].hasPrefix("Title: 日本語"))
    #expect(buffer[7, 0].style.isReversed)
  }
}
