internal import CArrangeFileSystem

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
    /// Putting the temporary file in the board's place (not attempted).
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
    case ENAMETOOLONG: return "the name is too long for this file system (\(system))"
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

/// A file this process made next to the board and holds locked while it exists, so that
/// tidying in other processes leaves it alone.
final class TemporaryFile {
  let path: String
  let descriptor: Int32

  init(path: String, descriptor: Int32) {
    self.path = path
    self.descriptor = descriptor
  }

  deinit { _ = close(descriptor) }
}

extension BoardFile {
  /// How one try at a save ended.
  enum Attempt {
    /// Saved (or nothing to save).
    case done(BoardSaveReport)
    /// Nothing was written; try again in a moment.
    case retry(RetryReason)
  }

  /// Why a save starts over.
  enum RetryReason {
    /// Another program has the file open for writing.
    case beingWritten
    /// The file changed between reading it and replacing it.
    case changedWhileSaving

    /// The message when trying again no longer helps.
    func message(path: String) -> String {
      switch self {
      case .beingWritten:
        return "Not saved over \(path): another program is writing it; nothing was written. "
          + "Try again when it is done."
      case .changedWhileSaving:
        return "Not saved over \(path): another program keeps changing it; nothing was "
          + "written. Try again when it is done."
      }
    }
  }

  /// How long an in-place write waits for other programs to close the file before it goes
  /// ahead without keeping them out, in seconds.
  static var unguardedWriteDelay: Double { 1 }

  /// One try at a save: lock, read, ask `change`, write, check.
  mutating func attemptUpdate(
    of target: String, since start: Double,
    _ change: (_ current: [UInt8]?) throws(BoardFileError) -> [UInt8]?
  ) throws(BoardFileError) -> Attempt {
    // A file with several names, or one whose owner a new file could not keep, is written in
    // place, through the locked descriptor.
    var links = stat()
    let isLinked = stat(target, &links) == 0 && links.st_nlink > 1
    let inPlace = isLinked || writesInPlace == target
    let file = try LockedBoardFile.open(
      target, exclusive: true, wait: .upTo(patience), path: path, writable: inPlace,
      followsLinks: followsLinks)
    // Under the lock, so that no board is read while a killed in-place write is unresolved.
    notices += Self.tidyLeftovers(near: target, holding: file, followingLinks: followsLinks)
    let current: [UInt8]?
    do {
      current = try file.read()
    } catch {
      throw Self.readError(error, path: path)
    }
    hooks?.reached(.read)
    guard let contents = try change(current), contents != current else {
      known = current
      return .done(BoardSaveReport(wrote: false))
    }
    let attempt: Attempt
    if file.exists && (file.info.st_nlink > 1 || writesInPlace == target) {
      try checkWritable(target, file)
      // Renaming would cut this name off from the others: write the one file they share.
      attempt = try writeInPlace(
        contents, over: current ?? [], in: file, target: target, since: start)
    } else if file.isWritable {
      // The other names went meanwhile; a read lease needs a read-only descriptor.
      attempt = .retry(.changedWhileSaving)
    } else {
      if file.exists {
        try checkWritable(target, file)
        if usesLeases && file.takeLease() == .busy { return .retry(.beingWritten) }
      }
      defer { file.releaseLease() }
      attempt =
        try replace(with: contents, over: current, in: file, target: target).map(Attempt.done)
        ?? .retry(.changedWhileSaving)
    }
    if case .done = attempt { known = contents }
    return attempt
  }

  /// Whether the board is still exactly what was read under the lock: same file at the path,
  /// same bytes and stamp, and no program has opened it for writing since the lease was taken.
  func isUntouched(
    _ file: LockedBoardFile, _ current: [UInt8]?, target: String
  ) -> Bool {
    var now = stat()
    guard file.exists else { return lstat(target, &now) != 0 && errno == ENOENT }
    guard file.isLeaseIntact, file.currentStamp() == file.stamp,
      (try? file.read()) == current, stat(target, &now) == 0,
      now.st_dev == file.info.st_dev, now.st_ino == file.info.st_ino
    else { return false }
    return true
  }

  // MARK: - Replacing the file

  /// Writes `contents` to a new file next to the board and puts it in the board's place.
  ///
  /// - Returns: what was done, or `nil` when the board changed meanwhile (nothing replaced).
  mutating func replace(
    with contents: [UInt8], over current: [UInt8]?, in file: LockedBoardFile, target: String
  ) throws(BoardFileError) -> BoardSaveReport? {
    let folder = Self.directory(of: target)
    let name = Self.fileName(of: target)
    let temporary: TemporaryFile
    do {
      temporary = try makeTemporary(in: folder, for: name, suffix: ".tmp")
    } catch {
      throw cannotWrite(error)
    }
    var isTemporaryOurs = true
    defer { if isTemporaryOurs { _ = unlink(temporary.path) } }
    var ownership = Ownership.kept
    do throws(SaveFailure) {
      try writeAll(contents, to: temporary.descriptor)
      if file.exists {
        ownership = try copyOwnership(of: file.info, to: temporary.descriptor)
      } else {
        guard fchmod(temporary.descriptor, 0o666 & ~arrange_current_umask()) == 0 else {
          throw SaveFailure(step: .write(afterBytes: contents.count), code: errno)
        }
      }
      if ownership == .kept {
        if let fault, fault.step == .sync { throw SaveFailure(step: .sync, code: fault.code) }
        try Self.sync(temporary.descriptor)
      }
    } catch {
      throw cannotWrite(error)
    }
    switch ownership {
    case .kept: break
    case .changesHands:
      // The new file would belong to someone else than the board: write the board in place
      // instead, which keeps its owner and group (the user may write it: that was checked).
      writesInPlace = target
      return nil
    case .dropsBits:
      throw BoardFileError(
        kind: .readOnly, path: path,
        message: "Cannot save \(path): it has a setuid or setgid bit that this user cannot "
          + "give the saved file; nothing was written (remove the bit with chmod to save).")
    }
    hooks?.reached(.written)
    guard isUntouched(file, current, target: target) else { return nil }
    hooks?.reached(.replacing)
    if let fault, fault.step == .rename {
      throw cannotWrite(SaveFailure(step: .rename, code: fault.code))
    }
    var keptAside: String?
    if file.exists {
      if arrange_exchange(temporary.path, target) == 0 {
        // The temporary name now holds what was the board an instant ago: the file read under
        // the lock, unless another program got in between.
        isTemporaryOurs = false
        var replaced = stat()
        let isSameFile =
          lstat(temporary.path, &replaced) == 0 && replaced.st_dev == file.info.st_dev
          && replaced.st_ino == file.info.st_ino
        if isSameFile && file.isLeaseIntact && (try? file.read()) == current {
          _ = unlink(temporary.path)
        } else {
          keptAside = Self.keepAside(temporary.path, near: target)
        }
      } else {
        let code = errno
        guard Self.isUnsupported(code) else {
          throw cannotWrite(SaveFailure(step: .rename, code: code))
        }
        // No atomic exchange here: a plain rename, then a look at the replaced file, which is
        // still open.
        guard rename(temporary.path, target) == 0 else {
          throw cannotWrite(SaveFailure(step: .rename, code: errno))
        }
        isTemporaryOurs = false
        if let now = try? file.read(), now != current || !file.isLeaseIntact {
          keptAside = Self.writeAside(now, near: target)
        }
      }
    } else {
      switch Self.createOnly(temporary.path, at: target) {
      case .created: break
      case .taken: return nil
      case .failed(let code): throw cannotWrite(SaveFailure(step: .rename, code: code))
      }
    }
    Self.syncFolder(folder)
    return BoardSaveReport(wrote: true, keptAside: keptAside)
  }

  /// Whether a new file could take the board's owner, group and permission bits.
  enum Ownership: Equatable {
    case kept
    /// The owner or group could not be given to the new file.
    case changesHands
    /// A setuid or setgid bit could not be given to the new file.
    case dropsBits
  }

  /// Gives the new file the board's owner, group and permission bits, as far as the system
  /// lets this user.
  func copyOwnership(of info: stat, to descriptor: Int32) throws(SaveFailure) -> Ownership {
    if info.st_uid != geteuid() || info.st_gid != getegid() {
      // Root may give the file away; others may at least pick one of their groups.
      if fchown(descriptor, info.st_uid, info.st_gid) != 0 {
        _ = fchown(descriptor, uid_t.max, info.st_gid)
      }
    }
    let mode = info.st_mode & 0o7777
    guard fchmod(descriptor, mode) == 0 else {
      throw SaveFailure(step: .write(afterBytes: 0), code: errno)
    }
    var now = stat()
    guard fstat(descriptor, &now) == 0 else {
      throw SaveFailure(step: .write(afterBytes: 0), code: errno)
    }
    guard now.st_uid == info.st_uid, now.st_gid == info.st_gid else { return .changesHands }
    // The system quietly drops a setgid bit it does not let this user set.
    return now.st_mode & 0o7777 == mode ? .kept : .dropsBits
  }

  /// How putting a new file where there was none went.
  enum Creation {
    case created
    /// Another program created the file meanwhile; nothing was replaced.
    case taken
    case failed(Int32)
  }

  /// Puts `temporary` at `target` only if nothing is there: a link (or a rename that refuses to
  /// replace), so that a board another program created meanwhile is never overwritten.
  static func createOnly(_ temporary: String, at target: String) -> Creation {
    if link(temporary, target) == 0 { return .created }
    if errno == EEXIST { return .taken }
    if arrange_rename_no_replace(temporary, target) == 0 { return .created }
    let code = errno
    if code == EEXIST { return .taken }
    guard isUnsupported(code) else { return .failed(code) }
    var info = stat()
    if lstat(target, &info) == 0 { return .taken }
    return rename(temporary, target) == 0 ? .created : .failed(errno)
  }

  /// Whether `code` says the file system cannot do the call (so another way is tried).
  static func isUnsupported(_ code: Int32) -> Bool {
    code == EINVAL || code == ENOSYS || code == ENOTSUP || code == EOPNOTSUPP || code == EPERM
  }

  // MARK: - Writing in place

  /// Writes `contents` over the board's own bytes, keeping the file (its hard links, owner and
  /// group).
  ///
  /// A write lease keeps other programs from opening the file from the last check to the end of
  /// the write (they wait, then see the new contents); a program that keeps the file open for
  /// longer than ``unguardedWriteDelay`` is not waited for. Until the write is done, a flushed
  /// journal next to the board holds the new contents and then the old ones, so that a process
  /// killed halfway leaves enough for the next one to finish the write
  /// (``tidyLeftovers(near:holding:followingLinks:)``). A write that fails puts the old bytes back.
  mutating func writeInPlace(
    _ contents: [UInt8], over current: [UInt8], in file: LockedBoardFile, target: String,
    since start: Double
  ) throws(BoardFileError) -> Attempt {
    let mode = file.info.st_mode
    if geteuid() != 0
      && (mode & S_ISUID != 0 || (mode & S_ISGID != 0 && mode & S_IXGRP != 0))
    {
      throw BoardFileError(
        kind: .readOnly, path: path,
        message: "Cannot save \(path): it has a setuid or setgid bit, which writing it as "
          + "this user would drop; nothing was written (remove the bit with chmod to save).")
    }
    let folder = Self.directory(of: target)
    let journal: TemporaryFile
    do {
      journal = try makeTemporary(
        in: folder, for: Self.fileName(of: target), suffix: "-\(contents.count).journal")
    } catch {
      throw cannotWrite(error)
    }
    defer { _ = unlink(journal.path) }
    do throws(SaveFailure) {
      try writeAll(contents + current, to: journal.descriptor)
      if let fault, fault.step == .sync { throw SaveFailure(step: .sync, code: fault.code) }
      try Self.sync(journal.descriptor)
    } catch {
      throw cannotWrite(error)
    }
    file.releaseLease()
    if usesLeases {
      // Other arrange processes close the file while they wait for the lock; other programs
      // keep it open for a moment at most, or (tail -f) for good: those are not waited for.
      var delay: UInt32 = 500
      while file.takeWriteLease() == .busy
        && monotonicSeconds() - start < Self.unguardedWriteDelay
      {
        _ = usleep(delay)
        delay = Swift.min(delay * 2, 5_000)
      }
    }
    defer { file.releaseLease() }
    var writer = file.descriptor
    if !file.isWritable {
      writer = openFile(target, O_WRONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK)
      guard writer >= 0 else { throw cannotWrite(SaveFailure(step: .rename, code: errno)) }
    }
    defer { if writer != file.descriptor { _ = close(writer) } }
    var info = stat()
    guard fstat(writer, &info) == 0, info.st_dev == file.info.st_dev,
      info.st_ino == file.info.st_ino
    else { return .retry(.changedWhileSaving) }
    hooks?.reached(.written)
    guard isUntouched(file, current, target: target) else { return .retry(.changedWhileSaving) }
    hooks?.reached(.replacing)
    if let fault, fault.step == .rename {
      throw cannotWrite(SaveFailure(step: .rename, code: fault.code))
    }
    // Room first, so that a full disk fails before the first byte of the board changes.
    if contents.count > current.count {
      let code = posix_fallocate(writer, 0, off_t(contents.count))
      if code != 0 && !Self.isUnsupported(code) {
        throw cannotWrite(SaveFailure(step: .write(afterBytes: 0), code: code))
      }
    }
    do throws(SaveFailure) {
      try Self.rewrite(writer, with: contents, failing: fault)
    } catch {
      if (try? Self.rewrite(writer, with: current)) == nil {
        // Neither the new bytes nor the old ones: the new ones go where a person finds them.
        let aside = Self.writeAside(contents, near: target, label: "unfinished-save")
        throw BoardFileError(
          kind: .cannotWrite, path: path,
          message: "Cannot save \(path): \(error.explanation); the file may now be "
            + "incomplete. The contents it was meant to get are in \(aside ?? "no file").")
      }
      throw cannotWrite(error)
    }
    return .done(BoardSaveReport(wrote: true))
  }

  /// Replaces all the bytes of the file open as `descriptor` with `contents`, and flushes it;
  /// a write `fault` stops it partway (tests only).
  static func rewrite(
    _ descriptor: Int32, with contents: [UInt8], failing fault: SaveFault? = nil
  ) throws(SaveFailure) {
    guard lseek(descriptor, 0, SEEK_SET) == 0 else {
      throw SaveFailure(step: .write(afterBytes: 0), code: errno)
    }
    if let fault, case .write(let after) = fault.step {
      try writeAll(contents.prefix(after), to: descriptor)
      throw SaveFailure(step: fault.step, code: fault.code)
    }
    try writeAll(contents, to: descriptor)
    guard ftruncate(descriptor, off_t(contents.count)) == 0 else {
      throw SaveFailure(step: .write(afterBytes: contents.count), code: errno)
    }
    try sync(descriptor)
  }

  // MARK: - Pieces

  /// A new file next to the board, named after it, created exclusively and locked.
  mutating func makeTemporary(
    in folder: String, for name: String, suffix: String
  ) throws(SaveFailure) -> TemporaryFile {
    let prefix = Self.leftoverPrefix(for: name)
    for _ in 0..<100 {
      temporaryCount += 1
      let candidate = "\(folder)/\(prefix)\(getpid())-\(temporaryCount)\(suffix)"
      if let fault, fault.step == .create { throw SaveFailure(step: .create, code: fault.code) }
      let descriptor = openFile(candidate, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC | O_NOCTTY, 0o600)
      guard descriptor >= 0 else {
        if errno == EEXIST { continue }
        throw SaveFailure(step: .create, code: errno)
      }
      while flock(descriptor, LOCK_EX) != 0 && errno == EINTR {}
      var info = stat()
      // Another process's tidying may have removed it between its creation and the lock.
      guard fstat(descriptor, &info) == 0, info.st_nlink > 0 else {
        _ = close(descriptor)
        continue
      }
      return TemporaryFile(path: candidate, descriptor: descriptor)
    }
    throw SaveFailure(step: .create, code: EEXIST)
  }

  /// The error for a failed step.
  func cannotWrite(_ failure: SaveFailure) -> BoardFileError {
    BoardFileError(
      kind: .cannotWrite, path: path, message: "Cannot save \(path): \(failure.explanation).")
  }

  /// Writes all of `contents` to `descriptor`, across short writes and interruptions, failing
  /// as ``fault`` says.
  func writeAll(_ contents: [UInt8], to descriptor: Int32) throws(SaveFailure) {
    var limit = contents.count
    var failure: Int32?
    if let fault, case .write(let after) = fault.step {
      limit = Swift.max(0, Swift.min(after, contents.count))
      failure = fault.code
    }
    try Self.writeAll(contents[..<limit], to: descriptor)
    if let failure { throw SaveFailure(step: .write(afterBytes: limit), code: failure) }
  }

  /// Writes all of `contents` to `descriptor`, across short writes and interruptions.
  static func writeAll(_ contents: ArraySlice<UInt8>, to descriptor: Int32) throws(SaveFailure) {
    var written = 0
    while written < contents.count {
      let count = contents.withUnsafeBytes { buffer in
        write(descriptor, buffer.baseAddress.map { $0 + written }, buffer.count - written)
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
  }

  /// Writes all of `contents` to `descriptor`.
  static func writeAll(_ contents: [UInt8], to descriptor: Int32) throws(SaveFailure) {
    try writeAll(contents[...], to: descriptor)
  }

  /// `fsync(2)`, retried when a signal interrupts it.
  static func sync(_ descriptor: Int32) throws(SaveFailure) {
    while fsync(descriptor) != 0 {
      let code = errno
      if code != EINTR { throw SaveFailure(step: .sync, code: code) }
    }
  }

  /// Flushes the folder, so that a rename lasts through a crash.
  ///
  /// Some file systems cannot flush a folder, which is not worth failing a save that happened.
  static func syncFolder(_ folder: String) {
    let directory = openFile(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard directory >= 0 else { return }
    try? sync(directory)
    _ = close(directory)
  }
}
