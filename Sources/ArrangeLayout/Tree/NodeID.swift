/// The identifier of a node in a ``LayoutTree``: a small integer index into its arena.
///
/// Identifiers stay valid for the life of the tree; a detached node keeps its identifier.
public struct NodeID: Hashable, Sendable, Comparable, CustomStringConvertible {
  /// The index of the node in the tree's arena.
  public let index: Int32

  /// Creates an identifier from an arena index.
  public init(_ index: Int32) {
    self.index = index
  }

  /// Orders identifiers by arena index (creation order).
  public static func < (lhs: NodeID, rhs: NodeID) -> Bool { lhs.index < rhs.index }

  /// The arena index, as `#index`.
  public var description: String { "#\(index)" }
}
