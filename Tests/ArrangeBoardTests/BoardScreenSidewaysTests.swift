import ArrangeTerminal
import ArrangeTerminalDrag
import Foundation
import Testing

@testable import ArrangeBoard
@testable import ArrangeBoardTerminal

/// Columns that do not all fit scroll sideways, keeping the focus and a drag's target in view.
@Suite struct BoardScreenSidewaysTests {
  typealias Harness = BoardScreenTests.Harness

  static let six = """
    # Six

    ## A

    - a1
    - a2

    ## B

    - b1

    ## C

    - c1

    ## D

    - d1

    ## E

    - e1

    ## F

    - f1

    """

  @Test("A resize that fits fewer columns keeps the focused column in view")
  func resizeNarrowerKeepsFocusedColumnInView() throws {
    var h = try Harness(Self.six, columns: 72, rows: 12)
    h.key("lllll")  // focus F, all six fit
    #expect(h.screen.focusedColumn == 5)
    h.send(.resize(columns: 30, rows: 12))
    let f = h.screen.focusedColumn
    #expect(f >= h.screen.firstColumn && f < h.screen.firstColumn + 2, "focused column hidden")
    #expect(h.locate("f1") != nil)
  }

  @Test("A resize in the middle of a keyboard drag keeps the drop target in view")
  func resizeMidKeyboardDragKeepsTargetInView() throws {
    var h = try Harness(Self.six, columns: 72, rows: 12)
    h.key(" ")
    for _ in 0..<5 { h.key(.right) }
    h.send(.resize(columns: 30, rows: 12))
    #expect(h.screen.firstColumn == 4, "drag target hidden after resize")
  }
}
