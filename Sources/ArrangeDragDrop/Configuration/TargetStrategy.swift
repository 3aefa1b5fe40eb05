/// How the target container is chosen during a pointer drag.
public enum TargetStrategy: String, Hashable, Sendable, CaseIterable {
  /// The first container, in priority order, that contains the pointer.
  case pointerInside
  /// The container whose frame overlaps the ghost's frame by the largest area, ties going to the
  /// higher priority.
  case largestOverlap
  /// The container whose center is closest to the ghost's center, whatever the distance.
  case closestCenter
  /// The first container, in priority order, that contains the center of the dragged item (its
  /// ghost), wherever the pointer holds it; the slot is chosen by that center too
  /// (the container that owns an item is the one holding its center).
  case itemCenter
}
