/// Word wrapping by display width (terminal cells), for card titles and help text.
public enum TextWrapping {
  /// Breaks `text` into lines of at most `width` cells.
  ///
  /// Lines break at spaces; a word longer than a line is split between characters; wide
  /// characters (CJK, emoji) count two cells and may break anywhere, as CJK text does. Newlines in
  /// the text start new lines. A width below 1 counts as 1 (so a wide character still gets a line
  /// of its own). An empty text gives one empty line.
  ///
  /// ```swift
  /// TextWrapping.lines("Write the quarterly report", width: 10)
  /// // ["Write the", "quarterly", "report"]
  /// ```
  public static func lines(_ text: String, width: Int) -> [String] {
    let limit = Swift.max(1, width)
    var result: [String] = []
    for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
      result.append(contentsOf: wrap(String(paragraph), limit))
    }
    return result
  }

  /// The number of cells `text` takes on one line.
  public static func width(of text: String) -> Int { CharacterWidth.of(text) }

  /// `text` cut to at most `width` cells, ending with "…" when something was cut.
  ///
  /// ```swift
  /// TextWrapping.truncated("Write the quarterly report", toWidth: 10)  // "Write the…"
  /// ```
  public static func truncated(_ text: String, toWidth width: Int) -> String {
    guard width > 0 else { return "" }
    if CharacterWidth.of(text) <= width { return text }
    var result = ""
    var used = 0
    for character in text {
      let characterWidth = CharacterWidth.of(character)
      if used + characterWidth > width - 1 { break }
      result.append(character)
      used += characterWidth
    }
    return result + "…"
  }

  private static func wrap(_ paragraph: String, _ limit: Int) -> [String] {
    var lines: [String] = []
    var line = ""
    var lineWidth = 0
    func finish() {
      lines.append(line)
      line = ""
      lineWidth = 0
    }
    for word in paragraph.split(separator: " ", omittingEmptySubsequences: true) {
      let wordWidth = CharacterWidth.of(String(word))
      let gap = line.isEmpty ? 0 : 1
      if lineWidth + gap + wordWidth <= limit {
        if gap == 1 { line += " " }
        line += word
        lineWidth += gap + wordWidth
        continue
      }
      if !line.isEmpty && wordWidth <= limit {
        finish()
        line = String(word)
        lineWidth = wordWidth
        continue
      }
      // Too long for any line (or wide text): fill character by character.
      if !line.isEmpty && lineWidth + 1 < limit {
        line += " "
        lineWidth += 1
      } else if !line.isEmpty {
        finish()
      }
      for character in word {
        let characterWidth = CharacterWidth.of(character)
        if lineWidth + characterWidth > limit && !line.isEmpty { finish() }
        line.append(character)
        lineWidth += characterWidth
      }
    }
    if !line.isEmpty || lines.isEmpty { lines.append(line) }
    return lines
  }
}
