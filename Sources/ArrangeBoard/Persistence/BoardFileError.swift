/// Why a board file could not be read or saved.
///
/// The message is a sentence for people that names the file and the reason, for example
/// `Cannot save board.md: the folder is read-only (Permission denied).`
public struct BoardFileError: Error, Hashable, Sendable, CustomStringConvertible {
  /// What went wrong.
  public enum Kind: Hashable, Sendable {
    /// The file exists but cannot be read.
    case unreadable
    /// The path names a folder or something else that is not a regular file.
    case notAFile
    /// The file is larger than ``BoardDocument/maximumSize``.
    case tooLarge
    /// The file on disk is not what was last read or saved: another program changed, created
    /// or deleted it.
    case changedOnDisk
    /// Writing the new contents failed; the file on disk is as it was.
    case cannotWrite
    /// The file may not be changed by this user (its permissions, an immutable or append-only
    /// flag, a read-only disk, or a setuid/setgid bit that saving would drop); nothing was
    /// written.
    case readOnly
    /// Another program is writing the file right now, or another `arrange` process held it for
    /// too long; nothing was written, and trying again later may succeed.
    case busy
    /// The path now leads to another file than the one the board was opened from (a symbolic
    /// link swapped in for it, or pointed elsewhere): nothing is read from or written through
    /// it while ``BoardFile/pinsTarget`` is on.
    case redirected
  }

  /// What went wrong.
  public var kind: Kind
  /// The path of the board file, as it was given.
  public var path: String
  /// A sentence for people.
  public var message: String

  /// Creates an error.
  public init(kind: Kind, path: String, message: String) {
    self.kind = kind
    self.path = path
    self.message = message
  }

  /// The message.
  public var description: String { message }
}
