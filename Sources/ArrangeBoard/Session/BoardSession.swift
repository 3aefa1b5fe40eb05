/// A board document and the storage it is saved in, kept in step without a terminal: saving
/// each change, undoing and redoing, following other programs' edits, and combining the two
/// when both happen.
///
/// Every front end of the board goes through a session: the terminal screen, `arrange move`,
/// and any other that shows the board. The session's ``document`` is the one truth; a front
/// end makes an edited copy, commits it, and shows what the session then holds.
///
/// The session never overwrites another program's edit and never loses its own change:
/// - A change is saved at once. When the file changed on disk meanwhile, the change is carried
///   over to the file's new version (``BoardDocument/rebased(from:onto:changed:)``) and that is saved;
///   when it cannot be carried over, the change stays unsaved and the session is in conflict
///   until the person reloads (``reload()``) or overwrites (``overwrite()``).
/// - An outside edit is taken in only once it has settled: the file looked the same (bytes,
///   size, times, inode) at two polls at least ``settleTime`` apart, and no program had it open
///   for writing. A file caught half-written is neither shown nor saved over.
/// - A save that cannot happen now (another program is writing the file, the disk is full) is
///   tried again at the next ``poll(at:)``.
public struct BoardSession<Storage: BoardStorage> {
  /// The board as it is here (saved, unless ``hasUnsavedChanges``).
  public internal(set) var document: BoardDocument
  /// Where the board is saved.
  public private(set) var storage: Storage
  /// Whether ``document`` differs from what is stored.
  public private(set) var hasUnsavedChanges = false {
    didSet { if !hasUnsavedChanges { unsavedReason = nil } }
  }
  /// Why ``document`` is not saved yet, while ``hasUnsavedChanges``.
  ///
  /// The file is changing on disk and the change is saved once it settles, a conflict waits
  /// for the person, or writing failed. A front end decides what it promises by the case, never
  /// by the sentence.
  public private(set) var unsavedReason: BoardUnsavedReason?
  /// The sentence of ``unsavedReason`` (the file is changing on disk and the change is saved
  /// once it settles; the disk is full; …), for a front end that must not tell the person the
  /// change is saved.
  public var pendingReason: String? { unsavedReason?.message }
  /// Whether the stored board changed in a way this session's change cannot be carried over
  /// to; saving waits for ``reload()`` or ``overwrite()``.
  public private(set) var isInConflict = false
  /// The changes ``undo(focus:at:)`` goes back through, the latest last.
  public private(set) var undoStack: [BoardRevision] = []
  /// The changes ``redo(focus:at:)`` goes forward through, the next last.
  public private(set) var redoStack: [BoardRevision] = []

  /// How many changes undo remembers.
  public static var historyLimit: Int { 500 }

  /// How many bytes of memory undo and redo may hold, each.
  ///
  /// Past them the oldest changes are forgotten. A change costs what it changed (a move, a few
  /// hundred bytes), so this is felt only after thousands of cards were edited at once.
  public static var historyBytes: Int { 32 * 1024 * 1024 }

  /// The stored version ``document`` descends from (`nil`: nothing stored, or it did not parse).
  var base: BoardDocument?
  /// The cards changed since ``base``, as far as the commits said (`nil`: not known).
  var changedCards: Set<CardID>? = []
  /// The last version of the file seen by ``poll(at:)`` that differed from the known bytes, and
  /// when it was seen.
  var outside: (version: BoardFileVersion, time: Double)?
  /// The outside version last reported to the person, so that each is reported once.
  var reportedOutside: [UInt8]??

  /// How long an outside edit must stay the same before it is taken in, in seconds.
  public static var settleTime: Double { 0.5 }

  /// What a session step did, for a front end: whether ``document`` was replaced by another
  /// version (the front end rebuilds what it shows), whether it went back or forward in the
  /// history (and where the focus was then), and a sentence for the status line.
  public struct Outcome: Hashable, Sendable {
    /// Whether ``BoardSession/document`` is now another version of the board (reloaded, or
    /// this side's change carried over to the file's new version); the undo history, which
    /// described the old version, is gone.
    public var replacedDocument: Bool
    /// Whether an undo or redo changed ``BoardSession/document``.
    public var travelled: Bool
    /// After an undo or redo, the focus recorded with the version gone back to.
    public var focus: BoardFocus?
    /// What to tell the person, if anything.
    public var message: String?
    /// Whether what the person asked for (a reload, an overwrite) could not be done.
    ///
    /// The file could not be read or written: ``message`` says why, and the file is as it was.
    public var failed: Bool

    /// Creates an outcome.
    public init(
      replacedDocument: Bool = false, travelled: Bool = false, focus: BoardFocus? = nil,
      message: String? = nil, failed: Bool = false
    ) {
      self.replacedDocument = replacedDocument
      self.travelled = travelled
      self.focus = focus
      self.message = message
      self.failed = failed
    }
  }

  /// Creates a session for `document`, which `storage` holds (or, when the storage holds
  /// nothing, which is new).
  public init(document: BoardDocument, storage: Storage) {
    self.document = document
    self.storage = storage
    base = storage.known.flatMap { try? BoardDocument.parse($0) }
  }

  /// The name of the board's file, for messages.
  public var fileName: String { BoardFile.fileName(of: storage.path) }

  /// Makes `edited` the board and saves it.
  ///
  /// `cards` names the cards the change touched (moved, added, retitled, removed), when the
  /// caller knows them: if the change has to be carried over to another version of the file,
  /// they settle which cards moved where the lines alone are ambiguous.
  ///
  /// With a `change` (in words: "moving “Fix the bug”"), the change can be undone: the board as
  /// it was goes on the undo stack with `focus`, and the redo stack is cleared. An `edited`
  /// board equal to ``document`` records nothing.
  public mutating func commit(
    _ edited: BoardDocument, changing cards: Set<CardID>? = nil, describing change: String? = nil,
    focus: BoardFocus? = nil, at time: Double
  ) -> Outcome {
    if let change, edited != document {
      undoStack.append(
        BoardRevision(
          document: document, from: edited, change: change, cards: cards ?? [], focus: focus))
      Self.trim(&undoStack)
      redoStack.removeAll()
    } else if edited != document {
      // Undo and redo go from the board as it is: the change not described goes back with
      // the last one that was.
      undoStack = Self.rebase(undoStack, from: document, to: edited)
      redoStack = Self.rebase(redoStack, from: document, to: edited)
    }
    document = edited
    hasUnsavedChanges = true
    if let cards {
      changedCards?.formUnion(cards)
    } else {
      changedCards = nil
    }
    return save(at: time)
  }

  /// Saves ``document``, carrying it over to the file's new version when another program
  /// changed the file and that change has settled.
  public mutating func save(at time: Double) -> Outcome {
    guard !isInConflict else {
      let message = "\(fileName) changed on disk: R reloads it, W overwrites it"
      unsavedReason = .conflict(message)
      return Outcome(message: message)
    }
    let ours = document.serialized()
    let known = storage.known
    let base = self.base
    let document = self.document
    let changedCards = self.changedCards
    let settled = outside.flatMap { isSettled($0, at: time) ? $0.version.contents : nil }
    let path = storage.path
    var rebased: BoardDocument?
    var isSettling = false
    var conflict: String?
    do throws(BoardFileError) {
      let report = try storage.update { current throws(BoardFileError) in
        // The storage may ask again (the file changed while it was being written).
        rebased = nil
        isSettling = false
        conflict = nil
        if current == known { return ours }
        guard let current, current == settled else {
          isSettling = true
          throw BoardFileError(kind: .busy, path: path, message: "The file is changing.")
        }
        do throws(BoardRebaseError) {
          guard let base else {
            throw BoardRebaseError(
              kind: .notCardChanges, message: "this board was not read from that file")
          }
          let theirs: BoardDocument
          do throws(BoardParseError) {
            theirs = try BoardDocument.parse(current)
          } catch {
            throw BoardRebaseError(kind: .notCardChanges, message: error.message)
          }
          let result = try document.rebased(from: base, onto: theirs, changed: changedCards)
          rebased = result
          return result.serialized()
        } catch {
          conflict = error.message
          throw BoardFileError(kind: .changedOnDisk, path: path, message: error.message)
        }
      }
      return saved(report, rebased: rebased)
    } catch {
      hasUnsavedChanges = true
      let reason: BoardUnsavedReason
      if isSettling {
        reason = .settling("\(fileName) is changing on disk; this change is saved once it settles")
      } else if let conflict {
        isInConflict = true
        reportedOutside = .some(outside?.version.contents)
        reason = .conflict(
          "\(fileName) changed on disk, and this change cannot be combined with "
            + "it: \(conflict) R reloads the file, W overwrites it")
      } else {
        reason = .notWritten("Not saved: \(error.message)")
      }
      unsavedReason = reason
      return Outcome(message: reason.message)
    }
  }

  /// Records a save that went through.
  mutating func saved(_ report: BoardSaveReport, rebased: BoardDocument?) -> Outcome {
    hasUnsavedChanges = false
    isInConflict = false
    outside = nil
    reportedOutside = nil
    var outcome = Outcome()
    if let rebased {
      document = rebased
      forgetHistory()
      outcome = Outcome(
        replacedDocument: true,
        message: "\(fileName) had changed on disk; this change was saved on top of that")
    }
    base = document
    changedCards = []
    if let aside = report.keptAside {
      outcome.message =
        "Saved, but another program wrote \(fileName) at the same moment: its version is in "
        + "\(BoardFile.fileName(of: aside)); compare the two"
    }
    return outcome
  }

  /// Whether an outside version seen at one poll is settled at `time`: seen long enough ago,
  /// and nobody was writing the file then.
  func isSettled(_ seen: (version: BoardFileVersion, time: Double), at time: Double) -> Bool {
    seen.version.isBeingWritten != true && time - seen.time >= Self.settleTime
  }

  /// Looks at the file: takes in an outside edit once it has settled (reloading it, or carrying
  /// this side's unsaved change over to it), and retries a save that could not happen before.
  ///
  /// Call it about once a second.
  public mutating func poll(at time: Double) -> Outcome {
    let version: BoardFileVersion
    do {
      version = try storage.inspect()
    } catch {
      return report(outside: nil, "Cannot read \(fileName): \(error.message)")
    }
    guard version.contents != storage.known else {
      // Back to what was last read or saved (an editor's undo, a file briefly gone).
      outside = nil
      reportedOutside = nil
      if hasUnsavedChanges && !isInConflict { return save(at: time) }
      return Outcome()
    }
    // A version is taken in when a later poll finds it unchanged.
    if let seen = outside, seen.version.contents == version.contents,
      seen.version.stamp == version.stamp, version.isBeingWritten != true,
      isSettled(seen, at: time)
    {
      guard let contents = version.contents else {
        return report(
          outside: version.contents, "\(fileName) is gone from disk; W writes this board back")
      }
      if isInConflict {
        return report(
          outside: contents, "\(fileName) changed on disk again: R reloads it, W overwrites it")
      }
      if hasUnsavedChanges { return save(at: time) }
      return adopt(contents, reloaded: "\(fileName) changed on disk; reloaded it")
    }
    if outside?.version != version { outside = (version, time) }
    return Outcome()
  }

  /// Says `message` once for each outside version.
  mutating func report(outside contents: [UInt8]?, _ message: String) -> Outcome {
    guard reportedOutside != .some(contents) else { return Outcome() }
    reportedOutside = .some(contents)
    return Outcome(message: message)
  }

  /// Reads the file again, dropping this side's unsaved changes (the person chose to).
  ///
  /// A file that cannot be read or parsed, or that another program is writing right now,
  /// changes nothing: the board stays, and so does the refusal to save over the file.
  public mutating func reload() -> Outcome {
    let version: BoardFileVersion
    do {
      version = try storage.inspect()
    } catch {
      return Outcome(message: "Cannot reload: \(error.message)", failed: true)
    }
    if version.isBeingWritten == true {
      return Outcome(
        message: "Cannot reload \(fileName) now: another program is writing it; try again",
        failed: true)
    }
    guard let contents = version.contents else {
      return Outcome(
        message: "\(fileName) is gone from disk; W writes this board back", failed: true)
    }
    var outcome = adopt(contents, reloaded: "Reloaded \(fileName)")
    if !outcome.replacedDocument {
      // The file does not parse (said once per version of it: said again to whoever asked).
      outcome.failed = true
      if outcome.message == nil {
        do {
          _ = try BoardDocument.parse(contents)
        } catch {
          outcome.message = "Cannot reload \(fileName): \(error.message)"
        }
      }
    }
    return outcome
  }

  /// Makes `contents` (read from the file) the board, if they parse.
  mutating func adopt(_ contents: [UInt8], reloaded message: String) -> Outcome {
    let reloaded: BoardDocument
    do {
      reloaded = try BoardDocument.parse(contents)
    } catch {
      return report(outside: contents, "Cannot reload \(fileName): \(error.message)")
    }
    storage.adopt(contents)
    document = reloaded
    forgetHistory()
    base = reloaded
    changedCards = []
    hasUnsavedChanges = false
    isInConflict = false
    outside = nil
    reportedOutside = nil
    return Outcome(replacedDocument: true, message: message)
  }

  /// Goes back to the board before the last change and saves it; the change can be redone.
  ///
  /// `focus` is where the front end's focus is now, recorded for ``redo(focus:at:)``. The
  /// outcome carries the focus recorded with the change undone.
  public mutating func undo(focus: BoardFocus? = nil, at time: Double) -> Outcome {
    travel(from: \.undoStack, to: \.redoStack, focus: focus, at: time, done: "Undid")
      ?? Outcome(message: "Nothing to undo")
  }

  /// Makes the last undone change again and saves it.
  public mutating func redo(focus: BoardFocus? = nil, at time: Double) -> Outcome {
    travel(from: \.redoStack, to: \.undoStack, focus: focus, at: time, done: "Redid")
      ?? Outcome(message: "Nothing to redo")
  }

  /// Makes the last revision of one stack the board, keeping the present on the other, and
  /// saves; `nil` when the stack is empty.
  mutating func travel(
    from source: WritableKeyPath<Self, [BoardRevision]>,
    to destination: WritableKeyPath<Self, [BoardRevision]>, focus: BoardFocus?, at time: Double,
    done: String
  ) -> Outcome? {
    guard let revision = self[keyPath: source].popLast() else { return nil }
    guard let earlier = revision.difference.applied(to: document) else {
      // Never expected (the history always starts from the board as it is); said, not done.
      forgetHistory()
      return Outcome(
        message: "Nothing was changed: the history no longer fits the board", failed: true)
    }
    self[keyPath: destination].append(
      BoardRevision(
        document: document, from: earlier, change: revision.change, cards: revision.cards,
        focus: focus))
    Self.trim(&self[keyPath: destination])
    document = earlier
    hasUnsavedChanges = true
    changedCards?.formUnion(revision.cards)
    var outcome = save(at: time)
    if !outcome.replacedDocument {
      outcome.travelled = true
      outcome.focus = revision.focus
    }
    outcome.message = outcome.message ?? "\(done) \(revision.change)"
    return outcome
  }

  /// Forgets the oldest revisions past ``historyLimit`` or ``historyBytes``.
  static func trim(_ stack: inout [BoardRevision]) {
    if stack.count > historyLimit { stack.removeFirst(stack.count - historyLimit) }
    var bytes = stack.reduce(0) { $0 + $1.bytes }
    var drop = 0
    while bytes > historyBytes && drop < stack.count - 1 {
      bytes -= stack[drop].bytes
      drop += 1
    }
    stack.removeFirst(drop)
  }

  /// `stack` with its last revision taken from `new` instead of `old` (the board changed
  /// without a revision of its own); the revisions before it are from that one's board.
  static func rebase(
    _ stack: [BoardRevision], from old: BoardDocument, to new: BoardDocument
  ) -> [BoardRevision] {
    guard var last = stack.last else { return stack }
    guard let target = last.difference.applied(to: old) else { return [] }
    last.difference = BoardDifference(from: new, to: target)
    return stack.dropLast() + [last]
  }

  /// Forgets undo and redo: they described another version of the board.
  mutating func forgetHistory() {
    undoStack.removeAll()
    redoStack.removeAll()
  }

  /// Writes this board over the file whatever it holds now (the person chose to).
  public mutating func overwrite() -> Outcome {
    let ours = document.serialized()
    do {
      let report = try storage.update { _ throws(BoardFileError) in ours }
      var outcome = saved(report, rebased: nil)
      outcome.message = outcome.message ?? "Saved over \(fileName)"
      return outcome
    } catch {
      if hasUnsavedChanges { unsavedReason = .notWritten("Not saved: \(error.message)") }
      return Outcome(message: "Not saved: \(error.message)", failed: true)
    }
  }
}
