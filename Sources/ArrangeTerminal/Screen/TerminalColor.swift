/// A terminal color.
public enum TerminalColor: Hashable, Sendable {
  /// One of the 16 basic colors (0–7 normal, 8–15 bright).
  case basic(UInt8)
  /// One of the 256 indexed colors.
  case indexed(UInt8)
  /// A 24-bit color.
  case rgb(UInt8, UInt8, UInt8)
}
