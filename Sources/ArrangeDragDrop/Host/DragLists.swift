/// A ready model for a ``DragHost``: a ``DragModel`` whose containers are lists of equal-length
/// items in fixed frames.
public struct DragLists<Item: Hashable & Sendable>: DragHostModel, Hashable, Sendable {
  /// The items.
  ///
  /// Changing them directly tells the engine nothing: use ``DragHost/updateModel(_:)``.
  public var model: DragModel<Item>
  /// Each list's frame.
  public var frames: [ContainerID: Rect]
  /// The length of every item along the lists.
  public var itemLength: Double
  /// The direction the lists run in.
  public var axis: Axis

  /// Creates lists with identifiers 0, 1, 2… in order.
  public init(_ lists: [(items: [Item], frame: Rect)], itemLength: Double, axis: Axis = .vertical) {
    let ids = lists.indices.map { ContainerID($0) }
    model = DragModel(Array(zip(ids, lists.map { $0.items })))
    frames = Dictionary(uniqueKeysWithValues: zip(ids, lists.map { $0.frame }))
    self.itemLength = itemLength
    self.axis = axis
  }

  /// The items of list `id`, in order.
  public func items(in id: ContainerID) -> [Item] { model.items(in: id) }

  /// Replaces the items of list `id` (the app's own edit; see ``DragHost/updateModel(_:)``).
  public mutating func setItems(_ items: [Item], in id: ContainerID) {
    model.setItems(items, in: id)
  }

  /// Applies the operation to the items.
  public mutating func apply(_ operation: DragOperation<Item>) throws(DragModelError) {
    try model.apply(operation)
  }

  /// Whether the model can copy `item`: not an item that holds others (``DragModel/canCopy(_:)``).
  public func canCopy(_ item: Item) -> RuleVerdict { model.canCopy(item) }

  /// The list's items laid out from the start of its frame, `itemLength` each.
  public func geometry(of id: ContainerID) -> ListGeometry<Item>? {
    guard let frame = frames[id] else { return nil }
    return ListGeometry(
      items: model.items(in: id), frame: frame, axis: axis, itemLength: itemLength)
  }
}

extension DragHost {
  /// A host for lists of equal-length items, named for announcements, with identifiers 0, 1,
  /// 2… in order.
  public init<Item>(
    lists: [(name: String, items: [Item], frame: Rect)], itemLength: Double,
    axis: Axis = .vertical, configuration: DragConfiguration = DragConfiguration(),
    rules: DragRules<Item> = DragRules()
  ) where Model == DragLists<Item> {
    self.init(
      model: DragLists(lists.map { ($0.items, $0.frame) }, itemLength: itemLength, axis: axis),
      containers: lists.enumerated().map { (ContainerID($0.offset), $0.element.name) },
      configuration: configuration, rules: rules)
  }
}
