// Undo and redo: each group's engine keeps its drops; the page's order of them across groups is
// kept here, so that the page's undo takes back the last drop of any group.

import { Operation } from "./codes.js";

/** Undoes (`"undo"`) or redoes (`"redo"`) `group`'s last drop; whether there was one. */
export const step = (group, action) => {
  group.land();
  if (group.drags.size || !group.arena.can(action)) return false;
  group.measure();
  const result = group.input(() => group.arena.history(action));
  // An operation on an item the app has taken off the page since (it deleted it) would put it
  // back: the step is refused, and the engine's history put back as it was.
  const gone = (id) => !group.find(id)?.isConnected;
  const stale = result.operations.some(({ kind, item, other }) =>
    (kind !== Operation.insert && gone(item)) || (kind === Operation.exchange && gone(other)));
  if (stale) {
    group.input(() => group.arena.history(action === "undo" ? "redo" : "undo"));
    return false;
  }
  group.finish(null, result, action);
  return true;
};

/** The page's drops, in order, by the group that made each. */
export class PageHistory {
  constructor() {
    this.done = [];
    this.undone = [];
  }

  /** `group` dropped: its drop is the last, and nothing undone can be redone. */
  dropped(group) {
    this.done.push(group);
    this.undone = this.undone.filter((other) => other !== group);
  }

  /** Undoes the last drop (of any group) not undone yet; false when there is none. */
  undo() {
    for (let index = this.done.length - 1; index >= 0; index--) {
      const group = this.done[index];
      if (step(group, "undo")) {
        this.done.splice(index, 1);
        this.undone.push(group);
        return true;
      }
    }
    return false;
  }

  /** Redoes the last drop `undo` took back; false when there is none. */
  redo() {
    while (this.undone.length) {
      const group = this.undone.pop();
      if (step(group, "redo")) {
        this.done.push(group);
        return true;
      }
    }
    return false;
  }

  /** Undoes (`"undo"`) or redoes `group`'s last step, keeping the page's order. */
  stepGroup(group, action) {
    if (!step(group, action)) return false;
    const [from, to] = action === "undo" ? [this.done, this.undone] : [this.undone, this.done];
    const at = from.lastIndexOf(group);
    if (at >= 0) from.splice(at, 1);
    to.push(group);
    return true;
  }
}
