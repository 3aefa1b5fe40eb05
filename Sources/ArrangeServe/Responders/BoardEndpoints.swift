/// What the server of one board and the server of a folder of boards share: the gate every
/// request passes, the page's files, and a board's API once the board is found — its JSON
/// (`GET /api/board`), its changes (`POST /api/change`, answered when the board's thread has
/// applied them) and its WebSocket (`/api/live`), which is sent each newer version.
final class BoardEndpoints {
  /// The checks of `Host`, `Origin` and the token.
  let gate: ServerGate
  /// The page's files: each answer's head and body, as it is and gzipped, made once.
  let files: [String: FileAnswer]
  /// The open WebSockets, by connection: their board, and the last version each was sent.
  private var subscribers: [Int: (board: BoardShelf.Served, sent: BoardSnapshot?)] = [:]

  /// Endpoints behind `gate`, serving `files`.
  init(gate: ServerGate, files: [String: FileAnswer]) {
    self.gate = gate
    self.files = files
  }

  /// The refusal of `request` by the gate (its route `asked` says whether the token is needed,
  /// and the WebSocket's comes in its query), or `nil` when it may go on.
  func refusal(of request: HTTPRequest, asked: ServerRoute) -> HTTPResponse? {
    let token: String?
    if case .live(let given) = asked.withinBoard {
      token = given
    } else {
      token = request.field("x-arrange-token")
    }
    guard
      let refusal = gate.check(
        host: request.field("host"), origin: request.field("origin"), token: token,
        needsToken: asked.needsToken)
    else { return nil }
    return .text(refusal.status, refusal.message)
  }

  /// Why a request whose body has not arrived yet is refused without it.
  ///
  /// Its `Host`, `Origin` or token, or a route that takes no body; `nil` for a change that may
  /// go on. Only a change with the token is worth its body.
  func answerBeforeBody(_ head: HTTPRequest) -> HTTPResponse? {
    let route = ServerRoute(target: head.target)
    if let refusal = gate.check(
      host: head.field("host"), origin: head.field("origin"),
      token: head.field("x-arrange-token"), needsToken: route.needsToken)
    {
      return .text(refusal.status, refusal.message)
    }
    guard route.withinBoard == .change, head.method == "POST" else {
      return .text(405, "Only a change takes a body.")
    }
    return nil
  }

  /// The answer to `request` on `route` (a route within its board, past the gate), for
  /// `board` when the route has one, from connection `connection`.
  func answer(
    _ request: HTTPRequest, route: ServerRoute, board: BoardShelf.Served?, from connection: Int
  ) -> Reply.Action {
    let isUpgrade = request.field("upgrade") != nil
    switch (route, request.method) {
    case (.file(let name), "GET"), (.file(let name), "HEAD"):
      guard !isUpgrade, let file = files[name] else { return .respond(.notFound) }
      return .respond(.file(file.answer(accepting: request.field("accept-encoding"))))
    case (.board, "GET") where !isUpgrade && board != nil,
      (.board, "HEAD") where !isUpgrade && board != nil:
      return .respond(.json(200, [board?.worker.current.bytes ?? []]))
    case (.change, "POST") where !isUpgrade:
      guard let board,
        board.worker.submit(BoardWorker.Job(connection: connection, body: request.body))
      else {
        return .respond(.text(503, "The server is stopping: this change was not made."))
      }
      return .later
    case (.live, "GET") where board != nil:
      // A page that names the snapshot it read (`serial=S`), the newest, is not sent it again:
      // 14 MB at 100,000 cards.
      if let board {
        let held = board.worker.current
        subscribers[connection] = (
          board, Self.serial(in: request.target) == held.serial ? held : nil
        )
      }
      return .upgrade
    case (.notFound, _):
      return .respond(.notFound)
    default:
      return .respond(.methodNotAllowed)
    }
  }

  /// The answers of changes to `boards` that are ready, and the WebSockets of those whose
  /// version changed since they were last told.
  func events(of boards: [BoardShelf.Served]) -> [ResponderEvent] {
    var events: [ResponderEvent] = []
    for board in boards {
      for answer in board.worker.takeAnswers() {
        events.append(
          .reply(connection: answer.connection, .respond(.json(answer.status, answer.json))))
      }
      let snapshot = board.worker.current
      guard snapshot.serial != board.announced else { continue }
      board.announced = snapshot.serial
      let watching = subscribers.compactMap { $0.value.board === board ? $0.key : nil }
      if !watching.isEmpty { events.append(.news(connections: watching)) }
    }
    return events
  }

  /// The newest version of the board for the WebSocket of `connection`; `nil` when it has it.
  ///
  /// A patch of the version it has (the whole board when it has none, or one too old). Asked
  /// only once everything before is written, so a page that reads slowly skips to the newest
  /// version.
  func nextMessage(for connection: Int) -> [[UInt8]]? {
    guard let (board, sent) = subscribers[connection] else { return nil }
    let snapshot = board.worker.current
    guard sent !== snapshot else { return nil }
    subscribers[connection] = (board, snapshot)
    if let base = sent, snapshot.serial - base.serial <= 64 {
      return [snapshot.patch(from: base)]
    }
    return snapshot.whole
  }

  /// The `serial` a WebSocket's target names in its query (`/api/live?token=…&serial=4`), if
  /// it names one as a whole number.
  static func serial(in target: String) -> Int? {
    guard let query = target.split(separator: "?", maxSplits: 1).dropFirst().first else {
      return nil
    }
    for pair in query.split(separator: "&") where pair.hasPrefix("serial=") {
      let digits = pair.dropFirst("serial=".count)
      guard !digits.isEmpty, digits.count <= 18, digits.allSatisfy(\.isASCII),
        digits.allSatisfy(\.isNumber)
      else { return nil }
      return Int(digits)
    }
    return nil
  }

  /// Forgets the WebSocket of `connection`, if it had one.
  func forget(_ connection: Int) {
    subscribers[connection] = nil
  }
}
