extension WebSocket {
  /// What a request would be answered if the application opened a WebSocket on it (RFC 6455
  /// §4.2): decided when the request is read, used only when the application upgrades it.
  enum Handshake: Equatable, Sendable {
    /// Not a WebSocket handshake (400): no `Upgrade: websocket`, no `upgrade` among the
    /// `Connection` tokens, a body, a missing or malformed key, or HTTP/1.0 (RFC 6455 §4.2.1
    /// asks for HTTP/1.1 at least).
    case refused
    /// A handshake for a version other than 13 (426, naming 13).
    case wrongVersion
    /// A valid handshake, with its `Sec-WebSocket-Accept` value.
    case accepted(String)

    /// The verdict on `request`.
    init(_ request: HTTPRequest) {
      guard let upgrade = request.field("upgrade"), upgrade.lowercased() == "websocket",
        !request.isHTTP10, request.connectionTokens.contains("upgrade"), request.body.isEmpty,
        let key = request.field("sec-websocket-key"), WebSocket.isValidKey(key)
      else {
        self = .refused
        return
      }
      guard request.field("sec-websocket-version") == "13" else {
        self = .wrongVersion
        return
      }
      self = .accepted(WebSocket.accept(key: key))
    }
  }
}
