public import ArrangeGeometry

/// One pointer event: which pointer, what happened, where and when.
public struct PointerEvent: Hashable, Sendable {
  /// The pointer.
  public var id: PointerID
  /// What happened.
  public var phase: PointerPhase
  /// Where, in arena coordinates.
  public var location: Point
  /// When, in seconds on any clock that does not go backwards.
  public var time: Double
  /// The device kind, which picks the activation.
  public var kind: PointerKind

  /// Creates a pointer event.
  public init(
    _ phase: PointerPhase, at location: Point, time: Double, id: PointerID = PointerID(0),
    kind: PointerKind = .mouse
  ) {
    self.id = id
    self.phase = phase
    self.location = location
    self.time = time
    self.kind = kind
  }
}
