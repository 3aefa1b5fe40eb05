import ArrangeTerminal
import Testing

@testable import ArrangeBoard
@testable import ArrangeBoardTerminal

/// A card moved or dropped at the end of a column longer than the screen stays in view.
@Suite struct LongColumnTests {
  typealias Harness = BoardScreenTests.Harness

  /// The row on which a card titled `title` is drawn inside a column's box (not the status line,
  /// which names the card too), or `nil`.
  static func row(of title: String, in harness: Harness) -> Int? {
    harness.lines.dropLast().firstIndex { $0.contains("│") && $0.contains(title + " ") }
  }

  /// One column of 20 one-line cards and a short one, in a 60×14 pane: about 10 cards show.
  static let long =
    "## Long\n\n" + (1...20).map { "- Card \($0)\n" }.joined() + "\n## Short\n\n- Other\n"

  @Test("A card moved with the keyboard to the end of a long column is in view there")
  func keyboardToTheEnd() throws {
    var harness = try Harness(Self.long)
    #expect(harness.locate("Card 20") == nil)
    harness.key(" ")
    for _ in 0..<19 { harness.key(.down) }
    harness.key(" ")
    #expect(harness.titles[0].last == "Card 1")
    #expect(Self.row(of: "Card 1", in: harness) != nil, "the moved card is out of view")
  }

  @Test("A card moved with the keyboard from another column to the end of a long one is in view")
  func keyboardAcrossToTheEnd() throws {
    var harness = try Harness(Self.long)
    harness.key(.right)
    harness.key(" ")
    harness.key(.left)
    for _ in 0..<25 { harness.key(.down) }
    harness.key(" ")
    #expect(harness.titles[0].last == "Other")
    #expect(Self.row(of: "Other", in: harness) != nil, "the moved card is out of view")
  }

  /// The row of the long column's bottom border in the 60×14 pane (the status line is row 13).
  static let bottomBorder = 12

  @Test("A card lifted with the keyboard to the end of a full column is drawn inside it")
  func keyboardGhostAtTheEnd() throws {
    for fromOtherColumn in [false, true] {
      var harness = try Harness(Self.long)
      let title = fromOtherColumn ? "Other" : "Card 1"
      if fromOtherColumn { harness.key(.right) }
      harness.key(" ")
      if fromOtherColumn { harness.key(.left) }
      for _ in 0..<25 { harness.key(.down) }
      let rows = harness.lines.indices.filter {
        harness.lines[$0].contains(title + " ") && harness.lines[$0].hasPrefix("▶")
      }
      #expect(rows.count == 1, "\(title): the ghost is not drawn once: \(harness.lines)")
      let ghost = try #require(rows.first)
      #expect(ghost < Self.bottomBorder, "\(title): the ghost is on the border: \(harness.lines)")
      // The last card is in view above it, and the border is drawn whole.
      #expect(harness.lines[..<ghost].contains { $0.contains("Card 20 ") })
      #expect(
        harness.lines[Self.bottomBorder].hasPrefix("┗")
          || harness.lines[Self.bottomBorder].hasPrefix("╰"),
        "\(title): \(harness.lines[Self.bottomBorder])")
      harness.key(" ")
      #expect(harness.titles[0].last == title)
      #expect(Self.row(of: title, in: harness) != nil, "\(title): the dropped card is out of view")
    }
  }

  @Test("The room kept for a keyboard ghost goes when the drag ends")
  func roomGoesAfterTheDrag() throws {
    var harness = try Harness(Self.long)
    harness.key("G")
    let before = harness.lines
    harness.key(" ")
    harness.key(.escape)
    // All but the status line, which says the drag was cancelled.
    #expect(harness.lines.dropLast() == before.dropLast(), "the column is not drawn as before")
  }

  @Test("A card dropped with the mouse below the last card shown lands at the end and is in view")
  func mouseToTheEnd() throws {
    var harness = try Harness(Self.long)
    let other = try #require(harness.locate("Other"))
    // From the short column to the bottom edge of the long one, held there until the column
    // has scrolled to its end, then released.
    let bottom = 11
    harness.drag(from: other, to: (5, bottom), release: false)
    for _ in 0..<60 {
      harness.send(.mouse(MouseEvent(.motion, .left, column: 5, row: bottom)))
    }
    harness.send(.mouse(MouseEvent(.release, .left, column: 5, row: bottom)))
    #expect(harness.titles[0].contains("Other"))
    #expect(Self.row(of: "Other", in: harness) != nil, "the dropped card is out of view")
  }
}
