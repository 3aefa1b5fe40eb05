import Testing

@testable import ArrangeServe

/// The applications with no socket: a request in, a reply out.
@Suite struct ResponderTests {
  /// A request for `target` with `method`, sent to the server's own address, with `fields`.
  static func request(
    _ method: String, _ target: String, host: String = "127.0.0.1:9",
    _ fields: [(name: String, value: String)] = []
  ) -> HTTPRequest {
    HTTPRequest(
      method: method, target: target, isHTTP10: false, fields: [("host", host)] + fields,
      body: [])
  }

  /// What `reply` does, in a word: the status answered, or what else it asks for.
  static func outcome(_ reply: Reply) -> String {
    switch reply.action {
    case .respond(let response):
      return response.status.map(String.init) ?? "file"
    case .upgrade: return "upgrade"
    case .later: return "later"
    }
  }

  @Test("The gallery answers its files and finds nothing else, with no token to accept")
  func gallery() {
    let page = FileAnswer(Array("<p>".utf8), type: "text/html; charset=utf-8")
    let gallery = GalleryResponder(
      gate: ServerGate(host: "127.0.0.1", port: 9), files: ["index.html": page])
    let cases: [(HTTPRequest, String)] = [
      (Self.request("GET", "/"), "file"),
      (Self.request("HEAD", "/index.html"), "file"),
      (Self.request("GET", "/missing.html"), "404"),
      (Self.request("GET", "/api/board"), "404"),
      (Self.request("GET", "/api/board", [("x-arrange-token", "")]), "404"),
      (Self.request("GET", "/api/live?token="), "404"),
      (Self.request("GET", "/", [("upgrade", "websocket")]), "404"),
      (Self.request("POST", "/"), "405"),
      (Self.request("GET", "/", host: "evil.example:9"), "403"),
      (Self.request("GET", "/", [("origin", "http://evil.example")]), "403"),
    ]
    for (request, expected) in cases {
      let reply = gallery.reply(to: request, from: 1)
      #expect(Self.outcome(reply) == expected, "\(request.method) \(request.target)")
      #expect(!reply.showsToken)
    }
    #expect(gallery.answerBeforeBody(Self.request("POST", "/api/change"))?.status == 405)
    #expect(
      gallery.answerBeforeBody(Self.request("POST", "/", host: "evil.example:9"))?.status == 403)
  }

  @Test("A gate with no token refuses whatever needs one, an empty token too")
  func gateWithoutToken() {
    let gate = ServerGate(host: "127.0.0.1", port: 9)
    #expect(
      gate.check(host: "127.0.0.1:9", origin: nil, token: "", needsToken: true)?.status == 401)
    #expect(
      gate.check(host: "127.0.0.1:9", origin: nil, token: nil, needsToken: true)?.status == 401)
    #expect(gate.check(host: "127.0.0.1:9", origin: nil, token: nil, needsToken: false) == nil)
  }

  @Test("Only a change with the token is worth its body")
  func bodies() {
    let endpoints = BoardEndpoints(
      gate: ServerGate(token: "secret", host: "127.0.0.1", port: 9), files: [:])
    let token = [(name: "x-arrange-token", value: "secret")]
    #expect(endpoints.answerBeforeBody(Self.request("POST", "/api/change", token)) == nil)
    #expect(endpoints.answerBeforeBody(Self.request("POST", "/b/a.md/api/change", token)) == nil)
    #expect(endpoints.answerBeforeBody(Self.request("POST", "/api/change"))?.status == 401)
    #expect(endpoints.answerBeforeBody(Self.request("POST", "/api/board", token))?.status == 405)
    #expect(endpoints.answerBeforeBody(Self.request("PUT", "/api/change", token))?.status == 405)
    #expect(endpoints.answerBeforeBody(Self.request("POST", "/index.html"))?.status == 405)
    #expect(
      endpoints.answerBeforeBody(
        Self.request("POST", "/api/change", token + [("origin", "http://evil.example")]))?.status
        == 403)
  }
}
