public import ArrangeDragDrop
import ArrangeGeometry
public import ArrangeTerminal

/// Draws drags in a terminal: the ghost under the pointer, the drop indicator, the target's
/// highlight, displaced items, and the animations of lift, drop, cancel and remove.
///
/// A host owns the items and draws them; after each input it passes the engine's effects and
/// presentation to ``update(with:presentation:at:)``, asks ``appearance(of:at:time:)`` and
/// ``isHighlighted(_:)`` while drawing its own items and containers, then lets the renderer draw
/// over them with ``draw(into:at:context:)``. Replace ``BasicDragRenderer`` with your own type to
/// change the look.
public protocol DragRenderer<Item> {
  /// The items dragged.
  associatedtype Item: Hashable & Sendable

  /// Follows the engine: the effects of one input and the presentation after it, at `time`.
  mutating func update(
    with effects: [DragEffect<Item>], presentation: DragPresentation<Item>, at time: Double)

  /// How the host should draw `item`, which sits at `slot`, at `time`.
  func appearance(of item: Item, at slot: Slot, time: Double) -> DragItemAppearance

  /// Whether `container` is the target of a drag and should stand out.
  func isHighlighted(_ container: ContainerID) -> Bool

  /// Draws the drags over the host's frame.
  func draw(into buffer: inout CellBuffer, at time: Double, context: DragDrawingContext<Item>)

  /// Whether an animation is running at `time`, so that frames must keep coming.
  func needsAnimationFrame(at time: Double) -> Bool
}
