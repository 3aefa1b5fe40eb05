import ArrangeBoard
import ArrangeTerminal

/// Each tag's own colour in a terminal: the hue the page gives the same tag (worked out from its
/// name, whatever its case), as the nearest of twelve colours of the 256-colour palette that
/// read on dark and light backgrounds alike.
enum TagColour {
  /// One colour every 30° of hue, from red round to pink.
  static let palette: [UInt8] = [203, 208, 178, 112, 71, 37, 38, 33, 63, 135, 170, 205]

  /// The hue of tag `name` (0–359): the one the page gives it (``CardMarks/hue(ofTag:)``).
  static func hue(of name: String) -> Int {
    CardMarks.hue(ofTag: name)
  }

  /// The colour of tag `name` (without its `#`).
  static func colour(of name: String) -> TerminalColor {
    .indexed(palette[((hue(of: name) + 15) / 30) % palette.count])
  }
}
