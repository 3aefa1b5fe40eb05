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
  /// `changed`, when given, names the cards this side's edits touched (moved, added, retitled,
  /// removed). It settles which card moved where the lines alone cannot tell: after two
  /// neighbours swap places, either one may have moved past the other. Without it, cards the
  /// other side changed are taken to have stayed here.
  ///
  /// - Throws: ``BoardRebaseError`` when a change cannot be made without losing one side's
  ///   work: a card moved or retitled here was changed or removed in `other`, its column is
  ///   gone or not unique there, or this document changed more than cards.
  /// - Complexity: O(cards × log cards + lines).
  public func rebased(
    from base: BoardDocument, onto other: BoardDocument, changed: Set<CardID>? = nil
  ) throws(BoardRebaseError) -> BoardDocument {
    guard skeleton == base.skeleton else {
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

    // The cards that kept their order here weigh the most. Known edits decide: a card this
    // side did not touch did not move, outweighing all touched ones. Otherwise the most cards
    // possible stayed, and among as many, preferably those the other side changed.
    let changedThere = base.cardsMoved(in: other, found: found)
    let size = columns.map(\.cards.count).reduce(0, +) + 1
    let keys = blockKeys()
    let baseKeys = base.blockKeys()
    let moved = movedCards(from: base) { card in
      if let changed { return changed.contains(card) ? 1 : 2 * size }
      return 2 * size + (changedThere.contains(card) ? 1 : 0)
    }
    for (columnIndex, column) in columns.enumerated() {
      let target = try other.columnIndex(named: column.title)
      for (index, card) in column.cards.enumerated() {
        let isNew = base.location(of: card.id) == nil
        let isChanged =
          !isNew && keys[card.id] != baseKeys[card.id]
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
      let keys = document.blockKeys()
      for column in document.columns {
        for card in column.cards {
          groups[keys[card.id] ?? [], default: []].append(card.id)
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
  /// column those outside the heaviest run of cards that kept their order.
  ///
  /// Which cards moved is ambiguous when two are swapped with each other (either one may have
  /// moved past the other); the run kept is the one whose cards' `weight`s add up to the most.
  func movedCards(from base: BoardDocument, weight: (CardID) -> Int) -> Set<CardID> {
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
      let kept = Set(
        Self.heaviestIncreasingRun(
          stayed.map(\.before), weights: stayed.map { weight($0.card) }
        ).map { stayed[$0].card })
      for entry in stayed where !kept.contains(entry.card) { moved.insert(entry.card) }
    }
    return moved
  }

  /// The cards of this document (a base) that `other` changed: those it lacks (`found` maps
  /// cards here to cards there), those in another column there, and those whose order
  /// relative to another card of their column changed there.
  func cardsMoved(in other: BoardDocument, found: [CardID: CardID]) -> Set<CardID> {
    var changed: Set<CardID> = []
    for (columnIndex, column) in columns.enumerated() {
      // The column's cards still in it there, in their order there, with their index here.
      var staying: [(card: CardID, here: Int, there: Int)] = []
      for (index, card) in column.cards.enumerated() {
        guard let theirs = found[card.id], let there = other.location(of: theirs) else {
          changed.insert(card.id)
          continue
        }
        if there.column == columnIndex {
          staying.append((card.id, index, there.index))
        } else {
          changed.insert(card.id)
        }
      }
      staying.sort { $0.there < $1.there }
      // A card is out of order when an earlier card there came after it here, or a later one
      // came before it.
      var suffixMinimum = [Int](repeating: Int.max, count: staying.count + 1)
      for position in staying.indices.reversed() {
        suffixMinimum[position] = Swift.min(suffixMinimum[position + 1], staying[position].here)
      }
      var prefixMaximum = Int.min
      for (position, entry) in staying.enumerated() {
        if prefixMaximum > entry.here || suffixMinimum[position + 1] < entry.here {
          changed.insert(entry.card)
        }
        prefixMaximum = Swift.max(prefixMaximum, entry.here)
      }
    }
    return changed
  }

  /// The positions in `values` (distinct) of a strictly increasing subsequence whose
  /// `weights` add up to the most.
  ///
  /// - Complexity: O(n log n).
  static func heaviestIncreasingRun(_ values: [Int], weights: [Int]) -> [Int] {
    guard !values.isEmpty else { return [] }
    // Ranks of the values, so that a Fenwick tree indexed by rank gives the heaviest run
    // ending below a value.
    let order = values.indices.sorted { values[$0] < values[$1] }
    var rank = [Int](repeating: 0, count: values.count)
    for (position, index) in order.enumerated() { rank[index] = position + 1 }
    var tree = [(weight: Int, end: Int)](repeating: (0, -1), count: values.count + 1)
    var previous = [Int](repeating: -1, count: values.count)
    var total = [Int](repeating: 0, count: values.count)
    var best = (weight: 0, end: -1)
    for index in values.indices {
      var bestBelow = (weight: 0, end: -1)
      var node = rank[index] - 1
      while node > 0 {
        if tree[node].weight > bestBelow.weight { bestBelow = tree[node] }
        node -= node & -node
      }
      total[index] = bestBelow.weight + weights[index]
      previous[index] = bestBelow.end
      node = rank[index]
      while node < tree.count {
        if total[index] > tree[node].weight { tree[node] = (total[index], index) }
        node += node & -node
      }
      if total[index] > best.weight { best = (total[index], index) }
    }
    var run: [Int] = []
    var position = best.end
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
    // A card last in its column here (added at the end, say) goes last there too.
    return index == cards.count - 1 ? count : Swift.min(index, count)
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
  static func key(of block: [BoardLine]) -> [[UInt8]] {
    var lines = block.map(\.content)
    while let last = lines.last, last.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) {
      lines.removeLast()
    }
    return lines
  }

  /// Every card's key, read in one pass over the sections (looking each card up on its own
  /// would walk its section once per card).
  func blockKeys() -> [CardID: [[UInt8]]] {
    var keys: [CardID: [[UInt8]]] = [:]
    for (column, s) in columnSections.enumerated() {
      let cards = shownColumns[column].cards
      var index = 0
      for piece in sections[s].pieces where piece.kind == .card {
        keys[cards[index].id] = Self.key(of: piece.lines)
        index += 1
      }
    }
    return keys
  }

  /// A card's lines.
  func block(of card: CardID) -> [BoardLine] {
    guard let location = location(of: card) else { return [] }
    return block(column: location.column, index: location.index)
  }

  /// Gives a card other lines (its block) and title.
  mutating func replaceBlock(of card: CardID, with block: [BoardLine], title: String) {
    guard let location = location(of: card), !block.isEmpty else { return }
    var lines = reterminated(block)
    // The file's last line keeps having no line break.
    if self.block(column: location.column, index: location.index).last?.terminator
      == BoardLine.Terminator.none
    {
      lines[lines.count - 1].terminator = .none
    }
    setBlock(lines, column: location.column, index: location.index)
    let shown = Self.card(from: lines, id: card)
    shownColumns[location.column].cards[location.index] = shown
  }

  /// Inserts a card with the lines `block` at `index` of `column`, and returns its identifier.
  mutating func insertBlock(
    _ block: [BoardLine], card: BoardCard, toColumn column: Int, at index: Int
  ) -> CardID {
    let id = CardID(nextID)
    nextID += 1
    let index = Swift.min(Swift.max(0, index), shownColumns[column].cards.count)
    insertBlock(reterminated(block), column: column, index: index)
    shownColumns[column].cards.insert(
      BoardCard(
        id: id, title: card.title, details: card.details, checkbox: card.checkbox,
        blockID: card.blockID),
      at: index)
    reindex(column)
    return id
  }

  /// `block` with every line ended by this document's line break (a block from another
  /// document may end the way that file ended, or use its line breaks).
  func reterminated(_ block: [BoardLine]) -> [BoardLine] {
    block.map { BoardLine(content: $0.content, terminator: newline) }
  }
}
