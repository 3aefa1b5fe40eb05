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
