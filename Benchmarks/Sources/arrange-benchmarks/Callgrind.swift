#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Runs this executable under `valgrind --tool=callgrind` and reads the instruction count of
/// one layout pass (see ``arrangeBenchmarkLayoutPass(_:in:)``).
enum CallgrindDriver {
  /// The outcome of one callgrind run.
  enum Outcome {
    /// Instructions executed inside the toggled function (callees included).
    case instructions(UInt64)
    /// Callgrind could not be run or its output not read.
    case unavailable(String)
  }

  /// The first executable called `name` on `PATH`, or `nil`.
  static func findOnPath(_ name: String) -> String? {
    guard let path = getenv("PATH").map({ String(cString: $0) }) else { return nil }
    for directory in path.split(separator: ":") {
      let candidate = "\(directory)/\(name)"
      if access(candidate, X_OK) == 0 { return candidate }
    }
    return nil
  }

  /// This executable's path.
  static func executablePath() -> String {
    var buffer = [CChar](repeating: 0, count: 4096)
    let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
    if length > 0 {
      return String(decoding: buffer[0..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
    return CommandLine.arguments.first ?? "arrange-benchmarks"
  }

  /// Runs `arrange-benchmarks callgrind <mode>` under callgrind, collecting only inside functions
  /// matching `function` (a glob), and returns the instructions counted.
  ///
  /// Valgrind 3.19 (Debian 12) cannot read the DWARF 5 debug information Swift emits, so the
  /// executable is first copied without its debug information (`strip --strip-debug` keeps the
  /// symbol table, which is all the toggle needs). Instruction counts are unaffected.
  static func measure(mode: String, function: String) -> Outcome {
    guard let valgrind = findOnPath("valgrind") else { return .unavailable("valgrind not found") }
    let prefix = "/tmp/arrange-benchmarks-\(getpid())-\(mode)"
    let output = prefix + ".callgrind.out"
    var executable = executablePath()
    let stripped = prefix + ".nodebug"
    if let strip = findOnPath("strip"),
      spawnAndWait([strip, "--strip-debug", "-o", stripped, executable]) == 0
    {
      executable = stripped
    }
    defer {
      unlink(output)
      unlink(stripped)
    }
    let arguments = [
      valgrind, "--tool=callgrind", "--callgrind-out-file=\(output)",
      "--toggle-collect=\(function)", executable, "callgrind", mode,
    ]
    guard let status = spawnAndWait(arguments), status == 0 else {
      return .unavailable("valgrind failed")
    }
    guard let totals = readTotals(output) else {
      return .unavailable("no totals in the callgrind output")
    }
    return totals > 0
      ? .instructions(totals) : .unavailable("toggle matched nothing (Ir = 0)")
  }

  /// Spawns `arguments` with standard output and error sent to /dev/null; returns the exit
  /// status, or `nil` if it could not run.
  private static func spawnAndWait(_ arguments: [String]) -> Int32? {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) }
    argv.append(nil)
    defer { for pointer in argv { free(pointer) } }
    var pid: pid_t = 0
    guard posix_spawn(&pid, arguments[0], &actions, nil, argv, environ) == 0 else { return nil }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 {
      if errno != EINTR { return nil }
    }
    // WIFEXITED / WEXITSTATUS.
    return status & 0x7f == 0 ? (status >> 8) & 0xff : nil
  }

  /// The `totals:` (or `summary:`) line of a callgrind output file: the first event (Ir).
  private static func readTotals(_ path: String) -> UInt64? {
    guard let file = fopen(path, "r") else { return nil }
    defer { fclose(file) }
    var line: UnsafeMutablePointer<CChar>? = nil
    var capacity = 0
    defer { free(line) }
    var summary: UInt64? = nil
    while getline(&line, &capacity, file) >= 0 {
      guard let line else { break }
      let text = String(cString: line)
      for prefix in ["totals:", "summary:"] where text.hasPrefix(prefix) {
        let value = text.dropFirst(prefix.count).split(separator: " ").first
        if let value, let number = UInt64(value.trimmingPrefix(" ").filter { $0.isNumber }) {
          if prefix == "totals:" { return number }
          summary = number
        }
      }
    }
    return summary
  }
}
