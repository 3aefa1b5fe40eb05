/// One HTTP/1.x request as the server reads it: a strict subset of RFC 9112, enough for the
/// page and its API, and nothing an attacker could use to make two programs read one request
/// two ways.
///
/// What is refused (each with its status): a request line that is not `METHOD /path HTTP/1.x`
/// with single spaces (400; absolute-form and `*` targets too), a target over
/// ``ServerLimits/targetBytes`` (414), a head over ``ServerLimits/headBytes`` or with more than
/// ``ServerLimits/headerCount`` fields (431), line endings other than CRLF, folded or malformed
/// fields, control characters (400), `Host` missing or given twice, `Content-Length` given
/// twice or not a plain number (400), any `Transfer-Encoding` (501), a body over the limit (413).
struct HTTPRequest: Sendable {
  /// The method, as sent (`GET`, `POST`, …).
  var method: String
  /// The request target as sent: a path and an optional query.
  var target: String
  /// Whether the request is HTTP/1.0 (which closes after the answer unless kept alive).
  var isHTTP10: Bool
  /// The header fields, names lowercased, in order.
  var fields: [(name: String, value: String)]
  /// The body.
  var body: [UInt8]

  /// The value of the field `name` (lowercase), when it is there once or more (the first).
  func field(_ name: String) -> String? {
    fields.first { $0.name == name }?.value
  }

  /// The tokens of every `Connection` field, lowercased (`close`, `keep-alive`, `upgrade`).
  var connectionTokens: [Substring] {
    fields.filter { $0.name == "connection" }.flatMap {
      $0.value.lowercased().split(separator: ",").map { $0.trimmingSpaces() }
    }
  }

  /// Whether the client asked to keep the connection open after the answer: a `close` in any
  /// `Connection` field closes it, as every proxy in front reads it.
  var keepsAlive: Bool {
    let tokens = connectionTokens
    if tokens.contains("close") { return false }
    if isHTTP10 { return tokens.contains("keep-alive") }
    return true
  }
}

/// Why a request cannot be read; the connection answers with ``status`` and closes.
struct HTTPRequestError: Error, Equatable, Sendable {
  /// The status to answer with.
  var status: Int
  /// The reason, for the answer's body.
  var message: String
}

/// Reads requests out of the bytes a connection receives.
///
/// Bytes are appended as they arrive; ``next()`` returns a whole request once its head and body
/// are in, `nil` while more are needed, or throws when the bytes cannot be a request the server
/// accepts.
struct HTTPRequestParser: Sendable {
  /// The bytes received and not yet consumed.
  private(set) var buffer: [UInt8] = []
  /// The head read so far, waiting for its body.
  private var pending: (request: HTTPRequest, length: Int)?
  /// The largest body accepted.
  let bodyLimit: Int

  init(bodyLimit: Int = ServerLimits.bodyBytes) {
    self.bodyLimit = bodyLimit
  }

  /// Whether a head is in and its body is still arriving.
  var isAwaitingBody: Bool { pending != nil }

  /// The head whose body is arriving.
  var awaitedHead: HTTPRequest? { pending?.request }

  /// Whether some bytes of a request (or of its body) are in.
  var hasPartialRequest: Bool { pending != nil || !buffer.isEmpty }

  /// Adds received bytes.
  mutating func append(_ bytes: UnsafeRawBufferPointer) {
    buffer.append(contentsOf: bytes)
  }

  /// Adds received bytes.
  mutating func append(_ bytes: [UInt8]) {
    buffer.append(contentsOf: bytes)
  }

  /// The next whole request, or `nil` when more bytes are needed.
  mutating func next() throws(HTTPRequestError) -> HTTPRequest? {
    if pending == nil {
      // Bytes that cannot begin a request (a TLS handshake, a binary protocol) are refused at
      // once, not after the head's deadline: a request starts with a method's capital letters
      // and a space.
      guard Self.canBeginRequest(buffer) else {
        throw HTTPRequestError(status: 400, message: "This is not an HTTP request.")
      }
      guard let end = try headEnd() else {
        // No blank line yet: refuse a head that cannot fit before it has all arrived.
        if buffer.count > ServerLimits.headBytes {
          throw HTTPRequestError(status: 431, message: "The request's head is too large.")
        }
        return nil
      }
      guard end <= ServerLimits.headBytes else {
        throw HTTPRequestError(status: 431, message: "The request's head is too large.")
      }
      pending = try Self.head(buffer[0..<end], bodyLimit: bodyLimit)
      buffer.removeFirst(end + 4)
    }
    guard let (request, length) = pending else { return nil }
    guard buffer.count >= length else { return nil }
    var whole = request
    whole.body = Array(buffer[0..<length])
    buffer.removeFirst(length)
    pending = nil
    return whole
  }

  /// The index of the CRLF CRLF that ends the head, if it has arrived; refuses a line that
  /// ends otherwise as soon as it is seen (a client that ends lines with LF alone would
  /// otherwise wait for a blank line that never comes).
  private func headEnd() throws(HTTPRequestError) -> Int? {
    let count = buffer.count
    let found = buffer.withUnsafeBufferPointer { bytes -> Int?? in
      var index = 0
      while index < count {
        let byte = bytes[index]
        if byte == 10 && (index == 0 || bytes[index - 1] != 13) { return .some(nil) }
        if byte == 13 {
          if index + 1 < count && bytes[index + 1] != 10 { return .some(nil) }
          if index + 3 < count && bytes[index + 1] == 10 && bytes[index + 2] == 13
            && bytes[index + 3] == 10
          {
            return .some(index)
          }
        }
        index += 1
      }
      return nil
    }
    guard let found else { return nil }
    guard let end = found else {
      throw HTTPRequestError(status: 400, message: "A line of the request ends without CRLF.")
    }
    return end
  }

  /// Reads a head (without its final blank line): the request and the length of its body.
  static func head(_ bytes: ArraySlice<UInt8>, bodyLimit: Int) throws(HTTPRequestError) -> (
    HTTPRequest, Int
  ) {
    let lines = try Self.lines(of: bytes)
    guard let first = lines.first else { throw bad("The request is empty.") }
    let (method, target, isHTTP10) = try requestLine(first)
    guard lines.count - 1 <= ServerLimits.headerCount else {
      throw HTTPRequestError(status: 431, message: "The request has too many header fields.")
    }
    let fields = try Self.fields(of: lines.dropFirst())
    let length = try bodyLength(fields, bodyLimit: bodyLimit)
    let request = HTTPRequest(
      method: method, target: target, isHTTP10: isHTTP10, fields: fields, body: [])
    return (request, length)
  }

  /// A 400 refusal saying `message`.
  private static func bad(_ message: String) -> HTTPRequestError {
    HTTPRequestError(status: 400, message: message)
  }

  /// The lines of a head, each without its CRLF: lines end with CRLF only, for a lone CR or LF
  /// is how request smuggling starts.
  private static func lines(of bytes: ArraySlice<UInt8>) throws(HTTPRequestError)
    -> [ArraySlice<UInt8>]
  {
    var lines: [ArraySlice<UInt8>] = []
    var start = bytes.startIndex
    var index = bytes.startIndex
    while index < bytes.endIndex {
      let byte = bytes[index]
      if byte == 13 {
        guard index + 1 < bytes.endIndex, bytes[index + 1] == 10 else {
          throw bad("A line of the request ends without CRLF.")
        }
        lines.append(bytes[start..<index])
        index += 2
        start = index
        continue
      }
      if byte == 10 { throw bad("A line of the request ends without CRLF.") }
      index += 1
    }
    lines.append(bytes[start..<bytes.endIndex])
    return lines
  }

  /// The method, the target and whether the version is HTTP/1.0, of a request line.
  private static func requestLine(_ line: ArraySlice<UInt8>) throws(HTTPRequestError) -> (
    String, String, Bool
  ) {
    let parts = line.split(separator: 0x20, omittingEmptySubsequences: false)
    guard parts.count == 3 else { throw bad("The request line is not “METHOD /path HTTP/1.1”.") }
    let method = parts[0]
    guard !method.isEmpty, method.count <= 16, method.allSatisfy({ $0 >= 0x41 && $0 <= 0x5A })
    else { throw bad("The request's method is not a method.") }
    let target = parts[1]
    guard target.count <= ServerLimits.targetBytes else {
      throw HTTPRequestError(status: 414, message: "The request's target is too long.")
    }
    // Origin-form only: no `http://host/path`, no `*`, no authority; visible ASCII.
    guard target.first == 0x2F, target.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else {
      throw bad("The request's target must be a path starting with “/”.")
    }
    let version = String(decoding: parts[2], as: UTF8.self)
    guard version == "HTTP/1.1" || version == "HTTP/1.0" else {
      throw HTTPRequestError(status: 505, message: "Only HTTP/1.1 is spoken here.")
    }
    return (
      String(decoding: method, as: UTF8.self), String(decoding: target, as: UTF8.self),
      version == "HTTP/1.0"
    )
  }

  /// The header fields of `lines`, names lowercased, checked: token names, no control
  /// characters, `Host` once, no field the server decides by given twice with two values.
  private static func fields(of lines: ArraySlice<ArraySlice<UInt8>>) throws(HTTPRequestError)
    -> [(name: String, value: String)]
  {
    var fields: [(name: String, value: String)] = []
    for line in lines {
      guard let colon = line.firstIndex(of: 0x3A), colon > line.startIndex else {
        throw bad("A header field has no name.")
      }
      let name = line[line.startIndex..<colon]
      // Token characters only: no space before the colon, no folded continuation line.
      guard name.allSatisfy(isTokenCharacter) else { throw bad("A header field's name is bad.") }
      var value = line[(colon + 1)...]
      while let byte = value.first, byte == 0x20 || byte == 0x09 { value.removeFirst() }
      while let byte = value.last, byte == 0x20 || byte == 0x09 { value.removeLast() }
      guard value.allSatisfy({ $0 == 0x09 || ($0 >= 0x20 && $0 != 0x7F) }) else {
        throw bad("A header field holds a control character.")
      }
      fields.append(
        (String(decoding: name, as: UTF8.self).lowercased(), String(decoding: value, as: UTF8.self))
      )
    }
    guard fields.count(where: { $0.name == "host" }) == 1 else {
      throw bad("A request names its Host once.")
    }
    // A field the server decides by, given twice with two values, is read one way here and
    // another way by whatever reads it first or last: refused.
    for name in ["origin", "x-arrange-token", "connection", "upgrade"] {
      let values = fields.filter { $0.name == name }.map(\.value)
      guard values.allSatisfy({ $0 == values.first }) else {
        throw bad("A request gives its \(name) field twice, with two values.")
      }
    }
    return fields
  }

  /// The length of the body `fields` announce: none without `Content-Length`; refused with
  /// `Transfer-Encoding`, or a length that is not a plain number, or over `bodyLimit`.
  private static func bodyLength(_ fields: [(name: String, value: String)], bodyLimit: Int)
    throws(HTTPRequestError) -> Int
  {
    guard !fields.contains(where: { $0.name == "transfer-encoding" }) else {
      throw HTTPRequestError(
        status: 501, message: "Transfer-Encoding is not accepted; send Content-Length.")
    }
    let lengths = fields.filter { $0.name == "content-length" }
    guard lengths.count <= 1 else { throw bad("Content-Length is given more than once.") }
    guard let text = lengths.first?.value else { return 0 }
    // Digits only (no sign, no spaces, no "1,1"), and no more than the limit: checked digit
    // by digit, so that no number overflows.
    guard !text.isEmpty, text.utf8.count <= 20, text.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 })
    else { throw bad("Content-Length is not a number.") }
    var length = 0
    for digit in text.utf8 {
      length = length * 10 + Int(digit - 0x30)
      if length > bodyLimit {
        throw HTTPRequestError(
          status: 413, message: "The body is larger than \(bodyLimit / 1024) KiB.")
      }
    }
    return length
  }

  /// Whether `bytes` can be the start of a request line: up to 16 capital letters, then a
  /// space, then `/` (an empty start can be anything yet).
  static func canBeginRequest(_ bytes: [UInt8]) -> Bool {
    var index = 0
    while index < bytes.count, index < 17, bytes[index] >= 0x41 && bytes[index] <= 0x5A {
      index += 1
    }
    guard index < bytes.count else { return index <= 16 }
    guard index > 0, index <= 16, bytes[index] == 0x20 else { return false }
    return index + 1 == bytes.count || bytes[index + 1] == 0x2F
  }

  /// Whether `byte` may be in a header field's name (RFC 9110 `tchar`).
  static func isTokenCharacter(_ byte: UInt8) -> Bool {
    switch byte {
    case 0x30...0x39, 0x41...0x5A, 0x61...0x7A: return true
    case 0x21, 0x23, 0x24, 0x25, 0x26, 0x27, 0x2A, 0x2B, 0x2D, 0x2E, 0x5E, 0x5F, 0x60, 0x7C, 0x7E:
      return true
    default: return false
    }
  }
}

extension Substring {
  /// The text without spaces and tabs at either end.
  func trimmingSpaces() -> Substring {
    var text = self
    while let c = text.first, c == " " || c == "\t" { text.removeFirst() }
    while let c = text.last, c == " " || c == "\t" { text.removeLast() }
    return text
  }
}
