public import ArrangeGeometry

// Names that changed, kept for at least one minor version so that code written against them
// still builds, with a warning that names the new one.

/// When the app changes its model: renamed ``OperationTiming``.
@available(*, deprecated, renamed: "OperationTiming")
public typealias DragApplication = OperationTiming

extension DragConfiguration {
  /// When the app receives operations: renamed ``operationTiming``.
  @available(*, deprecated, renamed: "operationTiming")
  public var application: OperationTiming {
    get { operationTiming }
    set { operationTiming = newValue }
  }
}

extension DragRules {
  /// The part of an item a press must hit to drag it: renamed ``gripRect``.
  @available(*, deprecated, renamed: "gripRect")
  public var handle: (@Sendable (_ item: Item, _ frame: Rect) -> Rect?)? {
    get { gripRect }
    set { gripRect = newValue }
  }
}
