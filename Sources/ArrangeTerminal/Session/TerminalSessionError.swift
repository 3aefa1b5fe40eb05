/// Why a terminal session could not start or run.
public struct TerminalSessionError: Error, Hashable, Sendable, CustomStringConvertible {
  /// What went wrong.
  public enum Kind: Hashable, Sendable {
    /// Standard input or output is not a terminal (a pipe, a file, CI).
    case notATerminal
    /// A system call failed.
    case system
  }

  /// What went wrong.
  public var kind: Kind
  /// One sentence for people, saying what to do.
  public var message: String

  /// Creates an error.
  public init(_ kind: Kind, _ message: String) {
    self.kind = kind
    self.message = message
  }

  /// The message.
  public var description: String { message }
}
