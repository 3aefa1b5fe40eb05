/// What a ``DragHost`` asks of the app: apply operations to its model, and say where the items
/// of each container are.
///
/// ``DragLists`` is a ready one (a ``DragModel`` shown as lists in fixed frames).
public protocol DragHostModel<Item> {
  /// The items that are dragged.
  associatedtype Item: Hashable & Sendable
  /// The geometry of one container.
  associatedtype Geometry: ContainerGeometry<Item>
  /// Why an operation could not be applied.
  associatedtype Failure: Error

  /// Applies one operation, or throws and changes nothing.
  mutating func apply(_ operation: DragOperation<Item>) throws(Failure)

  /// The geometry of container `id` for the model as it is now, or `nil` when there is no such
  /// container. Its scroll offset does not matter: the host keeps the engine's.
  func geometry(of id: ContainerID) -> Geometry?

  /// Follows an auto-scroll: container `id` now shows its content from `offset`.
  ///
  /// The default does nothing (the engine keeps the offset, and the host reports it back with
  /// every geometry).
  mutating func scroll(_ id: ContainerID, to offset: Double)

  /// Whether the model can take a copy of `item` (copy mode); asked through
  /// ``DragRules/canCopy`` when the app sets no such rule, so that a copy the model would refuse
  /// is refused, with its reason, before it is proposed.
  ///
  /// The default allows every copy.
  func canCopy(_ item: Item) -> RuleVerdict
}

extension DragHostModel {
  /// Does nothing: the engine keeps the offset.
  public mutating func scroll(_ id: ContainerID, to offset: Double) {}

  /// Allows every copy.
  public func canCopy(_ item: Item) -> RuleVerdict { .allow }
}

/// A model's copy rule as the model was when an input began, for the engine to ask during that
/// input.
///
/// The rule is a plain closure made where the model's type is known, so the `@Sendable` rule
/// the engine holds captures this box alone, not the model's type and its conformance.
final class ModelCopyRule<Item>: @unchecked Sendable {
  // Unchecked: it is read only during the host's own call into the engine, on the host's thread.
  let verdict: (Item) -> RuleVerdict

  init<Model: DragHostModel<Item>>(_ model: Model) { verdict = { model.canCopy($0) } }
}
