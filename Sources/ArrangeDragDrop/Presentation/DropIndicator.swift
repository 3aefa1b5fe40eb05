public import ArrangeGeometry

/// Where a drop would land, for drawing.
public enum DropIndicator: Hashable, Sendable {
  /// A line between items (or at the start or end) in a container: a thin rectangle.
  case line(ContainerID, Rect)
  /// The frame of the item that would be swapped with, or dropped into.
  case item(ContainerID, Rect)
  /// The drop would remove the item.
  case removal
}
