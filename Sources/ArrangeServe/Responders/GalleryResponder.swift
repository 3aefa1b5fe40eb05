/// `arrange gallery` as an application: files alone, with no API and no token.
///
/// Every request passes the `Host` and `Origin` checks of ``ServerGate``; a path that names no
/// file of the gallery is not found, and nothing takes a body.
final class GalleryResponder: Responder {
  private let gate: ServerGate
  private let files: [String: FileAnswer]

  /// The gallery behind `gate`, serving `files`.
  init(gate: ServerGate, files: [String: FileAnswer]) {
    self.gate = gate
    self.files = files
  }

  /// The gate's refusal of a request with these `Host` and `Origin` fields, if any.
  private func refusal(_ request: HTTPRequest) -> HTTPResponse? {
    gate.checkAddress(host: request.field("host"), origin: request.field("origin")).map {
      .text($0.status, $0.message)
    }
  }

  /// Refuses every body: nothing in the gallery takes one.
  func answerBeforeBody(_ head: HTTPRequest) -> HTTPResponse? {
    refusal(head) ?? .text(405, "Only a change takes a body.")
  }

  /// The file asked for, past the `Host` and `Origin` checks; nothing else is found.
  func reply(to request: HTTPRequest, from connection: Int) -> Reply {
    if let refusal = refusal(request) { return .respond(refusal) }
    guard case .file(let name) = ServerRoute(target: request.target) else {
      return .respond(.notFound)
    }
    switch request.method {
    case "GET", "HEAD":
      guard request.field("upgrade") == nil, let file = files[name] else {
        return .respond(.notFound)
      }
      return .respond(.file(file.answer(accepting: request.field("accept-encoding"))))
    default:
      return .respond(.methodNotAllowed)
    }
  }

  /// Nothing: the gallery defers no reply and has no WebSocket.
  func takeEvents() -> [ResponderEvent] { [] }

  /// Nothing: the gallery has no WebSocket.
  func nextMessage(for connection: Int) -> [[UInt8]]? { nil }

  /// Nothing to forget: the gallery keeps nothing per connection.
  func forget(_ connection: Int) {}
}
