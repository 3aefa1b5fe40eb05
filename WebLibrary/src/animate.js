// Animation after a drop or a cancel (FLIP): where the items were shown before, read without
// making the browser lay out the page, and slides from there to where they are laid out after.

import { band, drawnScale, engineRect, moved } from "./measure.js";

/** Where the items in view (and a screen around it) are drawn, for the animation after a drop
 * or a cancel of `drag`, without reading the page: where they were measured, moved by their
 * list's move since (a scroll) and by the room each made. Read: the dragged items, and an item
 * still sliding. With `lists`, the items of other lists are left out unless they made room (the
 * operations have not moved them). */
export const shown = (group, drag, lists = null) => {
  const places = new Map();
  if (!group.measured || group.arrange.reducedMotion()) return places;
  const drags = [...group.drags];
  const time = performance.now();
  const [low, high, left, right] = band();
  for (const [list, measured] of group.measured) {
    const all = !lists || lists.has(list);
    const { items, rects } = measured;
    const [sx, sy] = moved(measured);
    for (let index = 0; index < items.length; index++) {
      const item = items[index];
      const offset = group.drawn.get(item)?.shift;
      if (!all && !offset) continue;
      const laid = engineRect(group.mirror, rects[index]);
      const [dx, dy] = offset ?? [0, 0];
      const rect = { left: laid.left + sx + dx, top: laid.top + sy + dy, right: laid.right + sx + dx,
        bottom: laid.bottom + sy + dy };
      if (rect.bottom < low || rect.top > high || rect.right < left || rect.left > right) continue;
      const sliding = drags.some((other) => time - (other.written?.get(item) ?? -Infinity) < 200);
      const carried = drags.some((other) => other.item === item || other.displaced === item);
      places.set(item, carried || sliding ? item.getBoundingClientRect() : rect);
    }
  }
  // A dragged item of no list measured (it cannot be, but): where it is drawn.
  if (drag?.lifted && !places.has(drag.item)) places.set(drag.item, drag.item.getBoundingClientRect());
  return places;
};

/** Animates the items from where they were shown (`before`) to where they are, in the next
 * frame the browser lays out (this one, in a frame's callbacks): once it has laid the page out
 * and before it draws it, when a ResizeObserver hears from it. Nothing here makes the browser
 * lay the page out: the drop's changes and the app's are laid out once, in the frame's own
 * time, every place is read after, and the animations (Web Animations) write no style. */
export const flip = (group, before) => {
  if (group.arrange.reducedMotion() || !before.size) return;
  unslide(group);
  // Heard once: `unslide` stops what heard it (a later flip has stopped this one already).
  const run = () => {
    unslide(group);
    slide(group, before);
  };
  if (typeof ResizeObserver === "function") {
    // A new observation is reported in the next frame's layout steps (the root always has a
    // size): the read then finds the page laid out.
    const observer = new ResizeObserver(run);
    observer.observe(document.documentElement);
    group.sliding = () => observer.disconnect();
  } else {
    const frame = requestAnimationFrame(run);
    group.sliding = () => cancelAnimationFrame(frame);
  }
};

/** Drops a `flip` not started yet. */
const unslide = (group) => {
  group.sliding?.();
  group.sliding = null;
};

/** The animations of `flip`, started. */
const slide = (group, before) => {
  const moves = [];
  for (const [item, rect] of before) {
    if (!item.isConnected) continue;
    const now = item.getBoundingClientRect();
    const dx = rect.left - now.left;
    const dy = rect.top - now.top;
    if (Math.abs(dx) < 0.5 && Math.abs(dy) < 0.5) continue;
    // On screen, in a list scaled or zoomed: in the item's CSS pixels, as for a drag.
    const scale = drawnScale(item, now);
    moves.push([item, dx / scale, dy / scale]);
  }
  for (const [item, dx, dy] of moves) {
    if (typeof item.animate !== "function") continue;
    const animation = item.animate([{ transform: `translate(${dx}px, ${dy}px)` }, { transform: "none" }],
      { duration: 200, easing: "ease" });
    group.flipping.add(animation);
    animation.onfinish = animation.oncancel = () => group.flipping.delete(animation);
  }
};

/** Ends the animations after a drop at once, so that the items are measured where they are;
 * whether there were any (or a drop just shown, the page not drawn since). */
export const settle = (group) => {
  const slid = group.flipping.size > 0 || group.sliding != null;
  // Animations not started yet are not started: the items are where they are laid out.
  unslide(group);
  for (const animation of [...group.flipping]) animation.finish();
  group.flipping.clear();
  return slid;
};
