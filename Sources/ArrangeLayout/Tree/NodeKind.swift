/// What a node of a ``LayoutTree`` is.
public enum NodeKind: UInt8, Hashable, Sendable {
  /// A node with no children, sized by its style and, optionally, a measure function.
  case leaf
  /// A horizontal or vertical group (``GroupStyle``).
  case group
  /// A wrapping flow of its children (``FlowStyle``).
  case flow
}
