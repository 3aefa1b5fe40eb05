/// Arena-wide settings.
public struct DragConfiguration: Hashable, Sendable {
  /// What a drop does.
  ///
  /// Default ``DragMode/move``; containers can override it.
  public var mode: DragMode = .move
  /// When the app receives operations.
  ///
  /// Default ``OperationTiming/onDrop``.
  public var operationTiming: OperationTiming = .onDrop
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
  /// A long press lasts ``appearance``'s ``DragAppearance/pressDuration``: there is one number
  /// for it, and setting either sets it (`appearance.pressDuration = 0.4` makes a touch lift after
  /// 0.4 s; `touchActivation = .longPress(delay: 0.4, tolerance: 10)` sets `pressDuration` to
  /// 0.4). Default: a long press of 0.15 s within 10 points.
  public var touchActivation: DragActivation {
    get {
      guard case .longPress(_, let tolerance) = touchKind else { return touchKind }
      return .longPress(delay: appearance.pressDuration, tolerance: tolerance)
    }
    set {
      guard case .longPress(let delay, let tolerance) = newValue else {
        touchKind = newValue
        return
      }
      // The delay lives in the appearance only, so that the two can never disagree.
      touchKind = .longPress(delay: 0, tolerance: tolerance)
      appearance.pressDuration = delay
    }
  }
  /// The touch activation, with a long press's delay left out (it is
  /// ``DragAppearance/pressDuration``).
  private var touchKind: DragActivation = .longPress(delay: 0, tolerance: 10)
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
  /// Whether, in edit mode, an item dropped outside every container is removed when
  /// `DragRules.canRemove` gives no verdict (a phone's home screen deletes it).
  ///
  /// Default: yes. With no, it returns to its place, as it does outside edit mode (a flow
  /// layout keeps its views).
  public var removesOutsideInEditMode = true
  /// Whether several pointers may drag at once.
  ///
  /// Default: no (the single-drag lock).
  public var allowsConcurrentDrags = false
  /// The most transactions undo remembers.
  ///
  /// Beyond it the oldest are forgotten, so that a long session's memory stays bounded; 0
  /// remembers none. Default 1,000.
  public var undoLimit = 1_000
  /// The share of an item's length, around its middle, where a drop goes *into* the item (when
  /// `canDropInto` allows).
  ///
  /// Default 0.5.
  public var dropIntoFraction: Double = 0.5
  /// Where on an item of the dragged item's own container the dragged item takes its place: the
  /// share of the item's length, from its edge nearest the dragged item's place, that the pointer
  /// must pass (SortableJS's `swapThreshold`).
  ///
  /// 0 (the default): once the pointer passes the item's middle, the rule of the *slot* (the
  /// number of other items whose middle lies before the pointer). 1: as soon as the pointer is on
  /// the item. Values between move the line from the middle towards the near edge; negative
  /// values move it past the middle towards the far edge (-0.5: three quarters of the item in,
  /// SortableJS's `invertSwap` with an `invertedSwapThreshold` of 0.5; -1: only once the pointer
  /// is past the item). Values out of `-1 ... 1` are clamped. Places in other containers follow
  /// the middle rule.
  public var swapThreshold: Double = 0
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
