/// A committed change to the items of an arena, named by item IDs with both positions.
///
/// Every operation has an exact ``inverse``; applying an operation and then its inverse leaves a
/// model exactly as it was. Positions are those of the model the operation is applied to, in the
/// order the operations are emitted.
public enum DragOperation<Item: Hashable & Sendable>: Hashable, Sendable {
  /// Takes `item` out of `from` and inserts it so that it ends at `to` (see ``Slot``); `before`
  /// names the item it now sits in front of, or `nil` at the end of the container.
  case move(Item, from: Slot, to: Slot, before: Item?)
  /// Swaps two items: the first (at `at`) and the one it is exchanged `with` (at `otherAt`) trade
  /// places.
  case exchange(Item, at: Slot, with: Item, otherAt: Slot)
  /// Inserts `copy`, a new item standing for a copy of `original`, at `to`; the source keeps
  /// `original`.
  case copy(Item, as: Item, to: Slot)
  /// Removes `item` from `from`, with everything dropped into it (see
  /// ``DragModel/removedContents``).
  case remove(Item, from: Slot)
  /// Inserts `item` at `at`, with what it held when it was removed: the inverse of
  /// ``remove(_:from:)``.
  case insert(Item, at: Slot)
  /// Takes `item` out of `from` and puts it inside the item `into` (a folder, a stack).
  case dropInto(Item, from: Slot, into: Item)
  /// Takes `item` out of the item `from` and inserts it at `to`: the inverse of
  /// ``dropInto(_:from:into:)``.
  case takeOut(Item, from: Item, to: Slot)

  /// Whether the operation takes an item from, or puts one into, container `id`.
  @inlinable
  func touches(_ id: ContainerID) -> Bool {
    switch self {
    case .move(_, let from, let to, _): return from.container == id || to.container == id
    case .exchange(_, let first, _, let second):
      return first.container == id || second.container == id
    case .copy(_, _, let to), .insert(_, let to), .takeOut(_, _, let to): return to.container == id
    case .remove(_, let from), .dropInto(_, let from, _): return from.container == id
    }
  }

  /// The operation that undoes this one exactly.
  public var inverse: DragOperation {
    switch self {
    case .move(let item, let from, let to, _):
      // The inverse's anchor is not known without the model; `nil` means "not checked".
      return .move(item, from: to, to: from, before: nil)
    case .exchange(let first, let firstSlot, let second, let secondSlot):
      return .exchange(first, at: secondSlot, with: second, otherAt: firstSlot)
    case .copy(_, let copy, let to):
      return .remove(copy, from: to)
    case .remove(let item, let from):
      return .insert(item, at: from)
    case .insert(let item, let at):
      return .remove(item, from: at)
    case .dropInto(let item, let from, let target):
      return .takeOut(item, from: target, to: from)
    case .takeOut(let item, let target, let to):
      return .dropInto(item, from: to, into: target)
    }
  }

  /// The item the operation is about (the dragged one; for a copy, the original).
  public var item: Item {
    switch self {
    case .move(let item, _, _, _), .exchange(let item, _, _, _), .copy(let item, _, _),
      .remove(let item, _), .insert(let item, _), .dropInto(let item, _, _),
      .takeOut(let item, _, _):
      return item
    }
  }
}

extension Slot {
  /// Where an item that sat at this slot is after `operation` moved *other* items around it.
  ///
  /// The engine uses it to keep the positions of concurrent drags and of its own records in step
  /// with the operations it emits.
  @inlinable
  func adjusted<Item>(after operation: DragOperation<Item>) -> Slot {
    var slot = self
    func removed(at other: Slot) {
      if other.container == slot.container && other.index < slot.index { slot.index -= 1 }
    }
    func inserted(at other: Slot) {
      if other.container == slot.container && other.index <= slot.index { slot.index += 1 }
    }
    switch operation {
    case .move(_, let from, let to, _):
      removed(at: from)
      inserted(at: to)
    case .exchange:
      break
    case .copy(_, _, let to), .insert(_, let to), .takeOut(_, _, let to):
      inserted(at: to)
    case .remove(_, let from), .dropInto(_, let from, _):
      removed(at: from)
    }
    return slot
  }
}

extension DragOperation {
  /// The same operation restated for a model from which the item at `excluded` is left out (the
  /// space of final indices), for an operation that does not concern that item.
  @inlinable
  func withoutItem(at excluded: Slot) -> DragOperation {
    func before(_ slot: Slot, _ anchor: Slot) -> Slot {
      slot.container == anchor.container && slot.index > anchor.index
        ? Slot(slot.container, slot.index - 1) : slot
    }
    switch self {
    case .move(let item, let from, let to, let anchor):
      // After the removal at `from`, the excluded item may sit one place earlier.
      let afterRemoval = excluded.adjusted(after: DragOperation.remove(item, from: from))
      return .move(
        item, from: before(from, excluded), to: before(to, afterRemoval), before: anchor)
    case .remove(let item, let from):
      return .remove(item, from: before(from, excluded))
    case .dropInto(let item, let from, let target):
      return .dropInto(item, from: before(from, excluded), into: target)
    case .insert(let item, let at):
      return .insert(item, at: before(at, excluded))
    case .copy(let item, let copy, let to):
      return .copy(item, as: copy, to: before(to, excluded))
    case .takeOut(let item, let holder, let to):
      return .takeOut(item, from: holder, to: before(to, excluded))
    case .exchange:
      return self
    }
  }
}
