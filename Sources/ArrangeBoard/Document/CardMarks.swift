/// The inline marks a card's title may carry, as Obsidian and most Markdown editors write them,
/// read by one rule for every front end: the terminal colours its tags and dates by it, and the
/// server sends the browser a title already read by it (``CardMarks/Run``), so what counts as a
/// tag, and its colour, is decided here alone.
///
/// The marks, tried in this order at each place of the title, the leftmost mark winning: code
/// (a backtick on each side), bold (`**x**`, `__x__`), strike (`~~x~~`), highlight (`==x==`),
/// italic (`*x*`, `_x_`, not inside a word), wiki links (`[[page]]`, `[[page|alias]]`), links
/// (`[label](url)`, only web and mail addresses link), bare web addresses, tags (`#tag`, not
/// after a letter, digit, `_` or `&`, and not digits alone), Obsidian's times (`@@{17:30}`) and
/// dates (`@{2026-12-24}`).
/// Bold, strike, highlight, italic and a link's label hold marks of their own.
public enum CardMarks {
  /// A piece of a title: plain words, or a mark with what it shows.
  public indirect enum Run: Hashable, Sendable {
    /// Words as written.
    case text(String)
    /// Code, shown as written.
    case code(String)
    /// Bold.
    case strong([Run])
    /// Struck through.
    case strike([Run])
    /// Highlighted.
    case highlight([Run])
    /// Italic.
    case emphasis([Run])
    /// A wiki link, shown by its alias or its page.
    case wikiLink(String)
    /// A link to a web or mail address, with its label.
    case link(address: String, label: [Run])
    /// A tag (its name without `#`) and its hue (``hue(ofTag:)``).
    case tag(String, hue: Int)
    /// An Obsidian time, `@@{17:30}`, shown as its inside.
    case time(String)
    /// An Obsidian date, `@{2026-12-24}`, shown as its inside.
    case date(String)
  }

  /// The runs of `title`: plain text and marks, in order.
  public static func runs(of title: String) -> [Run] {
    runs(Array(title.unicodeScalars)[...])
  }

  /// The hue of tag `name` (0–359): the same for the same tag, whatever its case, wherever it is
  /// drawn.
  public static func hue(ofTag name: String) -> Int {
    var hash = 0
    for scalar in name.lowercased().unicodeScalars { hash = (hash * 31 + Int(scalar.value)) % 3607 }
    return hash % 360
  }

  /// The words a person reads in `runs`: the marks' signs left out (`#` kept on tags).
  public static func plainText(_ runs: [Run]) -> String {
    runs.map { run in
      switch run {
      case .text(let text), .code(let text), .wikiLink(let text), .time(let text), .date(let text):
        text
      case .strong(let inner), .strike(let inner), .highlight(let inner), .emphasis(let inner):
        plainText(inner)
      case .link(_, let label): plainText(label)
      case .tag(let name, _): "#" + name
      }
    }.joined()
  }

  /// Where the tags, dates and times are in `text`, for a front end that colours them in place.
  ///
  /// Their character offsets and lengths, each with its signs (`#tag`, `@{2026-12-24}`). Offsets count `Character`s of `text` itself, marks' signs included.
  public static func tagsAndDates(in text: String) -> [(start: Int, length: Int)] {
    let scalars = Array(text.unicodeScalars)
    var found: [(Range<Int>)] = []
    collectTagsAndDates(scalars[...], into: &found)
    guard !found.isEmpty else { return [] }
    // Scalar offsets to character offsets.
    var characterAt = [Int](repeating: 0, count: scalars.count + 1)
    var scalar = 0
    var character = 0
    for each in text {
      for _ in each.unicodeScalars {
        characterAt[scalar] = character
        scalar += 1
      }
      character += 1
    }
    characterAt[scalars.count] = character
    return found.map { range in
      (characterAt[range.lowerBound], characterAt[range.upperBound] - characterAt[range.lowerBound])
    }
  }

  private static func collectTagsAndDates(
    _ text: ArraySlice<Unicode.Scalar>, into found: inout [Range<Int>]
  ) {
    var index = text.startIndex
    while index < text.endIndex {
      guard let mark = Mark.at(index, in: text) else {
        index += 1
        continue
      }
      switch mark.kind {
      case .tag: found.append(index..<mark.end)
      case .time, .date: found.append(index..<mark.end)
      case .strong, .strike, .highlight, .emphasis, .link:
        collectTagsAndDates(text[mark.inner], into: &found)
      default: break
      }
      index = mark.end
    }
  }

  private static func runs(_ text: ArraySlice<Unicode.Scalar>) -> [Run] {
    var runs: [Run] = []
    var plainStart = text.startIndex
    var index = text.startIndex
    func string(_ range: Range<Int>) -> String {
      var result = ""
      result.unicodeScalars.append(contentsOf: text[range])
      return result
    }
    while index < text.endIndex {
      guard let mark = Mark.at(index, in: text) else {
        index += 1
        continue
      }
      if plainStart < index { runs.append(.text(string(plainStart..<index))) }
      let inner = string(mark.inner)
      switch mark.kind {
      case .code: runs.append(.code(inner))
      case .strong: runs.append(.strong(Self.runs(text[mark.inner])))
      case .strike: runs.append(.strike(Self.runs(text[mark.inner])))
      case .highlight: runs.append(.highlight(Self.runs(text[mark.inner])))
      case .emphasis: runs.append(.emphasis(Self.runs(text[mark.inner])))
      case .wikiLink: runs.append(.wikiLink(inner))
      case .link:
        let address = string(mark.address)
        // Only web and mail addresses become links; anything else (`javascript:`) stays as
        // written.
        if isWebAddress(address) {
          runs.append(.link(address: address, label: Self.runs(text[mark.inner])))
        } else {
          runs.append(.text(string(index..<mark.end)))
        }
      case .address: runs.append(.link(address: inner, label: [.text(inner)]))
      case .tag: runs.append(.tag(inner, hue: hue(ofTag: inner)))
      case .time: runs.append(.time(inner))
      case .date: runs.append(.date(inner))
      }
      index = mark.end
      plainStart = index
    }
    if plainStart < text.endIndex { runs.append(.text(string(plainStart..<text.endIndex))) }
    // Neighbouring plain pieces (a link that was not one) read as one.
    var merged: [Run] = []
    for run in runs {
      if case .text(let next) = run, case .text(let previous)? = merged.last {
        merged[merged.count - 1] = .text(previous + next)
      } else {
        merged.append(run)
      }
    }
    return merged
  }

  /// Whether `address` is a web or mail address, the only kinds a title links to.
  static func isWebAddress(_ address: String) -> Bool {
    let lower = address.lowercased()
    return lower.hasPrefix("http://") || lower.hasPrefix("https://") || lower.hasPrefix("mailto:")
  }
}
