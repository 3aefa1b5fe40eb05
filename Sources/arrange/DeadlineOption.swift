import ArgumentParser
import ArrangeServe

/// `--deadlines SECONDS`, hidden: every deadline of the server (a request's head and body, an
/// idle connection, a slow reader, a WebSocket's ping) set to SECONDS, so that the attack tests
/// run the server people use with deadlines of a second instead of half a minute.
struct DeadlineOption: ParsableArguments {
  @Option(name: .customLong("deadlines"), help: .hidden)
  var seconds: Double?

  /// The limits to serve with: the standard ones, or those of `--deadlines`.
  func limits() throws -> ServerLimits {
    guard let seconds else { return .standard }
    guard seconds.isFinite, (0.1...3600).contains(seconds) else {
      printError("--deadlines must be between 0.1 and 3600 seconds.")
      throw ExitCode.failure
    }
    return ServerLimits(deadlines: seconds)
  }
}
