import ArrangeGeometry

/// The state of one drag in progress (internal; apps read it through ``DragEngine`` accessors
/// and ``DragPresentation``).
struct DragSession<Item: Hashable & Sendable>: Sendable {
  enum Phase: Hashable, Sendable {
    /// Pressed, waiting for the activation (distance or long press).
    case pressing(start: Point, time: Double, activation: DragActivation)
    /// Dragging.
    case dragging
  }

  var id: SessionID
  var item: Item
  var phase: Phase
  /// Where the item was when it was lifted, kept in step with operations emitted since.
  var origin: Slot
  /// Where the item is in the app's model now: the origin, or its live position.
  var location: Slot
  /// Where the live copy is (copy mode, live application).
  var copyLocation: Slot?
  var mode: DragMode
  var pointer: Point
  var grabOffset: Point
  var itemSize: Size
  var time: Double
  var proposal: DropProposal<Item>
  /// The operations applied live so far, relative to the model before the lift.
  var live: [DragOperation<Item>] = []
  /// The ID of the copy, asked for once per session.
  var copyID: Item?
  /// The keyboard drag's target: a container and an index (a final index for moves, the index of
  /// the item to swap with for exchanges).
  var keyboardTarget: Slot?
  /// Auto-scroll: the container whose band the pointer is in, and since when.
  var band: (container: ContainerID, entered: Double, scrolledUntil: Double)?
  /// The app's geometry no longer shows the item.
  ///
  /// Apps report containers one at a time, so this is only settled (the drag cancelled) at the
  /// next pointer, key or tick input.
  var isMissing = false

  var isDragging: Bool { phase == .dragging }

  var ghostFrame: Rect {
    Rect(origin: pointer - grabOffset, size: itemSize)
  }
}
