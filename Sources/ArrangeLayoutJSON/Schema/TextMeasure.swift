import ArrangeGeometry

/// The measure of a `"text"` leaf: words wrapped greedily, one cell per Unicode scalar.
///
/// Words are runs of non-whitespace scalars; `\n` starts a new paragraph (so a blank line is a
/// line of width 0). Each paragraph is wrapped greedily: a word joins the current line, after
/// one space, when the line still fits in the proposed width; otherwise it starts a new line. A
/// word longer than the width gets a line of its own and is not broken. With no proposed width
/// every paragraph is one line. The size is the longest line by the number of lines; a text with
/// no words at all measures 0 × 0.
struct TextMeasure: Sendable {
  /// The lengths of the words of each paragraph, in Unicode scalars.
  let paragraphs: [[Int]]

  init(_ text: String) {
    var paragraphs: [[Int]] = [[]]
    var wordLength = 0
    var hasWords = false
    for scalar in text.unicodeScalars {
      if scalar == "\n" || scalar.properties.isWhitespace {
        if wordLength > 0 {
          paragraphs[paragraphs.count - 1].append(wordLength)
          wordLength = 0
        }
        if scalar == "\n" { paragraphs.append([]) }
      } else {
        wordLength += 1
        hasWords = true
      }
    }
    if wordLength > 0 { paragraphs[paragraphs.count - 1].append(wordLength) }
    self.paragraphs = hasWords ? paragraphs : []
  }

  /// The size of the text wrapped to `width` (unconstrained when `nil`).
  func size(width: Double?) -> Size {
    let limit = width ?? .infinity
    var lines = 0
    var longest = 0
    for words in paragraphs {
      lines += 1
      var line = 0
      for length in words {
        if line == 0 {
          line = length
        } else if Double(line + 1 + length) <= limit {
          line += 1 + length
        } else {
          longest = max(longest, line)
          lines += 1
          line = length
        }
      }
      longest = max(longest, line)
    }
    return Size(width: Double(longest), height: Double(lines))
  }
}
