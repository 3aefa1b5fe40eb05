/// The terminal a ``TerminalRunLoop`` talks to: a ``TerminalSession``, or a scripted stand-in in
/// tests.
public protocol TerminalIO: AnyObject {
  /// The terminal's size in cells.
  var size: (columns: Int, rows: Int) { get }

  /// Seconds on a monotonic clock.
  func now() -> Double

  /// Waits up to `timeout` seconds for input and returns it (empty on timeout or interruption).
  func read(timeout: Double) -> [UInt8]

  /// Whether input has ended for good (the terminal closed or failed): reads return at once
  /// with nothing, and the loop stops.
  var hasInputEnded: Bool { get }

  /// Writes one frame's bytes in one go (nothing for an empty frame).
  func writeFrame(_ bytes: [UInt8])

  /// The new size if the window changed since the last call, else `nil`.
  func takeResize() -> (columns: Int, rows: Int)?
}

extension TerminalIO {
  /// Input never ends.
  public var hasInputEnded: Bool { false }
}
