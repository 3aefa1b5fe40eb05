import Testing

@testable import ArrangeBoard

/// Obsidian block ids (`- Card ^t1a2b3`): kept in the file, not shown in the title.
@Suite struct ObsidianBlockIDTests {
  static let board = """
    ---

    kanban-plugin: basic

    ---

    ## To Do

    - [ ] Write the report ^t1a2b3
    - [ ] Compute 2 ^ 3
    - [ ] Only ^
    - [ ] ^lonely
    - [x] Review	^done-1

    ## Done



    %% kanban:settings
    ```
    {"kanban-plugin":"basic"}
    ```
    %%

    """

  @Test("A block id at the end of a card is not part of its title, and the file keeps it")
  func parsed() throws {
    let document = try BoardDocument.parse(Array(Self.board.utf8))
    let cards = document.columns[0].cards
    #expect(
      cards.map(\.title) == ["Write the report", "Compute 2 ^ 3", "Only ^", "^lonely", "Review"])
    #expect(cards.map(\.blockID) == ["t1a2b3", nil, nil, nil, "done-1"])
    #expect(document.serialized() == Array(Self.board.utf8))
  }

  @Test("Retitling a card keeps its block id at the end of its line")
  func retitled() throws {
    var document = try BoardDocument.parse(Array(Self.board.utf8))
    let card = document.columns[0].cards[0].id
    try document.setTitle("Write the annual report", of: card)
    #expect(document.columns[0].cards[0].title == "Write the annual report")
    #expect(document.columns[0].cards[0].blockID == "t1a2b3")
    let text = String(decoding: document.serialized(), as: UTF8.self)
    #expect(text.contains("- [ ] Write the annual report ^t1a2b3\n"))
    #expect(!text.contains("Write the report"))
  }
}
