import ArrangeBoard
import Foundation
import Testing

/// The rules of saving and following outside edits, on the session itself (no terminal).
@Suite struct BoardSessionTests {
  static let board = BoardScreenTests.board

  static func session(_ text: String = board) throws -> (BoardSession<MemoryStorage>, MemoryDisk) {
    let disk = MemoryDisk(text)
    let document = try BoardDocument.parse(Array(text.utf8))
    return (BoardSession(document: document, storage: MemoryStorage(disk)), disk)
  }

  /// `document` with the card titled `title` moved to the end of column `column`.
  static func moving(_ title: String, to column: Int, in document: BoardDocument) throws
    -> (BoardDocument, CardID)
  {
    var edited = document
    let card = try #require(edited.columns.flatMap(\.cards).first { $0.title == title }).id
    let count = edited.columns[column].cards.filter { $0.id != card }.count
    try edited.moveCard(card, toColumn: column, index: count)
    return (edited, card)
  }

  @Test("A commit saves at once, and the next one compares with what was saved")
  func commitSaves() throws {
    var (session, disk) = try Self.session()
    let (moved, card) = try Self.moving("Alpha", to: 2, in: session.document)
    let outcome = session.commit(moved, changing: [card], at: 1)
    #expect(outcome == BoardSession.Outcome())
    #expect(disk.bytes == moved.serialized())
    #expect(!session.hasUnsavedChanges)
    let (again, other) = try Self.moving("Beta", to: 1, in: session.document)
    _ = session.commit(again, changing: [other], at: 2)
    #expect(disk.bytes == again.serialized())
    #expect(disk.saves == 2)
  }

  @Test("An outside edit is taken in only when two polls far enough apart find it unchanged")
  func settling() throws {
    var (session, disk) = try Self.session()
    disk.text = Self.board.replacingOccurrences(of: "Delta", with: "Delta 1")
    #expect(session.poll(at: 1) == BoardSession.Outcome())
    // Changed again before the next poll: seen anew.
    disk.text = Self.board.replacingOccurrences(of: "Delta", with: "Delta 2")
    #expect(session.poll(at: 2) == BoardSession.Outcome())
    // Unchanged, but too soon after the sighting.
    #expect(session.poll(at: 2.2) == BoardSession.Outcome())
    #expect(session.document.columns[1].cards[0].title == "Delta")
    let outcome = session.poll(at: 3)
    #expect(outcome.replacedDocument)
    #expect(outcome.message == "board.md changed on disk; reloaded it")
    #expect(session.document.columns[1].cards[0].title == "Delta 2")
  }

  @Test("The same bytes with a new stamp (written again meanwhile) start the wait over")
  func stampCounts() throws {
    var (session, disk) = try Self.session()
    let edited = Self.board.replacingOccurrences(of: "Delta", with: "Delta!")
    disk.text = edited
    _ = session.poll(at: 1)
    disk.text = edited  // rewritten: same bytes, new modification time
    #expect(!session.poll(at: 2).replacedDocument)
    #expect(session.poll(at: 3).replacedDocument)
  }

  @Test("A file another program has open for writing is never taken in")
  func beingWritten() throws {
    var (session, disk) = try Self.session()
    disk.text = "## Half"
    disk.isBeingWritten = true
    for time in 1...6 { #expect(!session.poll(at: Double(time)).replacedDocument) }
    disk.isBeingWritten = false
    _ = session.poll(at: 7)
    #expect(session.poll(at: 8).replacedDocument)
    #expect(session.document.columns.map(\.title) == ["Half"])
  }

  @Test("A save that failed is tried again at the next poll")
  func failedSaveRetried() throws {
    var (session, disk) = try Self.session()
    disk.failure = BoardFileError(
      kind: .cannotWrite, path: "/boards/board.md",
      message: "Cannot save /boards/board.md: the disk is full.")
    let (moved, card) = try Self.moving("Alpha", to: 2, in: session.document)
    let outcome = session.commit(moved, changing: [card], at: 1)
    #expect(outcome.message == "Not saved: Cannot save /boards/board.md: the disk is full.")
    #expect(session.hasUnsavedChanges)
    disk.failure = nil
    _ = session.poll(at: 2)
    #expect(!session.hasUnsavedChanges)
    #expect(disk.bytes == moved.serialized())
  }

  @Test("A conflict is reported once per outside version, and R takes the file as it is")
  func conflictReportedOnce() throws {
    var (session, disk) = try Self.session()
    let theirs = Self.board.replacingOccurrences(of: "Alpha", with: "Alef")
    disk.text = theirs
    _ = session.poll(at: 1)
    let (moved, card) = try Self.moving("Alpha", to: 2, in: session.document)
    _ = session.commit(moved, changing: [card], at: 1.1)
    let outcome = session.poll(at: 2)
    #expect(session.isInConflict)
    #expect(outcome.message?.contains("cannot be combined") == true)
    #expect(session.poll(at: 3) == BoardSession.Outcome())
    #expect(disk.text == theirs)
    // Another outside version: said again.
    disk.text = theirs + "- More\n"
    _ = session.poll(at: 4)
    #expect(session.poll(at: 5).message?.contains("changed on disk again") == true)
    let reloaded = session.reload()
    #expect(reloaded.replacedDocument)
    #expect(!session.isInConflict && !session.hasUnsavedChanges)
    #expect(session.document.serialized() == disk.bytes)
  }

  /// Storage that shows `first` to the change on the first call, then the real bytes: the
  /// file changed while the first save was being written.
  struct ChangingStorage: BoardStorage {
    var inner: MemoryStorage
    var first: [UInt8]?
    var path: String { inner.path }
    var known: [UInt8]? { inner.known }
    var notices: [String] { [] }

    mutating func update(
      _ change: (_ current: [UInt8]?) throws(BoardFileError) -> [UInt8]?
    ) throws(BoardFileError) -> BoardSaveReport {
      if let first {
        _ = try change(first)
        self.first = nil
      }
      return try inner.update(change)
    }

    func inspect() throws(BoardFileError) -> BoardFileVersion { try inner.inspect() }
    mutating func adopt(_ contents: [UInt8]?) { inner.adopt(contents) }
  }

  @Test("When the storage asks again, only the last answer counts")
  func askedAgain() throws {
    let disk = MemoryDisk(Self.board)
    let theirs = Array(Self.board.replacingOccurrences(of: "Delta", with: "Omega").utf8)
    let storage = ChangingStorage(inner: MemoryStorage(disk), first: theirs)
    let document = try BoardDocument.parse(Array(Self.board.utf8))
    var session = BoardSession(document: document, storage: storage)
    // The outside version has settled, so the first answer carries the move over to it.
    disk.bytes = theirs
    _ = session.poll(at: 1)
    disk.bytes = Array(Self.board.utf8)
    let (moved, card) = try Self.moving("Alpha", to: 2, in: session.document)
    let outcome = session.commit(moved, changing: [card], at: 5)
    // The second answer found the file as it was read: the move itself is saved.
    #expect(!outcome.replacedDocument)
    #expect(session.document == moved)
    #expect(disk.bytes == moved.serialized())
  }

  @Test("A change waiting for an edit to settle is carried over with the cards it touched")
  func carriedOverWithHints() throws {
    let text = "## A\n\n- a\n- b\n- c\n\n## B\n\n"
    var (session, disk) = try Self.session(text)
    // There, b goes to B.
    disk.text = "## A\n\n- a\n- c\n\n## B\n\n- b\n"
    // Here, a moves past b (the lines alone would also allow "b moved before a").
    var edited = session.document
    let a = edited.columns[0].cards[0].id
    try edited.moveCard(a, toColumn: 0, index: 1)
    _ = session.commit(edited, changing: [a], at: 1)
    #expect(session.hasUnsavedChanges)
    _ = session.poll(at: 2)
    let outcome = session.poll(at: 3)
    #expect(outcome.replacedDocument)
    #expect(disk.text == "## A\n\n- a\n- c\n\n## B\n\n- b\n")
    #expect(!session.hasUnsavedChanges)
  }
}
