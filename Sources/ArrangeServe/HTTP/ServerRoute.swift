/// What a request target names, decided once, before any check: the gate asks for the token by
/// the route that will run, so no spelling of a path reaches the API without it.
///
/// Only canonical targets name anything: a path of segments made of letters, digits, `-`, `_`
/// and `.`, with no empty segment (`//`), no `.` or `..` segment, no percent-escape, no
/// trailing slash; and no query on the API but the WebSocket's (a file's query is ignored). Any other spelling (`//api/board`,
/// `/./api/board`, `/api/../api/board`, `/api%2Fboard`, `/API/board`, `/api/board/`) is
/// ``notFound``.
///
/// A folder's server (`arrange serve DIR`) also has `GET /api/boards`, and each board's routes
/// under `/b/NAME/` (`/b/NAME/` the page, `/b/NAME/api/board`, …), NAME the file's name as
/// ``BoardFolder/segment(of:)`` writes it and no other spelling: its one percent-escaped
/// segment is the only one a target may hold.
enum ServerRoute: Equatable, Sendable {
  /// A file of the page, by name (`index.html` for `/`).
  case file(String)
  /// `GET /api/board`.
  case board
  /// `POST /api/change`.
  case change
  /// `GET /api/live`, the WebSocket, with the token from its query (if any).
  case live(token: String?)
  /// `GET /api/boards`: the boards of the folder served.
  case boards
  /// A route of one board of the folder served (`/b/NAME/…`): the page's files, the board, a
  /// change, the WebSocket.
  indirect case inBoard(String, ServerRoute)
  /// Anything else.
  case notFound

  /// The route of `target` (a request's path and query).
  init(target: String) {
    let pieces = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
    let path = pieces[0]
    let query = pieces.count > 1 ? pieces[1] : nil
    if path.hasPrefix("/b/") {
      self = Self.boardRoute(path.dropFirst(3), query: query)
      return
    }
    guard Self.isCanonical(path) else {
      self = .notFound
      return
    }
    switch path {
    case "/api/live":
      var token: String?
      if let query {
        for pair in query.split(separator: "&") {
          let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
          guard parts.count == 2, parts[0] == "token" else { continue }
          // A second token is not a second chance.
          guard token == nil else {
            self = .notFound
            return
          }
          token = String(parts[1])
        }
      }
      self = .live(token: token)
      return
    default: break
    }
    switch path {
    case "/api/board", "/api/change", "/api/boards":
      // The token goes in a header: a query here is a spelling the page never uses.
      guard query == nil else {
        self = .notFound
        return
      }
      self = path == "/api/board" ? .board : path == "/api/change" ? .change : .boards
    case "/": self = .file("index.html")
    default:
      if path.hasPrefix("/api/") || path == "/api" {
        self = .notFound
        return
      }
      let name = path.dropFirst()
      // A file is one segment: a name, never a path.
      self = name.contains("/") ? .notFound : .file(String(name))
    }
  }

  /// The route of `rest`, what follows `/b/` in a path: a board's name as one segment, then a
  /// route of the board (a file of the page, or the board's API).
  private static func boardRoute(_ rest: Substring, query: Substring?) -> ServerRoute {
    guard let slash = rest.firstIndex(of: "/"),
      let name = BoardFolder.name(inSegment: rest[..<slash])
    else { return .notFound }
    let inner = ServerRoute(
      target: String(rest[slash...]) + (query.map { "?" + $0 } ?? ""))
    switch inner {
    case .file, .board, .change, .live: return .inBoard(name, inner)
    case .boards, .inBoard, .notFound: return .notFound
    }
  }

  /// Whether the route is the board's API, which needs the token.
  var needsToken: Bool {
    switch self {
    case .board, .change, .live, .boards: return true
    case .inBoard(_, let route): return route.needsToken
    case .file, .notFound: return false
    }
  }

  /// The route within its board: a folder board's route without its name, any other as it is.
  var withinBoard: ServerRoute {
    if case .inBoard(_, let route) = self { return route }
    return self
  }

  /// Whether `path` is in canonical form.
  static func isCanonical(_ path: Substring) -> Bool {
    guard path.first == "/" else { return false }
    if path == "/" { return true }
    for segment in path.dropFirst().split(separator: "/", omittingEmptySubsequences: false) {
      guard !segment.isEmpty, segment != ".", segment != "..",
        segment.utf8.allSatisfy({ byte in
          (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A)
            || (byte >= 0x61 && byte <= 0x7A) || byte == 0x2D || byte == 0x5F || byte == 0x2E
        })
      else { return false }
    }
    return true
  }
}
