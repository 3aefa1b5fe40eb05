// The app's rules for a drag: asked before it (what each list takes, modes, drops into items,
// removal outside) and, for `canDrop`, by the engine at each place it considers.

import { Mode, Target } from "./codes.js";
import { call } from "./call.js";
import { labelOf } from "./announce.js";
import { pressDelay, swapShare } from "./defaults.js";

/** The mode `from`'s `modes` gives a drag of `item` over `list`, or null. */
export const modeFor = (group, item, from, list) => {
  const modes = from.options.modes;
  if (!modes) return null;
  if (typeof modes === "function") return modes(item, from.element, list.element) ?? null;
  return modes[list.element.id] ?? modes[labelOf(group, list)] ?? null;
};

/** Asks the app's rules about `item`, pressed in list `from`, before the drag: the engine then
 * uses the answers (and `from`'s settings). */
export const askRules = (group, item, from) => {
  const arena = group.arena;
  arena.clearVerdicts();
  group.reasons = new Map();
  // The module keeps a mode per list and the items that take a drop into them until they are
  // set again: a drag from a list with no `modes`, or of an item a target does not take,
  // must not inherit the last drag's.
  for (const id of group.accepting ?? []) arena.rule("dropInto", id, 0);
  group.accepting = new Set();
  for (const list of group.lists) {
    // A list inside the dragged item cannot take it (nor can its items).
    const inside = item.contains(list.element);
    if (list !== from && inside) arena.setVerdict(list.id, false);
    // A list that keeps its order (`sort: false`) takes none of its own items back elsewhere:
    // they go to other lists, or home.
    if (list === from && list.options.sort === false) {
      arena.setVerdict(list.id, false);
      group.reasons.set(list.id, `${labelOf(group, list)} keeps its order.`);
    }
    const mode = modeFor(group, item, from, list);
    arena.rule("mode", list.id, mode != null ? (Mode[mode] ?? -1) : -1);
    if (!inside && list.options.dropInto) {
      for (const target of list.items()) {
        if (target !== item && call(list.options.dropInto, false, item, target)) {
          arena.rule("dropInto", group.idOf(target), 1);
          group.accepting.add(group.idOf(target));
        }
      }
    }
  }
  arena.rule("removeOutside", 0, from.options.removeOnDropOutside ? 1 : 0);
  // canDrop is asked by the engine, at each place it considers (canDropAt).
  group.verdicts = new Map();
  arena.rule("asksHost", 0, group.lists.some((list) => list.options.canDrop) ? 1 : 0);
  const options = from.options;
  arena.configure("touchDelay", pressDelay(options, "touch"));
  arena.configure("mouseDelay", pressDelay(options, "mouse"));
  arena.configure("distance", options.distance);
  arena.configure("target", Target[options.target] ?? Target.pointer);
  arena.configure("swapThreshold", swapShare(options));
};

/** Whether engine item `id` from list `fromId` may go into list `toId` (the same list too) at
 * `index`: the app's canDrop (of the target list, else of the source), asked once per place and
 * drag; 1 yes, 0 no. The module calls it in the middle of an input: it must not call the module
 * back. */
export const canDropAt = (group, id, fromId, toId, index) => {
  const from = group.listOf(fromId);
  const to = group.listOf(toId);
  const item = group.find(id);
  const ask = to?.options.canDrop ?? from?.options.canDrop;
  if (!ask || !from || !to || !item) return 1;
  const key = `${id} ${toId} ${index}`;
  let verdict = group.verdicts?.get(key);
  if (verdict === undefined) {
    try {
      verdict = ask(item, from.element, to.element, index) ?? true;
    } catch (error) {
      // The app's rule threw: refuse, and let the page see the error once the input is done.
      verdict = false;
      queueMicrotask(() => { throw error; });
    }
    group.verdicts?.set(key, verdict);
  }
  if (verdict === true) return 1;
  if (typeof verdict === "string" && verdict) (group.reasons ??= new Map()).set(toId, verdict);
  else group.reasons?.delete(toId);
  return 0;
};
