import ArrangeGeometry

/// What a key press means to a keyboard drag.
public enum KeyIntent<Item: Hashable & Sendable>: Hashable, Sendable {
  /// Lift the focused item.
  case lift(Item)
  /// Move the proposal to the previous slot in the target container.
  case previousSlot
  /// Move the proposal to the next slot in the target container.
  case nextSlot
  /// Move the proposal to the previous container, index clamped.
  case previousContainer
  /// Move the proposal to the next container, index clamped.
  case nextContainer
  /// Drop the keyboard drag.
  case drop
  /// Cancel the keyboard drag, or every pointer drag when there is none (Escape).
  case cancel
  /// Add the item to the selection, or take it out (see ``DragInput/setSelection(_:)``).
  case toggleSelection(Item)
}
