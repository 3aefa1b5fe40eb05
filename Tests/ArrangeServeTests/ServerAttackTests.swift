import ArrangeServe
import ArrangeTestSupport
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// `arrange serve` against what an attacker (or an unlucky client) sends.
///
/// Spellings of paths that might skip the token, numbers at the ends of their range, requests that are not quite
/// HTTP, WebSocket frames a browser never sends, a page that stops reading. Each test writes
/// its requests byte for byte to a live server on 127.0.0.1.
@Suite(.serialized, .ownThread) struct ServerAttackTests {
  typealias Security = ServerSecurityTests

  static func host(_ port: Int) -> String { "Host: 127.0.0.1:\(port)" }

  @Test("No spelling of an API path reaches the board without the token")
  func pathVariantsNeedTheToken() async throws {
    try await Security.withServer { port, token, path in
      let variants = [
        "//api/board", "//api/change", "//api/live", "///api/board", "/./api/board",
        "/api/./board", "/api/../api/board", "/api/x/../board", "/api%2Fboard", "/api%2fchange",
        "/%61pi/board", "/API/board", "/Api/Change", "/api/board/", "/api/change/", "/api//board",
        "/api/board;x", "/api/board%00", "/api/board%20", "/api\\board", "/api/board#x",
        "http://127.0.0.1:\(port)/api/board", "http://127.0.0.1:\(port)//api/change",
        "*", "127.0.0.1:\(port)",
      ]
      for variant in variants {
        for method in ["GET", "POST"] {
          let answer = await Security.send(
            port, ["\(method) \(variant) HTTP/1.1", Self.host(port)], body: Security.change)
          #expect(![200, 101].contains(Security.status(answer)), "\(method) \(variant)")
          #expect(!answer.contains("Alpha"), "\(method) \(variant)")
        }
        let upgrade = await Security.send(
          port,
          [
            "GET \(variant) HTTP/1.1", Self.host(port), "Upgrade: websocket",
            "Connection: Upgrade", "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==",
            "Sec-WebSocket-Version: 13",
          ])
        #expect(Security.status(upgrade) != 101, "\(variant)")
      }
      #expect(Security.contents(path) == Security.board)
      // The canonical spelling with the token still works.
      let board = await Security.send(
        port, ["GET /api/board HTTP/1.1", Self.host(port), "X-Arrange-Token: \(token)"])
      #expect(Security.status(board) == 200)
    }
  }

  /// Every kind of request with each of its number fields set to `value`.
  static func requests(with value: String) -> [String] {
    let shapes: [(op: String, fields: [String: String], numbers: [String])] = [
      ("move", ["card": "0", "column": "1", "index": "0"], ["card", "column", "index"]),
      ("moveColumn", ["from": "0", "to": "1"], ["from", "to"]),
      ("add", ["title": "\"x\"", "column": "0", "index": "0"], ["column", "index"]),
      ("rename", ["card": "0", "title": "\"x\""], ["card"]),
      ("delete", ["card": "0"], ["card"]),
      ("tick", ["card": "0", "done": "true"], ["card"]),
      ("subtask", ["card": "0", "index": "0", "done": "true"], ["card", "index"]),
      ("addSubtask", ["card": "0", "title": "\"x\""], ["card"]),
      ("deleteSubtask", ["card": "0", "index": "0"], ["card", "index"]),
      ("renameSubtask", ["card": "0", "index": "0", "title": "\"x\""], ["card", "index"]),
      ("moveSubtask", ["card": "0", "from": "0", "to": "1"], ["card", "from", "to"]),
      ("describe", ["card": "0", "lines": "[\"x\"]"], ["card"]),
      ("due", ["card": "0", "due": "\"2026-01-01\""], ["card"]),
      ("renameColumn", ["column": "0", "title": "\"x\""], ["column"]),
      ("deleteColumn", ["column": "0", "withCards": "true"], ["column"]),
    ]
    var bodies: [String] = []
    for shape in shapes {
      // An add's index may be left out (null): the end of the column.
      for number in shape.numbers where !(value == "null" && shape.op == "add" && number == "index")
      {
        var fields = shape.fields
        fields[number] = value
        let inner = fields.sorted { $0.key < $1.key }.map { "\"\($0.key)\":\($0.value)" }
          .joined(separator: ",")
        bodies.append(#"{"version":1,"requests":[{"op":"\#(shape.op)",\#(inner)}]}"#)
      }
    }
    return bodies
  }

  @Test(
    "Extreme numbers in every field of every request are refused, and the server stays up",
    arguments: [
      "9223372036854775807", "-9223372036854775808", "-1", "9223372036854775808",
      "1e308", "-0.5", "1000000001", "\"7\"", "null", "[]",
    ])
  func extremeNumbers(value: String) async throws {
    try await Security.withServer { port, token, path in
      for body in Self.requests(with: value) {
        let answer = await Security.send(
          port,
          ["POST /api/change HTTP/1.1", Self.host(port), "X-Arrange-Token: \(token)"],
          body: body)
        #expect(Security.status(answer) == 400, "\(body)")
      }
      for version in ["9223372036854775807", "-9223372036854775808", "1e308"] {
        let body = #"{"version":\#(version),"requests":[{"op":"delete","card":0}]}"#
        let answer = await Security.send(
          port,
          ["POST /api/change HTTP/1.1", Self.host(port), "X-Arrange-Token: \(token)"],
          body: body)
        #expect([400, 409].contains(Security.status(answer)), "\(body)")
      }
      #expect(Security.contents(path) == Security.board)
      let board = await Security.send(
        port, ["GET /api/board HTTP/1.1", Self.host(port), "X-Arrange-Token: \(token)"])
      #expect(Security.status(board) == 200)
    }
  }

  @Test(
    "Only a whole number is a number, and only true or false a flag",
    arguments: [
      #"{"op":"delete","card":true}"#, #"{"op":"delete","card":1.0}"#,
      #"{"op":"delete","card":1e0}"#, #"{"op":"delete","card":"1"}"#,
      #"{"op":"delete","card":01}"#, #"{"op":"tick","card":0,"done":1}"#,
      #"{"op":"tick","card":0,"done":"true"}"#, #"{"op":"delete","card":1,"card":0}"#,
      #"{"op":"describe","card":0,"lines":[1]}"#, #"{"op":"due","card":0,"due":5}"#,
      #"{"op":"add","title":"x","column":0,"index":false}"#,
    ])
  func typeConfusion(request: String) async throws {
    try await Security.withServer { port, token, path in
      let answer = await Security.send(
        port, ["POST /api/change HTTP/1.1", Self.host(port), "X-Arrange-Token: \(token)"],
        body: #"{"version":1,"requests":[\#(request)]}"#)
      #expect(Security.status(answer) == 400)
      for version in ["true", "1.0", "\"1\""] {
        let body = #"{"version":\#(version),"requests":[{"op":"delete","card":0}]}"#
        let refused = await Security.send(
          port, ["POST /api/change HTTP/1.1", Self.host(port), "X-Arrange-Token: \(token)"],
          body: body)
        #expect(Security.status(refused) == 400, "\(version)")
      }
      #expect(Security.contents(path) == Security.board)
    }
  }

  @Test("A body is read only for a change with the token; anything else is answered at its head")
  func bodyOnlyAfterTheGate() async throws {
    try await Security.withServer { port, token, _ in
      let heads = [
        "POST /api/change HTTP/1.1\r\n\(Self.host(port))\r\nContent-Length: 100\r\n\r\n",
        "POST /api/change HTTP/1.1\r\nHost: evil.example\r\nX-Arrange-Token: \(token)\r\n"
          + "Content-Length: 100\r\n\r\n",
        "POST /nothing HTTP/1.1\r\n\(Self.host(port))\r\nContent-Length: 100\r\n\r\n",
        "GET /api/board HTTP/1.1\r\n\(Self.host(port))\r\nX-Arrange-Token: \(token)\r\n"
          + "Content-Length: 100\r\n\r\n",
      ]
      for head in heads {
        let socket = try #require(RawSocket(port: port))
        socket.write(head)
        // No body follows; the answer comes at once, and the connection closes.
        let got = socket.read(for: 20)
        #expect(
          [401, 403, 404, 405].contains(
            Security.status(String(decoding: got.bytes, as: UTF8.self))), "\(head)")
        #expect(got.closed)
      }
    }
  }

  @Test("HEAD gets a head without a body, and the next request is read right")
  func head() async throws {
    try await Security.withServer { port, token, _ in
      let socket = try #require(RawSocket(port: port))
      socket.write(
        "HEAD /app.js HTTP/1.1\r\n\(Self.host(port))\r\n\r\n"
          + "HEAD /nothing.js HTTP/1.1\r\n\(Self.host(port))\r\n\r\n"
          + "GET /api/board HTTP/1.1\r\n\(Self.host(port))\r\nX-Arrange-Token: \(token)\r\n\r\n")
      // The heads' Content-Length is the body not sent: read heads alone, then the board.
      let got = socket.read(for: 20) { String(decoding: $0, as: UTF8.self).contains("Alpha") }
      let text = String(decoding: got.bytes, as: UTF8.self)
      let parts = text.components(separatedBy: "\r\n\r\n")
      #expect(parts.count == 4)
      #expect(parts[0].hasPrefix("HTTP/1.1 200") && parts[0].contains("text/javascript"))
      #expect(parts[1].hasPrefix("HTTP/1.1 404"))
      #expect(parts[2].hasPrefix("HTTP/1.1 200") && parts[3].contains("Alpha"))
    }
  }

  @Test("A request that is not quite HTTP is answered 400 (or its own status) and closed")
  func malformedRequests() async throws {
    try await Security.withServer { port, _, path in
      let host = Self.host(port)
      let cases: [(String, Int)] = [
        ("GET / HTTP/1.1\r\n\r\n", 400),
        ("GET / HTTP/1.1\r\n\(host)\r\n\(host)\r\n\r\n", 400),
        ("GET / HTTP/1.1\r\n\(host)\r\nHost: evil.example\r\n\r\n", 400),
        ("GET / HTTP/1.1\n\(host)\n\n", 400),
        ("GET / HTTP/1.1\r\n\(host)\r\nX: a\r\n b\r\n\r\n", 400),
        ("GET / HTTP/1.1\r\n\(host)\r\nX : a\r\n\r\n", 400),
        ("GET  / HTTP/1.1\r\n\(host)\r\n\r\n", 400),
        ("get / HTTP/1.1\r\n\(host)\r\n\r\n", 400),
        ("GET / HTTP/2.0\r\n\(host)\r\n\r\n", 505),
        ("GET / HTTP/1.1\r\n\(host)\r\nX: a\u{0}b\r\n\r\n", 400),
        ("POST /api/change HTTP/1.1\r\n\(host)\r\nContent-Length: -1\r\n\r\n", 400),
        ("POST /api/change HTTP/1.1\r\n\(host)\r\nContent-Length: 1,1\r\n\r\n", 400),
        (
          "POST /api/change HTTP/1.1\r\n\(host)\r\nContent-Length: 99999999999999999999999\r\n\r\n",
          400
        ),
        (
          "POST /api/change HTTP/1.1\r\n\(host)\r\nContent-Length: 9223372036854775807\r\n\r\n", 413
        ),
        (
          "POST /api/change HTTP/1.1\r\n\(host)\r\nContent-Length: 2\r\nContent-Length: 2\r\n\r\nab",
          400
        ),
        (
          "POST /api/change HTTP/1.1\r\n\(host)\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n", 501
        ),
        ("GET /\(String(repeating: "a", count: 5000)) HTTP/1.1\r\n\(host)\r\n\r\n", 414),
        ("GET / HTTP/1.1\r\n\(host)\r\nX: \(String(repeating: "a", count: 20000))\r\n\r\n", 431),
        ("\u{16}\u{3}\u{1}\u{0}\u{a5}\u{1}\u{0}\u{0}\u{a1}\u{3}\u{3}\r\n\r\n", 400),
      ]
      for (request, expected) in cases {
        guard let socket = RawSocket(port: port) else {
          Issue.record("cannot connect")
          return
        }
        socket.write(request)
        let got = socket.read(for: 20)
        let answer = String(decoding: got.bytes, as: UTF8.self)
        #expect(Security.status(answer) == expected, "\(request.prefix(80))")
        #expect(got.closed, "\(request.prefix(80)) left the connection open")
      }
      #expect(Security.contents(path) == Security.board)
    }
  }

  @Test("A body larger than the limit is refused before it is sent")
  func hugeBody() async throws {
    try await Security.withServer { port, token, _ in
      let socket = try #require(RawSocket(port: port))
      socket.write(
        "POST /api/change HTTP/1.1\r\n\(Self.host(port))\r\nX-Arrange-Token: \(token)\r\n"
          + "Content-Length: \(ServerLimits.bodyBytes + 1)\r\n\r\n")
      let answer = String(decoding: socket.read(for: 20).bytes, as: UTF8.self)
      #expect(Security.status(answer) == 413)
      // More requests in one change than allowed: refused as a whole.
      let many = (0...ServerLimits.requestsPerChange).map { _ in
        #"{"op":"addSubtask","card":0,"title":"x"}"#
      }
      let body = #"{"version":1,"requests":[\#(many.joined(separator: ","))]}"#
      let refused = await Security.send(
        port, ["POST /api/change HTTP/1.1", Self.host(port), "X-Arrange-Token: \(token)"],
        body: body)
      #expect(Security.status(refused) == 400)
      #expect(refused.contains("At most \(ServerLimits.requestsPerChange) requests"))
    }
  }

  @Test("Pipelined requests are answered in order, one at a time")
  func pipelining() async throws {
    try await Security.withServer { port, token, _ in
      let socket = try #require(RawSocket(port: port))
      let one =
        "GET /api/board HTTP/1.1\r\n\(Self.host(port))\r\nX-Arrange-Token: \(token)\r\n\r\n"
      socket.write(one + "GET /icon.svg HTTP/1.1\r\n\(Self.host(port))\r\n\r\n" + one)
      var answers: [String] = []
      for _ in 0..<3 { answers.append(socket.readAnswer()) }
      #expect(answers.map(Security.status) == [200, 200, 200])
      #expect(answers[0].contains("Alpha") && answers[2].contains("Alpha"))
      #expect(answers[1].contains("<svg"))
    }
  }

  @Test("Thousands of pipelined requests read as fast as they are answered cost no stack")
  func deepPipelining() async throws {
    try await Security.withServer { port, _, _ in
      let socket = try #require(RawSocket(port: port))
      // An empty Host is refused with 403, and the connection kept: no token needed.
      let count = 5000
      socket.write(String(repeating: "GET / HTTP/1.1\r\nHost:\r\n\r\n", count: count))
      var answers = 0
      var bytes: [UInt8] = []
      let end = Date().addingTimeInterval(20)
      while answers < count && Date() < end {
        let got = socket.read(for: 0.5)
        bytes += got.bytes
        answers =
          String(decoding: bytes, as: UTF8.self).components(separatedBy: "HTTP/1.1 403")
          .count - 1
        if got.closed { break }
      }
      #expect(answers == count)
      #expect(
        Security.status(await Security.send(port, ["GET / HTTP/1.1", Self.host(port)])) == 200)
    }
  }

  @Test("A client that sends its head a byte at a time is closed at the head's deadline")
  func slowHead() async throws {
    // The head's deadline shortened to 2 s, every other one left at 30 s: the close comes
    // from the head's deadline, and the test waits 2 s, not 10.
    var limits = ServerLimits.standard
    limits.headSeconds = 2
    try await Security.withServer(limits: limits) { port, _, _ in
      let socket = try #require(RawSocket(port: port))
      let idle = try #require(RawSocket(port: port))
      let start = Date()
      var closed = false
      for byte in Array("GET / HTTP/1.1\r\nX-Padding: \(String(repeating: "a", count: 100))".utf8) {
        if !socket.write([byte]) { break }
        if socket.read(for: 0.5).closed {
          closed = true
          break
        }
        if Date().timeIntervalSince(start) > limits.idleSeconds { break }
      }
      let waited = Date().timeIntervalSince(start)
      #expect(closed)
      // Not before the deadline; after it, however loaded the machine, well before the others.
      #expect(waited >= limits.headSeconds - 0.1 && waited < limits.idleSeconds - 5)
      // A connection that never sent anything was closed as well.
      #expect(idle.read(for: 10).closed)
      // And the server still serves.
      #expect(
        Security.status(await Security.send(port, ["GET / HTTP/1.1", Self.host(port)])) == 200)
    }
  }

  @Test("A page that floods pings and reads nothing holds one read's worth of pongs")
  func pingFlood() async throws {
    try await Security.withServer { port, token, _ in
      let socket = try #require(RawSocket(port: port, receiveBuffer: 4096))
      #expect(socket.openWebSocket(port: port, token: token))
      var ping: [UInt8] = []
      for _ in 0..<64 { ping += RawSocket.frame(opcode: 9, [UInt8](repeating: 7, count: 125)) }
      // Write without reading: the server stops reading once its pongs back up, so after the
      // sockets' buffers fill (the first second), nothing more goes through.
      _ = fcntl(socket.descriptor, F_SETFL, fcntl(socket.descriptor, F_GETFL) | O_NONBLOCK)
      // Where in `ping` the next byte is: a partial send is continued, never restarted, so
      // the stream stays whole frames.
      var offset = 0
      func flood(for seconds: Double) -> Int {
        let end = Date().addingTimeInterval(seconds)
        var sent = 0
        while Date() < end {
          let count = ping.withUnsafeBytes {
            Glibc.send(
              socket.descriptor, $0.baseAddress.map { $0 + offset }, $0.count - offset,
              Int32(MSG_NOSIGNAL))
          }
          if count > 0 {
            sent += count
            offset = (offset + count) % ping.count
          } else {
            usleep(10_000)
          }
        }
        return sent
      }
      _ = flood(for: 1.5)
      // Without the bound the server goes on reading megabytes a second, queueing a pong for each.
      let later = flood(for: 1)
      #expect(later < 256 * 1024, "\(later) bytes of pings taken after the buffers filled")
    }
  }

  @Test("The WebSocket closes with RFC 6455's codes on frames a client must not send")
  func webSocketViolations() async throws {
    try await Security.withServer { port, token, _ in
      let cases: [([UInt8], UInt16)] = [
        (RawSocket.frame(opcode: 1, Array("hi".utf8), masked: false), 1002),
        (RawSocket.frame(opcode: 1, [0xC3, 0x28]), 1007),
        (RawSocket.frame(opcode: 1, [0xED, 0xA0, 0x80]), 1007),
        (RawSocket.frame(opcode: 0, Array("more".utf8)), 1002),
        (RawSocket.frame(opcode: 1, Array("part".utf8), final: false), 1002),
        (RawSocket.frame(opcode: 3, []), 1002),
        ([0xC1, 0x80, 1, 2, 3, 4], 1002),
        (RawSocket.frame(opcode: 9, [UInt8](repeating: 1, count: 126)), 1002),
        (
          RawSocket.frame(
            opcode: 1, [UInt8](repeating: 0x61, count: ServerLimits.webSocketFrameBytes + 1)), 1009
        ),
        (RawSocket.frame(opcode: 8, [0x03, 0xE8]), 1000),
      ]
      for (frame, code) in cases {
        let socket = try #require(RawSocket(port: port))
        #expect(socket.openWebSocket(port: port, token: token))
        // The board comes first.
        let first = socket.frames(for: 20, stopAfter: 1)
        #expect(first.first?.opcode == 1)
        socket.write(frame)
        let frames = socket.frames(for: 20) { $0.contains { $0.opcode == 8 } }
        let close = frames.first { $0.opcode == 8 }
        let status = close.map { UInt16($0.payload[0]) << 8 | UInt16($0.payload[1]) }
        #expect(status == code, "\(frame.prefix(4))")
        #expect(socket.read(for: 20).closed)
      }
      // A ping is answered with a pong carrying its bytes.
      let socket = try #require(RawSocket(port: port))
      #expect(socket.openWebSocket(port: port, token: token))
      _ = socket.frames(for: 20, stopAfter: 1)
      socket.write(RawSocket.frame(opcode: 9, [1, 2, 3]))
      let pong = socket.frames(for: 20, stopAfter: 1)
      #expect(pong.first?.opcode == 10 && pong.first?.payload == [1, 2, 3])
    }
  }

  @Test("A page that stops reading is sent the newest version next, as what changed")
  func slowPageSkipsToNewest() async throws {
    try await Security.withServer { port, token, _ in
      let socket = try #require(RawSocket(port: port, receiveBuffer: 4096))
      #expect(socket.openWebSocket(port: port, token: token))
      let first = socket.frames(for: 20, stopAfter: 1)
      let whole = try #require(first.first?.payload)
      #expect(String(decoding: whole, as: UTF8.self).contains(#""board":{"version":1"#))
      // Forty changes while the page reads nothing, each larger than what the sockets buffer.
      let long = String(repeating: "x", count: 9000)
      for index in 0..<40 {
        let body =
          #"{"version":\#(index + 1),"requests":[{"op":"rename","card":0,"title":"\#(long) Alpha \#(index)"}]}"#
        let answer = await Security.send(
          port, ["POST /api/change HTTP/1.1", Self.host(port), "X-Arrange-Token: \(token)"],
          body: body)
        #expect(Security.status(answer) == 200)
      }
      // What the server sends once the page reads again, up to the newest version.
      let frames = socket.frames(for: 30) { frames in
        frames.last.map { String(decoding: $0.payload, as: UTF8.self) }?
          .contains(#""version":41"#) == true
      }
      let texts = frames.map { String(decoding: $0.payload, as: UTF8.self) }
      // Not forty queued boards: the newest, in at most a few messages.
      #expect(!texts.isEmpty && texts.count <= 20, "\(texts.count) messages")
      let last = try #require(texts.last)
      #expect(last.contains(#""version":41"#))
      #expect(last.contains("Alpha 39"))
      // Sent as a patch of what the page had: unchanged cards by their place.
      #expect(last.contains(#""base":"#))
      #expect(!last.contains("Beta"))
    }
  }

  @Test("A change that names the snapshot it was made on is answered with a patch of it")
  func answerIsAPatch() async throws {
    try await Security.withServer { port, token, _ in
      let head = ["POST /api/change HTTP/1.1", Self.host(port), "X-Arrange-Token: \(token)"]
      // Alpha to the other column and back, a move each time.
      func change(_ version: Int, serial: Int?) async -> String {
        let named = serial.map { #","serial":\#($0)"# } ?? ""
        let move = #"{"op":"moveCard","card":0,"column":\#(version % 2),"index":0}"#
        return await Security.send(
          port, head, body: #"{"version":\#(version)\#(named),"requests":[\#(move)]}"#)
      }
      func serial(_ answer: String) -> Int? {
        guard let range = answer.range(of: #""serial":"#) else { return nil }
        return Int(answer[range.upperBound...].prefix { $0.isNumber })
      }
      // Naming none: the board whole, and the snapshot's serial.
      let first = await change(1, serial: nil)
      #expect(Security.status(first) == 200)
      #expect(first.contains(#""board":{"version":2"#))
      let held = try #require(serial(first))
      // Naming it: a patch of it, whose unchanged cards are places (Beta, Gamma not sent).
      let second = await change(2, serial: held)
      #expect(Security.status(second) == 200)
      #expect(second.contains(#""patch":{"serial":\#(held + 1),"base":\#(held),"#))
      #expect(!second.contains(#""board":"#))
      #expect(!second.contains("Beta") && !second.contains("Gamma"))
      // Naming one the server has moved on from (or one it never made): the board whole.
      for (version, stale) in [(3, held), (4, 1_000_000), (5, -1)] {
        let answer = await change(version, serial: stale)
        #expect(Security.status(answer) == 200)
        #expect(answer.contains(#""board":{"version":\#(version + 1)"#), "\(stale)")
      }
    }
  }

  @Test("A page that names the snapshot it read is sent only what changes after it")
  func liveAfterTheBoardRead() async throws {
    try await Security.withServer { port, token, _ in
      let read = await Security.send(
        port, ["GET /api/board HTTP/1.1", Self.host(port), "X-Arrange-Token: \(token)"])
      let range = try #require(read.range(of: #""serial":"#))
      let serial = try #require(Int(read[range.upperBound...].prefix { $0.isNumber }))
      // Naming it: nothing is sent until the board changes, then a patch of it.
      let socket = try #require(RawSocket(port: port))
      #expect(
        socket.openWebSocket(port: port, token: "\(token)&serial=\(serial)", firstFrame: false))
      let move = #"{"version":1,"requests":[{"op":"moveCard","card":0,"column":1,"index":0}]}"#
      let answer = await Security.send(
        port, ["POST /api/change HTTP/1.1", Self.host(port), "X-Arrange-Token: \(token)"],
        body: move)
      #expect(Security.status(answer) == 200)
      let first = try #require(socket.frames(for: 20, stopAfter: 1).first?.payload)
      let text = String(decoding: first, as: UTF8.self)
      #expect(text.hasPrefix(#"{"serial":\#(serial + 1),"base":\#(serial),"#), "\(text.prefix(80))")
      // Naming another (or none, or not a number): the board whole, at once.
      for named in ["&serial=\(serial + 7)", "", "&serial=1e3", "&serial=-1"] {
        let other = try #require(RawSocket(port: port))
        #expect(other.openWebSocket(port: port, token: token + named))
        let whole = try #require(other.frames(for: 20, stopAfter: 1).first?.payload)
        #expect(
          String(decoding: whole, as: UTF8.self).contains(#""board":{"version":2"#), "\(named)")
      }
    }
  }

  @Test("A second server on the same board refuses to start and names the first")
  func secondServer() async throws {
    try await Security.withServer { port, _, path in
      let web = try #require(BoardServer.builtInWeb)
      let second = BoardServer(
        path: path, host: "127.0.0.1", port: 0, web: web, token: ServerGate.makeToken())
      do {
        try await second.run(ready: { _ in Issue.record("the second server started") })
        Issue.record("the second server ran")
      } catch let error as BoardServer.StartError {
        #expect(error.message.contains("already served"))
        #expect(error.message.contains("127.0.0.1:\(port)"))
      }
      // The same board by another path (a link to its folder) meets the same lock.
      let folder = (path as NSString).deletingLastPathComponent
      let link = folder + "-link"
      try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: folder)
      defer { try? FileManager.default.removeItem(atPath: link) }
      let third = BoardServer(
        path: link + "/board.md", host: "127.0.0.1", port: 0, web: web,
        token: ServerGate.makeToken())
      await #expect(throws: BoardServer.StartError.self) {
        try await third.run(ready: { _ in })
      }
    }
  }

  @Test("A symbolic link swapped in for the board is neither read nor written through")
  func swappedLink() async throws {
    try await Security.withServer { port, token, board in
      let other = (board as NSString).deletingLastPathComponent + "/secret.md"
      let secret = "## Secret\n\n- Do not touch\n"
      try secret.write(toFile: other, atomically: true, encoding: .utf8)
      // The board becomes a link to another file while the server runs.
      try FileManager.default.removeItem(atPath: board)
      try FileManager.default.createSymbolicLink(atPath: board, withDestinationPath: other)
      let answer = await Security.send(
        port, ["POST /api/change HTTP/1.1", Self.host(port), "X-Arrange-Token: \(token)"],
        body: Security.change)
      #expect(Security.status(answer) == 503)
      #expect(answer.contains(#""saved":false"#))
      #expect(answer.contains("leads to another file"))
      // Nothing is written through the link later either (a retried save, say): the one
      // check here that watches for an absence, so it watches for a while.
      try await Task.sleep(nanoseconds: 1_500_000_000)
      #expect(Security.contents(other) == secret)
      let shown = await Security.send(
        port, ["GET /api/board HTTP/1.1", Self.host(port), "X-Arrange-Token: \(token)"])
      #expect(!shown.contains("Do not touch"))
      #expect(shown.contains(#""saved":false"#))
    }
  }

  @Test("A change made while the file is being edited elsewhere is not answered 200")
  func settlingChangeIsNotDone() async throws {
    try await Security.withServer { port, token, path in
      // Another program writes the file just before the change arrives.
      let edited = Security.board + "- Delta\n"
      try edited.write(toFile: path, atomically: false, encoding: .utf8)
      let answer = await Security.send(
        port, ["POST /api/change HTTP/1.1", Self.host(port), "X-Arrange-Token: \(token)"],
        body: Security.change)
      #expect(Security.status(answer) == 202)
      #expect(answer.contains(#""saved":false"#))
      #expect(answer.contains("once it settles"))
      // Once the edit settles, both are in the file, and the board says so.
      let deadline = Date().addingTimeInterval(30)
      var saved = false
      while !saved && Date() < deadline {
        try await Task.sleep(nanoseconds: 20_000_000)
        saved = Security.contents(path).contains("## Done\n\n- Alpha")
      }
      #expect(saved)
      #expect(Security.contents(path).contains("- Delta"))
      let board = await Security.send(
        port, ["GET /api/board HTTP/1.1", Self.host(port), "X-Arrange-Token: \(token)"])
      #expect(board.contains(#""saved":true"#))
    }
  }
}
