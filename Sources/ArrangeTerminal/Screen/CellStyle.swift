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

  /// Appends the SGR sequence that sets this style from any state (`ESC [ 0 ; … m`).
  func appendSGR(to output: inout [UInt8]) {
    output.append(contentsOf: [0x1B, 0x5B, 0x30])
    if isBold { output.append(contentsOf: [0x3B, 0x31]) }
    if isDim { output.append(contentsOf: [0x3B, 0x32]) }
    if isItalic { output.append(contentsOf: [0x3B, 0x33]) }
    if isUnderlined { output.append(contentsOf: [0x3B, 0x34]) }
    if isReversed { output.append(contentsOf: [0x3B, 0x37]) }
    if let foreground { Self.appendSGR(foreground, base: 30, extended: 38, to: &output) }
    if let background { Self.appendSGR(background, base: 40, extended: 48, to: &output) }
    output.append(0x6D)
  }

  private static func appendSGR(
    _ color: TerminalColor, base: Int, extended: Int, to output: inout [UInt8]
  ) {
    output.append(0x3B)
    switch color {
    case .basic(let value):
      let index = Int(value & 15)
      appendDecimal(index < 8 ? base + index : base + 60 + index - 8, to: &output)
    case .indexed(let value):
      appendDecimal(extended, to: &output)
      output.append(contentsOf: [0x3B, 0x35, 0x3B])
      appendDecimal(Int(value), to: &output)
    case .rgb(let red, let green, let blue):
      appendDecimal(extended, to: &output)
      output.append(contentsOf: [0x3B, 0x32])
      for channel in [red, green, blue] {
        output.append(0x3B)
        appendDecimal(Int(channel), to: &output)
      }
    }
  }
}
