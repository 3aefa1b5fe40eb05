/// One client connection's HTTP/1.1 and WebSocket protocol, as a state machine with no socket
/// and no clock: bytes received go in, events come out; answers go in, bytes to send come out.
///
/// Its owner (the server's `poll(2)` loop, or a test) feeds it what the socket read
/// (`receive(_:at:)`), asks it what to do next (``next(at:)``), hands it the application's
/// answers (``respond(_:at:)``, ``upgrade(at:)``, ``acceptBody(at:)``, ``sendMessage(_:at:)``),
/// writes what it says to write (``nextChunk``, ``didWrite(_:at:)``) and wakes it at its
/// ``deadline``. Every method that can
/// start or end a wait is told the time; the machine never reads a clock.
///
/// What it keeps to: one request at a time (a pipelined request waits in the buffer until the
/// answer before it is written, so a client that pipelines without reading holds one answer in
/// memory, not thirty); `HEAD` answered with the head alone; `Expect: 100-continue` told to go
/// on once the application wants the body (never an HTTP/1.0 client, which knows no 1xx
/// answer, RFC 9110 §10.1.1); a `close` in any `Connection` field, an HTTP/1.0 request without
/// `keep-alive`, a request it cannot read and a refused body each close the connection after
/// the answer; the WebSocket handshake checked before the `101`; a client's frames read
/// strictly (``WebSocket/Reader``), pings answered, a close answered and the connection closed.
struct HTTPConnection: Sendable {
  /// Where the connection is: one state, each with what it needs, instead of flags.
  enum State: Equatable, Sendable {
    /// Reading a request's head, or idle between requests.
    case readingHead
    /// A head is in (since the time given) and its body is arriving.
    case readingBody(since: Double)
    /// A request is with the application; its answer is awaited. (Also right after
    /// ``Event/bodyAhead(_:)``, until the owner answers or accepts the body.)
    case answering(Exchange)
    /// An open WebSocket; when the ping not yet answered was sent, if one was.
    case webSocket(pingedAt: Double?)
    /// Writing a last answer (or close frame), then closing.
    case closing
  }

  /// What the answer to the request being answered depends on, kept from the request.
  struct Exchange: Equatable, Sendable {
    /// Whether the request is a `HEAD` (its answer has no body).
    var isHead: Bool
    /// Whether the connection stays open after the answer.
    var keepsAlive: Bool
    /// What an upgrade to a WebSocket would answer.
    var handshake: WebSocket.Handshake
  }

  /// What the connection asks its owner to do.
  enum Event: Sendable {
    /// A whole request: answer it with ``respond(_:at:)`` or ``upgrade(at:)`` (now, or later
    /// while the connection waits).
    case request(HTTPRequest)
    /// A request's head whose body has not arrived: refuse it now with ``respond(_:at:)`` (the
    /// body is never read, and the connection closes), or read the body with
    /// ``acceptBody(at:)``.
    case bodyAhead(HTTPRequest)
    /// The WebSocket is open and everything sent to it is written: send the application's
    /// newest message, if it has one, with ``sendMessage(_:at:)``.
    case readyForMessage
    /// Everything is written and the connection is over: close the socket.
    case close
  }

  /// Where the connection is.
  private(set) var state = State.readingHead
  /// The deadlines kept.
  let limits: ServerLimits
  private var parser: HTTPRequestParser
  private var reader = WebSocket.Reader()
  /// Bytes to write, first chunk first, and how much of the first is written.
  private var outgoing: [[UInt8]] = []
  private var written = 0
  /// When the current request's head began (its first byte, or the connection's start).
  private var started: Double
  /// When the connection last made progress (a read, a write).
  private(set) var lastActive: Double
  /// When the bytes being written were queued.
  private(set) var writeStarted = 0.0
  /// The number of answers written (the `101` of a WebSocket counts).
  private(set) var answered = 0

  /// A connection opened at `now`, keeping `limits`, refusing bodies over `bodyLimit` bytes.
  init(at now: Double, limits: ServerLimits = .standard, bodyLimit: Int = ServerLimits.bodyBytes) {
    self.limits = limits
    parser = HTTPRequestParser(bodyLimit: bodyLimit)
    started = now
    lastActive = now
  }

  /// Whether bytes are waiting to be written.
  var isWriting: Bool { !outgoing.isEmpty }

  /// Whether a request is with the application, its answer awaited.
  var isAwaitingAnswer: Bool {
    if case .answering = state { return true }
    return false
  }

  /// Whether a request (its head or its body) is being read, or awaited between requests.
  var isReadingRequest: Bool {
    switch state {
    case .readingHead, .readingBody: return true
    case .answering, .webSocket, .closing: return false
    }
  }

  /// When the head whose body is arriving came in, while it arrives.
  var bodySince: Double? {
    if case .readingBody(let since) = state { return since }
    return nil
  }

  /// Whether a request is being read (or awaited) and nothing is being written: the next call
  /// of ``next(at:)`` may read a request.
  var readsRequests: Bool { isReadingRequest && outgoing.isEmpty }

  /// Whether the owner should read from the socket now.
  ///
  /// Nothing is read while an answer is being written or awaited: what a client pipelines stays
  /// in its socket, not in the server. A WebSocket's frames are read only once what was sent to
  /// it is written: a client that floods pings and reads no pongs holds one chunk of them, not
  /// an ever-growing queue.
  var wantsToRead: Bool {
    switch state {
    case .readingHead, .readingBody: return outgoing.isEmpty
    case .webSocket:
      return outgoing.isEmpty && reader.buffer.count < 2 * ServerLimits.webSocketFrameBytes
    case .answering, .closing: return false
    }
  }

  /// When the connection wants to be woken if nothing happens (``expire(at:)``); `.infinity`
  /// while the application has its request.
  var deadline: Double {
    // A whole answer must be read within the time, however slowly it is read.
    if isWriting { return writeStarted + limits.writeSeconds }
    switch state {
    case .readingBody(let since): return since + limits.bodySeconds
    case .readingHead:
      if parser.hasPartialRequest || answered == 0 { return started + limits.headSeconds }
      return lastActive + limits.idleSeconds
    case .webSocket(let pingedAt): return (pingedAt ?? lastActive) + limits.pingSeconds
    case .answering: return .infinity
    case .closing: return lastActive + limits.writeSeconds
    }
  }

  // MARK: - Bytes in

  /// Takes bytes the socket read at `now`.
  mutating func receive(_ bytes: UnsafeRawBufferPointer, at now: Double) {
    receive(Array(bytes), at: now)
  }

  /// Takes bytes the socket read at `now`, as the state wants them.
  mutating func receive(_ received: [UInt8], at now: Double) {
    lastActive = now
    switch state {
    case .readingHead, .readingBody:
      // A new request after an answer: its head's time starts with its first byte.
      if !parser.hasPartialRequest && answered > 0 { started = now }
      parser.append(received)
    case .answering:
      // Not asked for (the owner does not read while an answer is awaited), but kept: they are
      // the next pipelined request.
      parser.append(received)
    case .webSocket:
      reader.buffer += received
      readFrames(at: now)
    case .closing:
      break
    }
  }

  /// The client is done sending; returns whether the connection stays open to write an answer
  /// it is still owed (one awaited, or one being written) before it closes.
  mutating func receiveEnd() -> Bool {
    if case .answering(var exchange) = state {
      exchange.keepsAlive = false
      state = .answering(exchange)
      return true
    }
    guard isWriting else { return false }
    state = .closing
    return true
  }

  // MARK: - Events

  /// What the owner should do next, at `now`; `nil` when nothing is to be done until more bytes
  /// arrive, an answer is given, or what is queued is written (``isWriting`` says which).
  mutating func next(at now: Double) -> Event? {
    switch state {
    case .closing: return isWriting ? nil : .close
    case .answering: return nil
    case .webSocket: return isWriting ? nil : .readyForMessage
    case .readingHead, .readingBody:
      guard !isWriting else { return nil }
      return readRequest(at: now)
    }
  }

  /// Reads the next request out of the buffer, if it is in; answers one that cannot be read.
  private mutating func readRequest(at now: Double) -> Event? {
    let request: HTTPRequest?
    do {
      request = try parser.next()
    } catch {
      state = .answering(Exchange(isHead: false, keepsAlive: false, handshake: .refused))
      respond(.text(error.status, error.message), at: now)
      return nil
    }
    guard let request else {
      guard case .readingHead = state, let head = parser.awaitedHead else { return nil }
      // The application decides before the body is read (or held): only what it wants is.
      state = .answering(
        Exchange(isHead: head.method == "HEAD", keepsAlive: false, handshake: .refused))
      return .bodyAhead(head)
    }
    state = .answering(
      Exchange(
        isHead: request.method == "HEAD", keepsAlive: request.keepsAlive,
        handshake: WebSocket.Handshake(request)))
    return .request(request)
  }

  /// After ``Event/bodyAhead(_:)``: reads the body, whose deadline starts at `now`; a client
  /// that asked before sending it is told to go on (never an HTTP/1.0 one).
  mutating func acceptBody(at now: Double) {
    guard case .answering = state, let head = parser.awaitedHead else { return }
    state = .readingBody(since: now)
    if head.field("expect")?.lowercased() == "100-continue" && !head.isHTTP10 {
      queue(ResponseHead.continueBytes, at: now)
    }
  }

  // MARK: - Answers in

  /// Answers the request being answered: its head (the body left out for `HEAD`), then
  /// reading the next request, or closing when the request or the answer asks to.
  mutating func respond(_ response: HTTPResponse, at now: Double) {
    guard case .answering(let exchange) = state else { return }
    let closes = !exchange.keepsAlive || response.closes
    let length = response.body.reduce(0) { $0 + $1.count }
    queue(response.headBytes(length: length, closes: closes), at: now)
    if !exchange.isHead {
      for piece in response.body { queue(piece, at: now) }
    }
    answered += 1
    state = closes ? .closing : .readingHead
  }

  /// Answers the request being answered by opening a WebSocket, when it is a valid handshake;
  /// otherwise refuses it (400, or 426 for another version), and closes.
  mutating func upgrade(at now: Double) {
    guard case .answering(let exchange) = state else { return }
    switch exchange.handshake {
    case .refused:
      state = .answering(Exchange(isHead: false, keepsAlive: false, handshake: .refused))
      respond(.text(400, "Not a WebSocket handshake."), at: now)
    case .wrongVersion:
      var refusal = HTTPResponse.text(426, "Only WebSocket version 13 is spoken here.")
      refusal.head = .made(
        status: 426, type: "text/plain; charset=utf-8", extra: "Sec-WebSocket-Version: 13\r\n",
        kind: .data)
      refusal.closes = true
      respond(refusal, at: now)
    case .accepted(let accept):
      let extra =
        "Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Accept: \(accept)\r\n"
      queue(
        ResponseHead.bytes(
          status: 101, type: nil, length: nil, extra: extra, kind: .upgrade, closes: false),
        at: now)
      answered += 1
      state = .webSocket(pingedAt: nil)
      // Bytes pipelined after the handshake are the client's first frames.
      reader.buffer = parser.buffer
      parser = HTTPRequestParser(bodyLimit: parser.bodyLimit)
      readFrames(at: now)
    }
  }

  /// Sends a text message on the open WebSocket: its frame's head, then `pieces` as they are
  /// (shared by every page, never copied).
  mutating func sendMessage(_ pieces: [[UInt8]], at now: Double) {
    guard case .webSocket = state else { return }
    queue(WebSocket.head(opcode: 1, length: pieces.reduce(0) { $0 + $1.count }), at: now)
    for piece in pieces { queue(piece, at: now) }
  }

  /// Reads the client's frames: answers pings, answers a close (or a frame it must not send)
  /// with a close frame, and then closes.
  private mutating func readFrames(at now: Double) {
    while case .webSocket = state {
      let frame: WebSocket.Incoming?
      do {
        frame = try reader.next()
      } catch {
        closeWebSocket(status: error.status, reason: error.reason, at: now)
        return
      }
      guard let frame else { return }
      state = .webSocket(pingedAt: nil)
      switch frame {
      case .ping(let payload): queue(WebSocket.frame(opcode: 10, payload), at: now)
      case .ignored: break
      case .close: closeWebSocket(status: 1000, reason: "", at: now)
      }
    }
  }

  /// Sends a close frame with `status`, then closes.
  private mutating func closeWebSocket(status: UInt16, reason: String, at now: Double) {
    state = .closing
    queue(WebSocket.close(status, reason), at: now)
  }

  // MARK: - Time

  /// Called at or after ``deadline``: pings a quiet WebSocket (whose answer, or any frame, must
  /// come within the next period); returns whether the connection is to be closed instead.
  mutating func expire(at now: Double) -> Bool {
    guard deadline <= now else { return false }
    if case .webSocket(nil) = state, !isWriting {
      state = .webSocket(pingedAt: now)
      queue(WebSocket.frame(opcode: 9, []), at: now)
      return false
    }
    return true
  }

  /// What to send as the server stops: a close frame for a WebSocket, nothing otherwise.
  func farewell() -> [UInt8] {
    guard case .webSocket = state else { return [] }
    return WebSocket.close(1001, "the server stopped")
  }

  // MARK: - Bytes out

  /// The bytes to write next (what is left of the first chunk), or `nil` when all is written.
  var nextChunk: ArraySlice<UInt8>? {
    outgoing.first.map { $0[written...] }
  }

  /// Records that `count` bytes of ``nextChunk`` were written at `now`.
  mutating func didWrite(_ count: Int, at now: Double) {
    lastActive = now
    written += count
    while let first = outgoing.first, written >= first.count {
      written -= first.count
      outgoing.removeFirst()
    }
    guard outgoing.isEmpty else { return }
    switch state {
    case .readingHead, .readingBody:
      // A request pipelined behind the answer just written: its time starts now.
      if parser.hasPartialRequest { started = now }
    case .answering, .webSocket, .closing:
      break
    }
  }

  /// Everything queued to write, taken as written at `now` (for a test, or an owner that
  /// writes it all at once).
  mutating func takeOutput(at now: Double) -> [UInt8] {
    guard isWriting else { return [] }
    var bytes = Array(outgoing[0][written...])
    for chunk in outgoing.dropFirst() { bytes += chunk }
    didWrite(bytes.count, at: now)
    return bytes
  }

  /// Queues `bytes` to write; the write's deadline starts when nothing was queued before.
  private mutating func queue(_ bytes: [UInt8], at now: Double) {
    guard !bytes.isEmpty else { return }
    if !isWriting { writeStarted = now }
    outgoing.append(bytes)
  }
}
