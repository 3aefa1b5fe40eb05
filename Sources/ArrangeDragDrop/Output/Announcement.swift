/// A structured accessibility announcement, with 1-based positions.
///
/// Front ends turn it into speech or a status line; ``text(name:)`` gives the English sentence.
public enum Announcement<Item: Hashable & Sendable>: Hashable, Sendable {
  /// "Picked up *item*, position 2 of 5 in *To Do*".
  case pickedUp(Item, position: Int, of: Int, in: String)
  /// "Moved to *Done*, position 1 of 3".
  case moved(Item, position: Int, of: Int, in: String)
  /// "Will swap with *other* in *Done*".
  case willExchange(Item, with: Item, in: String)
  /// "Will go into *other*".
  case willDropInto(Item, into: Item)
  /// "Will be removed".
  case willRemove(Item)
  /// "Will return to position 2 in *To Do*".
  case willReturn(Item, position: Int, in: String)
  /// "*Done* is full", "Cannot drop here", with the app's reason when it gave one.
  case refused(Item?, DragRefusal, containerName: String?)
  /// "Dropped *item* in *Done*, position 1 of 3".
  case dropped(Item, position: Int, of: Int, in: String)
  /// "Swapped *item* with *other*".
  case exchanged(Item, with: Item)
  /// "Put *item* into *other*".
  case droppedInto(Item, into: Item)
  /// "Removed *item*".
  case removed(Item)
  /// "Copied *item* to *Done*, position 1 of 3".
  case copied(Item, position: Int, of: Int, in: String)
  /// "Cancelled, *item* returned to position 2 in *To Do*".
  case cancelled(Item, position: Int, in: String)
  /// "*item* did not move".
  case didNotMove(Item)
  /// "Picked up 3 items" (a selection lifted with *item*).
  case pickedUpGroup(Item, count: Int)
  /// "Moved 3 items to *Done*, positions 2–4 of 6".
  case movedGroup(Item, count: Int, first: Int, of: Int, in: String)
  /// "Dropped 3 items in *Done*, positions 2–4 of 6".
  case droppedGroup(Item, count: Int, first: Int, of: Int, in: String)
  /// "Will copy 3 items to *Done*, positions 2–4 of 9": a selection over a container it copies
  /// to.
  case copyingGroup(Item, count: Int, first: Int, of: Int, in: String)
  /// "Copied 3 items to *Done*, positions 2–4 of 9".
  case copiedGroup(Item, count: Int, first: Int, of: Int, in: String)
  /// "3 items will be removed".
  case willRemoveGroup(Item, count: Int)
  /// "Removed 3 items".
  case removedGroup(Item, count: Int)
  /// "3 items will return where they were".
  case willReturnGroup(Item, count: Int)
  /// "Dropped 3 items where they were".
  case didNotMoveGroup(Item, count: Int)
  /// "Cancelled, 3 items returned where they were".
  case cancelledGroup(Item, count: Int)
  /// "*item*: Cannot drop in *Done*": a member of a selection that a rule refused.
  case refusedMember(Item, DragRefusal, containerName: String?)
  /// "Undone".
  case undone
  /// "Cannot undo: *item* is no longer there": the last drop's item is in no container now (the
  /// app took it away); that drop is forgotten.
  case cannotUndo(Item)
  /// "Cannot redo: *item* is no longer there" (or is back already).
  case cannotRedo(Item)
  /// "Redone".
  case redone
  /// "Nothing to undo" (also during a drag).
  case nothingToUndo
  /// "Nothing to redo" (also during a drag).
  case nothingToRedo

  /// The English sentence, naming items with `name`.
  ///
  /// ```swift
  /// Announcement<String>.pickedUp("Write report", position: 2, of: 5, in: "To Do")
  ///   .text { $0 }  // "Picked up Write report, position 2 of 5 in To Do"
  /// ```
  public func text(name: (Item) -> String) -> String { text(items: "items", name: name) }

  /// The English sentence, naming items with `name` and counting them with `noun` ("3 cards").
  public func text(items noun: String, name: (Item) -> String) -> String {
    switch self {
    case .pickedUpGroup(_, let count):
      return "Picked up \(count) \(noun)"
    case .movedGroup(_, let count, let first, let total, let container):
      return
        "Moved \(count) \(noun) to \(container), positions \(first)–\(first + count - 1) of \(total)"
    case .droppedGroup(_, let count, let first, let total, let container):
      return
        "Dropped \(count) \(noun) in \(container), positions \(first)–\(first + count - 1) of \(total)"
    case .copyingGroup(_, let count, let first, let total, let container):
      return
        "Will copy \(count) \(noun) to \(container), positions \(first)–\(first + count - 1) of \(total)"
    case .copiedGroup(_, let count, let first, let total, let container):
      return
        "Copied \(count) \(noun) to \(container), positions \(first)–\(first + count - 1) of \(total)"
    case .willRemoveGroup(_, let count):
      return "\(count) \(noun) will be removed"
    case .removedGroup(_, let count):
      return "Removed \(count) \(noun)"
    case .willReturnGroup(_, let count):
      return "\(count) \(noun) will return where they were"
    case .didNotMoveGroup(_, let count):
      return "Dropped \(count) \(noun) where they were"
    case .cancelledGroup(_, let count):
      return "Cancelled, \(count) \(noun) returned where they were"
    case .refusedMember(let item, let refusal, let container):
      return "\(name(item)): \(Self.sentence(for: refusal, container: container))"
    case .pickedUp(let item, let position, let count, let container):
      return "Picked up \(name(item)), position \(position) of \(count) in \(container)"
    case .moved(_, let position, let count, let container):
      return "Moved to \(container), position \(position) of \(count)"
    case .willExchange(_, let other, let container):
      return "Will swap with \(name(other)) in \(container)"
    case .willDropInto(_, let target):
      return "Will go into \(name(target))"
    case .willRemove:
      return "Will be removed"
    case .willReturn(_, let position, let container):
      return "Will return to position \(position) in \(container)"
    case .refused(_, let refusal, let container):
      return Self.sentence(for: refusal, container: container)
    case .dropped(let item, let position, let count, let container):
      return "Dropped \(name(item)) in \(container), position \(position) of \(count)"
    case .exchanged(let item, let other):
      return "Swapped \(name(item)) with \(name(other))"
    case .droppedInto(let item, let target):
      return "Put \(name(item)) into \(name(target))"
    case .removed(let item):
      return "Removed \(name(item))"
    case .copied(let item, let position, let count, let container):
      return "Copied \(name(item)) to \(container), position \(position) of \(count)"
    case .cancelled(let item, let position, let container):
      return "Cancelled, \(name(item)) returned to position \(position) in \(container)"
    case .didNotMove(let item):
      return "Dropped \(name(item)) where it was"
    case .undone:
      return "Undone"
    case .cannotUndo(let item):
      return "Cannot undo: \(name(item)) is no longer there"
    case .cannotRedo(let item):
      return "Cannot redo: \(name(item)) is no longer there"
    case .redone:
      return "Redone"
    case .nothingToUndo:
      return "Nothing to undo"
    case .nothingToRedo:
      return "Nothing to redo"
    }
  }

  private static func sentence(for refusal: DragRefusal, container: String?) -> String {
    if let reason = refusal.reason { return reason }
    let place = container ?? "this container"
    switch refusal.kind {
    case .notDraggable: return "This item cannot be moved"
    case .anotherDragInProgress: return "Another drag is in progress"
    case .itemAlreadyDragged: return "This item is already being dragged"
    case .cannotMove: return "Cannot move there"
    case .cannotDrop: return "Cannot drop in \(place)"
    case .notAccepted: return "\(place) does not take this item"
    case .containerFull: return "\(place) is full"
    case .cannotDisplace: return "Cannot swap with that item"
    case .cannotRemove: return "Cannot remove this item"
    case .cannotDropInto: return "Cannot put it there"
    case .cannotCopy: return "Cannot copy this item"
    case .refusedByRule: return "Cannot drop it there"
    }
  }
}
