import ArrangeBoard
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdWebSocket
import Logging
import NIOCore
import Synchronization

/// `arrange serve`: the board in a browser.
///
/// Serves the page (from a ``WebFolder``), the board as JSON (`GET /api/board`), changes
/// (`POST /api/change`, see ``BoardMessages``) and a WebSocket (`/api/live`) that sends the
/// board to every open page whenever it changes — a change from another page, from `arrange`
/// in a terminal, or from an editor. Pointer moves never reach the server: the page drags with
/// the engines in WebAssembly and sends only the operations a drop makes.
///
/// Every request passes the ``ServerGate``.
public struct BoardServer: Sendable {
  /// The board file's path.
  public let path: String
  /// The address to listen on.
  public let host: String
  /// The port to listen on (0: any free port).
  public let port: Int
  /// The page's files.
  public let web: WebFolder
  /// The secret of the printed address.
  public let token: String

  /// A server for the board at `path` on `host`:`port`, serving the page from `web`.
  public init(path: String, host: String, port: Int, web: WebFolder, token: String) {
    self.path = path
    self.host = host
    self.port = port
    self.web = web
    self.token = token
  }

  /// The page's files as built into this program, or `nil` when they are missing.
  public static var builtInWeb: WebFolder? {
    Bundle.module.path(forResource: "Web", ofType: nil).flatMap { WebFolder(path: $0) }
  }

  /// Why the server cannot start.
  public struct StartError: Error, Sendable {
    /// What went wrong, for a person.
    public var message: String
  }

  /// Opens the board and serves it until the task is cancelled or the process is interrupted.
  ///
  /// `ready` is called with the page's address (token included) once the server listens;
  /// `notice` with messages about the file (an outside edit taken in, a save that failed).
  public func run(
    ready: @escaping @Sendable (String) async -> Void,
    notice: @escaping @Sendable (String) -> Void = { _ in }
  ) async throws {
    let shared = try Self.open(path, notice: notice)
    let hub = BoardHub(shared: shared)
    let router = Router(context: BasicWebSocketRequestContext.self)
    let host = self.host
    let token = self.token
    let web = self.web
    let gateBox = GateBox()
    router.add(middleware: GateMiddleware(gate: gateBox))
    router.get("api/board") { _, _ in Self.json(await hub.board()) }
    router.post("api/change") { request, _ in
      let body = try await request.body.collect(upTo: 1 << 20)
      let (status, json) = await hub.change(Array(body.readableBytesView))
      return Self.json(json, status: .init(code: status))
    }
    router.ws("api/live") { inbound, outbound, _ in
      let (id, stream) = await hub.listen()
      try await withThrowingTaskGroup(of: Void.self) { group in
        // The page says nothing; its stream ends when it closes.
        group.addTask { for try await _ in inbound {} }
        group.addTask { for await json in stream { try await outbound.write(.text(json)) } }
        try await group.next()
        group.cancelAll()
      }
      await hub.stopListening(id)
    }
    let page: @Sendable (Request, BasicWebSocketRequestContext) async throws -> Response = {
      request, _ in
      guard let file = web.file(at: request.uri.path) else {
        return Response(status: .notFound, headers: [.contentType: "text/plain"], body: .init())
      }
      var headers: HTTPFields = [
        .contentType: file.mediaType,
        .contentSecurityPolicy:
          "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; "
          + "img-src 'self' data:; connect-src 'self'; frame-ancestors 'none'",
        .cacheControl: "no-cache",
      ]
      headers[.xContentTypeOptions] = "nosniff"
      headers[.referrerPolicy] = "no-referrer"
      return Response(
        status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: file.bytes)))
    }
    router.get("/", use: page)
    router.get("**", use: page)
    var logger = Logger(label: "arrange-serve")
    logger.logLevel = .error
    let app = Application(
      router: router,
      server: .http1WebSocketUpgrade(webSocketRouter: router),
      configuration: .init(address: .hostname(host, port: port), serverName: nil),
      onServerRunning: { channel in
        let actual = channel.localAddress?.port ?? 0
        gateBox.set(ServerGate(token: token, host: host, port: actual))
        let shown = host == "0.0.0.0" || host == "::" ? "127.0.0.1" : host
        let name = shown.contains(":") ? "[\(shown)]" : shown
        await ready("http://\(name):\(actual)/#token=\(token)")
      },
      logger: logger)
    try await withThrowingTaskGroup(of: Void.self) { group in
      group.addTask { try await app.runService() }
      group.addTask {
        // Outside edits reach every page within a second: polled four times a second, taken
        // in once settled (BoardSession.settleTime).
        while !Task.isCancelled {
          try await Task.sleep(nanoseconds: 250_000_000)
          await hub.poll()
        }
      }
      try await group.next()
      group.cancelAll()
    }
  }

  /// Opens and parses the board, or says why not; a missing file is the sample board.
  static func open(_ path: String, notice: (String) -> Void) throws -> SharedBoard<BoardFile> {
    do {
      let opened = try BoardFile.open(path)
      for message in opened.file.notices { notice(message) }
      var document = BoardDocument.sample
      if let contents = opened.contents {
        do {
          document = try BoardDocument.parse(contents)
        } catch {
          throw StartError(message: "\(path): \(error.message) The file was left as it is.")
        }
      }
      return SharedBoard(session: BoardSession(document: document, storage: opened.file))
    } catch let error as BoardFileError {
      throw StartError(message: error.message)
    }
  }

  /// A JSON response.
  static func json(_ text: String, status: HTTPResponse.Status = .ok) -> Response {
    var headers: HTTPFields = [.contentType: "application/json; charset=utf-8"]
    headers[.cacheControl] = "no-store"
    return Response(
      status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(string: text)))
  }
}

/// The gate, set once the server knows its port.
final class GateBox: Sendable {
  private let storage = Mutex<ServerGate?>(nil)

  func set(_ gate: ServerGate) { storage.withLock { $0 = gate } }
  var gate: ServerGate? { storage.withLock { $0 } }
}

/// Passes every request through the ``ServerGate``: the page's files need the right `Host`
/// and `Origin`; the board's API and WebSocket need the token too.
struct GateMiddleware<Context: RequestContext>: RouterMiddleware {
  let gate: GateBox

  func handle(
    _ request: Request, context: Context, next: (Request, Context) async throws -> Response
  ) async throws -> Response {
    let path = request.uri.path
    let isAPI = path.hasPrefix("/api/") || path == "/api"
    let token =
      request.headers[.arrangeToken]
      ?? (path == "/api/live" ? request.uri.queryParameters.get("token") : nil)
    guard let gate = gate.gate else {
      return Response(status: .serviceUnavailable)
    }
    if let refusal = gate.check(
      host: request.head.authority, origin: request.headers[.origin], token: token,
      needsToken: isAPI)
    {
      return Response(
        status: .init(code: refusal.status), headers: [.contentType: "text/plain; charset=utf-8"],
        body: .init(byteBuffer: ByteBuffer(string: refusal.message + "\n")))
    }
    return try await next(request, context)
  }
}

extension HTTPField.Name {
  /// The header that carries the token of the printed address.
  static var arrangeToken: Self { Self("X-Arrange-Token") ?? .authorization }
  /// Tells browsers not to guess a file's type.
  static var xContentTypeOptions: Self { Self("X-Content-Type-Options") ?? .contentType }
  /// Tells browsers what a page's links may say about it (nothing: its address has the token).
  static var referrerPolicy: Self { Self("Referrer-Policy") ?? .contentType }
}
