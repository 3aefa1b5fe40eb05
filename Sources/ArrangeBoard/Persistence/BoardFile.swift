#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A board file on disk, read whole and saved atomically, that never overwrites changes made
/// by another program without being told to.
///
/// ```swift
/// var (file, contents) = try BoardFile.open("board.md")
/// let document = try contents.map(BoardDocument.parse) ?? .sample
/// try file.save(document.serialized())
/// ```
///
/// A save writes a temporary file next to the board, flushes it to disk, gives it the board's
/// permission bits and renames it over the board, so the file on disk is always either the old
/// contents or the new ones. If `path` is a symbolic link, saves go to the file it points to and
/// the link stays.
public struct BoardFile: Sendable {
  /// The path as it was given (shown to people).
  public let path: String
  /// The file that is read and replaced: `path` with symbolic links resolved when it was opened.
  let target: String
  /// The bytes last read or written; `nil` when there was no file.
  var known: [UInt8]?
  /// How many temporary files this value has made, for unique names.
  var temporaryCount = 0
  /// A failure to inject into every following save (tests only).
  var fault: SaveFault?

  /// Reads the file at `path`: returns the file and its bytes, or `nil` bytes when there is no
  /// file there yet (the first save creates it).
  ///
  /// - Throws: ``BoardFileError`` when the file cannot be read, is a folder or not a regular
  ///   file, or is larger than ``BoardDocument/maximumSize``.
  public static func open(
    _ path: String
  ) throws(BoardFileError) -> (file: BoardFile, contents: [UInt8]?) {
    let target = try resolve(path)
    let contents = try readContents(of: target, path: path)
    return (BoardFile(path: path, target: target, known: contents), contents)
  }

  /// Saves `contents` atomically, unless the file changed on disk since it was last read or
  /// saved.
  ///
  /// The file counts as changed when its bytes differ from the known ones, when it appeared
  /// after it was found missing, or when it disappeared. On any failure the file on disk is left
  /// as it was and no temporary file remains.
  ///
  /// - Throws: ``BoardFileError`` with kind ``BoardFileError/Kind/changedOnDisk`` (then
  ///   ``reload()`` or ``overwrite(_:)``), ``BoardFileError/Kind/unreadable`` when the file
  ///   cannot be checked, or ``BoardFileError/Kind/cannotWrite``.
  public mutating func save(_ contents: [UInt8]) throws(BoardFileError) {
    let current: [UInt8]?
    do {
      current = try Self.contents(of: target)
    } catch {
      // A file that became a folder or too large changed too.
      guard case .unreadable(let code) = error else { throw changedError(now: []) }
      throw BoardFileError(
        kind: .unreadable, path: path,
        message: "Cannot save \(path): it cannot be read to check for changes "
          + "(\(describe(code))).")
    }
    guard current == known else { throw changedError(now: current) }
    try overwrite(contents)
  }

  /// Saves `contents` atomically like ``save(_:)``, without checking for changes on disk (the
  /// person chose to overwrite them).
  ///
  /// - Throws: ``BoardFileError/Kind/cannotWrite``, with the file on disk as it was.
  public mutating func overwrite(_ contents: [UInt8]) throws(BoardFileError) {
    do {
      try replace(with: contents)
    } catch {
      throw BoardFileError(
        kind: .cannotWrite, path: path, message: "Cannot save \(path): \(error.explanation).")
    }
    known = contents
  }

  /// Reads the file again and makes its bytes the known contents; `nil` when it is gone.
  ///
  /// - Throws: ``BoardFileError`` as ``open(_:)`` does; the known contents stay as they were.
  public mutating func reload() throws(BoardFileError) -> [UInt8]? {
    let contents = try contentsOnDisk()
    adopt(contents)
    return contents
  }

  /// Reads the file as it is on disk now, without changing what counts as last read: a caller
  /// that cannot use the bytes (they do not parse, say) must not make the next save overwrite
  /// them.
  public func contentsOnDisk() throws(BoardFileError) -> [UInt8]? {
    try Self.readContents(of: target, path: path)
  }

  /// Makes `contents` what was last read (after ``contentsOnDisk()``, once the caller accepted the bytes):
  /// saves then refuse only if the file changes from these bytes.
  public mutating func adopt(_ contents: [UInt8]?) {
    known = contents
  }

  /// Whether the bytes on disk differ from those last read or saved (a file that cannot be read
  /// counts as changed).
  public func hasChangedOnDisk() -> Bool {
    do {
      return try Self.contents(of: target) != known
    } catch {
      return true
    }
  }

  /// The error for a file that is not what was last read or saved.
  func changedError(now current: [UInt8]?) -> BoardFileError {
    let what: String
    if known == nil {
      what = "another program created it since it was found missing"
    } else if current == nil {
      what = "it was deleted or moved away since it was read"
    } else {
      what = "another program changed it since it was read"
    }
    return BoardFileError(
      kind: .changedOnDisk, path: path, message: "Not saved over \(path): \(what).")
  }
}

// MARK: - Reading

extension BoardFile {
  /// `path` with symbolic links resolved; for a file that does not exist yet, the path the
  /// links lead to.
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
      else { return current }
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

  /// The bytes of the file at `target`, or `nil` when there is none; errors name `path`.
  static func readContents(
    of target: String, path: String
  ) throws(BoardFileError) -> [UInt8]? {
    do {
      return try contents(of: target)
    } catch {
      switch error {
      case .unreadable(let code):
        throw BoardFileError(
          kind: .unreadable, path: path, message: "Cannot read \(path): \(describe(code)).")
      case .notAFile(let isFolder):
        throw BoardFileError(
          kind: .notAFile, path: path,
          message: isFolder
            ? "Cannot open \(path): it is a folder, not a file."
            : "Cannot open \(path): it is not a regular file.")
      case .tooLarge:
        throw BoardFileError(
          kind: .tooLarge, path: path,
          message: "Cannot open \(path): it is larger than a board may be "
            + "(\(BoardDocument.maximumSize / 1024 / 1024) MiB).")
      }
    }
  }

  /// The bytes of the file at `path`, or `nil` when there is none.
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
    guard info.st_size <= BoardDocument.maximumSize else { throw .tooLarge }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(Int(info.st_size))
    var buffer = [UInt8](repeating: 0, count: 64 * 1024)
    while true {
      let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
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
