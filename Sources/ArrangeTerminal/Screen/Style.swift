/// A terminal color.
public enum TerminalColor: Hashable, Sendable {
  /// One of the 16 basic colors (0–7 normal, 8–15 bright).
  case basic(UInt8)
  /// One of the 256 indexed colors.
  case indexed(UInt8)
  /// A 24-bit color.
  case rgb(UInt8, UInt8, UInt8)
}

/// How a cell is drawn: colors and attributes.
public struct CellStyle: Hashable, Sendable {
  /// The text color, or `nil` for the terminal's default.
  public var foreground: TerminalColor?
  /// The background color, or `nil` for the terminal's default.
  public var background: TerminalColor?
  /// Bold text.
  public var isBold = false
  /// Dim (faint) text.
  public var isDim = false
  /// Italic text.
  public var isItalic = false
  /// Underlined text.
  public var isUnderlined = false
  /// Foreground and background swapped.
  public var isReversed = false

  /// The terminal's default style.
  public static let plain = CellStyle()

  /// Creates a style.
  public init(
    foreground: TerminalColor? = nil, background: TerminalColor? = nil, isBold: Bool = false,
    isDim: Bool = false, isItalic: Bool = false, isUnderlined: Bool = false,
    isReversed: Bool = false
  ) {
    self.foreground = foreground
    self.background = background
    self.isBold = isBold
    self.isDim = isDim
    self.isItalic = isItalic
    self.isUnderlined = isUnderlined
    self.isReversed = isReversed
  }

  /// The SGR parameters that set this style from a reset state (`0` first).
  var sgrParameters: [String] {
    var parameters = ["0"]
    if isBold { parameters.append("1") }
    if isDim { parameters.append("2") }
    if isItalic { parameters.append("3") }
    if isUnderlined { parameters.append("4") }
    if isReversed { parameters.append("7") }
    if let foreground { parameters.append(Self.sgr(foreground, base: 30, extended: 38)) }
    if let background { parameters.append(Self.sgr(background, base: 40, extended: 48)) }
    return parameters
  }

  private static func sgr(_ color: TerminalColor, base: Int, extended: Int) -> String {
    switch color {
    case .basic(let value):
      let index = Int(value & 15)
      return index < 8 ? "\(base + index)" : "\(base + 60 + index - 8)"
    case .indexed(let value):
      return "\(extended);5;\(value)"
    case .rgb(let red, let green, let blue):
      return "\(extended);2;\(red);\(green);\(blue)"
    }
  }
}
