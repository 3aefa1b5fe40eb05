/// How a drag looks and moves, for renderers: one value with the seeds' defaults.
///
/// The engine does not draw; renderers read these numbers. A pixel renderer uses all of them. A
/// character-grid renderer maps what a cell can show (it cannot scale or blend) and says how.
/// The defaults are those of the exchange controller the engine's exchange mode comes from:
///
/// ```swift
/// let appearance = DragAppearance()
/// appearance.catchScale        // 1.2: the snapshot grows when it is picked up
/// appearance.animationDuration // 0.2 s
/// ```
public struct DragAppearance: Hashable, Sendable {
  /// How long the lift, the settling of a drop or cancel, and neighbours sliding take.
  ///
  /// In seconds.
  ///
  /// Default 0.2.
  public var animationDuration: Double = 0.2
  /// The scale the lifted snapshot grows to when it is caught.
  ///
  /// Default 1.2.
  public var catchScale: Double = 1.2
  /// The scale the snapshot has while it is dragged, after the catch.
  ///
  /// Default 1.05.
  public var releaseScale: Double = 1.05
  /// The opacity of the dragged snapshot.
  ///
  /// Default 0.8.
  public var snapshotAlpha: Double = 0.8
  /// The opacity of an item displaced by an exchange, until the drop.
  ///
  /// Default 0.6.
  public var displacedAlpha: Double = 0.6
  /// How long a touch must be held before it lifts the item, in seconds: the delay of
  /// ``DragConfiguration/touchActivation``'s long press, which reads it from here.
  ///
  /// Default 0.15.
  public var pressDuration: Double = 0.15

  /// The defaults.
  public init() {}
}
