extension BoardDocument {
  /// The due date an Obsidian Kanban card carries in its title — `@{2026-12-24}`, and
  /// `@@{17:30}` for a time (local) — as `2026-12-24` or `2026-12-24 17:30`; `nil` when the title
  /// has no date in the plugin's default format.
  package static func obsidianDue(inTitle title: String) -> String? {
    guard let date = obsidianToken(in: title, opener: "@{", length: 10, isTime: false) else {
      return nil
    }
    guard let time = obsidianToken(in: title, opener: "@@{", length: 5, isTime: true) else {
      return date
    }
    return date + " " + time
  }

  /// `title` without its Obsidian date and time (`@{…}`, `@@{…}`), spaces around them closed.
  static func removingObsidianDates(from title: String) -> String {
    var words = title.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
    words.removeAll { word in
      (word.hasPrefix("@{") || word.hasPrefix("@@{")) && word.hasSuffix("}")
        && (obsidianToken(in: word, opener: "@{", length: 10, isTime: false) != nil
          || obsidianToken(in: word, opener: "@@{", length: 5, isTime: true) != nil)
    }
    return words.filter { !$0.isEmpty }.joined(separator: " ")
  }

  /// The text of the first `opener` … `}` token of `length` characters in `text` that is a date
  /// (`YYYY-MM-DD`) or a time (`HH:MM`); a date token never matches inside a time's `@@{`.
  private static func obsidianToken(
    in text: String, opener: String, length: Int, isTime: Bool
  ) -> String? {
    var rest = Substring(text)
    while let range = rest.firstRange(of: opener) {
      let isInsideTimeOpener =
        !isTime && range.lowerBound > text.startIndex
        && text[text.index(before: range.lowerBound)] == "@"
      let inside = rest[range.upperBound...].prefix(length)
      let after = rest[range.upperBound...].dropFirst(length)
      rest = rest[range.upperBound...]
      guard !isInsideTimeOpener, inside.count == length, after.first == "}" else { continue }
      let bytes = Array(inside.utf8)
      if isTime {
        guard bytes.count == 5, bytes[2] == UInt8(ascii: ":"),
          let hour = DueDate.number(bytes[0..<2]), let minute = DueDate.number(bytes[3..<5]),
          hour < 24, minute < 60
        else { continue }
      } else if DueDate.date(bytes) == nil {
        continue
      }
      return String(inside)
    }
    return nil
  }
}
