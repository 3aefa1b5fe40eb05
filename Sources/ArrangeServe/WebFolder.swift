#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The page's files (HTML, CSS, the JavaScript host and the engines' WebAssembly module), read
/// from one folder and never from outside it.
///
/// A request names a file by its name alone: letters, digits, `-`, `_` and one `.` before an
/// extension the server knows (`d.ts`, a TypeScript declaration file, is one extension). Anything else (`..`, `/`, `%2e`, a leading dot, a name with no
/// known extension) names no file, and a file that resolves outside the folder (a symbolic link)
/// is not served.
package struct WebFolder: Sendable {
  /// The folder, resolved (no symbolic links, no `..`).
  package let path: String

  /// The folder at `path`; `nil` when it does not exist.
  package init?(path: String) {
    guard let resolved = Self.resolve(path) else { return nil }
    self.path = resolved
  }

  /// The media types of the extensions served.
  static let mediaTypes: [String: String] = [
    "html": "text/html; charset=utf-8", "js": "text/javascript; charset=utf-8",
    "css": "text/css; charset=utf-8", "wasm": "application/wasm", "svg": "image/svg+xml",
    "png": "image/png", "json": "application/json", "d.ts": "text/plain; charset=utf-8",
    "js.map": "application/json",
  ]

  /// The contents and media type of the file the URL path `urlPath` names (`/` is
  /// `index.html`), or `nil`.
  package func file(at urlPath: String) -> (bytes: [UInt8], mediaType: String)? {
    let name = urlPath == "/" ? "index.html" : String(urlPath.drop { $0 == "/" })
    guard let type = Self.mediaType(ofName: name) else { return nil }
    guard let resolved = Self.resolve(path + "/" + name), resolved == path + "/" + name,
      let bytes = Self.read(resolved)
    else { return nil }
    return (bytes, type)
  }

  /// The media type of a file name the folder may serve, or `nil` when it may not.
  static func mediaType(ofName name: String) -> String? {
    let parts = name.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
    guard parts.count == 2, !parts[0].isEmpty, name.utf8.count <= 64,
      parts[0].utf8.allSatisfy({ byte in
        (byte >= 0x30 && byte <= 0x39) || (byte >= 0x61 && byte <= 0x7A)
          || (byte >= 0x41 && byte <= 0x5A) || byte == 0x2D || byte == 0x5F
      })
    else { return nil }
    return mediaTypes[String(parts[1])]
  }

  /// `path` with symbolic links and `..` resolved, or `nil` when it does not exist.
  static func resolve(_ path: String) -> String? {
    guard let resolved = realpath(path, nil) else { return nil }
    defer { free(resolved) }
    return String(cString: resolved)
  }

  /// The bytes of the regular file at `path` (at most 16 MiB), or `nil`.
  static func read(_ path: String) -> [UInt8]? {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG,
      status.st_size <= 16 << 20
    else { return nil }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65536)
    while true {
      let count = chunk.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress, $0.count) }
      if count < 0 && errno == EINTR { continue }
      guard count >= 0 else { return nil }
      if count == 0 { return bytes }
      bytes += chunk[0..<count]
    }
  }
}

/// The system's `read(2)` (the name `read` is taken by ``WebFolder/read(_:)`` inside the type).
private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int)
  -> Int
{
  read(descriptor, buffer, count)
}
