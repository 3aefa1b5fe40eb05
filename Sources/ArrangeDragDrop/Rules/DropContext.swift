public import ArrangeGeometry

/// Everything the engine knows about a proposal, for ``DragRules/canPropose``.
public struct DropContext<Item: Hashable & Sendable>: Hashable, Sendable {
  /// The dragged item.
  public var item: Item
  /// Where the drag started.
  public var origin: Slot
  /// What dropping now would do.
  public var action: DropAction<Item>
  /// The container under the drag, if any.
  public var container: ContainerID?
  /// The pointer (or, for a keyboard drag, the centre of the slot it targets), in arena
  /// coordinates.
  public var point: Point
  /// Whether the engine is in edit mode.
  public var isEditing: Bool
  /// The drag asking: a pointer or the keyboard.
  public var session: SessionID
  /// The drag's mode (move, exchange, copy).
  public var mode: DragMode
  /// The items dragged together, in selection order, ``item`` among them; empty for a drag of
  /// one item.
  ///
  /// A selection's proposal is asked about each member in turn (``item`` and ``origin`` are that
  /// member's), with the same ``action``: where the group would land, or its removal.
  public var group: [Item]

  /// Creates a context.
  public init(
    item: Item, origin: Slot, action: DropAction<Item>, container: ContainerID?, point: Point,
    isEditing: Bool, session: SessionID, mode: DragMode, group: [Item] = []
  ) {
    self.group = group
    self.item = item
    self.origin = origin
    self.action = action
    self.container = container
    self.point = point
    self.isEditing = isEditing
    self.session = session
    self.mode = mode
  }
}
