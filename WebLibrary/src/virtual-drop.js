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

/** The places of each list that `operations` can move (the first and the last, by list): only
 * those between a move's two places within a list of items whose places follow from the ones
 * before them in order (not a flow of tiles of their own sizes, where an order changed within
 * can move the lines after it), and from its place on in a list it leaves or enters. The items
 * outside are where they were: the slide after a drop leaves them be (a grid of 100,000 draws
 * about 180, and a drop of one tile moved a line or three of them). */
const movable = (group, operations) => {
  const places = new Map();
  const widen = (list, first, last) => {
    const [low, high] = places.get(list) ?? [Infinity, -Infinity];
    places.set(list, [Math.min(low, first), Math.max(high, last)]);
  };
  for (const { fromList, fromIndex, toList, toIndex } of operations) {
    const [from, to] = [group.listOf(fromList), group.listOf(toList)];
    if (from && from === to && fromIndex >= 0 && toIndex >= 0 && !from.span?.flow) {
      widen(from, Math.min(fromIndex, toIndex), Math.max(fromIndex, toIndex));
      continue;
    }
    if (from) widen(from, Math.max(0, fromIndex), Infinity);
    if (to) widen(to, Math.max(0, toIndex), Infinity);
  }
  return places;
};

/** Applies `operations` of `drag` (null: an undo's or a redo's) to `group`'s virtual lists. */
export const applyVirtual = (group, drag, operations, cause) => {
  if (drag) drag.dropped = true;
  const animate = !group.arrange.reducedMotion();
  const before = animate ? shown(group, drag, null, movable(group, operations)) : new Map();
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
  // An item moved between lists keeps its element, drawn (and sliding) from where it was: the
  // list it leaves does not take it away, the one it enters does not make another. (A drag's
  // item is kept so as it is dragged.)
  for (const record of done) {
    const across = record.type === "move" && record.from && record.to && record.from !== record.to;
    if (across && record.item && before.has(record.item)) group.carried.add(record.item);
  }
  try {
    for (const list of touched) list.settle();
  } finally {
    group.carried.clear();
  }
  if (animate) flip(group, before, drawn);
  if (cause === "drop") group.arrange.dropped(group);
  if (drag?.keyboard && drag.item.isConnected) drag.item.focus({ preventScroll: true });
};
