// The numbers of the web library's WebAssembly interface (Wasm/ArrangeWasmArenas.swift), defined
// once: the module's entry points read and write them through these types, and the library's
// JavaScript module of codes (WebLibrary/src/codes.js) is generated from them by
// Wasm/generate-codes.sh (Wasm/GenerateCodes.swift), which CI checks as it checks the module's
// bytes. A code's name is the name the library uses for it.

/// A set of numbers of the interface: each case's raw value is what crosses the boundary.
protocol WasmCode: CaseIterable, RawRepresentable where RawValue == Int32 {
  /// What the numbers are, in a sentence (the generated module's comment).
  static var summary: String { get }
}

/// A pointer event's phase (`arrange_arena_pointer`).
enum PointerPhaseCode: Int32, WasmCode {
  case down, move, up, cancel
  static var summary: String { "A pointer event's phase (arrange_arena_pointer)." }
}

/// What kind of pointer an event comes from: a mouse drags after it moves a distance, a finger or
/// pen after a press held still.
enum PointerKindCode: Int32, WasmCode {
  case mouse, touch
  static var summary: String { "The kind of pointer: a mouse, or a finger or pen." }
}

/// How a container lays its items out (`arrange_arena_add_container`).
enum LayoutCode: Int32, WasmCode {
  case vertical, horizontal, grid
  static var summary: String { "How a list lays its items out: a column, a row, a wrapping grid." }
}

/// What a drop does (`arrange_arena_add_container`, rule `mode`).
enum ModeCode: Int32, WasmCode {
  case move, exchange, copy
  static var summary: String { "What a drop does: move, exchange with the target, copy." }
}

/// How the container under a drag is chosen (configure key `target`).
enum TargetCode: Int32, WasmCode {
  /// The container under the pointer.
  case pointer
  /// The container the dragged item overlaps most.
  case overlap
  /// The container whose centre is closest to the item's.
  case closest
  /// The container holding the item's centre, which also chooses the place.
  case center
  static var summary: String { "How the list under a drag is chosen (configure key target)." }
}

/// What a key of a keyboard drag asks (`arrange_arena_key`).
enum KeyIntentCode: Int32, WasmCode {
  case lift, previousPlace, nextPlace, previousList, nextList, drop, cancel
  static var summary: String { "What a key of a keyboard drag asks (arrange_arena_key)." }
}

/// The settings `arrange_arena_configure` changes.
enum ConfigureKey: Int32, WasmCode {
  /// How long a finger or pen presses, held still, before it drags (seconds).
  case touchDelay
  /// How far a mouse moves before it drags.
  case distance
  /// Items drag only in edit mode (1) or always (0).
  case dragsOnlyInEditMode
  /// Edit mode on (1) or off (0).
  case editing
  /// The most drops undo remembers.
  case undoLimit
  /// How the container under a drag is chosen (`TargetCode`).
  case target
  /// Several pointers may drag at once (1), or a second press is refused (0).
  case concurrent
  /// How long a mouse presses, held still, before it drags (seconds; 0: it drags once it moves
  /// `distance`).
  case mouseDelay
  /// Where in an item of its own list a dragged item takes that item's place (SortableJS's
  /// `swapThreshold`): 0, once the pointer passes the item's middle; 1, once the pointer is on it.
  case swapThreshold
  static var summary: String { "The settings arrange_arena_configure changes." }
}

/// The rules the host sets for a drag about to start (`arrange_arena_set_rule`).
enum RuleKind: Int32, WasmCode {
  /// Item `id` takes the dragged item dropped into it (1) or not (0).
  case dropInto
  /// A drag over container `id` is in mode `value` (`ModeCode`; -1 the mode it started with).
  case mode
  /// An item dropped outside every container is removed (1) or returns (0), in edit mode too.
  case removeOutside
  /// Every place is asked of the host (`arrange.can_drop`) (1) or none is (0).
  case asksHost
  static var summary: String { "The rules set before a drag (arrange_arena_set_rule)." }
}

/// What `arrange_arena_history` does.
enum HistoryAction: Int32, WasmCode {
  case undo, redo
  /// Returns 1 when there is something to undo, plus 2 when there is something to redo.
  case query
  static var summary: String { "What arrange_arena_history does: undo, redo, or say which can." }
}

/// The kinds of operation the host applies (`arrange_arena_operation`).
enum OperationKind: Int32, WasmCode {
  case move = 1, exchange, remove, copy, insert
  /// Dropped into another item.
  case into
  /// Taken out of an item.
  case out
  static var summary: String { "The kinds of operation a drop asks the host to apply." }
}

/// The kinds of event an input had (`arrange_arena_event`).
enum EventKind: Int32, WasmCode {
  case lifted = 1, placeChanged, dropped, cancelled, refused, groupLifted, editModeBegan
  case editModeEnded, scroll
  static var summary: String { "The kinds of event an input had (arrange_arena_event)." }
}

/// The kinds of announcement (`arrange_arena_said`), named as the library's messages are.
enum AnnouncementKind: Int32, WasmCode {
  case pickedUp = 1, moved, willSwap, willReturn, refused, dropped, swapped, copied, cancelled
  case didNotMove, willRemove, removed, willGoInto, wentInto, pickedUpGroup, movedGroup
  case droppedGroup, willCopyGroup, copiedGroup, willRemoveGroup, removedGroup, willReturnGroup
  case didNotMoveGroup, cancelledGroup, refusedMember, undone, redone, nothingToUndo
  case nothingToRedo, cannotUndo, cannotRedo
  static var summary: String { "The kinds of announcement (arrange_arena_said), by message name." }
}

/// The kinds of refusal (`arrange_arena_refusal`), in `refusalKinds`' order.
enum RefusalKind: Int32, WasmCode {
  case notDraggable = 1, anotherDragInProgress, itemAlreadyDragged, cannotMove, cannotDrop
  case notAccepted, containerFull, cannotDisplace, cannotRemove, cannotDropInto, cannotCopy
  case refusedByRule
  static var summary: String { "The kinds of refusal (arrange_arena_refusal)." }
}

/// What shows where a dragged item would land (the presentation's `indicator`).
enum IndicatorCode: Int32, WasmCode {
  case none, line, item, removal
  static var summary: String { "What shows where a dragged item would land." }
}

/// The numbers of an event (`arrange_arena_event`), by offset.
enum EventField: Int32, WasmCode {
  /// An `EventKind`.
  case kind
  /// The item (-1: none).
  case item
  /// The container (a drop: 1 for a keyboard drag; a lift of a selection: how many items).
  case container
  /// The index (a scroll: the offset).
  case index
  /// The item it would go into (-2: it would be removed).
  case into
  static var summary: String { "The numbers of an event (arrange_arena_event), by offset." }
}

/// The numbers of an operation (`arrange_arena_operation`), by offset.
enum OperationField: Int32, WasmCode {
  case kind, item, fromList, fromIndex, toList, toIndex
  /// The item it is exchanged with, the copy, the item it goes into or comes out of.
  case other
  static var summary: String { "The numbers of an operation (arrange_arena_operation)." }
}

/// The numbers of an announcement (`arrange_arena_said`), by offset; -1 where one does not apply.
enum SaidField: Int32, WasmCode {
  case kind, item, position, count, container, other, members, refusal
  static var summary: String { "The numbers of an announcement (arrange_arena_said)." }
}

/// The numbers of a refusal (`arrange_arena_refusal`), by offset.
enum RefusalField: Int32, WasmCode {
  case kind, container
  static var summary: String { "The numbers of a refusal (arrange_arena_refusal)." }
}

/// The numbers of a container's box (`arrange_arena_set_container`), by offset.
enum BoxField: Int32, WasmCode {
  case x, y, width, height, spacing, lineSpacing, paddingTop, paddingLeft, paddingBottom
  case paddingRight, scroll
  static var summary: String { "The numbers of a list's box (arrange_arena_set_container)." }
}

/// The numbers of the engine's look of a drag (`arrange_arena_appearance`), by offset.
enum AppearanceField: Int32, WasmCode {
  case animationDuration, catchScale, releaseScale, snapshotAlpha, displacedAlpha
  static var summary: String { "The engine's look of a drag (arrange_arena_appearance)." }
}

/// The numbers of what the page draws for a drag (`arrange_arena_presentation`), by offset; the
/// runs of shifted items follow, `RunField.allCases.count` numbers each.
enum PresentationField: Int32, WasmCode {
  case item, ghostX, ghostY, ghostWidth, ghostHeight, hiddenContainer, hiddenIndex
  case highlighted, indicator, indicatorX, indicatorY, indicatorWidth, indicatorHeight
  case companions, runCount
  static var summary: String { "What the page draws for a drag (arrange_arena_presentation)." }
}

/// The numbers of a run of items that make room (after the presentation's fields), by offset.
enum RunField: Int32, WasmCode {
  case container, first, end, offset
  static var summary: String { "A run of items making room, after the presentation's fields." }
}

extension Array {
  /// The element at `field`'s offset.
  subscript<Field: WasmCode>(field: Field) -> Element {
    get { self[Int(field.rawValue)] }
    set { self[Int(field.rawValue)] = newValue }
  }
}
