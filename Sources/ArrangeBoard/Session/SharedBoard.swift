/// What a remote front end (a page in a browser) asks for, in terms of the version of the
/// board it was shown: an edit of the board, whose card identifiers and column numbers are that
/// version's, or one of the session's own commands.
public enum BoardRequest: Hashable, Sendable {
  /// Edits the board (see ``BoardEdit``).
  case edit(BoardEdit)
  /// Undoes the last change made here.
  case undo
  /// Redoes the last change undone.
  case redo
  /// Reads the file again, dropping a change that could not be saved.
  case reload
  /// Writes this board over the file, whatever it holds now.
  case overwrite
}

/// What ``SharedBoard``'s `perform(_:madeOn:at:)` did, with requests or with edits.
public struct SharedBoardOutcome: Hashable, Sendable {
  /// Whether the board changed (every page should be sent the new version).
  public var changed: Bool
  /// Whether the requests were refused: nothing changed, and ``message`` says why.
  public var refused: Bool
  /// What to tell the person, if anything.
  public var message: String?
  /// Whether a reload or an overwrite could not read or write the file: ``message`` says why,
  /// and the file is as it was.
  public var failed: Bool

  /// Creates an outcome.
  public init(changed: Bool, refused: Bool, message: String?, failed: Bool = false) {
    self.changed = changed
    self.refused = refused
    self.message = message
    self.failed = failed
  }
}

/// A board session shared by several remote front ends, each of which may be showing an older
/// version of the board.
///
/// Every version of the document gets a number (``version``), and the last few are kept. A
/// request made on the current version is applied as it is. One made on an older version is
/// carried over to the current one when it still makes sense: its cards are found again by
/// their lines (or, when their details changed, their titles), its columns by their titles, and a card's new place by the card it was dropped
/// after. When a card or column it names is gone, or changed, the request is refused with a
/// message and nothing changes; it is never applied to the wrong card, and never silently lost.
public struct SharedBoard<Storage: BoardStorage> {
  /// The session that saves the board and follows the file.
  public private(set) var session: BoardSession<Storage>
  /// The number of the current version of the board; it grows by one at every change, here or
  /// on disk.
  public private(set) var version = 1
  /// The current version and its document (the session's, shared).
  var latest: (version: Int, document: BoardDocument)
  /// The versions before it, oldest first, each as what turns the next one into it: what
  /// changed, not whole documents (``BoardDifference``).
  var earlier: [(version: Int, difference: BoardDifference)] = []
  /// What relative due dates (`3d`) and local times count from: the system's clock, or a
  /// stopped one in tests.
  public var dueDateClock = DueDateClock.system

  /// How many versions requests can be carried over from.
  public static var historyLength: Int { 64 }

  /// How many bytes of memory the earlier versions may hold: past them the oldest are
  /// forgotten (a request made on one is refused, and the page shows the board as it is).
  public static var historyBytes: Int { 16 * 1024 * 1024 }

  /// Shares `session`.
  public init(session: BoardSession<Storage>) {
    self.session = session
    latest = (1, session.document)
  }

  /// The document of version `made`, if it is still known.
  ///
  /// - Complexity: O(what changed since, and the size of each array that changed).
  func document(ofVersion made: Int) -> BoardDocument? {
    if made == latest.version { return latest.document }
    guard let first = earlier.firstIndex(where: { $0.version == made }) else { return nil }
    var document = latest.document
    for entry in earlier[first...].reversed() {
      guard let older = entry.difference.applied(to: document) else { return nil }
      document = older
    }
    return document
  }

  /// The current board.
  public var document: BoardDocument { session.document }

  /// Looks at the file (see ``BoardSession/poll(at:)``); returns what changed.
  public mutating func poll(at time: Double) -> SharedBoardOutcome {
    let outcome = session.poll(at: time)
    return SharedBoardOutcome(
      changed: noteChange(), refused: false, message: outcome.message)
  }

  /// Carries out `requests`, made on version `made`: edits as one change, saved (as with
  /// edits alone), or one of the session's commands, which goes alone.
  public mutating func perform(
    _ requests: [BoardRequest], madeOn made: Int, at time: Double
  ) -> SharedBoardOutcome {
    if requests.count == 1, let outcome = performSessionRequest(requests[0], madeOn: made, at: time)
    {
      return outcome
    }
    var edits: [BoardEdit] = []
    for request in requests {
      guard case .edit(let edit) = request else {
        return refusal("Undo, redo, reload and overwrite go alone.")
      }
      edits.append(edit)
    }
    return perform(edits, madeOn: made, at: time)
  }

  /// Applies `edits`, made on version `made`, as one change, and saves it.
  ///
  /// Either every edit applies or none does: a refused one leaves the board as it was.
  public mutating func perform(
    _ edits: [BoardEdit], madeOn made: Int, at time: Double
  ) -> SharedBoardOutcome {
    guard let shown = document(ofVersion: made) else {
      return refusal(
        made > version
          ? "This page showed a version of the board this server never had (was it started "
            + "again?); it now shows the board as it is."
          : "This page showed a version of the board too old to carry the change over; it now "
            + "shows the board as it is.")
    }
    var edited = session.document
    var report = BoardEditReport()
    // Every due date of the change counts from the same now.
    let clock = dueDateClock.stopped()
    do throws(SharedBoardRefusal) {
      // Each edit is in terms of the board as the ones before it left it (as the drag
      // engine gives the moves of several cards): the version shown, with them applied.
      // On the current version that board is the one being edited: nothing to translate.
      let isCurrent = made == version
      var reference = shown
      // The cards already found, reference's identifier to edited's: a change of many edits
      // on one card (500 subtasks) looks for it once, not once an edit.
      var known: [CardID: CardID] = [:]
      for edit in edits {
        if isCurrent {
          report.add(try Self.apply(edit, to: &edited, clock: clock))
          continue
        }
        let translated = try translate(edit, from: reference, to: edited, known: &known)
        report.add(try Self.apply(translated, to: &edited, clock: clock))
        _ = try Self.apply(edit, to: &reference, clock: clock)
      }
    } catch {
      return refusal(error.message)
    }
    guard edited != session.document else {
      return SharedBoardOutcome(changed: false, refused: false, message: nil)
    }
    let outcome = session.commit(
      edited, changing: report.cards, describing: report.change, at: time)
    return SharedBoardOutcome(changed: noteChange(), refused: false, message: outcome.message)
  }

  /// Applies `edit` to `document` through ``BoardDocument/apply(_:clock:)``; a refusal
  /// becomes the shared board's.
  static func apply(
    _ edit: BoardEdit, to document: inout BoardDocument, clock: DueDateClock
  ) throws(SharedBoardRefusal) -> BoardEditReport {
    do throws(BoardEditError) {
      return try document.apply(edit, clock: clock)
    } catch {
      throw SharedBoardRefusal(message: error.message)
    }
  }

  /// Undo, redo, reload and overwrite, which name no card.
  ///
  /// Reload and overwrite apply whatever
  /// the version; undo and redo only on the current one: on an older one they would undo or
  /// redo a change the person never saw (another page's).
  mutating func performSessionRequest(_ request: BoardRequest, madeOn made: Int, at time: Double)
    -> SharedBoardOutcome?
  {
    let outcome: BoardSession<Storage>.Outcome
    if request == .undo || request == .redo, made != version {
      return refusal(
        "The board changed since this page showed it (in another window or program), so "
          + "\(request == .undo ? "undo" : "redo") would not take back what you see; nothing "
          + "was changed. The board now shows it as it is.")
    }
    switch request {
    case .undo: outcome = session.undo(at: time)
    case .redo: outcome = session.redo(at: time)
    case .reload: outcome = session.reload()
    case .overwrite: outcome = session.overwrite()
    case .edit: return nil
    }
    return SharedBoardOutcome(
      changed: noteChange(), refused: false, message: outcome.message, failed: outcome.failed)
  }

  /// Records a new version when the session's document changed; returns whether it did.
  mutating func noteChange() -> Bool {
    guard session.document != latest.document else { return false }
    version += 1
    earlier.append(
      (latest.version, BoardDifference(from: session.document, to: latest.document)))
    latest = (version, session.document)
    if earlier.count >= Self.historyLength {
      earlier.removeFirst(earlier.count - Self.historyLength + 1)
    }
    var bytes = earlier.reduce(0) { $0 + $1.difference.bytes }
    var drop = 0
    while bytes > Self.historyBytes && drop < earlier.count {
      bytes -= earlier[drop].difference.bytes
      drop += 1
    }
    earlier.removeFirst(drop)
    return true
  }

  /// An outcome that changed nothing, with `message`.
  func refusal(_ message: String) -> SharedBoardOutcome {
    SharedBoardOutcome(changed: false, refused: true, message: message)
  }
}

/// Why a request could not be applied.
struct SharedBoardRefusal: Error {
  var message: String
}

extension SharedBoard {
  /// `edit`, made on `shown`, in terms of `current`.
  func translate(
    _ edit: BoardEdit, from shown: BoardDocument, to current: BoardDocument,
    known: inout [CardID: CardID]
  ) throws(SharedBoardRefusal) -> BoardEdit {
    if shown == current { return edit }
    func find(_ id: CardID, from shown: BoardDocument, in current: BoardDocument)
      throws(SharedBoardRefusal) -> CardID
    {
      if let found = known[id], current.card(found) != nil { return found }
      let found = try self.find(id, from: shown, in: current)
      known[id] = found
      return found
    }
    switch edit {
    case .moveCard(let id, let column, let index):
      let card = try find(id, from: shown, in: current)
      let target = try findColumn(column, from: shown, in: current)
      // The card it was dropped after, found again; the top when there was none.
      let others =
        shown.columns.indices.contains(column)
        ? shown.columns[column].cards.filter { $0.id != id } : []
      var place = 0
      if index > 0, others.indices.contains(index - 1) {
        let after = others[index - 1]
        let now = current.columns[target].cards.filter { $0.id != card }
        if let found = now.firstIndex(where: { Self.same($0, after) }) {
          place = found + 1
        } else {
          place = min(index, now.count)
        }
      }
      return .moveCard(card, column: target, index: place)
    case .exchangeCards(let first, let second):
      return .exchangeCards(
        try find(first, from: shown, in: current), try find(second, from: shown, in: current))
    case .moveColumn(let from, let to):
      let source = try findColumn(from, from: shown, in: current)
      return .moveColumn(from: source, to: min(max(0, to), current.columns.count - 1))
    case .addCard(let title, let column, let index):
      let target = try findColumn(column, from: shown, in: current)
      let count = current.columns[target].cards.count
      return .addCard(title: title, column: target, index: index.map { min($0, count) })
    case .duplicateCard(let id):
      return .duplicateCard(try find(id, from: shown, in: current))
    case .setTitle(let id, let title):
      return .setTitle(try find(id, from: shown, in: current), title)
    case .removeCard(let id):
      return .removeCard(try find(id, from: shown, in: current))
    case .setDone(let id, let done):
      return .setDone(try find(id, from: shown, in: current), done)
    case .setSubtask(let id, let index, let done):
      return .setSubtask(try find(id, from: shown, in: current), index: index, done: done)
    case .addSubtask(let id, let title):
      return .addSubtask(try find(id, from: shown, in: current), title: title)
    case .removeSubtask(let id, let index):
      return .removeSubtask(try find(id, from: shown, in: current), index: index)
    case .renameSubtask(let id, let index, let title):
      return .renameSubtask(try find(id, from: shown, in: current), index: index, title: title)
    case .moveSubtask(let id, let from, let to):
      return .moveSubtask(try find(id, from: shown, in: current), from: from, to: to)
    case .setDescription(let id, let lines):
      return .setDescription(try find(id, from: shown, in: current), lines)
    case .setDue(let id, let due):
      return .setDue(try find(id, from: shown, in: current), due)
    case .renameColumn(let column, let title):
      return .renameColumn(try findColumn(column, from: shown, in: current), title: title)
    case .removeColumn(let column, let withCards):
      return .removeColumn(try findColumn(column, from: shown, in: current), withCards: withCards)
    case .addColumn(let title, let index):
      return .addColumn(title: title, at: index.map { min($0, current.columns.count) })
    }
  }

  /// Whether two cards are the same card as far as their lines tell.
  static func same(_ a: BoardCard, _ b: BoardCard) -> Bool {
    a.title == b.title && a.details == b.details
  }

  /// The card of `current` that card `id` of `shown` is: the one with the same lines (else the
  /// same title), in the column with the same title when several have them.
  func find(_ id: CardID, from shown: BoardDocument, in current: BoardDocument)
    throws(SharedBoardRefusal) -> CardID
  {
    guard let card = shown.card(id), let place = shown.location(of: id) else {
      throw SharedBoardRefusal(message: "That card is not on the board.")
    }
    var matches: [(column: Int, index: Int, id: CardID)] = []
    for (c, column) in current.columns.enumerated() {
      for (i, other) in column.cards.enumerated() where Self.same(other, card) {
        matches.append((c, i, other.id))
      }
    }
    if matches.isEmpty {
      // Its details changed meanwhile (a subtask ticked, a date set): the same title will do.
      for (c, column) in current.columns.enumerated() {
        for (i, other) in column.cards.enumerated() where other.title == card.title {
          matches.append((c, i, other.id))
        }
      }
    }
    let title = shown.columns[place.column].title
    let sameColumn = matches.filter { current.columns[$0.column].title == title }
    if matches.count == 1 { return matches[0].id }
    if let closest = sameColumn.min(by: {
      abs($0.index - place.index) < abs($1.index - place.index)
    }) {
      return closest.id
    }
    if matches.isEmpty {
      throw SharedBoardRefusal(
        message: "“\(card.title)” was changed or removed meanwhile (in another window or "
          + "program); nothing was changed. The board now shows it as it is.")
    }
    throw SharedBoardRefusal(
      message: "“\(card.title)” is on the board more than once now; nothing was changed.")
  }

  /// The column of `current` that column `index` of `shown` is: the one with its title.
  func findColumn(_ index: Int, from shown: BoardDocument, in current: BoardDocument)
    throws(SharedBoardRefusal) -> Int
  {
    guard shown.columns.indices.contains(index) else {
      throw SharedBoardRefusal(
        message: "There is no column \(index.ordinalText).")
    }
    let title = shown.columns[index].title
    let matches = current.columns.indices.filter { current.columns[$0].title == title }
    if matches.count == 1 { return matches[0] }
    if matches.isEmpty {
      throw SharedBoardRefusal(
        message: "The column “\(title)” was renamed or removed meanwhile; nothing was changed.")
    }
    return matches.min(by: { abs($0 - index) < abs($1 - index) }) ?? matches[0]
  }
}
