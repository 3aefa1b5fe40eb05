/// Why a file could not be read as a board, with the line to look at.
///
/// The message is a sentence for people that names the line, for example
/// `line 7: a column needs a name after "## ".`
public struct BoardParseError: Error, Hashable, Sendable, CustomStringConvertible {
  /// What is wrong with the file.
  public enum Kind: Hashable, Sendable {
    /// A line is not valid UTF-8.
    case invalidUTF8
    /// The file contains a NUL byte, so it is not text.
    case binary
    /// A column heading has no name.
    case emptyColumnName
    /// The file is larger than ``BoardDocument/maximumSize``.
    case tooLarge
  }

  /// What is wrong with the file.
  public var kind: Kind
  /// The 1-based number of the line at fault, or 0 when the whole file is at fault.
  public var line: Int
  /// A sentence for people that names the line.
  public var message: String

  /// Creates an error.
  public init(kind: Kind, line: Int, message: String) {
    self.kind = kind
    self.line = line
    self.message = message
  }

  /// The message.
  public var description: String { message }
}
