import ArrangeBoard
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `arrange serve`: the board in a browser.
///
/// Serves the page (from a ``WebFolder``), the board as JSON (`GET /api/board`), changes
/// (`POST /api/change`, see ``BoardMessages``) and a WebSocket (`/api/live`) that sends the
/// board to every open page whenever it changes — a change from another page, from `arrange`
/// in a terminal, or from an editor. Pointer moves never reach the server: the page drags with
/// the engines in WebAssembly and sends only the operations a drop makes.
///
/// Two threads: one serves the network (every request passes the ``ServerGate``, and every
/// bound of ``ServerLimits`` holds), the other owns the board, so a large change never holds up
/// the other pages. One server serves a board at a time: a second one on the same file refuses
/// to start and names the first's address.
///
/// When ``path`` is a folder, the server serves every board in it (``BoardFolder``): `/` lists
/// them, and each has its own address, `/b/NAME/`, with its own live sync and its own thread,
/// opened on its first request (``BoardShelf``). One token opens them all.
package struct BoardServer: Sendable {
  /// The board file's path, or a folder of boards.
  package let path: String
  /// The address to listen on.
  package let host: String
  /// The port to listen on (0: any free port).
  package let port: Int
  /// The page's files.
  package let web: WebFolder
  /// The secret of the printed address.
  package let token: String
  /// The bounds and deadlines the server keeps to.
  package let limits: ServerLimits

  /// A server for the board at `path` on `host`:`port`, serving the page from `web`, within
  /// `limits`.
  package init(
    path: String, host: String, port: Int, web: WebFolder, token: String,
    limits: ServerLimits = .standard
  ) {
    self.path = path
    self.host = host
    self.port = port
    self.web = web
    self.token = token
    self.limits = limits
  }

  /// The page's files as built into this program, or `nil` when they are missing.
  package static var builtInWeb: WebFolder? {
    Bundle.module.path(forResource: "Web", ofType: nil).flatMap { WebFolder(path: $0) }
  }

  /// The web library as built into this program (the package's `WebLibrary/dist`: the
  /// single-file build, its source map, its declarations and the engines' module), or `nil`
  /// when it is missing.
  package static var builtInLibrary: WebFolder? {
    Bundle.module.path(forResource: "dist", ofType: nil).flatMap { WebFolder(path: $0) }
  }

  /// Why the server cannot start.
  package struct StartError: Error, Sendable {
    /// What went wrong, for a person.
    package var message: String
  }

  /// How the server stopped.
  package struct Stop: Sendable {
    /// Whether every change the pages made is in the file.
    package var isSaved: Bool
    /// What to tell the person (where unsaved changes were kept), if anything.
    package var message: String?
  }

  /// Opens the board and serves it until the task is cancelled or, with `stopsOnSignals`, the
  /// process gets SIGINT, SIGTERM or SIGHUP; then writes what the pages changed and returns.
  ///
  /// A folder's boards are each opened on the first request for one, and all written at the end.
  ///
  /// `ready` is called with the page's address (token included) once the server listens;
  /// `notice` with messages about the file (an outside edit taken in, a save that failed).
  /// A change that cannot be written before the server stops is kept in a copy beside the
  /// board, and the returned ``Stop`` says where.
  @discardableResult
  package func run(
    stopsOnSignals: Bool = false,
    ready: @escaping @Sendable (String) async -> Void,
    notice: @escaping @Sendable (String) -> Void = { _ in }
  ) async throws -> Stop {
    ServerMemory.giveBackLargeBuffers()
    let folder = BoardFolder.isFolder(path) ? BoardFolder(path: path) : nil
    var lock: ServeLock?
    defer { lock?.release() }
    var shared: SharedBoard<BoardFile>?
    if folder == nil {
      let opened = try Self.open(path, notice: notice)
      lock = try ServeLock.take(for: opened.session.storage.target, board: path)
      shared = opened
    }
    let listener = try Self.listen(host: host, port: port)
    let actual = Self.localPort(of: listener)
    let shown = host == "0.0.0.0" || host == "::" ? "127.0.0.1" : host
    let name = shown.contains(":") ? "[\(shown)]" : shown
    let served = "http://\(name):\(actual)/ (process \(getpid()))"
    lock?.record(served)
    var wake: [Int32] = [-1, -1]
    guard makePipe(&wake, nonBlocking: true) else {
      close(listener)
      throw StartError(message: "cannot start the server: \(String(cString: strerror(errno))).")
    }
    let wakeWrite = wake[1]
    let wakeLoop: @Sendable () -> Void = {
      var byte: UInt8 = 1
      _ = write(wakeWrite, &byte, 1)
    }
    let gate = ServerGate(token: token, host: host, port: actual)
    let files = Self.responses(of: web)
    let responder: any Responder
    let stopBoards: @Sendable () -> BoardWorker.Farewell
    var worker: BoardWorker?
    if let folder {
      let shelf = BoardShelf(folder: folder, wake: wakeLoop, notice: notice)
      shelf.record(address: served)
      responder = FolderResponder(shelf: shelf, gate: gate, files: files)
      stopBoards = { shelf.stop() }
    } else if let shared {
      let board = BoardWorker(shared: shared, wake: wakeLoop, notice: notice)
      responder = BoardResponder(board: board, gate: gate, files: files)
      stopBoards = { board.stop() }
      worker = board
    } else {
      close(listener)
      throw StartError(message: "cannot start the server.")
    }
    // A folder's boards each hold a file open.
    let loop = ServerLoop(
      listener: listener, responder: responder, limits: limits,
      reservedFiles: folder == nil ? 0 : ServerLimits.boards, wake: (wake[0], wake[1]))
    let stopper = Stopper(loop: loop, stopping: stopBoards)
    var signals: SignalWatch?
    if stopsOnSignals { signals = SignalWatch { stopper.stop() } }
    defer { signals?.end() }
    worker?.start()
    await ready("http://\(name):\(actual)/#token=\(token)")
    await loop.runOnThread(named: "arrange-serve", stopper: stopper)
    close(listener)
    close(wake[0])
    close(wake[1])
    return stopper.result ?? Stop(isSaved: true, message: nil)
  }

  /// Opens and parses the board, or says why not.
  ///
  /// A missing file is the sample board, or (not `createsMissing`) refused. A folder's board is
  /// opened with `followingLinks` off: a link at its name, there now or swapped in at any later
  /// moment, is never followed.
  static func open(
    _ path: String, createsMissing: Bool = true, followingLinks: Bool = true,
    notice: (String) -> Void
  ) throws -> SharedBoard<BoardFile> {
    do {
      var opened = try BoardFile.open(path, followingLinks: followingLinks)
      for message in opened.file.notices { notice(message) }
      var document = BoardDocument.sample
      if opened.contents == nil && !createsMissing {
        throw StartError(message: "\(path) does not exist.")
      }
      if let contents = opened.contents {
        do {
          document = try BoardDocument.parse(contents)
        } catch {
          throw StartError(message: "\(path): \(error.message) The file was left as it is.")
        }
      }
      // What the server was started on is what it serves: a link swapped in later is refused.
      opened.file.pinsTarget = true
      return SharedBoard(session: BoardSession(document: document, storage: opened.file))
    } catch let error as BoardFileError {
      throw StartError(message: error.message)
    }
  }

  /// Every file of the page as a whole answer, made once: `web`'s, and the web library's from
  /// `library` (a page file of the same name gives way to the library's).
  static func responses(
    of web: WebFolder, library: WebFolder? = BoardServer.builtInLibrary
  ) -> [String: FileAnswer] {
    var made: [String: FileAnswer] = [:]
    for folder in [web] + (library.map { [$0] } ?? []) {
      let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
      for name in names {
        guard let (bytes, type) = folder.file(at: "/" + name) else { continue }
        made[name] = FileAnswer(bytes, type: type)
      }
    }
    return made
  }

  /// A listening socket on `host`:`port`, or why not.
  static func listen(host: String, port: Int) throws -> Int32 {
    var hints = addrinfo()
    hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
    hints.ai_flags = AI_PASSIVE | AI_NUMERICSERV
    var found: UnsafeMutablePointer<addrinfo>?
    let status = getaddrinfo(host, String(port), &hints, &found)
    guard status == 0, let first = found else {
      throw StartError(
        message: "cannot listen on \(host):\(port): \(String(cString: gai_strerror(status))).")
    }
    defer { freeaddrinfo(found) }
    var failure: Int32 = 0
    var entry: UnsafeMutablePointer<addrinfo>? = first
    while let info = entry {
      entry = info.pointee.ai_next
      let descriptor = socket(
        info.pointee.ai_family,
        info.pointee.ai_socktype | Int32(SOCK_CLOEXEC.rawValue)
          | Int32(SOCK_NONBLOCK.rawValue), info.pointee.ai_protocol)
      guard descriptor >= 0 else {
        failure = errno
        continue
      }
      var one: Int32 = 1
      setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
      if bind(descriptor, info.pointee.ai_addr, info.pointee.ai_addrlen) == 0
        && systemListen(descriptor, 511) == 0
      {
        return descriptor
      }
      failure = errno
      close(descriptor)
    }
    switch failure {
    case EADDRINUSE:
      throw StartError(
        message: "cannot listen on \(host):\(port): another program (perhaps another arrange "
          + "serve) is using that port; choose another with --port, or --port 0 for any free one.")
    case EACCES:
      throw StartError(
        message: "cannot listen on \(host):\(port): not allowed; ports below 1024 need root.")
    default:
      throw StartError(
        message: "cannot listen on \(host):\(port): \(String(cString: strerror(failure))).")
    }
  }

  /// The port a socket is bound to.
  static func localPort(of descriptor: Int32) -> Int {
    var address = sockaddr_storage()
    var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
    _ = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        getsockname(descriptor, $0, &length)
      }
    }
    return withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr_in.self, capacity: 1) {
        Int(UInt16(bigEndian: $0.pointee.sin_port))
      }
    }
  }
}

/// Stops the server once: the boards write what they hold (answering changes still queued),
/// then the network closes.
final class Stopper: @unchecked Sendable {
  private let stopping: @Sendable () -> BoardWorker.Farewell
  private let loop: ServerLoop
  private let lock = NSLock()
  private var started = false
  private var outcome: BoardServer.Stop?

  /// A stopper of `loop`, which first calls `stopping` (the boards write what they hold).
  init(loop: ServerLoop, stopping: @escaping @Sendable () -> BoardWorker.Farewell) {
    self.stopping = stopping
    self.loop = loop
  }

  var result: BoardServer.Stop? {
    lock.lock()
    defer { lock.unlock() }
    return outcome
  }

  func stop() {
    lock.lock()
    defer { lock.unlock() }
    guard !started else { return }
    started = true
    let thread = Thread { [self] in
      let farewell = stopping()
      lock.lock()
      outcome = BoardServer.Stop(isSaved: farewell.isSaved, message: farewell.message)
      lock.unlock()
      // The answers of the last changes go out before the network closes.
      usleep(200_000)
      loop.stop()
    }
    thread.start()
  }
}

extension ServerLoop {
  /// Runs the loop on a thread of its own, `name`, until it stops; cancelling the task stops it
  /// through `stopper` (which lets the boards write first).
  func runOnThread(named name: String, stopper: Stopper) async {
    await withTaskCancellationHandler {
      await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
        let thread = Thread {
          self.run()
          done.resume()
        }
        thread.name = name
        thread.start()
      }
    } onCancel: {
      stopper.stop()
    }
  }
}

/// The system's `listen(2)` (the name is taken by ``BoardServer/listen(host:port:)`` inside the
/// type).
private func systemListen(_ descriptor: Int32, _ backlog: Int32) -> Int32 {
  listen(descriptor, backlog)
}

/// Makes a pipe whose ends close on exec (and, with `nonBlocking`, never block).
func makePipe(_ descriptors: inout [Int32], nonBlocking: Bool) -> Bool {
  guard pipe(&descriptors) == 0 else { return false }
  for descriptor in descriptors {
    _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
    if nonBlocking { _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK) }
  }
  return true
}
