import ArrangeBoard
import ArrangeDragDrop
import Foundation
import Testing

/// Undo and redo, kept by the session for every front end, and the map from the engine's
/// containers to columns.
@Suite struct BoardSessionHistoryTests {
  @Test("Undo goes back to the board before the change and saves it; redo makes it again")
  func undoAndRedo() throws {
    var (session, disk) = try BoardSessionTests.session()
    let original = session.document
    let (moved, card) = try BoardSessionTests.moving("Alpha", to: 2, in: session.document)
    let focus = BoardFocus(card: card, column: 0)
    _ = session.commit(moved, changing: [card], describing: "moving “Alpha”", focus: focus, at: 1)
    #expect(session.undoStack.map(\.change) == ["moving “Alpha”"])

    let undone = session.undo(focus: BoardFocus(card: card, column: 2), at: 2)
    #expect(undone.travelled)
    #expect(undone.focus == focus)
    #expect(undone.message == "Undid moving “Alpha”")
    #expect(session.document == original)
    #expect(disk.bytes == original.serialized())
    #expect(session.undoStack.isEmpty && session.redoStack.count == 1)

    let redone = session.redo(at: 3)
    #expect(redone.travelled)
    #expect(redone.focus == BoardFocus(card: card, column: 2))
    #expect(redone.message == "Redid moving “Alpha”")
    #expect(disk.bytes == moved.serialized())
    #expect(disk.saves == 3)
  }

  @Test("With nothing to undo or redo, the board and the file stay as they are")
  func nothingToUndo() throws {
    var (session, disk) = try BoardSessionTests.session()
    #expect(session.undo(at: 1) == BoardSession.Outcome(message: "Nothing to undo"))
    #expect(session.redo(at: 1) == BoardSession.Outcome(message: "Nothing to redo"))
    #expect(disk.saves == 0)
  }

  @Test("A change without words, or one that changes nothing, is not recorded for undo")
  func unrecordedCommits() throws {
    var (session, _) = try BoardSessionTests.session()
    let (moved, card) = try BoardSessionTests.moving("Alpha", to: 2, in: session.document)
    _ = session.commit(moved, changing: [card], at: 1)
    _ = session.commit(session.document, changing: [card], describing: "nothing", at: 2)
    #expect(session.undoStack.isEmpty)
  }

  @Test("A new change clears redo")
  func newChangeClearsRedo() throws {
    var (session, _) = try BoardSessionTests.session()
    let (moved, card) = try BoardSessionTests.moving("Alpha", to: 2, in: session.document)
    _ = session.commit(moved, changing: [card], describing: "moving “Alpha”", at: 1)
    _ = session.undo(at: 2)
    let (other, beta) = try BoardSessionTests.moving("Beta", to: 1, in: session.document)
    _ = session.commit(other, changing: [beta], describing: "moving “Beta”", at: 3)
    #expect(session.redoStack.isEmpty)
    #expect(session.undoStack.map(\.change) == ["moving “Beta”"])
  }

  @Test("Taking in another program's edit forgets undo, which described the old version")
  func reloadForgetsHistory() throws {
    var (session, disk) = try BoardSessionTests.session()
    let (moved, card) = try BoardSessionTests.moving("Alpha", to: 2, in: session.document)
    _ = session.commit(moved, changing: [card], describing: "moving “Alpha”", at: 1)
    disk.text = BoardSessionTests.board.replacingOccurrences(of: "Delta", with: "Delta 2")
    _ = session.poll(at: 2)
    #expect(session.poll(at: 3).replacedDocument)
    #expect(session.undoStack.isEmpty)
    #expect(session.undo(at: 4).message == "Nothing to undo")
  }

  @Test("Undo remembers at most the history limit")
  func historyLimit() throws {
    var (session, _) = try BoardSessionTests.session()
    let limit = BoardSession<MemoryStorage>.historyLimit
    for step in 0...(limit + 2) {
      let (moved, card) = try BoardSessionTests.moving(
        step.isMultiple(of: 2) ? "Alpha" : "Beta", to: step % 3, in: session.document)
      _ = session.commit(moved, changing: [card], describing: "step \(step)", at: Double(step))
    }
    #expect(session.undoStack.count == limit)
    #expect(session.undoStack.last?.change == "step \(limit + 2)")
  }

  @Test("Engine containers map to columns explicitly, whatever their numbers")
  func containersMapToColumns() throws {
    let containers = BoardContainers(columnCount: 3)
    #expect(containers.column(of: containers.ids[2]) == 2)
    #expect(containers.container(ofColumn: 3) == nil)
    #expect(containers.column(of: ContainerID(0)) == nil)
    var document = try BoardDocument.parse(Array(BoardSessionTests.board.utf8))
    let card = try #require(document.columns[0].cards.first).id
    let from = Slot(containers.ids[0], 0)
    try document.apply(
      .move(card, from: from, to: Slot(containers.ids[2], 0), before: nil), in: containers)
    #expect(document.location(of: card)?.column == 2)
    #expect(throws: BoardEditError.self) {
      try document.apply(
        .move(card, from: Slot(containers.ids[2], 0), to: Slot(ContainerID(0), 0), before: nil),
        in: containers)
    }
  }
}
