/// The bounds `arrange serve` keeps to, whatever its clients send: no client, however many
/// connections it opens or however slowly it reads, makes the server hold more than these.
///
/// Every figure of ``standard`` is far above what the page needs (a change is a few hundred
/// bytes; a board's page opens two or three connections) and far below what would let one
/// client starve others. A server takes its limits as a value, so that a test runs the very
/// logic a user gets with deadlines of a second instead of half a minute.
package struct ServerLimits: Sendable, Equatable {
  /// Connections open at once, all clients together.
  ///
  /// Fewer when the process may open fewer files. At the limit, a new connection takes the
  /// place of the one that has waited longest without sending a whole request; when every one
  /// is busy, the new one is closed.
  package var connections = 512
  /// Connections open at once from one address other than this machine's loopback (every
  /// page on this machine comes from 127.0.0.1, the board's own user's among them).
  package var connectionsPerClient = 256
  /// Seconds a connection may take to send a request's head (from its first byte, or from
  /// the connection's start): a client that sends a byte at a time is closed.
  package var headSeconds = 10.0
  /// Seconds a connection may take to send a request's body once its head is in.
  package var bodySeconds = 30.0
  /// Seconds a kept-alive connection may stay idle between requests.
  package var idleSeconds = 30.0
  /// Seconds an answer may take to be read by the client before the connection is closed.
  package var writeSeconds = 30.0
  /// Seconds between pings on an open WebSocket; a page that answers nothing for two is closed.
  package var pingSeconds = 30.0

  /// The limits `arrange serve` runs with.
  package static let standard = ServerLimits()

  /// The standard limits.
  package init() {}

  /// The standard limits with every deadline (head, body, idle, write, ping) set to `seconds`:
  /// for tests, which then wait a second for what a user's server waits half a minute for.
  package init(deadlines seconds: Double) {
    headSeconds = seconds
    bodySeconds = seconds
    idleSeconds = seconds
    writeSeconds = seconds
    pingSeconds = seconds
  }

  /// The longest request head (request line and fields), in bytes.
  package static let headBytes = 16 * 1024
  /// The longest request target (path and query), in bytes.
  package static let targetBytes = 2048
  /// The most header fields in one request.
  package static let headerCount = 100
  /// The largest request body (a change), in bytes.
  package static let bodyBytes = 512 * 1024
  /// The most requests in one change.
  package static let requestsPerChange = 500
  /// The largest WebSocket frame a page may send (the page sends nothing but control frames).
  package static let webSocketFrameBytes = 4096
  /// The most boards of a folder one server holds open at once (each has a thread and a lock
  /// file of its own); a board asked for past them is refused with the reason.
  package static let boards = 64
}
