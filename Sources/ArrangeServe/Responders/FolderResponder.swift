/// `arrange serve DIR` as an application: the list of the folder's boards at `/` and
/// `/api/boards`, and each board's page and API under `/b/NAME/`, the board opened on its
/// first request (``BoardShelf``).
///
/// A request for a board being opened waits, on its connection, until the board is open (or
/// cannot be), and is then answered as if it had just arrived.
final class FolderResponder: Responder {
  /// The folder's boards.
  let shelf: BoardShelf
  private let endpoints: BoardEndpoints
  /// The requests waiting for their board to be opened, by connection, with the board's name.
  private var parked: [Int: (request: HTTPRequest, board: [UInt8])] = [:]

  /// The application of the boards of `shelf`, behind `gate`, with the page's `files`.
  init(shelf: BoardShelf, gate: ServerGate, files: [String: FileAnswer]) {
    self.shelf = shelf
    endpoints = BoardEndpoints(gate: gate, files: files)
  }

  /// Refuses a body that is not a change with the token, before it is read.
  func answerBeforeBody(_ head: HTTPRequest) -> HTTPResponse? {
    endpoints.answerBeforeBody(head)
  }

  /// The reply to a whole request, past the gate.
  func reply(to request: HTTPRequest, from connection: Int) -> Reply {
    let asked = ServerRoute(target: request.target)
    if let refusal = endpoints.refusal(of: request, asked: asked) { return .respond(refusal) }
    // The board the request is for is found (or opened) only now, past the gate: a stranger
    // opens no board.
    let action: Reply.Action
    switch shelf.resolve(asked, method: request.method) {
    case .route(.boards, _)
    where (request.method == "GET" || request.method == "HEAD")
      && request.field("upgrade") == nil:
      action = .respond(.json(200, [Array(shelf.listJSON().utf8)]))
    case .route(let route, let board):
      action = endpoints.answer(request, route: route, board: board, from: connection)
    case .refused(let status, let message):
      action = .respond(.text(status, message))
    case .opening(let name):
      // Answered once the board is open; nothing more is read from the connection meanwhile.
      parked[connection] = (request, name)
      action = .later
    }
    return Reply(action: action, showsToken: asked.needsToken)
  }

  /// The deferred replies and the WebSockets with a newer version.
  func takeEvents() -> [ResponderEvent] {
    var events: [ResponderEvent] = []
    for (name, refusal) in shelf.takeOpened() {
      let waiting = parked.filter { $0.value.board == name }
      for (connection, (request, _)) in waiting {
        parked[connection] = nil
        if let refusal {
          events.append(
            .reply(connection: connection, .respond(.text(refusal.status, refusal.message))))
        } else {
          events.append(.reply(connection: connection, reply(to: request, from: connection)))
        }
      }
    }
    return events + endpoints.events(of: shelf.all)
  }

  /// The newest version for a WebSocket that has not been sent it.
  func nextMessage(for connection: Int) -> [[UInt8]]? {
    endpoints.nextMessage(for: connection)
  }

  /// Forgets a closed connection.
  func forget(_ connection: Int) {
    parked[connection] = nil
    endpoints.forget(connection)
  }
}
