import ArrangeTerminal
import ArrangeTerminalDrag
import Foundation
import Testing

@testable import ArrangeBoard
@testable import ArrangeBoardTerminal

/// The screen following the file through its session while the person works: outside edits,
/// a file briefly gone, and no reload in the middle of a drag.
@Suite struct BoardScreenPollingTests {
  typealias Harness = BoardScreenTests.Harness

  /// Whether the lists on screen hold exactly the document's cards.
  static func consistent(_ h: Harness) -> Bool {
    h.screen.lists.arena.lists.map(\.items) == h.screen.document.columns.map { $0.cards.map(\.id) }
  }

  @Test("A file put back to an outside version seen before is still followed")
  func staleOutsideVersionIgnored() throws {
    var h = try Harness()
    let v = BoardScreenTests.board.replacingOccurrences(of: "- Alpha", with: "- Zeta")
    h.disk.bytes = Array(v.utf8)
    #expect(h.screen.poll(at: 2) == .unchanged)
    #expect(h.screen.poll(at: 3) == .changed)
    #expect(h.titles[0].first == "Zeta")
    h.key("D")  // saved
    #expect(!h.screen.hasUnsavedChanges)
    #expect(h.disk.text != v)
    // Another program puts the file back as it was (git checkout, editor undo).
    h.disk.bytes = Array(v.utf8)
    _ = h.screen.poll(at: 4)
    _ = h.screen.poll(at: 5)
    #expect(h.titles[0].first == "Zeta", "screen should follow the file")
    #expect(h.screen.storage.known == h.disk.bytes)
  }

  @Test("A file briefly gone, then back edited, is reloaded")
  func fileBrieflyGoneThenEditedIsReloaded() throws {
    var h = try Harness()
    h.disk.bytes = nil  // an editor writes a new file: old one gone for a moment
    _ = h.screen.poll(at: 2)
    let v = BoardScreenTests.board.replacingOccurrences(of: "- Alpha", with: "- Zeta")
    h.disk.bytes = Array(v.utf8)
    _ = h.screen.poll(at: 3)
    _ = h.screen.poll(at: 4)
    #expect(h.titles[0].first == "Zeta", "nothing was unsaved here, so the edit should load")
    #expect(!h.screen.hasUnsavedChanges)
  }

  @Test("A file briefly gone, then back unchanged, leaves nothing unsaved")
  func fileBrieflyGoneThenBackUnchanged() throws {
    var h = try Harness()
    let original = h.disk.bytes
    h.disk.bytes = nil
    _ = h.screen.poll(at: 2)
    h.disk.bytes = original
    _ = h.screen.poll(at: 3)
    #expect(!h.screen.hasUnsavedChanges, "board equals the file, yet UNSAVED stays")
  }

  @Test("No reload between a mouse press and the motion that starts the drag")
  func pollBetweenPressAndMotion() throws {
    var h = try Harness()
    let alpha = try #require(h.locate("Alpha"))
    let delta = try #require(h.locate("Delta"))
    h.send(.mouse(MouseEvent(.press, .left, column: alpha.0, row: alpha.1)))
    h.disk.bytes = Array(
      BoardScreenTests.board.replacingOccurrences(of: "Gamma", with: "Omega").utf8)
    let r = h.screen.poll(at: 2)
    for step in 1...4 {
      h.send(
        .mouse(
          MouseEvent(
            .motion, .left, column: alpha.0 + (delta.0 - alpha.0) * step / 4,
            row: alpha.1 + (delta.1 - alpha.1 + 1) * step / 4)))
    }
    h.send(.mouse(MouseEvent(.release, .left, column: delta.0, row: delta.1 + 1)))
    #expect(r == .unchanged)
    #expect(Self.consistent(h))
    #expect(h.titles[1].contains("Alpha"), "the drag begun before the poll is lost")
  }
}
