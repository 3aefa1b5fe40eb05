/// The committed operations of one drag (or of an undo or redo): an undo unit.
public struct DragTransaction<Item: Hashable & Sendable>: Hashable, Sendable {
  /// The operations, in the order they apply.
  public var operations: [DragOperation<Item>]

  /// Creates a transaction.
  public init(_ operations: [DragOperation<Item>]) { self.operations = operations }

  /// The transaction that undoes this one: each inverse, in reverse order.
  public var inverse: DragTransaction {
    DragTransaction(operations.reversed().map { $0.inverse })
  }
}
