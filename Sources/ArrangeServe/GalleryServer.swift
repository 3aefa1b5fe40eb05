import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `arrange gallery`: the seed systems' own demos, and SortableJS's examples, on the web
/// library, served to a browser.
///
/// Files only: the gallery's pages (`Gallery/`) and, from the board page's folder, the library
/// (`arrange-lib.js`, its declarations) and the engines' module. Nothing is read or written
/// but those files, and there is no API: every other path is not found. The application is
/// its own (``GalleryResponder``: files, and the `Host` and `Origin` checks of ``ServerGate``),
/// the network side `arrange serve`'s (``ServerLoop`` and ``HTTPConnection``, every bound of
/// ``ServerLimits``), so the gallery is as hard to attack as the board.
package struct GalleryServer: Sendable {
  /// The address to listen on.
  package let host: String
  /// The port to listen on (0: any free port).
  package let port: Int
  /// The gallery's pages.
  package let gallery: WebFolder
  /// The board page's folder, which holds the icon (the library comes from its package).
  package let web: WebFolder
  /// The bounds and deadlines the server keeps to.
  package let limits: ServerLimits

  /// The files of `web` the gallery serves besides the library's: the icon.
  static let webFiles = ["icon.svg"]

  /// A server of `gallery`'s pages, with the library from `web`, on `host`:`port`, within
  /// `limits`.
  package init(
    host: String, port: Int, gallery: WebFolder, web: WebFolder, limits: ServerLimits = .standard
  ) {
    self.host = host
    self.port = port
    self.gallery = gallery
    self.web = web
    self.limits = limits
  }

  /// The gallery's pages as built into this program, or `nil` when they are missing.
  package static var builtInGallery: WebFolder? {
    Bundle.module.path(forResource: "Gallery", ofType: nil).flatMap { WebFolder(path: $0) }
  }

  /// Every file the gallery serves, as whole answers made once: the gallery's own, the web
  /// library's, and the icon from `web` (a gallery file of the same name gives way to those).
  func files() -> [String: FileAnswer] {
    var made = BoardServer.responses(of: gallery)
    for name in Self.webFiles {
      guard let (bytes, type) = web.file(at: "/" + name) else { continue }
      made[name] = FileAnswer(bytes, type: type)
    }
    return made
  }

  /// Serves the gallery until the task is cancelled or, with `stopsOnSignals`, the process gets
  /// SIGINT, SIGTERM or SIGHUP.
  ///
  /// `ready` is called with the gallery's address once it listens.
  package func run(stopsOnSignals: Bool = false, ready: @escaping @Sendable (String) async -> Void)
    async throws
  {
    let listener = try BoardServer.listen(host: host, port: port)
    let actual = BoardServer.localPort(of: listener)
    let shown = host == "0.0.0.0" || host == "::" ? "127.0.0.1" : host
    let name = shown.contains(":") ? "[\(shown)]" : shown
    var wake: [Int32] = [-1, -1]
    guard makePipe(&wake, nonBlocking: true) else {
      close(listener)
      throw BoardServer.StartError(
        message: "cannot start the server: \(String(cString: strerror(errno))).")
    }
    let responder = GalleryResponder(gate: ServerGate(host: host, port: actual), files: files())
    let loop = ServerLoop(
      listener: listener, responder: responder, limits: limits, reservedFiles: 0,
      wake: (wake[0], wake[1]))
    let stopper = Stopper(loop: loop) { BoardWorker.Farewell(isSaved: true, message: nil) }
    var signals: SignalWatch?
    if stopsOnSignals { signals = SignalWatch { stopper.stop() } }
    defer { signals?.end() }
    await ready("http://\(name):\(actual)/")
    await loop.runOnThread(named: "arrange-gallery", stopper: stopper)
    close(listener)
    close(wake[0])
    close(wake[1])
  }
}
