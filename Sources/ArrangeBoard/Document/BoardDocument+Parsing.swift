extension BoardDocument {
  /// What a line is to the board.
  enum LineKind: Equatable {
    /// A `## Name` heading.
    case heading(String)
    /// A `##` heading without a name.
    case emptyHeading
    /// An unindented `- Title` or `* Title` card line.
    case card(String)
    /// A card marker without a title; the payload is the marker (`-` or `*`).
    case emptyCard(Character)
    /// Anything else: kept as it is.
    case other
  }

  /// Reads a board from the bytes of a Markdown file.
  ///
  /// Lines are classified as follows; everything that is not a heading or a card is kept
  /// exactly, and ``serialized()`` gives back `bytes` unchanged:
  /// - a line starting with `##` and a space or a tab (not `###`) is a column heading; its name
  ///   is the rest, trimmed;
  /// - an unindented line starting with `- ` or `* ` is a card; its title is the rest, trimmed;
  /// - lines after a card up to the next card or heading belong to the card (its detail lines
  ///   are the indented ones).
  ///
  /// Cards are numbered from 0 in file order. A UTF-8 byte order mark is allowed.
  ///
  /// - Throws: ``BoardParseError`` naming the first line at fault: a file larger than
  ///   ``maximumSize``, a NUL byte, invalid UTF-8, a heading without a name, a card without a
  ///   title, or a card before the first heading.
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
    var document = BoardDocument()
    document.newline = lines.first { $0.terminator != .none }?.terminator ?? .lineFeed
    for (offset, line) in lines.enumerated() {
      let number = offset + 1
      let kind = try classify(line, number: number)
      switch kind {
      case .heading(let name):
        document.closeLastSection()
        document.sections.append(Section(heading: line, lead: [], blocks: [], tail: []))
        document.shownColumns.append(BoardColumn(title: name, cards: []))
      case .emptyHeading:
        throw BoardParseError(
          kind: .emptyColumnName, line: number,
          message: "line \(number): a column needs a name after \"## \".")
      case .emptyCard(let marker):
        throw BoardParseError(
          kind: .emptyCardTitle, line: number,
          message: "line \(number): a card needs a title after \"\(marker) \".")
      case .card(let title):
        guard !document.sections.isEmpty else {
          throw BoardParseError(
            kind: .cardOutsideColumn, line: number,
            message: "line \(number): a card must come after a “## Column” heading.")
        }
        let last = document.sections.count - 1
        document.sections[last].blocks.append([line])
        document.shownColumns[last].cards.append(
          BoardCard(id: CardID(document.nextID), title: title, details: []))
        document.nextID += 1
      case .other:
        guard let last = document.sections.indices.last else {
          document.preamble.append(line)
          continue
        }
        if document.sections[last].blocks.isEmpty {
          document.sections[last].lead.append(line)
        } else {
          let block = document.sections[last].blocks.count - 1
          document.sections[last].blocks[block].append(line)
          if let detail = detail(of: line) {
            document.shownColumns[last].cards[block].details.append(detail)
          }
        }
      }
    }
    document.closeLastSection()
    for column in document.shownColumns.indices { document.reindex(column) }
    return document
  }

  /// Moves the blank lines that end the last section into its tail: those of its last card
  /// block, or of its lead when it has no cards.
  mutating func closeLastSection() {
    guard let last = sections.indices.last else { return }
    var section = sections[last]
    if let block = section.blocks.indices.last {
      // The card line itself is never blank, so at least it stays in the block.
      while let line = section.blocks[block].last, line.isBlank {
        section.tail.insert(line, at: 0)
        section.blocks[block].removeLast()
      }
    } else {
      while let line = section.lead.last, line.isBlank {
        section.tail.insert(line, at: 0)
        section.lead.removeLast()
      }
    }
    sections[last] = section
  }

  /// What `line` is, after checking that it is UTF-8.
  static func classify(_ line: BoardLine, number: Int) throws(BoardParseError) -> LineKind {
    guard String(validating: line.content, as: UTF8.self) != nil else {
      throw BoardParseError(
        kind: .invalidUTF8, line: number,
        message: "line \(number) is not valid UTF-8 text; save the file as UTF-8.")
    }
    var content = line.content[...]
    if number == 1 && content.starts(with: [0xEF, 0xBB, 0xBF]) {
      content = content.dropFirst(3)
    }
    return classify(content)
  }

  /// What a line with these bytes (no terminator, valid UTF-8) is.
  static func classify(_ content: ArraySlice<UInt8>) -> LineKind {
    guard let first = content.first else { return .other }
    if first == UInt8(ascii: "#") {
      guard content.starts(with: [0x23, 0x23]) else { return .other }
      let rest = content.dropFirst(2)
      if let separator = rest.first, separator == 0x20 || separator == 0x09 {
        let name = String(decoding: rest, as: UTF8.self).trimmingWhitespace
        return name.isEmpty ? .emptyHeading : .heading(name)
      }
      return String(decoding: rest, as: UTF8.self).trimmingWhitespace.isEmpty
        ? .emptyHeading : .other
    }
    if first == UInt8(ascii: "-") || first == UInt8(ascii: "*") {
      let marker: Character = first == UInt8(ascii: "-") ? "-" : "*"
      let rest = content.dropFirst()
      if let separator = rest.first, separator != 0x20 {
        // `-x`, `--`, `**bold**`: text, unless nothing but whitespace follows the marker.
        return String(decoding: rest, as: UTF8.self).trimmingWhitespace.isEmpty
          ? .emptyCard(marker) : .other
      }
      let title = String(decoding: rest, as: UTF8.self).trimmingWhitespace
      return title.isEmpty ? .emptyCard(marker) : .card(title)
    }
    return .other
  }

  /// The detail text `line` shows under its card, if it is an indented, non-blank line: the line
  /// without whitespace at either end (trailing spaces and a stray `\r` show nothing).
  static func detail(of line: BoardLine) -> String? {
    guard line.isIndented, !line.isBlank else { return nil }
    let text = String(decoding: line.content, as: UTF8.self).trimmingWhitespace
    return text.isEmpty ? nil : text
  }
}
