public import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A program started with `posix_spawn`, its output going to files, that tests can wait for or
/// kill without ever signalling a process that is not theirs.
///
/// The process is not reaped until ``wait()`` returns, so its ID cannot be reused by another
/// process while it is listed in a ``ChildProcessSet``.
public final class ChildProcess: @unchecked Sendable {
  /// The process ID.
  public let pid: pid_t
  /// Where standard output goes.
  public let outputPath: String
  /// Where standard error goes.
  public let errorPath: String

  /// How a process ended.
  public enum Ending: Equatable, Sendable {
    /// It exited with this status.
    case exited(Int32)
    /// A signal ended it.
    case signalled(Int32)
  }

  /// Starts `path` with `arguments` (and `environment` added to this process's), standard
  /// input from /dev/null, standard output and error to fresh files in `folder`.
  public init(
    _ path: String, _ arguments: [String], outputIn folder: String,
    environment: [String: String] = [:]
  ) throws {
    let stamp = "\(getpid())-\(UInt64.random(in: 0...UInt64.max))"
    outputPath = "\(folder)/child-\(stamp).out"
    errorPath = "\(folder)/child-\(stamp).err"
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    posix_spawn_file_actions_addopen(&actions, 2, errorPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    #if os(Linux)
      // Nothing else of this process: tests run side by side, and a descriptor another test has
      // open (without close-on-exec) would live on in the child, holding that test's file open
      // for writing, or its lock.
      _ = addCloseFrom?(&actions, 3)
    #endif
    var variables = ProcessInfo.processInfo.environment
    for (key, value) in environment { variables[key] = value }
    let argv = ([path] + arguments).map { strdup($0) } + [nil]
    let envp = variables.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer {
      argv.forEach { free($0) }
      envp.forEach { free($0) }
    }
    var child: pid_t = 0
    let result = posix_spawn(&child, path, &actions, nil, argv, envp)
    guard result == 0 else {
      throw NSError(domain: NSPOSIXErrorDomain, code: Int(result))
    }
    pid = child
  }

  /// Waits until the process has ended, without reaping it (its ID stays taken).
  public func waitUntilEnded() {
    var info = siginfo_t()
    while waitid(P_PID, id_t(pid), &info, WEXITED | WNOWAIT) != 0 && errno == EINTR {}
  }

  /// Waits for the process to end, reaps it, and says how it ended.
  @discardableResult
  public func wait() -> Ending {
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    let signal = status & 0x7f
    if signal == 0 { return .exited((status >> 8) & 0xff) }
    return .signalled(signal)
  }

  /// What the process wrote to standard output.
  public var output: String {
    (FileManager.default.contents(atPath: outputPath)).map { String(decoding: $0, as: UTF8.self) }
      ?? ""
  }

  /// What the process wrote to standard error.
  public var error: String {
    (FileManager.default.contents(atPath: errorPath)).map { String(decoding: $0, as: UTF8.self) }
      ?? ""
  }

  /// Removes the output files.
  public func removeOutput() {
    unlink(outputPath)
    unlink(errorPath)
  }
}

/// The child processes running now, so that another thread can kill one of them at random.
public final class ChildProcessSet: @unchecked Sendable {
  private let lock = NSLock()
  private var running: [pid_t: ChildProcess] = [:]

  /// Creates an empty set.
  public init() {}

  /// Starts a process like ``ChildProcess/init(_:_:outputIn:environment:)``, lists it while it
  /// runs, and returns how it ended with the process (to read its output).
  public func run(
    _ path: String, _ arguments: [String], outputIn folder: String,
    environment: [String: String] = [:]
  ) throws -> (ending: ChildProcess.Ending, process: ChildProcess) {
    let process = try ChildProcess(path, arguments, outputIn: folder, environment: environment)
    lock.withLock { running[process.pid] = process }
    process.waitUntilEnded()
    // Unlisted before it is reaped: a listed ID always belongs to this set's process.
    lock.withLock { running[process.pid] = nil }
    return (process.wait(), process)
  }

  /// Sends `signal` to one of the running processes, chosen by `choose` among their IDs;
  /// returns whether one was signalled.
  @discardableResult
  public func signalOne(_ signal: Int32, choose: ([pid_t]) -> pid_t?) -> Bool {
    lock.withLock {
      guard let pid = choose(running.keys.sorted()) else { return false }
      return kill(pid, signal) == 0
    }
  }
}

#if os(Linux)
  /// glibc's `posix_spawn_file_actions_addclosefrom_np` (2.34 and later), which the Glibc
  /// module does not declare; `nil` with an older glibc.
  private let addCloseFrom:
    (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32)? =
      dlsym(nil, "posix_spawn_file_actions_addclosefrom_np").map {
        unsafeBitCast(
          $0,
          to: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32)
            .self)
      }
#endif
