import ArrangeTerminal
import Testing

@Suite struct CharacterWidthTests {
  /// The full rule without the fast paths: control 0, marks and format 0, emoji and East Asian
  /// wide 2, else 1.
  static func slowWidth(_ scalar: Unicode.Scalar) -> Int {
    let value = scalar.value
    if value < 0x20 || (value >= 0x7F && value < 0xA0) { return 0 }
    switch scalar.properties.generalCategory {
    case .nonspacingMark, .enclosingMark, .format: return 0
    default: break
    }
    if value == 0x200B { return 0 }
    if scalar.properties.isEmojiPresentation { return 2 }
    let eastAsianWide =
      (0x1100...0x115F).contains(value) || (0x2E80...0x303E).contains(value)
      || (0x3041...0x33FF).contains(value)
    return eastAsianWide ? 2 : 1
  }

  @Test("The fast paths for ASCII, Latin and box drawing agree with the full rule")
  func fastPathsAgree() {
    var checked = 0
    for value in UInt32(0)..<0x2600 {
      guard let scalar = Unicode.Scalar(value) else { continue }
      #expect(CharacterWidth.of(scalar) == Self.slowWidth(scalar), "U+\(String(value, radix: 16))")
      checked += 1
    }
    #expect(checked > 9_000)
  }

  @Test(
    "Widths of characters and strings",
    arguments: [
      ("a", 1), ("é", 1), ("e\u{301}", 1), ("\u{AD}", 0), ("─", 1), ("╭", 1), ("日", 2),
      ("한", 2), ("🚀", 2), ("☺\u{FE0F}", 2), ("\t", 0), ("\u{7F}", 0),
    ] as [(String, Int)])
  func widths(_ text: String, _ width: Int) {
    #expect(CharacterWidth.of(text) == width)
    if let character = text.first, text.count == 1 {
      #expect(CharacterWidth.of(character) == width)
    }
  }

  @Test("A string's width is the sum of its characters'")
  func sums() {
    #expect(CharacterWidth.of("Write report") == 12)
    #expect(CharacterWidth.of("café 日本 🚀") == 12)
    #expect(CharacterWidth.of("a\tb") == 2)
  }
}
