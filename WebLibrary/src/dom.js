// The DOM changes of a drop, an undo or a redo: the nodes moved (or, with `dom: "report"`, left
// to the app), each list's `onDrop` called, and the items animated to their new places.

import { Operation } from "./codes.js";
import { call } from "./call.js";
import { flip, looks, shown } from "./animate.js";
import { clear } from "./present.js";
import { select } from "./selection.js";
import { applyVirtual } from "./virtual-drop.js";

/** The name of an operation by its kind's number. */
const TYPES = Object.fromEntries(Object.entries(Operation).map(([name, code]) => [code, name]));

/** Puts `node` into `parent` before `next` (null: last). A node on the page is moved as it is
 * (`moveBefore`, where the browser has it): it keeps its focus, and the browser, which would
 * take the focus away, does not have to bring the page's styles up to date first. */
export const place = (parent, node, next) => {
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

/** Inserts `node` into `list` so that it is item `index`. */
export const insert = (list, node, index) => {
  if (!list) return;
  const items = list.items().filter((item) => item !== node);
  const next = items[index];
  if (next) place(next.parentNode, node, next);
  else if (items.length) place(items[items.length - 1].parentNode, node, items[items.length - 1].nextSibling);
  else place(list.chunks().at(-1) ?? list.element, node, null);
};

/** Trades the places of an exchange's two items. */
const exchange = (record) => {
  if (!record.other) return;
  const [item, other] = [record.item, record.other];
  const [parent, next] = [item.parentNode, item.nextSibling];
  place(other.parentNode, item, other);
  place(parent, other, next === other ? item : next);
};

/** The operations (records of the engine's numbers) as the app's `onDrop` gets them. */
const records = (group, operations, cause) => operations.map(({ kind, item, fromList, fromIndex,
  toList, toIndex, other }) => ({
  type: TYPES[kind] ?? "other",
  item: group.find(item),
  from: group.listOf(fromList)?.element ?? null,
  fromIndex,
  to: group.listOf(toList)?.element ?? null,
  toIndex,
  other: kind === Operation.exchange || kind === Operation.into || kind === Operation.out
    ? group.find(other) : null,
  copy: kind === Operation.copy ? other : null,
  cause,
}));

/** Applies `operations` of `drag` (null: an undo's or a redo's): moves the DOM nodes unless told
 * not to, and calls `onDrop` of the lists involved, once per callback. */
export const apply = (group, drag, operations, cause) => {
  if (group.lists.some((list) => list.virtual)) return applyVirtual(group, drag, operations, cause);
  if (drag) drag.dropped = true;
  const done = records(group, operations, cause);
  const first = done[0];
  // What an undo or a redo announces is about (the engine names no item for it).
  group.lastOperation = first;
  const owner = drag?.list ?? group.listWith(first.from) ?? group.listWith(first.to) ?? group.lists[0];
  const domMoves = (owner?.options.dom ?? "move") === "move";
  // The lists the operations change (an item going into another item: any list).
  const involved = done.some((record) => record.type === "into") ? null
    : new Set([drag?.list, ...done.flatMap((record) => [group.listWith(record.from), group.listWith(record.to)])]);
  const before = domMoves ? shown(group, drag, involved) : null;
  const drawn = domMoves && !group.arrange.reducedMotion() ? looks(drag) : new Map();
  clear(group, drag);
  // The app changed a list after the release (see sensors/watch.js): each item goes before the
  // item it was to go before, and is reported where it went; one the app took away stays away.
  const anchors = drag?.overtaken ? drag.anchors : null;
  const put = (record, index, node) => {
    const list = group.listWith(record.to);
    if (!anchors?.has(index)) return insert(list, node, record.toIndex);
    if (node === record.item && !node.isConnected) return;
    const anchor = anchors.get(index);
    if (anchor && list?.element.contains(anchor)) place(anchor.parentNode, node, anchor);
    else insert(list, node, Infinity);
    record.toIndex = list?.items().indexOf(node) ?? record.toIndex;
  };
  for (const [index, record] of done.entries()) {
    if (record.type === "copy") {
      // The copy keeps the engine's number for it, so that undo can take it away again.
      const copyId = record.copy;
      record.copy = null;
      if (!domMoves) continue;
      const known = group.find(copyId);
      record.copy = known && !known.isConnected ? known : record.item.cloneNode(true);
      record.copy.classList.remove("arrange-dragging", "arrange-selected", "arrange-companion");
      record.copy.removeAttribute("data-arrange-count");
      record.copy.style.opacity = "";
      group.ids.set(record.copy, copyId);
      group.byId.set(copyId, record.copy);
      put(record, index, record.copy);
    } else if (record.type === "remove") {
      select(group, record.item, false);
      if (domMoves) record.item.remove();
    } else if (!domMoves) {
      continue;
    } else if (record.type === "move" || record.type === "insert" || record.type === "out") {
      put(record, index, record.item);
    } else if (record.type === "exchange") {
      exchange(record);
    } else if (record.type === "into" && record.other) {
      // Into the target's own list of this group, if it holds one; else into the target.
      const nested = group.lists.find((list) => !list.zone && record.other.contains(list.element));
      if (nested) insert(nested, record.item, nested.items().length);
      else place(record.other, record.item, null);
    }
  }
  // Not the app's changes, for other drags' watch.
  for (const other of group.drags) if (other !== drag) other.observer?.takeRecords();
  // The app hears of the drop before the items are measured again for the animation: what it
  // changes on the page then is laid out with the drop, once. A callback that two of the lists
  // share hears each operation once.
  for (const record of done) {
    const event = { ...record, operations: done };
    const lists = [drag?.list, group.listWith(record.from), group.listWith(record.to)];
    const callbacks = new Set(lists.map((list) => list?.options.onDrop).filter(Boolean));
    for (const callback of callbacks) call(callback, null, event);
  }
  if (domMoves) flip(group, before, drawn);
  if (cause === "drop") group.arrange.dropped(group);
  if (drag?.keyboard && domMoves && drag.item.isConnected) drag.item.focus({ preventScroll: true });
};
