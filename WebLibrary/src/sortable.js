// One sortable list (or delete zone) of a group: its items, what may be picked up, and the
// listeners that hand its presses, keys and clicks to the sensors.

import { Layout } from "./codes.js";
import { call } from "./call.js";
import { key } from "./sensors/keyboard.js";
import { click, select } from "./selection.js";

/** One sortable list (or delete zone); `destroy()` gives its element back. */
export class Sortable {
  constructor(group, element, options, id) {
    this.group = group;
    this.element = element;
    this.options = options;
    this.id = id;
    this.zone = Boolean(options.zone);
    this.layout = Layout[options.direction] ?? Layout.vertical;
    this.listeners = [];
    if (this.zone) return;
    this.listen(element, "pointerdown", (event) => group.arrange.press(this, event));
    this.listen(element, "keydown", (event) => key(group, this, event));
    this.listen(element, "click", (event) => click(group, this, event));
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

  /** @private The item of the list that `target` is in, or null. */
  itemAt(target) {
    for (const item of this.items()) if (item.contains(target)) return item;
    return null;
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

  /** Makes new items focusable (for keyboard drags) and described as draggable (how to drag
   * them, for assistive technology); call it after adding items. */
  refresh() {
    if (this.options.keyboard === false) return;
    const described = this.group.arrange.instructions(this.options);
    for (const item of this.items()) {
      if (!this.draggable(item)) continue;
      if (!item.hasAttribute("tabindex")) item.tabIndex = 0;
      if (!described) continue;
      const ids = (item.getAttribute("aria-describedby") ?? "").split(/\s+/).filter(Boolean);
      if (!ids.includes(described)) item.setAttribute("aria-describedby", [...ids, described].join(" "));
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
    select(this.group, item, selected);
  }

  /** Deselects the list's items. */
  clearSelection() {
    for (const item of this.selection) select(this.group, item, false);
  }

  /** Undoes the last drop of the list's group; false when there is nothing to undo. */
  undo() {
    return this.group.arrange.history.stepGroup(this.group, "undo");
  }

  /** Redoes the last drop of the list's group that was undone; false when there is none. */
  redo() {
    return this.group.arrange.history.stepGroup(this.group, "redo");
  }

  /** Whether the list's group is in edit mode. */
  get editing() {
    return this.group.editing;
  }

  /** Starts (or, with `false`, ends) edit mode for every list of the group. */
  setEditing(editing = true) {
    const group = this.group;
    group.land();
    group.finish(null, group.input(() => group.arena.configure("editing", editing ? 1 : 0)));
  }

  /** Stops making the list sortable (a drag under way in it is cancelled). */
  destroy() {
    this.group.remove(this);
    for (const stop of this.listeners) stop();
    this.listeners = [];
  }
}
