/// Drives a ``TerminalProgram``: reads input, decodes it, hands events over, and draws frames
/// through a diffing ``TerminalRenderer``.
///
/// Frames are coalesced: however fast the mouse reports motion, all waiting input is handled
/// first and at most one frame is drawn per ``frameInterval`` (60 per second by default). While
/// nothing changes and nothing animates, nothing is drawn and the loop sleeps in `read`. A screen
/// smaller than the program's ``TerminalProgram/minimumSize`` shows one line saying so, and the
/// program's own frame comes back when the window grows.
///
/// ```swift
/// let session = try TerminalSession()
/// defer { session.close() }
/// var loop = TerminalRunLoop()
/// loop.run(&program, on: session)
/// ```
public struct TerminalRunLoop: Sendable {
  /// The shortest time between two frames, in seconds.
  public var frameInterval: Double
  /// How long to sleep in one read while idle, in seconds (the loop wakes for input, resizes and
  /// signals sooner).
  public var idleTimeout: Double
  /// The number of frames written so far (frames whose diff was empty are not counted).
  public private(set) var framesWritten = 0
  /// The number of bytes written so far.
  public private(set) var bytesWritten = 0

  /// A loop drawing at most one frame per `frameInterval` seconds.
  public init(frameInterval: Double = 1.0 / 60, idleTimeout: Double = 1) {
    self.frameInterval = frameInterval.isFinite ? Swift.max(0, frameInterval) : 1.0 / 60
    self.idleTimeout = idleTimeout.isFinite ? Swift.max(0.001, idleTimeout) : 1
  }

  /// Runs `program` on `io` until it answers ``TerminalProgramResponse/quit``, or until the
  /// terminal's input ends (then the program hears of it through
  /// ``TerminalProgram/inputEnded(at:)``).
  ///
  /// The program first receives a ``TerminalEvent/resize(columns:rows:)`` with the terminal's
  /// size (at most ``maximumSize``), then the events as they come; resizes come only from the
  /// terminal (`io`), never from size reports found in the input.
  public mutating func run<Program: TerminalProgram>(
    _ program: inout Program, on io: some TerminalIO
  ) {
    var decoder = InputDecoder()
    var renderer = TerminalRenderer()
    var size = Self.capped(io.size)
    var isDirty = true
    var lastFrame = -Double.infinity
    var wasAnimating = false
    var lastPoll = io.now()
    if program.handle(.resize(columns: size.columns, rows: size.rows), at: lastPoll) == .quit {
      return
    }
    while true {
      var now = io.now()
      // A clock that steps back (only a custom TerminalIO's can) restarts the poll interval.
      if now < lastPoll { lastPoll = now }
      if now < lastFrame { lastFrame = -Double.infinity }
      if now - lastPoll >= idleTimeout - 1e-6 {
        lastPoll = now
        switch program.poll(at: now) {
        case .quit: return
        case .changed: isDirty = true
        case .unchanged: break
        }
      }
      if let newSize = io.takeResize() {
        size = Self.capped(newSize)
        renderer.invalidate()
        isDirty = true
        if program.handle(.resize(columns: size.columns, rows: size.rows), at: now) == .quit {
          return
        }
      }
      // One more frame after an animation ends, so that its end state is what stays on screen.
      let isAnimating = program.needsAnimationFrame(at: now)
      if isAnimating || wasAnimating { isDirty = true }
      // A microsecond of slack, so that waking exactly at the frame time counts as on time.
      if isDirty, now - lastFrame >= frameInterval - 1e-6 {
        let bytes = renderer.render(frame(of: &program, size: size, at: now))
        if !bytes.isEmpty {
          io.writeFrame(bytes)
          framesWritten += 1
          bytesWritten += bytes.count
        }
        lastFrame = now
        isDirty = false
        wasAnimating = isAnimating
      }
      var timeout = Swift.min(idleTimeout, Swift.max(0, lastPoll + idleTimeout - now))
      if isDirty || wasAnimating {
        timeout = Swift.min(frameInterval, Swift.max(0, lastFrame + frameInterval - now))
      }
      if decoder.hasPending { timeout = Swift.min(timeout, decoder.escapeTimeout) }
      let bytes = io.read(timeout: timeout)
      now = io.now()
      if bytes.isEmpty && io.hasInputEnded {
        // Without this the loop would spin: every read returns at once with nothing.
        program.inputEnded(at: now)
        return
      }
      let events = bytes.isEmpty ? decoder.flush(at: now) : decoder.feed(bytes, at: now)
      // The size comes from the terminal itself; a size report typed or pasted into the input
      // would make the program lay out for a screen it does not have.
      for event in events where !event.isResize {
        switch program.handle(event, at: now) {
        case .quit: return
        case .changed: isDirty = true
        case .unchanged: break
        }
      }
    }
  }

  /// The largest screen the loop draws (larger terminals get this much, in their top-left
  /// corner): a frame is a buffer of cells, and a bogus window size must not exhaust memory.
  public static let maximumSize = (columns: 4_096, rows: 2_048)

  private static func capped(_ size: (columns: Int, rows: Int)) -> (columns: Int, rows: Int) {
    (
      Swift.min(Swift.max(0, size.columns), maximumSize.columns),
      Swift.min(Swift.max(0, size.rows), maximumSize.rows)
    )
  }

  /// The program's frame, or the too-small message.
  private func frame<Program: TerminalProgram>(
    of program: inout Program, size: (columns: Int, rows: Int), at time: Double
  ) -> CellBuffer {
    var buffer = CellBuffer(columns: size.columns, rows: size.rows)
    let minimum = program.minimumSize
    if size.columns < minimum.columns || size.rows < minimum.rows {
      buffer.drawTooSmallMessage(minimum: minimum)
    } else {
      program.advance(to: time)
      program.draw(into: &buffer, at: time)
    }
    return buffer
  }
}

extension TerminalEvent {
  /// Whether this is a ``TerminalEvent/resize(columns:rows:)``.
  fileprivate var isResize: Bool {
    if case .resize = self { return true }
    return false
  }
}
