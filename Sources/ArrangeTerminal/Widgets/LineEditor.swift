/// A one-line text field for the terminal: typing, pasting, a cursor that moves by grapheme, and
/// Enter or Escape to finish.
///
/// Feed it events with ``handle(_:)``; it answers whether the text was submitted, cancelled or
/// edited. Pasted line breaks and tabs become spaces and other control characters are dropped,
/// so the text is always one printable line.
///
/// ```swift
/// var editor = LineEditor(text: "Buy milk")
/// _ = editor.handle(.key(.backspace, []))
/// editor.text  // "Buy mil"
/// ```
public struct LineEditor: Hashable, Sendable, CellDrawable {
  /// What a key or paste did to the editor.
  public enum Outcome: Hashable, Sendable {
    /// The text or the cursor changed, or nothing did; editing goes on.
    case editing
    /// Enter: the person accepted the text.
    case submitted
    /// Escape: the person gave up editing.
    case cancelled
    /// The event means nothing to a text field (a mouse event, say).
    case ignored
  }

  /// The characters, one per grapheme.
  public private(set) var characters: [Character]
  /// The cursor, as an index into ``characters`` (`characters.count` is after the last one).
  public private(set) var cursor: Int
  /// The longest text accepted, in graphemes; typing more is ignored.
  public var maximumLength: Int
  /// What is drawn before the text ("Title: ").
  public var prompt: String
  /// How the field is drawn (the cursor reverses it).
  public var style: CellStyle

  /// Creates an editor holding `text` with the cursor at its end, drawn after `prompt` in
  /// `style`.
  public init(
    text: String = "", maximumLength: Int = 500, prompt: String = "", style: CellStyle = .plain
  ) {
    self.maximumLength = Swift.max(0, maximumLength)
    self.prompt = prompt
    self.style = style
    characters = Array(Self.printable(text).prefix(self.maximumLength))
    cursor = characters.count
  }

  /// The text being edited.
  public var text: String { String(characters) }

  /// Handles one event.
  ///
  /// Enter submits, Escape cancels, printable characters and pastes insert at the cursor,
  /// Backspace and Delete erase, Left/Right/Home/End (and Control-A/E) move the cursor,
  /// Control-U erases everything before it and Control-K everything after it.
  public mutating func handle(_ event: TerminalEvent) -> Outcome {
    switch event {
    case .key(.enter, _):
      return .submitted
    case .key(.escape, _):
      return .cancelled
    case .key(.backspace, _):
      if cursor > 0 {
        characters.remove(at: cursor - 1)
        cursor -= 1
      }
    case .key(.delete, _):
      if cursor < characters.count { characters.remove(at: cursor) }
    case .key(.left, _):
      cursor = Swift.max(0, cursor - 1)
    case .key(.right, _):
      cursor = Swift.min(characters.count, cursor + 1)
    case .key(.home, _), .key(.character("a"), .control):
      cursor = 0
    case .key(.end, _), .key(.character("e"), .control):
      cursor = characters.count
    case .key(.character("u"), .control):
      characters.removeSubrange(0..<cursor)
      cursor = 0
    case .key(.character("k"), .control):
      characters.removeSubrange(cursor...)
    case .key(.character(let character), let modifiers):
      guard modifiers.isEmpty || modifiers == .shift else { return .ignored }
      insert(String(character))
    case .paste(let text):
      insert(text)
    case .key, .mouse, .resize, .unknown:
      return .ignored
    }
    return .editing
  }

  /// Inserts `text` at the cursor, made printable and cut to ``maximumLength``.
  public mutating func insert(_ text: String) {
    let room = maximumLength - characters.count
    guard room > 0 else { return }
    let inserted = Array(Self.printable(text).prefix(room))
    characters.insert(contentsOf: inserted, at: cursor)
    cursor += inserted.count
  }

  /// Draws ``prompt`` and the text on the first row of `rect`, with the cursor shown as a
  /// reversed cell; long text scrolls so that the cursor stays visible.
  public func draw(in rect: CellRect, into buffer: inout CellBuffer) {
    let (column, row, width) = (rect.column, rect.row, rect.width)
    guard width > 0, rect.height > 0 else { return }
    buffer.fill(column: column, row: row, width: width, height: 1, style: style)
    let promptWidth = Swift.min(
      buffer.write(prompt, column: column, row: row, style: style, limit: width), width)
    let room = width - promptWidth - 1
    guard room > 0 else { return }
    // Start far enough right that the cursor fits.
    var start = 0
    var used = characters[0..<cursor].reduce(0) { $0 + CharacterWidth.of(String($1)) }
    while used > room - 1, start < cursor {
      used -= CharacterWidth.of(String(characters[start]))
      start += 1
    }
    var x = column + promptWidth
    let end = column + width
    for index in start..<characters.count {
      let character = String(characters[index])
      let cellWidth = Swift.max(1, CharacterWidth.of(character))
      guard x + cellWidth <= end else { break }
      var cellStyle = style
      if index == cursor { cellStyle.isReversed.toggle() }
      x += Swift.max(
        1, buffer.write(character, column: x, row: row, style: cellStyle, limit: end - x))
    }
    if cursor == characters.count, x < end {
      var cellStyle = style
      cellStyle.isReversed.toggle()
      buffer.write(" ", column: x, row: row, style: cellStyle)
    }
  }

  /// `text` with line breaks and tabs turned into spaces and other control characters removed.
  static func printable(_ text: String) -> [Character] {
    var result: [Character] = []
    for character in text {
      if character == "\n" || character == "\r\n" || character == "\r" || character == "\t" {
        result.append(" ")
      } else if let scalar = character.unicodeScalars.first, character.unicodeScalars.count == 1,
        scalar.value < 0x20 || (scalar.value >= 0x7F && scalar.value < 0xA0)
      {
        continue
      } else {
        result.append(character)
      }
    }
    return result
  }
}
