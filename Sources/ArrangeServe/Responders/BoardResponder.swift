/// `arrange serve FILE` as an application: the page's files, and one board's API at `/api/…`.
///
/// A folder's routes (`/api/boards`, `/b/NAME/…`) are not found here.
final class BoardResponder: Responder {
  /// The one board.
  let board: BoardShelf.Served
  private let endpoints: BoardEndpoints

  /// The application of `board`, behind `gate`, with the page's `files`.
  init(board: BoardWorker, gate: ServerGate, files: [String: FileAnswer]) {
    self.board = BoardShelf.Served(name: nil, worker: board, lock: nil)
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
    let route: ServerRoute
    switch asked {
    case .board, .change, .live, .file, .notFound: route = asked
    case .boards, .inBoard: route = .notFound
    }
    let action = endpoints.answer(request, route: route, board: board, from: connection)
    return Reply(action: action, showsToken: asked.needsToken)
  }

  /// The deferred replies and the WebSockets with a newer version.
  func takeEvents() -> [ResponderEvent] {
    endpoints.events(of: [board])
  }

  /// The newest version for a WebSocket that has not been sent it.
  func nextMessage(for connection: Int) -> [[UInt8]]? {
    endpoints.nextMessage(for: connection)
  }

  /// Forgets a closed connection.
  func forget(_ connection: Int) {
    endpoints.forget(connection)
  }
}
