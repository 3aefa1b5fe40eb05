// The keyboard sensor: Space or Enter (`liftKeys`) lifts a focused item, the arrows step it
// through places and lists (skipping lists not on the page), Space or Enter drops, Escape or Tab
// cancels. Ctrl+Space selects in a `selectable` list.

import { Event, KeyIntent, Layout } from "../codes.js";
import { now } from "../clock.js";
import { askRules } from "../rules.js";
import { toggle } from "../selection.js";
import { watch } from "./watch.js";

/** The intent of `key` during a keyboard drag of a list laid out `vertical`ly (else a row),
 * right to left (`rtl`), or undefined. */
export const intentOf = (key, vertical, rtl) => {
  const keys = vertical
    ? { ArrowUp: KeyIntent.previousPlace, ArrowDown: KeyIntent.nextPlace,
      ArrowLeft: KeyIntent.previousList, ArrowRight: KeyIntent.nextList }
    : { ArrowLeft: KeyIntent.previousPlace, ArrowRight: KeyIntent.nextPlace,
      ArrowUp: KeyIntent.previousList, ArrowDown: KeyIntent.nextList };
  // Right to left, what comes next is on the left: ← and → swap.
  if (rtl) [keys.ArrowLeft, keys.ArrowRight] = [keys.ArrowRight, keys.ArrowLeft];
  if (key in keys) return keys[key];
  if (key === " " || key === "Enter") return KeyIntent.drop;
  if (key === "Escape" || key === "Tab") return KeyIntent.cancel;
  return undefined;
};

/** A key on `list` of `group`: lifts, steps, drops or cancels a keyboard drag. */
export const key = (group, list, event) => {
  group.land();
  if (event.arrangeSeen) return;
  const current = [...group.drags][0];
  if (current && !current.keyboard) return;
  if (!current) return lift(group, list, event);
  const drag = current;
  event.arrangeSeen = true;
  const vertical = drag.list.layout === Layout.vertical;
  const intent = intentOf(event.key, vertical, group.measured.get(drag.list)?.rtl);
  if (intent === undefined) return;
  if (event.key !== "Tab") event.preventDefault();
  const step = (which) => group.input(() => group.arena.key(which, -1, now()));
  let result = step(intent);
  // To another list: one not on the page (hidden, a closed folder's) is stepped over, and past
  // the last one the drag steps back to where it was.
  if (intent === KeyIntent.previousList || intent === KeyIntent.nextList) {
    const back = intent === KeyIntent.nextList ? KeyIntent.previousList : KeyIntent.nextList;
    // A list the step refused (a closed folder's, whose rule says so) is stepped over as well.
    const hidden = (answer) => {
      const placed = answer.events.findLast((event) => event.kind === Event.placeChanged && event.container >= 0);
      const id = placed?.container ?? answer.refusal?.container ?? -1;
      const over = id >= 0 ? group.listOf(id) : null;
      return over != null && over.element.getClientRects().length === 0;
    };
    for (let left = group.lists.length; left > 0 && hidden(result); left--) result = step(intent);
    for (let left = group.lists.length; left > 0 && hidden(result); left--) result = step(back);
  }
  group.finish(drag, result);
  if (intent === KeyIntent.drop || intent === KeyIntent.cancel) return group.end(drag);
  // A virtual list's place far from what is drawn: scrolled into view (and drawn).
  const target = drag.target ?? drag.list;
  if (target?.virtual && drag.lifted && group.drags.has(drag)) {
    const shown = group.arena.presentation(-1);
    if (shown && target.reveal(shown)) {
      drag.base = null;
      group.reframe(drag);
    }
  }
};

/** A key on an item of `list` with no drag under way: a lift key lifts it, Ctrl+Space selects. */
const lift = (group, list, event) => {
  const item = list.itemAt(event.target);
  if (!item || event.target !== item) return;
  if (event.key === " " && list.options.selectable && (event.ctrlKey || event.metaKey || event.shiftKey)) {
    event.arrangeSeen = true;
    event.preventDefault();
    toggle(group, list, item, false);
    return;
  }
  if (!list.options.liftKeys.includes(event.key)) return;
  event.arrangeSeen = true;
  if (!list.draggable(item)) return;
  group.measure(list);
  askRules(group, item, list);
  const drag = { keyboard: true, item, list, lifted: false, stop: () => {} };
  group.begin(drag);
  watch(group, drag);
  event.preventDefault();
  group.finish(drag, group.input(() => group.arena.key(KeyIntent.lift, group.idOf(item), now())));
  if (group.drags.has(drag) && !drag.lifted) group.end(drag);
};
