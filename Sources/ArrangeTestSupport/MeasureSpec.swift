public import ArrangeGeometry
public import ArrangeLayout

/// A measure function described by a value, so that a random tree can be printed, compared and
/// rebuilt.
public enum MeasureSpec: Hashable, Sendable, CustomStringConvertible {
  /// The same size whatever the proposal (also used for invalid sizes: negative, NaN, infinite).
  case fixed(Size)
  /// Text of `length` one-unit-wide characters that wraps to the proposed width (at least one
  /// character per line), `lineHeight` per line: its height depends on the width it is offered.
  case text(length: Int, lineHeight: Double)

  /// The measure function this value describes.
  public var function: MeasureFunction {
    switch self {
    case .fixed(let size):
      return { _ in size }
    case .text(let length, let lineHeight):
      return { proposal in MeasureSpec.measureText(length: length, lineHeight: lineHeight, proposal)
      }
    }
  }

  /// What ``text(length:lineHeight:)`` measures under `proposal`.
  public static func measureText(length: Int, lineHeight: Double, _ proposal: SizeProposal)
    -> Size
  {
    guard length > 0 else { return .zero }
    let characters = Double(length)
    var perLine = characters
    if let width = proposal.width, width.isFinite {
      perLine = Swift.min(characters, Swift.max(1, width.rounded(.down)))
    }
    let lines = (characters / perLine).rounded(.up)
    return Size(width: perLine, height: lines * lineHeight)
  }

  /// A short description: `fixed(3×2)` or `text(12, 1)`.
  public var description: String {
    switch self {
    case .fixed(let size): return "fixed(\(size.width)×\(size.height))"
    case .text(let length, let lineHeight): return "text(\(length), \(lineHeight))"
    }
  }
}
