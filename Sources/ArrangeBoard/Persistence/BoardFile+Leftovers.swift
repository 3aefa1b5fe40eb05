internal import CArrangeFileSystem

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Names of the files a save makes next to the board, and the tidying of those a killed process
/// left behind.
///
/// - `.board.md.arrange-PID-N.tmp`: the new contents on their way to replacing the board (or,
///   an instant after, the replaced board on its way out).
/// - `.board.md.arrange-PID-N-LENGTH.journal`: the journal of an in-place write: the new
///   contents (LENGTH bytes), then the board's contents before the write.
/// - `board.conflict-DATE.md`, `board.unfinished-save-DATE.md`: versions kept for a person.
extension BoardFile {
  /// The longest file name most file systems take, in bytes.
  static var maximumNameLength: Int { 255 }

  /// The start of the names of a board's temporary files: `.NAME.arrange-`, with a long name
  /// cut short (and a hash of it added) so that every temporary name fits in 255 bytes.
  static func leftoverPrefix(for name: String) -> String {
    // Room for ".", ".arrange-", a process ID, "-", a count, "-", a length and ".journal".
    let room = maximumNameLength - 70
    return ".\(shortened(name, to: room)).arrange-"
  }

  /// `name`, or when it is longer than `length` bytes, its start and a hash of all of it.
  static func shortened(_ name: String, to length: Int) -> String {
    guard name.utf8.count > length else { return name }
    var start = ""
    for character in name {
      guard start.utf8.count + character.utf8.count <= length - 17 else { break }
      start.append(character)
    }
    return start + "~" + hexHash(Array(name.utf8))
  }

  /// A 64-bit FNV-1a hash of `bytes`, as 16 hexadecimal digits.
  static func hexHash(_ bytes: [UInt8]) -> String {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in bytes {
      hash ^= UInt64(byte)
      hash &*= 0x100_0000_01b3
    }
    let digits = String(hash, radix: 16)
    return String(repeating: "0", count: 16 - digits.count) + digits
  }

  /// What kind of leftover a file next to the board is.
  enum Leftover: Equatable {
    /// A temporary file of process `process`.
    case temporary(process: Int32)
    /// The journal of an in-place write by `process` whose new contents are `length` bytes.
    case journal(process: Int32, length: Int)

    /// Reads a leftover's name, given the board's ``leftoverPrefix(for:)``.
    init?(name: String, prefix: String) {
      guard name.hasPrefix(prefix) else { return nil }
      let rest = name.dropFirst(prefix.count)
      if rest.hasSuffix(".tmp") {
        let parts = rest.dropLast(4).split(separator: "-")
        guard parts.count == 2, let process = Int32(parts[0]), UInt64(parts[1]) != nil else {
          return nil
        }
        self = .temporary(process: process)
      } else if rest.hasSuffix(".journal") {
        let parts = rest.dropLast(8).split(separator: "-")
        guard parts.count == 3, let process = Int32(parts[0]), UInt64(parts[1]) != nil,
          let length = Int(parts[2]), length >= 0
        else { return nil }
        self = .journal(process: process, length: length)
      } else {
        return nil
      }
    }

    var process: Int32 {
      switch self {
      case .temporary(let process), .journal(let process, _): return process
      }
    }
  }

  /// Removes what killed saves of the board at `target` left behind, and returns what a person
  /// should hear about.
  ///
  /// A leftover counts as abandoned when its process is gone (or it is over an hour old) and no
  /// process holds its lock; a process at work holds the lock of each file it made. Abandoned
  /// temporary files are removed. An abandoned journal means an in-place write was cut short:
  /// when the board holds the old or the new contents, nothing is left to do; when it holds a
  /// mix of the two (the write stopped partway), the write is finished; when it holds anything
  /// else (edited since), the new contents are kept as a visible file and a notice says so.
  ///
  /// Journals are dealt with under the board's exclusive lock: `board`, when the caller holds
  /// it, or one taken here (so a caller holding a shared lock must tidy before taking it).
  static func tidyLeftovers(
    near target: String, holding board: LockedBoardFile? = nil, followingLinks: Bool = true
  ) -> [String] {
    let folder = directory(of: target)
    let name = fileName(of: target)
    let prefix = leftoverPrefix(for: name)
    var notices: [String] = []
    var board = board
    for entry in entries(of: folder) where entry.hasPrefix(prefix) {
      guard let leftover = Leftover(name: entry, prefix: prefix),
        leftover.process != getpid()
      else { continue }
      let path = folder + "/" + entry
      var info = stat()
      guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { continue }
      let age = Double(time(nil)) - Double(info.st_mtim.tv_sec)
      guard !isRunning(leftover.process) || age > 3600 else { continue }
      if case .journal = leftover, board == nil {
        // The board first, then the journal: the order every process takes them in.
        board = try? LockedBoardFile.open(
          target, exclusive: true, wait: .upTo(2), path: name, followsLinks: followingLinks)
        guard board != nil else { continue }
      }
      let descriptor = openFile(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY)
      guard descriptor >= 0 else { continue }
      defer { _ = close(descriptor) }
      var opened = stat()
      guard flock(descriptor, LOCK_EX | LOCK_NB) == 0, fstat(descriptor, &opened) == 0,
        opened.st_ino == info.st_ino, opened.st_nlink > 0
      else { continue }
      if case .journal(_, let length) = leftover, let board,
        let journal = try? readAll(descriptor), length <= journal.count,
        let notice = finishInterruptedWrite(
          of: target, in: board, new: Array(journal[..<length]), old: Array(journal[length...]))
      {
        notices.append(notice)
      }
      _ = unlink(path)
    }
    return notices
  }

  /// Deals with an in-place write of the board at `target` (locked as `board`) that was cut
  /// short, given what it meant to write and what the board held before; returns what a person
  /// should hear, if anything.
  static func finishInterruptedWrite(
    of target: String, in board: LockedBoardFile, new: [UInt8], old: [UInt8]
  ) -> String? {
    let name = fileName(of: target)
    guard let now = try? board.read(), now != new && now != old else { return nil }
    if let repaired = repairedTornWrite(now, old: old, new: new) {
      if repaired == now { return nil }
      let writer =
        board.isWritable
        ? dup(board.descriptor) : openFile(target, O_WRONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK)
      if writer >= 0 {
        defer { _ = close(writer) }
        if (try? rewrite(writer, with: repaired)) != nil {
          return "An earlier save of \(name) was cut short while it wrote the file; it was "
            + "finished now."
        }
      }
    }
    let aside = writeAside(new, near: target, label: "unfinished-save")
    return "An earlier save of \(name) was cut short while it wrote the file, and the file "
      + "changed since; the contents that save meant to write are in "
      + "\(aside.map(fileName(of:)) ?? "no file (it could not be written)")."
  }

  /// What a file holding `bytes` should hold after a write of `new` over `old` that may have
  /// stopped partway.
  ///
  /// When `bytes` is what such a write leaves (the start of `new`, then the rest of `old`),
  /// possibly followed by bytes another program appended since: `new` and those bytes. `bytes`
  /// itself when the write never started or had finished; `nil` when `bytes` is neither.
  static func repairedTornWrite(_ bytes: [UInt8], old: [UInt8], new: [UInt8]) -> [UInt8]? {
    var written = 0
    while written < bytes.count && written < new.count && bytes[written] == new[written] {
      written += 1
    }
    // How long the file was when the write stopped, and what came after it.
    let length: Int
    if written <= old.count {
      guard bytes.count >= old.count, bytes[written..<old.count].elementsEqual(old[written...])
      else { return nil }
      length = old.count
    } else {
      length = written
    }
    let stopped = bytes[..<length]
    if stopped.elementsEqual(old) || stopped.elementsEqual(new) { return bytes }
    return new + bytes[length...]
  }

  /// The names in `folder` (none when it cannot be read).
  static func entries(of folder: String) -> [String] {
    guard let directory = opendir(folder) else { return [] }
    defer { closedir(directory) }
    var names: [String] = []
    while let entry = readdir(directory) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
        String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
      }
      names.append(name)
    }
    return names
  }

  /// Whether a process with this ID exists (one of another user counts).
  static func isRunning(_ process: Int32) -> Bool {
    process > 0 && (kill(process, 0) == 0 || errno == EPERM)
  }

  // MARK: - Versions kept for people

  /// Renames the file at `path` to a free name next to `target` that says what it is, like
  /// `board.conflict-2026-11-24T10-30-00.md`, and returns that path; `nil` when no name could
  /// be taken (the file stays where it was).
  static func keepAside(_ path: String, near target: String, label: String = "conflict")
    -> String?
  {
    for candidate in asideNames(near: target, label: label) {
      if arrange_rename_no_replace(path, candidate) == 0 { return candidate }
      var code = errno
      if code == EEXIST { continue }
      guard isUnsupported(code) else { return nil }
      if link(path, candidate) == 0 {
        _ = unlink(path)
        return candidate
      }
      code = errno
      if code == EEXIST { continue }
      return nil
    }
    return nil
  }

  /// Writes `contents` to a new file next to `target` named like ``keepAside(_:near:label:)``'s,
  /// and returns its path; `nil` when that fails.
  static func writeAside(
    _ contents: [UInt8], near target: String, label: String = "conflict"
  ) -> String? {
    for candidate in asideNames(near: target, label: label) {
      let descriptor = openFile(
        candidate, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOCTTY, 0o600)
      guard descriptor >= 0 else {
        if errno == EEXIST { continue }
        return nil
      }
      defer { _ = close(descriptor) }
      guard (try? writeAll(contents, to: descriptor)) != nil, fsync(descriptor) == 0 else {
        _ = unlink(candidate)
        return nil
      }
      return candidate
    }
    return nil
  }

  /// Free names for a kept version of the board at `target`: `STEM.LABEL-DATE.EXT`, then with
  /// `-2`, `-3`… added.
  static func asideNames(near target: String, label: String) -> [String] {
    let folder = directory(of: target)
    let name = fileName(of: target)
    var stem = name
    var suffix = ""
    if let dot = name.lastIndex(of: "."), dot != name.startIndex {
      stem = String(name[..<dot])
      suffix = String(name[dot...])
    }
    if suffix.utf8.count > 16 {
      stem = name
      suffix = ""
    }
    let stamp = localTimestamp()
    let room = maximumNameLength - label.utf8.count - stamp.utf8.count - suffix.utf8.count - 8
    let start = "\(folder)/\(shortened(stem, to: room)).\(label)-\(stamp)"
    return [start + suffix] + (2...50).map { "\(start)-\($0)\(suffix)" }
  }

  /// The local date and time as `2026-11-24T10-30-00`.
  static func localTimestamp() -> String {
    var now = time(nil)
    var parts = tm()
    localtime_r(&now, &parts)
    func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
    return "\(parts.tm_year + 1900)-\(two(parts.tm_mon + 1))-\(two(parts.tm_mday))T"
      + "\(two(parts.tm_hour))-\(two(parts.tm_min))-\(two(parts.tm_sec))"
  }
}
