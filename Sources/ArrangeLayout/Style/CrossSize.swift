/// How a child's size along its parent group's cross axis is chosen.
public enum CrossSize: Hashable, Sendable {
  /// Stretch when the child's effective alignment is ``CrossAlignment/stretch``, fit otherwise.
  case automatic
  /// An explicit length.
  case points(Double)
  /// A percentage of the group's cross extent (inside its padding).
  case percent(Double)
  /// The child's own measured size.
  case fit
  /// The full cross extent of the group, whatever the alignment.
  case stretch
}
