import ArrangeServe
import ArrangeTestSupport
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// `arrange serve` against people who should not get in: each test tries, and fails.
///
/// The server runs in this process on a free port, over a board file in a temporary folder;
/// requests are written byte for byte on a socket, so that `Host` and `Origin` say what an
/// attacker's page or a DNS-rebinding attack would make them say.
@Suite(.serialized, .ownThread) struct ServerSecurityTests {
  static let board = "## To Do\n\n- Alpha\n- Beta\n\n## Done\n\n- Gamma\n"

  /// A running server over a fresh board, within `limits`; stops when `body` returns.
  static func withServer(
    limits: ServerLimits = .standard,
    _ body: (_ port: Int, _ token: String, _ path: String) async throws -> Void
  ) async throws {
    let folder =
      NSTemporaryDirectory() + "arrange-serve-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = folder + "/board.md"
    try board.write(toFile: path, atomically: true, encoding: .utf8)
    let web = try #require(BoardServer.builtInWeb)
    let token = ServerGate.makeToken()
    let server = BoardServer(
      path: path, host: "127.0.0.1", port: 0, web: web, token: token, limits: limits)
    let (addresses, continuation) = AsyncStream.makeStream(of: String.self)
    let running = Task { try await server.run(ready: { continuation.yield($0) }) }
    defer { running.cancel() }
    var iterator = addresses.makeAsyncIterator()
    let address = try #require(await iterator.next())
    let port = try #require(Int(address.split(separator: ":")[2].prefix { $0.isNumber }))
    #expect(address == "http://127.0.0.1:\(port)/#token=\(token)")
    try await body(port, token, path)
  }

  /// Sends `request` (header lines, without the final blank line) and an optional body to the
  /// server, and returns the whole answer.
  ///
  /// The socket is read on a thread of its own: blocking a thread of Swift's cooperative pool
  /// (two on a two-core machine, shared with the rest of the suite) could starve the server
  /// that must answer. An empty answer is asked again, up to three times.
  static func send(_ port: Int, _ lines: [String], body: String = "") async -> String {
    for _ in 0..<3 {
      let answer = await withCheckedContinuation { continuation in
        Thread { continuation.resume(returning: sendOnce(port, lines, body: body)) }.start()
      }
      if !answer.isEmpty { return answer }
    }
    return ""
  }

  /// One try of ``send(_:_:body:)``.
  static func sendOnce(_ port: Int, _ lines: [String], body: String = "") -> String {
    guard let socket = RawSocket(port: port) else { return "" }
    var text = lines.joined(separator: "\r\n") + "\r\n"
    if !body.isEmpty { text += "Content-Length: \(body.utf8.count)\r\n" }
    // One Connection field: a second with another value is refused (a desync otherwise).
    if !lines.contains(where: { $0.lowercased().hasPrefix("connection:") }) {
      text += "Connection: close\r\n"
    }
    socket.write(text + "\r\n" + body)
    return socket.readAnswer(within: 20)
  }

  /// The status code of an answer.
  static func status(_ answer: String) -> Int {
    Int(answer.split(separator: " ").dropFirst().first ?? "") ?? 0
  }

  static func contents(_ path: String) -> String {
    (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
  }

  static let change = #"{"version":1,"requests":[{"op":"move","card":0,"column":1,"index":0}]}"#

  @Test("The page is served with a strict content policy; the board needs the token")
  func tokenIsRequired() async throws {
    try await Self.withServer { port, token, _ in
      let host = "Host: 127.0.0.1:\(port)"
      let page = await Self.send(port, ["GET / HTTP/1.1", host])
      #expect(Self.status(page) == 200)
      #expect(page.lowercased().contains("content-security-policy: default-src 'self'"))
      #expect(page.lowercased().contains("referrer-policy: no-referrer"))
      #expect(Self.status(await Self.send(port, ["GET /api/board HTTP/1.1", host])) == 401)
      let wrong = String(token.reversed())
      #expect(
        Self.status(
          await Self.send(port, ["GET /api/board HTTP/1.1", host, "X-Arrange-Token: \(wrong)"]))
          == 401)
      // The token in the query string is not enough for the API (only the WebSocket takes it
      // there, where a browser cannot send a header).
      let queried = await Self.send(port, ["GET /api/board?token=\(token) HTTP/1.1", host])
      #expect([401, 404].contains(Self.status(queried)))
      #expect(!queried.contains("Alpha"))
      let board = await Self.send(
        port, ["GET /api/board HTTP/1.1", host, "X-Arrange-Token: \(token)"])
      #expect(Self.status(board) == 200)
      #expect(board.contains(#""title":"Alpha""#))
    }
  }

  @Test("A write without the token, or with a wrong one, changes nothing")
  func writesNeedTheToken() async throws {
    try await Self.withServer { port, token, path in
      let host = "Host: 127.0.0.1:\(port)"
      let post = "POST /api/change HTTP/1.1"
      #expect(Self.status(await Self.send(port, [post, host], body: Self.change)) == 401)
      #expect(
        Self.status(
          await Self.send(port, [post, host, "X-Arrange-Token: x\(token)"], body: Self.change))
          == 401)
      #expect(Self.contents(path) == Self.board)
      let done = await Self.send(
        port, [post, host, "X-Arrange-Token: \(token)"], body: Self.change)
      #expect(Self.status(done) == 200)
      #expect(Self.contents(path) == "## To Do\n\n- Beta\n\n## Done\n\n- Alpha\n- Gamma\n")
    }
  }

  @Test("A DNS-rebinding page (its own name in Host) gets nothing, token or not")
  func hostIsChecked() async throws {
    try await Self.withServer { port, token, path in
      for host in ["Host: evil.example:\(port)", "Host: evil.example", "Host: 127.0.0.1:1"] {
        #expect(Self.status(await Self.send(port, ["GET / HTTP/1.1", host])) == 403)
        let write = await Self.send(
          port, ["POST /api/change HTTP/1.1", host, "X-Arrange-Token: \(token)"],
          body: Self.change)
        #expect(Self.status(write) == 403)
      }
      // No Host at all is not a request this server reads.
      #expect(Self.status(await Self.send(port, ["GET / HTTP/1.1"])) == 400)
      #expect(Self.contents(path) == Self.board)
      #expect(
        Self.status(await Self.send(port, ["GET / HTTP/1.1", "Host: localhost:\(port)"])) == 200)
    }
  }

  @Test("Another site's page cannot write or open the WebSocket, even with the token")
  func originIsChecked() async throws {
    try await Self.withServer { port, token, path in
      let host = "Host: 127.0.0.1:\(port)"
      for origin in [
        "Origin: http://evil.example", "Origin: null", "Origin: https://127.0.0.1:\(port)",
        "Origin: http://127.0.0.1:\(port).evil.example",
      ] {
        let write = await Self.send(
          port, ["POST /api/change HTTP/1.1", host, origin, "X-Arrange-Token: \(token)"],
          body: Self.change)
        #expect(Self.status(write) == 403, "\(origin)")
        let socket = await Self.send(
          port, Self.upgrade("/api/live?token=\(token)", host) + [origin])
        #expect(Self.refusedUpgrade(socket), "\(origin)")
      }
      #expect(Self.contents(path) == Self.board)
      let own = "Origin: http://127.0.0.1:\(port)"
      let socket = await Self.send(port, Self.upgrade("/api/live?token=\(token)", host) + [own])
      #expect(Self.status(socket) == 101)
    }
  }

  /// Whether an upgrade was refused: no switch of protocols, an error status (the WebSocket
  /// upgrader answers 400 for any refusal of the router's), and no board in the answer.
  static func refusedUpgrade(_ answer: String) -> Bool {
    [400, 401, 403].contains(status(answer)) && !answer.contains("Alpha")
  }

  /// The lines of a WebSocket upgrade request for `target`.
  static func upgrade(_ target: String, _ host: String) -> [String] {
    [
      "GET \(target) HTTP/1.1", host, "Upgrade: websocket", "Connection: Upgrade",
      "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==", "Sec-WebSocket-Version: 13",
    ]
  }

  @Test("The WebSocket needs the token")
  func webSocketNeedsTheToken() async throws {
    try await Self.withServer { port, token, _ in
      let host = "Host: 127.0.0.1:\(port)"
      #expect(Self.refusedUpgrade(await Self.send(port, Self.upgrade("/api/live", host))))
      #expect(Self.refusedUpgrade(await Self.send(port, Self.upgrade("/api/live?token=abc", host))))
      #expect(
        Self.status(await Self.send(port, Self.upgrade("/api/live?token=\(token)", host))) == 101)
    }
  }

  @Test("Static files cannot escape their folder")
  func staticFilesStayInTheirFolder() async throws {
    try await Self.withServer { port, _, _ in
      let host = "Host: 127.0.0.1:\(port)"
      for target in [
        "/../../../../etc/passwd", "/%2e%2e/%2e%2e/etc/passwd", "/..%2f..%2fPackage.swift",
        "/Web/app.js", "/.hidden.js", "/app.js/", "/app.js%00.png", "//etc/passwd",
        "/app..js", "/ARRANGE.WASM.", "/index.html?x=../../etc/passwd#", "/arrange-lib.x.js",
        "/arrange-lib.d.js", "/arrange-lib.d.ts.", "/.d.ts", "/arrange-lib..d.ts",
      ] {
        let answer = await Self.send(port, ["GET \(target) HTTP/1.1", host])
        #expect(!answer.contains("root:"), "\(target)")
        if target.hasPrefix("/index.html?") {
          #expect(Self.status(answer) == 200)
        } else {
          #expect(Self.status(answer) == 404, "\(target)")
        }
      }
      #expect(Self.status(await Self.send(port, ["GET /app.js HTTP/1.1", host])) == 200)
      #expect(Self.status(await Self.send(port, ["GET /arrange.wasm HTTP/1.1", host])) == 200)
      // The drag-and-drop library for any page, and its TypeScript declarations.
      let library = await Self.send(port, ["GET /arrange-lib.js HTTP/1.1", host])
      #expect(Self.status(library) == 200)
      #expect(library.lowercased().contains("content-type: text/javascript"))
      let types = await Self.send(port, ["GET /arrange-lib.d.ts HTTP/1.1", host])
      #expect(Self.status(types) == 200)
      #expect(types.lowercased().contains("content-type: text/plain"))
    }
  }

  @Test("A file reached through a symbolic link out of the folder is not served")
  func symbolicLinksOut() throws {
    let folder = NSTemporaryDirectory() + "arrange-web-\(getpid())"
    try? FileManager.default.removeItem(atPath: folder)
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try "secret".write(toFile: folder + "-secret.txt", atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(atPath: folder + "-secret.txt") }
    try "<p>hi</p>".write(toFile: folder + "/index.html", atomically: true, encoding: .utf8)
    try FileManager.default.createSymbolicLink(
      atPath: folder + "/leak.html", withDestinationPath: folder + "-secret.txt")
    let web = try #require(WebFolder(path: folder))
    #expect(web.file(at: "/")?.bytes == Array("<p>hi</p>".utf8))
    #expect(web.file(at: "/leak.html") == nil)
    #expect(web.file(at: "/index.htm") == nil)
  }

  @Test("Tokens are 128 random bits, and compared in full")
  func tokens() {
    let tokens = (0..<200).map { _ in ServerGate.makeToken() }
    #expect(Set(tokens).count == 200)
    #expect(tokens.allSatisfy { $0.count == 32 && $0.allSatisfy(\.isHexDigit) })
    let gate = ServerGate(token: tokens[0], host: "127.0.0.1", port: 9)
    #expect(gate.check(host: "127.0.0.1:9", origin: nil, token: tokens[0], needsToken: true) == nil)
    #expect(
      gate.check(
        host: "127.0.0.1:9", origin: nil, token: String(tokens[0].dropLast()), needsToken: true)?
        .status == 401)
    #expect(
      gate.check(host: "127.0.0.1:9", origin: nil, token: tokens[0] + "0", needsToken: true)?
        .status == 401)
    // A server told to listen elsewhere answers to that name too, and no other.
    let wide = ServerGate(token: "t", host: "192.168.1.5", port: 9)
    #expect(wide.check(host: "192.168.1.5:9", origin: nil, token: "t", needsToken: true) == nil)
    #expect(wide.check(host: "evil.example:9", origin: nil, token: "t", needsToken: true) != nil)
  }
}
