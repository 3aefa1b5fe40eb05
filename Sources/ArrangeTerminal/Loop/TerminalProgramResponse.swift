/// What a full-screen terminal program tells the run loop after an event.
public enum TerminalProgramResponse: Hashable, Sendable {
  /// Nothing visible changed: no frame is drawn for this event.
  case unchanged
  /// The screen should change: a frame is drawn at the next frame time.
  case changed
  /// The program is finished: the loop returns.
  case quit
}
