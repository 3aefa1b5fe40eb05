// What an arena's last input did, as the numbers the host reads (the layouts of
// ArrangeWasmCodes.swift): events with the drag each is about, refusals and announcements.

import ArrangeDragDrop

extension Arena {
  /// Keeps `event` for the host, with the drag it is about, and the words of a refusal.
  func record(_ event: DragEvent<Int32>) {
    var values: [Int32]
    var about: SessionID? = nil
    switch event {
    case .began(let session, let item, let origin):
      values = [
        EventKind.lifted.rawValue, item, Int32(origin.container.rawValue), Int32(origin.index),
      ]
      about = session
    case .proposalChanged(let session, let proposal):
      let item = engine.draggedItem(for: session) ?? -1
      var slot: Slot?
      var into: Int32 = -1
      switch proposal.action {
      case .move(let to), .copy(let to), .exchange(_, let to): slot = to
      case .into(let target, let to):
        slot = to
        into = target
      case .remove: into = -2
      default: break
      }
      values = [
        EventKind.placeChanged.rawValue, item, Int32(slot?.container.rawValue ?? -1),
        Int32(slot?.index ?? -1), into,
      ]
      if let refused = proposal.refusal { refusal = numbers(of: refused) }
      about = session
    case .dropped(let session, _):
      values = [EventKind.dropped.rawValue, -1, session == .keyboard ? 1 : 0, -1]
      about = session
    case .cancelled(let session, let item):
      values = [EventKind.cancelled.rawValue, item, -1, -1]
      about = session
    case .refused(let session, let refused):
      values = [EventKind.refused.rawValue, -1, Int32(refused.container?.rawValue ?? -1), -1]
      refusal = numbers(of: refused)
      about = session
    case .groupLifted(let session, let members):
      values = [EventKind.groupLifted.rawValue, -1, Int32(members.count), -1]
      about = session
    case .editModeBegan: values = [EventKind.editModeBegan.rawValue, -1, -1, -1]
    case .editModeEnded: values = [EventKind.editModeEnded.rawValue, -1, -1, -1]
    default: return
    }
    events.append(values)
    // The drag's number: its pointer's, -1 the keyboard's, -2 none.
    switch about {
    case .pointer(let pointer)?: eventDrags.append(Int32(truncatingIfNeeded: pointer.rawValue))
    case .keyboard?: eventDrags.append(-1)
    case nil: eventDrags.append(-2)
    }
  }

  /// A refusal as two numbers, its kind and its container.
  ///
  /// The kind is a `RefusalKind`; the container is -1 when none is concerned. The host words it,
  /// with its own reasons.
  func numbers(of refused: DragRefusal) -> [Int32] {
    var values = [Int32](repeating: -1, count: RefusalField.allCases.count)
    values[RefusalField.kind] = refusalCode(refused.kind).rawValue
    values[RefusalField.container] = Int32(refused.container?.rawValue ?? -1)
    return values
  }

  /// An announcement as eight numbers, for the host to word in its own language: a kind, the
  /// item, a position (a group's first), a count (the items in the container), the container,
  /// another item, how many items travel together and a refusal's kind (-1 where they do not
  /// apply; positions and counts are 1-based).
  ///
  /// The kinds are `AnnouncementKind`'s; the offsets `SaidField`'s.
  func numbers(of announcement: Announcement<Int32>) -> [Int32] {
    switch announcement {
    case .pickedUp(let item, let position, let count, let container):
      return said(.pickedUp, item, position, count, in: container)
    case .moved(let item, let position, let count, let container):
      return said(.moved, item, position, count, in: container)
    case .willExchange(let item, let other, let container):
      return said(.willSwap, item, in: container, other: other)
    case .willReturn(let item, let position, let container):
      return said(.willReturn, item, position, in: container)
    case .refused(let item, let refused, let container):
      return said(.refused, item, in: container, refused: refused)
    case .dropped(let item, let position, let count, let container):
      return said(.dropped, item, position, count, in: container)
    case .exchanged(let item, let other): return said(.swapped, item, other: other)
    case .copied(let item, let position, let count, let container):
      return said(.copied, item, position, count, in: container)
    case .cancelled(let item, let position, let container):
      return said(.cancelled, item, position, in: container)
    case .didNotMove(let item): return said(.didNotMove, item)
    case .willRemove(let item): return said(.willRemove, item)
    case .removed(let item): return said(.removed, item)
    case .willDropInto(let item, let target): return said(.willGoInto, item, other: target)
    case .droppedInto(let item, let target): return said(.wentInto, item, other: target)
    case .pickedUpGroup(let item, let group): return said(.pickedUpGroup, item, group: group)
    case .movedGroup(let item, let group, let first, let count, let container):
      return said(.movedGroup, item, first, count, in: container, group: group)
    case .droppedGroup(let item, let group, let first, let count, let container):
      return said(.droppedGroup, item, first, count, in: container, group: group)
    case .copyingGroup(let item, let group, let first, let count, let container):
      return said(.willCopyGroup, item, first, count, in: container, group: group)
    case .copiedGroup(let item, let group, let first, let count, let container):
      return said(.copiedGroup, item, first, count, in: container, group: group)
    case .willRemoveGroup(let item, let group): return said(.willRemoveGroup, item, group: group)
    case .removedGroup(let item, let group): return said(.removedGroup, item, group: group)
    case .willReturnGroup(let item, let group): return said(.willReturnGroup, item, group: group)
    case .didNotMoveGroup(let item, let group): return said(.didNotMoveGroup, item, group: group)
    case .cancelledGroup(let item, let group): return said(.cancelledGroup, item, group: group)
    case .refusedMember(let item, let refused, let container):
      return said(.refusedMember, item, in: container, refused: refused)
    case .undone: return said(.undone, nil)
    case .redone: return said(.redone, nil)
    case .nothingToUndo: return said(.nothingToUndo, nil)
    case .cannotUndo(let item): return said(.cannotUndo, item)
    case .cannotRedo(let item): return said(.cannotRedo, item)
    case .nothingToRedo: return said(.nothingToRedo, nil)
    }
  }

  /// The eight numbers of an announcement (see `numbers(of:)`).
  func said(
    _ kind: AnnouncementKind, _ item: Int32?, _ position: Int = -1, _ count: Int = -1,
    in container: String? = nil, other: Int32 = -1, group: Int = -1, refused: DragRefusal? = nil
  ) -> [Int32] {
    var place: Int32 = -1
    if let container = refused?.container {
      place = Int32(container.rawValue)
    } else if let container {
      // A container's name is its number (see `arrange_arena_add_container`).
      place = 0
      for byte in container.utf8 {
        guard byte >= 48 && byte <= 57 else {
          place = -1
          break
        }
        place = place &* 10 &+ Int32(byte - 48)
      }
    }
    var values = [Int32](repeating: -1, count: SaidField.allCases.count)
    values[SaidField.kind] = kind.rawValue
    values[SaidField.item] = item ?? -1
    values[SaidField.position] = Int32(position)
    values[SaidField.count] = Int32(count)
    values[SaidField.container] = place
    values[SaidField.other] = other
    values[SaidField.members] = Int32(group)
    values[SaidField.refusal] = refused.map { refusalCode($0.kind).rawValue } ?? -1
    return values
  }
}

/// The number a host knows refusal `kind` by (see `arrange_arena_refusal`).
func refusalCode(_ kind: DragRefusal.Kind) -> RefusalKind {
  switch kind {
  case .notDraggable: .notDraggable
  case .anotherDragInProgress: .anotherDragInProgress
  case .itemAlreadyDragged: .itemAlreadyDragged
  case .cannotMove: .cannotMove
  case .cannotDrop: .cannotDrop
  case .notAccepted: .notAccepted
  case .containerFull: .containerFull
  case .cannotDisplace: .cannotDisplace
  case .cannotRemove: .cannotRemove
  case .cannotDropInto: .cannotDropInto
  case .cannotCopy: .cannotCopy
  case .refusedByRule: .refusedByRule
  }
}
