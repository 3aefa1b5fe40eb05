// Undo and redo: each group's engine keeps its drops; the page's order of them across groups is
// kept here, so that the page's undo takes back the last drop of any group.

/** Undoes (`"undo"`) or redoes (`"redo"`) `group`'s last drop, as the lists are now: "done";
 * "refused" when an item of that drop is no longer on the page (the engine says so, and forgets
 * that drop); "none" when there is nothing to do (or a drag is under way). */
export const step = (group, action) => {
  group.land();
  if (group.drags.size || !group.arena.can(action)) return "none";
  // The engine finds each item where the page has it now (the app may have changed the lists).
  group.measure();
  const result = group.input(() => group.arena.history(action));
  group.finish(null, result, action);
  return result.operations.length ? "done" : "refused";
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

  /** Undoes the last drop (of any group) not undone yet; false when there is none, or when it
   * cannot be undone (it is forgotten: the next undo takes the one before). */
  undo() {
    for (let index = this.done.length - 1; index >= 0; index--) {
      const group = this.done[index];
      const answer = step(group, "undo");
      if (answer === "none") continue;
      this.done.splice(index, 1);
      if (answer === "refused") return false;
      this.undone.push(group);
      return true;
    }
    return false;
  }

  /** Redoes the last drop `undo` took back; false when there is none or it cannot be redone. */
  redo() {
    while (this.undone.length) {
      const group = this.undone.pop();
      const answer = step(group, "redo");
      if (answer === "none") continue;
      if (answer === "refused") return false;
      this.done.push(group);
      return true;
    }
    return false;
  }

  /** Undoes (`"undo"`) or redoes `group`'s last step, keeping the page's order; whether it did. */
  stepGroup(group, action) {
    const answer = step(group, action);
    if (answer === "none") return false;
    const [from, to] = action === "undo" ? [this.done, this.undone] : [this.undone, this.done];
    const at = from.lastIndexOf(group);
    if (at >= 0) from.splice(at, 1);
    if (answer === "refused") return false;
    to.push(group);
    return true;
  }
}
