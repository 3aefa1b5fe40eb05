public import ArrangeGeometry

/// The questions the engine asks the app (BetweenKit's data source assertions, SS's delegate).
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
  /// The catch rectangle (handle) of an item whose frame is `frame`, in arena coordinates, or `nil`
  /// for the whole item.
  ///
  /// A press outside it does not start a drag. Default: whole item.
  public var handle: (@Sendable (_ item: Item, _ frame: Rect) -> Rect?)?
  /// The ID of a new copy of `item` (copy mode).
  ///
  /// Must be new and deterministic for replay.
  /// Without it, copy mode refuses with ``DragRefusal/Kind/cannotCopy``.
  public var copyID: (@Sendable (_ item: Item) -> Item)?

  /// Rules with every default.
  public init() {}
}
