/// What a card holds besides its title, read from its indented lines in taskell's format:
/// `    @ 2024-05-01` (the due date), `    > text` (description lines) and `    * [ ] step`
/// (subtasks, `[x]` when done).
public struct CardDetails: Hashable, Sendable {
  /// One subtask: its title and whether it is done.
  public struct Subtask: Hashable, Sendable {
    /// The text after the checkbox, trimmed.
    public var title: String
    /// Whether the checkbox is ticked (`[x]`).
    public var isDone: Bool

    /// Creates a subtask value.
    public init(title: String, isDone: Bool) {
      self.title = title
      self.isDone = isDone
    }
  }

  /// The description, one entry per `>` line, in order.
  public var description: [String]
  /// The due date as written after `@`, if the card has one.
  public var due: String?
  /// The subtasks, in order.
  public var subtasks: [Subtask]

  /// Creates a value.
  public init(description: [String] = [], due: String? = nil, subtasks: [Subtask] = []) {
    self.description = description
    self.due = due
    self.subtasks = subtasks
  }
}
