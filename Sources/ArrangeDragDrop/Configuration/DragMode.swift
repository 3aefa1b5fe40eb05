/// What a drop does with the dragged item.
public enum DragMode: String, Hashable, Sendable, CaseIterable {
  /// Reorder within a container (the items between shift) and transfer between containers.
  case move
  /// Swap the dragged item with the item it is dropped on; at any moment the tentative order
  /// is the original one with at most one swap.
  case exchange
  /// Leave the item in its container and put a copy (with an app-supplied ID) where it is
  /// dropped; within its own container the item is reordered instead.
  case copy
}
