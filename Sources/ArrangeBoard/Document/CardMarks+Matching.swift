extension CardMarks {
  /// One mark found at a place of a title.
  ///
  /// Its kind, what it holds (``inner``), a link's address, and where it ends. Places are offsets of the title's Unicode scalars.
  struct Mark {
    /// The kinds, in the order they are tried at a place.
    enum Kind {
      case code, strong, strike, highlight, emphasis, wikiLink, link, address, tag, time, date
    }
    /// The mark's kind.
    var kind: Kind
    /// What it holds or shows: a bold's words, a tag's name, a wiki link's alias or page.
    var inner: Range<Int>
    /// A link's address (empty for other marks).
    var address: Range<Int> = 0..<0
    /// The place just after the mark.
    var end: Int

    /// The mark that starts at `index` of `text`, trying each kind in order, or `nil`.
    static func at(_ index: Int, in text: ArraySlice<Unicode.Scalar>) -> Mark? {
      let matcher = Matcher(text: text, start: index)
      switch text[index] {
      case "`": return matcher.code()
      case "*":
        return matcher.enclosed(.strong, by: "*") ?? matcher.emphasis(by: "*")
      case "_":
        return matcher.enclosed(.strong, by: "_") ?? matcher.emphasis(by: "_")
      case "~": return matcher.enclosed(.strike, by: "~")
      case "=": return matcher.enclosed(.highlight, by: "=")
      case "[": return matcher.wikiLink() ?? matcher.link()
      case "h": return matcher.address()
      case "#": return matcher.tag()
      case "@": return matcher.braced(.time, after: "@@{") ?? matcher.braced(.date, after: "@{")
      default: return nil
      }
    }
  }

  /// Reads one mark at a place; each function is one kind's rule.
  private struct Matcher {
    let text: ArraySlice<Unicode.Scalar>
    let start: Int
    var end: Int { text.endIndex }

    func has(_ scalar: Unicode.Scalar, at index: Int) -> Bool {
      index >= text.startIndex && index < end && text[index] == scalar
    }

    /// Whether the text at `index` spells `word`.
    func spells(_ word: String, at index: Int) -> Bool {
      var place = index
      for scalar in word.unicodeScalars {
        guard has(scalar, at: place) else { return false }
        place += 1
      }
      return true
    }

    /// The end of the run of scalars from `index` that `belongs` accepts.
    func run(from index: Int, while belongs: (Unicode.Scalar) -> Bool) -> Int {
      var place = index
      while place < end && belongs(text[place]) { place += 1 }
      return place
    }

    /// `` `code` ``: a run of backticks, text without one, and as many backticks again.
    func code() -> Mark? {
      let ticks = run(from: start) { $0 == "`" } - start
      let content = start + ticks
      let close = run(from: content) { $0 != "`" }
      guard close > content, run(from: close, while: { $0 == "`" }) - close >= ticks else {
        return nil
      }
      return Mark(kind: .code, inner: content..<close, end: close + ticks)
    }

    /// `**x**`, `__x__`, `~~x~~`, `==x==`: the sign twice, the fewest characters of one line
    /// (at least one), the sign twice.
    func enclosed(_ kind: Mark.Kind, by sign: Unicode.Scalar) -> Mark? {
      guard has(sign, at: start + 1) else { return nil }
      let content = start + 2
      guard content < end, !isLineBreak(text[content]) else { return nil }
      var place = content + 1
      while place + 1 < end {
        if text[place] == sign && text[place + 1] == sign {
          return Mark(kind: kind, inner: content..<place, end: place + 2)
        }
        if isLineBreak(text[place]) { return nil }
        place += 1
      }
      return nil
    }

    /// `*x*` or `_x_`, not inside a word: no letter, digit or the sign just before or after, no
    /// space just inside.
    func emphasis(by sign: Unicode.Scalar) -> Mark? {
      if start > text.startIndex {
        let before = text[start - 1]
        guard !isLetterOrDigit(before), before != sign else { return nil }
      }
      let content = start + 1
      guard content < end, !isSpace(text[content]) else { return nil }
      var place = content + 1
      while place < end {
        if text[place] == sign && !isSpace(text[place - 1]) {
          let after = place + 1 < end ? text[place + 1] : nil
          if after.map({ !isLetterOrDigit($0) && $0 != sign }) ?? true {
            return Mark(kind: .emphasis, inner: content..<place, end: place + 1)
          }
        }
        if isLineBreak(text[place]) { return nil }
        place += 1
      }
      return nil
    }

    /// `[[page]]` or `[[page|alias]]`, shown by its alias or page.
    func wikiLink() -> Mark? {
      guard spells("[[", at: start) else { return nil }
      let page = start + 2
      let pageEnd = run(from: page) { $0 != "]" && $0 != "|" }
      guard pageEnd > page else { return nil }
      if has("|", at: pageEnd) {
        let alias = pageEnd + 1
        let aliasEnd = run(from: alias) { $0 != "]" }
        guard aliasEnd > alias, spells("]]", at: aliasEnd) else { return nil }
        return Mark(kind: .wikiLink, inner: alias..<aliasEnd, end: aliasEnd + 2)
      }
      guard spells("]]", at: pageEnd) else { return nil }
      return Mark(kind: .wikiLink, inner: page..<pageEnd, end: pageEnd + 2)
    }

    /// `[label](address)`: an address without spaces.
    func link() -> Mark? {
      let label = start + 1
      let labelEnd = run(from: label) { $0 != "]" }
      guard labelEnd > label, spells("](", at: labelEnd) else { return nil }
      let address = labelEnd + 2
      let addressEnd = run(from: address) { $0 != ")" && !isSpace($0) }
      guard addressEnd > address, has(")", at: addressEnd) else { return nil }
      return Mark(
        kind: .link, inner: label..<labelEnd, address: address..<addressEnd, end: addressEnd + 1)
    }

    /// A bare `http://` or `https://` address, up to a space, `<` or `>`, without the
    /// punctuation that ends a sentence after it.
    func address() -> Mark? {
      let scheme = spells("https://", at: start) ? 8 : spells("http://", at: start) ? 7 : 0
      guard scheme > 0 else { return nil }
      let runEnd = run(from: start + scheme) { !isSpace($0) && $0 != "<" && $0 != ">" }
      var last = runEnd - 1
      while last >= start + scheme && "().,;:!?'\"]".unicodeScalars.contains(text[last]) {
        last -= 1
      }
      guard last >= start + scheme else { return nil }
      return Mark(kind: .address, inner: start..<(last + 1), end: last + 1)
    }

    /// `#tag`: letters, digits, `_`, `-` and `/`, not digits alone, not just after a letter,
    /// digit, `_` or `&`.
    func tag() -> Mark? {
      if start > text.startIndex {
        let before = text[start - 1]
        guard !isLetterOrDigit(before), before != "_", before != "&" else { return nil }
      }
      let name = start + 1
      let nameEnd = run(from: name) { isLetterOrDigit($0) || "_-/".unicodeScalars.contains($0) }
      guard text[name..<nameEnd].contains(where: { !isDigit($0) }) else { return nil }
      return Mark(kind: .tag, inner: name..<nameEnd, end: nameEnd)
    }

    /// `@@{…}` or `@{…}`: at least one character inside.
    func braced(_ kind: Mark.Kind, after opening: String) -> Mark? {
      guard spells(opening, at: start) else { return nil }
      let inside = start + opening.unicodeScalars.count
      let insideEnd = run(from: inside) { $0 != "}" }
      guard insideEnd > inside, has("}", at: insideEnd) else { return nil }
      return Mark(kind: kind, inner: inside..<insideEnd, end: insideEnd + 1)
    }
  }

  /// A letter or a number of any script (Unicode's L and N categories).
  static func isLetterOrDigit(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.properties.generalCategory {
    case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
      .decimalNumber, .letterNumber, .otherNumber:
      true
    default: false
    }
  }

  /// A number of any script (Unicode's N category).
  static func isDigit(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.properties.generalCategory {
    case .decimalNumber, .letterNumber, .otherNumber: true
    default: false
    }
  }

  /// White space, as the web's regular expressions count it (`\s`).
  static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x09...0x0D, 0x20, 0xA0, 0x1680, 0x2000...0x200A, 0x2028, 0x2029, 0x202F, 0x205F,
      0x3000, 0xFEFF:
      true
    default: false
    }
  }

  /// A line break (no mark but code and links runs over one).
  static func isLineBreak(_ scalar: Unicode.Scalar) -> Bool {
    scalar == "\n" || scalar == "\r" || scalar == "\u{2028}" || scalar == "\u{2029}"
  }
}
