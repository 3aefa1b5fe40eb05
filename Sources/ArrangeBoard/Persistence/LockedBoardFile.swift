internal import CArrangeFileSystem

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The board file opened read-only and locked with `flock(2)` against other `arrange` processes,
/// or the absence of a file at the path.
///
/// The lock is on the file itself, not on a lock file beside it: a save replaces the file, so a
/// process that locked the old one finds, once it has the lock, that the path names another file,
/// and locks that one instead. The kernel drops the lock when the process ends, however it ends,
/// so a process killed in the middle of a save never blocks the next one. Programs other than
/// `arrange` do not take the lock; the read lease (``takeLease()``) is what notices them.
final class LockedBoardFile {
  /// The open file, or -1 when there is no file at the path.
  let descriptor: Int32
  /// The file's status, taken once the lock was held (zero when there is no file).
  let info: stat
  /// Whether ``descriptor`` is open for writing as well as reading.
  let isWritable: Bool
  /// Whether a read lease is held on ``descriptor``.
  private(set) var hasLease = false

  /// Whether there is a file.
  var exists: Bool { descriptor >= 0 }

  /// The file's stamp, or `nil` when there is no file.
  var stamp: BoardFileVersion.Stamp? { exists ? Self.stamp(of: info) : nil }

  private init(descriptor: Int32, info: stat, isWritable: Bool = false) {
    self.descriptor = descriptor
    self.info = info
    self.isWritable = isWritable
  }

  deinit {
    // Closing gives up the lock and the lease.
    if descriptor >= 0 { _ = close(descriptor) }
  }

  /// How a lock is waited for.
  enum Wait {
    /// Until the lock is free or this many seconds have passed, then a ``BoardFileError/Kind/busy``
    /// error.
    case upTo(Double)
    /// Not at all: when another process holds the lock, the file is opened unlocked and
    /// ``LockedBoardFile/wasBusy`` is set.
    case never
  }

  /// Set when the file was opened without the lock because another process held it.
  private(set) var wasBusy = false

  /// Opens the file at `target` and locks it, exclusively for a save or shared for a read;
  /// `writable` opens it for writing too, when this user may.
  ///
  /// A file that cannot be locked at all (some network file systems) is used unlocked.
  ///
  /// - Throws: ``BoardFileError`` naming `path` when the file cannot be opened, is not a regular
  ///   file, or stays locked by another process for longer than `wait` allows.
  ///
  /// With `followsLinks` off, a symbolic link at `target` is not followed but refused
  /// (``BoardFileError/Kind/redirected``): the check of what the name is and the open are one
  /// step, so a link swapped in between them is never followed.
  static func open(
    _ target: String, exclusive: Bool, wait: Wait, path: String, writable: Bool = false,
    followsLinks: Bool = true
  ) throws(BoardFileError) -> LockedBoardFile {
    let start = monotonicSeconds()
    var delay: UInt32 = 500
    while true {
      let flags = O_CLOEXEC | O_NONBLOCK | O_NOCTTY | (followsLinks ? 0 : O_NOFOLLOW)
      var isWritable = writable
      var descriptor = writable ? openFile(target, O_RDWR | flags) : -1
      if descriptor < 0 {
        isWritable = false
        descriptor = openFile(target, O_RDONLY | flags)
      }
      guard descriptor >= 0 else {
        let code = errno
        if code == ENOENT { return LockedBoardFile(descriptor: -1, info: stat()) }
        if code == ELOOP && !followsLinks { throw BoardFile.linkRefused(path: path) }
        // Another arrange holds a write lease for an in-place write: like its lock, it is
        // given up in a moment.
        guard code == EWOULDBLOCK || code == EAGAIN else {
          throw BoardFile.readError(.unreadable(code), path: path)
        }
        var limit = 0.5
        if case .upTo(let seconds) = wait { limit = seconds }
        if monotonicSeconds() - start >= limit {
          throw BoardFile.readError(.unreadable(code), path: path)
        }
        _ = usleep(delay)
        delay = Swift.min(delay * 2, 20_000)
        continue
      }
      var info = stat()
      guard fstat(descriptor, &info) == 0 else {
        let code = errno
        _ = close(descriptor)
        throw BoardFile.readError(.unreadable(code), path: path)
      }
      let type = info.st_mode & S_IFMT
      guard type == S_IFREG else {
        _ = close(descriptor)
        throw BoardFile.readError(.notAFile(isFolder: type == S_IFDIR), path: path)
      }
      let operation = (exclusive ? LOCK_EX : LOCK_SH) | LOCK_NB
      if flock(descriptor, operation) == 0 {
        // Another process may have replaced the file while this one waited for the lock: then
        // the lock is on a file that is no longer the board.
        var now = stat()
        if stat(target, &now) == 0, now.st_dev == info.st_dev, now.st_ino == info.st_ino,
          fstat(descriptor, &info) == 0
        {
          return LockedBoardFile(descriptor: descriptor, info: info, isWritable: isWritable)
        }
        _ = close(descriptor)
        continue
      }
      let code = errno
      if code == EINTR {
        _ = close(descriptor)
        continue
      }
      guard code == EWOULDBLOCK || code == EAGAIN else {
        // The file system cannot lock (ENOLCK, EINVAL): go on without.
        return LockedBoardFile(descriptor: descriptor, info: info, isWritable: isWritable)
      }
      switch wait {
      case .never:
        let file = LockedBoardFile(descriptor: descriptor, info: info, isWritable: isWritable)
        file.wasBusy = true
        return file
      case .upTo(let seconds):
        _ = close(descriptor)
        if monotonicSeconds() - start >= seconds {
          let holder = lockHolder(of: info).map { " (now process \($0))" } ?? ""
          throw BoardFileError(
            kind: .busy, path: path,
            message: "Cannot save \(path): other arrange processes\(holder) kept it locked "
              + "for over \(Int(seconds.rounded(.up))) s; nothing was written. Try again.")
        }
        _ = usleep(delay)
        delay = Swift.min(delay * 2, 5_000)
      }
    }
  }

  /// The file's bytes, read from the start (so that reading again sees changes).
  func read() throws(BoardFile.ReadFailure) -> [UInt8]? {
    guard exists else { return nil }
    return try BoardFile.readAll(descriptor)
  }

  /// The file's status now, through the open descriptor.
  func currentStamp() -> BoardFileVersion.Stamp? {
    guard exists else { return nil }
    var now = stat()
    guard fstat(descriptor, &now) == 0 else { return nil }
    return Self.stamp(of: now)
  }

  /// What taking a read lease found.
  enum Lease: Equatable {
    /// The lease is held: no other process has the file open for writing, and one that opens
    /// it for writing now waits until the lease is given up (and breaks it).
    case held
    /// Another process has the file open for writing.
    case busy
    /// The system cannot say (another user's file, a file system without leases).
    case unavailable
  }

  /// Takes a read lease on the file, which tells whether another program is writing it.
  func takeLease() -> Lease {
    guard exists else { return .unavailable }
    if arrange_take_read_lease(descriptor) == 0 {
      hasLease = true
      return .held
    }
    return errno == EAGAIN ? .busy : .unavailable
  }

  /// Takes a write lease on the file (open for writing here): while it is held, other
  /// processes that open the file wait until it is given up, so none of them can write between
  /// the last check and the end of an in-place write.
  ///
  /// It is `.busy` while any other process has the file open.
  func takeWriteLease() -> Lease {
    guard exists, isWritable else { return .unavailable }
    if arrange_take_write_lease(descriptor) == 0 {
      hasLease = true
      return .held
    }
    return errno == EAGAIN ? .busy : .unavailable
  }

  /// Whether no other program has opened the file for writing since the read lease was taken
  /// (always `true` without a lease).
  var isLeaseIntact: Bool {
    guard hasLease, !isWritable else { return true }
    return arrange_read_lease_is_intact(descriptor) == 1
  }

  /// Gives the lease up.
  func releaseLease() {
    guard hasLease else { return }
    arrange_release_lease(descriptor)
    hasLease = false
  }

  static func stamp(of info: stat) -> BoardFileVersion.Stamp {
    BoardFileVersion.Stamp(
      device: UInt64(info.st_dev), inode: UInt64(info.st_ino), size: Int64(info.st_size),
      modified: Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec),
      changed: Int64(info.st_ctim.tv_sec) * 1_000_000_000 + Int64(info.st_ctim.tv_nsec))
  }

  /// The process holding an exclusive `flock` on the file, from `/proc/locks` (Linux), for
  /// messages.
  static func lockHolder(of info: stat) -> Int? {
    guard let bytes = try? BoardFile.contents(of: "/proc/locks") else { return nil }
    let inode = ":\(info.st_ino) "
    for line in String(decoding: bytes, as: UTF8.self).split(separator: "\n")
    where line.contains("FLOCK") && line.contains("WRITE") && line.contains(inode) {
      let fields = line.split(separator: " ")
      if let index = fields.firstIndex(of: "WRITE"), index + 1 < fields.count {
        return Int(fields[index + 1])
      }
    }
    return nil
  }
}

/// Seconds on the monotonic clock.
func monotonicSeconds() -> Double {
  var time = timespec()
  clock_gettime(CLOCK_MONOTONIC, &time)
  return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}
