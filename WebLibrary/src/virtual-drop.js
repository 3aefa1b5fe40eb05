// The changes of a drop, an undo or a redo in virtual lists: the app's data is the app's, so
// each list's `onDrop` is told what moved by place (`fromIndex`, `toIndex`) for it to move its
// data; the lists keep their items' engine numbers in the new order, draw again, and the items
// on screen slide to their new places.

import { Operation } from "./codes.js";
import { call } from "./call.js";
import { flip, looks, shown } from "./animate.js";
import { clear } from "./present.js";

/** The name of an operation by its kind's number. */
const TYPES = Object.fromEntries(Object.entries(Operation).map(([name, code]) => [code, name]));

/** Applies `operations` of `drag` (null: an undo's or a redo's) to `group`'s virtual lists. */
export const applyVirtual = (group, drag, operations, cause) => {
  if (drag) drag.dropped = true;
  const animate = !group.arrange.reducedMotion();
  const before = animate ? shown(group, drag) : new Map();
  const drawn = animate ? looks(drag) : new Map();
  clear(group, drag);
  const done = operations.map(({ kind, item, fromList, fromIndex, toList, toIndex }) => ({
    type: TYPES[kind] ?? "other", key: item, item: group.find(item),
    from: group.listOf(fromList)?.element ?? null, fromIndex,
    to: group.listOf(toList)?.element ?? null, toIndex, other: null, copy: null, cause,
  }));
  group.lastOperation = done[0];
  const touched = new Set();
  for (const record of done) {
    const [from, to] = [group.listWith(record.from), group.listWith(record.to)];
    if (record.type === "move" && from && from === to) {
      from.moveKey(record.key, record.fromIndex, record.toIndex);
    } else {
      if (record.type === "move" || record.type === "remove") from?.moveKey(record.key, record.fromIndex, -1);
      if (record.type === "move" || record.type === "insert") to?.moveKey(record.key, -1, record.toIndex);
    }
    for (const list of [from, to]) if (list) touched.add(list);
  }
  // The app moves its data before the lists draw again: `render(index)` then makes the new data.
  for (const record of done) {
    const event = { type: record.type, item: record.item, from: record.from, fromIndex: record.fromIndex,
      to: record.to, toIndex: record.toIndex, cause, operations: done };
    const lists = [drag?.list, group.listWith(record.from), group.listWith(record.to)];
    const callbacks = new Set(lists.map((list) => list?.options.onDrop).filter(Boolean));
    for (const callback of callbacks) call(callback, null, event);
  }
  for (const list of touched) list.settle();
  if (animate) flip(group, before, drawn);
  if (cause === "drop") group.arrange.dropped(group);
  if (drag?.keyboard && drag.item.isConnected) drag.item.focus({ preventScroll: true });
};
