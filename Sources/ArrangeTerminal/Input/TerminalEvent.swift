/// A key on the keyboard, as the terminal reports it.
public enum Key: Hashable, Sendable {
  /// A printable character (already decoded from UTF-8).
  case character(Character)
  /// Return or Enter.
  case enter
  /// Tab.
  case tab
  /// Shift-Tab (back tab).
  case backTab
  /// Backspace.
  case backspace
  /// Escape on its own.
  case escape
  /// An arrow key.
  case up, down, left, right
  /// Home, End, Page Up, Page Down, Insert, Delete.
  case home, end, pageUp, pageDown, insert, delete
  /// A function key, `F1` is `function(1)`.
  case function(Int)
}

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

/// A mouse button.
public enum MouseButton: Hashable, Sendable {
  /// The left, middle or right button.
  case left, middle, right
  /// No button (motion without a button held).
  case none
}

/// What the mouse did.
public enum MouseAction: Hashable, Sendable {
  /// A button went down.
  case press
  /// A button went up.
  case release
  /// The mouse moved (with `button` held, or `.none`).
  case motion
  /// The wheel turned up (away from the user) or down.
  case wheelUp, wheelDown
}

/// One mouse event, in 0-based cell coordinates.
public struct MouseEvent: Hashable, Sendable {
  /// What happened.
  public var action: MouseAction
  /// Which button.
  public var button: MouseButton
  /// The column, 0-based.
  public var column: Int
  /// The row, 0-based.
  public var row: Int
  /// Modifier keys held.
  public var modifiers: Modifiers

  /// Creates a mouse event.
  public init(
    _ action: MouseAction, _ button: MouseButton, column: Int, row: Int,
    modifiers: Modifiers = []
  ) {
    self.action = action
    self.button = button
    self.column = column
    self.row = row
    self.modifiers = modifiers
  }
}

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
