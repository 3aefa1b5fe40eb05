/// The bytes of the server's answers: heads with their security fields, the page files'
/// whole answers, and the reason phrase of each status.
extension ServerLoop {
  /// The head of an answer.
  static func head(
    status: Int, type: String, length: Int, extra: String = "", closes: Bool
  ) -> [UInt8] {
    var text = "HTTP/1.1 \(status) \(reason(status))\r\nContent-Type: \(type)\r\n"
    text += "Content-Length: \(length)\r\nCache-Control: no-store\r\n"
    text += "X-Content-Type-Options: nosniff\r\nReferrer-Policy: no-referrer\r\n"
    text += extra
    if closes { text += "Connection: close\r\n" }
    return Array((text + "\r\n").utf8)
  }

  /// A whole answer for a page file, made once.
  static func fileResponse(
    _ bytes: [UInt8], type: String, encoding: String?
  ) -> (head: [UInt8], body: [UInt8]) {
    let policy =
      "Content-Security-Policy: default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; "
      + "style-src 'self'; img-src 'self' data:; connect-src 'self'; frame-ancestors 'none'\r\n"
    var text = "HTTP/1.1 200 OK\r\nContent-Type: \(type)\r\nContent-Length: \(bytes.count)\r\n"
    if let encoding { text += "Content-Encoding: \(encoding)\r\n" }
    // Whether it is gzipped depends on the request's Accept-Encoding, for every cache between.
    if FileAnswer.isCompressible(type) { text += "Vary: Accept-Encoding\r\n" }
    text += "Cache-Control: no-cache\r\nX-Content-Type-Options: nosniff\r\n"
    text += "Referrer-Policy: no-referrer\r\n" + policy + "\r\n"
    return (Array(text.utf8), bytes)
  }

  static func reason(_ status: Int) -> String {
    switch status {
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
    case 426: return "Upgrade Required"
    case 431: return "Request Header Fields Too Large"
    case 501: return "Not Implemented"
    case 503: return "Service Unavailable"
    case 505: return "HTTP Version Not Supported"
    default: return "Status"
    }
  }
}
