/// How a press becomes a drag.
public enum DragActivation: Hashable, Sendable {
  /// The drag starts once the pointer has moved `distance` from where it was pressed (mouse).
  case distance(Double)
  /// The drag starts after the pointer has been held for `delay` seconds without moving more than
  /// `tolerance`; moving further first cancels the press (it was a scroll). Touch.
  case longPress(delay: Double, tolerance: Double)
}
