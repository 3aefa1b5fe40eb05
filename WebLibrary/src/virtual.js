// Virtual lists: a list whose items are data (a count, their sizes, a function that makes an
// item's element), of which only those in view and a margin around are on the page. The engine
// holds every item's place (given once, then moved in constant time as the list scrolls); the
// page draws a few dozen, keeps the dragged item drawn wherever it goes, and tells the app each
// drop by index, for it to move its data.

import { Layout } from "./codes.js";
import { place } from "./dom.js";
import { Sortable } from "./sortable.js";
import { spanOf } from "./virtual-span.js";

/** A list of `options.count` items of which the ones in view are drawn. */
export class VirtualList extends Sortable {
  constructor(group, element, options, id) {
    super(group, element, options, id);
    this.virtual = true;
    // Each place's engine number, in order; numbers stay with their item across drops.
    this.keys = new Int32Array(0);
    this.span = null;
    this.drawn = new Map();
    // Where each element drawn was last put (its numbers), for `position` to write only changes.
    this.placed = new WeakMap();
    this.engineDirty = true;
    if (getComputedStyle(element).position === "static") element.style.position = "relative";
    this.track = document.createElement("div");
    this.track.className = "arrange-track";
    // The track is the list to assistive technology (the scrolled element around it is not):
    // its items are its children, each saying its place in the whole list.
    this.track.setAttribute("role", "list");
    if (options.label) this.track.setAttribute("aria-label", options.label);
    Object.assign(this.track.style, { position: "relative", flex: "none" });
    element.replaceChildren(this.track);
    this.reset(options.count);
    // Where the list is scrolled, noted when it scrolls (the page is laid out then): drawing
    // reads no layout, so that a drop's drawing does not make the browser lay the page out.
    this.listen(element, "scroll", () => {
      this.note();
      this.draw();
    }, { passive: true });
    if (typeof ResizeObserver === "function") {
      let width = -1;
      const observer = new ResizeObserver(() => {
        // A grid's columns follow its width; a list's places do not.
        this.note();
        if (this.layout !== Layout.grid || element.clientWidth === width) return this.draw();
        width = element.clientWidth;
        this.reshape();
      });
      observer.observe(element);
      this.listeners.push(() => observer.disconnect());
    }
  }

  /** How many items the list has. */
  get count() {
    return this.keys.length;
  }

  /** Gives the list `count` items again (the app's data changed other than by a drop): every
   * item drawn anew, every earlier drop forgotten by undo. */
  reset(count = this.count) {
    const total = Math.floor(Number(count));
    if (!Number.isFinite(total) || total < 0 || total >= 2 ** 31) {
      throw new TypeError(`virtualList: count must be a whole number from 0, not ${count}`);
    }
    this.keys = new Int32Array(total);
    for (let index = 0; index < total; index++) this.keys[index] = this.group.nextItem++;
    this.clearDrawn();
    this.reshape();
  }

  /** Lays the items out again (their sizes, or the grid's width, changed) and draws them. */
  reshape() {
    // Read from the page here only (a resize, or new items): a drop keeps the width it was laid
    // out for, and so does not make the browser lay the page out in the middle of it.
    this.width = this.contentWidth();
    this.note();
    if (this.layout === Layout.horizontal) this.track.style.height = "100%";
    this.lay();
  }

  /** @private Lays the items out again and draws them: a grid of tiles of their own sizes is
   * given to the engine first, and drawn where the engine's flow puts each tile. */
  lay(known = null) {
    this.span = spanOf(this.options, this.layout, this.count, this.width,
      (index) => this.group.arena.flowFrame(this.id, index), known);
    this.known = null;
    this.engineDirty = true;
    if (this.span.flow && this.group.lists.includes(this)) this.giveEngine();
    this.track.style[this.layout === Layout.horizontal ? "width" : "height"] = `${this.span.total}px`;
    this.draw();
    this.prepare();
  }

  /** @private Gives the engine the items, after the frame that draws them, while nothing is
   * dragged: a press then finds the engine ready (laying out 100,000 tiles takes it a frame). */
  prepare() {
    if (this.preparing) return;
    this.preparing = true;
    const later = typeof requestAnimationFrame === "function" ? requestAnimationFrame : (run) => run();
    later(() => setTimeout(() => {
      this.preparing = false;
      if (!this.engineDirty || this.group.drags.size || !this.group.lists.includes(this)) return;
      this.place(this.group);
    }, 0));
  }

  /** The width the items have across a vertical list or a grid (the list's, less padding). */
  contentWidth() {
    const style = getComputedStyle(this.element);
    return Math.max(0, this.element.clientWidth - (parseFloat(style.paddingLeft) || 0)
      - (parseFloat(style.paddingRight) || 0));
  }

  /** The list's items on the page, in order. */
  items() {
    if (!this.drawn) return [];
    return [...this.drawn.entries()].sort((a, b) => a[0] - b[0]).map(([, { element }]) => element);
  }

  chunks() {
    return [];
  }

  /** @private The drawn item `target` is in, or null. */
  itemAt(target) {
    for (const { element } of this.drawn?.values() ?? []) if (element.contains(target)) return element;
    return null;
  }

  /** The place of the item drawn as `element`, or -1. */
  indexOfElement(element) {
    const key = this.group.ids.get(element);
    return key === undefined ? -1 : this.keys.indexOf(key);
  }

  /** The element drawn for place `index`, or undefined when it is not drawn. */
  drawnAt(index) {
    const entry = this.drawn.get(index);
    return entry && entry.key === this.keys[index] ? entry.element : undefined;
  }

  /** The items drawn, as [place, element] pairs. */
  drawnEntries() {
    return [...this.drawn.entries()].map(([index, { element }]) => [index, element]);
  }

  /** What announcements call item `index`: the app's `itemName(index)`, else its text when it
   * is drawn, else "item N". */
  nameAt(index) {
    const given = typeof this.options.itemName === "function" ? this.options.itemName(index) : null;
    if (given != null) return String(given);
    const element = this.drawnAt(index);
    return element ? element.textContent.trim().replace(/\s+/g, " ") : `item ${index + 1}`;
  }

  /** Scrolls so that item `index` is in view. */
  scrollToIndex(index) {
    const place = this.span.cell(Math.max(0, Math.min(index, this.count - 1)));
    if (this.layout === Layout.horizontal) this.element.scrollLeft = place.start;
    else this.element.scrollTop = this.layout === Layout.grid ? place.top : place.start;
    this.note();
    this.draw();
  }

  /** Scrolls the list so that what `shown` (the engine's presentation of a keyboard drag) puts
   * the dragged item at is in view, with a margin; whether it scrolled. */
  reveal(shown) {
    const rect = this.element.getBoundingClientRect();
    const vertical = this.layout !== Layout.horizontal;
    const [low, high] = vertical ? [rect.top, rect.bottom] : [rect.left, rect.right];
    const [start, length] = vertical ? [shown.ghostY, shown.ghostHeight] : [shown.ghostX, shown.ghostWidth];
    const margin = Math.min(length, (high - low) / 4);
    let delta = 0;
    if (start < low + margin) delta = start - low - margin;
    else if (start + length > high - margin) delta = start + length - high + margin;
    if (Math.abs(delta) < 1) return false;
    const before = vertical ? this.element.scrollTop : this.element.scrollLeft;
    if (vertical) this.element.scrollTop += delta;
    else this.element.scrollLeft += delta;
    this.note();
    return (vertical ? this.view.scrollTop : this.view.scrollLeft) !== before;
  }

  /** Makes new items focusable and described; items are drawn so already. */
  refresh() {
    if (this.drawn) this.draw();
  }

  /** @private Forgets every drawn element. */
  clearDrawn() {
    for (const { element, key } of this.drawn.values()) {
      element.remove();
      if (this.group.byId.get(key) === element) this.group.byId.delete(key);
    }
    this.drawn.clear();
    this.placed = new WeakMap();
  }

  /** @private Notes where the list is scrolled and how big its view is (read from the page). */
  note() {
    const { element, track } = this;
    // The track's breadth across the list too: read per place while a drag writes styles, it
    // would have the browser lay the page out again for each.
    this.view = { scrollLeft: element.scrollLeft, scrollTop: element.scrollTop, width: element.clientWidth,
      height: element.clientHeight, left: track.offsetLeft, top: track.offsetTop,
      across: this.layout === Layout.vertical ? track.offsetWidth : track.offsetHeight };
  }

  /** @private The range of places in view and `overscan` px around, [first, end), as last noted. */
  inView() {
    const view = this.view;
    const overscan = Math.max(0, Number(this.options.overscan) || 0);
    const horizontal = this.layout === Layout.horizontal;
    const before = horizontal ? view.scrollLeft - view.left : view.scrollTop - view.top;
    const length = horizontal ? view.width : view.height;
    return this.span.range(before - overscan, before + length + overscan);
  }

  /** Draws the items in view: makes those that came into it, takes away those that left (not
   * one being dragged, nor the focused one), and puts each at its place. */
  draw() {
    if (!this.span) return;
    const [first, end] = this.inView();
    const keep = new Set(this.group.carried);
    for (const drag of this.group.drags) keep.add(drag.item);
    if (this.element.contains(document.activeElement)) keep.add(document.activeElement);
    const byKey = new Map();
    for (const [index, entry] of this.drawn) byKey.set(entry.key, { ...entry, index });
    const next = new Map();
    let previous = null;
    const put = (index) => {
      const key = this.keys[index];
      let entry = byKey.get(key);
      byKey.delete(key);
      // A dragged item that came from another list keeps its element (moved as it is), as does
      // one an undo carries.
      const came = entry ? null : [...keep].find((element) => this.group.ids.get(element) === key);
      if (came) this.placed.delete(came);
      if (!entry) entry = { key, element: came ?? this.make(index) };
      const { element } = entry;
      this.position(element, index);
      // In the order of the places, for Tab and for screen readers: moved only when something
      // other than items still to be put (in `byKey`, moved in their turn) comes between it and
      // the one put before it, so that a drop moves one element, not each one between its places.
      // (Moved as it is where the browser can: the focused card keeps its focus.)
      let before = element.previousElementSibling;
      while (before && before !== previous && byKey.has(this.group.ids.get(before))) before = before.previousElementSibling;
      if (element.parentNode !== this.track || before !== previous) {
        place(this.track, element, previous ? previous.nextElementSibling : this.track.firstElementChild);
      }
      previous = element;
      next.set(index, { key, element });
    };
    for (let index = first; index < end; index++) put(index);
    // The dragged (and the focused) items of this list are drawn wherever they are.
    for (const element of keep) {
      const index = this.keys.indexOf(this.group.ids.get(element));
      if (index >= 0 && !next.has(index)) put(index);
    }
    for (const entry of byKey.values()) {
      // Not drawn here now: where it was put here is forgotten (another list may put it).
      this.placed.delete(entry.element);
      // One that went to another list is drawn there, with this element.
      if (keep.has(entry.element)) continue;
      entry.element.remove();
      if (this.group.byId.get(entry.key) === entry.element) this.group.byId.delete(entry.key);
    }
    this.drawn = next;
  }

  /** @private Item `index`'s element, made by the app's `render`. */
  make(index) {
    const element = this.options.render(index);
    if (!(element instanceof Element)) {
      throw new TypeError(`virtualList: render(${index}) must return an element`);
    }
    const key = this.keys[index];
    this.group.ids.set(element, key);
    this.group.byId.set(key, element);
    element.style.position = "absolute";
    // At rest, a transform that moves nothing: making room then changes its value only, which
    // the browser draws without laying the list out again; from none to one and back, it lays
    // out each item that starts or stops making room (the grid's slowest frames: 13 tiles make
    // room at once). So each item is a stacking context and holds its fixed descendants, as in
    // the many virtual lists that place their items by a transform. One the app gave the
    // element is where it rests.
    if (!element.style.transform) element.style.transform = RESTING;
    this.group.rest.set(element, element.style.transform);
    if (this.options.keyboard !== false) {
      if (!element.hasAttribute("tabindex")) element.tabIndex = 0;
      const described = this.group.arrange.instructions(this.options);
      if (described && !element.hasAttribute("aria-describedby")) element.setAttribute("aria-describedby", described);
    }
    return element;
  }

  /** @private Puts `element` at place `index`, with its position in the whole list. */
  position(element, index) {
    const cell = this.span.cell(index);
    const grid = this.layout === Layout.grid;
    const vertical = this.layout === Layout.vertical;
    const style = element.style;
    // Written only where the place changed: a drop lays the list out again, and most of the
    // items drawn keep their places, the others their sizes (each write is a style the browser
    // works out again).
    let placed = this.placed.get(element);
    if (!placed) {
      this.placed.set(element, (placed = [NaN, NaN, NaN, NaN]));
      if (vertical) Object.assign(style, { left: "0", right: "0" });
      else if (!grid) Object.assign(style, { top: "0", bottom: "0" });
    }
    const numbers = grid ? [cell.left, cell.top, cell.width, cell.height] : [cell.start, cell.length];
    const names = grid ? GRID_PLACE : vertical ? VERTICAL_PLACE : HORIZONTAL_PLACE;
    for (let at = 0; at < numbers.length; at++) {
      if (placed[at] === numbers[at]) continue;
      placed[at] = numbers[at];
      style[names[at]] = `${numbers[at]}px`;
    }
    const at = String(index + 1);
    if (element.getAttribute("aria-posinset") !== at) element.setAttribute("aria-posinset", at);
    const of = String(this.count);
    if (element.getAttribute("aria-setsize") !== of) element.setAttribute("aria-setsize", of);
  }

  /** What measuring the list finds (measure.js's record, with this list to ask for places and
   * items): read from the list's element alone, never from its items. */
  measure() {
    const drawn = this.element.getBoundingClientRect();
    const scrolled = [this.element.scrollLeft, this.element.scrollTop];
    return { virtual: this, frame: drawn, origin: this.origin(drawn), spacing: this.span.gap,
      lineSpacing: this.span.lineGap, scale: 1, rtl: false, at: [drawn.left, drawn.top], shift: [0, 0],
      scrolled, scroll: scrolled };
  }

  /** @private Where place 0 is drawn now: the track's corner on the page. */
  origin(drawn = this.element.getBoundingClientRect()) {
    return [drawn.left + this.element.clientLeft + this.track.offsetLeft - this.element.scrollLeft,
      drawn.top + this.element.clientTop + this.track.offsetTop - this.element.scrollTop];
  }

  /** Where place `index` was when the list was measured (`measured`), on the page. */
  rectAt(measured, index) {
    const [x, y] = measured.origin;
    const cell = this.span.cell(index);
    if (this.layout === Layout.grid) {
      return { left: x + cell.left, top: y + cell.top, right: x + cell.left + cell.width,
        bottom: y + cell.top + cell.height, width: cell.width, height: cell.height };
    }
    const across = this.view.across;
    if (this.layout === Layout.vertical) {
      return { left: x, right: x + across, top: y + cell.start, bottom: y + cell.start + cell.length,
        width: across, height: cell.length };
    }
    return { left: x + cell.start, right: x + cell.start + cell.length, top: y, bottom: y + across,
      width: cell.length, height: across };
  }

  /** The length along the list of item `index` (a grid: its width). */
  sizeAt(index) {
    const cell = this.span.cell(index);
    return this.layout === Layout.grid ? cell.width : cell.length;
  }

  /** Tells the engine where the list is now: its items once after they change (every one of
   * them, laid out in the module), and otherwise only where it is and how far it is scrolled. */
  place(group) {
    this.note();
    const drawn = this.element.getBoundingClientRect();
    const [x, y] = this.origin(drawn);
    if (this.engineDirty) {
      this.giveEngine(drawn);
      if (this.span.flow) this.track.style.height = `${this.span.total}px`;
    }
    this.draw();
    group.arena.placeList(this.id, { x: drawn.left, y: drawn.top, width: drawn.width, height: drawn.height,
      scroll: this.layout === Layout.vertical ? this.element.scrollTop : this.element.scrollLeft,
      originX: x, originY: y });
  }

  /** @private Gives the engine every item and its size (laid out in the module), the list
   * drawn at `drawn`. */
  giveEngine(drawn = this.element.getBoundingClientRect()) {
    this.engineDirty = false;
    const [x, y] = this.origin(drawn);
    const [unscrolledX, unscrolledY] = [x + this.element.scrollLeft, y + this.element.scrollTop];
    const box = this.layout === Layout.grid
      ? { x: unscrolledX, y: unscrolledY, width: this.span.width + 0.5, height: 0,
        spacing: this.span.gap, lineSpacing: this.span.lineGap }
      : { x: drawn.left, y: drawn.top, width: drawn.width, height: drawn.height, spacing: this.span.gap,
        paddingTop: unscrolledY - drawn.top, paddingLeft: unscrolledX - drawn.left,
        scroll: this.layout === Layout.vertical ? this.element.scrollTop : this.element.scrollLeft };
    this.group.arena.setList(this.id, box, this.keys, this.span.engineSizes());
  }

  /** Moves item `key` from place `from` out (-1: it comes from another list) and into place `to`
   * (-1: it leaves for another list); the engine is told the new order when it next asks. */
  moveKey(key, from, to) {
    const at = from >= 0 ? (this.keys[from] === key ? from : this.keys.indexOf(key)) : -1;
    const into = to >= 0 ? Math.min(Math.max(0, to), this.keys.length - (at >= 0)) : -1;
    // Within the list, in place: only the places between the two move (a drop in a list of
    // 100,000 copied it twice, a tenth of the drop's script).
    if (at >= 0 && into >= 0) {
      shifted(this.keys, at, into, key);
    } else {
      this.keys = spliced(this.keys, at, into, key);
    }
    // The lengths of a list of its own sizes move with their items; the new item's is asked.
    if (this.span?.lengths) {
      if (at >= 0 && into >= 0) shifted((this.known ??= this.span.lengths.slice()), at, into, NaN);
      else this.known = spliced(this.known ?? this.span.lengths, at, into, NaN);
    }
  }

  /** After drops: the items laid out again (the items that came are measured; a list of its
   * own sizes keeps the others' lengths) and drawn. */
  settle() {
    this.lay(this.known);
  }

  destroy() {
    super.destroy();
    this.clearDrawn();
    this.track.remove();
  }
}

/** The transform a virtual item rests at (see `make`). */
const RESTING = "translate(0px, 0px)";

/** The styles that put an item at its place (the numbers `position` writes, in order). */
const GRID_PLACE = ["left", "top", "width", "height"];
const VERTICAL_PLACE = ["top", "height"];
const HORIZONTAL_PLACE = ["left", "width"];

/** `array` (a typed array) with its item at `at` taken out and `value` put at `into` of what is
 * left, in place: the items between the two places move one place. */
export const shifted = (array, at, into, value) => {
  if (into > at) array.copyWithin(at, at + 1, into + 1);
  else if (into < at) array.copyWithin(into + 1, into, at);
  array[into] = value;
};

/** `array` (a typed array) without its item at `at` (-1: none) and with `value` put at `into`
 * (-1: none) of what is left. */
export const spliced = (array, at, into, value) => {
  const rest = at < 0 ? array : new array.constructor(array.length - 1);
  if (at >= 0) {
    rest.set(array.subarray(0, at));
    rest.set(array.subarray(at + 1), at);
  }
  if (into < 0) return rest;
  const grown = new array.constructor(rest.length + 1);
  grown.set(rest.subarray(0, into));
  grown[into] = value;
  grown.set(rest.subarray(into), into + 1);
  return grown;
};
