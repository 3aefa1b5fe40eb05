import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The write end of the pipe the signal handler writes to (set before the handler is).
nonisolated(unsafe) private var signalPipe: Int32 = -1

/// Turns SIGINT, SIGTERM and SIGHUP into a call of `stop` on a thread of its own, so that the
/// server writes what it holds before the process ends (the handler itself only writes a
/// byte to a pipe: nothing else is safe in a signal handler).
final class SignalWatch: @unchecked Sendable {
  private var descriptors: [Int32] = [-1, -1]

  init(stop: @escaping @Sendable () -> Void) {
    guard makePipe(&descriptors, nonBlocking: false) else { return }
    signalPipe = descriptors[1]
    let reading = descriptors[0]
    let thread = Thread {
      var byte: UInt8 = 0
      while true {
        let count = read(reading, &byte, 1)
        if count < 0 && errno == EINTR { continue }
        if count <= 0 || byte == 0 { return }
        stop()
      }
    }
    thread.name = "arrange-signals"
    thread.start()
    for number in [SIGINT, SIGTERM, SIGHUP] {
      signal(number) { _ in
        var byte: UInt8 = 1
        _ = write(signalPipe, &byte, 1)
      }
    }
    signal(SIGPIPE, SIG_IGN)
  }

  /// Ends the watch: the signals do what they did before.
  func end() {
    for number in [SIGINT, SIGTERM, SIGHUP] { signal(number, SIG_DFL) }
    guard descriptors[1] >= 0 else { return }
    var byte: UInt8 = 0
    _ = write(descriptors[1], &byte, 1)
  }
}
