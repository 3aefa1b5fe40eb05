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
const KINDS = { 1: "move", 2: "exchange", 3: "remove", 4: "copy" };
const SAID = {
  1: "pickedUp", 2: "moved", 3: "willSwap", 4: "willReturn", 5: "refused", 6: "dropped",
  7: "swapped", 8: "copied", 9: "cancelled", 10: "didNotMove", 11: "willRemove", 12: "removed",
};
const now = () => performance.now() / 1000;
const reducedMotion = () =>
  typeof matchMedia === "function" && matchMedia("(prefers-reduced-motion: reduce)").matches;

/** The engines, loaded: makes lists sortable. */
export class Arrange {
  /**
   * Loads the engines' WebAssembly module from `url` (default: `arrange.wasm` beside this file).
   * @param {string | URL} [url]
   * @param {{ liveRegion?: HTMLElement }} [options]
   */
  static async load(url = new URL("arrange.wasm", import.meta.url), options = {}) {
    const response = fetch(url);
    let instance;
    try {
      ({ instance } = await WebAssembly.instantiateStreaming(response, {}));
    } catch {
      ({ instance } = await WebAssembly.instantiate(await (await fetch(url)).arrayBuffer(), {}));
    }
    return new Arrange(instance.exports, options);
  }

  /** @private */
  constructor(exports, options = {}) {
    this.e = exports;
    this.groups = new Map();
    this.liveRegion = options.liveRegion ?? null;
  }

  /**
   * Makes `element`'s children (or those matching `options.items`) sortable.
   * @returns {Sortable}
   */
  sortable(element, options = {}) {
    if (!(element instanceof Element)) throw new TypeError("sortable: not an element");
    const key = options.group ?? Symbol("list");
    let group = this.groups.get(key);
    if (!group) {
      group = new Group(this, key);
      this.groups.set(key, group);
    }
    return group.add(element, options);
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

/** One sortable list; `destroy()` gives its element back. */
class Sortable {
  constructor(group, element, options, id) {
    this.group = group;
    this.element = element;
    this.options = options;
    this.id = id;
    this.axis = options.direction === "horizontal" ? 1 : 0;
    this.listeners = [];
    this.listen(element, "pointerdown", (event) => group.press(this, event));
    this.listen(element, "keydown", (event) => group.key(this, event));
    // A finger that swipes scrolls the page; one that pressed an item long enough drags it,
    // and then the list keeps the browser from scrolling instead (and from opening its menu).
    this.listen(element, "touchmove", (event) => {
      if (group.drag?.lifted) event.preventDefault();
    }, { passive: false });
    this.listen(element, "contextmenu", (event) => {
      if (group.drag) event.preventDefault();
    });
    this.refresh();
  }

  /** @private */
  listen(target, type, handler, options) {
    target.addEventListener(type, handler, options);
    this.listeners.push(() => target.removeEventListener(type, handler, options));
  }

  /** The list's items, in order. */
  items() {
    const selector = this.options.items;
    return [...this.element.children].filter(
      (child) => !child.classList.contains("arrange-ghost") && (!selector || child.matches(selector)));
  }

  /** Whether `item` may be picked up (not filtered out, and `canDrag` allows it). */
  draggable(item) {
    const filter = this.options.filter;
    if (filter && item.matches(filter)) return false;
    return this.options.canDrag ? this.options.canDrag(item) !== false : true;
  }

  /** Makes new items focusable (for keyboard drags); call it after adding items. */
  refresh() {
    if (this.options.keyboard === false) return;
    for (const item of this.items()) {
      if (!item.hasAttribute("tabindex") && this.draggable(item)) item.tabIndex = 0;
    }
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
    this.lists = [];
    this.nextId = 0;
    this.elements = new Map();
    this.drag = null;
  }

  add(element, options) {
    const list = new Sortable(this, element, options, this.nextId++);
    const name = options.label ?? element.getAttribute("aria-label") ?? `list ${this.lists.length + 1}`;
    this.arrange.withText(name, (pointer, length) =>
      this.e.arrange_arena_add_container(
        this.handle, list.id, pointer, length, list.axis, MODES[options.mode ?? "move"] ?? 0));
    if (options.capacity != null) this.e.arrange_arena_set_capacity(this.handle, list.id, options.capacity);
    this.lists.push(list);
    return list;
  }

  remove(list) {
    if (this.drag) {
      this.finish(this.input(() => this.e.arrange_arena_key(this.handle, 6, -1, now())));
      this.end();
    }
    this.e.arrange_arena_remove_container(this.handle, list.id);
    this.lists = this.lists.filter((other) => other !== list);
    if (this.lists.length === 0) {
      this.e.arrange_arena_destroy(this.handle);
      this.arrange.groups.delete(this.groupKey);
    }
  }

  /** Measures every list and tells the engine (frames, item ids and lengths, spacing). */
  measure() {
    this.elements.clear();
    this.measured = new Map();
    let id = 0;
    for (const list of this.lists) {
      const items = list.items();
      const frame = list.element.getBoundingClientRect();
      const rects = items.map((item) => item.getBoundingClientRect());
      const vertical = list.axis === 0;
      const start = (rect) => (vertical ? rect.top : rect.left);
      const end = (rect) => (vertical ? rect.bottom : rect.right);
      const lengths = rects.map((rect) => end(rect) - start(rect));
      let padding;
      if (rects.length) {
        padding = start(rects[0]) - start(frame);
      } else {
        const style = getComputedStyle(list.element);
        padding = parseFloat(vertical ? style.paddingTop : style.paddingLeft) || 0;
      }
      const spacing = rects.length > 1 ? Math.max(0, start(rects[1]) - end(rects[0])) : 0;
      const ids = items.map((item) => {
        this.elements.set(id, { item, list });
        return id++;
      });
      this.measured.set(list, { items, ids, lengths, spacing, padding });
      this.setFrame(list);
      for (const [k, item] of items.entries()) {
        const name = list.options.itemName
          ? list.options.itemName(item)
          : item.getAttribute("aria-label") ?? item.textContent.trim().replace(/\s+/g, " ");
        this.arrange.withText(name, (pointer, length) =>
          this.e.arrange_arena_set_name(this.handle, ids[k], pointer, length));
      }
    }
  }

  /** Tells the engine `list`'s frame where it is now, with the items measured at the lift. */
  setFrame(list) {
    const { ids, lengths, spacing, padding } = this.measured.get(list);
    const frame = list.element.getBoundingClientRect();
    const count = ids.length;
    const idRoom = this.e.arrange_alloc(4 * Math.max(1, count));
    const lengthRoom = this.e.arrange_alloc(8 * Math.max(1, count));
    new Int32Array(this.e.memory.buffer, idRoom, count).set(ids);
    new Float64Array(this.e.memory.buffer, lengthRoom, count).set(lengths);
    this.e.arrange_arena_set_container(this.handle, list.id, frame.left, frame.top, frame.width,
      frame.height, count, idRoom, lengthRoom, spacing, padding);
    this.e.arrange_free(idRoom);
    this.e.arrange_free(lengthRoom);
  }

  /** Asks the app's `canDrop` of every other list about `item`, before the drag. */
  askRules(item, from) {
    this.e.arrange_arena_clear_verdicts(this.handle);
    for (const list of this.lists) {
      if (list === from) continue;
      const rule = list.options.canDrop ?? from.options.canDrop;
      const verdict = rule ? rule(item, from.element, list.element) : true;
      if (verdict === true || verdict === undefined) continue;
      const reason = typeof verdict === "string" ? verdict : "";
      this.arrange.withText(reason, (pointer, length) =>
        this.e.arrange_arena_set_verdict(this.handle, list.id, 0, pointer, length));
    }
  }

  /** The item of `list` that `target` is in, or null. */
  itemAt(list, target) {
    for (const item of list.items()) if (item.contains(target)) return item;
    return null;
  }

  press(list, event) {
    if (this.drag || event.button !== 0 || !event.isPrimary) return;
    const item = this.itemAt(list, event.target);
    if (!item || !list.draggable(item)) return;
    const grip = list.options.handle;
    if (grip && !event.target.closest(grip)) return;
    if (event.target.closest("input, textarea, select, [contenteditable]") && !grip) return;
    this.measure();
    this.askRules(item, list);
    const kind = event.pointerType === "mouse" ? 0 : 1;
    this.drag = { pointer: event.pointerId, kind, item, list, keyboard: false, lifted: false };
    if (kind === 0) event.preventDefault();
    const move = (moved) => {
      if (moved.pointerId !== event.pointerId) return;
      this.pointer(1, moved);
    };
    const up = (ended) => {
      if (ended.pointerId !== event.pointerId) return;
      this.pointer(ended.type === "pointerup" ? 2 : 3, ended);
    };
    const scroll = () => this.drag && this.lists.forEach((other) => this.setFrame(other));
    window.addEventListener("pointermove", move);
    window.addEventListener("pointerup", up);
    window.addEventListener("pointercancel", up);
    window.addEventListener("scroll", scroll, true);
    window.addEventListener("resize", scroll);
    this.drag.stop = () => {
      window.removeEventListener("pointermove", move);
      window.removeEventListener("pointerup", up);
      window.removeEventListener("pointercancel", up);
      window.removeEventListener("scroll", scroll, true);
      window.removeEventListener("resize", scroll);
      cancelAnimationFrame(this.drag?.frame);
    };
    const tick = () => {
      if (!this.drag || this.drag.keyboard) return;
      this.finish(this.input(() => this.e.arrange_arena_tick(this.handle, now())));
      if (this.drag) this.drag.frame = requestAnimationFrame(tick);
    };
    this.drag.frame = requestAnimationFrame(tick);
    this.finish(this.input(() =>
      this.e.arrange_arena_pointer(this.handle, 0, event.clientX, event.clientY, now(), kind)));
  }

  pointer(phase, event) {
    if (!this.drag) return;
    if (phase === 1 && this.drag.lifted) event.preventDefault();
    this.finish(this.input(() =>
      this.e.arrange_arena_pointer(this.handle, phase, event.clientX, event.clientY, now(),
        this.drag.kind)));
    if (phase >= 2) this.end();
  }

  key(list, event) {
    const keyboard = this.drag?.keyboard;
    if (this.drag && !keyboard) return;
    const item = this.itemAt(list, event.target);
    let intent = null;
    const vertical = (this.drag?.list ?? list).axis === 0;
    if (!keyboard) {
      if ((event.key !== " " && event.key !== "Enter") || !item || event.target !== item) return;
      if (!list.draggable(item)) return;
      this.measure();
      this.askRules(item, list);
      this.drag = { keyboard: true, item, list, lifted: false, stop: () => {} };
      const id = [...this.elements].find(([, found]) => found.item === item)[0];
      event.preventDefault();
      this.finish(this.input(() => this.e.arrange_arena_key(this.handle, 0, id, now())));
      if (this.drag && !this.drag.lifted) this.end();
      return;
    }
    const keys = vertical
      ? { ArrowUp: 1, ArrowDown: 2, ArrowLeft: 3, ArrowRight: 4 }
      : { ArrowLeft: 1, ArrowRight: 2, ArrowUp: 3, ArrowDown: 4 };
    if (event.key in keys) intent = keys[event.key];
    else if (event.key === " " || event.key === "Enter") intent = 5;
    else if (event.key === "Escape") intent = 6;
    else if (event.key === "Tab") intent = 6;
    if (intent == null) return;
    if (event.key !== "Tab") event.preventDefault();
    this.finish(this.input(() => this.e.arrange_arena_key(this.handle, intent, -1, now())));
    if (intent >= 5) this.end();
  }

  /** Runs one input and gathers what it did: events, operations, announcement, refusal. */
  input(run) {
    const count = run();
    const events = [];
    for (let index = 0; ; index++) {
      const event = this.arrange.readInts(4, (out) => this.e.arrange_arena_event(this.handle, index, out));
      if (!event) break;
      events.push(event);
    }
    const operations = [];
    for (let index = 0; index < count; index++) {
      const values = this.arrange.readInts(7, (out) =>
        this.e.arrange_arena_operation(this.handle, index, out));
      if (values) operations.push(values);
    }
    const said = this.arrange.readInts(6, (out) => this.e.arrange_arena_said(this.handle, out));
    const english = this.arrange.readText((out, capacity) =>
      this.e.arrange_arena_announcement(this.handle, out, capacity));
    const reason = this.arrange.readText((out, capacity) =>
      this.e.arrange_arena_message(this.handle, out, capacity));
    return { events, operations, said, english, reason };
  }

  /** The list and item of engine item `id`. */
  find(id) {
    return this.elements.get(id) ?? { item: null, list: null };
  }

  listOf(id) {
    return this.lists.find((list) => list.id === id) ?? null;
  }

  /** Acts on what an input did: calls the app back, draws, applies a drop, announces. */
  finish({ events, operations, said, english, reason }) {
    const drag = this.drag;
    if (!drag) return;
    const source = drag.list;
    for (const [kind, item, container, index] of events) {
      if (kind === 1) {
        drag.lifted = true;
        drag.origin = { list: this.listOf(container), index };
        this.lift();
        source.options.onLift?.({ item: drag.item, from: source.element, index });
      } else if (kind === 2 && drag.lifted) {
        const to = this.listOf(container);
        drag.target = to;
        drag.refusal = reason || null;
        source.options.onMove?.({ item: drag.item, from: source.element, index: drag.origin.index,
          to: to?.element ?? null, toIndex: index, refused: reason || null });
      } else if (kind === 4) {
        drag.cancelled = true;
        source.options.onCancel?.({ item: drag.item, from: source.element, index: drag.origin?.index ?? -1 });
      } else if (kind === 5 && drag.lifted) {
        drag.refusal = reason;
      }
    }
    if (drag.lifted) this.present(drag.refusal);
    if (operations.length) this.apply(operations);
    this.announce(said, english, reason);
  }

  /** The element follows the pointer: remembered where it was, raised above the others. */
  lift() {
    const drag = this.drag;
    const rect = drag.item.getBoundingClientRect();
    drag.base = { x: rect.left, y: rect.top, scrollX: window.scrollX, scrollY: window.scrollY };
    drag.shifted = new Set();
    drag.item.classList.add("arrange-dragging");
    Object.assign(drag.item.style, { position: "relative", zIndex: "1000", pointerEvents: "none" });
    if (drag.kind === 0 || drag.kind === 1) {
      try {
        drag.item.setPointerCapture?.(drag.pointer);
      } catch {
        // The pointer is gone already: its up or cancel ends the drag.
      }
    }
    document.documentElement.classList.add("arrange-active");
  }

  /** Draws the engine's presentation: the dragged item, the items making room, the target. */
  present(reason) {
    const drag = this.drag;
    const room = this.e.arrange_alloc(8 * 1024);
    const count = this.e.arrange_arena_presentation(this.handle, room, 1024);
    const values = Array.from(new Float64Array(this.e.memory.buffer, room, count));
    this.e.arrange_free(room);
    if (count === 0) return;
    const [, gx, gy, , , , , highlighted, , , , , , , runCount] = values;
    const dx = gx - drag.base.x + (window.scrollX - drag.base.scrollX);
    const dy = gy - drag.base.y + (window.scrollY - drag.base.scrollY);
    drag.item.style.transform = `translate(${dx}px, ${dy}px)`;
    const draggedLength = this.measured.get(drag.list).lengths[drag.origin.index] ?? 0;
    const moved = new Set();
    const animate = !reducedMotion();
    for (let r = 0; r < runCount; r++) {
      const [container, first, end, offset] = values.slice(15 + r * 4, 19 + r * 4);
      const list = this.listOf(container);
      if (!list) continue;
      const { items, spacing } = this.measured.get(list);
      const step = offset * (draggedLength + spacing);
      for (let index = first; index < end && index < items.length; index++) {
        const item = items[index];
        if (item === drag.item) continue;
        if (animate) item.style.transition = "transform 150ms ease";
        item.style.transform = list.axis === 0 ? `translateY(${step}px)` : `translateX(${step}px)`;
        moved.add(item);
      }
    }
    for (const item of drag.shifted) if (!moved.has(item)) item.style.transform = "";
    drag.shifted = moved;
    for (const list of this.lists) {
      const over = list.id === highlighted;
      list.element.classList.toggle("arrange-over", over && !reason);
      list.element.classList.toggle("arrange-refused", over && Boolean(reason));
      if (over && reason) list.element.dataset.arrangeReason = reason;
      else delete list.element.dataset.arrangeReason;
    }
  }

  /** Applies a drop's operations: calls `onDrop`, and moves the DOM nodes unless told not to. */
  apply(operations) {
    const drag = this.drag;
    drag.dropped = true;
    const records = operations.map(([kind, id, fromList, fromIndex, toList, toIndex, other]) => ({
      type: KINDS[kind] ?? "other",
      item: this.find(id).item,
      from: this.listOf(fromList)?.element ?? null,
      fromIndex,
      to: this.listOf(toList)?.element ?? null,
      toIndex,
      other: kind === 2 ? this.find(other).item : null,
    }));
    const source = drag.list;
    const domMoves = (source.options.dom ?? "move") === "move";
    const before = domMoves ? this.positions() : null;
    this.clear();
    if (domMoves) {
      for (const record of records) {
        if (record.type === "move") this.move(record);
        else if (record.type === "exchange") this.exchange(record);
        else if (record.type === "copy") {
          record.copy = record.item.cloneNode(true);
          const to = this.lists.find((list) => list.element === record.to);
          this.insert(to, record.copy, record.toIndex);
          record.copy.classList.remove("arrange-dragging");
        }
      }
      this.flip(before);
    }
    for (const record of records) {
      const event = { ...record, operations: records };
      source.options.onDrop?.(event);
      const target = this.lists.find((list) => list.element === record.to);
      if (target && target !== source) target.options.onDrop?.(event);
    }
    if (drag.keyboard && domMoves) drag.item.focus({ preventScroll: true });
  }

  /** Inserts `node` into `list` so that it is item `index`. */
  insert(list, node, index) {
    const items = list.items().filter((item) => item !== node);
    const next = items[index];
    if (next) next.before(node);
    else if (items.length) items[items.length - 1].after(node);
    else list.element.append(node);
  }

  move(record) {
    const list = this.lists.find((candidate) => candidate.element === record.to);
    if (list) this.insert(list, record.item, record.toIndex);
  }

  exchange(record) {
    if (!record.other) return;
    const marker = document.createComment("");
    record.item.before(marker);
    record.other.before(record.item);
    marker.replaceWith(record.other);
  }

  /** Every item's place on screen, for the animation after a drop. */
  positions() {
    const places = new Map();
    for (const list of this.lists) {
      for (const item of list.items()) places.set(item, item.getBoundingClientRect());
    }
    return places;
  }

  /** Animates the items from where they were shown (`before`) to where they are now. */
  flip(before) {
    if (reducedMotion()) return;
    for (const [item, rect] of before) {
      if (!item.isConnected) continue;
      const now = item.getBoundingClientRect();
      const dx = rect.left - now.left;
      const dy = rect.top - now.top;
      if (Math.abs(dx) < 0.5 && Math.abs(dy) < 0.5) continue;
      item.style.transition = "none";
      item.style.transform = `translate(${dx}px, ${dy}px)`;
      item.getBoundingClientRect();
      item.style.transition = "transform 200ms ease";
      item.style.transform = "";
      item.addEventListener("transitionend", () => (item.style.transition = ""), { once: true });
    }
  }

  /** Puts the items back as they are laid out, with no drag. */
  clear() {
    const drag = this.drag;
    if (!drag?.lifted) return;
    drag.item.classList.remove("arrange-dragging");
    Object.assign(drag.item.style, { position: "", zIndex: "", pointerEvents: "", transform: "" });
    for (const item of drag.shifted ?? []) Object.assign(item.style, { transform: "", transition: "" });
    drag.shifted = new Set();
    for (const list of this.lists) {
      list.element.classList.remove("arrange-over", "arrange-refused");
      delete list.element.dataset.arrangeReason;
    }
    document.documentElement.classList.remove("arrange-active");
  }

  /** Ends the press or drag: puts everything back (animated when it was not dropped). */
  end() {
    const drag = this.drag;
    if (!drag) return;
    const before = drag.lifted && !drag.dropped ? this.positions() : null;
    this.clear();
    if (before) this.flip(before);
    drag.stop();
    this.e.arrange_arena_clear_verdicts(this.handle);
    if (drag.keyboard && drag.cancelled) drag.item.focus({ preventScroll: true });
    this.drag = null;
  }

  /** Says what happened in the live region, in the source list's `messages` if it has some. */
  announce(said, english, reason) {
    if (!said && !english) return;
    const options = this.drag?.list.options ?? {};
    let text = english;
    const key = said ? SAID[said[0]] : null;
    const message = key && options.messages?.[key];
    if (message) {
      const [, id, position, count, container, other] = said;
      const list = this.listOf(container);
      const { item } = this.find(id);
      text = message({
        item, name: item ? this.nameOf(item) : "", position, count, list: list?.element ?? null,
        listName: list ? this.labelOf(list) : "", other: other >= 0 ? this.find(other).item : null,
        reason: reason || null,
      });
    }
    if (text) this.arrange.region().textContent = text;
  }

  nameOf(item) {
    const list = this.lists.find((candidate) => candidate.element.contains(item));
    return list?.options.itemName?.(item) ?? item.getAttribute("aria-label") ??
      item.textContent.trim().replace(/\s+/g, " ");
  }

  labelOf(list) {
    return list.options.label ?? list.element.getAttribute("aria-label") ??
      `list ${this.lists.indexOf(list) + 1}`;
  }
}
