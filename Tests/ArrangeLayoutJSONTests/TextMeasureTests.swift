import ArrangeGeometry
import Testing

@testable import ArrangeLayoutJSON

@Suite struct TextMeasureTests {
  @Test(
    "Words wrap greedily; the size is the longest line by the number of lines",
    arguments: [
      // (text, width, expected width, expected height), each worked out by hand.
      ("the quick brown fox", nil, 19.0, 1.0),
      ("the quick brown fox", 10, 9, 2),  // "the quick" / "brown fox"
      ("the quick brown fox", 9, 9, 2),  // a line exactly as wide as the width fits
      ("the quick brown fox", 8, 5, 4),  // every word alone; "quick" and "brown" are 5
      ("the quick brown fox", 0, 5, 4),
      ("a bb ccc", 4, 4, 2),  // "a bb" / "ccc"
      ("  spaced   out  ", nil, 10, 1),  // runs of spaces are one gap
      ("tab\tseparated", nil, 13, 1),
      ("unbreakableword", 5, 15, 1),  // a long word is never broken
      ("one\ntwo three", nil, 9, 2),  // a newline starts a paragraph
      ("one\n\ntwo", 100, 3, 3),  // a blank line is a line of width 0
      ("", 10, 0, 0),
      ("   \n  ", 10, 0, 0),
      ("日本語 テキスト", nil, 8, 1),  // one cell per Unicode scalar
      ("e\u{301}", nil, 2, 1),  // a combining accent is its own scalar
      ("ab cd", 4.5, 2, 2),  // fractional widths: 5 > 4.5
    ] as [(String, Double?, Double, Double)])
  func wraps(text: String, width: Double?, expectedWidth: Double, expectedHeight: Double) {
    #expect(
      TextMeasure(text).size(width: width) == Size(width: expectedWidth, height: expectedHeight))
  }
}
