extension BoardDocument {
  /// The JSON of the Obsidian Kanban plugin's settings footer, as written in the file, or `nil`
  /// when the board has none.
  ///
  /// The plugin writes its board's settings at the end of the file, in a comment:
  ///
  /// ````
  /// %% kanban:settings
  /// ```
  /// {"kanban-plugin":"board","tag-colors":[…]}
  /// ```
  /// %%
  /// ````
  ///
  /// Only the footer after the last column (or the archive) counts; the text is not checked:
  /// whoever reads it reads it strictly.
  public var obsidianSettings: String? {
    guard let section = sections.last else { return nil }
    let lines = section.pieces.flatMap(\.lines)
    guard
      let start = lines.lastIndex(where: {
        String(decoding: $0.content, as: UTF8.self).trimmingWhitespace == "%% kanban:settings"
      })
    else { return nil }
    var json: [String] = []
    var inFence = false
    for line in lines[(start + 1)...] {
      let text = String(decoding: line.content, as: UTF8.self)
      let trimmed = text.trimmingWhitespace
      if trimmed.hasPrefix("```") {
        if inFence { return json.joined(separator: "\n") }
        inFence = true
      } else if inFence {
        json.append(text)
      } else if trimmed == "%%" {
        break
      } else if !trimmed.isEmpty {
        return nil
      }
    }
    return nil
  }
}
