import ArrangeBoard
import ArrangeTestSupport
import Testing

/// A random board in the shapes other tools write — front matter, Obsidian lanes with
/// checkboxes and `**Complete**` markers, the archive and the settings footer, fences, rules,
/// comments, prose and headings between cards — with each card's block known from how it was
/// written, not from the parser.
struct FormatBoard {
  /// A card as written: the lines of its block, where they start, and its column.
  struct Card {
    var title: String
    var checkbox: Bool?
    var column: Int
    var index: Int
    var start: Int
    var lines: [String]
  }

  /// Every line, each with its `\n`.
  var lines: [String] = []
  var columnNames: [String] = []
  var complete: [Bool] = []
  var cards: [Card] = []

  /// What a column holds after its heading, in order.
  enum Item {
    case card(title: String, checkbox: Bool?, details: [String], innerBlank: Bool)
    case blank, prose, subheading, fence, rule, comment
  }

  init(random: inout SeededRandom) {
    let obsidian = random.chance(0.5)
    switch random.integer(in: 0...2) {
    case 0 where obsidian: lines += ["---\n", "\n", "kanban-plugin: board\n", "\n", "---\n", "\n"]
    case 0, 1: lines += ["---\n", "title: Plans\n", "tags:\n", "- project\n", "---\n", "\n"]
    default: break
    }
    if random.chance(0.3) { lines += ["# Board\n", "\n", "Some words about it.\n", "\n"] }
    var number = 0
    let columnCount = random.integer(in: 1...4)
    for column in 0..<columnCount {
      let name = "Lane \(column + 1)"
      columnNames.append(name)
      lines.append("## \(name)\n")
      lines.append("\n")
      let marksComplete = obsidian && random.chance(0.3)
      complete.append(marksComplete)
      if marksComplete { lines.append("**Complete**\n") }
      var items: [Item] = []
      for _ in 0..<random.integer(in: 0...8) {
        if random.chance(0.55) {
          number += 1
          let checkbox: Bool? = obsidian || random.chance(0.2) ? random.chance(0.5) : nil
          var details: [String] = []
          for _ in 0..<random.integer(in: 0...2) {
            details.append(random.pick(["    > about \(number)\n", "\t* [ ] step\n", "  more\n"]))
          }
          items.append(
            .card(
              title: "card \(number)", checkbox: checkbox, details: details,
              innerBlank: details.count == 2 && random.chance(0.3)))
        } else {
          items.append(
            random.pick([.blank, .blank, .prose, .subheading, .fence, .rule, .comment]))
        }
      }
      var index = 0
      for (position, item) in items.enumerated() {
        switch item {
        case .card(let title, let checkbox, let details, let innerBlank):
          let box = checkbox.map { $0 ? "[x] " : "[ ] " } ?? ""
          var block = [random.pick(["- ", "- ", "* ", "+ "]) + box + title + "\n"]
          for (offset, detail) in details.enumerated() {
            if offset == 1 && innerBlank { block.append("\n") }
            block.append(detail)
          }
          // Blank lines before the next card in the column belong to this one.
          var next = position + 1
          while next < items.count, case .blank = items[next] { next += 1 }
          if next < items.count, case .card = items[next] {
            block += Array(repeating: "\n", count: next - position - 1)
          }
          cards.append(
            Card(
              title: title, checkbox: checkbox, column: column, index: index, start: lines.count,
              lines: block))
          lines += block
          index += 1
        case .blank:
          // Blanks between two cards were written with the card above.
          var previous = position - 1
          while previous >= 0, case .blank = items[previous] { previous -= 1 }
          var next = position + 1
          while next < items.count, case .blank = items[next] { next += 1 }
          if previous >= 0, next < items.count, case .card = items[previous],
            case .card = items[next]
          {
            continue
          }
          lines.append("\n")
        case .prose: lines.append("Notes for this lane, not a card.\n")
        case .subheading: lines.append("### Later\n")
        case .fence: lines += ["```\n", "## not a lane\n", "- not a card\n", "```\n"]
        case .rule: lines.append(random.pick(["- - -\n", "* * *\n", "___\n"]))
        case .comment: lines.append("%% a comment %%\n")
        }
      }
      lines.append("\n")
    }
    if obsidian && random.chance(0.5) {
      lines += ["***\n", "\n", "## Archive\n", "\n", "- [x] archived card\n", "\n"]
    }
    if obsidian && random.chance(0.7) {
      lines += [
        "\n", "\n", "%% kanban:settings\n", "```\n", "{\"kanban-plugin\":\"board\"}\n", "```\n",
        "%%\n",
      ]
    }
  }

  var bytes: [UInt8] { Array(lines.joined().utf8) }
}

/// The lines of `text`, each with its `\n`.
func linesOf(_ text: String) -> [String] {
  text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map { $0 + "\n" }
}

@Suite struct BoardFormatPropertyTests {
  @Test("Any move in a board of other tools' shapes changes nothing but the moved card's place")
  func movesKeepEverythingElse() throws {
    var random = SeededRandom(seed: 0x0B5D_1A40_0015)
    var moves = 0
    var kinds = Set<String>()
    for index in 0..<1_500 {
      let board = FormatBoard(random: &random)
      let document = try BoardDocument.parse(board.bytes)
      #expect(document.serialized() == board.bytes, "case \(index)")
      let columns = board.columnNames.indices.map { column in
        board.cards.filter { $0.column == column }.map(\.title)
      }
      #expect(document.columns.map { $0.cards.map(\.title) } == columns, "case \(index)")
      guard !board.cards.isEmpty else { continue }
      for _ in 0..<3 {
        let card = random.pick(board.cards)
        let target = random.integer(in: 0...(columns.count - 1))
        let count = columns[target].count - (target == card.column ? 1 : 0)
        let position = random.integer(in: 0...count)
        var moved = document
        let id = document.columns[card.column].cards[card.index].id
        try moved.moveCard(id, toColumn: target, index: position)
        let after = linesOf(String(decoding: moved.serialized(), as: UTF8.self))

        // The block, ticked or unticked when it changed between a Complete lane and another.
        var block = card.lines
        if let checked = card.checkbox, board.complete[card.column] != board.complete[target],
          checked != board.complete[target]
        {
          let marker = block[0].prefix(2)
          block[0] = marker + (checked ? "[ ]" : "[x]") + block[0].dropFirst(5)
          kinds.insert("ticked")
        }
        let start = try #require(after.firstIndex(of: block[0]), "case \(index)")
        #expect(Array(after[start..<(start + block.count)]) == block, "case \(index)")
        var rest = after
        rest.removeSubrange(start..<(start + block.count))
        var expected = board.lines
        expected.removeSubrange(card.start..<(card.start + card.lines.count))
        #expect(rest == expected, "case \(index): \(card.title) to \(target),\(position)")
        let reparsed = try BoardDocument.parse(moved.serialized())
        #expect(reparsed.columns[target].cards[position].title == card.title, "case \(index)")
        moves += 1
        if rest != expected { return }
      }
      let text = String(decoding: board.bytes, as: UTF8.self)
      if text.contains("## Archive") { kinds.insert("archive") }
      if text.contains("kanban:settings") { kinds.insert("footer") }
      if text.contains("```\n## not") { kinds.insert("fence") }
      if text.contains("tags:") { kinds.insert("yaml") }
    }
    #expect(moves > 3_000)
    // The generator really makes what it is meant to.
    #expect(kinds == ["ticked", "archive", "footer", "fence", "yaml"])
  }
}
