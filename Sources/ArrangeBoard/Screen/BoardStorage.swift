/// Where a ``BoardScreen`` keeps its document: a ``BoardFile`` on disk, or anything else that
/// saves bytes the same careful way (tests use one in memory).
public protocol BoardStorage {
  /// The path shown to people (in the status line and in messages).
  var path: String { get }

  /// Saves `contents`, refusing with ``BoardFileError/Kind/changedOnDisk`` when the stored
  /// board changed since it was last read or saved.
  mutating func save(_ contents: [UInt8]) throws(BoardFileError)

  /// Saves `contents` even if the stored board changed meanwhile (the person chose to).
  mutating func overwrite(_ contents: [UInt8]) throws(BoardFileError)

  /// Reads the stored board as it is now, without accepting it; `nil` when there is none.
  func contentsOnDisk() throws(BoardFileError) -> [UInt8]?

  /// Whether the stored board differs from what was last read or saved.
  func hasChangedOnDisk() -> Bool

  /// Accepts `contents` (returned by ``contentsOnDisk()``) as what was last read, so that saves compare
  /// against it.
  mutating func adopt(_ contents: [UInt8]?)
}

extension BoardFile: BoardStorage {}
