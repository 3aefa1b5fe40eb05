public import Foundation

/// A real program in a tmux pane, for end-to-end tests: send it real bytes (keys, SGR mouse
/// reports), read its screen as text, and wait for what it shows.
public struct TerminalPane {
  /// The tmux command for this pane: the executable on a server of the pane's own.
  ///
  /// A server of its own, because tmux's server exits when its last session ends: with tests
  /// in parallel sharing one, a test that ends its session while another starts one could take
  /// the other's pane down with the server, and that test waited for a screen that was gone.
  public let tmux: String
  /// The tmux session name (unique per test and process).
  public let name: String

  /// The tmux executable on this machine, if any.
  public static let tmuxPath: String? = [
    "/usr/bin/tmux", "/usr/local/bin/tmux", "/opt/homebrew/bin/tmux",
  ].first { FileManager.default.isExecutableFile(atPath: $0) }

  /// The executable `name` built beside the running tests, if it was built.
  public static func builtExecutable(named name: String) -> URL? {
    var directories: [URL] = []
    if let url = Bundle.main.executableURL { directories.append(url.deletingLastPathComponent()) }
    directories.append(Bundle.main.bundleURL.deletingLastPathComponent())
    for directory in directories {
      let candidate = directory.appendingPathComponent(name)
      if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
    }
    return nil
  }

  /// Starts `command` (a shell command line) as the pane's program, or (`inShell`) types it into
  /// an interactive shell in the pane, with job control, as a person would; then waits until the
  /// screen satisfies `isReady`.
  public init(
    tmux: String, command: String, name: String, columns: Int = 60, rows: Int = 12,
    inShell: Bool = false, isReady: (String) -> Bool
  ) {
    self.tmux = "\(tmux) -L \(Self.quoted(name))"
    self.name = name
    let tmux = self.tmux
    Self.shell("\(tmux) kill-server")
    let program = inShell ? "bash --norc --noprofile -i" : command
    // One command line, so that the pane is kept after its program ends (to read what it
    // printed last) even when it ends at once; no configuration but this.
    Self.shell(
      "\(tmux) -f /dev/null start-server \\; set-option -g remain-on-exit on \\; "
        + "new-session -d -s \(name) -x \(columns) -y \(rows) \(Self.quoted(program)) >/dev/null")
    if inShell {
      waitFor { $0.contains("$") || $0.contains("#") }
      Self.shell("\(tmux) send-keys -t \(name) \(Self.quoted(command)) Enter")
    }
    waitFor(isReady)
  }

  /// `text` in single quotes for the shell.
  public static func quoted(_ text: String) -> String {
    "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
  }

  /// Runs a shell command line and returns its standard output (synchronously, with `popen`:
  /// tmux leaves a server behind, which must not hold the test's pipes open).
  @discardableResult
  public static func shell(_ command: String) -> String {
    guard let stream = popen(command + " 2>/dev/null </dev/null", "r") else { return "" }
    var output: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
      let count = fread(&buffer, 1, buffer.count, stream)
      if count <= 0 { break }
      output.append(contentsOf: buffer[0..<count])
    }
    pclose(stream)
    return String(decoding: output, as: UTF8.self)
  }

  /// The process ID of the program started from the pane's shell (with `inShell`).
  public func childPID() -> String {
    let shellPID = display("#{pane_pid}")
    return Self.shell("pgrep -P \(shellPID)").trimmingCharacters(in: .whitespacesAndNewlines)
  }

  /// Types `text` literally (escape sequences included).
  ///
  /// Nothing waits here: the program reads what was typed in order, after whatever came
  /// before, and a test waits for what it shows (``waitFor(_:)``). A lone Escape is told from
  /// the start of a sequence only by the pause after it, so a test that types one waits for its
  /// effect before typing on.
  public func send(_ text: String) {
    Self.shell("\(tmux) send-keys -t \(name) -l \(Self.quoted(text))")
  }

  /// An SGR mouse report for a cell given 0-based: `button` 0 press/release, 32 motion with
  /// the left button held, 64/65 wheel up/down.
  public func mouse(_ button: Int, column: Int, row: Int, release: Bool = false) {
    send("\u{1B}[<\(button);\(column + 1);\(row + 1)\(release ? "m" : "M")")
  }

  /// The screen, one string per row.
  public func screen() -> [String] {
    Self.shell("\(tmux) capture-pane -p -t \(name)").split(
      separator: "\n", omittingEmptySubsequences: false
    ).map(String.init)
  }

  /// A tmux format evaluated for the pane (`#{alternate_on}`, `#{pane_dead}`, …).
  public func display(_ format: String) -> String {
    Self.shell("\(tmux) display-message -p -t \(name) \(Self.quoted(format))")
      .trimmingCharacters(in: .whitespacesAndNewlines)
  }

  /// How long a wait for the screen or for the program's end lasts at most, in seconds.
  ///
  /// Generous, because a debug build starting under a full parallel test run on a busy
  /// two-core machine can take seconds to draw; a condition met sooner returns at once.
  public static let deadline = 60.0

  /// Waits until the screen, as one string, satisfies `condition`, for up to ``deadline``
  /// seconds; returns whether it did.
  @discardableResult
  public func waitFor(_ condition: (String) -> Bool) -> Bool {
    waitForScreen { condition($0.joined(separator: "\n")) }
  }

  /// Waits until the screen, one string per row, satisfies `condition`, for up to
  /// ``deadline`` seconds; returns whether it did.
  ///
  /// When the screen never does, it is printed, so that the test's log shows what was there.
  @discardableResult
  public func waitForScreen(_ condition: ([String]) -> Bool) -> Bool {
    var last: [String] = []
    if Self.wait({
      last = screen()
      return condition(last)
    }) {
      return true
    }
    print("\(name): the screen did not come as awaited; it shows:\n" + last.joined(separator: "\n"))
    return false
  }

  /// Waits up to ``deadline`` seconds for the pane's program to end; returns whether it did.
  @discardableResult
  public func waitForExit() -> Bool {
    Self.wait { display("#{pane_dead}") == "1" }
  }

  /// Checks `condition` every 20 ms until it holds, for up to ``deadline`` seconds.
  static func wait(_ condition: () -> Bool) -> Bool {
    let end = Date().addingTimeInterval(deadline)
    while true {
      if condition() { return true }
      if Date() >= end { return false }
      Thread.sleep(forTimeInterval: 0.02)
    }
  }

  /// Ends the tmux session and its server.
  public func kill() { Self.shell("\(tmux) kill-server") }
}

/// What a finished process printed, and how it ended.
public struct ProcessResult: Sendable {
  /// The exit status.
  public var status: Int32
  /// Standard output, as UTF-8.
  public var output: String
  /// Standard error, as UTF-8.
  public var error: String
}

/// Runs `path` with `arguments` (in `folder`, when given) with standard input from /dev/null,
/// or as another user through `setpriv` when `user` is given; waits for it to end.
public func runProcess(
  _ path: String, _ arguments: [String], in folder: URL? = nil, as user: Int? = nil
) throws -> ProcessResult {
  let process = Process()
  if let user {
    process.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
    process.arguments = ["--reuid=\(user)", "--regid=\(user)", "--clear-groups", path] + arguments
  } else {
    process.executableURL = URL(fileURLWithPath: path)
    process.arguments = arguments
  }
  if let folder { process.currentDirectoryURL = folder }
  let output = Pipe()
  let error = Pipe()
  process.standardOutput = output
  process.standardError = error
  process.standardInput = FileHandle(forReadingAtPath: "/dev/null")
  try process.run()
  let outputData = output.fileHandleForReading.readDataToEndOfFile()
  let errorData = error.fileHandleForReading.readDataToEndOfFile()
  process.waitUntilExit()
  return ProcessResult(
    status: process.terminationStatus, output: String(decoding: outputData, as: UTF8.self),
    error: String(decoding: errorData, as: UTF8.self))
}
