// What ends a drag from outside: the app changing a list's items (the engine measured the lists
// at the lift: its places no longer hold), Escape during a pointer drag, and the focus leaving a
// keyboard drag's item.

import { KeyIntent, PointerPhase } from "../codes.js";
import { now } from "../clock.js";

/** Watches `drag` of `group` until it ends (its `stop` stops watching too). */
export const watch = (group, drag) => {
  const cancel = () => {
    // The app changed a list after a release the page has not shown yet: shown now, each item
    // put before the item it was to go before (the engine's places no longer hold).
    if (group.drags.has(drag) && drag.landing) {
      drag.overtaken = true;
      return drag.landing();
    }
    if (!group.drags.has(drag) || drag.dropped) return;
    group.finish(drag, group.input(() => (drag.keyboard ? group.arena.key(KeyIntent.cancel, -1, now())
      : group.pointerAt(drag, PointerPhase.cancel, drag.last))));
    if (group.drags.has(drag)) group.end(drag);
  };
  const observer = new MutationObserver(cancel);
  drag.observer = observer;
  for (const list of group.lists) {
    if (list.zone) continue;
    observer.observe(list.element, { childList: true });
    for (const chunk of list.chunks()) observer.observe(chunk, { childList: true });
  }
  const key = (event) => {
    if (event.key !== "Escape" || drag.keyboard) return;
    event.preventDefault();
    cancel();
  };
  const blur = (event) => {
    if (!drag.keyboard || !drag.lifted || drag.item.contains(event.relatedTarget)) return;
    drag.blurred = true;
    cancel();
  };
  window.addEventListener("keydown", key, true);
  drag.item.addEventListener("focusout", blur);
  const stop = drag.stop;
  drag.stop = () => {
    stop();
    observer.disconnect();
    window.removeEventListener("keydown", key, true);
    drag.item.removeEventListener("focusout", blur);
  };
};
