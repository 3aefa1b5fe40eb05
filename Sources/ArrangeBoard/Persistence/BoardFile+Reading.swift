#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension BoardFile {
  /// `path` with symbolic links resolved; for a file that does not exist (yet, or any more),
  /// the path the links lead to, its folder resolved as well.
  ///
  /// Both are absolute and resolved alike, so that a board whose file is deleted, or created
  /// by its first save, still leads to the file it was opened as.
  static func resolve(_ path: String) throws(BoardFileError) -> String {
    if let resolved = realpath(path, nil) {
      defer { free(resolved) }
      return String(cString: resolved)
    }
    // Nothing there yet, or a link to a file that does not exist yet: follow the links by hand
    // so that the first save creates the link's target rather than replacing the link.
    var current = path
    for _ in 0..<40 {
      var info = stat()
      guard lstat(current, &info) == 0, info.st_mode & S_IFMT == S_IFLNK,
        let destination = readLink(current)
      else {
        guard let folder = realpath(directory(of: current), nil) else { return current }
        defer { free(folder) }
        let resolved = String(cString: folder)
        return (resolved == "/" ? "" : resolved) + "/" + fileName(of: current)
      }
      current =
        destination.hasPrefix("/") ? destination : directory(of: current) + "/" + destination
    }
    throw BoardFileError(
      kind: .unreadable, path: path,
      message: "Cannot read \(path): \(describe(ELOOP)).")
  }

  /// Why a file could not be read.
  enum ReadFailure: Error, Hashable {
    /// The system refused, with this `errno`.
    case unreadable(Int32)
    /// Not a regular file; `isFolder` tells whether it is a folder.
    case notAFile(isFolder: Bool)
    /// Larger than ``BoardDocument/maximumSize``.
    case tooLarge
  }

  /// The error for people for a read that failed; it names `path`.
  static func readError(_ failure: ReadFailure, path: String) -> BoardFileError {
    switch failure {
    case .unreadable(let code):
      return BoardFileError(
        kind: .unreadable, path: path, message: "Cannot read \(path): \(describe(code)).")
    case .notAFile(let isFolder):
      return BoardFileError(
        kind: .notAFile, path: path,
        message: isFolder
          ? "Cannot open \(path): it is a folder, not a file."
          : "Cannot open \(path): it is not a regular file.")
    case .tooLarge:
      return BoardFileError(
        kind: .tooLarge, path: path,
        message: "Cannot open \(path): it is larger than a board may be "
          + "(\(BoardDocument.maximumSize / 1024 / 1024) MiB).")
    }
  }

  /// The bytes of the file at `path`, or `nil` when there is none (no lock taken).
  static func contents(of path: String) throws(ReadFailure) -> [UInt8]? {
    let descriptor = openFile(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY)
    guard descriptor >= 0 else {
      let code = errno
      if code == ENOENT { return nil }
      throw .unreadable(code)
    }
    defer { _ = close(descriptor) }
    var info = stat()
    guard fstat(descriptor, &info) == 0 else { throw .unreadable(errno) }
    let type = info.st_mode & S_IFMT
    guard type == S_IFREG else { throw .notAFile(isFolder: type == S_IFDIR) }
    return try readAll(descriptor)
  }

  /// All the bytes of the regular file open as `descriptor`, read from its start.
  static func readAll(_ descriptor: Int32) throws(ReadFailure) -> [UInt8] {
    var info = stat()
    guard fstat(descriptor, &info) == 0 else { throw .unreadable(errno) }
    guard info.st_size <= BoardDocument.maximumSize else { throw .tooLarge }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(Int(info.st_size))
    var buffer = [UInt8](repeating: 0, count: 64 * 1024)
    while true {
      let offset = off_t(bytes.count)
      let count = buffer.withUnsafeMutableBytes {
        pread(descriptor, $0.baseAddress, $0.count, offset)
      }
      if count < 0 {
        let code = errno
        if code == EINTR { continue }
        throw .unreadable(code)
      }
      if count == 0 { break }
      bytes += buffer[..<count]
      // The file may grow while it is read.
      if bytes.count > BoardDocument.maximumSize { throw .tooLarge }
    }
    return bytes
  }

  /// Where the symbolic link at `path` points, as written in the link.
  static func readLink(_ path: String) -> String? {
    var buffer = [UInt8](repeating: 0, count: 4097)
    let count = buffer.withUnsafeMutableBufferPointer { pointer in
      pointer.baseAddress.map { base in
        base.withMemoryRebound(to: CChar.self, capacity: pointer.count) {
          readlink(path, $0, pointer.count - 1)
        }
      } ?? -1
    }
    guard count > 0 else { return nil }
    return String(decoding: buffer[..<count], as: UTF8.self)
  }

  /// The folder part of `path` (`.` when it has none).
  static func directory(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "." }
    return slash == path.startIndex ? "/" : String(path[..<slash])
  }

  /// The last component of `path`.
  static func fileName(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return path }
    return String(path[path.index(after: slash)...])
  }
}

/// The system's sentence for `code`, such as `Permission denied`.
func describe(_ code: Int32) -> String {
  String(cString: strerror(code))
}

/// `open(2)`, retried when a signal interrupts it.
func openFile(_ path: String, _ flags: Int32, _ mode: mode_t = 0) -> Int32 {
  while true {
    let descriptor = open(path, flags, mode)
    if descriptor >= 0 || errno != EINTR { return descriptor }
  }
}
