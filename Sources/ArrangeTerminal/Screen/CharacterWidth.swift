/// How many terminal cells a character takes: 0, 1 or 2.
///
/// Combining marks and other zero-width scalars take 0; East Asian wide and fullwidth characters
/// (CJK, Hangul, fullwidth forms) and emoji presented as pictures take 2; everything else takes 1.
/// Control characters take 0 (they are never drawn).
public enum CharacterWidth {
  /// The width of a grapheme cluster, judged by its first scalar (and an emoji variation selector).
  public static func of(_ character: Character) -> Int {
    // Most of a screen is ASCII: no Unicode property lookups for it.
    if let ascii = character.asciiValue { return ascii < 0x20 || ascii == 0x7F ? 0 : 1 }
    let scalars = character.unicodeScalars
    guard let first = scalars.first else { return 0 }
    if scalars.contains(where: { $0.value == 0xFE0F }) && first.properties.isEmoji { return 2 }
    return of(first)
  }

  /// The width of one scalar.
  public static func of(_ scalar: Unicode.Scalar) -> Int {
    let value = scalar.value
    if value < 0x20 || (value >= 0x7F && value < 0xA0) { return 0 }
    // Fast answers for what screens are made of: ASCII, Latin-1 and Latin Extended letters (but
    // not the soft hyphen, a format character), box drawing and block elements.
    if value < 0x7F || (value >= 0xA0 && value < 0x300 && value != 0xAD)
      || (value >= 0x2500 && value < 0x25A0)
    {
      return 1
    }
    switch scalar.properties.generalCategory {
    case .nonspacingMark, .enclosingMark, .format: return 0
    default: break
    }
    if value == 0x200B { return 0 }
    if scalar.properties.isEmojiPresentation { return 2 }
    for range in wideRanges where range.contains(value) { return 2 }
    return 1
  }

  /// The width of a string: the sum of its characters' widths.
  public static func of(_ string: String) -> Int {
    if string.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return string.utf8.count }
    return string.reduce(0) { $0 + of($1) }
  }

  private static let wideRanges: [ClosedRange<UInt32>] = [
    0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
    0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
    0xFFE0...0xFFE6, 0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x3FFFD,
  ]
}
