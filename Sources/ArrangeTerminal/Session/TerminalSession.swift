#if canImport(Glibc)

  import Glibc

#elseif canImport(Darwin)

  import Darwin

#endif

/// The terminal modes a session turns on, and the bytes that turn them on and off.
enum TerminalModes {
  /// Alternate screen, hidden cursor, mouse button and drag reporting in SGR encoding, bracketed
  /// paste.
  static let enter = Array(
    "\u{1B}[?1049h\u{1B}[?25l\u{1B}[?1000h\u{1B}[?1002h\u{1B}[?1006h\u{1B}[?2004h\u{1B}[2J".utf8)
  /// Everything `enter` turned on, turned off again, in reverse order; and synchronized output
  /// ended first, in case a frame was cut short (a terminal that does not know the mode ignores
  /// it).
  static let leave =
    Array(
      "\u{1B}[?2026l\u{1B}[?2004l\u{1B}[?1006l\u{1B}[?1002l\u{1B}[?1000l\u{1B}[0m\u{1B}[?25h"
        .utf8) + Array("\u{1B}[?1049l".utf8)

  /// Begins a synchronized update (mode 2026): the terminal shows nothing until it ends.
  static let beginSynchronizedUpdate = Array("\u{1B}[?2026h".utf8)
  /// Ends a synchronized update: the terminal shows the whole frame at once.
  static let endSynchronizedUpdate = Array("\u{1B}[?2026l".utf8)

  /// The environment variable that, set to `0`, turns synchronized output off without asking.
  static let synchronizedOutputVariable = "ARRANGE_SYNCHRONIZED_OUTPUT"

  /// How long, in milliseconds, the session waits for the terminal to answer the probe.
  static let probeDeadline = 200

  /// The bytes that write one frame: `frame` inside a synchronized update when `isSynchronized`,
  /// else `frame` alone; nothing for an empty frame.
  static func framed(_ frame: [UInt8], isSynchronized: Bool) -> [UInt8] {
    guard !frame.isEmpty, isSynchronized else { return frame }
    return beginSynchronizedUpdate + frame + endSynchronizedUpdate
  }
}

// What the signal handlers need, reachable without any Swift runtime work (a signal handler may
// only make async-signal-safe calls). Set before the handlers are installed, cleared after.
nonisolated(unsafe) private var savedAttributes = termios()

nonisolated(unsafe) private var hasSavedAttributes = false

nonisolated(unsafe) private var windowChanged: sig_atomic_t = 0

/// `write(2)`, named apart from the session's own `write`.
private func systemWrite(_ bytes: UnsafeRawPointer?, _ count: Int) -> Int {
  write(STDOUT_FILENO, bytes, count)
}

/// `read(2)` from standard input, named apart from the session's own `read`.
private func systemRead(_ bytes: UnsafeMutableRawPointer?, _ count: Int) -> Int {
  read(STDIN_FILENO, bytes, count)
}

/// `signal(2)` back to the default action, named apart from the handlers' parameter.
private func resetSignal(_ number: Int32) {
  _ = signal(number, SIG_DFL)
}

/// Installs a C signal handler with `sigaction`.
private func installHandler(_ handler: @convention(c) (Int32) -> Void, for number: Int32) {
  var action = sigaction()
  #if canImport(Glibc)
    action.__sigaction_handler.sa_handler = handler
  #else
    action.__sigaction_u.__sa_handler = handler
  #endif
  sigemptyset(&action.sa_mask)
  action.sa_flags = 0
  sigaction(number, &action, nil)
}

private func restoreFromSignalHandler() {
  TerminalModes.leave.withUnsafeBufferPointer { buffer in
    _ = systemWrite(buffer.baseAddress, buffer.count)
  }
  if hasSavedAttributes { _ = tcsetattr(STDIN_FILENO, TCSAFLUSH, &savedAttributes) }
}

private func exitSignalHandler(_ number: Int32) {
  restoreFromSignalHandler()
  hasSavedAttributes = false
  resetSignal(number)
  _ = raise(number)
}

private func windowSignalHandler(_ number: Int32) {
  windowChanged = 1
}

/// The terminal, in the state a full-screen program needs: raw input, the alternate screen, the
/// mouse reported in SGR encoding, bracketed paste; and put back as it was on every way out.
///
/// Only one session may be open at a time. `close()` restores the terminal; so do SIGINT, SIGTERM
/// and SIGHUP (the program then ends as the signal asks), and SIGTSTP suspends cleanly: the
/// terminal is restored before the program stops and set up again when it continues (the next
/// ``read(timeout:)`` reports a resize so that the host redraws everything).
///
/// ```swift
/// let session = try TerminalSession()
/// defer { session.close() }
/// session.writeFrame(renderer.render(frame))
/// let bytes = session.read(timeout: 0.016)
/// ```
public final class TerminalSession {
  private var isOpen = false
  private var lastSize: (columns: Int, rows: Int) = (0, 0)
  /// Input read while the session waited for the synchronized output probe's answer, handed out
  /// by the next ``read(timeout:)``.
  private var unreadInput: [UInt8] = []
  /// Set once standard input has ended or failed (the terminal went away).
  public private(set) var hasInputEnded = false

  /// Whether the terminal answered that it supports synchronized output (mode 2026), so that
  /// ``writeFrame(_:)`` makes each frame appear at once.
  ///
  /// The session asks when it opens and waits at most 200 ms for the answer; a terminal that does
  /// not answer in time counts as not supporting it. Setting the environment variable
  /// `ARRANGE_SYNCHRONIZED_OUTPUT` to `0` skips the question (for terminals that misbehave), and
  /// this is then `false`.
  public private(set) var supportsSynchronizedOutput = false

  /// Whether standard input and output are both terminals.
  public static var isAvailable: Bool {
    isatty(STDIN_FILENO) == 1 && isatty(STDOUT_FILENO) == 1
  }

  /// Opens a session: raw mode, alternate screen, mouse and paste reporting.
  ///
  /// It also asks the terminal whether it supports synchronized output, waiting at most 200 ms
  /// for the answer (see ``supportsSynchronizedOutput``); keys typed meanwhile are not lost.
  ///
  /// - Throws: ``TerminalSessionError`` with ``TerminalSessionError/Kind/notATerminal`` when
  ///   standard input or output is not a terminal; nothing is written then.
  public init() throws(TerminalSessionError) {
    guard Self.isAvailable else {
      throw TerminalSessionError(
        .notATerminal,
        "This program needs an interactive terminal; standard input or output is not one.")
    }
    var attributes = termios()
    guard tcgetattr(STDIN_FILENO, &attributes) == 0 else {
      throw TerminalSessionError(
        .system, "Could not read the terminal's settings (errno \(errno)).")
    }
    savedAttributes = attributes
    hasSavedAttributes = true
    try enterRawMode()
    // A parent may have left these blocked (supervisors, some CI runners): the session relies on
    // them to restore the terminal, so it takes them back.
    var handled = sigset_t()
    sigemptyset(&handled)
    for number in [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGWINCH, SIGTSTP, SIGCONT] {
      sigaddset(&handled, number)
    }
    sigprocmask(SIG_UNBLOCK, &handled, nil)
    // Global constants are created lazily: create these now, not inside a signal handler.
    _ = (TerminalModes.enter.count, TerminalModes.leave.count)
    install(exitSignalHandler, for: [SIGINT, SIGTERM, SIGHUP, SIGQUIT])
    install(windowSignalHandler, for: [SIGWINCH])
    install(suspendSignalHandler, for: [SIGTSTP])
    write(TerminalModes.enter)
    isOpen = true
    if Self.mayProbeSynchronizedOutput { probeSynchronizedOutput() }
    lastSize = size
  }

  /// Whether the environment leaves the synchronized output probe on (it is off only when
  /// `ARRANGE_SYNCHRONIZED_OUTPUT` is `0`).
  private static var mayProbeSynchronizedOutput: Bool {
    guard let value = getenv(TerminalModes.synchronizedOutputVariable) else { return true }
    return String(cString: value) != "0"
  }

  /// Asks the terminal about mode 2026 and waits for the DA1 sentinel, never past the deadline;
  /// whatever else arrives meanwhile waits in `unreadInput`.
  private func probeSynchronizedOutput() {
    var probe = SynchronizedOutputProbe()
    write(SynchronizedOutputProbe.query)
    let clock = ContinuousClock()
    let deadline = clock.now.advanced(by: .milliseconds(TerminalModes.probeDeadline))
    while !probe.isFinished {
      let remaining = clock.now.duration(to: deadline)
      guard remaining > .zero else { break }
      // Rounded up, so that the last wait is not a busy zero-millisecond poll.
      let (seconds, attoseconds) = remaining.components
      let milliseconds =
        seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000
      guard let bytes = readInput(waitingUpTo: Int32(clamping: milliseconds)) else {
        hasInputEnded = true
        break
      }
      probe.feed(bytes)
    }
    probe.finish()
    supportsSynchronizedOutput = probe.status == .supported
    unreadInput = probe.leftover
  }

  deinit { close() }

  private func enterRawMode() throws(TerminalSessionError) {
    var raw = savedAttributes
    makeRaw(&raw)
    guard tcsetattr(STDIN_FILENO, TCSAFLUSH, &raw) == 0 else {
      throw TerminalSessionError(
        .system, "Could not switch the terminal to raw mode (errno \(errno)).")
    }
  }

  private func install(_ handler: @convention(c) (Int32) -> Void, for numbers: [Int32]) {
    for number in numbers { installHandler(handler, for: number) }
  }

  /// Puts the terminal back as it was; safe to call more than once.
  public func close() {
    guard isOpen else { return }
    isOpen = false
    write(TerminalModes.leave)
    if hasSavedAttributes { _ = tcsetattr(STDIN_FILENO, TCSAFLUSH, &savedAttributes) }
    hasSavedAttributes = false
    for number in [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGWINCH, SIGTSTP] { resetSignal(number) }
  }

  /// The terminal's size in cells (80 × 24 when it cannot be read).
  public var size: (columns: Int, rows: Int) {
    var window = winsize()
    if ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &window) == 0, window.ws_col > 0, window.ws_row > 0 {
      return (Int(window.ws_col), Int(window.ws_row))
    }
    return (80, 24)
  }

  /// Writes all of `bytes` to the terminal (one frame is one call; ``writeFrame(_:)`` also makes
  /// it appear at once).
  public func write(_ bytes: [UInt8]) {
    var offset = 0
    while offset < bytes.count {
      let written = bytes.withUnsafeBytes { buffer in
        systemWrite(buffer.baseAddress.map { $0 + offset }, buffer.count - offset)
      }
      if written < 0 {
        if errno == EINTR || errno == EAGAIN { continue }
        return
      }
      offset += written
    }
  }

  /// Writes one frame in one call, as a synchronized update when the terminal supports it, so
  /// that it appears all at once; nothing for an empty frame.
  ///
  /// With ``supportsSynchronizedOutput`` the bytes go out between `ESC [ ? 2026 h` and
  /// `ESC [ ? 2026 l`; otherwise they go out as they are.
  public func writeFrame(_ bytes: [UInt8]) {
    guard !bytes.isEmpty else { return }
    write(TerminalModes.framed(bytes, isSynchronized: supportsSynchronizedOutput))
  }

  /// Waits up to `timeout` seconds for input and returns what was read (empty on timeout).
  ///
  /// Input that arrived while the session was opening comes first, without waiting. When the
  /// window changed size (or the program resumed after a suspend), the size is re-read and
  /// ``takeResize()`` reports it.
  public func read(timeout: Double) -> [UInt8] {
    guard unreadInput.isEmpty else {
      defer { unreadInput = [] }
      return unreadInput
    }
    // Rounded up: rounding down would wake a fraction of a millisecond early and then spin in
    // zero-timeout polls until the frame is due.
    guard !hasInputEnded else { return [] }
    let milliseconds = Int32((Swift.max(0, Swift.min(timeout, 60)) * 1000).rounded(.up))
    guard let bytes = readInput(waitingUpTo: milliseconds) else {
      hasInputEnded = true
      return []
    }
    return bytes
  }

  /// Waits up to `milliseconds` for input and returns it: empty on timeout or interruption, `nil`
  /// when standard input has ended or failed.
  private func readInput(waitingUpTo milliseconds: Int32) -> [UInt8]? {
    var descriptor = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
    let ready = poll(&descriptor, 1, milliseconds)
    if ready == 0 { return [] }
    if ready < 0 { return errno == EINTR ? [] : nil }
    var buffer = [UInt8](repeating: 0, count: 4096)
    let count = buffer.withUnsafeMutableBytes { systemRead($0.baseAddress, $0.count) }
    if count > 0 { return Array(buffer[0..<count]) }
    if count < 0, errno == EINTR || errno == EAGAIN { return [] }
    return nil
  }

  /// The new size if the window changed since the last call, else `nil`.
  public func takeResize() -> (columns: Int, rows: Int)? {
    guard windowChanged != 0 else { return nil }
    windowChanged = 0
    lastSize = size
    return lastSize
  }
}

private func suspendSignalHandler(_ number: Int32) {
  // Restore the terminal, stop, and on SIGCONT set it up again.
  restoreFromSignalHandler()
  resetSignal(SIGTSTP)
  // SIGTSTP is blocked while its handler runs: unblocked, the raised signal stops the process
  // right here (with the default action) instead of waiting until the handler returns, when the
  // handler would already be installed again and would catch it again, forever.
  var suspend = sigset_t()
  sigemptyset(&suspend)
  sigaddset(&suspend, SIGTSTP)
  sigprocmask(SIG_UNBLOCK, &suspend, nil)
  _ = raise(SIGTSTP)
  // Execution continues here after SIGCONT (at once when the kernel discards the stop, as it
  // does for a process group with no shell to resume it).
  var raw = savedAttributes
  makeRaw(&raw)
  _ = tcsetattr(STDIN_FILENO, TCSAFLUSH, &raw)
  TerminalModes.enter.withUnsafeBufferPointer { buffer in
    _ = systemWrite(buffer.baseAddress, buffer.count)
  }
  installHandler(suspendSignalHandler, for: SIGTSTP)
  windowChanged = 1
}

/// Raw mode: no echo, no line editing, no translation; signals from Control-C and Control-Z stay
/// on, so that they restore the terminal.
private func makeRaw(_ attributes: inout termios) {
  attributes.c_iflag &= ~tcflag_t(BRKINT | ICRNL | INPCK | ISTRIP | IXON)
  attributes.c_oflag &= ~tcflag_t(OPOST)
  attributes.c_cflag |= tcflag_t(CS8)
  attributes.c_lflag &= ~tcflag_t(ECHO | ICANON | IEXTEN)
}
