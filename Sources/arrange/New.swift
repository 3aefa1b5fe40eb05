import ArgumentParser
import ArrangeBoard

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `arrange new [FILE] [--columns TITLES]`: a new board with empty columns (`./board.md`, the
/// board plain `arrange` opens, when no file is named).
struct New: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Write a new board with empty columns: To Do, Doing and Done, as taskell does.",
    discussion: """
      The file is written as taskell writes a new board ("## To Do", "## Doing", "## Done", \
      each followed by blank lines), so that taskell and arrange both open it. A file, folder \
      or link already at that path is never overwritten: the command fails and says so. The \
      file appears whole or not at all (it is written and flushed under a hidden name, then \
      linked into place only if the path is still free), with the permissions your umask gives.
      """)

  @Argument(
    help: ArgumentHelp(
      "The new board file (default: board.md, the one plain `arrange` opens); nothing may exist "
        + "at that path yet."))
  var file = "board.md"

  @Option(
    parsing: .unconditional,
    help: ArgumentHelp(
      "The columns' titles, separated by commas (default: \"To Do,Doing,Done\").",
      valueName: "titles"))
  var columns: String?

  /// The columns of a board `arrange new` writes when not told otherwise: taskell's.
  static let taskellColumns = ["To Do", "Doing", "Done"]

  func run() throws {
    let titles: [String]
    do {
      titles = try Self.titles(columns)
    } catch {
      printError(error.message)
      throw ExitCode.failure
    }
    if let failure = Self.create(file, contents: Self.contents(titles)) {
      printError(failure)
      throw ExitCode.failure
    }
    try printOutput(
      "Created \(file), a board with the columns \(Self.list(titles)).\n"
        + "Open it with `arrange \(file)`, or in a browser with `arrange serve \(file)`.\n")
  }

  /// Why the titles given are refused.
  struct Refusal: Error {
    var message: String
  }

  /// The titles `--columns` gives (trimmed), or taskell's; refused when one is empty or holds a
  /// control character (a line break would end the heading).
  static func titles(_ option: String?) throws(Refusal) -> [String] {
    guard let option else { return taskellColumns }
    let titles = option.split(separator: ",", omittingEmptySubsequences: false).map {
      String($0.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }
    for title in titles {
      guard !title.isEmpty else {
        throw Refusal(
          message: "--columns takes titles separated by commas, each with some text, as in "
            + "--columns \"To Do,Doing,Done\".")
      }
      guard
        !title.unicodeScalars.contains(where: {
          $0.properties.generalCategory == .control || $0 == "\u{2028}" || $0 == "\u{2029}"
        })
      else {
        throw Refusal(message: "A column's title cannot hold a line break or a control character.")
      }
    }
    // The file must read back as the columns asked for (a title of "#" alone would not).
    let document: BoardDocument
    do {
      document = try BoardDocument.parse(contents(titles))
    } catch {
      throw Refusal(message: "These columns do not make a board: \(error.message)")
    }
    guard document.columns.count == titles.count else {
      throw Refusal(message: "These titles do not read back as \(titles.count) columns.")
    }
    return titles
  }

  /// The board taskell writes for these columns: each heading, a blank line, and a blank line
  /// between columns.
  static func contents(_ titles: [String]) -> [UInt8] {
    Array(titles.map { "## \($0)\n\n" }.joined(separator: "\n").utf8)
  }

  /// "A, B and C".
  static func list(_ titles: [String]) -> String {
    guard titles.count > 1 else { return titles.first ?? "" }
    return titles.dropLast().joined(separator: ", ") + " and " + (titles.last ?? "")
  }

  /// Creates `path` holding `contents`, unless something is there; returns why it failed.
  ///
  /// The contents are written and flushed in a new hidden file beside `path` (created with
  /// `O_EXCL`, mode 0666 less the umask), which is then hard-linked to `path`: `link(2)` fails
  /// when anything exists at `path`, even a dangling link, so nothing is ever overwritten, and
  /// the board appears whole. A file system without hard links gets `path` created with `O_EXCL`
  /// and written in place (removed again if writing fails).
  static func create(_ path: String, contents: [UInt8]) -> String? {
    let exists =
      "\(path) exists already: arrange new never overwrites anything. Choose another name, or "
      + "open it with `arrange \(path)`."
    var info = stat()
    if lstat(path, &info) == 0 { return exists }
    let folder = folder(of: path)
    let name = path.split(separator: "/").last.map(String.init) ?? path
    var random = SystemRandomNumberGenerator()
    let temporary =
      (folder == "." && !path.hasPrefix("./") ? "" : folder + "/")
      + ".\(name).new-\(getpid())-\(String(random.next() as UInt32, radix: 16))"
    let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o666)
    guard descriptor >= 0 else { return cannotCreate(path, in: folder, errno) }
    if let failure = writeAll(contents, to: descriptor) {
      close(descriptor)
      unlink(temporary)
      return cannotCreate(path, in: folder, failure)
    }
    close(descriptor)
    defer { unlink(temporary) }
    if link(temporary, path) == 0 {
      syncFolder(folder)
      return nil
    }
    let failure = errno
    if failure == EEXIST { return exists }
    guard [EPERM, ENOTSUP, EOPNOTSUPP, ENOSYS, EXDEV, EMLINK].contains(failure) else {
      return cannotCreate(path, in: folder, failure)
    }
    // No hard links here: the board itself, created only if the path is free.
    let direct = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o666)
    guard direct >= 0 else {
      return errno == EEXIST ? exists : cannotCreate(path, in: folder, errno)
    }
    if let failure = writeAll(contents, to: direct) {
      close(direct)
      unlink(path)
      return cannotCreate(path, in: folder, failure)
    }
    close(direct)
    syncFolder(folder)
    return nil
  }

  /// The folder `path` is in.
  static func folder(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "." }
    let folder = String(path[..<slash])
    return folder.isEmpty ? "/" : folder
  }

  /// Writes all of `bytes` and flushes them to disk; the error number when it could not.
  static func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> Int32? {
    var written = 0
    while written < bytes.count {
      let count = bytes.withUnsafeBytes {
        write(descriptor, $0.baseAddress.map { $0 + written }, bytes.count - written)
      }
      if count < 0 {
        if errno == EINTR { continue }
        return errno
      }
      if count == 0 { return EIO }
      written += count
    }
    return fsync(descriptor) == 0 ? nil : errno
  }

  /// Flushes the folder's entries, so that the new name survives a crash.
  static func syncFolder(_ folder: String) {
    let descriptor = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard descriptor >= 0 else { return }
    _ = fsync(descriptor)
    close(descriptor)
  }

  /// A sentence for a failure with error number `failure`.
  static func cannotCreate(_ path: String, in folder: String, _ failure: Int32) -> String {
    let reason = String(cString: strerror(failure))
    switch failure {
    case ENOENT, ENOTDIR: return "cannot create \(path): the folder \(folder) does not exist."
    case EACCES, EPERM, EROFS:
      return "cannot create \(path): this user may not write in \(folder) (\(reason))."
    case ENOSPC, EDQUOT: return "cannot create \(path): the disk is full (\(reason))."
    default: return "cannot create \(path): \(reason)."
    }
  }
}
