/// Why a ``BoardSession``'s document is not saved yet, as a case a front end can decide by,
/// with the sentence to tell the person.
///
/// A front end promises by the case: a change that waits for the file to settle, or for the
/// person to settle a conflict, is kept and saved later; one that could not be written is kept
/// and tried again, but nothing says when it will be on disk. The sentence may be reworded at
/// any time; the case says what happened.
public enum BoardUnsavedReason: Hashable, Sendable {
  /// Another program is writing the file: the change is saved once the file has settled, at a
  /// later ``BoardSession/poll(at:)``.
  case settling(String)
  /// The file changed on disk in a way the change cannot be combined with: saving waits for
  /// ``BoardSession/reload()`` or ``BoardSession/overwrite()``.
  case conflict(String)
  /// Writing failed (the disk is full, the folder cannot be written, …): tried again at the
  /// next poll.
  case notWritten(String)

  /// The sentence for the person.
  public var message: String {
    switch self {
    case .settling(let message), .conflict(let message), .notWritten(let message): return message
    }
  }

  /// Whether the change will be saved without anything failing again: the file is settling, or
  /// the person is asked (a reload or an overwrite decides).
  public var isAwaited: Bool {
    switch self {
    case .settling, .conflict: return true
    case .notWritten: return false
    }
  }
}
