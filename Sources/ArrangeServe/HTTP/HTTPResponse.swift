/// An answer as an application gives it to the connection: a status, a media type and the
/// body's pieces, or a head made once (a page file's).
///
/// The connection writes it: it leaves the body out for `HEAD`, and closes after it when the
/// request or the answer asks to. Every head it writes is made by ``ResponseHead``, which adds
/// the security fields.
struct HTTPResponse: Sendable {
  /// The head: made from a status and a type when written, or made once beforehand.
  enum Head: Sendable {
    /// A head made when written, by ``ResponseHead/bytes(status:type:length:extra:kind:closes:)``.
    case made(status: Int, type: String, extra: String, kind: ResponseHead.Kind)
    /// A whole head made once (by the same function), shared by every answer that carries it.
    case prebuilt([UInt8])
  }

  /// The head.
  var head: Head
  /// The body, as pieces written one after another: a board's bytes are sent as its snapshot
  /// holds them, shared by every answer, never copied.
  var body: [[UInt8]]
  /// Whether the connection closes after this answer, whatever the request asked.
  var closes = false

  /// The status, for a head made when written (`nil` for a prebuilt one).
  var status: Int? {
    if case .made(let status, _, _, _) = head { return status }
    return nil
  }

  /// An answer with a sentence as plain text (an error, a refusal).
  static func text(_ status: Int, _ message: String) -> HTTPResponse {
    HTTPResponse(
      head: .made(status: status, type: "text/plain; charset=utf-8", extra: "", kind: .data),
      body: [Array((message + "\n").utf8)])
  }

  /// An answer of JSON in `pieces`.
  static func json(_ status: Int, _ pieces: [[UInt8]]) -> HTTPResponse {
    HTTPResponse(
      head: .made(
        status: status, type: "application/json; charset=utf-8", extra: "", kind: .data),
      body: pieces)
  }

  /// A page file's whole answer, made once (``FileAnswer``).
  static func file(_ answer: (head: [UInt8], body: [UInt8])) -> HTTPResponse {
    HTTPResponse(head: .prebuilt(answer.head), body: [answer.body])
  }

  /// `404 Not Found`.
  static let notFound = text(404, "Not found.")

  /// `405 Method Not Allowed`.
  static let methodNotAllowed = text(405, "That method is not allowed here.")

  /// The head's bytes, for a body of `length` bytes; `Connection: close` when `closes`.
  func headBytes(length: Int, closes: Bool) -> [UInt8] {
    switch head {
    case .prebuilt(let bytes):
      return bytes
    case .made(let status, let type, let extra, let kind):
      return ResponseHead.bytes(
        status: status, type: type, length: length, extra: extra, kind: kind, closes: closes)
    }
  }
}

/// The one place every head the server writes is made: status line, type and length, the
/// security fields of ``fields(for:)``, and `Connection: close`.
///
/// A page file, the board's JSON, an error, a refusal of a WebSocket handshake and the
/// handshake's own `101` all pass through ``bytes(status:type:length:extra:kind:closes:)``, so
/// no answer leaves without `X-Content-Type-Options` and `Referrer-Policy`, and no page
/// without its `Content-Security-Policy`. (The interim `100 Continue` has no fields at all.)
enum ResponseHead {
  /// What an answer carries, which decides its security fields.
  enum Kind: Sendable {
    /// A file of the page: cached only after asking again, and run under the page's policy.
    case page
    /// Data, an error or a refusal: never stored by a cache.
    case data
    /// The WebSocket handshake's `101`: no body, nothing to cache.
    case upgrade
  }

  /// The `Content-Security-Policy` of the page's files: scripts and styles of this server only
  /// (the module compiled by the page itself), no frame around it.
  static let pagePolicy =
    "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; "
    + "img-src 'self' data:; connect-src 'self'; frame-ancestors 'none'"

  /// The security fields of an answer of `kind`, each line ending in CRLF.
  static func fields(for kind: Kind) -> String {
    let common = "X-Content-Type-Options: nosniff\r\nReferrer-Policy: no-referrer\r\n"
    switch kind {
    case .page:
      return "Cache-Control: no-cache\r\n" + common + "Content-Security-Policy: \(pagePolicy)\r\n"
    case .data:
      return "Cache-Control: no-store\r\n" + common
    case .upgrade:
      return common
    }
  }

  /// The head of an answer: `type` and `length` when it has a body (`nil` for a `101`),
  /// `extra` fields (each ending in CRLF) before the security fields.
  static func bytes(
    status: Int, type: String?, length: Int?, extra: String = "", kind: Kind, closes: Bool
  ) -> [UInt8] {
    var text = "HTTP/1.1 \(status) \(reason(status))\r\n"
    if let type { text += "Content-Type: \(type)\r\n" }
    if let length { text += "Content-Length: \(length)\r\n" }
    text += extra + fields(for: kind)
    if closes { text += "Connection: close\r\n" }
    return Array((text + "\r\n").utf8)
  }

  /// The interim answer that tells a client to send the body it announced.
  static let continueBytes = Array("HTTP/1.1 100 Continue\r\n\r\n".utf8)

  /// The reason phrase of `status`.
  static func reason(_ status: Int) -> String {
    switch status {
    case 101: return "Switching Protocols"
    case 200: return "OK"
    case 202: return "Accepted"
    case 400: return "Bad Request"
    case 401: return "Unauthorized"
    case 403: return "Forbidden"
    case 404: return "Not Found"
    case 405: return "Method Not Allowed"
    case 409: return "Conflict"
    case 413: return "Content Too Large"
    case 414: return "URI Too Long"
    case 422: return "Unprocessable Content"
    case 426: return "Upgrade Required"
    case 431: return "Request Header Fields Too Large"
    case 501: return "Not Implemented"
    case 503: return "Service Unavailable"
    case 505: return "HTTP Version Not Supported"
    default: return "Status"
    }
  }
}
