#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Accepting connections within the bounds of ``ServerLimits``, and choosing which to close
/// when there is no room.
extension ServerLoop {
  /// Accepts the connections waiting (up to 64 a round), within the bounds: at capacity, or at
  /// a client's own bound, one is closed to make room (``evict(from:)``) or the new one is.
  func acceptAll() {
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
      add(descriptor, client: client, now: now)
    }
  }

  /// Out of descriptors: frees the reserve to take one connection off the queue and close it.
  func shedWithReserve() {
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
  func evict(from client: String?) -> Bool {
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
      let machine = connection.machine
      let rank: (Int, Double)
      if machine.isAwaitingAnswer {
        continue
      } else if !connection.isTrusted {
        // An answer that is moving (a page loading the module) is left to finish, unless no
        // other place can be made.
        if machine.isWriting && now - machine.lastActive < 1 {
          if connection.opened < (oldestMoving?.opened ?? .infinity) { oldestMoving = connection }
          continue
        }
        if machine.answered == 0 && !machine.isWriting && machine.bodySince == nil
          && now - connection.opened < 1
        {
          if connection.opened < (oldestNew?.opened ?? .infinity) { oldestNew = connection }
          continue
        }
        rank = (0, machine.lastActive)
      } else if machine.isReadingRequest && !machine.isWriting {
        rank = (1, machine.bodySince ?? machine.lastActive)
      } else {
        guard machine.isWriting, now - machine.writeStarted > 5 else { continue }
        rank = (2, machine.writeStarted)
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
}
