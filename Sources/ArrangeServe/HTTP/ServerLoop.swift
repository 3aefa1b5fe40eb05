import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The thread that serves the network: one `poll(2)` loop over the listening socket and every
/// connection, with every bound of ``ServerLimits`` kept here.
///
/// The loop owns the sockets and nothing of HTTP: it feeds what each socket reads to its
/// connection's ``HTTPConnection`` (the protocol, as a state machine), hands the requests that
/// come out to the ``Responder`` (the application, which knows no socket), gives the answers
/// back to the connection, and writes the bytes the connection returns, waking it at the
/// deadline it asks for. What the loop decides itself is what needs every connection at once:
/// how many are open, which is closed to make room for a new one, and whose turn it is.
final class ServerLoop: @unchecked Sendable {
  /// One client connection: its socket, its protocol, and what the loop's bounds need.
  final class Connection {
    /// The socket.
    let descriptor: Int32
    /// The number the responder knows the connection by.
    let id: Int
    /// The client's address, for the per-client count.
    let client: String
    /// When the connection was accepted.
    let opened: Double
    /// The protocol.
    var machine: HTTPConnection
    /// Whether it has sent a request with the token (a page of this server, not a stranger).
    var isTrusted = false
    /// Whether it waits in the loop's queue for a turn (requests in its buffer, or a
    /// stranger's answer to go on writing).
    var hasMore = false

    /// The connection of socket `descriptor`, from `client`, accepted at `now`.
    init(descriptor: Int32, id: Int, client: String, now: Double, limits: ServerLimits) {
      self.descriptor = descriptor
      self.id = id
      self.client = client
      opened = now
      machine = HTTPConnection(at: now, limits: limits)
    }
  }

  let listener: Int32
  /// The application served.
  private let responder: any Responder
  private let wakeRead: Int32
  private let wakeWrite: Int32
  var connections: [Int32: Connection] = [:]
  /// The connections waiting for a turn, oldest first (each with ``Connection/hasMore`` set).
  private var turns: [Connection] = []
  private var byID: [Int: Connection] = [:]
  var perClient: [String: Int] = [:]
  var nextID = 1
  /// The most connections open at once.
  let capacity: Int
  /// The bounds and deadlines kept.
  let limits: ServerLimits
  /// A descriptor kept in reserve, closed to accept (and close) a connection when the process
  /// has no descriptor left, so that the listening socket does not stay readable forever.
  var reserve: Int32
  /// Set (from any thread) to stop the loop.
  private let stopFlag = StopFlag()

  /// A flag set from any thread and read by the loop.
  final class StopFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false
    /// Whether the flag is set.
    var isSet: Bool {
      lock.lock()
      defer { lock.unlock() }
      return value
    }
    /// Sets the flag.
    func set() {
      lock.lock()
      value = true
      lock.unlock()
    }
  }

  /// A loop serving `responder` on `listener` within `limits`, leaving `reservedFiles`
  /// descriptors to the application (a folder's boards each hold one), woken through the pipe
  /// `wake`.
  init(
    listener: Int32, responder: any Responder, limits: ServerLimits, reservedFiles: Int,
    wake: (read: Int32, write: Int32)
  ) {
    self.listener = listener
    self.limits = limits
    self.responder = responder
    wakeRead = wake.read
    wakeWrite = wake.write
    reserve = open("/dev/null", O_RDONLY | O_CLOEXEC)
    var limit = rlimit()
    getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
    let files = Int(clamping: limit.rlim_cur)
    // Room for the board's file, its lock, saves, the page's files and the process's own.
    capacity = max(8, min(limits.connections, files - 48 - reservedFiles))
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

  /// Seconds on a monotonic clock: the time every connection is told.
  static func now() -> Double { BoardWorker.now() }

  /// Serves until ``stop()``; then closes every connection.
  func run() {
    while !stopFlag.isSet {
      step()
    }
    // The answers of the last changes go out before the connections close.
    takeFromResponder()
    for connection in Array(connections.values) {
      // A WebSocket is told why it closes; any other connection simply closes.
      let farewell = connection.machine.farewell()
      if !farewell.isEmpty {
        _ = farewell.withUnsafeBytes {
          send(connection.descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
        }
      }
      drop(connection)
    }
  }

  /// How many requests of one connection are served before the others get their turn.
  static let requestsPerTurn = 8

  /// The time a round spends on strangers' turns (connections that never showed the token,
  /// going on with answers or pipelined requests) before it looks at the sockets again.
  ///
  /// A round that served every stranger in full would take as long as a stranger makes it:
  /// 512 connections pipelining requests for a small file cost a slow machine half a second a
  /// round, and a page's request waits two or three rounds. Bounded, the rest wait in
  /// ``turns`` for the next round, in order, and a page's request is read within a few
  /// milliseconds of its arrival.
  static let strangersTimePerRound = 0.004

  /// One round: wait for sockets (or a deadline), then serve what is ready: the board's pages
  /// and requests that just arrived first, then strangers' turns within their time.
  private func step() {
    var fds: [pollfd] = [
      pollfd(fd: listener, events: Int16(POLLIN), revents: 0),
      pollfd(fd: wakeRead, events: Int16(POLLIN), revents: 0),
    ]
    let now = Self.now()
    var nearest = now + 1
    for connection in connections.values {
      var events: Int16 = 0
      if connection.machine.isWriting { events |= Int16(POLLOUT) }
      // Nothing more is read while requests already in wait for their turn: what a client
      // pipelines stays in its socket, not in the server.
      if connection.machine.wantsToRead && !connection.hasMore { events |= Int16(POLLIN) }
      fds.append(pollfd(fd: connection.descriptor, events: events, revents: 0))
      nearest = min(nearest, connection.machine.deadline)
    }
    // Turns left waiting: look at the sockets without waiting.
    let timeout = turns.isEmpty ? Int32(max(0, min(1000, (nearest - now) * 1000 + 1))) : 0
    let ready = poll(&fds, nfds_t(fds.count), timeout)
    if ready < 0 && errno != EINTR { usleep(10_000) }
    if fds[1].revents != 0 {
      var bytes = [UInt8](repeating: 0, count: 256)
      while read(wakeRead, &bytes, bytes.count) > 0 {}
    }
    takeFromResponder()
    for entry in fds.dropFirst(2) where entry.revents != 0 {
      guard let connection = connections[entry.fd] else { continue }
      // A stranger's answer going on (the socket took more) waits for its turn.
      if entry.revents & Int16(POLLOUT) != 0 && !connection.isTrusted {
        queue(connection)
        continue
      }
      if entry.revents & Int16(POLLOUT) != 0 { advance(connection) }
      guard connections[entry.fd] === connection else { continue }
      if entry.revents & Int16(POLLIN | POLLHUP | POLLERR) != 0 { receive(connection) }
    }
    if fds[0].revents != 0 { acceptAll() }
    takeTurns()
    expire()
  }

  /// Puts a connection at the end of the queue of turns (once).
  private func queue(_ connection: Connection) {
    guard !connection.hasMore else { return }
    connection.hasMore = true
    turns.append(connection)
  }

  /// Gives the waiting connections their turns, oldest first: every page of the board's, and
  /// strangers until their time this round is spent (the rest keep their place).
  private func takeTurns() {
    let waiting = turns
    turns = []
    var kept: [Connection] = []
    let started = Self.now()
    for connection in waiting {
      guard connections[connection.descriptor] === connection, connection.hasMore else {
        continue
      }
      if !connection.isTrusted && Self.now() - started > Self.strangersTimePerRound {
        // Its place is kept: it goes before those served this round.
        kept.append(connection)
        continue
      }
      connection.hasMore = false
      advance(connection)
    }
    turns = kept + turns
  }

  /// Wakes the connections whose deadline has passed: each pings (a quiet WebSocket) or is
  /// closed.
  private func expire() {
    let now = Self.now()
    for connection in Array(connections.values) where connection.machine.deadline <= now {
      if connection.machine.expire(at: now) {
        drop(connection)
      } else {
        advance(connection)
      }
    }
  }

  /// Adds an accepted socket.
  func add(_ descriptor: Int32, client: String, now: Double) {
    let connection = Connection(
      descriptor: descriptor, id: nextID, client: client, now: now, limits: limits)
    nextID += 1
    connections[descriptor] = connection
    byID[connection.id] = connection
    perClient[client, default: 0] += 1
  }

  /// Closes a connection and forgets it (and has the responder forget it).
  func drop(_ connection: Connection) {
    guard connections[connection.descriptor] === connection else { return }
    connections[connection.descriptor] = nil
    byID[connection.id] = nil
    let left = perClient[connection.client, default: 1] - 1
    perClient[connection.client] = left > 0 ? left : nil
    close(connection.descriptor)
    responder.forget(connection.id)
  }

  // MARK: - Reading

  /// Reads what the socket has and gives it to the connection.
  private func receive(_ connection: Connection) {
    // What a stranger pipelined beyond its first request waits for its turn: a page without
    // the token (loading the board's files) asks one at a time.
    let budget = connection.isTrusted ? Self.requestsPerTurn : 1
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
      if !connection.machine.receiveEnd() { drop(connection) }
      return
    }
    let now = Self.now()
    chunk.withUnsafeBytes {
      connection.machine.receive(UnsafeRawBufferPointer(rebasing: $0[0..<count]), at: now)
    }
    advance(connection, requests: budget)
  }

  // MARK: - Serving

  /// Writes what can be written and, each time everything is written, goes on with the
  /// connection: closes it, serves its next pipelined request, sends its WebSocket the newest
  /// message.
  ///
  /// A loop, not recursion: a client that pipelines thousands of small requests costs no stack.
  private func advance(_ connection: Connection, requests: Int = requestsPerTurn) {
    // Requests served in one go before the others get their turn: one client pipelining
    // thousands of requests takes its share, not the loop.
    var budget = requests
    while connections[connection.descriptor] === connection {
      guard writeOut(connection) else { return }
      if connection.machine.readsRequests {
        guard budget > 0 else {
          queue(connection)
          return
        }
        budget -= 1
      }
      let now = Self.now()
      guard let event = connection.machine.next(at: now) else {
        // An answer the connection made itself (a request it cannot read) is written next.
        guard connection.machine.isWriting else { return }
        continue
      }
      switch event {
      case .close:
        shutdown(connection.descriptor, Int32(SHUT_WR))
        drop(connection)
        return
      case .request(let request):
        apply(responder.reply(to: request, from: connection.id), to: connection)
      case .bodyAhead(let head):
        if let refusal = responder.answerBeforeBody(head) {
          connection.machine.respond(refusal, at: now)
        } else {
          // Only a change with the token is worth its body.
          connection.isTrusted = true
          connection.machine.acceptBody(at: now)
        }
      case .readyForMessage:
        guard let message = responder.nextMessage(for: connection.id) else { return }
        connection.machine.sendMessage(message, at: now)
      }
    }
  }

  /// Gives the responder's reply to the connection.
  ///
  /// It writes nothing: ``advance(_:)`` does.
  private func apply(_ reply: Reply, to connection: Connection) {
    if reply.showsToken { connection.isTrusted = true }
    let now = Self.now()
    switch reply.action {
    case .respond(let response):
      connection.machine.respond(response, at: now)
    case .upgrade:
      connection.machine.upgrade(at: now)
      guard case .webSocket = connection.machine.state else { return }
      // A small send buffer keeps a page that reads slowly from holding many versions in the
      // kernel: what it has not taken is replaced by the newest.
      var size: Int32 = 64 * 1024
      setsockopt(
        connection.descriptor, SOL_SOCKET, SO_SNDBUF, &size, socklen_t(MemoryLayout<Int32>.size))
    case .later:
      break
    }
  }

  /// Writes what can be written now; returns whether everything is written (`false`: the
  /// socket is full, or the connection was dropped).
  private func writeOut(_ connection: Connection) -> Bool {
    while let chunk = connection.machine.nextChunk {
      let count = chunk.withUnsafeBytes { bytes in
        send(connection.descriptor, bytes.baseAddress, bytes.count, Int32(MSG_NOSIGNAL))
      }
      if count < 0 {
        if errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR { return false }
        drop(connection)
        return false
      }
      connection.machine.didWrite(count, at: Self.now())
    }
    return true
  }

  /// Hands the responder's deferred replies to their connections (the answers of changes,
  /// requests that waited for their board), and tells WebSockets of newer messages.
  private func takeFromResponder() {
    for event in responder.takeEvents() {
      switch event {
      case .reply(let id, let reply):
        guard let connection = byID[id], connection.machine.isAwaitingAnswer else { continue }
        apply(reply, to: connection)
        advance(connection)
      case .news(let ids):
        for id in ids {
          guard let connection = byID[id] else { continue }
          advance(connection)
        }
      }
    }
  }
}
