import ArrangeBoard
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The boards of a folder a server serves, each opened on the first request for it and kept
/// open until the server stops.
///
/// Each board of a folder is served as `arrange serve FILE` serves its one board: a
/// ``BoardWorker`` of its own (its own thread, live sync, saves under the file's lock, outside
/// edits taken in, conflicts asked about) and a ``ServeLock`` of its own, so that another
/// server on the same file, or on the same folder, refuses to serve it and names this one.
///
/// A name reaches a file only when it is a board of the folder at that moment: a board's name
/// (``BoardFolder/isBoardName(_:)``), a regular file directly in the folder, not a symbolic
/// link, whose resolved path is in the folder. Nothing else is opened, and nothing outside the
/// folder is ever read or written.
final class BoardShelf: @unchecked Sendable {
  /// One board being served.
  final class Served {
    /// The board's file name in the folder (`nil`: the server's one board).
    let name: String?
    /// The thread that owns the board.
    let worker: BoardWorker
    /// The lock that marks the board as served (`nil`: the server holds it itself).
    let lock: ServeLock?
    /// The serial of the last snapshot the pages were told of (network thread only).
    var announced = 0

    init(name: String?, worker: BoardWorker, lock: ServeLock?) {
      self.name = name
      self.worker = worker
      self.lock = lock
    }
  }

  /// What a request is for, once its board is found.
  enum Resolution {
    /// A route of `board` (`nil` for a route that needs no board: a file, the list).
    case route(ServerRoute, board: Served?)
    /// The board cannot be served: the status and the reason.
    case refused(status: Int, message: String)
    /// The board is being opened, on a thread of its own (its file may be locked by another
    /// program, or large): ask again once ``takeOpened()`` names it.
    case opening(name: [UInt8])
  }

  /// The folder whose boards are served.
  let folder: BoardFolder
  private let wake: @Sendable () -> Void
  private let notice: @Sendable (String) -> Void
  private let guardLock = NSLock()
  // Guarded by `guardLock`. Keyed by the name's bytes: Swift's `String` equality is canonical
  // equivalence, under which `K.md` and `\u{212A}.md` (KELVIN SIGN), or a precomposed and a
  // decomposed `é.md`, are one name; in the folder they are two files.
  private var served: [[UInt8]: Served] = [:]
  /// The boards being opened, by name, and those opened since ``takeOpened()`` last ran, each
  /// with the refusal when it could not be.
  private var opening: Set<[UInt8]> = []
  private var opened: [(name: [UInt8], refusal: Refusal?)] = []
  private var stopping = false
  private var address = ""

  /// A shelf of the boards of `folder`; their workers call `wake` and `notice`.
  init(
    folder: BoardFolder, wake: @escaping @Sendable () -> Void,
    notice: @escaping @Sendable (String) -> Void
  ) {
    self.folder = folder
    self.wake = wake
    self.notice = notice
  }

  /// Records the server's address, written in each board's lock file as it is taken.
  func record(address: String) {
    guardLock.lock()
    self.address = address
    guardLock.unlock()
  }

  /// Every board open now.
  var all: [Served] {
    guardLock.lock()
    defer { guardLock.unlock() }
    return Array(served.values)
  }

  /// The route `route` takes on this server, and its board (opened now if need be): `/` is the
  /// list of boards, `/b/NAME/…` a board's routes; a single board's routes are not found.
  func resolve(_ route: ServerRoute, method: String) -> Resolution {
    switch route {
    case .file("index.html"): return .route(.file("boards.html"), board: nil)
    case .file, .boards, .notFound: return .route(route, board: nil)
    case .board, .change, .live: return .route(.notFound, board: nil)
    case .inBoard(_, .file(let name)): return .route(.file(name), board: nil)
    case .inBoard(let name, let inner):
      // A method the route does not take opens nothing.
      let allowed: Bool
      switch inner {
      case .board: allowed = method == "GET" || method == "HEAD"
      case .change: allowed = method == "POST"
      default: allowed = method == "GET"
      }
      guard allowed else { return .route(inner, board: nil) }
      switch board(name, in: folder) {
      case .success(let board?): return .route(inner, board: board)
      case .success(nil): return .opening(name: Array(name.utf8))
      case .failure(let refusal): return .refused(status: refusal.status, message: refusal.message)
      }
    }
  }

  /// The boards whose opening has ended since the last call, each with the refusal when it
  /// could not be opened (network thread).
  func takeOpened() -> [(name: [UInt8], refusal: Refusal?)] {
    guardLock.lock()
    defer { guardLock.unlock() }
    let taken = opened
    opened = []
    return taken
  }

  /// Why a board is not opened.
  struct Refusal: Error {
    /// The HTTP status to answer.
    var status: Int
    /// What went wrong, for a person.
    var message: String
  }

  /// Board `name` of `folder` when it is open; `nil` while it is being opened (begun now if it
  /// was not yet); or why it cannot be.
  ///
  /// Opening takes the board's lock, reads and parses its file, which another program's lock
  /// or a large file can make take seconds: it happens on a thread of its own, so that the
  /// network thread answers every other page meanwhile.
  private func board(_ name: String, in folder: BoardFolder) -> Result<Served?, Refusal> {
    let key = Array(name.utf8)
    guardLock.lock()
    defer { guardLock.unlock() }
    guard !stopping else {
      return .failure(Refusal(status: 503, message: "The server is stopping."))
    }
    if let board = served[key] { return .success(board) }
    if opening.contains(key) { return .success(nil) }
    guard folder.contains(name) else {
      return .failure(Refusal(status: 404, message: "There is no board \(name) in this folder."))
    }
    guard served.count + opening.count < ServerLimits.boards else {
      return .failure(
        Refusal(
          status: 503,
          message: "\(ServerLimits.boards) boards are open already, the most one server opens; "
            + "serve this folder's other boards with another arrange serve."))
    }
    opening.insert(key)
    let thread = Thread { [self] in
      let result = open(name, in: folder)
      guardLock.lock()
      opening.remove(key)
      var board: Served?
      var refusal: Refusal?
      switch result {
      case .success(let made) where !stopping:
        served[key] = made
        board = made
      case .success(let made):
        made.lock?.release()
        refusal = Refusal(status: 503, message: "The server is stopping.")
      case .failure(let failure):
        refusal = failure
      }
      opened.append((key, refusal))
      guardLock.unlock()
      board?.worker.start()
      wake()
    }
    thread.name = "arrange-open"
    thread.start()
    return .success(nil)
  }

  /// Opens board `name` of `folder` (its lock taken, its worker made but not started), or says
  /// why it cannot be; on an opening thread, without the shelf's lock.
  private func open(_ name: String, in folder: BoardFolder) -> Result<Served, Refusal> {
    let missing = Refusal(status: 404, message: "There is no board \(name) in this folder.")
    let path = folder.path(of: name)
    let shared: SharedBoard<BoardFile>
    do {
      shared = try BoardServer.open(
        path, createsMissing: false, followingLinks: false, notice: notice)
    } catch let error as BoardServer.StartError {
      return .failure(Refusal(status: 422, message: error.message))
    } catch {
      return .failure(Refusal(status: 422, message: "\(name) cannot be opened."))
    }
    // The file checked is the file opened: a link swapped in meanwhile leads nowhere.
    guard shared.session.storage.target == path else { return .failure(missing) }
    let lock: ServeLock
    do {
      lock = try ServeLock.take(for: path, board: name)
    } catch let error as BoardServer.StartError {
      return .failure(Refusal(status: 409, message: error.message))
    } catch {
      return .failure(Refusal(status: 409, message: "\(name) is served elsewhere."))
    }
    guardLock.lock()
    let address = self.address
    guardLock.unlock()
    lock.record(address)
    let worker = BoardWorker(shared: shared, wake: wake, notice: notice)
    return .success(Served(name: name, worker: worker, lock: lock))
  }

  /// Stops every board, and gives up their locks; no board opens after this.
  ///
  /// Each board writes what it holds, all at the same time, each within its own two seconds.
  func stop() -> BoardWorker.Farewell {
    guardLock.lock()
    stopping = true
    let boards = served.values.sorted { ($0.name ?? "") < ($1.name ?? "") }
    guardLock.unlock()
    let results = Farewells(count: boards.count)
    let group = DispatchGroup()
    for (index, board) in boards.enumerated() {
      group.enter()
      let worker = board.worker
      let thread = Thread {
        results.set(index, worker.stop())
        group.leave()
      }
      thread.name = "arrange-stop"
      thread.start()
    }
    group.wait()
    for board in boards { board.lock?.release() }
    let farewells = results.all
    let messages = farewells.compactMap(\.message)
    return BoardWorker.Farewell(
      isSaved: farewells.allSatisfy(\.isSaved),
      message: messages.isEmpty ? nil : messages.joined(separator: "\n"))
  }

  /// The farewells of boards stopping at the same time, each set from its own thread.
  private final class Farewells: @unchecked Sendable {
    private let lock = NSLock()
    private var values: [BoardWorker.Farewell?]

    init(count: Int) { values = Array(repeating: nil, count: count) }

    func set(_ index: Int, _ value: BoardWorker.Farewell) {
      lock.lock()
      values[index] = value
      lock.unlock()
    }

    var all: [BoardWorker.Farewell] {
      lock.lock()
      defer { lock.unlock() }
      return values.map { $0 ?? BoardWorker.Farewell(isSaved: true, message: nil) }
    }
  }

  /// The JSON of `GET /api/boards`: the folder's name and its boards, each with its address
  /// (`{"folder":"notes","boards":[{"name":"a.md","address":"/b/a.md/"}],"complete":true}`).
  ///
  /// Boards whose names a person cannot tell apart (the same once Unicode's compatibility
  /// normalisation is applied: `K.md` and `\u{212A}.md`, a precomposed and a decomposed `é.md`)
  /// each carry a `"warning"` naming the others; each address still opens its own file.
  func listJSON() -> String {
    let (names, isComplete) = folder.boards()
    let quoted = BoardMessages.quoted
    let entries = names.map { name in
      var entry =
        "{\"name\":\(quoted(name)),\"address\":\(quoted("/b/" + BoardFolder.segment(of: name) + "/"))"
      if let warning = BoardFolder.lookAlikeWarning(for: name, among: names) {
        entry += ",\"warning\":\(quoted(warning))"
      }
      return entry + "}"
    }
    let shown = (folder.shownPath as NSString).lastPathComponent
    return "{\"folder\":\(quoted(shown.isEmpty ? folder.shownPath : shown)),\"boards\":["
      + entries.joined(separator: ",") + "],\"complete\":\(isComplete)}"
  }
}
