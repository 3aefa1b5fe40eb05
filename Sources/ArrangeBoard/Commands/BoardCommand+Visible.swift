extension BoardCommand {
  /// Text from a board file or from an argument, made harmless to print on a terminal: every
  /// character that a terminal would act on instead of showing is written out as a Swift-style
  /// escape, `\u{1B}`, and a tab becomes a space.
  ///
  /// Escaped are the C0 controls (U+0000–U+001F, the escape character among them, which starts
  /// the sequences that set a window's title, write to the clipboard or clear the screen), DEL
  /// and the C1 controls (U+007F–U+009F), the bidirectional embeddings, overrides and isolates
  /// (U+202A–U+202E, U+2066–U+2069), which reorder the text around them, and the line and
  /// paragraph separators (U+2028, U+2029). A line break is escaped too, unless
  /// `keepingLineBreaks` is set, so that one title stays one line. Everything else, other
  /// languages and emoji included, is kept. The result has nothing left to escape, so escaping
  /// it again changes nothing.
  ///
  /// ```swift
  /// BoardCommand.visible("Fix\u{1B}[2J")  // "Fix\\u{1B}[2J": a backslash, a u, braces
  /// BoardCommand.visible("a\tb")           // "a b"
  /// ```
  ///
  /// - Complexity: O(n) in the length of `text`.
  public static func visible(_ text: some StringProtocol, keepingLineBreaks: Bool = false)
    -> String
  {
    guard text.unicodeScalars.contains(where: { needsEscape($0) }) else { return String(text) }
    var result = ""
    result.reserveCapacity(text.utf8.count + 16)
    for scalar in text.unicodeScalars {
      if scalar == "\t" {
        result += " "
      } else if scalar == "\n" && keepingLineBreaks {
        result += "\n"
      } else if needsEscape(scalar) {
        result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
      } else {
        result.unicodeScalars.append(scalar)
      }
    }
    return result
  }

  /// Whether a terminal would act on `scalar` instead of showing it (see
  /// ``visible(_:keepingLineBreaks:)``).
  static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x00...0x1F, 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069, 0x2028, 0x2029: return true
    default: return false
    }
  }
}
