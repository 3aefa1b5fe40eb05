/// Modifier keys held with a key or a mouse event.
public struct Modifiers: OptionSet, Hashable, Sendable {
  /// The raw bits.
  public var rawValue: UInt8

  /// Creates modifiers from raw bits.
  public init(rawValue: UInt8) { self.rawValue = rawValue }

  /// Shift.
  public static let shift = Modifiers(rawValue: 1)
  /// Alt (Option, Meta).
  public static let alt = Modifiers(rawValue: 2)
  /// Control.
  public static let control = Modifiers(rawValue: 4)
}
