#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A board file on disk, read whole and saved atomically, that never overwrites a change made
/// by another program without being told to, and never loses one silently.
///
/// ```swift
/// var (file, contents) = try BoardFile.open("board.md")
/// let document = try contents.map(BoardDocument.parse) ?? .sample
/// try file.save(document.serialized())
/// ```
///
/// How a save keeps other writers' work:
/// - **Other `arrange` processes** are serialized: a save locks the file (`flock(2)`; the kernel
///   frees the lock of a process that dies), reads it again under the lock, and only then
///   decides what to write. ``update(_:)`` hands the current bytes to a closure, so a change can
///   be applied to whatever the file holds now.
/// - **Other programs** cannot be locked out, so a save takes a read lease (Linux), which fails
///   while another program has the file open for writing and breaks when one opens it; it
///   checks the file once more just before replacing it, and swaps the new file in with an
///   atomic exchange that leaves the replaced file in hand. A write that still landed on the
///   replaced file in that instant is kept next to the board (``BoardSaveReport/keptAside``).
/// - **The file on disk** is always either the old contents or the new ones: a temporary file
///   in the same folder is written, flushed and renamed over the board. A file with several
///   hard links, or whose owner the new file could not keep, is instead written in place under
///   the lock, after a flushed copy of the new contents (a journal) is on disk.
///
/// Saves go through symbolic links (the link is resolved at each save, so a link swapped in
/// later is followed); permissions, owner and group are kept, and setuid/setgid bits are kept or
/// the save is refused; files the user may not write are refused like an editor refuses a
/// read-only file. Temporary files left by processes that were killed mid-save are removed when
/// a board is opened or saved.
public struct BoardFile: Sendable {
  /// The path as it was given (shown to people).
  public let path: String
  /// The bytes last read or written; `nil` when there was no file.
  public internal(set) var known: [UInt8]?
  /// What opening or saving found that a person should hear about.
  ///
  /// An earlier save that was interrupted, say; the caller shows them and may clear them.
  public var notices: [String] = []
  /// How long a save waits for another `arrange` process to finish its own save, or for another
  /// program to finish writing the file, in seconds.
  public var patience: Double = 10
  /// How many temporary files this value has made, for unique names.
  var temporaryCount = 0
  /// A failure to inject into every following save (tests only).
  var fault: SaveFault?
  /// Code to run at points of a save (tests only: another program's write at a chosen moment).
  var hooks: SaveHooks?
  /// The file that saves write in place because a new file could not keep its owner or group.
  var writesInPlace: String?
  /// The file the path led to when it was opened, symbolic links resolved.
  public let target: String
  /// Whether the path must keep leading to ``target``.
  ///
  /// When it is on and a symbolic link is swapped in for the board (or an existing link is pointed elsewhere), reads and saves are
  /// refused with ``BoardFileError/Kind/redirected`` instead of following the link. A server
  /// turns it on: what it was started on is what it serves and writes.
  public var pinsTarget = false
  /// Whether the board's own name may be a symbolic link, followed to where it leads.
  ///
  /// On for ``open(_:)``. Off (``open(_:followingLinks:)``), the file is opened without
  /// following a link at its name, at every read and save: a link found there, or swapped in at
  /// any moment, is refused with ``BoardFileError/Kind/redirected`` and nothing is read or
  /// written through it.
  public private(set) var followsLinks = true
  /// Whether saves take a read lease (tests that write the file from this very process turn it
  /// off: a lease held by a process makes that process's own writers wait for it).
  var usesLeases = true

  /// Creates a value for the file at `path` whose contents are `known`.
  init(path: String, known: [UInt8]?, target: String? = nil) {
    self.path = path
    self.known = known
    self.target = target ?? path
  }

  /// The file the path leads to now; when ``pinsTarget`` is on, refused unless it is
  /// ``target``.
  func currentTarget() throws(BoardFileError) -> String {
    // Not following links, the name is the file: every open refuses a link there.
    guard followsLinks else { return target }
    let now = try Self.resolve(path)
    guard !pinsTarget || now == target else {
      throw BoardFileError(
        kind: .redirected, path: path,
        message: "\(path) now leads to another file (\(now)) than the one opened "
          + "(\(target)); it is neither read nor written. Put \(target) back, or open the new "
          + "file again.")
    }
    return now
  }

  /// Reads the file at `path`: returns the file and its bytes, or `nil` bytes when there is no
  /// file there yet (the first save creates it).
  ///
  /// Leftovers of saves that were killed are tidied first; an interrupted in-place save that
  /// may have left the board incomplete is reported in ``notices``.
  ///
  /// - Throws: ``BoardFileError`` when the file cannot be read, is a folder or not a regular
  ///   file, or is larger than ``BoardDocument/maximumSize``.
  public static func open(
    _ path: String
  ) throws(BoardFileError) -> (file: BoardFile, contents: [UInt8]?) {
    try open(path, followingLinks: true)
  }

  /// Reads the file at `path` as ``open(_:)`` does; with `followingLinks` off, a symbolic link
  /// at `path` is refused (``BoardFileError/Kind/redirected``), now and at every later read and
  /// save (``followsLinks``), so that nothing outside the folder the path names is ever read
  /// or written through a link swapped in for the board.
  public static func open(
    _ path: String, followingLinks: Bool
  ) throws(BoardFileError) -> (file: BoardFile, contents: [UInt8]?) {
    let target = followingLinks ? try resolve(path) : path
    var file = BoardFile(path: path, known: nil, target: target)
    file.followsLinks = followingLinks
    file.notices = tidyLeftovers(near: target, followingLinks: followingLinks)
    let contents = try file.contentsOnDisk()
    file.known = contents
    return (file, contents)
  }

  /// The refusal of a symbolic link at `path` when links are not followed.
  static func linkRefused(path: String) -> BoardFileError {
    BoardFileError(
      kind: .redirected, path: path,
      message: "\(path) is a symbolic link; it is neither read nor written through it.")
  }

  /// Changes the file under the lock: reads it, passes its bytes (`nil` when there is no file)
  /// to `change`, and saves what `change` returns (`nil`: nothing to save).
  ///
  /// When another program changes the file while the new contents are being written, the save
  /// starts over and `change` sees the new bytes; it may be called several times, always with
  /// what is on disk at that moment. The known contents become what was saved (or what was
  /// read, when nothing is saved).
  ///
  /// - Throws: what `change` throws; ``BoardFileError/Kind/busy`` when another process holds
  ///   the file for longer than ``patience``; ``BoardFileError/Kind/readOnly``,
  ///   ``BoardFileError/Kind/cannotWrite`` or a reading error, each with the file as it was.
  @discardableResult
  public mutating func update(
    _ change: (_ current: [UInt8]?) throws(BoardFileError) -> [UInt8]?
  ) throws(BoardFileError) -> BoardSaveReport {
    let start = monotonicSeconds()
    var delay: UInt32 = 2_000
    while true {
      let target = try currentTarget()
      switch try attemptUpdate(of: target, since: start, change) {
      case .done(let report):
        return report
      case .retry(let reason):
        guard monotonicSeconds() - start < patience else {
          throw BoardFileError(kind: .busy, path: path, message: reason.message(path: path))
        }
        _ = usleep(delay)
        delay = Swift.min(delay * 2, 100_000)
      }
    }
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
  ///   cannot be checked, and the errors of ``update(_:)``.
  @discardableResult
  public mutating func save(_ contents: [UInt8]) throws(BoardFileError) -> BoardSaveReport {
    let known = self.known
    let path = self.path
    return try update { current throws(BoardFileError) in
      guard current == known else {
        throw Self.changedError(path: path, known: known, now: current)
      }
      return contents
    }
  }

  /// Saves `contents` atomically like ``save(_:)``, without checking for changes on disk (the
  /// person chose to overwrite them).
  ///
  /// - Throws: the errors of ``update(_:)``, with the file on disk as it was.
  @discardableResult
  public mutating func overwrite(_ contents: [UInt8]) throws(BoardFileError) -> BoardSaveReport {
    try update { _ throws(BoardFileError) in contents }
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
  ///
  /// The read waits up to ``patience`` for other `arrange` processes that are saving the file,
  /// as a save does: several processes saving in turn on a busy machine can keep the lock for
  /// seconds, and a reader that gave up sooner would fail a command that waiting lets through.
  public func contentsOnDisk() throws(BoardFileError) -> [UInt8]? {
    let target = try currentTarget()
    let file = try LockedBoardFile.open(
      target, exclusive: false, wait: .upTo(patience), path: path, followsLinks: followsLinks)
    do {
      return try file.read()
    } catch {
      throw Self.readError(error, path: path)
    }
  }

  /// Looks at the file as it is now, without waiting and without accepting it: its bytes, its
  /// stamp, and whether another program (or another `arrange`) is writing it.
  public func inspect() throws(BoardFileError) -> BoardFileVersion {
    let target = try currentTarget()
    let file = try LockedBoardFile.open(
      target, exclusive: false, wait: .never, path: path, followsLinks: followsLinks)
    let contents: [UInt8]?
    do {
      contents = try file.read()
    } catch {
      throw Self.readError(error, path: path)
    }
    guard file.exists else {
      return BoardFileVersion(contents: nil, stamp: nil, isBeingWritten: nil)
    }
    var isBeingWritten: Bool?
    switch file.takeLease() {
    case .held: isBeingWritten = false
    case .busy: isBeingWritten = true
    case .unavailable: isBeingWritten = nil
    }
    file.releaseLease()
    if file.wasBusy { isBeingWritten = true }
    // A write between the read and the stamp shows as a stamp that differs next time.
    return BoardFileVersion(
      contents: contents, stamp: file.currentStamp(), isBeingWritten: isBeingWritten)
  }

  /// Makes `contents` what was last read (after ``contentsOnDisk()``, once the caller accepted
  /// the bytes): saves then refuse only if the file changes from these bytes.
  public mutating func adopt(_ contents: [UInt8]?) {
    known = contents
  }

  /// Whether the bytes on disk differ from those last read or saved (a file that cannot be read
  /// counts as changed).
  public func hasChangedOnDisk() -> Bool {
    do {
      return try contentsOnDisk() != known
    } catch {
      return true
    }
  }

  /// The error for a file that is not what was last read or saved.
  static func changedError(path: String, known: [UInt8]?, now current: [UInt8]?) -> BoardFileError {
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

/// Code that tests run at chosen points of a save.
final class SaveHooks: @unchecked Sendable {
  /// A point in a save.
  enum Point: Hashable {
    /// The file was read under the lock, before `change` is asked.
    case read
    /// The new contents are written and flushed; the last check comes next.
    case written
    /// The last check passed; the new file is about to take the board's place.
    case replacing
  }

  let reached: (Point) -> Void

  init(_ reached: @escaping (Point) -> Void) {
    self.reached = reached
  }
}
