import ArrangeDragDrop
public import ArrangeGeometry
import ArrangeTerminal

/// What a drag renderer may ask the host about its screen while drawing.
public struct DragDrawingContext<Item: Hashable & Sendable> {
  /// The text that stands for an item (the ghost shows it).
  public var label: (Item) -> String
  /// Where an item sits at rest now, in cells, or `nil` when it is not on screen.
  public var frameOfItem: (Item) -> Rect?

  /// Creates a context.
  public init(label: @escaping (Item) -> String, frameOfItem: @escaping (Item) -> Rect?) {
    self.label = label
    self.frameOfItem = frameOfItem
  }
}
