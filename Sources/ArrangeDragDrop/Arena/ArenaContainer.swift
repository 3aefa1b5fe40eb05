/// One container of an arena: its identity, its name for announcements, its options and its
/// current geometry.
public struct ArenaContainer<Geometry: ContainerGeometry>: Sendable {
  /// The container's identity.
  public var id: ContainerID
  /// The name used in announcements ("To Do").
  public var name: String
  /// The container's mode when a drag starts in it, overriding the arena's.
  public var mode: DragMode?
  /// Whether dropping onto the container removes the item (a trash can).
  public var isDeleteZone: Bool
  /// The current geometry.
  public var geometry: Geometry

  /// Creates a container.
  public init(
    id: ContainerID, name: String, geometry: Geometry, mode: DragMode? = nil,
    isDeleteZone: Bool = false
  ) {
    self.id = id
    self.name = name
    self.mode = mode
    self.isDeleteZone = isDeleteZone
    self.geometry = geometry
  }
}
