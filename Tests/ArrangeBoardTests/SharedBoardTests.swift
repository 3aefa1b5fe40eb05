import ArrangeBoard
import Foundation
import Testing

/// A board shared by several pages, each possibly showing an older version: requests on the
/// current version apply as they are; requests on an older one are carried over or refused.
@Suite struct SharedBoardTests {
  static let board = """
    ## To Do

    - Alpha
    - Beta
        > the second card
    - Gamma

    ## Doing

    - Delta

    ## Done

    - Epsilon

    """

  /// A shared board over a disk in memory, and the disk.
  static func shared(_ text: String = board) throws -> (SharedBoard<MemoryStorage>, MemoryDisk) {
    let disk = MemoryDisk(text)
    let document = try BoardDocument.parse(Array(text.utf8))
    return (
      SharedBoard(session: BoardSession(document: document, storage: MemoryStorage(disk))), disk
    )
  }

  /// The id of the card titled `title`.
  static func id(_ title: String, in shared: SharedBoard<MemoryStorage>) throws -> CardID {
    try #require(shared.document.columns.flatMap(\.cards).first { $0.title == title }).id
  }

  /// The titles of each column.
  static func titles(_ shared: SharedBoard<MemoryStorage>) -> [[String]] {
    shared.document.columns.map { $0.cards.map(\.title) }
  }

  @Test("A move on the current version is saved and makes a new version")
  func currentVersion() throws {
    var (shared, disk) = try Self.shared()
    let alpha = try Self.id("Alpha", in: shared)
    let outcome = shared.perform([.moveCard(alpha, column: 1, index: 1)], madeOn: 1, at: 1)
    #expect(outcome.changed && !outcome.refused)
    #expect(shared.version == 2)
    #expect(Self.titles(shared) == [["Beta", "Gamma"], ["Delta", "Alpha"], ["Epsilon"]])
    #expect(disk.text?.contains("## Doing\n\n- Delta\n- Alpha\n") == true)
  }

  @Test("A move made on an older version finds its card and its place again")
  func staleMoveIsCarriedOver() throws {
    var (shared, _) = try Self.shared()
    let beta = try Self.id("Beta", in: shared)
    // Another page moves Alpha first: version 2.
    let alpha = try Self.id("Alpha", in: shared)
    _ = shared.perform([.moveCard(alpha, column: 2, index: 0)], madeOn: 1, at: 1)
    // This page, still on version 1, drops Beta after Delta (index 1 of Doing's others).
    let outcome = shared.perform([.moveCard(beta, column: 1, index: 1)], madeOn: 1, at: 2)
    #expect(!outcome.refused)
    #expect(Self.titles(shared) == [["Gamma"], ["Delta", "Beta"], ["Alpha", "Epsilon"]])
    #expect(shared.version == 3)
  }

  @Test("A move of a card removed meanwhile is refused with its title, and changes nothing")
  func staleMoveOfRemovedCard() throws {
    var (shared, disk) = try Self.shared()
    let gamma = try Self.id("Gamma", in: shared)
    _ = shared.perform([.removeCard(gamma)], madeOn: 1, at: 1)
    let saved = disk.bytes
    let outcome = shared.perform([.moveCard(gamma, column: 1, index: 0)], madeOn: 1, at: 2)
    #expect(outcome.refused && !outcome.changed)
    #expect(outcome.message?.contains("“Gamma” was changed or removed") == true)
    #expect(disk.bytes == saved)
    #expect(shared.version == 2)
  }

  @Test("A request on a column renamed in the file meanwhile is refused")
  func staleRequestOnRenamedColumn() throws {
    var (shared, disk) = try Self.shared()
    let alpha = try Self.id("Alpha", in: shared)
    // An editor renames Doing; the session takes it in once it has settled.
    disk.text = Self.board.replacingOccurrences(of: "## Doing", with: "## Busy")
    _ = shared.poll(at: 1)
    let polled = shared.poll(at: 2)
    #expect(polled.changed)
    let outcome = shared.perform([.moveCard(alpha, column: 1, index: 0)], madeOn: 1, at: 3)
    #expect(outcome.refused)
    #expect(outcome.message?.contains("“Doing” was renamed or removed") == true)
    #expect(disk.text?.contains("## Busy\n\n- Delta\n") == true)
  }

  @Test("A reloaded file renumbers cards; a request from before the reload still finds them")
  func requestAcrossReload() throws {
    var (shared, disk) = try Self.shared()
    let delta = try Self.id("Delta", in: shared)
    // An editor adds a card at the top: every card after it is another number now.
    disk.text = Self.board.replacingOccurrences(of: "## To Do\n\n", with: "## To Do\n\n- New\n")
    _ = shared.poll(at: 1)
    _ = shared.poll(at: 2)
    #expect(shared.version == 2)
    let outcome = shared.perform([.moveCard(delta, column: 0, index: 0)], madeOn: 1, at: 3)
    #expect(!outcome.refused)
    #expect(Self.titles(shared)[0] == ["Delta", "New", "Alpha", "Beta", "Gamma"])
  }

  @Test("Several requests apply as one change, or not at all")
  func batchIsAtomic() throws {
    var (shared, disk) = try Self.shared()
    let alpha = try Self.id("Alpha", in: shared)
    let beta = try Self.id("Beta", in: shared)
    let saved = disk.bytes
    let refused = shared.perform(
      [.moveCard(alpha, column: 2, index: 0), .moveCard(beta, column: 7, index: 0)], madeOn: 1,
      at: 1)
    #expect(refused.refused)
    #expect(disk.bytes == saved)
    #expect(shared.version == 1)
    let applied = shared.perform(
      [.moveCard(alpha, column: 2, index: 0), .moveCard(beta, column: 2, index: 1)], madeOn: 1,
      at: 2)
    #expect(!applied.refused)
    #expect(Self.titles(shared)[2] == ["Alpha", "Beta", "Epsilon"])
    // One change: one undo takes both back.
    _ = shared.perform([.undo], madeOn: 2, at: 3)
    #expect(Self.titles(shared) == [["Alpha", "Beta", "Gamma"], ["Delta"], ["Epsilon"]])
  }

  @Test("Undo and redo on an older version are refused: they would take back another's change")
  func staleUndo() throws {
    var (shared, disk) = try Self.shared()
    let alpha = try Self.id("Alpha", in: shared)
    let delta = try Self.id("Delta", in: shared)
    // This page moves Alpha (version 2); another moves Delta (version 3).
    _ = shared.perform([.moveCard(alpha, column: 2, index: 0)], madeOn: 1, at: 1)
    _ = shared.perform([.moveCard(delta, column: 0, index: 0)], madeOn: 2, at: 2)
    let saved = disk.bytes
    for request in [BoardRequest.undo, .redo] {
      let stale = shared.perform([request], madeOn: 2, at: 3)
      #expect(stale.refused)
      #expect(stale.message?.contains("nothing was changed") == true)
      #expect(disk.bytes == saved)
      #expect(shared.version == 3)
    }
    // On the version shown, undo takes back the last change, as it says.
    let undone = shared.perform([.undo], madeOn: 3, at: 4)
    #expect(!undone.refused)
    #expect(Self.titles(shared) == [["Beta", "Gamma"], ["Delta"], ["Alpha", "Epsilon"]])
    // A version this server never had is not called too old.
    let future = shared.perform([.moveCard(alpha, column: 0, index: 0)], madeOn: 99, at: 5)
    #expect(future.refused)
    #expect(future.message?.contains("never had") == true)
  }

  @Test("A version older than the history kept is refused, not guessed at")
  func tooOld() throws {
    var (shared, _) = try Self.shared()
    let alpha = try Self.id("Alpha", in: shared)
    for round in 0..<(SharedBoard<MemoryStorage>.historyLength + 1) {
      let id = try Self.id("Alpha", in: shared)
      _ = shared.perform(
        [.moveCard(id, column: round % 2 == 0 ? 1 : 0, index: 0)], madeOn: shared.version,
        at: Double(round))
    }
    let outcome = shared.perform([.moveCard(alpha, column: 2, index: 0)], madeOn: 1, at: 100)
    #expect(outcome.refused)
    #expect(outcome.message?.contains("too old") == true)
  }

  @Test("Titles, ticks, subtasks and column moves, made on an older version")
  func otherRequests() throws {
    let text = Self.board.replacingOccurrences(
      of: "    > the second card\n", with: "    > the second card\n    * [ ] sub\n")
    var (shared, _) = try Self.shared(text)
    let beta = try Self.id("Beta", in: shared)
    let gamma = try Self.id("Gamma", in: shared)
    _ = shared.perform([.addCard(title: "Zeta", column: 2, index: nil)], madeOn: 1, at: 1)
    #expect(!shared.perform([.setTitle(gamma, "Gamma 2")], madeOn: 1, at: 2).refused)
    #expect(!shared.perform([.setSubtask(beta, index: 0, done: true)], madeOn: 1, at: 3).refused)
    #expect(!shared.perform([.moveColumn(from: 2, to: 0)], madeOn: 1, at: 4).refused)
    #expect(shared.document.columns.map(\.title) == ["Done", "To Do", "Doing"])
    #expect(Self.titles(shared)[1] == ["Alpha", "Beta", "Gamma 2"])
    #expect(
      shared.document.details(of: try Self.id("Beta", in: shared))?.subtasks.first?.isDone == true)
    #expect(Self.titles(shared)[0] == ["Epsilon", "Zeta"])
  }

  @Test("Details and columns, made on an older version: found by card lines and column titles")
  func detailsAndColumns() throws {
    var (shared, disk) = try Self.shared()
    let beta = try Self.id("Beta", in: shared)
    // Another page adds a column first: version 2.
    #expect(!shared.perform([.addColumn(title: "Later")], madeOn: 1, at: 1).refused)
    #expect(!shared.perform([.addSubtask(beta, title: "check it")], madeOn: 1, at: 2).refused)
    #expect(!shared.perform([.setDue(beta, "2026-12-01")], madeOn: 1, at: 3).refused)
    let current = try Self.id("Beta", in: shared)
    #expect(
      !shared.perform([.setDescription(current, ["one", "two"])], madeOn: shared.version, at: 4)
        .refused)
    let details = try #require(shared.document.details(of: current))
    #expect(details.description == ["one", "two"])
    #expect(details.due == "2026-12-01")
    #expect(details.subtasks.map(\.title) == ["check it"])
    #expect(
      !shared.perform([.addSubtask(current, title: "second")], madeOn: shared.version, at: 5)
        .refused)
    #expect(
      !shared.perform(
        [.moveSubtask(current, from: 1, to: 0), .renameSubtask(current, index: 1, title: "first")],
        madeOn: shared.version, at: 5
      ).refused)
    #expect(shared.document.details(of: current)?.subtasks.map(\.title) == ["second", "first"])
    #expect(
      !shared.perform(
        [.removeSubtask(current, index: 0), .removeSubtask(current, index: 0)],
        madeOn: shared.version, at: 5
      ).refused)
    #expect(shared.document.details(of: current)?.subtasks.isEmpty == true)
    // Columns by title: "Doing" was column 1 on version 1 and still is; rename and remove it.
    #expect(!shared.perform([.renameColumn(1, title: "Busy")], madeOn: 1, at: 6).refused)
    #expect(shared.document.columns.map(\.title) == ["To Do", "Busy", "Done", "Later"])
    // On version 1, column 1 was "Doing": gone now, so removing it is refused.
    #expect(shared.perform([.removeColumn(1, withCards: true)], madeOn: 1, at: 7).refused)
    #expect(
      !shared.perform([.removeColumn(1, withCards: true)], madeOn: shared.version, at: 8).refused)
    #expect(shared.document.columns.map(\.title) == ["To Do", "Done", "Later"])
    #expect(disk.text?.contains("## Busy") == false)
    #expect(disk.text?.contains("## Later") == true)
  }

  @Test("Reload takes the file as it is; overwrite writes this board over it; both are versions")
  func reloadAndOverwrite() throws {
    var (shared, disk) = try Self.shared()
    let alpha = try Self.id("Alpha", in: shared)
    _ = shared.perform([.moveCard(alpha, column: 2, index: 0)], madeOn: 1, at: 1)
    let ours = try #require(disk.text)
    // An editor writes the file; before it settles, the page asks to write this board over it.
    disk.text = Self.board.replacingOccurrences(of: "- Delta", with: "- Omega")
    let overwritten = shared.perform([.overwrite], madeOn: 2, at: 1.1)
    #expect(overwritten.changed == false && !overwritten.refused)
    #expect(disk.text == ours)
    // Another outside write, and this time the page takes the file as it is.
    disk.text = Self.board.replacingOccurrences(of: "- Delta", with: "- Omega")
    let reloaded = shared.perform([.reload], madeOn: 2, at: 1.2)
    #expect(reloaded.changed)
    #expect(shared.version == 3)
    #expect(Self.titles(shared) == [["Alpha", "Beta", "Gamma"], ["Omega"], ["Epsilon"]])
  }
}
