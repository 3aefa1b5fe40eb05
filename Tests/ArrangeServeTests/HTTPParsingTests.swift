import Testing

@testable import ArrangeServe

/// The server's reading of requests, routes and WebSocket frames, without a socket.
@Suite struct HTTPParsingTests {
  static let request = Array(
    ("POST /api/change HTTP/1.1\r\nHost: 127.0.0.1:8080\r\nX-Arrange-Token: t\r\n"
      + "Content-Length: 5\r\n\r\nhello").utf8)

  @Test("A request split anywhere reads as the same request")
  func splitAnywhere() throws {
    for cut in 0...Self.request.count {
      var parser = HTTPRequestParser()
      parser.append(Array(Self.request[..<cut]))
      var read = try parser.next()
      if cut < Self.request.count {
        #expect(read == nil)
        parser.append(Array(Self.request[cut...]))
        read = try parser.next()
      }
      let request = try #require(read)
      #expect(request.method == "POST")
      #expect(request.target == "/api/change")
      #expect(request.field("x-arrange-token") == "t")
      #expect(request.body == Array("hello".utf8))
      #expect(!parser.hasPartialRequest)
    }
  }

  @Test("A head that never ends is refused once it passes the limit")
  func endlessHead() {
    var parser = HTTPRequestParser()
    parser.append(Array("GET / HTTP/1.1\r\nX: ".utf8))
    parser.append([UInt8](repeating: 0x61, count: ServerLimits.headBytes))
    #expect(throws: HTTPRequestError(status: 431, message: "The request's head is too large.")) {
      try parser.next()
    }
  }

  @Test(
    "Only canonical paths name a route",
    arguments: [
      ("/", ServerRoute.file("index.html")), ("/app.js", .file("app.js")),
      ("/app.js?v=2", .file("app.js")), ("/api/board", .board), ("/api/change", .change),
      ("/api/live?token=abc", .live(token: "abc")), ("/api/live", .live(token: nil)),
      ("/api/live?token=a&token=b", .notFound), ("//api/board", .notFound),
      ("/./api/board", .notFound), ("/api/../api/board", .notFound), ("/api%2Fboard", .notFound),
      ("/API/board", .notFound), ("/api/board/", .notFound), ("/api//board", .notFound),
      ("/api/board?token=x", .notFound), ("/api", .notFound), ("/api/other", .notFound),
      ("/dir/app.js", .notFound), ("/..", .notFound), ("/.", .notFound), ("", .notFound),
      ("api/board", .notFound), ("/%2e%2e/x", .notFound),
    ])
  func routes(target: String, route: ServerRoute) {
    #expect(ServerRoute(target: target) == route)
  }

  @Test(
    "Texts in the board's JSON escape what JSON and HTML need, and only that",
    arguments: [
      ("plain", #""plain""#), ("日本語 ✅", #""日本語 ✅""#), ("a\"b", #""a\"b""#),
      ("back\\slash", #""back\\slash""#), ("<script>", #""\u003cscript>""#),
      ("line\nbreak\ttab\r", #""line\nbreak\ttab\r""#), ("\u{1B}[2J", #""\u001b[2J""#),
      ("\u{2028}\u{2029}", #""\u2028\u2029""#), ("€ and ‰", #""€ and ‰""#), ("", #""""#),
    ])
  func jsonStrings(text: String, json: String) {
    #expect(BoardMessages.quoted(text) == json)
  }

  @Test("The handshake's accept value is RFC 6455's example")
  func handshake() {
    #expect(WebSocket.accept(key: "dGhlIHNhbXBsZSBub25jZQ==") == "s3pPLMBiTxaQ9kYGzzhZRbK+xOo=")
    #expect(WebSocket.isValidKey("dGhlIHNhbXBsZSBub25jZQ=="))
    #expect(!WebSocket.isValidKey("short"))
    #expect(!WebSocket.isValidKey("dGhlIHNhbXBsZSBub25jZQ=!"))
    // FIPS 180's examples.
    let hex = { (bytes: [UInt8]) in
      bytes.map { String($0, radix: 16) }.map { $0.count == 1 ? "0" + $0 : $0 }.joined()
    }
    #expect(hex(WebSocket.sha1(Array("abc".utf8))) == "a9993e364706816aba3e25717850c26c9cd0d89d")
    #expect(hex(WebSocket.sha1([])) == "da39a3ee5e6b4b0d3255bfef95601890afd80709")
    #expect(WebSocket.base64(Array("foobar".utf8)) == "Zm9vYmFy")
    #expect(WebSocket.base64(Array("fooba".utf8)) == "Zm9vYmE=")
    #expect(WebSocket.base64(Array("foob".utf8)) == "Zm9vYg==")
  }

  @Test(
    "UTF-8 is checked as RFC 3629 says",
    arguments: [
      ([0x61], true), ([0xC3, 0xA9], true), ([0xE2, 0x82, 0xAC], true),
      ([0xF0, 0x9F, 0x98, 0x80], true), ([0xC0, 0xAF], false), ([0xE0, 0x80, 0xAF], false),
      ([0xED, 0xA0, 0x80], false), ([0xF4, 0x90, 0x80, 0x80], false), ([0xC3], false),
      ([0x80], false), ([0xFF], false), ([0xE2, 0x28, 0xA1], false),
    ] as [([UInt8], Bool)])
  func utf8(bytes: [UInt8], valid: Bool) {
    #expect(WebSocket.isValidUTF8(bytes) == valid)
  }

  @Test("A frame split anywhere reads the same; a long length never overflows")
  func frames() throws {
    let ping: [UInt8] = [0x89, 0x83, 1, 2, 3, 4, 1 ^ 9, 2 ^ 8, 3 ^ 7]
    for cut in 0..<ping.count {
      var reader = WebSocket.Reader()
      reader.buffer = Array(ping[..<cut])
      #expect(try reader.next() == nil)
      reader.buffer += ping[cut...]
      #expect(try reader.next() == .ping([9, 8, 7]))
    }
    var reader = WebSocket.Reader()
    reader.buffer = [0x81, 0xFF, 0x7F, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 1, 2, 3, 4]
    #expect(throws: WebSocket.Violation(status: 1009, reason: "frame too large")) {
      try reader.next()
    }
  }
}
