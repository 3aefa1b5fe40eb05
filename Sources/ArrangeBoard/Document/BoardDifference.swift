/// What turns one version of a board into another, holding only what differs: the undo
/// history and the shared board's versions keep these, not whole documents.
///
/// A document shares the arrays of its lines and cards with the versions it was edited from,
/// but an edited column is a new array of every one of its cards: a history of whole documents
/// of a 50,000-card board costs megabytes a change. A difference keeps, for each array that
/// changed, the run of elements that differs (or, for a card moved within a column, just the
/// two places), so a move costs a few hundred bytes whatever the board's size.
///
/// A difference applies only to the version it was taken from (``applied(to:)`` is `nil` for
/// any other whose shape does not fit).
struct BoardDifference: Hashable, Sendable {
  /// The target's preamble, as a change of the source's.
  var preamble: Splice<BoardLine>
  /// The target's sections.
  var sections: Nested<BoardDocument.Section>
  /// The target's columns.
  var columns: Nested<BoardColumn>
  /// The target's archive.
  var archive: Splice<BoardCard>
  /// The target's small fields, kept whole.
  var columnSections: [Int]
  var newline: BoardLine.Terminator
  var nextID: Int
  var headingLevel: Int
  var isObsidianKanban: Bool
  /// How many places the target's card index has (rebuilt from its columns when applied).
  var positionCount: Int

  /// The difference that turns `source` into `target`.
  ///
  /// - Complexity: O(1) for each array the two share; O(length) for one that changed.
  init(from source: BoardDocument, to target: BoardDocument) {
    preamble = Splice(from: source.preamble, to: target.preamble)
    sections = Nested(from: source.sections, to: target.sections)
    columns = Nested(from: source.shownColumns, to: target.shownColumns)
    archive = Splice(from: source.archive, to: target.archive)
    columnSections = target.columnSections
    newline = target.newline
    nextID = target.nextID
    headingLevel = target.headingLevel
    isObsidianKanban = target.isObsidianKanban
    positionCount = target.positions.count
  }

  /// The target, made from the source this difference was taken from; `nil` when `source`
  /// is not shaped as that source was.
  ///
  /// - Complexity: O(size of each array that changed, and of the card index).
  func applied(to source: BoardDocument) -> BoardDocument? {
    var target = source
    guard preamble.apply(to: &target.preamble),
      sections.apply(to: &target.sections),
      columns.apply(to: &target.shownColumns),
      archive.apply(to: &target.archive),
      columnSections.allSatisfy(target.sections.indices.contains)
    else { return nil }
    target.columnSections = columnSections
    target.newline = newline
    target.nextID = nextID
    target.headingLevel = headingLevel
    target.isObsidianKanban = isObsidianKanban
    target.positions = [BoardDocument.CardPosition?](repeating: nil, count: positionCount)
    for column in target.shownColumns.indices { target.reindex(column) }
    return target
  }

  /// About how many bytes of memory the difference holds on its own (what it shares with the
  /// documents is not counted).
  var bytes: Int {
    256 + preamble.bytes + sections.bytes + columns.bytes + archive.bytes
      + columnSections.count * MemoryLayout<Int>.stride
  }
}

/// How one array became another: nothing, one element moved, or a run replaced.
enum Splice<Element: Hashable & Sendable>: Hashable, Sendable {
  /// The same elements.
  case same
  /// The element at `from` moved to `to`; those between shifted by one.
  case move(from: Int, to: Int)
  /// `count` elements at `start` replaced by `elements`.
  case replace(start: Int, count: Int, elements: [Element])

  /// The splice that turns `source` into `target`: the common start and end are left out.
  init(from source: [Element], to target: [Element]) {
    // Arrays that share their storage compare at once.
    if source == target {
      self = .same
      return
    }
    let shorter = min(source.count, target.count)
    var start = 0
    while start < shorter && source[start] == target[start] { start += 1 }
    var end = 0
    while end < shorter - start
      && source[source.count - 1 - end] == target[target.count - 1 - end]
    {
      end += 1
    }
    let old = source[start..<(source.count - end)]
    let new = target[start..<(target.count - end)]
    if old.count == new.count && old.count >= 2 {
      let last = start + old.count - 1
      if old.first == new.last && old.dropFirst().elementsEqual(new.dropLast()) {
        self = .move(from: start, to: last)
        return
      }
      if old.last == new.first && old.dropLast().elementsEqual(new.dropFirst()) {
        self = .move(from: last, to: start)
        return
      }
    }
    self = .replace(start: start, count: old.count, elements: Array(new))
  }

  /// Makes `array` the target; `false` (and `array` as it was) when it cannot be the source.
  func apply(to array: inout [Element]) -> Bool {
    switch self {
    case .same:
      return true
    case .move(let from, let to):
      guard array.indices.contains(from), array.indices.contains(to) else { return false }
      array.insert(array.remove(at: from), at: to)
      return true
    case .replace(let start, let count, let elements):
      guard start >= 0, count >= 0, start + count <= array.count else { return false }
      array.replaceSubrange(start..<(start + count), with: elements)
      return true
    }
  }

  /// About how many bytes it holds.
  var bytes: Int {
    if case .replace(_, _, let elements) = self {
      return elements.count * MemoryLayout<Element>.stride
    }
    return 0
  }
}

/// A value holding an array that a difference splices (a section's pieces, a column's cards),
/// beside fields kept whole.
protocol SplicedContainer: Hashable, Sendable {
  /// What the array holds.
  associatedtype Content: Hashable & Sendable
  /// The array.
  var contents: [Content] { get set }
}

extension BoardDocument.Section: SplicedContainer {
  var contents: [BoardDocument.Piece] {
    get { pieces }
    set { pieces = newValue }
  }
}

extension BoardColumn: SplicedContainer {
  var contents: [BoardCard] {
    get { cards }
    set { cards = newValue }
  }
}

/// How an array of containers (sections, columns) became another: each container that changed
/// in place as its new fields and a splice of its contents, or, when containers came, went or
/// moved, a splice of the containers themselves.
enum Nested<Element: SplicedContainer>: Hashable, Sendable {
  /// The elements at these places changed as each says.
  case each([Changed])
  /// The containers themselves spliced.
  case whole(Splice<Element>)

  /// One element changed in place.
  struct Changed: Hashable, Sendable {
    var index: Int
    /// The target element with no contents (they come from `contents`).
    var fields: Element
    /// How its contents changed.
    var contents: Splice<Element.Content>
  }

  /// The change from `source` to `target`.
  init(from source: [Element], to target: [Element]) {
    let outer = Splice(from: source, to: target)
    switch outer {
    case .same, .move:
      self = .whole(outer)
    case .replace where source.count != target.count:
      self = .whole(outer)
    case .replace:
      self = .each(
        source.indices.filter { source[$0] != target[$0] }.map { index in
          var fields = target[index]
          fields.contents = []
          return Changed(
            index: index, fields: fields,
            contents: Splice(from: source[index].contents, to: target[index].contents))
        })
    }
  }

  /// Makes `array` the target; `false` when it cannot be the source.
  func apply(to array: inout [Element]) -> Bool {
    switch self {
    case .whole(let splice):
      return splice.apply(to: &array)
    case .each(let changed):
      var result = array
      for change in changed {
        guard result.indices.contains(change.index) else { return false }
        var element = change.fields
        element.contents = result[change.index].contents
        guard change.contents.apply(to: &element.contents) else { return false }
        result[change.index] = element
      }
      array = result
      return true
    }
  }

  /// About how many bytes it holds.
  var bytes: Int {
    switch self {
    case .whole(let splice): return splice.bytes
    case .each(let changed):
      return changed.reduce(0) { $0 + MemoryLayout<Changed>.stride + $1.contents.bytes }
    }
  }
}
