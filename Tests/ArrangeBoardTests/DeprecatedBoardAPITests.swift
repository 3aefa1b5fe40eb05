import ArrangeBoard
import Testing

/// Public names that changed keep working, deprecated, for at least one minor version.
@Suite struct DeprecatedBoardAPITests {
  @Test("setDue with text still sets a date taskell reads, and refuses the rest")
  @available(*, deprecated)
  func setDueWithText() throws {
    var document = try BoardDocument.parse(Array("## To Do\n\n- Plan\n".utf8))
    let card = document.columns[0].cards[0].id
    try document.setDue("2026-12-24", of: card)
    #expect(
      String(decoding: document.serialized(), as: UTF8.self)
        == "## To Do\n\n- Plan\n    @ 2026-12-24\n")
    #expect(throws: BoardEditError.self) { try document.setDue("next friday", of: card) }
    try document.setDue(nil as String?, of: card)
    #expect(String(decoding: document.serialized(), as: UTF8.self) == "## To Do\n\n- Plan\n")
  }
}
