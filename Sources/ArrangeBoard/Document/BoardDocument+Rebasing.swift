/// Why changes made to a board could not be carried over to another version of it.
public struct BoardRebaseError: Error, Hashable, Sendable, CustomStringConvertible {
  /// What stood in the way.
  public enum Kind: Hashable, Sendable {
    /// A card this side changed (moved, edited) was changed or removed on the other side too.
    case cardChanged
    /// A card was moved or added to a column the other side renamed, removed or duplicated.
    case columnChanged
    /// This side changed lines other than cards (headings, text), which rebasing does not do.
    case notCardChanges
  }

  /// What stood in the way.
  public var kind: Kind
  /// A sentence for people.
  public var message: String

  /// Creates an error.
  public init(kind: Kind, message: String) {
    self.kind = kind
    self.message = message
  }

  /// The message.
  public var description: String { message }
}

extension BoardDocument {
  /// Carries the card changes that turned `base` into this document over to `other`, another
  /// version of `base` (the file as another program left it), and returns the result.
  ///
  /// This document must descend from `base` by card edits (its cards keep `base`'s
  /// identifiers). Its changes are found card by card: cards removed, added, retitled, and
  /// moved (to another column, or out of order within one; cards that only shifted because
  /// others moved do not count). A card of `base` is found in `other` by its lines (the card
  /// line and the lines under it), the *n*-th of several equal cards as the *n*-th; a column by
  /// its name. Each change is then made to `other`:
  /// - a removed card is removed if `other` still has it unchanged (if `other` changed it, its
  ///   version stays: nothing of theirs is lost);
  /// - a retitled card gets the new lines;
  /// - a moved or added card goes to its column after the card it follows here (or before the
  ///   one it precedes, or at the same index when its neighbours are not there).
  ///
  /// Everything else in `other` (its own moves, additions, text) stays as it is.
  ///
  /// - Throws: ``BoardRebaseError`` when a change cannot be made without losing one side's
  ///   work: a card moved or retitled here was changed or removed in `other`, its column is
  ///   gone or not unique there, or this document changed more than cards.
  /// - Complexity: O(cards × log cards + lines).
  public func rebased(
    from base: BoardDocument, onto other: BoardDocument
  ) throws(BoardRebaseError) -> BoardDocument {
    guard preamble == base.preamble, sections.count == base.sections.count,
      zip(sections, base.sections).allSatisfy({
        $0.heading == $1.heading && $0.lead == $1.lead && $0.tail == $1.tail
      })
    else {
      throw BoardRebaseError(
        kind: .notCardChanges,
        message: "this board changed more than cards, which cannot be carried over.")
    }
    let found = base.cardsFound(in: other)
    var result = other
    // Cards of `base` as they are known in `result` (removals renumber nothing: ids stay).
    var inResult = found

    // Removed here: gone there too, unless changed there (then theirs stays).
    for column in base.columns {
      for card in column.cards where location(of: card.id) == nil {
        if let theirs = inResult[card.id] {
          try? result.removeCard(theirs)
          inResult[card.id] = nil
        }
      }
    }

    let moved = movedCards(from: base)
    for (columnIndex, column) in columns.enumerated() {
      let target = try other.columnIndex(named: column.title)
      for (index, card) in column.cards.enumerated() {
        let isNew = base.location(of: card.id) == nil
        let isChanged =
          !isNew && blockKey(of: card.id) != base.blockKey(of: card.id)
        guard isNew || isChanged || moved.contains(card.id) else { continue }
        if !isNew && inResult[card.id] == nil {
          throw BoardRebaseError(
            kind: .cardChanged,
            message: "“\(card.title)” was changed or removed on disk too.")
        }
        let block = self.block(of: card.id)
        if let theirs = inResult[card.id] {
          if isChanged { result.replaceBlock(of: theirs, with: block, title: card.title) }
          if moved.contains(card.id) || isChanged {
            let slot = result.slot(
              for: index, in: columnIndex, of: self, target: target, mapping: inResult,
              moving: theirs, isStaying: { !moved.contains($0) && base.location(of: $0) != nil })
            try? result.moveCard(theirs, toColumn: target, index: slot)
          }
        } else {
          let slot = result.slot(
            for: index, in: columnIndex, of: self, target: target, mapping: inResult,
            moving: nil, isStaying: { !moved.contains($0) && base.location(of: $0) != nil })
          inResult[card.id] = result.insertBlock(block, card: card, toColumn: target, at: slot)
        }
      }
    }
    return result
  }

  /// The cards of this document found in `other` by their lines: the *n*-th of equal cards
  /// here is the *n*-th there, when both have the same number of them.
  func cardsFound(in other: BoardDocument) -> [CardID: CardID] {
    func groups(_ document: BoardDocument) -> [[[UInt8]]: [CardID]] {
      var groups: [[[UInt8]]: [CardID]] = [:]
      for column in document.columns {
        for card in column.cards {
          groups[document.blockKey(of: card.id), default: []].append(card.id)
        }
      }
      return groups
    }
    let there = groups(other)
    var found: [CardID: CardID] = [:]
    for (key, here) in groups(self) {
      guard let matches = there[key], matches.count == here.count else { continue }
      for (mine, theirs) in zip(here, matches) { found[mine] = theirs }
    }
    return found
  }

  /// The cards of `base` that this document moved: those now in another column, and in each
  /// column those outside a longest run that kept its order.
  func movedCards(from base: BoardDocument) -> Set<CardID> {
    var moved: Set<CardID> = []
    for (columnIndex, column) in columns.enumerated() {
      // The cards that stayed in this column, with their index there before.
      var stayed: [(card: CardID, before: Int)] = []
      for card in column.cards {
        guard let before = base.location(of: card.id) else { continue }
        if before.column == columnIndex {
          stayed.append((card.id, before.index))
        } else {
          moved.insert(card.id)
        }
      }
      let kept = Set(Self.longestIncreasingRun(stayed.map(\.before)).map { stayed[$0].card })
      for entry in stayed where !kept.contains(entry.card) { moved.insert(entry.card) }
    }
    return moved
  }

  /// The positions in `values` of a longest strictly increasing subsequence.
  ///
  /// - Complexity: O(n log n).
  static func longestIncreasingRun(_ values: [Int]) -> [Int] {
    var tails: [Int] = []  // positions of the smallest tail of each length
    var previous = [Int](repeating: -1, count: values.count)
    for (position, value) in values.enumerated() {
      var low = 0
      var high = tails.count
      while low < high {
        let middle = (low + high) / 2
        if values[tails[middle]] < value { low = middle + 1 } else { high = middle }
      }
      if low > 0 { previous[position] = tails[low - 1] }
      if low == tails.count { tails.append(position) } else { tails[low] = position }
    }
    var run: [Int] = []
    var position = tails.last ?? -1
    while position >= 0 {
      run.append(position)
      position = previous[position]
    }
    return run.reversed()
  }

  /// Where in column `target` of this document (the result being built) a card that is at
  /// `index` of column `column` in `source` goes: after the nearest card before it there that
  /// is in the target column, else before the nearest staying card after it, else at `index`.
  func slot(
    for index: Int, in column: Int, of source: BoardDocument, target: Int,
    mapping: [CardID: CardID], moving card: CardID?, isStaying: (CardID) -> Bool
  ) -> Int {
    let cards = source.columns[column].cards
    // Indices here once `card` has left the target column (it is moved, not copied).
    func position(of other: CardID) -> Int? {
      guard let location = location(of: other), location.column == target else { return nil }
      if let card, let own = self.location(of: card), own.column == target,
        own.index < location.index
      {
        return location.index - 1
      }
      return location.index
    }
    for neighbour in cards[..<index].reversed() {
      if let mapped = mapping[neighbour.id], mapped != card, let at = position(of: mapped) {
        return at + 1
      }
    }
    for neighbour in cards[(index + 1)...] where isStaying(neighbour.id) {
      if let mapped = mapping[neighbour.id], mapped != card, let at = position(of: mapped) {
        return at
      }
    }
    var count = columns[target].cards.count
    if let card, let own = location(of: card), own.column == target { count -= 1 }
    return Swift.min(index, count)
  }

  /// The column named `name`: exactly one must have that name.
  func columnIndex(named name: String) throws(BoardRebaseError) -> Int {
    let matches = columns.indices.filter { columns[$0].title == name }
    guard matches.count == 1 else {
      throw BoardRebaseError(
        kind: .columnChanged,
        message: matches.isEmpty
          ? "the column “\(name)” is no longer on the board on disk."
          : "the board on disk has \(matches.count) columns named “\(name)”.")
    }
    return matches[0]
  }

  /// A card's lines as they identify it: their bytes, without the blank lines that end it.
  func blockKey(of card: CardID) -> [[UInt8]] {
    var lines = block(of: card).map(\.content)
    while let last = lines.last, last.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) {
      lines.removeLast()
    }
    return lines
  }

  /// A card's lines.
  func block(of card: CardID) -> [BoardLine] {
    guard let location = location(of: card) else { return [] }
    return sections[location.column].blocks[location.index]
  }

  /// Gives a card other lines (its block) and title.
  mutating func replaceBlock(of card: CardID, with block: [BoardLine], title: String) {
    guard let location = location(of: card), !block.isEmpty else { return }
    var lines = reterminated(block)
    // The file's last line keeps having no line break.
    if sections[location.column].blocks[location.index].last?.terminator
      == BoardLine.Terminator.none
    {
      lines[lines.count - 1].terminator = .none
    }
    sections[location.column].blocks[location.index] = lines
    shownColumns[location.column].cards[location.index].title = title
    shownColumns[location.column].cards[location.index].details = block.dropFirst().compactMap(
      Self.detail(of:))
  }

  /// Inserts a card with the lines `block` at `index` of `column`, and returns its identifier.
  mutating func insertBlock(
    _ block: [BoardLine], card: BoardCard, toColumn column: Int, at index: Int
  ) -> CardID {
    let id = CardID(nextID)
    nextID += 1
    let index = Swift.min(Swift.max(0, index), sections[column].blocks.count)
    sections[column].blocks.insert(reterminated(block), at: index)
    shownColumns[column].cards.insert(
      BoardCard(id: id, title: card.title, details: card.details), at: index)
    reindex(column)
    return id
  }

  /// `block` with every line ended by this document's line break (a block from another
  /// document may end the way that file ended, or use its line breaks).
  func reterminated(_ block: [BoardLine]) -> [BoardLine] {
    block.map { BoardLine(content: $0.content, terminator: newline) }
  }
}
