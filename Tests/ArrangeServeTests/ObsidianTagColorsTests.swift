import ArrangeBoard
import Testing

@testable import ArrangeServe

/// An Obsidian board's own tag colours, read from its settings footer for the page: only
/// colours in plain forms pass, so a board file cannot make the page fetch anything.
@Suite struct ObsidianTagColorsTests {
  static func board(_ settings: String) -> String {
    "---\n\nkanban-plugin: board\n\n---\n\n## A\n\n- [ ] one #urgent\n\n\n"
      + "%% kanban:settings\n```\n\(settings)\n```\n%%\n"
  }

  @Test("The settings footer's JSON is read from the end of an Obsidian board")
  func footer() throws {
    let document = try BoardDocument.parse(Array(Self.board(#"{"kanban-plugin":"board"}"#).utf8))
    #expect(document.obsidianSettings == #"{"kanban-plugin":"board"}"#)
    let plain = try BoardDocument.parse(Array("## A\n\n- one\n".utf8))
    #expect(plain.obsidianSettings == nil)
    let empty = try BoardDocument.parse(Array("## A\n\n- one\n\n%% kanban:settings\n%%\n".utf8))
    #expect(empty.obsidianSettings == nil)
  }

  @Test("Tag colours pass in the forms Obsidian writes, text colour then background")
  func colours() {
    let settings = #"""
      {"kanban-plugin":"board","tag-colors":[
        {"tagKey":"#urgent","color":"rgba(255, 255, 255, 1)","backgroundColor":"rgba(230, 0, 0, 1)"},
        {"tagKey":"#later","color":"#333","backgroundColor":""},
        {"tagKey":"#bg","backgroundColor":"#a0b0c0ff"}]}
      """#
    #expect(
      ObsidianTagColors.json(settings)
        == ##"{"#urgent":["rgba(255, 255, 255, 1)","rgba(230, 0, 0, 1)"],"#later":["#333",null],"##
        + ##""#bg":[null,"#a0b0c0ff"]}"##)
  }

  @Test("A colour that could fetch or inject anything is left out")
  func attacks() {
    let settings = #"""
      {"tag-colors":[
        {"tagKey":"#a","color":"url(http://example.com/x)","backgroundColor":"var(--x)"},
        {"tagKey":"#b","color":"red; background: url(x)","backgroundColor":"rgb(1,2,3) url(x)"},
        {"tagKey":"#c","color":"rgb(1, 2)","backgroundColor":"#12345"},
        {"tagKey":"#d","color":"rgb(1,2,3)\"}</style>","backgroundColor":"expression(alert(1))"},
        {"tagKey":"","color":"#fff"},
        {"color":"#fff"},
        {"tagKey":"#e","color":12}]}
      """#
    #expect(ObsidianTagColors.json(settings) == "{}")
  }

  @Test("A tag named twice takes its last entry, as the plugin reads it")
  func twice() {
    let settings = #"""
      {"tag-colors":[{"tagKey":"#a","color":"#111"},{"tagKey":"#b","color":"#222"},
        {"tagKey":"#a","color":"#333"}]}
      """#
    #expect(ObsidianTagColors.json(settings) == ##"{"#a":["#333",null],"#b":["#222",null]}"##)
  }

  @Test("A footer that is not JSON, or has no tag colours, gives none")
  func notJSON() {
    #expect(ObsidianTagColors.json(nil) == "{}")
    #expect(ObsidianTagColors.json("{not json") == "{}")
    #expect(ObsidianTagColors.json(#"{"tag-colors":{}}"#) == "{}")
    #expect(ObsidianTagColors.json(#"[1,2]"#) == "{}")
  }
}
