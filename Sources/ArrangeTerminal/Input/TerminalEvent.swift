/// One decoded input event.
public enum TerminalEvent: Hashable, Sendable {
  /// A key, with the modifiers held.
  case key(Key, Modifiers)
  /// A mouse event.
  case mouse(MouseEvent)
  /// Text pasted with bracketed paste (kept whole, escape bytes included).
  case paste(String)
  /// The terminal was resized to `columns` × `rows`.
  case resize(columns: Int, rows: Int)
  /// A sequence the decoder does not know, kept for logging.
  case unknown([UInt8])
}
