extension BoardDocument {
  /// What a line at the left margin is to the board.
  enum LineKind: Equatable {
    /// A heading: its level (the number of `#`) and its text, trimmed.
    case heading(level: Int, name: String)
    /// A list item at the left margin (`-`, `*` or `+`): a card once a column has begun. The
    /// payload is the text after the marker, trimmed.
    case card(String)
    /// A thematic break (`***`, `---`, `- - -`, `___`).
    case rule
    /// Anything else: kept as it is.
    case other
  }

  /// Reads a board from the bytes of a Markdown file.
  ///
  /// - Front matter (a first line `---`, up to the next `---` or `...`), fenced code blocks
  ///   (three or more backticks or tildes) and Obsidian comments (`%%` … `%%`, which hold the
  ///   Kanban plugin's settings) are opaque: nothing in them is a column or a card.
  /// - Column headings are the file's `##` headings; a file with none uses its `###` headings,
  ///   and one with neither its `#` headings. Other headings are text.
  /// - A line at the left margin starting with `-`, `*` or `+` and a space is a card (after the
  ///   first column heading; before it, text). A thematic break is not a card.
  /// - Only indented lines (and the blank lines between them) belong to the card above them;
  ///   everything else at the left margin (prose, other headings, fences, rules, comments)
  ///   belongs to no card and stays in place whatever moves.
  /// - A `## Archive` heading right after a rule is the Obsidian archive, not a column.
  ///
  /// Cards are numbered from 0 in file order. A UTF-8 byte order mark is allowed.
  /// ``serialized()`` gives back `bytes` unchanged.
  ///
  /// - Throws: ``BoardParseError`` naming the first line at fault: a file larger than
  ///   ``maximumSize``, a NUL byte, invalid UTF-8, or a column heading without a name.
  /// - Complexity: O(size of the file).
  public static func parse(_ bytes: [UInt8]) throws(BoardParseError) -> BoardDocument {
    guard bytes.count <= maximumSize else {
      throw BoardParseError(
        kind: .tooLarge, line: 0,
        message: "the file has \(bytes.count) bytes, more than a board may have "
          + "(\(maximumSize / 1024 / 1024) MiB).")
    }
    if let nul = bytes.firstIndex(of: 0) {
      let line = 1 + BoardLine.split(Array(bytes[..<nul])).filter { $0.terminator != .none }.count
      throw BoardParseError(
        kind: .binary, line: line,
        message: "line \(line): a NUL byte; this looks like a binary file, not a Markdown board.")
    }
    let lines = BoardLine.split(bytes)
    var contents: [ArraySlice<UInt8>] = []
    contents.reserveCapacity(lines.count)
    for (offset, line) in lines.enumerated() {
      guard String(validating: line.content, as: UTF8.self) != nil else {
        throw BoardParseError(
          kind: .invalidUTF8, line: offset + 1,
          message: "line \(offset + 1) is not valid UTF-8 text; save the file as UTF-8.")
      }
      var content = line.content[...]
      if offset == 0 && content.starts(with: [0xEF, 0xBB, 0xBF]) { content = content.dropFirst(3) }
      contents.append(content)
    }
    var reader = BoardReader(lines: lines, contents: contents)
    return try reader.read()
  }

  /// What a line at the left margin with these bytes (no terminator, valid UTF-8) is.
  static func classify(_ content: ArraySlice<UInt8>) -> LineKind {
    guard let first = content.first else { return .other }
    if first == UInt8(ascii: "#") {
      let level = content.prefix { $0 == UInt8(ascii: "#") }.count
      let rest = content.dropFirst(level)
      guard level <= 6, rest.first.map({ $0 == 0x20 || $0 == 0x09 }) ?? true else {
        return .other
      }
      return .heading(level: level, name: String(decoding: rest, as: UTF8.self).trimmingWhitespace)
    }
    if isRule(content) { return .rule }
    if first == UInt8(ascii: "-") || first == UInt8(ascii: "*") || first == UInt8(ascii: "+") {
      let rest = content.dropFirst()
      guard rest.first.map({ $0 == 0x20 || $0 == 0x09 }) ?? true else {
        // `-x`, `--`, `**bold**`: text, unless nothing but whitespace follows the marker.
        return String(decoding: rest, as: UTF8.self).trimmingWhitespace.isEmpty
          ? .card("") : .other
      }
      return .card(String(decoding: rest, as: UTF8.self).trimmingWhitespace)
    }
    return .other
  }

  /// Whether a line is a thematic break: three or more of one of `-`, `*`, `_`, with nothing
  /// but spaces and tabs between them.
  static func isRule(_ content: ArraySlice<UInt8>) -> Bool {
    guard let mark = content.first,
      mark == UInt8(ascii: "-") || mark == UInt8(ascii: "*") || mark == UInt8(ascii: "_")
    else { return false }
    var count = 0
    for byte in content {
      if byte == mark {
        count += 1
      } else if byte != 0x20 && byte != 0x09 && byte != 0x0D {
        return false
      }
    }
    return count >= 3
  }

  /// A card's title split from its checkbox: `[ ] Title` is not done, `[x] Title` (any mark
  /// but a space) is done; text without a checkbox has none.
  static func splitCheckbox(_ text: String) -> (checkbox: Bool?, title: String) {
    let scalars = Array(text.unicodeScalars.prefix(4))
    guard scalars.count >= 3, scalars[0] == "[", scalars[1].isASCII, scalars[2] == "]",
      scalars.count == 3 || scalars[3] == " " || scalars[3] == "\t"
    else { return (nil, text) }
    let title = String(String.UnicodeScalarView(text.unicodeScalars.dropFirst(3)))
    return (scalars[1] != " ", title.trimmingWhitespace)
  }

  /// A lane title split from the card limit the Obsidian Kanban plugin writes after it
  /// (`Doing (3)`); a limit of 0 is none.
  static func splitLimit(_ title: String) -> (title: String, limit: Int?) {
    guard title.hasSuffix(")"), let open = title.lastIndex(of: "(") else { return (title, nil) }
    let digits = title[title.index(after: open)..<title.index(before: title.endIndex)]
    guard !digits.isEmpty, digits.count <= 9, digits.allSatisfy({ $0.isASCII && $0.isNumber }),
      let limit = Int(digits)
    else { return (title, nil) }
    return (String(title[..<open]).trimmingWhitespace, limit > 0 ? limit : nil)
  }

  /// The detail text `line` shows under its card, if it is an indented, non-blank line: the line
  /// without whitespace at either end (trailing spaces and a stray `\r` show nothing).
  static func detail(of line: BoardLine) -> String? {
    guard line.isIndented, !line.isBlank else { return nil }
    let text = String(decoding: line.content, as: UTF8.self).trimmingWhitespace
    return text.isEmpty ? nil : text
  }

  /// The card a block shows.
  static func card(from block: [BoardLine], id: CardID) -> BoardCard {
    var content = block[0].content[...]
    if content.starts(with: [0xEF, 0xBB, 0xBF]) { content = content.dropFirst(3) }
    guard case .card(let text) = classify(content) else {
      return BoardCard(id: id, title: "", details: [])
    }
    let (checkbox, rest) = splitCheckbox(text)
    let (title, blockID) = splitBlockID(rest)
    return BoardCard(
      id: id, title: title, details: block.dropFirst().compactMap(detail(of:)), checkbox: checkbox,
      blockID: blockID)
  }

  /// A card's text split from an Obsidian block id at its end (`Title ^t1a2b3`).
  ///
  /// A block id is a caret after a space or tab, then ASCII letters, digits and hyphens to the
  /// end. Text that is only a block id stays the title.
  static func splitBlockID(_ text: String) -> (title: String, blockID: String?) {
    let scalars = Array(text.unicodeScalars)
    guard let caret = scalars.lastIndex(of: "^"), caret > 0, caret < scalars.count - 1,
      scalars[caret - 1] == " " || scalars[caret - 1] == "\t",
      scalars[(caret + 1)...].allSatisfy({
        ($0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0))) || $0 == "-"
      })
    else { return (text, nil) }
    let title = String(String.UnicodeScalarView(scalars[..<caret])).trimmingWhitespace
    guard !title.isEmpty else { return (text, nil) }
    return (title, String(String.UnicodeScalarView(scalars[(caret + 1)...])))
  }
}

/// Reads the lines of a board file into a document (see ``BoardDocument/parse(_:)``).
struct BoardReader {
  let lines: [BoardLine]
  /// Each line's bytes without the byte order mark.
  let contents: [ArraySlice<UInt8>]
  /// For a line that opens an opaque region (front matter, a fence, a comment), its last line.
  var regionEnds: [Int: Int] = [:]
  var document = BoardDocument()
  /// The card being read, and the blank lines read since its last line.
  var openCard: [BoardLine]? = nil
  var pendingBlanks: [BoardLine] = []
  /// Whether the last thing that was not a blank line was a rule (for the archive).
  var afterRule = false

  init(lines: [BoardLine], contents: [ArraySlice<UInt8>]) {
    self.lines = lines
    self.contents = contents
  }

  mutating func read() throws(BoardParseError) -> BoardDocument {
    document.newline = lines.first { $0.terminator != .none }?.terminator ?? .lineFeed
    findRegions()
    document.headingLevel = columnLevel()
    var index = 0
    while index < lines.count {
      if let end = regionEnds[index] {
        region(index...end)
        index = end + 1
        continue
      }
      try line(index)
      index += 1
    }
    closeCard()
    for column in document.shownColumns.indices { document.reindex(column) }
    return document
  }

  // MARK: - Opaque regions

  /// Finds the front matter, fences and comments.
  mutating func findRegions() {
    var index = 0
    if let first = contents.first, trimmedRight(first).elementsEqual("---".utf8) {
      if let end = (1..<lines.count).first(where: {
        let line = trimmedRight(contents[$0])
        return line.elementsEqual("---".utf8) || line.elementsEqual("...".utf8)
      }) {
        regionEnds[0] = end
        document.isObsidianKanban = (1..<end).contains {
          contents[$0].starts(with: Array("kanban-plugin:".utf8))
        }
        index = end + 1
      }
    }
    while index < lines.count {
      let content = contents[index].drop { $0 == 0x20 || $0 == 0x09 }
      if let fence = fenceOpener(content) {
        var end = lines.count - 1
        for next in (index + 1)..<Swift.max(index + 1, lines.count) {
          let closing = trimmedRight(contents[next].drop { $0 == 0x20 || $0 == 0x09 })
          if closing.count >= fence.count && closing.allSatisfy({ $0 == fence.mark }) {
            end = next
            break
          }
        }
        regionEnds[index] = end
        index = end + 1
      } else if content.starts(with: [0x25, 0x25]) {
        var end = lines.count - 1
        if containsComment(content.dropFirst(2)) {
          end = index
        } else {
          for next in (index + 1)..<Swift.max(index + 1, lines.count)
          where containsComment(contents[next][...]) {
            end = next
            break
          }
        }
        regionEnds[index] = end
        index = end + 1
      } else {
        index += 1
      }
    }
  }

  /// The mark and length of a fence that `content` opens (three or more backticks or tildes).
  func fenceOpener(_ content: ArraySlice<UInt8>) -> (mark: UInt8, count: Int)? {
    guard let mark = content.first, mark == UInt8(ascii: "`") || mark == UInt8(ascii: "~") else {
      return nil
    }
    let count = content.prefix { $0 == mark }.count
    guard count >= 3 else { return nil }
    // A backtick fence's info string has no backticks.
    if mark == UInt8(ascii: "`") && content.dropFirst(count).contains(mark) { return nil }
    return (mark, count)
  }

  func containsComment(_ content: ArraySlice<UInt8>) -> Bool {
    var previous: UInt8 = 0
    for byte in content {
      if byte == 0x25 && previous == 0x25 { return true }
      previous = byte
    }
    return false
  }

  func trimmedRight(_ content: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
    var content = content
    while let last = content.last, last == 0x20 || last == 0x09 || last == 0x0D {
      content = content.dropLast()
    }
    return content
  }

  /// The heading level of columns: 2 when the file has `##` headings, else 3 when it has
  /// `###` headings, else 1 when it has `#` headings.
  func columnLevel() -> Int {
    var levels = Set<Int>()
    var index = 0
    while index < lines.count {
      if let end = regionEnds[index] {
        index = end + 1
        continue
      }
      if case .heading(let level, _) = BoardDocument.classify(contents[index]) {
        levels.insert(level)
      }
      index += 1
    }
    for level in [2, 3, 1] where levels.contains(level) { return level }
    return 2
  }

  // MARK: - Lines

  /// Reads the opaque region `range`.
  mutating func region(_ range: ClosedRange<Int>) {
    let regionLines = Array(lines[range])
    if let card = openCard, lines[range.lowerBound].isIndented {
      openCard = card + pendingBlanks + regionLines
      pendingBlanks = []
      return
    }
    closeCard()
    afterRule = false
    append(.barrier, regionLines)
  }

  mutating func line(_ index: Int) throws(BoardParseError) {
    let line = lines[index]
    if line.isBlank {
      if openCard != nil {
        pendingBlanks.append(line)
      } else {
        append(.blank, [line])
      }
      return
    }
    if contents[index].first.map({ $0 == 0x20 || $0 == 0x09 }) ?? false {
      afterRule = false
      if let card = openCard {
        openCard = card + pendingBlanks + [line]
        pendingBlanks = []
      } else {
        append(.text, [line])
      }
      return
    }
    let kind = BoardDocument.classify(contents[index])
    switch kind {
    case .heading(let level, let name) where level == document.headingLevel:
      closeCard()
      guard !name.isEmpty else {
        throw BoardParseError(
          kind: .emptyColumnName, line: index + 1,
          message: "line \(index + 1): a column needs a name after \""
            + String(repeating: "#", count: level) + " \".")
      }
      startSection(line, name: name)
    case .heading:
      closeCard()
      afterRule = false
      append(.barrier, [line])
    case .rule:
      closeCard()
      append(.barrier, [line])
      afterRule = true
    case .card where !document.sections.isEmpty:
      if var card = openCard {
        // Blank lines between two cards stay with the first.
        card += pendingBlanks
        pendingBlanks = []
        openCard = nil
        finishCard(card)
      } else {
        closeCard()
      }
      afterRule = false
      openCard = [line]
    case .card, .other:
      closeCard()
      afterRule = false
      let isMarker =
        String(decoding: contents[index], as: UTF8.self).trimmingWhitespace
        == "**Complete**"
      if isMarker, let last = document.sections.indices.last,
        !document.sections[last].isArchive,
        !document.sections[last].pieces.contains(where: { $0.kind == .card })
      {
        document.shownColumns[document.shownColumns.count - 1].marksComplete = true
      }
      append(.text, [line])
    }
  }

  mutating func startSection(_ heading: BoardLine, name: String) {
    let isArchive = afterRule && name == "Archive"
    afterRule = false
    document.sections.append(
      BoardDocument.Section(heading: heading, pieces: [], isArchive: isArchive))
    guard !isArchive else { return }
    document.columnSections.append(document.sections.count - 1)
    let (title, limit) =
      document.isObsidianKanban ? BoardDocument.splitLimit(name) : (name, nil)
    document.shownColumns.append(BoardColumn(title: title, cards: [], limit: limit))
  }

  /// Adds lines that belong to no card to the section being read (or to the preamble).
  mutating func append(_ kind: BoardDocument.PieceKind, _ pieceLines: [BoardLine]) {
    guard let last = document.sections.indices.last else {
      document.preamble += pieceLines
      return
    }
    document.sections[last].pieces.append(BoardDocument.Piece(kind: kind, lines: pieceLines))
  }

  /// Ends the card being read; the blank lines after it belong to no card.
  mutating func closeCard() {
    guard let card = openCard else { return }
    openCard = nil
    finishCard(card)
    let blanks = pendingBlanks
    pendingBlanks = []
    for blank in blanks { append(.blank, [blank]) }
  }

  mutating func finishCard(_ block: [BoardLine]) {
    let last = document.sections.count - 1
    document.sections[last].pieces.append(BoardDocument.Piece(kind: .card, lines: block))
    let card = BoardDocument.card(from: block, id: CardID(document.nextID))
    document.nextID += 1
    if document.sections[last].isArchive {
      document.archive.append(card)
    } else {
      document.shownColumns[document.shownColumns.count - 1].cards.append(card)
    }
  }
}
