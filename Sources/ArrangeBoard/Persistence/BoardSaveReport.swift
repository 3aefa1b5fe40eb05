/// What a save did.
public struct BoardSaveReport: Hashable, Sendable {
  /// Whether new bytes were written (a change that left the bytes as they were writes nothing).
  public var wrote: Bool
  /// Another program's version of the file that landed while this save was replacing it, kept
  /// next to the board under this path instead of being lost; `nil` in the usual case.
  ///
  /// When it is set, the save went through, and a person should compare the two files.
  public var keptAside: String?

  /// Creates a report.
  public init(wrote: Bool, keptAside: String? = nil) {
    self.wrote = wrote
    self.keptAside = keptAside
  }
}
