// Arrange for any web page: sortable and shared lists over the engines' WebAssembly module
// (Wasm/ArrangeWasmArenas.swift). An ES module with no dependency and no build step; the API is
// in docs/web-library.md and arrange-lib.d.ts.
//
//   const arrange = await Arrange.load();           // arrange.wasm beside this file
//   arrange.sortable(document.querySelector("ul"));  // drag the items to reorder them
//
// Lists that share a `group` are one arena of the engine (an item may move between them); every
// other list is an arena of its own. The library measures the items when a drag starts (and the
// lists when the page scrolls or resizes), feeds pointer and key events to the engine, draws what
// the engine presents (the dragged item follows the pointer, the others make room) and, on a drop,
// moves the DOM nodes (or, with `dom: "report"`, only reports the operation).

const encoder = new TextEncoder();
const decoder = new TextDecoder();
const MODES = { move: 0, exchange: 1, copy: 2 };
const KINDS = { 1: "move", 2: "exchange", 3: "remove", 4: "copy", 5: "insert", 6: "into", 7: "out" };
const LAYOUTS = { vertical: 0, horizontal: 1, grid: 2 };
// The operations that put an item into a list (move, copy, insert, out).
const INSERTING = { 1: true, 4: true, 5: true, 7: true };
// What the engine says, by the number it gives it, with the English the library says when the
// app gives no `messages` of its own. `c` is the context a message gets (ArrangeMessageContext).
const range = (c) => `${c.listName}, positions ${c.position}–${c.position + c.members - 1} of ${c.count}`;
const SAID = {
  1: ["pickedUp", (c) => `Picked up ${c.name}, position ${c.position} of ${c.count} in ${c.listName}`],
  2: ["moved", (c) => `Moved to ${c.listName}, position ${c.position} of ${c.count}`],
  3: ["willSwap", (c) => `Will swap with ${c.otherName} in ${c.listName}`],
  4: ["willReturn", (c) => `Will return to position ${c.position} in ${c.listName}`],
  5: ["refused", (c) => c.reason],
  6: ["dropped", (c) => `Dropped ${c.name} in ${c.listName}, position ${c.position} of ${c.count}`],
  7: ["swapped", (c) => `Swapped ${c.name} with ${c.otherName}`],
  8: ["copied", (c) => `Copied ${c.name} to ${c.listName}, position ${c.position} of ${c.count}`],
  9: ["cancelled", (c) => `Cancelled, ${c.name} returned to position ${c.position} in ${c.listName}`],
  10: ["didNotMove", (c) => `Dropped ${c.name} where it was`],
  11: ["willRemove", () => "Will be removed"],
  12: ["removed", (c) => `Removed ${c.name}`],
  13: ["willGoInto", (c) => `Will go into ${c.otherName}`],
  14: ["wentInto", (c) => `Put ${c.name} into ${c.otherName}`],
  15: ["pickedUpGroup", (c) => `Picked up ${c.members} items`],
  16: ["movedGroup", (c) => `Moved ${c.members} items to ${range(c)}`],
  17: ["droppedGroup", (c) => `Dropped ${c.members} items in ${range(c)}`],
  18: ["willCopyGroup", (c) => `Will copy ${c.members} items to ${range(c)}`],
  19: ["copiedGroup", (c) => `Copied ${c.members} items to ${range(c)}`],
  20: ["willRemoveGroup", (c) => `${c.members} items will be removed`],
  21: ["removedGroup", (c) => `Removed ${c.members} items`],
  22: ["willReturnGroup", (c) => `${c.members} items will return where they were`],
  23: ["didNotMoveGroup", (c) => `Dropped ${c.members} items where they were`],
  24: ["cancelledGroup", (c) => `Cancelled, ${c.members} items returned where they were`],
  25: ["refusedMember", (c) => `${c.name}: ${c.reason}`],
  26: ["undone", () => "Undone"],
  27: ["redone", () => "Redone"],
  28: ["nothingToUndo", () => "Nothing to undo"],
  29: ["nothingToRedo", () => "Nothing to redo"],
};
// Why a drop is refused, by the engine's number for it, when the app gave no reason.
const REFUSED = {
  1: () => "This item cannot be moved.",
  2: () => "Another drag is in progress.",
  3: () => "This item is already being dragged.",
  7: (listName, limit) => limit == null ? `${listName} is full.`
    : `${listName} is full: it takes at most ${limit} item${limit === 1 ? "" : "s"}.`,
  8: () => "That item cannot be swapped.",
  9: () => "This item cannot be removed.",
  10: () => "It cannot go in there.",
  11: () => "This item cannot be copied.",
};
// The plain look of a drag: the item follows the pointer as it is. (`appearance: "engine"` gives
// the engine's own, the seeds' values, read from the module.)
const PLAIN = { animationDuration: 0.2, catchScale: 1, releaseScale: 1, snapshotAlpha: 1,
  displacedAlpha: 1, displacedMoves: false };
const now = () => performance.now() / 1000;
/** Calls the app's `callback` (if it is one) with `args`; an error it throws reaches the page
 * after the library has finished its own work, which it never interrupts. */
const call = (callback, fallback, ...args) => {
  if (typeof callback !== "function") return fallback;
  try {
    return callback(...args);
  } catch (error) {
    queueMicrotask(() => { throw error; });
    return fallback;
  }
};
/** Keeps the next click from reaching the page: the one the release of a drag makes. With
 * `later`, the pointer is still down (a drag cancelled by a key): its release comes first. */
const swallowClick = (later) => {
  const swallow = (event) => {
    event.stopPropagation();
    event.preventDefault();
  };
  const arm = () => {
    window.removeEventListener("pointerup", arm, true);
    window.removeEventListener("pointercancel", arm, true);
    window.addEventListener("click", swallow, { capture: true, once: true });
    setTimeout(() => window.removeEventListener("click", swallow, true), 0);
  };
  if (!later) return arm();
  window.addEventListener("pointerup", arm, true);
  window.addEventListener("pointercancel", arm, true);
};
const CALLBACKS = ["onLift", "onMove", "onDrop", "onCancel", "onEnd", "onSelect", "onEditMode", "canDrag",
  "canDrop", "itemName", "dropInto"];
/** How the list under a drag is chosen (`target`), as the module numbers them: the list under
 * the pointer; the one the dragged item overlaps most; the one whose centre is closest to the
 * item's; the one holding the item's centre (which also chooses the place). */
const TARGETS = { pointer: 0, overlap: 1, closest: 2, center: 3 };
/** Throws a TypeError for options a list cannot work with, before anything is set up. */
const check = (options) => {
  if (options === null || typeof options !== "object") throw new TypeError("sortable: options must be an object");
  for (const name of CALLBACKS) {
    if (options[name] != null && typeof options[name] !== "function") {
      throw new TypeError(`sortable: ${name} must be a function`);
    }
  }
  for (const name of ["items", "handle", "filter", "chunks"]) {
    const selector = options[name];
    if (selector == null) continue;
    if (typeof selector !== "string") throw new TypeError(`sortable: ${name} must be a CSS selector`);
    try {
      document.createDocumentFragment().querySelector(selector);
    } catch {
      throw new TypeError(`sortable: ${name} is not a valid CSS selector: ${selector}`);
    }
  }
  if (options.messages != null && typeof options.messages !== "object") {
    throw new TypeError("sortable: messages must be an object of functions");
  }
  if (options.liftKeys != null && !Array.isArray(options.liftKeys)) {
    throw new TypeError("sortable: liftKeys must be an array of key names");
  }
  if (options.target != null && !(options.target in TARGETS)) {
    throw new TypeError(`sortable: target must be one of ${Object.keys(TARGETS).join(", ")}`);
  }
  if (options.modes != null && typeof options.modes !== "object" && typeof options.modes !== "function") {
    throw new TypeError("sortable: modes must be an object or a function");
  }
};
// The query is made once (a new one on every frame of a drag costs more than the drag's own work).
let motionQuery;
const reducedMotion = () => {
  if (motionQuery === undefined) {
    motionQuery = typeof matchMedia === "function" ? matchMedia("(prefers-reduced-motion: reduce)") : null;
  }
  return Boolean(motionQuery?.matches);
};
/** How many pixels on screen one CSS pixel of `element` takes (a transform's scale or a `zoom`,
 * its own or an ancestor's): the size it is drawn at (`rect`) over the size it is laid out at.
 * A translation written on its children moves them by that much more. The laid-out size is a
 * whole number, so a difference of less than a pixel is rounding, not a scale. */
const drawnScale = (element, rect) => {
  const [drawn, laid] = rect.width >= rect.height ? [rect.width, element.offsetWidth]
    : [rect.height, element.offsetHeight];
  return laid > 0 && Math.abs(drawn - laid) >= 1 ? drawn / laid : 1;
};

/** Where `item` is laid out on screen: where it is drawn, less what its styles move it by now
 * (translation, `scale`, mid-transition too); `scale` is its list's. */
const laidOut = (item, scale) => {
  const rect = item.getBoundingClientRect();
  const style = getComputedStyle(item);
  if (style.transform === "none" && style.translate === "none" && style.scale === "none") return rect;
  const own = style.scale === "none" ? 1 : parseFloat(style.scale) || 1;
  const matrix = style.transform === "none" ? { e: 0, f: 0 } : new DOMMatrixReadOnly(style.transform);
  const [tx = 0, ty = 0] = style.translate === "none" ? [] : style.translate.split(" ").map(parseFloat);
  const x = (rect.left + rect.right) / 2 - (tx + own * matrix.e) * scale;
  const y = (rect.top + rect.bottom) / 2 - (ty + own * matrix.f) * scale;
  const [width, height] = [rect.width / own, rect.height / own];
  return { left: x - width / 2, right: x + width / 2, top: y - height / 2, bottom: y + height / 2, width, height };
};

/** Whether a list with `style` places its items from right to left: a right-to-left list, or a
 * flex row reversed (a right-to-left one reversed runs left to right). */
const leftward = (style) =>
  (style.direction === "rtl") !== (style.display.includes("flex") && style.flexDirection === "row-reverse");

/** Where items are drawn moving (making room, or sliding after a drop), as [top, bottom, left,
 * right] of the window: the window and a quarter of it around, so that a scroll brings none into
 * view before it has moved. The others would cost a style change each and show nothing. */
const band = () => {
  const [width, height] = [innerWidth / 4, innerHeight / 4];
  return [-height, innerHeight + height, -width, innerWidth + width];
};

/** Puts `node` into `parent` before `next` (null: last). A node on the page is moved as it is
 * (`moveBefore`, where the browser has it): it keeps its focus, and the browser, which would
 * take the focus away, does not have to bring the page's styles up to date first. */
const place = (parent, node, next) => {
  if (node.isConnected && parent.isConnected && typeof parent.moveBefore === "function") {
    try {
      parent.moveBefore(node, next);
      return;
    } catch {
      // Not movable so (another document, say): inserted.
    }
  }
  parent.insertBefore(node, next);
};

/** The engines, loaded: makes lists sortable. */
export class Arrange {
  /**
   * Loads the engines' WebAssembly module from `url` (default: `arrange.wasm` beside this file).
   * @param {string | URL} [url]
   * @param {{ liveRegion?: HTMLElement, announce?: (text: string) => void }} [options]
   */
  static async load(url = new URL("arrange.wasm", import.meta.url), options = {}) {
    const response = fetch(url);
    // The module asks the page's rules while it looks for a place: each arena's group answers.
    const groups = new Map();
    const imports = { arrange: {
      can_drop: (arena, item, from, to, index) => groups.get(arena)?.canDropAt(item, from, to, index) ?? 1,
    } };
    let instance;
    try {
      ({ instance } = await WebAssembly.instantiateStreaming(response, imports));
    } catch {
      ({ instance } = await WebAssembly.instantiate(await (await fetch(url)).arrayBuffer(), imports));
    }
    return new Arrange(instance.exports, options, groups);
  }

  /** @private */
  constructor(exports, options = {}, arenas = new Map()) {
    this.e = exports;
    this.arenas = arenas;
    this.groups = new Map();
    this.history = [];
    this.undone = [];
    this.liveRegion = options.liveRegion ?? null;
    this.announcer = typeof options.announce === "function" ? options.announce : null;
    const room = exports.arrange_alloc(40);
    exports.arrange_arena_appearance(room);
    const [animationDuration, catchScale, releaseScale, snapshotAlpha, displacedAlpha] =
      new Float64Array(exports.memory.buffer, room, 5);
    exports.arrange_free(room);
    /** The engine's look of a drag (the seeds' values). */
    this.engineAppearance = { animationDuration, catchScale, releaseScale, snapshotAlpha,
      displacedAlpha, displacedMoves: true };
  }

  /**
   * Makes `element`'s children (or those matching `options.items`) sortable.
   * @returns {Sortable}
   */
  sortable(element, options = {}) {
    if (!(element instanceof Element)) throw new TypeError("sortable: not an element");
    check(options);
    const key = options.group ?? Symbol("list");
    let group = this.groups.get(key);
    if (!group) {
      group = new Group(this, key);
      this.groups.set(key, group);
    }
    return group.add(element, options);
  }

  /**
   * Makes `element` a delete zone of `options.group`: an item dropped on it is removed.
   * @returns {{ element: Element, destroy(): void }}
   */
  trash(element, options = {}) {
    return this.sortable(element, { ...options, zone: true });
  }

  /** @private Shows at once every group's release the next frame was to show (see `pointer`). */
  land() {
    for (const group of this.groups.values()) for (const drag of [...group.drags]) drag.landing?.();
  }

  /** @private A press on `list`. Slides after a drop end at once (their items jump home) and the
   * press is on what is laid out under it, as the engine finds items: what a slide draws there
   * depends on when the press is handled (late on a slow phone). Another list may have that. */
  press(list, event) {
    this.land();
    if (!event.button && event.arrangeAt === undefined) {
      let slid = false;
      for (const group of this.groups.values()) slid = group.settle() || slid;
      const at = slid && event.target.getRootNode().elementFromPoint?.(event.clientX, event.clientY);
      event.arrangeAt = at && at !== event.target ? at : null;
      // The lists around it, innermost first, as the press would have reached them.
      for (let node = event.arrangeAt; node && !event.arrangeSeen; node = node.parentNode) {
        for (const group of this.groups.values()) {
          for (const other of group.lists) if (other.element === node && !other.zone) group.press(other, event);
        }
      }
    }
    if (!event.arrangeAt) list.group.press(list, event);
  }

  /** Undoes the last drop (of any group) that is not undone yet; false when there is none. */
  undo() {
    this.land();
    for (let index = this.history.length - 1; index >= 0; index--) {
      const group = this.history[index];
      if (group.history(0)) {
        this.history.splice(index, 1);
        this.undone.push(group);
        return true;
      }
    }
    return false;
  }

  /** Redoes the last drop `undo` took back; false when there is none. */
  redo() {
    this.land();
    while (this.undone.length) {
      const group = this.undone.pop();
      if (group.history(1)) {
        this.history.push(group);
        return true;
      }
    }
    return false;
  }

  /** The live region announcements go to (made on first use unless given to `load`). */
  region() {
    if (!this.liveRegion) {
      const region = document.createElement("div");
      region.setAttribute("aria-live", "assertive");
      region.setAttribute("role", "status");
      region.className = "arrange-live";
      Object.assign(region.style, {
        position: "absolute", width: "1px", height: "1px", overflow: "hidden",
        clip: "rect(0 0 0 0)", clipPath: "inset(50%)", whiteSpace: "nowrap", margin: "-1px",
      });
      document.body.append(region);
      this.liveRegion = region;
    }
    return this.liveRegion;
  }

  /** @private Calls `entry(pointer, length)` with `text` in the module's memory. */
  withText(text, entry) {
    const bytes = encoder.encode(text);
    const pointer = this.e.arrange_alloc(bytes.length);
    new Uint8Array(this.e.memory.buffer, pointer, bytes.length).set(bytes);
    try {
      return entry(pointer, bytes.length);
    } finally {
      this.e.arrange_free(pointer);
    }
  }

  /** @private The text an entry point copies out (`entry(out, capacity)`). */
  readText(entry) {
    const room = this.e.arrange_alloc(1024);
    try {
      const length = entry(room, 1024);
      return decoder.decode(new Uint8Array(this.e.memory.buffer, room, Math.min(length, 1024)));
    } finally {
      this.e.arrange_free(room);
    }
  }

  /** @private `count` 32-bit integers an entry point writes (`entry(out)`), or null. */
  readInts(count, entry) {
    const room = this.e.arrange_alloc(4 * count);
    try {
      if (!entry(room)) return null;
      return Array.from(new Int32Array(this.e.memory.buffer, room, count));
    } finally {
      this.e.arrange_free(room);
    }
  }
}

/** One sortable list (or delete zone); `destroy()` gives its element back. */
class Sortable {
  constructor(group, element, options, id) {
    this.group = group;
    this.element = element;
    this.options = options;
    this.id = id;
    this.zone = Boolean(options.zone);
    this.layout = LAYOUTS[options.direction] ?? 0;
    this.axis = this.layout === 0 ? 0 : 1;
    this.listeners = [];
    if (this.zone) return;
    this.listen(element, "pointerdown", (event) => group.arrange.press(this, event));
    this.listen(element, "keydown", (event) => group.key(this, event));
    this.listen(element, "click", (event) => group.click(this, event));
    // A finger that swipes scrolls the page; one that pressed an item long enough drags it,
    // and then the list keeps the browser from scrolling instead (and from opening its menu).
    this.listen(element, "touchmove", (event) => {
      if ([...group.drags].some((drag) => drag.lifted)) event.preventDefault();
    }, { passive: false });
    this.listen(element, "contextmenu", (event) => {
      if (group.drags.size) event.preventDefault();
    });
    this.refresh();
  }

  /** @private */
  listen(target, type, handler, options) {
    target.addEventListener(type, handler, options);
    this.listeners.push(() => target.removeEventListener(type, handler, options));
  }

  /** The list's items, in order: its children, and the children of its chunks (`chunks`). */
  items() {
    if (this.zone) return [];
    const { items: selector, chunks } = this.options;
    const found = [];
    const take = (child) => {
      if (!child.classList.contains("arrange-ghost") && (!selector || child.matches(selector))) found.push(child);
    };
    for (const child of this.element.children) {
      if (chunks && child.matches(chunks)) for (const inner of child.children) take(inner);
      else take(child);
    }
    return found;
  }

  /** The chunks the list's items are in now (`chunks`). */
  chunks() {
    const chunks = this.options.chunks;
    return chunks && !this.zone ? [...this.element.children].filter((child) => child.matches(chunks)) : [];
  }

  /** Whether `item` may be picked up (not filtered out, and `canDrag` allows it); with `target`,
   * whether a press on `target` picks it up (not a press on a part of it matching `filter`). */
  draggable(item, target = item) {
    const filter = this.options.filter;
    if (filter && (item.matches(filter) || (target !== item && item.contains(target.closest(filter))))) {
      return false;
    }
    return call(this.options.canDrag, true, item) !== false;
  }

  /** Whether a press or drag of the list's group is under way. */
  get dragging() {
    this.group.land();
    return this.group.drags.size > 0;
  }

  /** Makes new items focusable (for keyboard drags); call it after adding items. */
  refresh() {
    if (this.options.keyboard === false) return;
    for (const item of this.items()) {
      if (!item.hasAttribute("tabindex") && this.draggable(item)) item.tabIndex = 0;
    }
  }

  /** The list's selected items, in the order they were selected. */
  get selection() {
    this.group.land();
    const items = new Set(this.items());
    return this.group.selected.filter((item) => items.has(item));
  }

  /** Selects `item` (or, with `selected` false, deselects it). */
  select(item, selected = true) {
    this.group.select(item, selected);
  }

  /** Deselects the list's items. */
  clearSelection() {
    for (const item of this.selection) this.group.select(item, false);
  }

  /** Undoes the last drop of the list's group; false when there is nothing to undo. */
  undo() {
    return this.group.undo();
  }

  /** Redoes the last drop of the list's group that was undone; false when there is none. */
  redo() {
    return this.group.redo();
  }

  /** Whether the list's group is in edit mode. */
  get editing() {
    return this.group.editing;
  }

  /** Starts (or, with `false`, ends) edit mode for every list of the group. */
  setEditing(editing = true) {
    this.group.setEditing(editing);
  }

  /** Stops making the list sortable (a drag under way in it is cancelled). */
  destroy() {
    this.group.remove(this);
    for (const stop of this.listeners) stop();
    this.listeners = [];
  }
}

/** Lists sharing a group: one arena of the engine. */
class Group {
  constructor(arrange, key) {
    this.arrange = arrange;
    this.e = arrange.e;
    this.groupKey = key;
    this.handle = this.e.arrange_arena_create();
    arrange.arenas.set(this.handle, this);
    this.lists = [];
    this.nextId = 0;
    // Items keep their engine number for as long as the page has them, so that undo, redo and
    // the selection can name them across drags.
    this.ids = new WeakMap();
    this.byId = new Map();
    this.nextItem = 0;
    this.selected = [];
    this.editing = false;
    this.flipping = new Set();
    // The drags under way (several with `concurrent`), and the one being handled (see `focus`).
    this.drags = new Set();
    this.drag = null;
    // Items making room: what each drag asks of each (see `makeRoom`), and what each is drawn with.
    this.room = new Map();
    this.drawn = new Map();
  }

  /** Makes `drag` the one the library is handling; false when it is over. */
  focus(drag) {
    if (!this.drags.has(drag)) return false;
    this.drag = drag;
    return true;
  }

  /** Starts handling `drag`, a press or a keyboard lift. */
  begin(drag) {
    this.drags.add(drag);
    this.drag = drag;
  }

  /** Whether the group's lists let several pointers drag at once (`concurrent`). */
  concurrent() {
    return this.lists.some((list) => list.options.concurrent === true);
  }

  add(element, options) {
    const list = new Sortable(this, element, options, this.nextId++);
    // A list inside another list's element (in one of its items) comes before it where their
    // frames overlap.
    let priority = this.lists.findIndex((other) => other.element.contains(element));
    if (priority < 0) priority = this.lists.length;
    this.lists.splice(priority, 0, list);
    this.e.arrange_arena_add_container(this.handle, list.id, list.layout,
      MODES[options.mode ?? "move"] ?? 0, list.zone ? 1 : 0, priority);
    // A capacity that is no whole number a 32-bit integer holds (Infinity, NaN) is no limit.
    const capacity = Number(options.capacity);
    if (options.capacity != null && Number.isFinite(capacity) && capacity < 2 ** 31) {
      this.e.arrange_arena_set_capacity(this.handle, list.id, Math.floor(capacity));
    }
    if (options.undoLimit != null) this.e.arrange_arena_configure(this.handle, 4, options.undoLimit);
    if (options.editMode) this.e.arrange_arena_configure(this.handle, 2, 1);
    return list;
  }

  remove(list) {
    this.land();
    for (const drag of [...this.drags]) {
      this.focus(drag);
      this.finish(this.input(() => (drag.keyboard ? this.e.arrange_arena_key(this.handle, 6, -1, now())
        : this.pointerAt(3, drag.last, drag.kind))));
      if (this.focus(drag)) this.end();
    }
    this.e.arrange_arena_remove_container(this.handle, list.id);
    this.lists = this.lists.filter((other) => other !== list);
    if (this.lists.length === 0) {
      this.e.arrange_arena_destroy(this.handle);
      this.arrange.arenas.delete(this.handle);
      this.arrange.groups.delete(this.groupKey);
    }
  }

  /** The engine's number for `item`, given the first time it is asked for. */
  idOf(item) {
    let id = this.ids.get(item);
    if (id === undefined) {
      id = this.nextItem++;
      this.ids.set(item, id);
    }
    this.byId.set(id, item);
    return id;
  }

  /** Measures every list and tells the engine (frames, items and their sizes, spacing). `from`:
   * the list a drag starts in, if one does. */
  measure(from = null) {
    // With other drags under way (`concurrent`), items are read where they are laid out.
    const moving = this.drags.size > 0;
    if (!moving) this.settle();
    this.measured = new Map();
    // The engine lays rows out left to right. Rows that run right to left (their first item on
    // the right: `direction: rtl`, or a `row-reverse` flex row) are given to it mirrored, x
    // becoming `mirror - x` for the pointer and every frame, and what it presents is mirrored
    // back. One arena has one pointer, so the mirror is the arena's: the row the drag starts in
    // decides, else the group's rows if all of them run right to left. (A vertical list works
    // either way.)
    const rtl = (list) => leftward(getComputedStyle(list.element));
    const rows = this.lists.filter((list) => !list.zone && list.layout !== 0);
    const mirrored = rows.includes(from) ? rtl(from) : rows.length > 0 && rows.every(rtl);
    this.mirror = mirrored ? innerWidth : null;
    for (const list of this.lists) {
      const items = list.items();
      const ids = items.map((item) => this.idOf(item));
      const drawn = list.element.getBoundingClientRect();
      const frame = this.engineRect(drawn);
      // The engine works in pixels of the screen, the page's styles in CSS pixels of the list.
      const scale = drawnScale(list.element, drawn);
      const rects = items.map((item) => this.engineRect(moving ? laidOut(item, scale)
        : item.getBoundingClientRect()));
      const style = getComputedStyle(list.element);
      const px = (value) => (parseFloat(value) || 0) * scale;
      // Mirrored, the engine's left is the page's right.
      const [near, far] = this.mirror == null ? ["Left", "Right"] : ["Right", "Left"];
      const padding = {
        top: px(style.borderTopWidth) + px(style.paddingTop),
        left: px(style[`border${near}Width`]) + px(style[`padding${near}`]),
        bottom: px(style.borderBottomWidth) + px(style.paddingBottom),
        right: px(style[`border${far}Width`]) + px(style[`padding${far}`]),
      };
      let spacing = 0;
      let lineSpacing = 0;
      let sizes;
      if (rects.length) {
        const [scrollX, scrollY] = this.scrollOf(list, scale);
        padding.top = rects[0].top - frame.top + scrollY;
        padding.left = rects[0].left - frame.left + scrollX;
      }
      if (list.layout === 2) {
        sizes = rects.flatMap((rect) => [rect.width, rect.height]);
        // The first item of the second row, if there is one.
        const second = rects.findIndex((rect) => rect.top >= rects[0].bottom - 0.5);
        spacing = rects.length > 1 && second !== 1
          ? Math.max(0, rects[1].left - rects[0].right) : px(style.columnGap);
        lineSpacing = second > 0
          ? Math.max(0, rects[second].top - Math.max(...rects.slice(0, second).map((rect) => rect.bottom)))
          : px(style.rowGap);
      } else {
        const vertical = list.axis === 0;
        const start = (rect) => (vertical ? rect.top : rect.left);
        const end = (rect) => (vertical ? rect.bottom : rect.right);
        sizes = rects.map((rect) => end(rect) - start(rect));
        spacing = rects.length > 1 ? Math.max(0, start(rects[1]) - end(rects[0])) : 0;
      }
      const contentRight = frame.right - padding.right;
      // A list that scrolls: how far, so that where its items are drawn is known after a scroll.
      const scrolled = [list.element.scrollLeft, list.element.scrollTop];
      this.measured.set(list, { items, ids, rects, frame, sizes, spacing, lineSpacing, padding,
        contentRight, scale, rtl: leftward(style), at: [drawn.left, drawn.top], shift: [0, 0],
        scrolled, scroll: scrolled });
      this.setFrame(list);
    }
  }

  /** How far the items `measured` are drawn from where they were measured, in pixels of the
   * page: their list moved (a scroll around it), less its own scroll since (`setFrame` keeps
   * both). */
  moved(measured) {
    const { shift, scrolled, scroll, scale } = measured;
    return [shift[0] - (scroll[0] - scrolled[0]) * scale, shift[1] - (scroll[1] - scrolled[1]) * scale];
  }

  /** `rect`, of the page, in the engine's coordinates (mirrored for right-to-left rows). */
  engineRect(rect) {
    const mirror = this.mirror;
    if (mirror == null) return rect;
    return { left: mirror - rect.right, right: mirror - rect.left, top: rect.top, bottom: rect.bottom,
      width: rect.width, height: rect.height };
  }

  /** How far `list` is scrolled, in the engine's coordinates: a mirrored row scrolls to its end
   * with a negative `scrollLeft`, and a scaled list scrolls by its own CSS pixels. */
  scrollOf(list, scale) {
    const { scrollLeft, scrollTop } = list.element;
    return [(this.mirror == null ? scrollLeft : -scrollLeft) * scale, scrollTop * scale];
  }

  /** Feeds the engine pointer input `phase` at `[x, y]` of the page, of the drag being handled. */
  pointerAt(phase, [x, y], kind) {
    return this.e.arrange_arena_pointer(this.handle, phase, this.mirror == null ? x : this.mirror - x,
      y, now(), kind, this.drag?.pointer ?? 0);
  }

  /** Tells the engine where every list is now (after a scroll), hearing what that changed: what
   * is under a still pointer may be another place, which the app and the live region are told. */
  reframe() {
    for (const list of this.lists) {
      const drag = this.drag;
      if (!drag) return;
      const result = this.input(() => {
        this.setFrame(list);
        return 0;
      });
      // The engine says nothing of a place a scroll brought under the pointer: say it as a move.
      const moved = result.events.findLast((event) => event[0] === 2 && event[2] >= 0);
      if (moved && !result.said && !result.reason && drag.lifted) {
        const [, item, container, index] = moved;
        const target = this.listOf(container);
        const size = this.measured.get(target)?.items.length ?? 0;
        const count = size + (target === (drag.origin?.list ?? drag.list) ? 0 : 1);
        result.said = [2, item, index + 1, count, container, -1, -1, -1];
      }
      this.finish(result);
    }
  }

  /** Tells the engine `list`'s frame where it is now, with the items measured at the lift. */
  setFrame(list) {
    const measured = this.measured.get(list);
    const { ids, sizes, spacing, lineSpacing, padding, scale } = measured;
    const shown = this.track(list);
    const frame = this.engineRect(shown);
    const grid = list.layout === 2;
    const scroll = this.scrollOf(list, scale)[list.axis === 0 ? 1 : 0];
    // Half a pixel more for a grid's rows, so that rounding never wraps a row the page did not.
    const box = [frame.left, frame.top, frame.width + (grid ? 0.5 : 0), frame.height, spacing,
      lineSpacing, padding.top, padding.left, padding.bottom, padding.right, scroll];
    const boxRoom = this.e.arrange_alloc(8 * box.length);
    const idRoom = this.e.arrange_alloc(4 * Math.max(1, ids.length));
    const sizeRoom = this.e.arrange_alloc(8 * Math.max(1, sizes.length));
    new Float64Array(this.e.memory.buffer, boxRoom, box.length).set(box);
    new Int32Array(this.e.memory.buffer, idRoom, ids.length).set(ids);
    new Float64Array(this.e.memory.buffer, sizeRoom, sizes.length).set(sizes);
    this.e.arrange_arena_set_container(this.handle, list.id, boxRoom, ids.length, idRoom, sizeRoom);
    this.e.arrange_free(boxRoom);
    this.e.arrange_free(idRoom);
    this.e.arrange_free(sizeRoom);
  }

  /** Notes where `list` is on the page and how far it is scrolled (what `moved` reads); returns
   * its rect. */
  track(list) {
    const measured = this.measured.get(list);
    const shown = list.element.getBoundingClientRect();
    // How far the list has moved on the page since its items were measured (a scroll around it).
    measured.shift = [shown.left - measured.at[0], shown.top - measured.at[1]];
    measured.scroll = [list.element.scrollLeft, list.element.scrollTop];
    return shown;
  }

  /** Asks the app's rules about `item` before the drag: the engine then uses the answers. */
  askRules(item, from) {
    this.e.arrange_arena_clear_verdicts(this.handle);
    this.reasons = new Map();
    const rule = (kind, id, value) => this.e.arrange_arena_set_rule(this.handle, kind, id, value);
    // The module keeps a mode per list and the items that take a drop into them until they are
    // set again: a drag from a list with no `modes`, or of an item a target does not take,
    // must not inherit the last drag's.
    for (const id of this.accepting ?? []) rule(0, id, 0);
    this.accepting = new Set();
    for (const list of this.lists) {
      // A list inside the dragged item cannot take it (nor can its items).
      const inside = item.contains(list.element);
      if (list !== from && inside) this.e.arrange_arena_set_verdict(this.handle, list.id, 0);
      // A list that keeps its order (`sort: false`) takes none of its own items back elsewhere:
      // they go to other lists, or home.
      if (list === from && list.options.sort === false) {
        this.e.arrange_arena_set_verdict(this.handle, list.id, 0);
        this.reasons.set(list.id, `${this.labelOf(list)} keeps its order.`);
      }
      const mode = this.modeFor(item, from, list);
      rule(1, list.id, mode != null ? (MODES[mode] ?? -1) : -1);
      if (!inside && list.options.dropInto) {
        for (const target of list.items()) {
          if (target !== item && call(list.options.dropInto, false, item, target)) {
            rule(0, this.idOf(target), 1);
            this.accepting.add(this.idOf(target));
          }
        }
      }
    }
    rule(2, 0, from.options.removeOnDropOutside ? 1 : 0);
    // canDrop is asked by the engine, at each place it considers (canDropAt).
    this.verdicts = new Map();
    rule(3, 0, this.lists.some((list) => list.options.canDrop) ? 1 : 0);
    this.e.arrange_arena_configure(this.handle, 0, (from.options.delay ?? 150) / 1000);
    this.e.arrange_arena_configure(this.handle, 1, from.options.distance ?? 5);
    this.e.arrange_arena_configure(this.handle, 5, TARGETS[from.options.target ?? "pointer"]);
  }

  /** Whether engine item `id` from list `fromId` may go into list `toId` at `index`: the app's
   * canDrop (of the target list, else of the source), asked once per place and drag; 1 yes,
   * 0 no. The module calls it in the middle of an input: it must not call the module back. */
  canDropAt(id, fromId, toId, index) {
    const from = this.listOf(fromId);
    const to = this.listOf(toId);
    const item = this.find(id);
    const ask = to?.options.canDrop ?? from?.options.canDrop;
    if (!ask || !from || !to || !item) return 1;
    const key = `${id} ${toId} ${index}`;
    let verdict = this.verdicts?.get(key);
    if (verdict === undefined) {
      try {
        verdict = ask(item, from.element, to.element, index) ?? true;
      } catch (error) {
        // The app's rule threw: refuse, and let the page see the error once the input is done.
        verdict = false;
        queueMicrotask(() => { throw error; });
      }
      this.verdicts?.set(key, verdict);
    }
    if (verdict === true) return 1;
    if (typeof verdict === "string" && verdict) (this.reasons ??= new Map()).set(toId, verdict);
    else this.reasons?.delete(toId);
    return 0;
  }

  /** The mode `from`'s `modes` gives a drag of `item` over `list`, or null. */
  modeFor(item, from, list) {
    const modes = from.options.modes;
    if (!modes) return null;
    if (typeof modes === "function") return modes(item, from.element, list.element) ?? null;
    return modes[list.element.id] ?? modes[this.labelOf(list)] ?? null;
  }

  /** The item of `list` that `target` is in, or null. */
  itemAt(list, target) {
    for (const item of list.items()) if (item.contains(target)) return item;
    return null;
  }

  press(list, event) {
    this.land();
    if (event.arrangeSeen || event.button !== 0) return;
    // One drag at a time, or one per pointer with `concurrent` (a keyboard drag goes alone).
    const others = [...this.drags];
    const concurrent = this.concurrent();
    if (others.length && (!concurrent || others.some((drag) => drag.keyboard || drag.pointer === event.pointerId))) {
      return;
    }
    if (!event.isPrimary && !concurrent) return;
    // What is laid out under the pointer (see `Arrange.press`).
    const target = event.arrangeAt ?? event.target;
    const item = this.itemAt(list, target);
    if (!item) return;
    // A click with a modifier selects (see `click`).
    if (list.options.selectable && (event.ctrlKey || event.metaKey || event.shiftKey)) {
      event.arrangeSeen = true;
      return;
    }
    if (!list.draggable(item, target)) return;
    const grip = list.options.handle;
    if (grip && !target.closest(grip)) return;
    if (target.closest("input, textarea, select, [contenteditable]") && !grip) return;
    // A list around this one (nested lists) does not start a drag of its own item.
    event.arrangeSeen = true;
    // A concurrent drag keeps the first one's measures and rules.
    if (!others.length) {
      this.measure(list);
      this.askRules(item, list);
    }
    this.e.arrange_arena_configure(this.handle, 6, concurrent ? 1 : 0);
    const kind = event.pointerType === "mouse" ? 0 : 1;
    // The engine finds the pressed item by place, among the items as laid out: the press is
    // given to it inside the item lifted, so that it moves that one.
    const box = item.getBoundingClientRect();
    const inside = (value, low, high) => (high - low > 2 ? Math.min(Math.max(value, low + 1), high - 1) : (low + high) / 2);
    const drag = { pointer: event.pointerId, kind, item, list, keyboard: false, lifted: false,
      last: [inside(event.clientX, box.left, box.right), inside(event.clientY, box.top, box.bottom)] };
    this.begin(drag);
    if (kind === 0) event.preventDefault();
    const move = (moved) => {
      if (moved.pointerId !== event.pointerId || !this.focus(drag)) return;
      this.pointer(1, moved);
    };
    const up = (ended) => {
      if (ended.pointerId !== event.pointerId || !this.focus(drag)) return;
      this.pointer(ended.type === "pointerup" ? 2 : 3, ended);
    };
    const scroll = () => {
      if (!this.focus(drag)) return;
      // A release not shown yet: the engine is done, but the drop starts from where the items are.
      if (drag.landing) {
        for (const list of this.lists) if (this.measured?.has(list)) this.track(list);
        return;
      }
      drag.base = null;
      drag.scrollerRects = null;
      this.reframe();
    };
    window.addEventListener("pointermove", move);
    window.addEventListener("pointerup", up);
    window.addEventListener("pointercancel", up);
    window.addEventListener("scroll", scroll, true);
    window.addEventListener("resize", scroll);
    drag.stop = () => {
      window.removeEventListener("pointermove", move);
      window.removeEventListener("pointerup", up);
      window.removeEventListener("pointercancel", up);
      window.removeEventListener("scroll", scroll, true);
      window.removeEventListener("resize", scroll);
      cancelAnimationFrame(drag.frame);
    };
    this.watch(drag);
    const tick = () => {
      if (!this.focus(drag) || drag.landing) return;
      this.finish(this.input(() => this.e.arrange_arena_tick(this.handle, now())));
      if (drag.lifted && this.focus(drag)) this.scrollPage();
      if (this.drags.has(drag)) drag.frame = requestAnimationFrame(tick);
    };
    drag.frame = requestAnimationFrame(tick);
    this.finish(this.input(() => this.pointerAt(0, drag.last, kind)));
  }

  pointer(phase, event) {
    const drag = this.drag;
    if (!drag || drag.landing) return;
    if (phase === 1 && drag.lifted) event.preventDefault();
    drag.last = [event.clientX, event.clientY];
    if (phase >= 2) drag.released = true;
    const result = this.input(() => this.pointerAt(phase, drag.last, drag.kind));
    if (phase < 2 || !drag.lifted) {
      this.finish(result);
      if (phase >= 2) this.end();
      return;
    }
    // The release of a lifted item: the engine has it, and the page shows it in the next frame.
    // What the browser does after a release (it finds what is under the pointer, which lays the
    // page out) then has nothing to lay out, and the drop's changes are laid out and drawn once,
    // in that frame. The click the release makes is kept from the page now: it comes first.
    swallowClick(false);
    drag.swallowed = true;
    drag.anchors = this.anchors(result.operations);
    drag.landing = () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
      drag.landing = null;
      if (!this.focus(drag)) return;
      // Not drawn first: the drop puts everything back, from where the last move drew it.
      this.finish(result, "drop", false);
      this.end();
    };
    const frame = requestAnimationFrame(() => drag.landing?.());
    // A page that draws no frame (hidden, say) still has its drop, a little later.
    const timer = setTimeout(() => drag.landing?.(), 100);
  }

  /** For each operation of a release that puts an item into a list, the item it is to go
   * before there (null: last), as the lists are now: where it goes should the app change the
   * list before the drop is shown (see `watch`). */
  anchors(operations) {
    const anchors = new Map();
    operations.forEach(([kind, id, , , toList, toIndex], index) => {
      if (!(kind in INSERTING)) return;
      const item = this.find(id);
      // A copy leaves its item where it is: the places count it.
      const items = this.listOf(toList)?.items().filter((other) => kind === 4 || other !== item);
      if (items) anchors.set(index, items[toIndex] ?? null);
    });
    return anchors;
  }

  /** Shows at once a release the next frame was to show (see `pointer`): before anything else
   * the library does, or the app asks. */
  land() {
    this.arrange.land();
  }

  /** Scrolls what holds the lists (a scrolled element around them, then the page) while the
   * pointer is near its edges (40 px) during a drag. A list that scrolls itself is the engine's
   * to scroll. */
  scrollPage() {
    const drag = this.drag;
    if (drag.list.options.autoScroll === false) return;
    const [x, y] = drag.last;
    const band = 40;
    const speed = (distance) => (distance < band ? Math.ceil(((band - distance) / band) * 20) : 0);
    drag.scrollers ??= this.scrollers();
    // Where they are is read once, and again after a scroll (of the page, which moves them).
    drag.scrollerRects ??= drag.scrollers.map((scroller) => (scroller === window
      ? { left: 0, top: 0, right: innerWidth, bottom: innerHeight } : scroller.getBoundingClientRect()));
    let scrolled = false;
    drag.scrollers.forEach((scroller, index) => {
      if (scrolled) return;
      const rect = drag.scrollerRects[index];
      if (x < rect.left || x > rect.right || y < rect.top || y > rect.bottom) return;
      const dx = speed(x - rect.left) ? -speed(x - rect.left) : speed(rect.right - x);
      const dy = speed(y - rect.top) ? -speed(y - rect.top) : speed(rect.bottom - y);
      if (!dx && !dy) return;
      const page = scroller === window;
      const before = page ? [scrollX, scrollY] : [scroller.scrollLeft, scroller.scrollTop];
      scroller.scrollBy(dx, dy);
      const after = page ? [scrollX, scrollY] : [scroller.scrollLeft, scroller.scrollTop];
      scrolled = after[0] !== before[0] || after[1] !== before[1];
    });
    if (!scrolled) return;
    drag.base = null;
    this.reframe();
    this.finish(this.input(() => this.pointerAt(1, [x, y], drag.kind)));
  }

  /** The elements around the group's lists that scroll, innermost first, then the page. */
  scrollers() {
    const found = [];
    for (const list of this.lists) {
      for (let at = list.element.parentElement; at && at !== document.body && at !== document.documentElement;
        at = at.parentElement) {
        if (found.includes(at)) continue;
        const style = getComputedStyle(at);
        const scrolls = (overflow, size, client) => /(auto|scroll)/.test(overflow) && size > client;
        if (scrolls(style.overflowY, at.scrollHeight, at.clientHeight) ||
          scrolls(style.overflowX, at.scrollWidth, at.clientWidth)) found.push(at);
      }
    }
    return [...found, window];
  }

  /** A click with Ctrl, ⌘ or Shift on an item of a `selectable` list selects it. */
  click(list, event) {
    if (event.arrangeClicked || !list.options.selectable) return;
    if (!(event.ctrlKey || event.metaKey || event.shiftKey)) return;
    const item = this.itemAt(list, event.target);
    if (!item) return;
    event.arrangeClicked = true;
    event.preventDefault();
    this.toggle(list, item, event.shiftKey);
  }

  /** Selects or deselects `item`; with `range`, every item from the last one toggled to it. */
  toggle(list, item, range) {
    const items = list.items();
    const from = items.indexOf(list.anchor);
    if (range && from >= 0) {
      const to = items.indexOf(item);
      const span = items.slice(Math.min(from, to), Math.max(from, to) + 1);
      for (const member of span) this.select(member, true);
    } else {
      this.select(item, !this.selected.includes(item));
    }
    list.anchor = item;
  }

  select(item, selected) {
    this.land();
    const has = this.selected.includes(item);
    if (selected === has) return;
    this.selected = selected ? [...this.selected, item] : this.selected.filter((other) => other !== item);
    this.syncSelection();
  }

  /** Shows the selection (class and `aria-selected`), tells the engine and the app. */
  syncSelection() {
    for (const list of this.lists) {
      for (const item of list.items()) {
        const on = this.selected.includes(item);
        item.classList.toggle("arrange-selected", on);
        if (list.options.selectable) item.setAttribute("aria-selected", String(on));
      }
    }
    const ids = this.selected.map((item) => this.idOf(item));
    const room = this.e.arrange_alloc(4 * Math.max(1, ids.length));
    new Int32Array(this.e.memory.buffer, room, ids.length).set(ids);
    this.e.arrange_arena_set_selection(this.handle, ids.length, room);
    this.e.arrange_free(room);
    for (const list of this.lists) call(list.options.onSelect, null, { selection: list.selection });
  }

  key(list, event) {
    this.land();
    if (event.arrangeSeen) return;
    const current = [...this.drags][0];
    const keyboard = current?.keyboard;
    if (current && !keyboard) return;
    if (keyboard) this.focus(current);
    const item = this.itemAt(list, event.target);
    let intent = null;
    const vertical = (this.drag?.list ?? list).axis === 0;
    if (!keyboard) {
      if (!item || event.target !== item) return;
      if (event.key === " " && list.options.selectable && (event.ctrlKey || event.metaKey || event.shiftKey)) {
        event.arrangeSeen = true;
        event.preventDefault();
        this.toggle(list, item, false);
        return;
      }
      if (!(list.options.liftKeys ?? [" ", "Enter"]).includes(event.key)) return;
      event.arrangeSeen = true;
      if (!list.draggable(item)) return;
      this.measure(list);
      this.askRules(item, list);
      this.begin({ keyboard: true, item, list, lifted: false, stop: () => {} });
      this.watch(this.drag);
      event.preventDefault();
      this.finish(this.input(() => this.e.arrange_arena_key(this.handle, 0, this.idOf(item), now())));
      if (this.drag && !this.drag.lifted) this.end();
      return;
    }
    event.arrangeSeen = true;
    const keys = vertical
      ? { ArrowUp: 1, ArrowDown: 2, ArrowLeft: 3, ArrowRight: 4 }
      : { ArrowLeft: 1, ArrowRight: 2, ArrowUp: 3, ArrowDown: 4 };
    // Right to left, what comes next is on the left: ← and → swap.
    if (this.measured?.get(this.drag.list)?.rtl) {
      [keys.ArrowLeft, keys.ArrowRight] = [keys.ArrowRight, keys.ArrowLeft];
    }
    if (event.key in keys) intent = keys[event.key];
    else if (event.key === " " || event.key === "Enter") intent = 5;
    else if (event.key === "Escape") intent = 6;
    else if (event.key === "Tab") intent = 6;
    if (intent == null) return;
    if (event.key !== "Tab") event.preventDefault();
    const press = (which) => this.input(() => this.e.arrange_arena_key(this.handle, which, -1, now()));
    let result = press(intent);
    // To another list: one not on the page (hidden, a closed folder's) is stepped over, and past
    // the last one the drag steps back to where it was.
    if (intent === 3 || intent === 4) {
      const hidden = (answer) => {
        const moved = answer.events.findLast((event) => event[0] === 2 && event[2] >= 0);
        const list = moved ? this.listOf(moved[2]) : null;
        return list != null && list.element.getClientRects().length === 0;
      };
      for (let left = this.lists.length; left > 0 && hidden(result); left--) result = press(intent);
      for (let left = this.lists.length; left > 0 && hidden(result); left--) result = press(7 - intent);
    }
    this.finish(result);
    if (intent >= 5) this.end();
  }

  /** Watches `drag` for what ends it from outside: the app changing a list's items cancels it
   * (its places no longer hold: the engine measured the lists at the lift), as do Escape during
   * a pointer drag and the focus leaving a keyboard drag's item. */
  watch(drag) {
    const cancel = () => {
      // The app changed a list after a release the page has not shown yet: shown now, each item
      // put before the item it was to go before (the engine's places no longer hold).
      if (this.drags.has(drag) && drag.landing) {
        drag.overtaken = true;
        return drag.landing();
      }
      if (!this.focus(drag) || drag.dropped) return;
      this.finish(this.input(() => (drag.keyboard
        ? this.e.arrange_arena_key(this.handle, 6, -1, now())
        : this.pointerAt(3, drag.last, drag.kind))));
      if (this.focus(drag)) this.end();
    };
    const observer = new MutationObserver(cancel);
    drag.observer = observer;
    for (const list of this.lists) {
      if (list.zone) continue;
      observer.observe(list.element, { childList: true });
      for (const chunk of list.chunks()) observer.observe(chunk, { childList: true });
    }
    const key = (event) => {
      if (event.key !== "Escape" || drag.keyboard) return;
      event.preventDefault();
      cancel();
    };
    const blur = (event) => {
      if (!drag.keyboard || !drag.lifted || drag.item.contains(event.relatedTarget)) return;
      drag.blurred = true;
      cancel();
    };
    window.addEventListener("keydown", key, true);
    drag.item.addEventListener("focusout", blur);
    const stop = drag.stop;
    drag.stop = () => {
      stop();
      observer.disconnect();
      window.removeEventListener("keydown", key, true);
      drag.item.removeEventListener("focusout", blur);
    };
  }

  /** Undoes (`action` 0) or redoes (1) the group's last drop; whether there was one. */
  history(action) {
    this.land();
    if (this.drags.size) return false;
    if (!(this.e.arrange_arena_history(this.handle, 2) & (action === 0 ? 1 : 2))) return false;
    this.measure();
    const result = this.input(() => this.e.arrange_arena_history(this.handle, action));
    // An operation on an item the app has taken off the page since (it deleted it) would put it
    // back: the step is refused, and the engine's history put back as it was.
    const gone = (id) => !this.find(id)?.isConnected;
    const stale = result.operations.some(([kind, id, , , , , other]) =>
      (kind !== 5 && gone(id)) || (kind === 2 && gone(other)));
    if (stale) {
      this.input(() => this.e.arrange_arena_history(this.handle, action === 0 ? 1 : 0));
      return false;
    }
    this.finish(result, action === 0 ? "undo" : "redo");
    return true;
  }

  undo() {
    return this.step(0, this.arrange.history, this.arrange.undone);
  }

  redo() {
    return this.step(1, this.arrange.undone, this.arrange.history);
  }

  /** Undoes (0) or redoes (1) the group's last step, moving its mark from the page's `from`
   * stack to its `to` stack (the page's undo and redo run over every group in order). */
  step(action, from, to) {
    if (!this.history(action)) return false;
    const at = from.lastIndexOf(this);
    if (at >= 0) from.splice(at, 1);
    to.push(this);
    return true;
  }

  setEditing(editing) {
    this.land();
    this.finish(this.input(() => this.e.arrange_arena_configure(this.handle, 3, editing ? 1 : 0)));
  }

  /** Runs one input and gathers what it did: events, operations, announcement, refusal. */
  input(run) {
    const count = run();
    const events = [];
    // Each event's drag: its pointer's number, -1 the keyboard's, -2 none.
    const drags = [];
    for (let index = 0; ; index++) {
      const event = this.arrange.readInts(5, (out) => this.e.arrange_arena_event(this.handle, index, out));
      if (!event) break;
      events.push(event);
      drags.push(this.e.arrange_arena_event_drag(this.handle, index));
    }
    const operations = [];
    for (let index = 0; index < count; index++) {
      const values = this.arrange.readInts(7, (out) =>
        this.e.arrange_arena_operation(this.handle, index, out));
      if (values) operations.push(values);
    }
    const said = this.arrange.readInts(8, (out) => this.e.arrange_arena_said(this.handle, out));
    const refusal = this.arrange.readInts(2, (out) => this.e.arrange_arena_refusal(this.handle, out));
    return { events, drags, operations, said, reason: refusal ? this.reasonFor(...refusal) : "" };
  }

  /** The element of engine item `id`, or null. */
  find(id) {
    return this.byId.get(id) ?? null;
  }

  listOf(id) {
    return this.lists.find((list) => list.id === id) ?? null;
  }

  listWith(element) {
    return this.lists.find((list) => list.element === element) ?? null;
  }

  /** Acts on what an input did: calls the app back, draws, applies a drop, announces. */
  finish({ events, drags = [], operations, said, reason }, cause = "drop", draw = true) {
    const current = this.drag;
    // The drags the events are about (a drop may change another drag's place).
    const touched = new Set(current ? [current] : []);
    const owner = (number) => {
      if (number == null || number === -2) return current;
      for (const drag of this.drags) {
        if (number === -1 ? drag.keyboard : !drag.keyboard && drag.pointer === number) return drag;
      }
      return current;
    };
    for (const [at, [kind, item, container, index, into]] of events.entries()) {
      const drag = owner(drags[at]);
      const source = drag?.list;
      this.drag = drag;
      if (drag) touched.add(drag);
      if (kind === 7 || kind === 8) {
        this.editing = kind === 7;
        for (const list of this.lists) {
          list.element.classList.toggle("arrange-editing", this.editing);
          call(list.options.onEditMode, null, { editing: this.editing });
        }
      } else if (kind === 9) {
        const list = this.listOf(container);
        for (const other of this.drags) other.base = null;
        // The engine's offset is in its coordinates (see scrollOf).
        const scale = this.measured?.get(list)?.scale ?? 1;
        if (list?.axis === 0) list.element.scrollTop = index / scale;
        else if (list) list.element.scrollLeft = (this.mirror == null ? index : -index) / scale;
        // Noted at once: a keyboard drag hears no scroll event, and where its items are drawn
        // (`moved`) counts the list's scroll.
        if (list && this.measured?.has(list)) this.track(list);
      } else if (!drag) {
        continue;
      } else if (kind === 1) {
        drag.lifted = true;
        drag.origin = { list: this.listOf(container), index };
        this.lift();
        call(source.options.onLift, null, { item: drag.item, from: source.element, index });
      } else if (kind === 2 && drag.lifted) {
        const to = this.listOf(container);
        drag.target = to;
        drag.toIndex = index;
        drag.refusal = reason || null;
        drag.into = into >= 0 ? this.find(into) : null;
        drag.removing = into === -2;
        call(source.options.onMove, null, { item: drag.item, from: source.element, index: drag.origin.index,
          to: to?.element ?? null, toIndex: index, refused: reason || null, into: drag.into,
          remove: drag.removing });
      } else if (kind === 4) {
        drag.cancelled = true;
        call(source.options.onCancel, null, { item: drag.item, from: source.element,
          index: drag.origin?.index ?? -1 });
      } else if (kind === 5 && drag.lifted) {
        drag.refusal = reason;
      } else if (kind === 6) {
        drag.companions = this.selected.filter((member) => member !== drag.item);
        drag.item.dataset.arrangeCount = String(container);
        for (const member of drag.companions) {
          member.classList.add("arrange-companion");
          member.style.opacity = "0.4";
        }
      }
    }
    for (const drag of touched) {
      if (drag.lifted && draw && this.focus(drag)) this.present(drag.refusal);
    }
    this.drag = current;
    if (operations.length) this.apply(operations, cause);
    this.announce(said, reason);
  }

  /** The element follows the pointer: raised above the others. */
  lift() {
    const drag = this.drag;
    drag.applied = [0, 0];
    // Where the item is laid out on the page (see present): as measured, moved as its list has
    // moved since. Read from the page (a layout) only after a scroll.
    const measured = this.measured.get(drag.list);
    const index = measured?.items.indexOf(drag.item) ?? -1;
    if (index >= 0) {
      const rect = this.engineRect(measured.rects[index]);
      const [sx, sy] = this.moved(measured);
      drag.base = [rect.left + sx, rect.top + sy];
    }
    // The items making room for this drag, and when each one's transform was last written (it
    // slides for 150 ms after).
    drag.shifted = new Map();
    drag.written = new Map();
    drag.slots = new Map();
    drag.item.classList.add("arrange-dragging");
    // Raised above the others; an item the page places itself (absolutely, say) stays placed.
    const placed = getComputedStyle(drag.item).position !== "static";
    Object.assign(drag.item.style, { position: placed ? drag.item.style.position : "relative", zIndex: "1000",
      pointerEvents: "none", willChange: "translate, scale" });
    // An item in a chunk (`chunks`) is raised with its chunk: a chunk the page draws as a layer
    // of its own (`will-change`) would keep it under the chunks drawn after it.
    const chunk = drag.item.parentElement;
    if (chunk !== drag.list.element && drag.list.chunks().includes(chunk)) {
      drag.chunk = chunk;
      drag.chunkStyle = [chunk.style.position, chunk.style.zIndex];
      // A flex or grid item's `z-index` raises it as it is; another needs a position.
      const still = getComputedStyle(chunk).position === "static"
        && !/flex|grid/.test(getComputedStyle(drag.list.element).display);
      Object.assign(chunk.style, { position: still ? "relative" : chunk.style.position, zIndex: "1000" });
    }
    // The look: caught at one scale, dragged at another (the keyboard's at once), see-through.
    const wanted = drag.list.options.appearance;
    const look = wanted === "engine" ? this.arrange.engineAppearance
      : { ...PLAIN, ...(typeof wanted === "object" ? wanted : {}) };
    drag.look = look;
    const animate = !reducedMotion() && look.animationDuration > 0;
    const at = (scale) => { drag.item.style.scale = scale === 1 ? "" : String(scale); };
    drag.item.style.transition = animate ? `scale ${look.animationDuration}s ease` : "";
    if (look.snapshotAlpha !== 1) drag.item.style.opacity = String(look.snapshotAlpha);
    if (drag.keyboard || look.catchScale === look.releaseScale) {
      at(look.releaseScale);
    } else {
      at(look.catchScale);
      drag.caught = setTimeout(() => this.drags.has(drag) && at(look.releaseScale),
        animate ? look.animationDuration * 1000 : 0);
    }
    if (drag.kind === 0 || drag.kind === 1) {
      try {
        drag.item.setPointerCapture?.(drag.pointer);
      } catch {
        // The pointer is gone already: its up or cancel ends the drag.
      }
    }
    document.documentElement.classList.add("arrange-active");
  }

  /** Where item `index` of a measured grid is (one past the last: the next free cell). */
  cell(measured, index) {
    const { rects, spacing, lineSpacing, contentRight } = measured;
    if (index < rects.length) return rects[index];
    const last = rects[rects.length - 1];
    if (last.right + spacing + last.width <= contentRight + 0.5) {
      return { left: last.right + spacing, top: last.top };
    }
    return { left: rects[0].left, top: last.bottom + lineSpacing };
  }

  /** Draws the engine's presentation: the dragged item, the items making room, the target. */
  present(reason) {
    const drag = this.drag;
    const room = this.e.arrange_alloc(8 * 1024);
    const count = this.e.arrange_arena_presentation(this.handle, room, 1024, drag.keyboard ? -1 : drag.pointer);
    const values = new Float64Array(this.e.memory.buffer, room, count).slice();
    this.e.arrange_free(room);
    if (count === 0) return;
    const [, gx, gy, gw, gh, , , highlighted, indicator, ix, iy, iw, ih, , runCount] = values;
    // The engine's x, mirrored back for right-to-left rows (see measure).
    const mirror = this.mirror;
    const x = (left, width) => (mirror == null ? left : mirror - left - width);
    const sign = mirror == null ? 1 : -1;
    // A translation is in CSS pixels of the item's list, which a scaled or zoomed list draws
    // larger or smaller on screen: the engine's screen pixels are divided by the list's scale.
    const scale = this.measured.get(drag.list)?.scale ?? 1;
    // The engine's frame of an item spans its list across the list's axis (a grid's is the
    // item's own): the item is where it was measured in it (a list's padding, a row's centred
    // items). Its offset there and its size, found once.
    if (!drag.laid) {
      const { items, rects, frame } = this.measured.get(drag.list);
      const rect = rects[items.indexOf(drag.item)] ?? { ...frame, width: gw, height: gh };
      const layout = drag.list.layout;
      drag.laid = { left: layout === 0 ? rect.left - frame.left : 0,
        top: layout === 1 ? rect.top - frame.top : 0, width: rect.width, height: rect.height };
    }
    const laid = drag.laid;
    // Where the item is laid out: known at the lift; after a scroll (the page's or a list's),
    // where it is drawn, less the translation it is drawn with, from its middle (which the look's
    // scale around it does not move). Read once: reading it on every move would make the
    // browser lay out the page again each time.
    if (!drag.base) {
      const shown = drag.item.getBoundingClientRect();
      drag.base = [shown.left + (shown.width - laid.width) / 2 - drag.applied[0] * scale,
        shown.top + (shown.height - laid.height) / 2 - drag.applied[1] * scale];
    }
    const dx = (x(gx + laid.left, laid.width) - drag.base[0]) / scale;
    const dy = (gy + laid.top - drag.base[1]) / scale;
    drag.applied = [dx, dy];
    // The `translate` property, which applies after the look's `scale`: a translation in
    // `transform` would be scaled with the item, and the item would drift off the pointer.
    // Written when it changes (the frames of a still pointer draw nothing new).
    const translate = `${dx}px ${dy}px`;
    if (drag.translate !== translate) drag.item.style.translate = drag.translate = translate;
    if (drag.item.classList.contains("arrange-removing") !== Boolean(drag.removing)) {
      drag.item.classList.toggle("arrange-removing", Boolean(drag.removing));
    }
    // An exchange's other item, shown displaced until the drop.
    const displaced = indicator === 2 && !drag.into && !drag.removing && drag.target
      ? this.measured.get(drag.target)?.items[drag.toIndex] ?? null : null;
    if (drag.displaced && drag.displaced !== displaced) this.undisplace(drag.displaced, false);
    if (displaced !== drag.displaced && displaced !== drag.item && displaced) {
      this.displace(drag, displaced);
    }
    drag.displaced = displaced === drag.item ? null : displaced;
    const originList = drag.origin.list ?? drag.list;
    const draggedSize = this.measured.get(originList)?.sizes[drag.origin.index] ?? 0;
    // Items other drags carry make no room.
    const carried = this.drags.size > 1 ? new Set([...this.drags].map((other) => other.item)) : null;
    const moved = new Map();
    const animate = !reducedMotion();
    const time = performance.now();
    // Only the items on screen (and a little around it: see `band`) are moved. One that a scroll
    // brings nearer is moved when it comes.
    const [low, high, left, right] = band();
    const runs = [];
    for (let r = 0; r < runCount; r++) {
      const [container, first, end, offset] = values.slice(15 + r * 4, 19 + r * 4);
      const list = this.listOf(container);
      if (!list) continue;
      runs.push([list, first, end]);
      const measured = this.measured.get(list);
      const { items, spacing, rects } = measured;
      // The items' rects are the engine's (mirrored for right-to-left rows), the shift the page's.
      const away = this.moved(measured);
      const [sx, sy] = [this.mirror == null ? away[0] : -away[0], away[1]];
      const step = (offset * (draggedSize + spacing)) / measured.scale;
      // The run's items in the band, found by halving (its items are in order along the list's
      // axis; a grid's by rows): a long list's others are not visited on every frame.
      const rows = list.layout !== 1;
      const before = (index) => (rows ? rects[index].bottom + sy < low : rects[index].right + sx < left);
      const past = (index) => (rows ? rects[index].top + sy > high : rects[index].left + sx > right);
      const stop = Math.min(end, items.length);
      let [start, last] = [first, stop];
      while (start < last) {
        const middle = (start + last) >> 1;
        if (before(middle)) start = middle + 1;
        else last = middle;
      }
      for (let index = start; index < stop && !past(index); index++) {
        const item = items[index];
        if (item === drag.item || carried?.has(item)) continue;
        const rect = rects[index];
        if (rect.bottom + sy < low || rect.top + sy > high || rect.right + sx < left || rect.left + sx > right) {
          continue;
        }
        const shift = list.axis === 0 ? [0, step * measured.scale] : [sign * step * measured.scale, 0];
        this.makeRoom(item, drag, { list, index, offset, shift }, animate, time);
        moved.set(item, true);
        drag.slots.set(item, [list, index]);
      }
    }
    for (const item of drag.shifted.keys()) {
      if (moved.has(item)) continue;
      // Out of the band now but still making room (a scroll took it away): left as it is.
      const [list, index] = drag.slots.get(item) ?? [];
      if (runs.some(([other, first, end]) => other === list && index >= first && index < end)) {
        moved.set(item, true);
        continue;
      }
      this.makeRoom(item, drag, null, animate, time);
    }
    drag.shifted = moved;
    // A selection makes no room: a line shows where it would land.
    if (drag.companions?.length && indicator === 1) {
      if (!drag.line) {
        drag.line = document.createElement("div");
        drag.line.className = "arrange-indicator";
        drag.line.setAttribute("aria-hidden", "true");
        Object.assign(drag.line.style, { position: "fixed", pointerEvents: "none", zIndex: "1001",
          background: "currentColor" });
        document.body.append(drag.line);
      }
      Object.assign(drag.line.style, { display: "", left: `${x(ix, iw)}px`, top: `${iy}px`,
        width: `${Math.max(iw, 2)}px`, height: `${Math.max(ih, 2)}px` });
    } else if (drag.line) {
      drag.line.style.display = "none";
    }
    // Only the item taking the drop changes (a long list's items are not visited on every move).
    if (drag.shownInto !== drag.into) {
      drag.shownInto?.classList.remove("arrange-drop-target");
      drag.into?.classList.add("arrange-drop-target");
      drag.shownInto = drag.into;
    }
    // The list under the item: its classes written when they change.
    const over = `${highlighted} ${reason ?? ""}`;
    if (drag.over !== over) {
      drag.over = over;
      drag.under = [highlighted, reason];
      this.highlight();
    }
  }

  /** Shows `item`, which `drag` would displace: dimmed and, with `displacedMoves`, at the dragged
   * item's place (SSCollectionViewExchangeController's layout), where the drop puts it. */
  displace(drag, item) {
    const look = drag.look;
    item.classList.add("arrange-displaced");
    drag.displacedSeen ??= new Map();
    if (!drag.displacedSeen.has(item)) drag.displacedSeen.set(item, [item.style.position, item.style.zIndex]);
    const seconds = reducedMotion() ? 0 : look.animationDuration;
    item.style.transition = seconds ? `translate ${seconds}s ease, opacity ${seconds}s` : "none";
    if (look.displacedAlpha !== 1) item.style.opacity = String(look.displacedAlpha);
    if (!look.displacedMoves) return;
    const middle = (list, index) => {
      const measured = this.measured.get(list);
      const rect = this.engineRect(measured.rects[index]);
      const [sx, sy] = this.moved(measured);
      return [rect.left + sx + rect.width / 2, rect.top + sy + rect.height / 2];
    };
    const listOfItem = this.lists.find((list) => this.measured.get(list)?.items.includes(item));
    const origin = drag.origin.list ?? drag.list;
    if (!listOfItem || !this.measured.get(origin)?.rects[drag.origin.index]) return;
    const [hx, hy] = middle(origin, drag.origin.index);
    const [ox, oy] = middle(listOfItem, this.measured.get(listOfItem).items.indexOf(item));
    const scale = this.measured.get(listOfItem).scale;
    if (getComputedStyle(item).position === "static") item.style.position = "relative";
    item.style.zIndex = "1";
    item.style.translate = `${(hx - ox) / scale}px ${(hy - oy) / scale}px`;
  }

  /** Ends `item`'s displaced look: back to its place, sliding unless `now`. */
  undisplace(item, now) {
    item.classList.remove("arrange-displaced");
    Object.assign(item.style, { opacity: "", translate: "" });
    if (now) item.style.transition = "none";
  }

  /** Marks the lists the drags are over (`arrange-over`), or refused over (`arrange-refused`,
   * with the reason in `data-arrange-reason`). */
  highlight() {
    for (const list of this.lists) {
      let [under, refused] = [false, null];
      for (const drag of this.drags) {
        if (drag.under?.[0] !== list.id) continue;
        under = true;
        refused ??= drag.under[1] || null;
      }
      list.element.classList.toggle("arrange-over", under && !refused);
      list.element.classList.toggle("arrange-refused", under && Boolean(refused));
      if (under && refused) list.element.dataset.arrangeReason = refused;
      else delete list.element.dataset.arrangeReason;
    }
  }

  /** Notes what `drag` asks of `item` (item `index` of `list` goes `offset` places on, by `shift`
   * px; null: nothing), and draws it moved by what all drags ask (concurrent ones add up). A
   * grid's item goes to the cell `offset` on (the next free one past the last). */
  makeRoom(item, drag, ask, animate, time) {
    let asks = this.room.get(item);
    if (ask) {
      if (!asks) this.room.set(item, (asks = new Map()));
      asks.set(drag, ask);
    } else {
      asks?.delete(drag);
    }
    if (asks && !asks.size) {
      this.room.delete(item);
      asks = null;
    }
    let transform = "";
    let shift = [0, 0];
    if (asks) {
      const { list, index } = asks.values().next().value;
      const measured = this.measured.get(list);
      if (list.layout === 2) {
        let offset = 0;
        for (const other of asks.values()) offset += other.offset;
        const to = this.cell(measured, Math.max(0, index + offset));
        const from = measured.rects[index];
        shift = [(this.mirror == null ? 1 : -1) * (to.left - from.left), to.top - from.top];
        const [across, down] = shift.map((distance) => distance / measured.scale);
        transform = `translate(${across}px, ${down}px)`;
      } else {
        for (const other of asks.values()) shift = [shift[0] + other.shift[0], shift[1] + other.shift[1]];
        transform = list.axis === 0 ? `translateY(${shift[1] / measured.scale}px)`
          : `translateX(${shift[0] / measured.scale}px)`;
      }
    }
    // Styles are written only when they change: an item already in place is not touched.
    if ((this.drawn.get(item)?.transform ?? "") !== transform) {
      if (animate && transform) item.style.transition = "transform 150ms ease";
      item.style.transform = transform;
      drag.written.set(item, time);
    }
    if (transform) this.drawn.set(item, { transform, shift });
    else this.drawn.delete(item);
  }

  /** Applies operations (a drop's, an undo's, a redo's): moves the DOM nodes unless told not to,
   * and calls `onDrop` of the lists involved. */
  apply(operations, cause) {
    const drag = this.drag;
    if (drag) drag.dropped = true;
    const records = operations.map(([kind, id, fromList, fromIndex, toList, toIndex, other]) => ({
      type: KINDS[kind] ?? "other",
      item: this.find(id),
      from: this.listOf(fromList)?.element ?? null,
      fromIndex,
      to: this.listOf(toList)?.element ?? null,
      toIndex,
      other: kind === 2 || kind === 6 || kind === 7 ? this.find(other) : null,
      copy: kind === 4 ? other : null,
      cause,
    }));
    const first = records[0];
    // What an undo or a redo announces is about (the engine names no item for it).
    this.lastOperation = first;
    const owner = drag?.list ?? this.listWith(first.from) ?? this.listWith(first.to) ?? this.lists[0];
    const domMoves = (owner?.options.dom ?? "move") === "move";
    // The lists the operations change (an item going into another item: any list).
    const involved = records.some((record) => record.type === "into") ? null
      : new Set([drag?.list, ...records.flatMap((record) => [this.listWith(record.from), this.listWith(record.to)])]);
    const before = domMoves ? this.shown(involved) : null;
    this.clear();
    // The app changed a list after the release (see `watch`): each item goes before the item it
    // was to go before, and is reported where it went; one the app took away stays away.
    const anchors = drag?.overtaken ? drag.anchors : null;
    const put = (record, index, node) => {
      const list = this.listWith(record.to);
      if (!anchors?.has(index)) return this.insert(list, node, record.toIndex);
      if (node === record.item && !node.isConnected) return;
      const anchor = anchors.get(index);
      if (anchor && list?.element.contains(anchor)) place(anchor.parentNode, node, anchor);
      else this.insert(list, node, Infinity);
      record.toIndex = list?.items().indexOf(node) ?? record.toIndex;
    };
    for (const [index, record] of records.entries()) {
      if (record.type === "copy") {
        // The copy keeps the engine's number for it, so that undo can take it away again.
        const copyId = record.copy;
        record.copy = null;
        if (!domMoves) continue;
        const known = this.find(copyId);
        record.copy = known && !known.isConnected ? known : record.item.cloneNode(true);
        record.copy.classList.remove("arrange-dragging", "arrange-selected", "arrange-companion");
        record.copy.removeAttribute("data-arrange-count");
        record.copy.style.opacity = "";
        this.ids.set(record.copy, copyId);
        this.byId.set(copyId, record.copy);
        put(record, index, record.copy);
      } else if (record.type === "remove") {
        this.select(record.item, false);
        if (domMoves) record.item.remove();
      } else if (!domMoves) {
        continue;
      } else if (record.type === "move" || record.type === "insert" || record.type === "out") {
        put(record, index, record.item);
      } else if (record.type === "exchange") {
        this.exchange(record);
      } else if (record.type === "into" && record.other) {
        // Into the target's own list of this group, if it holds one; else into the target.
        const nested = this.lists.find((list) => !list.zone && record.other.contains(list.element));
        if (nested) this.insert(nested, record.item, nested.items().length);
        else place(record.other, record.item, null);
      }
    }
    // Not the app's changes, for other drags' `watch`.
    for (const other of this.drags) if (other !== drag) other.observer?.takeRecords();
    // The app hears of the drop before the items are measured again for the animation: what it
    // changes on the page then is laid out with the drop, once.
    for (const record of records) {
      const event = { ...record, operations: records };
      const lists = new Set([drag?.list, this.listWith(record.from), this.listWith(record.to)]);
      for (const list of lists) call(list?.options.onDrop, null, event);
    }
    if (domMoves) this.flip(before);
    if (cause === "drop") {
      this.arrange.history.push(this);
      this.arrange.undone = this.arrange.undone.filter((group) => group !== this);
    }
    if (drag?.keyboard && domMoves && drag.item.isConnected) drag.item.focus({ preventScroll: true });
  }

  /** Inserts `node` into `list` so that it is item `index`. */
  insert(list, node, index) {
    if (!list) return;
    const items = list.items().filter((item) => item !== node);
    const next = items[index];
    if (next) place(next.parentNode, node, next);
    else if (items.length) place(items[items.length - 1].parentNode, node, items[items.length - 1].nextSibling);
    else place(list.chunks().at(-1) ?? list.element, node, null);
  }

  exchange(record) {
    if (!record.other) return;
    const [item, other] = [record.item, record.other];
    const [parent, next] = [item.parentNode, item.nextSibling];
    place(other.parentNode, item, other);
    place(parent, other, next === other ? item : next);
  }

  /** Where the items in view (and a screen around it) are drawn, for the animation after a drop
   * or a cancel, without reading the page: where they were measured, moved by their list's move
   * since (a scroll) and by the room each made. Read: the dragged item, and an item still
   * sliding. With `lists`, the items of other lists are left out unless they made room (the
   * operations have not moved them). */
  shown(lists = null) {
    const places = new Map();
    if (!this.measured || reducedMotion()) return places;
    const drag = this.drag;
    const drags = [...this.drags];
    const time = performance.now();
    const [low, high, left, right] = band();
    for (const [list, measured] of this.measured) {
      const all = !lists || lists.has(list);
      const { items, rects } = measured;
      const [sx, sy] = this.moved(measured);
      for (let index = 0; index < items.length; index++) {
        const item = items[index];
        const offset = this.drawn.get(item)?.shift;
        if (!all && !offset) continue;
        const laid = this.engineRect(rects[index]);
        const [dx, dy] = offset ?? [0, 0];
        const rect = { left: laid.left + sx + dx, top: laid.top + sy + dy, right: laid.right + sx + dx,
          bottom: laid.bottom + sy + dy };
        if (rect.bottom < low || rect.top > high || rect.right < left || rect.left > right) continue;
        const sliding = drags.some((other) => time - (other.written?.get(item) ?? -Infinity) < 200);
        const carried = drags.some((other) => other.item === item || other.displaced === item);
        places.set(item, carried || sliding ? item.getBoundingClientRect() : rect);
      }
    }
    // A dragged item of no list measured (it cannot be, but): where it is drawn.
    if (drag?.lifted && !places.has(drag.item)) places.set(drag.item, drag.item.getBoundingClientRect());
    return places;
  }

  /** Animates the items from where they were shown (`before`) to where they are, in the next
   * frame the browser lays out (this one, in a frame's callbacks): once it has laid the page out
   * and before it draws it, when a ResizeObserver hears from it. Nothing here makes the browser
   * lay the page out: the drop's changes and the app's are laid out once, in the frame's own
   * time, every place is read after, and the animations (Web Animations) write no style. */
  flip(before) {
    if (reducedMotion() || !before.size) return;
    this.unslide();
    // Heard once: `unslide` stops what heard it (a later flip has stopped this one already).
    const slide = () => {
      this.unslide();
      this.slide(before);
    };
    if (typeof ResizeObserver === "function") {
      // A new observation is reported in the next frame's layout steps (the root always has a
      // size): the read then finds the page laid out.
      const observer = new ResizeObserver(slide);
      observer.observe(document.documentElement);
      this.sliding = () => observer.disconnect();
    } else {
      const frame = requestAnimationFrame(slide);
      this.sliding = () => cancelAnimationFrame(frame);
    }
  }

  /** Drops a `flip` not started yet. */
  unslide() {
    this.sliding?.();
    this.sliding = null;
  }

  /** The animations of `flip`, started. */
  slide(before) {
    const moves = [];
    for (const [item, rect] of before) {
      if (!item.isConnected) continue;
      const now = item.getBoundingClientRect();
      const dx = rect.left - now.left;
      const dy = rect.top - now.top;
      if (Math.abs(dx) < 0.5 && Math.abs(dy) < 0.5) continue;
      // On screen, in a list scaled or zoomed: in the item's CSS pixels, as for a drag.
      const scale = drawnScale(item, now);
      moves.push([item, dx / scale, dy / scale]);
    }
    for (const [item, dx, dy] of moves) {
      if (typeof item.animate !== "function") continue;
      const animation = item.animate([{ transform: `translate(${dx}px, ${dy}px)` }, { transform: "none" }],
        { duration: 200, easing: "ease" });
      this.flipping.add(animation);
      animation.onfinish = animation.oncancel = () => this.flipping.delete(animation);
    }
  }

  /** Ends the animations after a drop at once, so that the items are measured where they are;
   * whether there were any (or a drop just shown, the page not drawn since). */
  settle() {
    const slid = this.flipping.size > 0 || this.sliding != null;
    // Animations not started yet are not started: the items are where they are laid out.
    this.unslide();
    for (const animation of [...this.flipping]) animation.finish();
    this.flipping.clear();
    return slid;
  }

  /** Puts the items back as they are laid out, with no drag. */
  clear() {
    const drag = this.drag;
    if (!drag?.lifted) return;
    drag.item.classList.remove("arrange-dragging", "arrange-removing");
    drag.item.removeAttribute("data-arrange-count");
    Object.assign(drag.item.style, { position: "", zIndex: "", pointerEvents: "", transform: "", willChange: "",
      translate: "", scale: "", opacity: "", transition: "" });
    if (drag.chunk) {
      [drag.chunk.style.position, drag.chunk.style.zIndex] = drag.chunkStyle;
      drag.chunk = null;
    }
    clearTimeout(drag.caught);
    drag.displaced = null;
    // The items that made room (or did for a while) are drawn where they are laid out at once: a
    // transition (the page's own `transition: transform`, or the drag's still sliding) would
    // slide them from the shift they were drawn with, which a drop has just made their place.
    // Their `transition` is theirs again once drawn.
    // One another drag still asks of is left to it.
    const shifted = [];
    for (const item of drag.written?.keys() ?? []) {
      const asks = this.room.get(item);
      asks?.delete(drag);
      if (asks?.size) continue;
      this.room.delete(item);
      this.drawn.delete(item);
      Object.assign(item.style, { transform: "", transition: "none" });
      shifted.push(item);
    }
    // Displaced items: left where they are (a drop put them there; a cancel slides them home).
    for (const [item, [position, zIndex]] of drag.displacedSeen ?? []) {
      this.undisplace(item, true);
      Object.assign(item.style, { position, zIndex });
      shifted.push(item);
    }
    drag.displacedSeen = null;
    if (shifted.length) this.restore(shifted);
    drag.shifted = new Map();
    for (const member of drag.companions ?? []) {
      member.classList.remove("arrange-companion");
      member.style.opacity = "";
    }
    drag.companions = [];
    drag.line?.remove();
    drag.line = null;
    drag.under = null;
    this.highlight();
    drag.shownInto?.classList.remove("arrange-drop-target");
    drag.shownInto = null;
    if (![...this.drags].some((other) => other !== drag && other.lifted)) {
      document.documentElement.classList.remove("arrange-active");
    }
  }

  /** Gives `items` (drawn with `transition: none` by `clear`) their page's transition back once
   * a frame has drawn them: two frames on, as the first one's styles are what it drew. An item a
   * drag has shifted again since has the drag's. */
  restore(items) {
    requestAnimationFrame(() => requestAnimationFrame(() => {
      for (const item of items) {
        if (item.style.transition === "none" && !this.drawn.has(item)) item.style.transition = "";
      }
    }));
  }

  /** Ends the press or drag: puts everything back (animated when it was not dropped). */
  end() {
    const drag = this.drag;
    if (!drag) return;
    const before = drag.lifted && !drag.dropped ? this.shown() : null;
    this.clear();
    if (before) this.flip(before);
    drag.stop();
    this.drags.delete(drag);
    this.drag = null;
    if (!this.drags.size) this.e.arrange_arena_clear_verdicts(this.handle);
    if (drag.keyboard && drag.cancelled && !drag.blurred) drag.item.focus({ preventScroll: true });
    if (this.drags.size && drag.dropped) this.remeasure();
    // The release that ends a pointer drag is no click on the item (nor, after Escape, the
    // release that follows).
    if (drag.lifted && !drag.keyboard && !drag.swallowed) swallowClick(!drag.released);
    call(drag.list.options.onEnd, null, { item: drag.item, from: drag.list.element, lifted: drag.lifted,
      dropped: Boolean(drag.dropped), cancelled: Boolean(drag.cancelled) });
  }

  /** After a drop while other drags go on: the lists measured again, each drag shown anew. */
  remeasure() {
    this.measure([...this.drags][0].list);
    for (const drag of [...this.drags]) {
      if (!this.focus(drag) || drag.keyboard || drag.landing) continue;
      drag.base = null;
      this.finish(this.input(() => this.pointerAt(1, drag.last, drag.kind)));
    }
    this.drag = null;
  }

  /** Why a drop is refused, in words: the app's reason, or what the engine's refusal means. */
  reasonFor(kind, container) {
    const list = this.listOf(container);
    const reason = this.reasons?.get(container);
    if (reason) return reason;
    const words = REFUSED[kind];
    if (words) return words(list ? this.labelOf(list) : "This list", list?.options.capacity ?? null);
    return "That item cannot go there.";
  }

  /** Says what happened in the live region, in the source list's `messages` if it has some. */
  announce(said, reason) {
    if (!said || !SAID[said[0]]) return;
    let [kind, id, position, count, container, other, members, refused] = said;
    // An undo or a redo: about the item its first operation moved, where it now is.
    const applied = (kind === 26 || kind === 27) && id === -1 ? this.lastOperation : null;
    const landed = applied && this.listWith(applied.to ?? applied.from);
    const at = landed && applied.item ? landed.items().indexOf(applied.item) : -1;
    if (at >= 0) [id, container, position, count] = [this.idOf(applied.item), landed.id, at + 1, landed.items().length];
    const options = this.drag?.list.options ?? this.lists[0]?.options ?? {};
    const list = this.listOf(container);
    const item = id === -1 ? null : this.find(id);
    const otherItem = other === -1 ? null : this.find(other);
    const named = (element) => element ? this.nameOf(element) : "";
    const context = {
      item, name: named(item), position, count, list: list?.element ?? null,
      listName: list ? this.labelOf(list) : "", other: otherItem, otherName: named(otherItem),
      members, reason: refused > 0 ? this.reasonFor(refused, container) : reason || null,
    };
    // Over a list that refuses, with removal outside on, the engine says the item will return;
    // the list's reason says why, which is what a person needs to hear.
    const [key, english] = SAID[kind === 4 && context.reason ? 5 : kind];
    const text = call(options.messages?.[key], null, context) ?? english(context);
    if (!text) return;
    if (this.arrange.announcer) call(this.arrange.announcer, null, text);
    else this.arrange.region().textContent = text;
  }

  nameOf(item, list = this.lists.find((candidate) => candidate.element.contains(item))) {
    return call(list?.options.itemName, null, item) ?? item.getAttribute("aria-label") ??
      item.textContent.trim().replace(/\s+/g, " ");
  }

  labelOf(list) {
    return list.options.label ?? list.element.getAttribute("aria-label") ??
      `list ${this.lists.indexOf(list) + 1}`;
  }
}
