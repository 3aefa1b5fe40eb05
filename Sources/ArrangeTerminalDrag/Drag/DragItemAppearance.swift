import ArrangeDragDrop
import ArrangeGeometry
import ArrangeTerminal

/// How a host draws one of its own items while drags are in progress or settling.
public enum DragItemAppearance: Hashable, Sendable {
  /// As usual.
  case normal
  /// Faded: the place a dragged item was lifted from.
  case dimmed
  /// Not at all: something else stands in for it (a ghost settling into its slot, a displaced
  /// item drawn elsewhere).
  case hidden
}
