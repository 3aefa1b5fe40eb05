import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The thread that serves the network: one `poll(2)` loop over the listening socket and every
/// connection, with every bound of ``ServerLimits`` kept here.
///
/// A connection reads one request at a time: while its answer is being written, or its change
/// waits for the board, nothing more is read from it, so a client that pipelines requests
/// without reading the answers holds one answer in memory, not thirty. The page's files and
/// the board's JSON are built once and shared by every answer that carries them.
final class ServerLoop: @unchecked Sendable {
  /// One client connection.
  final class Connection {
    enum State {
      /// Reading a request (or idle between requests).
      case http
      /// A change was handed to the board; its answer is awaited.
      case waiting
      /// An open WebSocket.
      case webSocket
      /// Writing a last answer, then closing.
      case closing
    }

    let descriptor: Int32
    let id: Int
    let client: String
    var state = State.http
    var parser = HTTPRequestParser()
    var reader = WebSocket.Reader()
    /// Bytes to write, first chunk first, and how much of the first is written.
    var outgoing: [[UInt8]] = []
    var written = 0
    /// Whether to close once everything is written.
    var closesAfterWrite = false
    /// When the current request's head began (its first byte, or the connection's start).
    var started: Double
    /// When the connection last made progress (a read, a write).
    var active: Double
    /// When the connection was accepted.
    let opened: Double
    /// When the answer being written was queued.
    var writeStarted = 0.0
    /// When the head of the request being read arrived (its body is awaited).
    var headAt: Double?
    /// The number of answers written.
    var answered = 0
    /// WebSocket: the last snapshot sent, and whether a newer one is waiting.
    var sent: BoardSnapshot?
    var wantsNewest = false
    var pingedAt: Double?
    /// Whether it has sent a request with the token (a page of this board, not a stranger).
    var isTrusted = false
    /// Whether requests are waiting in its buffer for its next turn.
    var hasMore = false
    /// Whether the request being served keeps the connection open.
    var keepsAlive = true
    /// Whether the request being served is a HEAD (its answer has no body).
    var isHead = false
    /// The board its WebSocket shows, or its change waits for.
    var board: BoardShelf.Served?
    /// A request waiting for its board to be opened (state ``State/waiting``), and the board's
    /// name.
    var parked: (request: HTTPRequest, board: [UInt8])?

    init(descriptor: Int32, id: Int, client: String, now: Double) {
      self.descriptor = descriptor
      self.id = id
      self.client = client
      started = now
      active = now
      opened = now
    }

    var isWriting: Bool { !outgoing.isEmpty }
  }

  private let listener: Int32
  private let gate: ServerGate
  /// The page's files: each answer's head and body, as it is and gzipped, made once.
  private let files: [String: FileAnswer]
  private let shelf: BoardShelf
  private let wakeRead: Int32
  private let wakeWrite: Int32
  private var connections: [Int32: Connection] = [:]
  private var byID: [Int: Connection] = [:]
  private var perClient: [String: Int] = [:]
  private var nextID = 1
  private let capacity: Int
  /// The bounds and deadlines kept.
  private let limits: ServerLimits
  /// A descriptor kept in reserve, closed to accept (and close) a connection when the process
  /// has no descriptor left, so that the listening socket does not stay readable forever.
  private var reserve: Int32
  /// Set (from any thread) to stop the loop.
  private let stopFlag = StopFlag()

  final class StopFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false
    var isSet: Bool {
      lock.lock()
      defer { lock.unlock() }
      return value
    }
    func set() {
      lock.lock()
      value = true
      lock.unlock()
    }
  }

  init(
    listener: Int32, gate: ServerGate, files: [String: FileAnswer],
    shelf: BoardShelf, limits: ServerLimits,
    wake: (read: Int32, write: Int32)
  ) {
    self.listener = listener
    self.limits = limits
    self.gate = gate
    self.files = files
    self.shelf = shelf
    wakeRead = wake.read
    wakeWrite = wake.write
    reserve = open("/dev/null", O_RDONLY | O_CLOEXEC)
    var limit = rlimit()
    getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
    let files = Int(clamping: limit.rlim_cur)
    // Room for the board's file, its lock, saves, the page's files and the process's own (and,
    // serving a folder, for as many boards).
    let boards = shelf.folder == nil ? 0 : ServerLimits.boards
    capacity = max(8, min(limits.connections, files - 48 - boards))
  }

  /// Wakes the loop (from any thread).
  func wake() {
    var byte: UInt8 = 1
    _ = write(wakeWrite, &byte, 1)
  }

  /// Stops the loop (from any thread).
  func stop() {
    stopFlag.set()
    wake()
  }

  static func now() -> Double { BoardWorker.now() }

  /// Serves until ``stop()``; then closes every connection.
  func run() {
    while !stopFlag.isSet {
      step()
    }
    // The answers of the last changes go out before the connections close.
    takeFromWorker()
    for connection in Array(connections.values) {
      if connection.state == .webSocket {
        _ = WebSocket.close(1001, "the server stopped").withUnsafeBytes {
          send(connection.descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
        }
      }
      drop(connection)
    }
  }

  /// How many requests of one connection are served before the others get their turn.
  static let requestsPerTurn = 8

  /// One round: wait for sockets (or a deadline), then serve what is ready.
  private func step() {
    var fds: [pollfd] = [
      pollfd(fd: listener, events: Int16(POLLIN), revents: 0),
      pollfd(fd: wakeRead, events: Int16(POLLIN), revents: 0),
    ]
    let now = Self.now()
    var nearest = now + 1
    for connection in connections.values {
      var events: Int16 = 0
      if connection.isWriting { events |= Int16(POLLOUT) }
      if wantsToRead(connection) { events |= Int16(POLLIN) }
      fds.append(pollfd(fd: connection.descriptor, events: events, revents: 0))
      nearest = min(nearest, deadline(of: connection))
    }
    // Requests left waiting for their turn: look at the sockets without waiting.
    let waiting = connections.values.filter(\.hasMore)
    let timeout =
      waiting.isEmpty ? Int32(max(0, min(1000, (nearest - now) * 1000 + 1))) : 0
    let ready = poll(&fds, nfds_t(fds.count), timeout)
    if ready < 0 && errno != EINTR { usleep(10_000) }
    if fds[1].revents != 0 {
      var bytes = [UInt8](repeating: 0, count: 256)
      while read(wakeRead, &bytes, bytes.count) > 0 {}
    }
    takeFromWorker()
    for entry in fds.dropFirst(2) where entry.revents != 0 {
      guard let connection = connections[entry.fd] else { continue }
      if entry.revents & Int16(POLLOUT) != 0 { advance(connection) }
      guard connections[entry.fd] === connection else { continue }
      if entry.revents & Int16(POLLIN | POLLHUP | POLLERR) != 0 { receive(connection) }
    }
    // Their turn, after those that were ready (the board's pages among them).
    for connection in waiting where connection.hasMore { advance(connection) }
    if fds[0].revents != 0 { acceptAll() }
    expire()
  }

  /// Whether the loop reads from `connection` now.
  private func wantsToRead(_ connection: Connection) -> Bool {
    switch connection.state {
    // Nothing more is read while requests already in wait for their turn: what a client
    // pipelines stays in its socket, not in the server.
    case .http: return !connection.isWriting && !connection.hasMore
    // A page's frames are read only once what was sent to it is written: a client that floods
    // pings and reads no pongs holds one chunk of them, not an ever-growing queue.
    case .webSocket:
      return !connection.isWriting
        && connection.reader.buffer.count < 2 * ServerLimits.webSocketFrameBytes
    case .waiting, .closing: return false
    }
  }

  /// When `connection` is closed if nothing happens.
  private func deadline(of connection: Connection) -> Double {
    // A whole answer must be read within the time, however slowly it is read.
    if connection.isWriting { return connection.writeStarted + limits.writeSeconds }
    switch connection.state {
    case .http:
      if let headAt = connection.headAt { return headAt + limits.bodySeconds }
      if connection.parser.hasPartialRequest || connection.answered == 0 {
        return connection.started + limits.headSeconds
      }
      return connection.active + limits.idleSeconds
    case .webSocket:
      if let pinged = connection.pingedAt { return pinged + limits.pingSeconds }
      return connection.active + limits.pingSeconds
    case .waiting: return .infinity
    case .closing: return connection.active + limits.writeSeconds
    }
  }

  /// Closes connections past their deadline; pings quiet WebSockets.
  private func expire() {
    let now = Self.now()
    for connection in Array(connections.values) where deadline(of: connection) <= now {
      if connection.state == .webSocket && connection.pingedAt == nil && !connection.isWriting {
        connection.pingedAt = now
        queue(WebSocket.frame(opcode: 9, []), on: connection)
        advance(connection)
        continue
      }
      drop(connection)
    }
  }

  // MARK: - Accepting

  private func acceptAll() {
    for _ in 0..<64 {
      var address = sockaddr_storage()
      var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
      let descriptor = withUnsafeMutablePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
          accept(listener, $0, &length)
        }
      }
      if descriptor >= 0 {
        _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
      }
      if descriptor < 0 {
        if errno == EMFILE || errno == ENFILE { shedWithReserve() }
        return
      }
      let client = Self.describe(address)
      let now = Self.now()
      if connections.count >= capacity, !evict(from: nil) {
        close(descriptor)
        continue
      }
      // Every page on this machine comes from the loopback address: a cap per address would
      // lock the board's own user out with whoever else runs there.
      if !Self.isLoopback(client),
        perClient[client, default: 0] >= limits.connectionsPerClient,
        !evict(from: client)
      {
        close(descriptor)
        continue
      }
      var one: Int32 = 1
      setsockopt(
        descriptor, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
      // A fixed send buffer: the kernel's own grows to megabytes per connection on loopback,
      // which would let a client that pipelines requests and reads nothing park many answers
      // there. With this, an answer is written as the client reads it.
      var size: Int32 = 128 * 1024
      setsockopt(descriptor, SOL_SOCKET, SO_SNDBUF, &size, socklen_t(MemoryLayout<Int32>.size))
      let connection = Connection(descriptor: descriptor, id: nextID, client: client, now: now)
      nextID += 1
      connections[descriptor] = connection
      byID[connection.id] = connection
      perClient[client, default: 0] += 1
    }
  }

  /// Out of descriptors: frees the reserve to take one connection off the queue and close it.
  private func shedWithReserve() {
    _ = evict(from: nil)
    guard reserve >= 0 else { return }
    close(reserve)
    let descriptor = accept(listener, nil, nil)
    if descriptor >= 0 { close(descriptor) }
    reserve = open("/dev/null", O_RDONLY | O_CLOEXEC)
  }

  /// Closes a connection (of `client`, or of anyone) to make room; `false` when none may be.
  ///
  /// First the connection that never showed the token and has gone longest without progress
  /// (but not one whose answer moved in the last second): a stranger who holds every place
  /// (idle, sending slowly, reading just fast enough to keep an answer going) is pushed out by
  /// each new connection, so a page's own requests, which take milliseconds, get through. Then, among the board's pages, the one idle the
  /// longest (or whose body is still arriving), then one whose answer or WebSocket message has
  /// waited more than five seconds to be read. A change being applied is never closed.
  private func evict(from client: String?) -> Bool {
    let now = Self.now()
    var victim: Connection?
    var victimRank = (0, 0.0)
    // When every place is held by strangers whose answers are moving, the one connected the
    // longest goes: a page loading its files takes a second or two, a stranger holding a place
    // by reading just fast enough stays until pushed.
    var oldestMoving: Connection?
    // Last of all a connection not a second old that has sent no request yet: it may be a
    // page's, about to show the token, and the next stranger must not push it out first.
    var oldestNew: Connection?
    for connection in connections.values where client == nil || connection.client == client {
      let rank: (Int, Double)
      switch connection.state {
      case .waiting:
        continue
      case _ where !connection.isTrusted:
        // An answer that is moving (a page loading the module) is left to finish, unless no
        // other place can be made.
        if connection.isWriting && now - connection.active < 1 {
          if connection.opened < (oldestMoving?.opened ?? .infinity) { oldestMoving = connection }
          continue
        }
        if connection.answered == 0 && !connection.isWriting && connection.headAt == nil
          && now - connection.opened < 1
        {
          if connection.opened < (oldestNew?.opened ?? .infinity) { oldestNew = connection }
          continue
        }
        rank = (0, connection.active)
      case .http where !connection.isWriting:
        rank = (1, connection.headAt ?? connection.active)
      case .http, .closing, .webSocket:
        guard connection.isWriting, now - connection.writeStarted > 5 else { continue }
        rank = (2, connection.writeStarted)
      }
      if victim == nil || rank.0 < victimRank.0
        || (rank.0 == victimRank.0 && rank.1 < victimRank.1)
      {
        victim = connection
        victimRank = rank
      }
    }
    guard let victim = victim ?? oldestMoving ?? oldestNew else { return false }
    drop(victim)
    return true
  }

  /// Whether `address` (as ``describe(_:)`` writes it) is this machine's loopback.
  static func isLoopback(_ address: String) -> Bool {
    address.hasPrefix("127.") || address == "::1" || address.hasPrefix("::ffff:127.")
  }

  /// The client's address, for the per-client count.
  static func describe(_ address: sockaddr_storage) -> String {
    var copy = address
    var text = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN) + 1)
    switch Int32(address.ss_family) {
    case AF_INET:
      withUnsafePointer(to: &copy) {
        $0.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { inet in
          var raw = inet.pointee.sin_addr
          _ = inet_ntop(AF_INET, &raw, &text, socklen_t(text.count))
        }
      }
    case AF_INET6:
      withUnsafePointer(to: &copy) {
        $0.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { inet in
          var raw = inet.pointee.sin6_addr
          _ = inet_ntop(AF_INET6, &raw, &text, socklen_t(text.count))
        }
      }
    default: return "?"
    }
    return String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  /// Closes a connection and forgets it.
  private func drop(_ connection: Connection) {
    guard connections[connection.descriptor] === connection else { return }
    connections[connection.descriptor] = nil
    byID[connection.id] = nil
    let left = perClient[connection.client, default: 1] - 1
    perClient[connection.client] = left > 0 ? left : nil
    close(connection.descriptor)
  }

  // MARK: - Reading

  private func receive(_ connection: Connection) {
    var chunk = [UInt8](repeating: 0, count: 65536)
    let count = chunk.withUnsafeMutableBytes {
      recv(connection.descriptor, $0.baseAddress, $0.count, 0)
    }
    if count < 0 {
      if errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR { return }
      drop(connection)
      return
    }
    if count == 0 {
      // The client is done sending. An answer it is still owed (a change being applied) is
      // written if it still reads; otherwise the connection is over.
      if connection.state == .waiting || connection.isWriting {
        connection.closesAfterWrite = true
        if connection.state != .waiting && !connection.isWriting { drop(connection) }
        return
      }
      drop(connection)
      return
    }
    let now = Self.now()
    connection.active = now
    switch connection.state {
    case .http:
      if !connection.parser.hasPartialRequest && connection.answered > 0 {
        connection.started = now
      }
      chunk.withUnsafeBytes {
        connection.parser.append(UnsafeRawBufferPointer(rebasing: $0[0..<count]))
      }
      advance(connection)
    case .webSocket:
      connection.reader.buffer += chunk[0..<count]
      readFrames(connection)
      advance(connection)
    case .waiting:
      // Not asked for (the loop does not read while a change is applied), but kept: they are
      // the next pipelined request.
      chunk.withUnsafeBytes {
        connection.parser.append(UnsafeRawBufferPointer(rebasing: $0[0..<count]))
      }
    case .closing:
      break
    }
  }

  /// Serves the next whole request of `connection`, if one is in and nothing is being written.
  ///
  /// Returns whether it did (an answer is queued, or the change is with the board). It writes
  /// nothing: ``advance(_:)`` does.
  private func serveNext(_ connection: Connection) -> Bool {
    guard connection.state == .http, !connection.isWriting else { return false }
    let request: HTTPRequest?
    do {
      request = try connection.parser.next()
    } catch {
      refuse(connection, status: error.status, message: error.message)
      return true
    }
    guard let request else {
      // A head is in and its body is awaited: the body's deadline starts.
      if connection.headAt == nil, let head = connection.parser.awaitedHead {
        // Only a change with the token is worth its body: anything else is answered now, and
        // the body is never read (nor held).
        if let refusal = refusalBeforeBody(head) {
          connection.keepsAlive = false
          connection.isHead = head.method == "HEAD"
          answerText(connection, status: refusal.status, refusal.message)
          return true
        }
        connection.isTrusted = true
        connection.headAt = Self.now()
        // A client that asks before sending its body (curl does, past 1 KiB) is told to go on;
        // never an HTTP/1.0 one, which knows no 1xx answer (RFC 9110 §10.1.1).
        if head.field("expect")?.lowercased() == "100-continue" && !head.isHTTP10 {
          queue(Array("HTTP/1.1 100 Continue\r\n\r\n".utf8), on: connection)
        }
      }
      return false
    }
    connection.headAt = nil
    connection.keepsAlive = request.keepsAlive
    serve(request, on: connection)
    return true
  }

  /// Why a request whose body has not arrived yet is refused without it: its `Host`,
  /// `Origin` or token, or a route that takes no body; `nil` for a change that may go on.
  private func refusalBeforeBody(_ head: HTTPRequest) -> ServerGate.Refusal? {
    let route = route(of: head.target)
    if let refusal = gate.check(
      host: head.field("host"), origin: head.field("origin"),
      token: head.field("x-arrange-token"), needsToken: route.needsToken)
    {
      return refusal
    }
    guard route.withinBoard == .change, head.method == "POST" else {
      return ServerGate.Refusal(status: 405, message: "Only a change takes a body.")
    }
    return nil
  }

  private func serve(_ request: HTTPRequest, on connection: Connection) {
    connection.isHead = request.method == "HEAD"
    let asked = route(of: request.target)
    let token: String?
    if case .live(let given) = asked.withinBoard {
      token = given
    } else {
      token = request.field("x-arrange-token")
    }
    if let refusal = gate.check(
      host: request.field("host"), origin: request.field("origin"), token: token,
      needsToken: asked.needsToken)
    {
      answerText(connection, status: refusal.status, refusal.message)
      return
    }
    if asked.needsToken { connection.isTrusted = true }
    // The board the request is for (only now, past the gate: a stranger opens no board).
    let route: ServerRoute
    let board: BoardShelf.Served?
    switch shelf.resolve(asked, method: request.method) {
    case .route(let resolved, let found):
      route = resolved
      board = found
    case .refused(let status, let message):
      answerText(connection, status: status, message)
      return
    case .opening(let name):
      // Served again once the board is open (or answered with why it cannot be); nothing more
      // is read from the connection meanwhile.
      connection.state = .waiting
      connection.parked = (request, name)
      return
    }
    let isUpgrade = request.field("upgrade") != nil
    switch (route, request.method) {
    case (.file(let name), "GET"), (.file(let name), "HEAD"):
      guard !isUpgrade, let file = files[name] else { return notFound(connection) }
      let response = file.answer(accepting: request.field("accept-encoding"))
      queue(response.head, on: connection)
      if !connection.isHead { queue(response.body, on: connection) }
      finishAnswer(connection)
    case (.board, "GET") where !isUpgrade && board != nil,
      (.board, "HEAD") where !isUpgrade && board != nil:
      answer(
        connection, status: 200, type: "application/json; charset=utf-8",
        pieces: [board?.worker.current.bytes ?? []])
    case (.change, "POST") where !isUpgrade:
      guard let board,
        board.worker.submit(BoardWorker.Job(connection: connection.id, body: request.body))
      else {
        answerText(connection, status: 503, "The server is stopping: this change was not made.")
        return
      }
      connection.board = board
      connection.state = .waiting
    case (.live, "GET") where board != nil:
      connection.board = board
      upgrade(request, on: connection)
    case (.boards, "GET") where !isUpgrade, (.boards, "HEAD") where !isUpgrade:
      answer(
        connection, status: 200, type: "application/json; charset=utf-8",
        body: Array(shelf.listJSON().utf8))
    case (.notFound, _):
      notFound(connection)
    default:
      answerText(connection, status: 405, "That method is not allowed here.")
    }
  }

  /// The route of `target` on this server: a server of files alone (``BoardShelf/isFilesOnly``)
  /// has no API, so its routes are not found (not refused for want of a token).
  private func route(of target: String) -> ServerRoute {
    let route = ServerRoute(target: target)
    if shelf.isFilesOnly, case .file = route { return route }
    return shelf.isFilesOnly ? .notFound : route
  }

  private func notFound(_ connection: Connection) {
    answerText(connection, status: 404, "Not found.")
  }

  /// Answers with a sentence as plain text.
  private func answerText(_ connection: Connection, status: Int, _ message: String) {
    answer(
      connection, status: status, type: "text/plain; charset=utf-8",
      body: Array((message + "\n").utf8))
  }

  /// Answers a request that cannot be read, and closes.
  private func refuse(_ connection: Connection, status: Int, message: String) {
    connection.keepsAlive = false
    connection.isHead = false
    answerText(connection, status: status, message)
  }

  /// Opens the WebSocket, or refuses a handshake that is not one.
  private func upgrade(_ request: HTTPRequest, on connection: Connection) {
    // An HTTP/1.0 handshake is refused (RFC 6455 §4.2.1 asks for HTTP/1.1 at least).
    guard (request.field("upgrade") ?? "").lowercased() == "websocket", !request.isHTTP10,
      request.connectionTokens.contains("upgrade"), request.body.isEmpty,
      let key = request.field("sec-websocket-key"), WebSocket.isValidKey(key)
    else {
      return refuse(connection, status: 400, message: "Not a WebSocket handshake.")
    }
    guard request.field("sec-websocket-version") == "13" else {
      connection.keepsAlive = false
      let body = Array("Only WebSocket version 13 is spoken here.\n".utf8)
      queue(
        Self.head(
          status: 426, type: "text/plain; charset=utf-8", length: body.count,
          extra: "Sec-WebSocket-Version: 13\r\n", closes: true) + body, on: connection)
      finishAnswer(connection)
      return
    }
    let head =
      "HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
      + "Sec-WebSocket-Accept: \(WebSocket.accept(key: key))\r\n\r\n"
    connection.state = .webSocket
    connection.answered += 1
    // A small send buffer keeps a page that reads slowly from holding many versions in the
    // kernel: what it has not taken is replaced by the newest.
    var size: Int32 = 64 * 1024
    setsockopt(
      connection.descriptor, SOL_SOCKET, SO_SNDBUF, &size, socklen_t(MemoryLayout<Int32>.size))
    queue(Array(head.utf8), on: connection)
    connection.wantsNewest = true
    // Bytes pipelined after the handshake are the client's first frames.
    connection.reader.buffer = connection.parser.buffer
    readFrames(connection)
    // The board goes out once the handshake is written (advance(_:) queues the newest).
  }

  private func readFrames(_ connection: Connection) {
    while connection.state == .webSocket {
      let frame: WebSocket.Incoming?
      do {
        frame = try connection.reader.next()
      } catch {
        closeWebSocket(connection, status: error.status, reason: error.reason)
        return
      }
      guard let frame else { return }
      connection.pingedAt = nil
      switch frame {
      case .ping(let payload):
        queue(WebSocket.frame(opcode: 10, payload), on: connection)
      case .ignored:
        break
      case .close:
        closeWebSocket(connection, status: 1000, reason: "")
      }
    }
  }

  private func closeWebSocket(_ connection: Connection, status: UInt16, reason: String) {
    connection.state = .closing
    connection.closesAfterWrite = true
    queue(WebSocket.close(status, reason), on: connection)
  }

  // MARK: - Writing

  private func answer(_ connection: Connection, status: Int, type: String, body: [UInt8]) {
    answer(connection, status: status, type: type, pieces: [body])
  }

  /// Answers with a body made of `pieces`, sent one after the other: a board's bytes are
  /// queued as the snapshot holds them, shared by every answer, never copied.
  private func answer(
    _ connection: Connection, status: Int, type: String, pieces: [[UInt8]]
  ) {
    let length = pieces.reduce(0) { $0 + $1.count }
    let head = Self.head(
      status: status, type: type, length: length, closes: !connection.keepsAlive)
    queue(head, on: connection)
    // An answer to HEAD is the head alone (its Content-Length still the body's).
    if !connection.isHead {
      for piece in pieces { queue(piece, on: connection) }
    }
    finishAnswer(connection)
  }

  /// After an answer is queued: close when the client asked to, else read the next request.
  private func finishAnswer(_ connection: Connection) {
    connection.answered += 1
    if !connection.keepsAlive || connection.closesAfterWrite {
      connection.state = .closing
      connection.closesAfterWrite = true
    } else {
      connection.state = .http
    }
  }

  private func queue(_ bytes: [UInt8], on connection: Connection) {
    guard !bytes.isEmpty else { return }
    if !connection.isWriting { connection.writeStarted = Self.now() }
    connection.outgoing.append(bytes)
  }

  /// Writes what can be written and, each time everything is written, goes on with the
  /// connection (closes it, serves its next pipelined request, sends the newest board).
  ///
  /// A loop, not recursion: a client that pipelines thousands of small requests costs no stack.
  private func advance(_ connection: Connection) {
    // Requests served in one go before the others get their turn: one client pipelining
    // thousands of requests takes its share, not the loop.
    var budget = Self.requestsPerTurn
    connection.hasMore = false
    while connections[connection.descriptor] === connection {
      let wasWriting = connection.isWriting
      guard writeOut(connection) else { return }
      if connection.closesAfterWrite && connection.state != .waiting {
        shutdown(connection.descriptor, Int32(SHUT_WR))
        drop(connection)
        return
      }
      switch connection.state {
      case .http:
        // A request pipelined behind the answer just written: its time starts now.
        if wasWriting && connection.parser.hasPartialRequest { connection.started = Self.now() }
        guard budget > 0 else {
          connection.hasMore = true
          return
        }
        budget -= 1
        guard serveNext(connection) else { return }
      case .webSocket:
        guard queueNewest(connection) else { return }
      case .waiting, .closing:
        return
      }
    }
  }

  /// Writes what can be written now; returns whether everything is written (`false`: the
  /// socket is full, or the connection was dropped).
  private func writeOut(_ connection: Connection) -> Bool {
    while let first = connection.outgoing.first {
      let count = first.withUnsafeBytes { bytes in
        send(
          connection.descriptor, bytes.baseAddress.map { $0 + connection.written },
          bytes.count - connection.written, Int32(MSG_NOSIGNAL))
      }
      if count < 0 {
        if errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR { return false }
        drop(connection)
        return false
      }
      connection.active = Self.now()
      connection.written += count
      if connection.written == first.count {
        connection.outgoing.removeFirst()
        connection.written = 0
      }
    }
    return true
  }

  // MARK: - The board

  /// Hands out the answers of changes, and tells WebSockets of a new snapshot of their board;
  /// serves the requests that waited for a board now opened.
  private func takeFromWorker() {
    for (name, refusal) in shelf.takeOpened() {
      for connection in Array(connections.values) where connection.parked?.board == name {
        guard let (request, _) = connection.parked else { continue }
        connection.parked = nil
        connection.state = .http
        if let refusal {
          answerText(connection, status: refusal.status, refusal.message)
        } else {
          serve(request, on: connection)
        }
        advance(connection)
      }
    }
    for board in shelf.all {
      takeFromWorker(of: board)
    }
  }

  /// Hands out the answers of changes to `board`, and tells its WebSockets of a new snapshot.
  private func takeFromWorker(of board: BoardShelf.Served) {
    for answer in board.worker.takeAnswers() {
      guard let connection = byID[answer.connection], connection.state == .waiting else {
        continue
      }
      connection.state = .http
      connection.isHead = false
      self.answer(
        connection, status: answer.status, type: "application/json; charset=utf-8",
        pieces: answer.json)
      advance(connection)
    }
    let snapshot = board.worker.current
    guard snapshot.serial != board.announced else { return }
    board.announced = snapshot.serial
    for connection in connections.values
    where connection.state == .webSocket && connection.board === board {
      connection.wantsNewest = true
      advance(connection)
    }
  }

  /// Queues the newest snapshot for a WebSocket, as a patch of the one it has, once its socket
  /// has taken everything before (a page that reads slowly skips to the newest version);
  /// returns whether it queued one.
  private func queueNewest(_ connection: Connection) -> Bool {
    guard connection.state == .webSocket, connection.wantsNewest, !connection.isWriting,
      let board = connection.board
    else {
      return false
    }
    let snapshot = board.worker.current
    connection.wantsNewest = false
    guard connection.sent !== snapshot else { return false }
    let message: [[UInt8]]
    if let base = connection.sent, snapshot.serial - base.serial <= 64 {
      message = [snapshot.patch(from: base)]
    } else {
      message = snapshot.whole
    }
    connection.sent = snapshot
    // The frame's head, then its payload as the snapshot holds it: every page is sent the
    // same bytes, none a copy of its own.
    queue(
      WebSocket.head(opcode: 1, length: message.reduce(0) { $0 + $1.count }), on: connection)
    for piece in message { queue(piece, on: connection) }
    return true
  }
}
