public import ArrangeGeometry

/// The questions the engine asks the app before it lifts, moves, drops or removes an item.
///
/// Every rule is optional; a `nil` rule takes the default given on it. Rules may change their
/// answers at any time (the engine asks again at every step) and may refuse with a reason, which
/// the engine puts into events and announcements.
///
/// ```swift
/// var rules = DragRules<String>()
/// rules.canDrag = { item, _ in item == "pinned" ? .refuse("Pinned cards stay put") : .allow }
/// rules.capacity = { container in container == ContainerID(2) ? 3 : nil }
/// ```
public struct DragRules<Item: Hashable & Sendable>: Sendable {
  /// Whether `item`, in `container`, may be picked up.
  ///
  /// Default: yes.
  public var canDrag: (@Sendable (_ item: Item, _ container: ContainerID) -> RuleVerdict)?
  /// Whether `item` may move within `container` from index `from` to index `to`.
  ///
  /// Default: yes.
  public var canMove:
    (@Sendable (_ item: Item, _ container: ContainerID, _ from: Int, _ to: Int) -> RuleVerdict)?
  /// Whether `item` may be dropped from `source` into another container `destination` at `index`.
  ///
  /// Default: yes.
  public var canDrop:
    (
      @Sendable (_ item: Item, _ source: ContainerID, _ destination: ContainerID, _ index: Int) ->
        RuleVerdict
    )?
  /// Whether `target` may be displaced by `dragged` in an exchange.
  ///
  /// Default: yes.
  public var canDisplace: (@Sendable (_ target: Item, _ dragged: Item) -> RuleVerdict)?
  /// Whether `item` may be removed by dropping it at `point` (outside every container, or on a
  /// delete zone).
  ///
  /// Default: no outside containers, except in edit mode; yes on a delete zone.
  public var canRemove: (@Sendable (_ item: Item, _ point: Point) -> RuleVerdict)?
  /// Whether `target` accepts `item` dropped into it.
  ///
  /// Default: no.
  public var canDropInto: (@Sendable (_ item: Item, _ target: Item) -> RuleVerdict)?
  /// The most items `container` may hold, or `nil` for no limit.
  ///
  /// Default: no limit.
  public var capacity: (@Sendable (_ container: ContainerID) -> Int?)?
  /// Whether `container` takes this kind of item.
  ///
  /// Default: all items.
  public var accepts: (@Sendable (_ item: Item, _ container: ContainerID) -> RuleVerdict)?
  /// The part of an item whose frame is `frame` that a press must hit to drag it (its grip, or
  /// catch rectangle), in arena coordinates, or `nil` for the whole item.
  ///
  /// A press outside it does not start a drag. Default: whole item.
  public var gripRect: (@Sendable (_ item: Item, _ frame: Rect) -> Rect?)?
  /// Whether `item` may be copied (copy mode); refused copies are not proposed, and the
  /// refusal (``DragRefusal/Kind/cannotCopy``) carries the reason.
  ///
  /// A ``DragHost`` whose model cannot copy an item (a ``DragModel`` item that holds others)
  /// refuses it this way when this rule is `nil`. Default: yes.
  public var canCopy: (@Sendable (_ item: Item) -> RuleVerdict)?
  /// The ID of a new copy of `item` (copy mode).
  ///
  /// Must be new and deterministic for replay.
  /// Without it, copy mode refuses with ``DragRefusal/Kind/cannotCopy``.
  public var copyID: (@Sendable (_ item: Item) -> Item)?
  /// The mode of a drag of `item` from container `source` while it is over container `target`,
  /// or `nil` for the mode it started with (its container's, or the arena's).
  ///
  /// For example, exchanging within a container and inserting across containers:
  /// `rules.mode = { _, source, target in source == target ? .exchange : .move }`.
  /// Moves, exchanges and copies switch freely as the drag crosses containers when operations
  /// are applied on drop: a drag from a list may copy into one container and move into another
  /// (a copy gets its ID from ``copyID`` when it is first proposed). A selection copies, or does
  /// not, as it began (its members were gathered for that): for it, a switch into or out of copy
  /// counts as `nil`. Live, the mode is the one for the origin container, chosen at the lift
  /// (the app's model already shows the drag in that mode), and stays. Default: the mode the drag
  /// started with, everywhere.
  public var mode:
    (@Sendable (_ item: Item, _ source: ContainerID, _ target: ContainerID) -> DragMode?)?
  /// The app's own way to choose a pointer drag's target container, replacing
  /// ``DragConfiguration/strategy`` while it is set.
  ///
  /// Default: `nil` (the configuration's built-in strategy).
  public var targetDetector: TargetDetector?
  /// Whether the proposal in `context` may stand, seeing everything the engine knows: the
  /// action, the target, the pointer, edit mode and which drag asks.
  ///
  /// Asked after every other rule allowed the proposal ("can this item be
  /// moved to this point"). Default: yes.
  public var canPropose: (@Sendable (_ context: DropContext<Item>) -> RuleVerdict)?

  /// Rules with every default.
  public init() {}
}

extension DragRules {
  // Each rule also takes a yes-or-no answer: `rules.canDrag { item, _ in !item.isLocked }`.
  // A `false` refuses without a reason; give one with `RuleVerdict.allow(if:otherwise:)`.

  /// Sets ``canDrag`` from a yes-or-no rule.
  public mutating func canDrag(
    _ rule: @escaping @Sendable (_ item: Item, _ container: ContainerID) -> Bool
  ) {
    canDrag = { .allow(if: rule($0, $1)) }
  }

  /// Sets ``canMove`` from a yes-or-no rule.
  public mutating func canMove(
    _ rule:
      @escaping @Sendable (_ item: Item, _ container: ContainerID, _ from: Int, _ to: Int) -> Bool
  ) {
    canMove = { .allow(if: rule($0, $1, $2, $3)) }
  }

  /// Sets ``canDrop`` from a yes-or-no rule.
  public mutating func canDrop(
    _ rule:
      @escaping @Sendable (
        _ item: Item, _ source: ContainerID, _ destination: ContainerID, _ index: Int
      ) -> Bool
  ) {
    canDrop = { .allow(if: rule($0, $1, $2, $3)) }
  }

  /// Sets ``canDisplace`` from a yes-or-no rule.
  public mutating func canDisplace(
    _ rule: @escaping @Sendable (_ target: Item, _ dragged: Item) -> Bool
  ) {
    canDisplace = { .allow(if: rule($0, $1)) }
  }

  /// Sets ``canRemove`` from a yes-or-no rule.
  public mutating func canRemove(_ rule: @escaping @Sendable (_ item: Item, _ point: Point) -> Bool)
  {
    canRemove = { .allow(if: rule($0, $1)) }
  }

  /// Sets ``canDropInto`` from a yes-or-no rule.
  public mutating func canDropInto(
    _ rule: @escaping @Sendable (_ item: Item, _ target: Item) -> Bool
  ) {
    canDropInto = { .allow(if: rule($0, $1)) }
  }

  /// Sets ``accepts`` from a yes-or-no rule.
  public mutating func accepts(
    _ rule: @escaping @Sendable (_ item: Item, _ container: ContainerID) -> Bool
  ) {
    accepts = { .allow(if: rule($0, $1)) }
  }

  /// Sets ``canPropose`` from a yes-or-no rule.
  public mutating func canPropose(
    _ rule: @escaping @Sendable (_ context: DropContext<Item>) -> Bool
  ) {
    canPropose = { .allow(if: rule($0)) }
  }
}
