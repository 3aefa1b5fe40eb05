/// What a drop does with the dragged item.
public enum DragMode: String, Hashable, Sendable, CaseIterable {
  /// Reorder within a container (the items between shift) and transfer between containers.
  case move
  /// Swap the dragged item with the item it is dropped on; at any moment the tentative order
  /// is the original one with at most one swap.
  case exchange
  /// Leave the item in its container and put a copy (with an app-supplied ID) where it is
  /// dropped; within its own container the item is reordered instead.
  case copy
}

/// When the app changes its model.
public enum DragApplication: String, Hashable, Sendable, CaseIterable {
  /// Operations arrive once, when the item is dropped (the default).
  case onDrop
  /// Operations arrive as the proposal changes (each tentative change, and its inverse when the
  /// proposal moves on), so the model follows the drag (live transfer between containers, live
  /// exchange). The app reports the new geometry after applying them.
  case live
}

/// How the target container is chosen during a pointer drag.
public enum TargetStrategy: String, Hashable, Sendable, CaseIterable {
  /// The first container, in priority order, that contains the pointer.
  case pointerInside
  /// The container whose frame overlaps the ghost's frame by the largest area, ties going to the
  /// higher priority.
  case largestOverlap
  /// The container whose center is closest to the ghost's center, whatever the distance.
  case closestCenter
  /// The first container, in priority order, that contains the center of the dragged item (its
  /// ghost), wherever the pointer holds it; the slot is chosen by that center too
  /// (the container that owns an item is the one holding its center).
  case itemCenter
}

/// How a press becomes a drag.
public enum DragActivation: Hashable, Sendable {
  /// The drag starts once the pointer has moved `distance` from where it was pressed (mouse).
  case distance(Double)
  /// The drag starts after the pointer has been held for `delay` seconds without moving more than
  /// `tolerance`; moving further first cancels the press (it was a scroll). Touch.
  case longPress(delay: Double, tolerance: Double)
}

/// The kind of device behind a pointer.
public enum PointerKind: String, Hashable, Sendable, CaseIterable {
  /// A mouse or trackpad: activation by distance.
  case mouse
  /// A finger or pen: activation by long press.
  case touch
}

/// Auto-scroll settings: how wide the edge band is and how fast a container scrolls.
public struct AutoScrollConfiguration: Hashable, Sendable {
  /// The edge band's depth as a fraction of the container's length.
  ///
  /// Default 0.2.
  public var bandFraction: Double = 0.2
  /// The deepest an edge band may be.
  ///
  /// Default 60 (points; use 3 for terminal cells).
  public var maximumBand: Double = 60
  /// The speed at the very edge, in units per second.
  ///
  /// Default 1,000.
  public var maximumSpeed: Double = 1_000
  /// How long the speed takes to ramp up from zero after the pointer enters a band.
  ///
  /// Default 0.4 s.
  public var rampDuration: Double = 0.4

  /// The defaults.
  public init() {}
}

/// Arena-wide settings.
public struct DragConfiguration: Hashable, Sendable {
  /// What a drop does.
  ///
  /// Default ``DragMode/move``; containers can override it.
  public var mode: DragMode = .move
  /// When the app receives operations.
  ///
  /// Default ``DragApplication/onDrop``.
  public var application: DragApplication = .onDrop
  /// How the target container is chosen.
  ///
  /// Default ``TargetStrategy/pointerInside``.
  public var strategy: TargetStrategy = .pointerInside
  /// Activation for mouse pointers.
  ///
  /// Default: a 5-point distance threshold.
  public var mouseActivation: DragActivation = .distance(5)
  /// Activation for touch pointers.
  ///
  /// Default: a 0.15 s long press within 10 points.
  public var touchActivation: DragActivation = .longPress(delay: 0.15, tolerance: 10)
  /// Whether items drag only in edit mode.
  ///
  /// Outside edit mode, holding a press for ``editModePressDelay`` (mouse or touch) enters edit
  /// mode instead of dragging, and a press that moves first is not a drag; in edit mode a press
  /// drags at once. Keyboard lifts are explicit and are not gated.
  ///
  /// Default: no (items drag in and out of edit mode).
  public var dragsOnlyInEditMode = false
  /// How long a press outside edit mode must be held to enter it, when
  /// ``dragsOnlyInEditMode`` is on; moving more than 10 points first cancels it.
  ///
  /// Default 0.5 s.
  public var editModePressDelay: Double = 0.5
  /// Whether several pointers may drag at once.
  ///
  /// Default: no (the single-drag lock).
  public var allowsConcurrentDrags = false
  /// The share of an item's length, around its middle, where a drop goes *into* the item (when
  /// `canDropInto` allows).
  ///
  /// Default 0.5.
  public var dropIntoFraction: Double = 0.5
  /// How drags look, for renderers (the engine reads only ``DragAppearance/displacedAlpha``,
  /// into its presentation).
  public var appearance = DragAppearance()
  /// The alpha of the displaced item in exchange mode: ``appearance``'s
  /// ``DragAppearance/displacedAlpha`` (default 0.6).
  public var displacedAlpha: Double {
    get { appearance.displacedAlpha }
    set { appearance.displacedAlpha = newValue }
  }
  /// Auto-scroll settings.
  public var autoScroll = AutoScrollConfiguration()

  /// The defaults.
  public init() {}
}

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
