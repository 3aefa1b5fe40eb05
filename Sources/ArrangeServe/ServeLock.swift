import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The mark a running server leaves on its board: a lock file beside it (`.NAME.serve-lock`),
/// held with `flock(2)` while the server runs and holding its address, so that a second server
/// on the same board refuses to start and says where the first one is.
///
/// Two servers on one board would each hold changes the other has not seen, and each would
/// wait for the other's writes to settle. The kernel frees the lock of a process that dies, so a
/// lock file left by a killed server stops nothing.
struct ServeLock: Sendable {
  let descriptor: Int32
  let path: String

  /// Takes the lock of the board whose file is `target` (`board` is the path as given, for
  /// messages), or says which server holds it.
  static func take(for target: String, board: String) throws -> ServeLock {
    let folder = (target as NSString).deletingLastPathComponent
    let name = (target as NSString).lastPathComponent
    let beside = (folder.isEmpty ? "." : folder) + "/.\(name).serve-lock"
    var descriptor = open(beside, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o644)
    var path = beside
    if descriptor < 0 {
      // A folder this user may not write: lock in the temporary folder, by the folder's
      // identity, so that the same board by another path still meets the same lock.
      var info = stat()
      guard stat(folder.isEmpty ? "." : folder, &info) == 0 else {
        return ServeLock(descriptor: -1, path: "")
      }
      path =
        NSTemporaryDirectory() + "arrange-\(getuid())-\(info.st_dev)-\(info.st_ino)-"
        + String(
          name.utf8.reduce(UInt64(14_695_981_039_346_656_037)) {
            ($0 ^ UInt64($1)) &* 1_099_511_628_211
          }, radix: 16) + ".serve-lock"
      descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600)
      guard descriptor >= 0 else { return ServeLock(descriptor: -1, path: "") }
    }
    guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
      var bytes = [UInt8](repeating: 0, count: 512)
      let count = pread(descriptor, &bytes, bytes.count, 0)
      close(descriptor)
      let holder = String(decoding: bytes.prefix(max(0, count)), as: UTF8.self)
        .filter { $0.isASCII && !$0.isNewline && $0 != "\u{1B}" }
      throw BoardServer.StartError(
        message: "\(board) is already served by another arrange serve"
          + (holder.isEmpty ? "" : " at \(holder)")
          + ". Open the address that server printed, or stop it first: two servers on one "
          + "board would each keep changes the other does not see.")
    }
    return ServeLock(descriptor: descriptor, path: path)
  }

  /// Writes the server's address in the lock file.
  func record(_ address: String) {
    guard descriptor >= 0 else { return }
    _ = ftruncate(descriptor, 0)
    let bytes = Array((address + "\n").utf8)
    _ = pwrite(descriptor, bytes, bytes.count, 0)
  }

  /// Gives the lock up and removes the file.
  func release() {
    guard descriptor >= 0 else { return }
    unlink(path)
    close(descriptor)
  }
}
