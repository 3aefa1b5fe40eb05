/// A position in a container: the container and a zero-based index.
///
/// In a `move`, the destination index is the item's index *after* the move (as in
/// `Array.insert` after removing the item), so moving to the last position of a container of
/// `n` items is index `n - 1` when the item comes from the same container and `n` when it comes
/// from another one.
public struct Slot: Hashable, Sendable, CustomStringConvertible {
  /// The container.
  public var container: ContainerID
  /// The zero-based index in the container.
  public var index: Int

  /// Creates a slot.
  @inlinable
  public init(_ container: ContainerID, _ index: Int) {
    self.container = container
    self.index = index
  }

  /// `container,index`, like the seeds' index paths (`0,3`).
  public var description: String { "\(container.rawValue),\(index)" }
}
