/// What a request target names, decided once, before any check: the gate asks for the token by
/// the route that will run, so no spelling of a path reaches the API without it.
///
/// Only canonical targets name anything: a path of segments made of letters, digits, `-`, `_`
/// and `.`, with no empty segment (`//`), no `.` or `..` segment, no percent-escape, no
/// trailing slash; and no query on the API but the WebSocket's (a file's query is ignored). Any other spelling (`//api/board`,
/// `/./api/board`, `/api/../api/board`, `/api%2Fboard`, `/API/board`, `/api/board/`) is
/// ``notFound``.
enum ServerRoute: Equatable, Sendable {
  /// A file of the page, by name (`index.html` for `/`).
  case file(String)
  /// `GET /api/board`.
  case board
  /// `POST /api/change`.
  case change
  /// `GET /api/live`, the WebSocket, with the token from its query (if any).
  case live(token: String?)
  /// Anything else.
  case notFound

  /// The route of `target` (a request's path and query).
  init(target: String) {
    let pieces = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
    let path = pieces[0]
    let query = pieces.count > 1 ? pieces[1] : nil
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
    case "/api/board", "/api/change":
      // The token goes in a header: a query here is a spelling the page never uses.
      self = query == nil ? (path == "/api/board" ? .board : .change) : .notFound
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

  /// Whether the route is the board's API, which needs the token.
  var needsToken: Bool {
    switch self {
    case .board, .change, .live: return true
    case .file, .notFound: return false
    }
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
