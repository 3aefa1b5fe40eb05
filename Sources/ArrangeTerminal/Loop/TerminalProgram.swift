/// A full-screen program that a ``TerminalRunLoop`` drives: it handles events and draws frames.
///
/// The program never reads the terminal, keeps time or writes bytes itself; the loop does, which
/// is why the same program runs in a real terminal and against a scripted ``TerminalIO`` in tests.
public protocol TerminalProgram {
  /// The smallest screen the program can draw on; below it the loop shows a one-line message
  /// instead (columns, rows).
  var minimumSize: (columns: Int, rows: Int) { get }

  /// Handles one event (keys, mouse, paste; ``TerminalEvent/resize(columns:rows:)`` when the
  /// window changed size, and once at the start) at `time` seconds.
  mutating func handle(_ event: TerminalEvent, at time: Double) -> TerminalProgramResponse

  /// Moves on to `time` what runs by itself (auto-scroll during a drag, state that animations
  /// change); called just before each frame is drawn at that time.
  mutating func advance(to time: Double)

  /// Draws the whole screen as it is at `time` into `buffer` (blank, of the terminal's size).
  ///
  /// Called at most once per frame, only when something changed or an animation runs, right
  /// after ``advance(to:)``. Drawing changes nothing: the same program drawn twice at the same
  /// time gives the same screen.
  func draw(into buffer: inout CellBuffer, at time: Double)

  /// Whether something moves on its own at `time` (an animation, auto-scroll), so that frames
  /// keep coming without input.
  func needsAnimationFrame(at time: Double) -> Bool

  /// Looks at the world outside the terminal (a file that changed on disk, say); called about
  /// once per ``TerminalRunLoop/idleTimeout``, whether input comes or not.
  mutating func poll(at time: Double) -> TerminalProgramResponse

  /// The terminal went away (its input ended or failed, as when a window closes without a
  /// hang-up signal): no more events will come, and the loop returns after this call. The
  /// program ends whatever is under way without committing it (a drag is cancelled).
  mutating func inputEnded(at time: Double)
}

extension TerminalProgram {
  /// One cell: any screen will do.
  public var minimumSize: (columns: Int, rows: Int) { (1, 1) }

  /// Nothing moves on its own.
  public func needsAnimationFrame(at time: Double) -> Bool { false }

  /// Nothing runs by itself.
  public mutating func advance(to time: Double) {}

  /// Nothing outside to watch.
  public mutating func poll(at time: Double) -> TerminalProgramResponse { .unchanged }

  /// Nothing to end.
  public mutating func inputEnded(at time: Double) {}
}
