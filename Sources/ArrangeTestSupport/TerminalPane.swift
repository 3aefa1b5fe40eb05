public import Foundation

/// A real program in a tmux pane, for end-to-end tests: send it real bytes (keys, SGR mouse
/// reports), read its screen as text, and wait for what it shows.
public struct TerminalPane {
  /// The tmux executable.
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
    self.tmux = tmux
    self.name = name
    Self.shell("\(tmux) kill-session -t \(name)")
    let program = inShell ? "bash --norc --noprofile -i" : command
    Self.shell(
      "\(tmux) new-session -d -s \(name) -x \(columns) -y \(rows) \(Self.quoted(program))"
        + " >/dev/null")
    Self.shell("\(tmux) set-option -t \(name) remain-on-exit on >/dev/null")
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

  /// Types `text` literally (escape sequences included) and gives the program a moment.
  public func send(_ text: String) {
    Self.shell("\(tmux) send-keys -t \(name) -l \(Self.quoted(text))")
    Thread.sleep(forTimeInterval: 0.15)
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

  /// Waits up to fifteen seconds for the screen to satisfy `condition`; returns whether it did.
  ///
  /// Generous, because a debug build starting under a full parallel test run on two cores can
  /// take seconds to draw; a condition met sooner returns at once.
  @discardableResult
  public func waitFor(_ condition: (String) -> Bool) -> Bool {
    for _ in 0..<150 {
      if condition(screen().joined(separator: "\n")) { return true }
      Thread.sleep(forTimeInterval: 0.1)
    }
    return false
  }

  /// Waits up to five seconds for the pane's program to end.
  public func waitForExit() {
    for _ in 0..<50 where display("#{pane_dead}") != "1" {
      Thread.sleep(forTimeInterval: 0.1)
    }
  }

  /// Ends the tmux session.
  public func kill() { Self.shell("\(tmux) kill-session -t \(name)") }
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
