// Types of arrange-lib.js, the Arrange drag-and-drop library for any web page.
// The reference is docs/web-library.md.

/** What a drop did to the lists. */
export interface ArrangeOperation {
  /** `move`: the item left `from` at `fromIndex` for `to` at `toIndex`; `exchange`: it traded
   * places with `other`; `copy`: a copy of it went to `to` at `toIndex`. */
  type: "move" | "exchange" | "copy" | "remove" | "other";
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
  /** For an exchange, the item it traded places with. */
  other: HTMLElement | null;
  /** For a copy with `dom: "move"`, the clone the library inserted. */
  copy?: HTMLElement;
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
  /** The list it would land in, or null (outside every list). */
  to: HTMLElement | null;
  toIndex: number;
  /** Why a drop there is refused, or null. */
  refused: string | null;
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
  /** The item swapped with, if any. */
  other: HTMLElement | null;
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
}

/** Options of `Arrange.sortable`. */
export interface SortableOptions {
  /** Lists with the same group share items; default: a group of its own. */
  group?: string;
  /** What a drop does; default `move`. */
  mode?: "move" | "exchange" | "copy";
  /** Lays the items out along; default `vertical`. */
  direction?: "vertical" | "horizontal";
  /** Selector of the items among the list's children; default every child. */
  items?: string;
  /** Selector of the grip: a press elsewhere does not drag. */
  handle?: string;
  /** Selector of items that do not drag. */
  filter?: string;
  /** The most items the list takes. */
  capacity?: number;
  /** The list's name in announcements; default its aria-label, else "list N". */
  label?: string;
  /** An item's name in announcements; default its aria-label, else its text. */
  itemName?: (item: HTMLElement) => string;
  /** Whether `item` may be picked up; default yes. */
  canDrag?: (item: HTMLElement) => boolean;
  /** Whether `item` may go from list `from` into another list `to`: true, false, or a reason. */
  canDrop?: (item: HTMLElement, from: HTMLElement, to: HTMLElement) => boolean | string;
  /** `move` (default): the library moves the DOM nodes; `report`: it only reports. */
  dom?: "move" | "report";
  /** Keyboard drags (items made focusable); default true. */
  keyboard?: boolean;
  /** Replacement announcements, for other languages. */
  messages?: ArrangeMessages;
  onLift?: (event: ArrangeLiftEvent) => void;
  onMove?: (event: ArrangeMoveEvent) => void;
  onDrop?: (event: ArrangeDropEvent) => void;
  onCancel?: (event: ArrangeLiftEvent) => void;
}

/** A sortable list. */
export interface Sortable {
  readonly element: HTMLElement;
  readonly options: SortableOptions;
  /** The list's items, in order. */
  items(): HTMLElement[];
  /** Makes newly added items focusable (for keyboard drags). */
  refresh(): void;
  /** Stops making the list sortable. */
  destroy(): void;
}

/** The engines, loaded. */
export declare class Arrange {
  /** Loads the WebAssembly module (default: arrange.wasm beside arrange-lib.js). */
  static load(url?: string | URL, options?: { liveRegion?: HTMLElement }): Promise<Arrange>;
  /** Makes `element`'s items sortable. */
  sortable(element: HTMLElement, options?: SortableOptions): Sortable;
  /** The aria-live region announcements go to. */
  region(): HTMLElement;
}
