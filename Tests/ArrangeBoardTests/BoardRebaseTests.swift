import ArrangeBoard
import ArrangeTestSupport
import Foundation
import Testing

/// Carrying this side's card edits over to another version of the board.
@Suite struct BoardRebaseTests {
  static let base = """
    # Board

    ## To Do

    - a
    - b
        > details of b
    - c

    ## Doing

    - d

    ## Done

    """

  static func document(_ text: String) throws -> BoardDocument {
    try BoardDocument.parse(Array(text.utf8))
  }

  static func id(_ title: String, in document: BoardDocument) throws -> CardID {
    try #require(document.columns.flatMap(\.cards).first { $0.title == title }).id
  }

  static func text(_ document: BoardDocument) -> String {
    String(decoding: document.serialized(), as: UTF8.self)
  }

  @Test("A move here and an edit of another card there: both land")
  func moveAndOutsideEdit() throws {
    let base = try Self.document(Self.base)
    var ours = base
    try ours.moveCard(try Self.id("b", in: ours), toColumn: 2, index: 0)
    let theirs = try Self.document(Self.base.replacingOccurrences(of: "- d", with: "- d, edited"))
    let result = try ours.rebased(from: base, onto: theirs)
    #expect(
      Self.text(result) == """
        # Board

        ## To Do

        - a
        - c

        ## Doing

        - d, edited

        ## Done
        - b
            > details of b

        """)
  }

  @Test("A card moved here goes after the card it follows here, among the cards added there")
  func anchoredAfterItsNeighbour() throws {
    let base = try Self.document(Self.base)
    var ours = base
    // c to Doing, after d.
    try ours.moveCard(try Self.id("c", in: ours), toColumn: 1, index: 1)
    let theirs = try Self.document(
      Self.base.replacingOccurrences(of: "- d\n", with: "- x\n- d\n- y\n"))
    let result = try ours.rebased(from: base, onto: theirs)
    #expect(result.columns[1].cards.map(\.title) == ["x", "d", "c", "y"])
  }

  @Test("Cards added, retitled and removed here land; the other side's additions stay")
  func addRetitleRemove() throws {
    let base = try Self.document(Self.base)
    var ours = base
    try ours.addCard(title: "new here", toColumn: 2, at: nil)
    try ours.setTitle("a, renamed", of: try Self.id("a", in: ours))
    try ours.removeCard(try Self.id("c", in: ours))
    let theirs = try Self.document(Self.base + "- added there\n")
    let result = try ours.rebased(from: base, onto: theirs)
    #expect(
      result.columns.map { $0.cards.map(\.title) } == [
        ["a, renamed", "b"], ["d"], ["added there", "new here"],
      ])
  }

  @Test("A swap here lands as two moves")
  func exchange() throws {
    let base = try Self.document(Self.base)
    var ours = base
    try ours.exchangeCards(try Self.id("a", in: ours), try Self.id("d", in: ours))
    let theirs = try Self.document(Self.base.replacingOccurrences(of: "- c\n", with: "- c\n- z\n"))
    let result = try ours.rebased(from: base, onto: theirs)
    #expect(result.columns.map { $0.cards.map(\.title) } == [["d", "b", "c", "z"], ["a"], []])
  }

  @Test(
    "A card moved or retitled here but changed or removed there cannot be carried over",
    arguments: ["- b\n    > details of b, edited there\n", ""])
  func cardChangedThere(replacement: String) throws {
    let base = try Self.document(Self.base)
    var ours = base
    try ours.moveCard(try Self.id("b", in: ours), toColumn: 1, index: 0)
    let theirs = try Self.document(
      Self.base.replacingOccurrences(of: "- b\n    > details of b\n", with: replacement))
    let error = try #require(throws: BoardRebaseError.self) {
      try ours.rebased(from: base, onto: theirs)
    }
    #expect(error.kind == .cardChanged)
    #expect(error.message == "“b” was changed or removed on disk too.")
  }

  @Test("A card removed here but edited there stays, in its edited form")
  func removedHereEditedThere() throws {
    let base = try Self.document(Self.base)
    var ours = base
    try ours.removeCard(try Self.id("a", in: ours))
    let theirs = try Self.document(Self.base.replacingOccurrences(of: "- a\n", with: "- a!\n"))
    let result = try ours.rebased(from: base, onto: theirs)
    #expect(result.columns[0].cards.map(\.title) == ["a!", "b", "c"])
  }

  @Test("A move to a column renamed there cannot be carried over")
  func columnRenamedThere() throws {
    let base = try Self.document(Self.base)
    var ours = base
    try ours.moveCard(try Self.id("a", in: ours), toColumn: 2, index: 0)
    let theirs = try Self.document(
      Self.base.replacingOccurrences(of: "## Done", with: "## Shipped"))
    let error = try #require(throws: BoardRebaseError.self) {
      try ours.rebased(from: base, onto: theirs)
    }
    #expect(error.kind == .columnChanged)
  }

  @Test("Equal cards are matched in order: the second of two equal cards moves")
  func equalCards() throws {
    let text = "## A\n\n- same\n- same\n- other\n\n## B\n\n"
    let base = try Self.document(text)
    var ours = base
    try ours.moveCard(base.columns[0].cards[1].id, toColumn: 1, index: 0)
    let theirs = try Self.document(text + "- there\n")
    let result = try ours.rebased(from: base, onto: theirs)
    // Last in its column here (as well as first): last there too.
    #expect(
      result.columns.map { $0.cards.map(\.title) } == [["same", "other"], ["there", "same"]])
  }

  // MARK: - Property

  /// One random case: a base board, edits here, edits there on other cards.
  struct Case: CustomStringConvertible {
    var base: BoardDocument
    var ours: BoardDocument
    var theirs: BoardDocument
    /// Titles of base cards this side touched (moved, retitled, removed, swapped).
    var touched: Set<String>
    var removed: Set<String>
    var retitled: [String: String]
    var added: Set<String>
    /// Where this side put the cards it moved or added: column name by title.
    var placed: [String: String]
    /// A text line the other side added.
    var theirLine: String
    /// The cards this side's edits touched, by identifier.
    var changed: Set<CardID>

    var description: String {
      "base:\n\(BoardRebaseTests.text(base))\nours:\n\(BoardRebaseTests.text(ours))\n"
        + "theirs:\n\(BoardRebaseTests.text(theirs))"
    }
  }

  static func randomCase(seed: UInt64) throws -> Case {
    var random = SeededRandom(seed: seed)
    let names = ["To Do", "Doing", "Review", "Done"]
    var source = "# Board \(seed)\n\nSome notes.\n\n"
    var number = 0
    for name in names {
      source += "## \(name)\n\n"
      for _ in 0..<random.integer(in: 0...6) {
        source += "- c\(number)\n"
        if random.chance(0.3) { source += "    > about c\(number)\n" }
        // Lines that belong to no card, between cards: they stay where they are.
        if random.chance(0.15) {
          source += random.pick(["Notes for \(name).\n", "### Later\n", "```\n- x\n```\n"])
        }
        number += 1
      }
      source += "\n"
    }
    let base = try document(source)
    var ours = base
    var touched: Set<String> = []
    var removed: Set<String> = []
    var retitled: [String: String] = [:]
    var added: Set<String> = []
    func baseTitle(_ title: String) -> String {
      retitled.first { $0.value == title }?.key ?? title
    }
    for step in 0..<random.integer(in: 1...4) {
      let cards = ours.columns.flatMap(\.cards)
      let column = random.integer(in: 0...(names.count - 1))
      switch random.integer(in: 0...4) {
      case 0 where !cards.isEmpty:
        let card = random.pick(cards)
        let count = ours.columns[column].cards.filter { $0.id != card.id }.count
        try ours.moveCard(card.id, toColumn: column, index: random.integer(in: 0...count))
        touched.insert(baseTitle(card.title))
      case 1 where !cards.isEmpty:
        let card = random.pick(cards)
        guard !added.contains(card.title) else { continue }
        let title = "\(baseTitle(card.title)) ours\(step)"
        try ours.setTitle(title, of: card.id)
        retitled[baseTitle(card.title)] = title
        touched.insert(baseTitle(card.title))
      case 2 where !cards.isEmpty:
        let card = random.pick(cards)
        try ours.removeCard(card.id)
        if added.remove(card.title) == nil {
          removed.insert(baseTitle(card.title))
          retitled[baseTitle(card.title)] = nil
          touched.insert(baseTitle(card.title))
        }
      case 3 where cards.count >= 2:
        let first = random.pick(cards)
        let second = random.pick(cards)
        try ours.exchangeCards(first.id, second.id)
        touched.insert(baseTitle(first.title))
        touched.insert(baseTitle(second.title))
      default:
        let title = "o\(seed)-\(step)"
        let count = ours.columns[column].cards.count
        try ours.addCard(title: title, toColumn: column, at: random.integer(in: 0...count))
        added.insert(title)
      }
    }
    // The other side edits only cards this side left alone.
    var theirs = try document(source)
    let free = theirs.columns.flatMap(\.cards).filter { !touched.contains($0.title) }
    for card in free where random.chance(0.3) {
      let column = random.integer(in: 0...(names.count - 1))
      let count = theirs.columns[column].cards.filter { $0.id != card.id }.count
      try theirs.moveCard(card.id, toColumn: column, index: random.integer(in: 0...count))
    }
    for index in 0..<random.integer(in: 0...2) {
      let column = random.integer(in: 0...(names.count - 1))
      let count = theirs.columns[column].cards.count
      try theirs.addCard(title: "t\(index)", toColumn: column, at: random.integer(in: 0...count))
    }
    let theirLine = "Their note \(seed)"
    theirs = try document(text(theirs).replacingOccurrences(of: "Some notes.", with: theirLine))
    var placed: [String: String] = [:]
    for column in ours.columns {
      for card in column.cards {
        let original = baseTitle(card.title)
        let before = base.columns.first { $0.cards.contains { $0.title == original } }?.title
        if added.contains(card.title) || before != column.title || touched.contains(original) {
          placed[card.title] = column.title
        }
      }
    }
    var changed = Set(base.columns.flatMap(\.cards).filter { touched.contains($0.title) }.map(\.id))
    changed.formUnion(ours.columns.flatMap(\.cards).filter { added.contains($0.title) }.map(\.id))
    return Case(
      base: base, ours: ours, theirs: theirs, touched: touched, removed: removed,
      retitled: retitled, added: added, placed: placed, theirLine: theirLine, changed: changed)
  }

  @Test("Without knowing which cards changed here, a swap of neighbours leaves theirs alone")
  func ambiguousSwapWithoutHints() throws {
    let base = try Self.document(Self.base)
    var ours = base
    // a moved past b here: the lines alone could also say b moved before a.
    try ours.moveCard(try Self.id("a", in: ours), toColumn: 0, index: 1)
    // There, b went to Done.
    let theirs = try Self.document(
      Self.base.replacingOccurrences(of: "- b\n    > details of b\n", with: "")
        + "- b\n    > details of b\n")
    let result = try ours.rebased(from: base, onto: theirs)
    #expect(result.columns.map { $0.cards.map(\.title) } == [["a", "c"], ["d"], ["b"]])
  }

  @Test("Random edits on both sides, on different cards: every change of both sides lands")
  func randomEditsLand() throws {
    for seed in 0..<2_000 as Range<UInt64> {
      let sample = try Self.randomCase(seed: seed)
      let result = try sample.ours.rebased(
        from: sample.base, onto: sample.theirs, changed: sample.changed)
      let titles = result.columns.flatMap(\.cards).map(\.title)
      var expected = sample.theirs.columns.flatMap(\.cards).map(\.title)
      expected.removeAll { sample.removed.contains($0) }
      expected = expected.map { sample.retitled[$0] ?? $0 } + sample.added
      #expect(titles.sorted() == expected.sorted(), "\(sample)")
      #expect(Set(titles).count == titles.count, "a card was duplicated: \(sample)")
      for (title, column) in sample.placed {
        let now = result.columns.first { $0.cards.contains { $0.title == title } }?.title
        #expect(now == column, "\(title) should be in \(column): \(sample)")
      }
      // Cards this side left alone keep the other side's column and order.
      let alone = { (title: String) in
        !sample.touched.contains(title) && !title.hasPrefix("o") && !title.contains(" ours")
      }
      for (theirs, mine) in zip(sample.theirs.columns, result.columns) {
        #expect(
          theirs.cards.map(\.title).filter(alone) == mine.cards.map(\.title).filter(alone),
          "\(sample)")
      }
      #expect(Self.text(result).contains(sample.theirLine))
      let reread = try Self.document(Self.text(result)).columns
      #expect(
        reread.map { $0.cards.map { [$0.title] + $0.details } }
          == result.columns.map { $0.cards.map { [$0.title] + $0.details } })
      if !(titles.sorted() == expected.sorted()) { break }
    }
  }

  @Test("Random edits, without knowing which cards changed here: nothing lost or duplicated")
  func randomEditsWithoutHints() throws {
    for seed in 0..<2_000 as Range<UInt64> {
      let sample = try Self.randomCase(seed: seed)
      let result = try sample.ours.rebased(from: sample.base, onto: sample.theirs)
      let titles = result.columns.flatMap(\.cards).map(\.title)
      var expected = sample.theirs.columns.flatMap(\.cards).map(\.title)
      expected.removeAll { sample.removed.contains($0) }
      expected = expected.map { sample.retitled[$0] ?? $0 } + sample.added
      #expect(titles.sorted() == expected.sorted(), "\(sample)")
      // A card the other side moved to another column, and this side left alone, stays there.
      for (theirs, mine) in zip(sample.theirs.columns, result.columns) {
        for card in theirs.cards where !sample.touched.contains(card.title) {
          let before = sample.base.columns.first { $0.cards.contains { $0.title == card.title } }
          guard let before, before.title != theirs.title else { continue }
          #expect(mine.cards.contains { $0.title == card.title }, "\(card.title): \(sample)")
        }
      }
    }
  }
}
