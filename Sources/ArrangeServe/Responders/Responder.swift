/// An application the server serves, as its network loop sees it: requests in, answers out,
/// and nothing of sockets, bytes on the wire, deadlines or bounds.
///
/// The loop calls it on its own thread only. A connection is named by a number the loop gives
/// it; an application that answers later (a change the board's thread applies, a board being
/// opened) or pushes messages (a board's WebSocket) keeps what it needs under that number until
/// ``forget(_:)``.
protocol Responder: AnyObject {
  /// The answer to a request whose body has not arrived yet: a refusal (the body is then never
  /// read, nor held), or `nil` to read the body.
  func answerBeforeBody(_ head: HTTPRequest) -> HTTPResponse?
  /// The reply to the whole request `request` of connection `connection`.
  func reply(to request: HTTPRequest, from connection: Int) -> Reply
  /// What happened since the last call: replies that were deferred, and WebSockets that have a
  /// newer message.
  func takeEvents() -> [ResponderEvent]
  /// The newest message for the WebSocket of `connection`, when it has not been sent one yet.
  func nextMessage(for connection: Int) -> [[UInt8]]?
  /// Forgets what is kept for `connection`, which is closed.
  func forget(_ connection: Int)
}

/// An application's reply to a request.
struct Reply: Sendable {
  /// What the connection does with the request.
  enum Action: Sendable {
    /// Answer with this.
    case respond(HTTPResponse)
    /// Open a WebSocket, if the request is a valid handshake (the connection answers one that
    /// is not).
    case upgrade
    /// Wait: the reply comes later, as a ``ResponderEvent/reply(connection:_:)``.
    case later
  }

  /// What the connection does with the request.
  var action: Action
  /// Whether the request carried the token: the client is a page of this server, which the
  /// loop closes last when it must make room.
  var showsToken = false

  /// A reply that answers with `response`.
  static func respond(_ response: HTTPResponse) -> Reply {
    Reply(action: .respond(response))
  }
}

/// Something an application tells the loop without being asked for it.
enum ResponderEvent: Sendable {
  /// The deferred reply to connection `connection`'s request.
  case reply(connection: Int, Reply)
  /// The WebSockets of these connections have a newer message (``Responder/nextMessage(for:)``).
  case news(connections: [Int])
}
