import ArrangeBoard
import Testing

/// The one rule a card title's marks are read by (the terminal's colours and the page's
/// drawing): each case written out by hand.
@Suite struct CardMarksTests {
  typealias Run = CardMarks.Run

  @Test(
    "Each kind of mark",
    arguments: [
      ("plain words", [Run.text("plain words")]),
      ("a `x*y*` b", [.text("a "), .code("x*y*"), .text(" b")]),
      ("``two `ticks``", [.text("`"), .code("two "), .text("ticks``")]),
      (
        "**bold** and __also__",
        [.strong([.text("bold")]), .text(" and "), .strong([.text("also")])]
      ),
      ("~~gone~~ ==lit==", [.strike([.text("gone")]), .text(" "), .highlight([.text("lit")])]),
      (
        "an *em* _em_",
        [.text("an "), .emphasis([.text("em")]), .text(" "), .emphasis([.text("em")])]
      ),
      ("snake_case_name", [.text("snake_case_name")]),
      ("2*3*4", [.text("2*3*4")]),
      ("* not *", [.text("* not *")]),
      ("[[Page]] [[Page|alias]]", [.wikiLink("Page"), .text(" "), .wikiLink("alias")]),
      (
        "[site](https://example.com)",
        [.link(address: "https://example.com", label: [.text("site")])]
      ),
      ("[bad](javascript:alert(1))", [.text("[bad](javascript:alert(1))")]),
      (
        "see https://a.org/x?y=1.",
        [
          .text("see "),
          .link(address: "https://a.org/x?y=1", label: [.text("https://a.org/x?y=1")]), .text("."),
        ]
      ),
      (
        "(http://a.b)",
        [.text("("), .link(address: "http://a.b", label: [.text("http://a.b")]), .text(")")]
      ),
      (
        "#urgent #2024 #v2 a#b &#x",
        [
          .tag("urgent", hue: CardMarks.hue(ofTag: "urgent")), .text(" #2024 "),
          .tag("v2", hue: CardMarks.hue(ofTag: "v2")), .text(" a#b &#x"),
        ]
      ),
      (
        "#été/q3-plan_x!",
        [.tag("été/q3-plan_x", hue: CardMarks.hue(ofTag: "été/q3-plan_x")), .text("!")]
      ),
      ("@{2026-12-24} @@{17:30}", [.date("2026-12-24"), .text(" "), .time("17:30")]),
      (
        "**bold #tag**", [.strong([.text("bold "), .tag("tag", hue: CardMarks.hue(ofTag: "tag"))])]
      ),
      (
        "[**b** label](mailto:a@b.c)",
        [.link(address: "mailto:a@b.c", label: [.strong([.text("b")]), .text(" label")])]
      ),
      ("**a\nb**", [.text("**a\nb**")]),
      ("`a\nb`", [.code("a\nb")]),
      ("x**", [.text("x**")]),
    ])
  func kinds(title: String, runs: [Run]) {
    #expect(CardMarks.runs(of: title) == runs, "\(title)")
  }

  @Test("Hues: the same tag whatever its case; known values")
  func hues() {
    #expect(CardMarks.hue(ofTag: "Urgent") == CardMarks.hue(ofTag: "urgent"))
    // By hand: "a" is 97, 97 % 3607 % 360 = 97; "ab" is (97 * 31 + 98) % 3607 = 3105, % 360 = 225.
    #expect(CardMarks.hue(ofTag: "a") == 97)
    #expect(CardMarks.hue(ofTag: "ab") == 225)
  }

  @Test("The words a person reads, and where the terminal colours")
  func plainAndPlaces() {
    let runs = CardMarks.runs(of: "**Ship** #v2 by @{2026-12-24} [[Plan|the plan]]")
    #expect(CardMarks.plainText(runs) == "Ship #v2 by 2026-12-24 the plan")
    let places = CardMarks.tagsAndDates(in: "é **#x** @{1} `#no`")
    #expect(places.map(\.start) == [4, 9])
    #expect(places.map(\.length) == [2, 4])
  }
}
