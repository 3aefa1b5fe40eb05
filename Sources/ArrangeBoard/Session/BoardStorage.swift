/// Where a ``BoardSession`` keeps its document: a ``BoardFile`` on disk, or anything else that
/// saves bytes the same careful way (tests use one in memory).
public protocol BoardStorage {
  /// The path shown to people (in the status line and in messages).
  var path: String { get }

  /// The bytes last read or saved; `nil` when there was nothing stored.
  var known: [UInt8]? { get }

  /// Changes the stored board under its lock: passes the bytes stored now (`nil`: none) to
  /// `change` and stores what it returns (`nil`: nothing), which become the known bytes.
  @discardableResult
  mutating func update(
    _ change: (_ current: [UInt8]?) throws(BoardFileError) -> [UInt8]?
  ) throws(BoardFileError) -> BoardSaveReport

  /// Looks at the stored board as it is now, without accepting it.
  func inspect() throws(BoardFileError) -> BoardFileVersion

  /// What opening or saving found that a person should hear about (an interrupted save, say).
  var notices: [String] { get }

  /// Accepts `contents` (seen through ``inspect()``) as what was last read, so that saves compare
  /// against it.
  mutating func adopt(_ contents: [UInt8]?)
}

extension BoardFile: BoardStorage {}
