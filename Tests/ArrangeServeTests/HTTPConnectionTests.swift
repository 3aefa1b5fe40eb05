import ArrangeBoard
import Testing

@testable import ArrangeServe

/// The connection's protocol with no socket: bytes in, events out; answers in, bytes out.
///
/// Every expected byte is written here by hand.
@Suite struct HTTPConnectionTests {
  /// Deadlines that differ from one another, so that each test sees which one is kept.
  static let limits: ServerLimits = {
    var limits = ServerLimits.standard
    limits.headSeconds = 1
    limits.bodySeconds = 2
    limits.idleSeconds = 30
    limits.writeSeconds = 4
    limits.pingSeconds = 5
    return limits
  }()

  /// The security fields of an answer of data, as every one carries them.
  static let dataFields =
    "Cache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\nReferrer-Policy: no-referrer\r\n"

  /// The bytes of `text`.
  static func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

  /// `HTTPResponse.text(200, body)`'s bytes, as written by hand for a body of `length` bytes.
  static func plain(_ status: String, length: Int, closes: Bool = false) -> String {
    "HTTP/1.1 \(status)\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: \(length)\r\n"
      + dataFields + (closes ? "Connection: close\r\n" : "") + "\r\n"
  }

  /// The target of the request `event` carries, or a description of what else it is.
  static func target(_ event: HTTPConnection.Event?) -> String {
    switch event {
    case .request(let request): return request.method + " " + request.target
    case .bodyAhead(let head): return "body ahead: " + head.method + " " + head.target
    case .readyForMessage: return "ready for a message"
    case .close: return "close"
    case nil: return "nothing"
    }
  }

  @Test(
    "Two requests in one read are answered one after the other, each once the one before is written"
  )
  func pipelined() {
    let connection = Wire(at: 0)
    connection.receive(
      Self.bytes("GET /a HTTP/1.1\r\nHost: x\r\n\r\nGET /b HTTP/1.1\r\nHost: x\r\n\r\n"), at: 0)
    #expect(Self.target(connection.next(at: 0)) == "GET /a")
    // Nothing more while the first is with the application.
    #expect(Self.target(connection.next(at: 0)) == "nothing")
    #expect(!connection.wantsToRead)
    connection.respond(.text(200, "a"), at: 0)
    // Nor while its answer is being written.
    #expect(Self.target(connection.next(at: 0)) == "nothing")
    #expect(connection.takeOutput(at: 0) == Self.bytes(Self.plain("200 OK", length: 2) + "a\n"))
    #expect(Self.target(connection.next(at: 0)) == "GET /b")
    connection.respond(.text(404, "b"), at: 0)
    #expect(
      connection.takeOutput(at: 0) == Self.bytes(Self.plain("404 Not Found", length: 2) + "b\n"))
    #expect(Self.target(connection.next(at: 0)) == "nothing")
    #expect(connection.state == .readingHead)
    #expect(connection.wantsToRead)
  }

  @Test("A request sent a byte at a time is read once, when its last byte is in")
  func byteByByte() {
    let connection = Wire(at: 0)
    let request = Self.bytes("GET /one HTTP/1.1\r\nHost: x\r\nAccept: */*\r\n\r\n")
    var events: [String] = []
    for byte in request {
      connection.receive([byte], at: 0)
      events.append(Self.target(connection.next(at: 0)))
    }
    #expect(events.dropLast().allSatisfy { $0 == "nothing" })
    #expect(events.last == "GET /one")
  }

  @Test("A change sent a byte at a time: its head is shown before its body, then the whole")
  func changeByteByByte() {
    let connection = Wire(at: 0)
    let head = Self.bytes("POST /api/change HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\n\r\n")
    var events: [String] = []
    for byte in head {
      connection.receive([byte], at: 0)
      let event = connection.next(at: 0)
      events.append(Self.target(event))
      if case .bodyAhead = event { connection.acceptBody(at: 0) }
    }
    #expect(events.dropLast().allSatisfy { $0 == "nothing" })
    #expect(events.last == "body ahead: POST /api/change")
    var last: HTTPConnection.Event?
    for byte in Self.bytes("hello") {
      connection.receive([byte], at: 0)
      last = connection.next(at: 0)
      if byte != 0x6F { #expect(Self.target(last) == "nothing") }
    }
    guard case .request(let request) = last else {
      Issue.record("no request: \(Self.target(last))")
      return
    }
    #expect(request.body == Self.bytes("hello"))
  }

  @Test("An answer to HEAD is its head alone, its length the body's")
  func head() {
    let connection = Wire(at: 0)
    connection.receive(Self.bytes("HEAD / HTTP/1.1\r\nHost: x\r\n\r\n"), at: 0)
    #expect(Self.target(connection.next(at: 0)) == "HEAD /")
    connection.respond(.text(200, "hello"), at: 0)
    #expect(connection.takeOutput(at: 0) == Self.bytes(Self.plain("200 OK", length: 6)))
    // A page file's answer made once: its head, not its body.
    connection.receive(Self.bytes("HEAD /app.js HTTP/1.1\r\nHost: x\r\n\r\n"), at: 0)
    #expect(Self.target(connection.next(at: 0)) == "HEAD /app.js")
    connection.respond(.file((head: Self.bytes("HEAD\r\n\r\n"), body: [1, 2, 3])), at: 0)
    #expect(connection.takeOutput(at: 0) == Self.bytes("HEAD\r\n\r\n"))
  }

  @Test("Expect: 100-continue is told to go on once the body is wanted, never in HTTP/1.0")
  func hundredContinue() {
    for version in ["1.1", "1.0"] {
      let connection = Wire(at: 0)
      connection.receive(
        Self.bytes(
          "POST /c HTTP/\(version)\r\nHost: x\r\nExpect: 100-continue\r\nContent-Length: 2\r\n\r\n"),
        at: 0)
      #expect(Self.target(connection.next(at: 0)) == "body ahead: POST /c")
      // Nothing is said before the application wants the body.
      #expect(connection.takeOutput(at: 0) == [])
      connection.acceptBody(at: 5)
      let told = connection.takeOutput(at: 5)
      #expect(told == (version == "1.1" ? Self.bytes("HTTP/1.1 100 Continue\r\n\r\n") : []))
      #expect(connection.deadline == 7)
      connection.receive(Self.bytes("ok"), at: 6)
      guard case .request(let request) = connection.next(at: 6) else {
        Issue.record("no request")
        continue
      }
      #expect(request.body == Self.bytes("ok"))
    }
  }

  @Test("A body refused before it is sent is never read: the answer closes the connection")
  func bodyRefused() {
    let connection = Wire(at: 0)
    connection.receive(
      Self.bytes(
        "POST /c HTTP/1.1\r\nHost: x\r\nExpect: 100-continue\r\nContent-Length: 9\r\n\r\n"),
      at: 0)
    #expect(Self.target(connection.next(at: 0)) == "body ahead: POST /c")
    connection.respond(.text(405, "no"), at: 0)
    #expect(
      connection.takeOutput(at: 0)
        == Self.bytes(Self.plain("405 Method Not Allowed", length: 3, closes: true) + "no\n"))
    #expect(Self.target(connection.next(at: 0)) == "close")
  }

  @Test("Keep-alive stays open; a close in any Connection field closes after the answer")
  func keepAlive() {
    let cases: [(fields: String, closes: Bool)] = [
      ("", false), ("Connection: keep-alive\r\n", false), ("Connection: close\r\n", true),
      ("Connection: keep-alive, close\r\n", true),
    ]
    for (fields, closes) in cases {
      let connection = Wire(at: 0)
      connection.receive(Self.bytes("GET / HTTP/1.1\r\nHost: x\r\n" + fields + "\r\n"), at: 0)
      #expect(Self.target(connection.next(at: 0)) == "GET /")
      connection.respond(.text(200, ""), at: 0)
      #expect(
        connection.takeOutput(at: 0)
          == Self.bytes(Self.plain("200 OK", length: 1, closes: closes) + "\n"), "\(fields)")
      #expect(Self.target(connection.next(at: 0)) == (closes ? "close" : "nothing"))
    }
  }

  @Test("HTTP/1.0 closes after the answer unless it asks to be kept alive")
  func http10() {
    for (fields, closes) in [("", true), ("Connection: keep-alive\r\n", false)] {
      let connection = Wire(at: 0)
      connection.receive(Self.bytes("GET / HTTP/1.0\r\nHost: x\r\n" + fields + "\r\n"), at: 0)
      #expect(Self.target(connection.next(at: 0)) == "GET /")
      connection.respond(.json(200, [Self.bytes("{}")]), at: 0)
      let head =
        "HTTP/1.1 200 OK\r\nContent-Type: application/json; charset=utf-8\r\n"
        + "Content-Length: 2\r\n" + Self.dataFields + (closes ? "Connection: close\r\n" : "")
        + "\r\n{}"
      #expect(connection.takeOutput(at: 0) == Self.bytes(head))
      #expect(connection.state == (closes ? .closing : .readingHead))
    }
  }

  @Test("Deadlines are values: a slow head, the idle time, a slow body, a slow reader")
  func deadlines() {
    var connection = Wire(at: 100)
    // A new connection has the head's time, from its start, however its bytes trickle in.
    #expect(connection.deadline == 101)
    connection.receive(Self.bytes("GET / HT"), at: 100.5)
    #expect(connection.deadline == 101)
    #expect(!connection.expire(at: 100.9))
    #expect(connection.expire(at: 101))
    // Once answered, it may stay idle; a new request's head has its time from its first byte.
    connection = Wire(at: 100)
    connection.receive(Self.bytes("GET / HTTP/1.1\r\nHost: x\r\n\r\n"), at: 100.2)
    _ = connection.next(at: 100.2)
    connection.respond(.text(200, ""), at: 100.2)
    // A slow reader: the whole answer must be read within the write time.
    #expect(connection.deadline == 104.2)
    _ = connection.takeOutput(at: 103)
    #expect(connection.deadline == 133)
    connection.receive(Self.bytes("GE"), at: 120)
    #expect(connection.deadline == 121)
    // A body has its own time, from its head.
    connection.receive(
      Self.bytes("T / HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\n\r\n"), at: 120.5)
    #expect(Self.target(connection.next(at: 120.5)) == "body ahead: GET /")
    connection.acceptBody(at: 120.5)
    #expect(connection.deadline == 122.5)
    // The application's time is not the client's: no deadline while an answer is awaited.
    connection.receive(Self.bytes("abc"), at: 121)
    _ = connection.next(at: 121)
    #expect(connection.deadline == .infinity)
  }

  @Test("A head too large is 431, a body too large 413, each refused at once and closed")
  func oversize() {
    var connection = Wire(at: 0)
    connection.receive(
      Self.bytes("GET /" + String(repeating: "a", count: 16 * 1024) + " HTTP/1.1\r\n"), at: 0)
    #expect(Self.target(connection.next(at: 0)) == "nothing")
    #expect(
      connection.takeOutput(at: 0)
        == Self.bytes(
          Self.plain("431 Request Header Fields Too Large", length: 33, closes: true)
            + "The request's head is too large.\n"))
    #expect(Self.target(connection.next(at: 0)) == "close")
    connection = Wire(at: 0)
    connection.receive(
      Self.bytes("POST /c HTTP/1.1\r\nHost: x\r\nContent-Length: 524289\r\n\r\n"), at: 0)
    #expect(Self.target(connection.next(at: 0)) == "nothing")
    #expect(
      connection.takeOutput(at: 0)
        == Self.bytes(
          Self.plain("413 Content Too Large", length: 33, closes: true)
            + "The body is larger than 512 KiB.\n"))
    #expect(connection.state == .closing)
  }

  /// A handshake for the RFC 6455 sample key, in HTTP/`http`, for WebSocket version `version`.
  static func handshake(http: String = "1.1", version: String = "13") -> String {
    "GET /live HTTP/\(http)\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
      + "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: \(version)\r\n\r\n"
  }

  @Test("An upgrade answers 101, then reads the frames sent with it, and sends messages")
  func upgrade() {
    let connection = Wire(at: 0)
    // A ping masked with 1 2 3 4, carrying "hi", in the same read as the handshake.
    connection.receive(Self.bytes(Self.handshake()) + [0x89, 0x82, 1, 2, 3, 4, 0x69, 0x6B], at: 0)
    #expect(Self.target(connection.next(at: 0)) == "GET /live")
    connection.upgrade(at: 0)
    let switched =
      "HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
      + "Sec-WebSocket-Accept: s3pPLMBiTxaQ9kYGzzhZRbK+xOo=\r\n"
      + "X-Content-Type-Options: nosniff\r\nReferrer-Policy: no-referrer\r\n\r\n"
    #expect(connection.takeOutput(at: 0) == Self.bytes(switched) + [0x8A, 0x02, 0x68, 0x69])
    #expect(Self.target(connection.next(at: 0)) == "ready for a message")
    connection.sendMessage([[0x61, 0x62], [0x63]], at: 1)
    #expect(Self.target(connection.next(at: 1)) == "nothing")
    #expect(connection.takeOutput(at: 1) == [0x81, 0x03, 0x61, 0x62, 0x63])
    // Quiet for the ping time: pinged once; quiet again: closed.
    #expect(connection.deadline == 6)
    #expect(!connection.expire(at: 6))
    #expect(connection.takeOutput(at: 6) == [0x89, 0x00])
    #expect(connection.deadline == 11)
    #expect(connection.expire(at: 11))
  }

  @Test("A close frame is answered with a close frame, then the connection closes")
  func closeFrame() {
    var connection = Wire(at: 0)
    connection.receive(Self.bytes(Self.handshake()), at: 0)
    _ = connection.next(at: 0)
    connection.upgrade(at: 0)
    _ = connection.takeOutput(at: 0)
    connection.receive([0x88, 0x82, 0, 0, 0, 0, 0x03, 0xE8], at: 1)
    #expect(connection.state == .closing)
    #expect(Self.target(connection.next(at: 1)) == "nothing")
    #expect(connection.takeOutput(at: 1) == [0x88, 0x02, 0x03, 0xE8])
    #expect(Self.target(connection.next(at: 1)) == "close")
    // A frame a client must not send (unmasked) is answered 1002 and closed.
    connection = Wire(at: 0)
    connection.receive(Self.bytes(Self.handshake()), at: 0)
    _ = connection.next(at: 0)
    connection.upgrade(at: 0)
    _ = connection.takeOutput(at: 0)
    connection.receive([0x89, 0x00], at: 1)
    #expect(
      connection.takeOutput(at: 1)
        == [0x88, 0x1E, 0x03, 0xEA] + Self.bytes("a client's frames are masked"))
    #expect(Self.target(connection.next(at: 1)) == "close")
  }

  @Test("A handshake in HTTP/1.0 is 400; another version is 426, naming 13")
  func refusedUpgrades() {
    var connection = Wire(at: 0)
    connection.receive(
      Self.bytes(Self.handshake(http: "1.0")), at: 0)
    _ = connection.next(at: 0)
    connection.upgrade(at: 0)
    #expect(
      connection.takeOutput(at: 0)
        == Self.bytes(
          Self.plain("400 Bad Request", length: 27, closes: true) + "Not a WebSocket handshake.\n"))
    connection = Wire(at: 0)
    connection.receive(
      Self.bytes(Self.handshake(version: "8")), at: 0)
    _ = connection.next(at: 0)
    connection.upgrade(at: 0)
    let refusal =
      "HTTP/1.1 426 Upgrade Required\r\nContent-Type: text/plain; charset=utf-8\r\n"
      + "Content-Length: 42\r\nSec-WebSocket-Version: 13\r\n" + Self.dataFields
      + "Connection: close\r\n\r\nOnly WebSocket version 13 is spoken here.\n"
    #expect(connection.takeOutput(at: 0) == Self.bytes(refusal))
    #expect(Self.target(connection.next(at: 0)) == "close")
  }

  @Test("A client that stops sending still gets the answer it waits for, then the close")
  func clientDone() {
    let connection = Wire(at: 0)
    connection.receive(Self.bytes("GET / HTTP/1.1\r\nHost: x\r\n\r\n"), at: 0)
    _ = connection.next(at: 0)
    #expect(connection.receiveEnd())
    connection.respond(.text(202, ""), at: 1)
    #expect(
      connection.takeOutput(at: 1)
        == Self.bytes(Self.plain("202 Accepted", length: 1, closes: true) + "\n"))
    #expect(Self.target(connection.next(at: 1)) == "close")
    // Idle, it is simply over.
    let idle = Wire(at: 0)
    #expect(!idle.receiveEnd())
  }

  @Test("A page file's head carries the page's policy; data's, no-store; both nosniff")
  func securityFields() {
    let page = String(
      decoding: FileAnswer(Self.bytes("<p>"), type: "text/html; charset=utf-8").identity.head,
      as: UTF8.self)
    #expect(
      page
        == "HTTP/1.1 200 OK\r\nContent-Type: text/html; charset=utf-8\r\nContent-Length: 3\r\n"
        + "Vary: Accept-Encoding\r\nCache-Control: no-cache\r\n"
        + "X-Content-Type-Options: nosniff\r\nReferrer-Policy: no-referrer\r\n"
        + "Content-Security-Policy: default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; "
        + "style-src 'self'; img-src 'self' data:; connect-src 'self'; frame-ancestors 'none'"
        + "\r\n\r\n")
  }

  @Test("A change's status comes from why it is unsaved, whatever the sentence says")
  func changeStatus() {
    let words = "it will be saved once it settles"
    #expect(
      BoardWorker.status(refused: false, failed: false, saved: false, unsaved: .settling("x"))
        == 202)
    #expect(
      BoardWorker.status(refused: false, failed: false, saved: false, unsaved: .conflict("x"))
        == 202)
    #expect(
      BoardWorker.status(refused: false, failed: false, saved: false, unsaved: .notWritten(words))
        == 503)
    #expect(BoardWorker.status(refused: false, failed: false, saved: true, unsaved: nil) == 200)
    #expect(BoardWorker.status(refused: true, failed: false, saved: false, unsaved: nil) == 409)
    #expect(
      BoardWorker.status(refused: false, failed: true, saved: false, unsaved: .settling("x"))
        == 503)
  }
}

/// A connection under test, held by reference so that `#expect` may call what changes it.
private final class Wire {
  /// The connection.
  var machine: HTTPConnection

  /// A connection opened at `now`, with the suite's deadlines.
  init(at now: Double) { machine = HTTPConnection(at: now, limits: HTTPConnectionTests.limits) }

  /// Its state.
  var state: HTTPConnection.State { machine.state }
  /// Its deadline.
  var deadline: Double { machine.deadline }
  /// Whether it reads.
  var wantsToRead: Bool { machine.wantsToRead }

  /// Gives it bytes.
  func receive(_ bytes: [UInt8], at now: Double) { machine.receive(bytes, at: now) }
  /// Tells it the client is done.
  func receiveEnd() -> Bool { machine.receiveEnd() }
  /// What it asks for next.
  func next(at now: Double) -> HTTPConnection.Event? { machine.next(at: now) }
  /// Gives it an answer.
  func respond(_ response: HTTPResponse, at now: Double) { machine.respond(response, at: now) }
  /// Has it read the body.
  func acceptBody(at now: Double) { machine.acceptBody(at: now) }
  /// Has it open a WebSocket.
  func upgrade(at now: Double) { machine.upgrade(at: now) }
  /// Has it send a message.
  func sendMessage(_ pieces: [[UInt8]], at now: Double) { machine.sendMessage(pieces, at: now) }
  /// Wakes it at its deadline.
  func expire(at now: Double) -> Bool { machine.expire(at: now) }
  /// What it wrote.
  func takeOutput(at now: Double) -> [UInt8] { machine.takeOutput(at: now) }
}
