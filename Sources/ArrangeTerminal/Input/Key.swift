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
