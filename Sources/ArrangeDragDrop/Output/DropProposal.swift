/// The current proposal of a drag: the action, the container under the drag, and the refusal that
/// kept a better action from being proposed, if any.
public struct DropProposal<Item: Hashable & Sendable>: Hashable, Sendable {
  /// What a drop would do.
  public var action: DropAction<Item>
  /// The container the drag is over (per the target strategy), if any.
  public var container: ContainerID?
  /// Why the action is not what the pointer asked for.
  public var refusal: DragRefusal?

  /// Whether two proposals are the same (written out so that callers specialize it).
  @inlinable
  public static func == (lhs: DropProposal, rhs: DropProposal) -> Bool {
    lhs.container == rhs.container && lhs.action == rhs.action && lhs.refusal == rhs.refusal
  }

  /// Creates a proposal.
  public init(_ action: DropAction<Item>, container: ContainerID?, refusal: DragRefusal? = nil) {
    self.action = action
    self.container = container
    self.refusal = refusal
  }
}
