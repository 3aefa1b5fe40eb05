#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A failure to inject into a save, so tests can check that a failed save leaves the old file
/// and no temporary file behind.
struct SaveFault: Hashable, Sendable {
  /// The step of the save that fails.
  enum Step: Hashable, Sendable {
    /// Creating the temporary file.
    case create
    /// Writing the temporary file, after this many bytes were written.
    case write(afterBytes: Int)
    /// Flushing the temporary file to disk.
    case sync
    /// Renaming the temporary file over the board (the rename is not attempted).
    case rename
  }

  /// The step that fails.
  var step: Step
  /// The `errno` it fails with.
  var code: Int32
}

/// A step of a save that failed, with the system's `errno`.
struct SaveFailure: Error, Hashable {
  /// The step that failed.
  var step: SaveFault.Step
  /// The system's error number.
  var code: Int32

  /// Why the save failed, for the end of "Cannot save board.md: …".
  var explanation: String {
    let system = describe(code)
    switch code {
    case EACCES, EPERM:
      if case .create = step { return "the folder is read-only (\(system))" }
      if case .rename = step { return "the folder is read-only (\(system))" }
      return "permission was refused (\(system))"
    case EROFS: return "the disk is read-only (\(system))"
    case ENOSPC, EDQUOT: return "the disk is full (\(system))"
    case ENOENT where step == .create: return "the folder does not exist (\(system))"
    default: break
    }
    switch step {
    case .create: return "cannot create a temporary file in the folder (\(system))"
    case .write: return "writing failed (\(system))"
    case .sync: return "the disk did not confirm the write (\(system))"
    case .rename: return "cannot replace the file (\(system))"
    }
  }
}

extension BoardFile {
  /// Replaces the board with `contents`, atomically.
  ///
  /// Writes a temporary file in the same folder, flushes it, gives it the board's permission
  /// bits (and owner, when allowed), renames it over the board and flushes the folder. On
  /// failure the temporary file is removed.
  mutating func replace(with contents: [UInt8]) throws(SaveFailure) {
    let folder = Self.directory(of: target)
    let name = Self.fileName(of: target)
    var old = stat()
    let exists = stat(target, &old) == 0
    let mode: mode_t = exists ? old.st_mode & 0o777 : 0o644

    var descriptor: Int32 = -1
    var temporary = ""
    // Another value or process may use the same name; O_EXCL never reuses a file.
    for _ in 0..<100 {
      temporaryCount += 1
      temporary = "\(folder)/.\(name).arrange-\(getpid())-\(temporaryCount).tmp"
      if let fault, fault.step == .create { throw SaveFailure(step: .create, code: fault.code) }
      descriptor = openFile(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
      if descriptor >= 0 || errno != EEXIST { break }
    }
    guard descriptor >= 0 else { throw SaveFailure(step: .create, code: errno) }

    do throws(SaveFailure) {
      try writeAll(contents, to: descriptor)
      if exists && (old.st_uid != geteuid() || old.st_gid != getegid()) {
        // Keeps a shared board's owner when the system allows it (root); not an error if not.
        _ = fchown(descriptor, old.st_uid, old.st_gid)
      }
      guard fchmod(descriptor, mode) == 0 else {
        throw SaveFailure(step: .write(afterBytes: contents.count), code: errno)
      }
      if let fault, fault.step == .sync { throw SaveFailure(step: .sync, code: fault.code) }
      try Self.sync(descriptor)
      let closed = close(descriptor)
      descriptor = -1
      // EINTR from close still closes the file on Linux, and the data is already synced.
      guard closed == 0 || errno == EINTR else {
        throw SaveFailure(step: .sync, code: errno)
      }
      if let fault, fault.step == .rename { throw SaveFailure(step: .rename, code: fault.code) }
      guard rename(temporary, target) == 0 else { throw SaveFailure(step: .rename, code: errno) }
    } catch {
      if descriptor >= 0 { _ = close(descriptor) }
      _ = unlink(temporary)
      throw error
    }
    // The rename is done; flushing the folder makes it last through a crash. Some file systems
    // cannot flush a folder, which is not worth failing a save that happened.
    let directory = openFile(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    if directory >= 0 {
      try? Self.sync(directory)
      _ = close(directory)
    }
  }

  /// Writes all of `contents` to `descriptor`, across short writes and interruptions.
  func writeAll(_ contents: [UInt8], to descriptor: Int32) throws(SaveFailure) {
    var limit = contents.count
    var failure: Int32?
    if let fault, case .write(let after) = fault.step {
      limit = Swift.max(0, Swift.min(after, contents.count))
      failure = fault.code
    }
    var written = 0
    while written < limit {
      let count = contents.withUnsafeBytes { buffer in
        write(descriptor, buffer.baseAddress.map { $0 + written }, limit - written)
      }
      if count < 0 {
        let code = errno
        if code == EINTR { continue }
        throw SaveFailure(step: .write(afterBytes: written), code: code)
      }
      // A regular file never takes zero bytes; stop rather than loop forever.
      guard count > 0 else { throw SaveFailure(step: .write(afterBytes: written), code: EIO) }
      written += count
    }
    if let failure { throw SaveFailure(step: .write(afterBytes: written), code: failure) }
  }

  /// `fsync(2)`, retried when a signal interrupts it.
  static func sync(_ descriptor: Int32) throws(SaveFailure) {
    while fsync(descriptor) != 0 {
      let code = errno
      if code != EINTR { throw SaveFailure(step: .sync, code: code) }
    }
  }
}
