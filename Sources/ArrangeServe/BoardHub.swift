import ArrangeBoard

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The one board every open page shows: the shared session, and the pages to tell when it
/// changes.
actor BoardHub {
  /// The board and its file.
  var shared: SharedBoard<BoardFile>
  /// The open pages' WebSockets, each a stream of board JSON.
  var listeners: [Int: AsyncStream<String>.Continuation] = [:]
  /// The number the next listener gets.
  var nextListener = 0

  init(shared: SharedBoard<BoardFile>) {
    self.shared = shared
  }

  /// Seconds on a monotonic clock, for the session's settle times.
  static func now() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
  }

  /// The board as JSON.
  func board() -> String { BoardMessages.board(shared, message: nil) }

  /// Applies a change request's body; returns the HTTP status and the answer's JSON.
  func change(_ body: [UInt8]) -> (status: Int, json: String) {
    let parsed: (version: Int, requests: [BoardRequest])
    do {
      parsed = try BoardMessages.requests(from: body)
    } catch {
      return (400, "{\"error\":\(BoardMessages.quoted(error.message))}")
    }
    let outcome = shared.perform(parsed.requests, madeOn: parsed.version, at: Self.now())
    if outcome.changed { broadcast(message: outcome.message) }
    return (outcome.refused ? 409 : 200, BoardMessages.answer(shared, outcome: outcome))
  }

  /// Looks at the file; tells every page when the board changed or there is news.
  func poll() {
    let outcome = shared.poll(at: Self.now())
    if outcome.changed || outcome.message != nil { broadcast(message: outcome.message) }
  }

  /// Sends the board to every open page.
  func broadcast(message: String?) {
    let json = BoardMessages.board(shared, message: message)
    for listener in listeners.values { listener.yield(json) }
  }

  /// A stream of the board's versions for a new page, starting with the current one.
  func listen() -> (id: Int, stream: AsyncStream<String>) {
    let id = nextListener
    nextListener += 1
    let (stream, continuation) = AsyncStream.makeStream(
      of: String.self, bufferingPolicy: .bufferingNewest(4))
    listeners[id] = continuation
    continuation.yield(board())
    return (id, stream)
  }

  /// Forgets a page that closed.
  func stopListening(_ id: Int) {
    listeners.removeValue(forKey: id)?.finish()
  }
}
