// The pointer sensor: a press on an item (mouse, finger or pen) becomes a drag once the engine
// says so (a mouse that moves, or a press held still: `delay`); its moves, its release and its
// cancel are fed to the engine, its frames tick the engine's clock and auto-scroll, and its
// release is shown in the next frame (a virtual list's at once).

import { Operation, PointerKind, PointerPhase } from "../codes.js";
import { now } from "../clock.js";
import { askRules } from "../rules.js";
import { prepare, scrollPage } from "../autoscroll.js";
import { track } from "../measure.js";
import { watch } from "./watch.js";

/** The operations that put an item into a list. */
const INSERTING = new Set([Operation.move, Operation.copy, Operation.insert, Operation.out]);

/** Keeps the next click from reaching the page: the one the release of a drag makes. With
 * `later`, the pointer is still down (a drag cancelled by a key): its release comes first. */
const swallowClick = (later) => {
  const swallow = (event) => {
    event.stopPropagation();
    event.preventDefault();
  };
  const arm = () => {
    window.removeEventListener("pointerup", arm, true);
    window.removeEventListener("pointercancel", arm, true);
    window.addEventListener("click", swallow, { capture: true, once: true });
    setTimeout(() => window.removeEventListener("click", swallow, true), 0);
  };
  if (!later) return arm();
  window.addEventListener("pointerup", arm, true);
  window.addEventListener("pointercancel", arm, true);
};

/** A press on `list` of `group`: starts a drag of the item pressed, if it may. */
export const press = (group, list, event) => {
  group.land();
  if (event.arrangeSeen || event.button !== 0) return;
  // One drag at a time, or one per pointer with `concurrent` (a keyboard drag goes alone).
  const others = [...group.drags];
  const concurrent = group.concurrent();
  if (others.length && (!concurrent || others.some((drag) => drag.keyboard || drag.pointer === event.pointerId))) {
    return;
  }
  if (!event.isPrimary && !concurrent) return;
  // What is laid out under the pointer (see Arrange's press).
  const target = event.arrangeAt ?? event.target;
  const item = list.itemAt(target);
  if (!item) return;
  // A click with a modifier selects (see selection.js).
  if (list.options.selectable && (event.ctrlKey || event.metaKey || event.shiftKey)) {
    event.arrangeSeen = true;
    return;
  }
  if (!list.draggable(item, target)) return;
  const grip = list.options.handle;
  if (grip && !target.closest(grip)) return;
  if (target.closest("input, textarea, select, [contenteditable]") && !grip) return;
  // A list around this one (nested lists) does not start a drag of its own item.
  event.arrangeSeen = true;
  // A concurrent drag keeps the first one's measures and rules.
  if (!others.length) {
    group.measure(list);
    askRules(group, item, list);
  }
  group.arena.configure("concurrent", concurrent ? 1 : 0);
  const kind = event.pointerType === "mouse" ? PointerKind.mouse : PointerKind.touch;
  // The engine finds the pressed item by place, among the items as laid out: the press is
  // given to it inside the item lifted, so that it moves that one.
  const box = item.getBoundingClientRect();
  const inside = (value, low, high) => (high - low > 2 ? Math.min(Math.max(value, low + 1), high - 1) : (low + high) / 2);
  const drag = { pointer: event.pointerId, kind, item, list, keyboard: false, lifted: false,
    last: [inside(event.clientX, box.left, box.right), inside(event.clientY, box.top, box.bottom)] };
  group.begin(drag);
  prepare(group, drag);
  if (kind === PointerKind.mouse) event.preventDefault();
  listen(group, drag);
  watch(group, drag);
  group.finish(drag, group.input(() => group.pointerAt(drag, PointerPhase.down, drag.last)));
};

/** Listens to `drag`'s pointer, the page's scrolls and frames until the drag ends. */
const listen = (group, drag) => {
  const move = (moved) => {
    if (moved.pointerId !== drag.pointer || !group.drags.has(drag)) return;
    pointer(group, drag, PointerPhase.move, moved);
  };
  const up = (ended) => {
    if (ended.pointerId !== drag.pointer || !group.drags.has(drag)) return;
    pointer(group, drag, ended.type === "pointerup" ? PointerPhase.up : PointerPhase.cancel, ended);
  };
  const scroll = () => {
    if (!group.drags.has(drag)) return;
    // A release not shown yet: the engine is done, but the drop starts from where the items are.
    if (drag.landing) {
      for (const list of group.lists) if (group.measured.has(list)) track(group, list);
      return;
    }
    drag.base = null;
    drag.scrollerRects = null;
    group.reframe(drag);
  };
  window.addEventListener("pointermove", move);
  window.addEventListener("pointerup", up);
  window.addEventListener("pointercancel", up);
  window.addEventListener("scroll", scroll, true);
  window.addEventListener("resize", scroll);
  const tick = () => {
    if (!group.drags.has(drag) || drag.landing) return;
    group.finish(drag, group.input(() => group.arena.tick(now())));
    if (drag.lifted && group.drags.has(drag) && scrollPage(drag)) {
      drag.base = null;
      group.reframe(drag);
      group.finish(drag, group.input(() => group.pointerAt(drag, PointerPhase.move, drag.last)));
    }
    if (group.drags.has(drag)) drag.frame = requestAnimationFrame(tick);
  };
  drag.frame = requestAnimationFrame(tick);
  drag.stop = () => {
    window.removeEventListener("pointermove", move);
    window.removeEventListener("pointerup", up);
    window.removeEventListener("pointercancel", up);
    window.removeEventListener("scroll", scroll, true);
    window.removeEventListener("resize", scroll);
    cancelAnimationFrame(drag.frame);
  };
  // The release that ends a pointer drag is no click on the item (nor, after Escape, the
  // release that follows).
  drag.ended = () => {
    if (drag.lifted && !drag.swallowed) swallowClick(!drag.released);
  };
};

/** Pointer input `phase` of `drag`, from `event`. */
const pointer = (group, drag, phase, event) => {
  if (drag.landing) return;
  if (phase === PointerPhase.move && drag.lifted) event.preventDefault();
  drag.last = [event.clientX, event.clientY];
  const released = phase === PointerPhase.up || phase === PointerPhase.cancel;
  if (released) drag.released = true;
  const result = group.input(() => group.pointerAt(drag, phase, drag.last));
  if (!released || !drag.lifted) {
    group.finish(drag, result);
    if (released) group.end(drag);
    return;
  }
  // The release of a lifted item: the engine has it, and the page shows it in the next frame.
  // What the browser does after a release (it finds what is under the pointer, which lays the
  // page out) then has nothing to lay out, and the drop's changes are laid out and drawn once,
  // in that frame. The click the release makes is kept from the page now: it comes first.
  // A drop in virtual lists (a group's lists are all virtual or none) is shown at once: it
  // changes the few dozen items drawn, which the browser lays out while it waits for the frame
  // (done in the frame, the drop's work made it late: from the release to a 100,000-tile grid's
  // next frame 22 ms, at once 15 ms; a 1,000-card board's, which lays out every card, 13 ms in
  // the frame and 20 ms at once).
  swallowClick(false);
  drag.swallowed = true;
  // Not drawn first: the drop puts everything back, from where the last move drew it.
  const show = () => {
    group.finish(drag, result, "drop", false);
    group.end(drag);
  };
  if (drag.list.virtual) return show();
  drag.anchors = anchors(group, result.operations);
  drag.landing = () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
    drag.landing = null;
    if (group.drags.has(drag)) show();
  };
  const frame = requestAnimationFrame(() => drag.landing?.());
  // A page that draws no frame (hidden, say) still has its drop, a little later.
  const timer = setTimeout(() => drag.landing?.(), 100);
};

/** For each operation of a release that puts an item into a list, the item it is to go
 * before there (null: last), as the lists are now: where it goes should the app change the
 * list before the drop is shown (see watch.js). */
const anchors = (group, operations) => {
  const found = new Map();
  operations.forEach(({ kind, item: id, toList, toIndex }, index) => {
    if (!INSERTING.has(kind)) return;
    const item = group.find(id);
    // A copy leaves its item where it is: the places count it.
    const items = group.listOf(toList)?.items().filter((other) => kind === Operation.copy || other !== item);
    if (items) found.set(index, items[toIndex] ?? null);
  });
  return found;
};
