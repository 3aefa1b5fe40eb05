// Types of arrange-lib (its modules in src/ and its single-file build, dist/arrange-lib.js),
// the Arrange drag-and-drop library for any web page. The reference is docs/web-library.md.

/** What a drop (or an undo, or a redo) did to the lists. */
export interface ArrangeOperation {
  /** `move`: the item left `from` at `fromIndex` for `to` at `toIndex`; `exchange`: it traded
   * places with `other`; `copy`: a copy of it went to `to` at `toIndex`; `remove`: it left
   * `from` at `fromIndex` for good (kept for undo); `insert`: a removed item came back to `to`
   * at `toIndex` (undo); `into`: it left `from` at `fromIndex` for the inside of the item
   * `other`; `out`: it came out of the item `other` back to `to` at `toIndex` (undo). */
  type: "move" | "exchange" | "copy" | "remove" | "insert" | "into" | "out" | "other";
  /** The dragged item. */
  item: HTMLElement;
  /** The list it left (null for a copy). */
  from: HTMLElement | null;
  /** Its index there (-1 for a copy). */
  fromIndex: number;
  /** The list it reached. */
  to: HTMLElement | null;
  /** Its index there, once the operation is applied. */
  toIndex: number;
  /** The item it traded places with (exchange), went into (into) or came out of (out). */
  other: HTMLElement | null;
  /** For a copy with `dom: "move"`, the clone the library inserted. */
  copy: HTMLElement | null;
  /** What made it: a drop, an undo or a redo. */
  cause: "drop" | "undo" | "redo";
}

/** `onDrop`'s argument: one operation, and every operation of the drop. */
export interface ArrangeDropEvent extends ArrangeOperation {
  operations: ArrangeOperation[];
}

/** `onLift`'s and `onCancel`'s argument. */
export interface ArrangeLiftEvent {
  item: HTMLElement;
  from: HTMLElement;
  index: number;
}

/** `onMove`'s argument: where a drop would now land. */
export interface ArrangeMoveEvent extends ArrangeLiftEvent {
  /** The list it would land in, or null: it would go back where it was (outside every list,
   * or over its own place). */
  to: HTMLElement | null;
  toIndex: number;
  /** Why a drop there is refused, or null. */
  refused: string | null;
  /** The item it would go into (`dropInto`), or null. */
  into: HTMLElement | null;
  /** Whether a drop would remove it (a trash, or `removeOnDropOutside`). */
  remove: boolean;
}

/** What a replacement announcement is given. */
export interface ArrangeMessageContext {
  item: HTMLElement | null;
  name: string;
  /** 1-based position, or -1. */
  position: number;
  /** Items in the list, or -1. */
  count: number;
  list: HTMLElement | null;
  listName: string;
  /** The other item: the one swapped with, or the one dropped into. */
  other: HTMLElement | null;
  /** The other item's name ("" when there is none). */
  otherName: string;
  /** How many items travel together (a selection's drag), or -1. */
  members: number;
  /** A refusal's reason, if any. */
  reason: string | null;
}

type Message = (context: ArrangeMessageContext) => string;

/** Replacement announcements (any not given stays in English). */
export interface ArrangeMessages {
  pickedUp?: Message;
  moved?: Message;
  willSwap?: Message;
  willReturn?: Message;
  refused?: Message;
  dropped?: Message;
  swapped?: Message;
  copied?: Message;
  cancelled?: Message;
  didNotMove?: Message;
  willRemove?: Message;
  removed?: Message;
  willGoInto?: Message;
  wentInto?: Message;
  pickedUpGroup?: Message;
  movedGroup?: Message;
  droppedGroup?: Message;
  willCopyGroup?: Message;
  copiedGroup?: Message;
  willRemoveGroup?: Message;
  removedGroup?: Message;
  willReturnGroup?: Message;
  didNotMoveGroup?: Message;
  cancelledGroup?: Message;
  refusedMember?: Message;
  undone?: Message;
  redone?: Message;
  nothingToUndo?: Message;
  nothingToRedo?: Message;
  /** "Editing: the items can be dragged" and "Done editing" (`editMode`). */
  editModeBegan?: Message;
  editModeEnded?: Message;
  /** "Cannot undo: Write is no longer there": the app took the last drop's item away. */
  cannotUndo?: Message;
  cannotRedo?: Message;
}

/** How a drag looks: the lifted item's scales and opacity, a displaced item's opacity. */
export interface ArrangeAppearance {
  /** Seconds the catch (and the slide to the dragged scale) takes. */
  animationDuration: number;
  /** The scale the item grows to when it is caught. */
  catchScale: number;
  /** The scale the item has while it is dragged, after the catch (a keyboard drag's at once). */
  releaseScale: number;
  /** The dragged item's opacity. */
  snapshotAlpha: number;
  /** The opacity of the item an exchange will displace, until the drop. */
  displacedAlpha: number;
  /** Whether the item an exchange will displace is drawn at the dragged item's place until the
   * drop, where the drop puts it (SSCollectionViewExchangeController's layout; the engine's
   * look); else it stays where it is. It has the class `arrange-displaced` either way. */
  displacedMoves?: boolean;
}

/** Options of `Arrange.sortable`. */
export interface SortableOptions {
  /** Lists with the same group share items; default: a group of its own. */
  group?: string;
  /** What a drop does; default `move`. */
  mode?: "move" | "exchange" | "copy";
  /** How the items are laid out: a column (default), a row, or rows that wrap (`grid`). */
  direction?: "vertical" | "horizontal" | "grid";
  /** Selector of the items among the list's children; default every child. */
  items?: string;
  /** Selector of the list's chunks: children that hold items (a long list drawn in chunks, so
   * that a drop has the browser lay out and paint one chunk). The items are then the chunks' children, one list across them; a
   * drop goes into the chunk of the item it goes before (into the last chunk of a list with no
   * item), and the dragged item's chunk is raised while it is dragged. */
  chunks?: string;
  /** Selector of the grip: a press elsewhere does not drag. */
  handle?: string;
  /** Selector of items that do not drag, and of parts of an item a press on which does not
   * drag it (its buttons, say). */
  filter?: string;
  /** The keys that lift a focused item; default Space and Enter (`[" ", "Enter"]`). */
  liftKeys?: string[];
  /** Whether the list's own items can be put in another order in it; default true. With false
   * (a palette, a fixed list), its items still go to other lists (and come back from them), and
   * one dropped on the list goes home, the list saying it keeps its order. */
  sort?: boolean;
  /** The most items the list takes. */
  capacity?: number;
  /** The list's name in announcements; default its aria-label, else "list N". */
  label?: string;
  /** An item's name in announcements; default its aria-label, else its text. */
  itemName?: (item: HTMLElement) => string;
  /** Whether `item` may be picked up; default yes. */
  canDrag?: (item: HTMLElement) => boolean;
  /** Whether `item` may go from list `from` into list `to` at `index` (`to` may be `from`: a
   * place in its own list): true, false, or a reason. Asked by the engine at each place it
   * considers, once per place and drag. */
  canDrop?: (item: HTMLElement, from: HTMLElement, to: HTMLElement, index: number) => boolean | string;
  /** The mode of a drag from this list by the list it is over: an object by the target list's
   * id (or label), or a function; the modes switch freely as the drag crosses lists (a
   * selection copies, or not, as it began). */
  modes?:
    | Record<string, "move" | "exchange" | "copy">
    | ((item: HTMLElement, from: HTMLElement, to: HTMLElement) => "move" | "exchange" | "copy" | undefined);
  /** Whether `target`, an item of this list, takes `item` dropped on its middle. */
  dropInto?: (item: HTMLElement, target: HTMLElement) => boolean;
  /** Whether an item of this list dropped outside every list is removed; default false. */
  removeOnDropOutside?: boolean;
  /** Whether Ctrl-, ⌘- or Shift-click and Ctrl+Space select items (dragged together). */
  selectable?: boolean;
  /** How long a press is held still before it drags, in ms, for every pointer (a mouse too,
   * unless `delayOnTouchOnly`); default none for a mouse (it drags once it moves `distance`) and
   * `touchDelay` for a finger or pen. */
  delay?: number;
  /** With `delay`, only a finger or pen waits; default false. */
  delayOnTouchOnly?: boolean;
  /** How long a finger or pen presses before it drags when `delay` is not given, in ms;
   * default 150 (a finger that swipes scrolls the page). */
  touchDelay?: number;
  /** How far a mouse moves before it drags, in px; default 5. */
  distance?: number;
  /** Where on an item of its own list a dragged item takes that item's place: the share of the
   * item, from its edge nearer the dragged item, past which it does (SortableJS's meaning);
   * default 1, as soon as the pointer is on it; 0: once the pointer passes its middle. */
  swapThreshold?: number;
  /** The swap area is at the item's far edge (SortableJS's meaning): the dragged item passes an
   * item once the pointer is within `invertedSwapThreshold` / 2 of it from its far edge (with 1,
   * past its middle); default false. */
  invertSwap?: boolean;
  /** With `invertSwap`, the share of the item, half at each edge, that is its swap area; default
   * `swapThreshold`'s. */
  invertedSwapThreshold?: number;
  /** How near an empty list, in px, a drag must come to go into it (one of no height too);
   * default 5. */
  emptyInsertThreshold?: number;
  /** How the list a drag is over is chosen: the one under the pointer (default); the one the
   * dragged item overlaps most (`overlap`); the one whose centre is closest to the item's
   * (`closest`, always some list); the one holding the item's centre, which also chooses its
   * place there (`center`: a tile belongs where its centre is, wherever it is held). */
  target?: "pointer" | "overlap" | "closest" | "center";
  /** Whether what holds the lists scrolls when a drag nears its edges (a scrolled element around
   * them, then the page), up to the end of what it held when the drag began; default true. A
   * list that scrolls itself always does. */
  autoScroll?: boolean;
  /** How near an edge of what scrolls, in px, a drag scrolls it; default 40. */
  scrollSensitivity?: number;
  /** The most it scrolls in a frame, in px, at the very edge; default 20. */
  scrollSpeed?: number;
  /** Items drag only in edit mode, which a long press (0.5 s) or `setEditing` starts. */
  editMode?: boolean;
  /** Several pointers drag at once, each an item of its own (on any list of the group, read at
   * each press); default false: a second press while a drag is under way does nothing. */
  concurrent?: boolean;
  /** The most drops undo remembers (for the group); default 1000. */
  undoLimit?: number;
  /** `move` (default): the library moves the DOM nodes; `report`: it only reports. */
  dom?: "move" | "report";
  /** Keyboard drags (items made focusable); default true. */
  keyboard?: boolean;
  /** Replacement announcements, for other languages. */
  messages?: ArrangeMessages;
  /** What each draggable item's description (`aria-describedby`) says: how to drag it with the
   * keyboard; default the English, by `liftKeys`; false: none. */
  instructions?: string | false;
  onLift?: (event: ArrangeLiftEvent) => void;
  onMove?: (event: ArrangeMoveEvent) => void;
  onDrop?: (event: ArrangeDropEvent) => void;
  onCancel?: (event: ArrangeLiftEvent) => void;
  /** A press or drag of the list's items ended, however: dropped, cancelled, or never lifted
   * (a click). */
  onEnd?: (event: ArrangeEndEvent) => void;
  /** The list's selection changed. */
  onSelect?: (event: { selection: HTMLElement[] }) => void;
  /** Edit mode began or ended for the group. */
  onEditMode?: (event: { editing: boolean }) => void;
  /** How a drag looks: "engine" for the engine's look (the seeds': caught at 1.2, dragged at
   * 1.05, 0.8 opaque, a displaced item 0.6), or any of its values (the others plain: 1). */
  appearance?: "engine" | Partial<ArrangeAppearance>;
}

/** The options of a sortable list that a virtual list has too. */
type SharedOptions = Omit<SortableOptions, "itemName" | "onDrop" | "selectable" | "onSelect" | "dropInto" |
  "chunks" | "items" | "mode" | "modes" | "removeOnDropOutside" | "dom">;

/** Options of `Arrange.virtualList`: a list whose items are the app's data, of which only those in
 * view (and `overscan` px around) are drawn. */
export interface VirtualListOptions extends SharedOptions {
  /** How many items the list has. */
  count: number;
  /** Makes the element of item `index` (called when it comes into view; the library places it,
   * at a transform that moves nothing unless the element has one of its own). */
  render: (index: number) => HTMLElement;
  /** Each item's length along the list (px), or a grid's tile size. */
  itemSize?: number | { width: number; height: number };
  /** Item `index`'s length along a list (px), or a grid's tile `{ width, height }`, when they
   * differ (instead of `itemSize`); a grid's tiles then wrap as the engine's flow lays them out. */
  sizeOf?: (index: number) => number | { width: number; height: number };
  /** How far (px) around the view items are drawn; default 320. */
  overscan?: number;
  /** The space (px) between items; default 0. */
  gap?: number;
  /** The space (px) between a grid's lines; default `gap`. */
  lineGap?: number;
  /** Item `index`'s name in announcements; default its text when drawn, else "item N". */
  itemName?: (index: number) => string;
  /** A drop, an undo or a redo moved an item: move the app's data the same way. */
  onDrop?: (event: VirtualDropEvent) => void;
}

/** What a virtual list's `onDrop` is given: what moved, by place. */
export interface VirtualDropEvent {
  type: "move" | "remove" | "insert" | "other";
  /** The item's element when it is drawn, else null. */
  item: HTMLElement | null;
  from: HTMLElement | null;
  fromIndex: number;
  to: HTMLElement | null;
  toIndex: number;
  cause: "drop" | "undo" | "redo";
}

/** A virtual list. */
export interface VirtualList {
  readonly element: HTMLElement;
  /** How many items it has. */
  readonly count: number;
  /** The items drawn now, in order. */
  items(): HTMLElement[];
  /** The list has `count` items again (the app's data changed other than by a drop): all drawn anew. */
  reset(count?: number): void;
  /** Scrolls item `index` into view. */
  scrollToIndex(index: number): void;
  /** Undoes the group's last drop; false when there is none. */
  undo(): boolean;
  /** Redoes the group's last undone drop; false when there is none. */
  redo(): boolean;
  /** Whether a press or drag of the group's items is under way. */
  readonly dragging: boolean;
  /** Stops the list (its drawn items are taken away). */
  destroy(): void;
}

/** Every option's default (`null`: none, or as the option says). */
export declare const DEFAULTS: Readonly<Required<{ [Name in keyof SortableOptions]: SortableOptions[Name] | null }> &
  Required<{ [Name in Exclude<keyof VirtualListOptions, keyof SortableOptions>]: VirtualListOptions[Name] | null }>>;

/** Options of `Arrange.trash`. */
export interface TrashOptions {
  /** The group whose items it removes. */
  group?: string;
  /** Its name in announcements. */
  label?: string;
}

/** What `onEnd` is given. */
export interface ArrangeEndEvent {
  item: HTMLElement;
  from: HTMLElement;
  /** Whether the press became a drag. */
  lifted: boolean;
  /** Whether the drag was dropped (something happened, or the item went back by a drop). */
  dropped: boolean;
  /** Whether the drag was cancelled (Escape, the app changing a list, the focus leaving). */
  cancelled: boolean;
}

/** A sortable list. */
export interface Sortable {
  readonly element: HTMLElement;
  readonly options: SortableOptions;
  /** The list's items, in order. */
  items(): HTMLElement[];
  /** Makes newly added items focusable (for keyboard drags). */
  refresh(): void;
  /** The list's selected items, in the order they were selected. */
  readonly selection: HTMLElement[];
  /** Selects `item` (or deselects it, with `selected` false). */
  select(item: HTMLElement, selected?: boolean): void;
  /** Deselects the list's items. */
  clearSelection(): void;
  /** Undoes the group's last drop; false when there is none. */
  undo(): boolean;
  /** Redoes the group's last undone drop; false when there is none. */
  redo(): boolean;
  /** Whether the group is in edit mode. */
  readonly editing: boolean;
  /** Whether a press or drag of the group's items is under way. */
  readonly dragging: boolean;
  /** Starts (or ends, with false) edit mode for the group. */
  setEditing(editing?: boolean): void;
  /** Stops making the list sortable. */
  destroy(): void;
}

/** Options of `Arrange.load`. */
export interface ArrangeLoadOptions {
  /** The aria-live region announcements go to; default one the library makes. */
  liveRegion?: HTMLElement;
  /** Says each announcement in the app's own way instead (its own live region, say). */
  announce?: (text: string) => void;
}

/** The engines, loaded. */
export declare class Arrange {
  /** The engine's look of a drag, read from the module (the seeds' values). */
  readonly engineAppearance: ArrangeAppearance;
  /** Loads the WebAssembly module (default: arrange.wasm beside the single-file build, or the
   * package's own). Rejects with an Error naming the URL when the page is a file (file://), the
   * module is missing, or what is served is not a WebAssembly module. */
  static load(url?: string | URL, options?: ArrangeLoadOptions): Promise<Arrange>;
  /** Makes `element`'s items sortable. */
  sortable(element: HTMLElement, options?: SortableOptions): Sortable;
  /** Makes `element` (which scrolls) a virtual list of `options.count` items, drawn by
   * `options.render(index)` when in view. */
  virtualList(element: HTMLElement, options: VirtualListOptions): VirtualList;
  /** Makes `element` a delete zone of `options.group`: what is dropped on it is removed. */
  trash(element: HTMLElement, options?: TrashOptions): { element: HTMLElement; destroy(): void };
  /** Undoes the last drop of any group; false when there is none. */
  undo(): boolean;
  /** Redoes the last undone drop; false when there is none. */
  redo(): boolean;
  /** The aria-live region announcements go to. */
  region(): HTMLElement;
}
