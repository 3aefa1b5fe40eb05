internal import CArrangeFileSystem

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension BoardFile {
  /// Refuses, before anything is written, to save a board this user may not change, the way an
  /// editor refuses to write a read-only file: replacing it through the folder would otherwise
  /// succeed and hand the file to this user.
  ///
  /// - Throws: ``BoardFileError/Kind/readOnly`` saying why: the permissions (with the mode and
  ///   the owner), an immutable or append-only flag, or a read-only disk.
  func checkWritable(_ target: String, _ file: LockedBoardFile) throws(BoardFileError) {
    var reason: String?
    let flags = arrange_file_flags(file.descriptor)
    if flags >= 0 && flags & arrange_flag_immutable != 0 {
      reason = "it is marked immutable (chattr +i), so nobody may change it"
    } else if flags >= 0 && flags & arrange_flag_append_only != 0 {
      reason = "it is append-only (chattr +a), so it cannot be rewritten"
    } else if faccessat(AT_FDCWD, target, W_OK, AT_EACCESS) != 0 {
      switch errno {
      case EACCES:
        let mode = String(file.info.st_mode & 0o7777, radix: 8)
        reason =
          "it is read-only for you (mode \(String(repeating: "0", count: 4 - mode.count))\(mode), "
          + "owner \(Self.userName(file.info.st_uid)))"
      case EPERM: reason = "the system does not allow changing it (\(describe(EPERM)))"
      case EROFS: reason = "the disk is read-only (\(describe(EROFS)))"
      default: break
      }
    }
    guard let reason else { return }
    throw BoardFileError(
      kind: .readOnly, path: path, message: "Cannot save \(path): \(reason); nothing was written.")
  }

  /// The name of the user with ID `user`, or the number when it has none.
  static func userName(_ user: uid_t) -> String {
    guard let entry = getpwuid(user), let name = entry.pointee.pw_name else { return "\(user)" }
    return String(cString: name)
  }
}
