// Animation after a drop or a cancel (FLIP): where the items were shown before, read without
// making the browser lay out the page, and slides from there to where they are laid out after.

import { band, drawnOf, drawnScale, engineRect, moved, rectAt } from "./measure.js";

/** Where the items in view (and a screen around it) are drawn, for the animation after a drop
 * or a cancel of `drag`, without reading the page: where they were measured, moved by their
 * list's move since (a scroll) and by the room each made. Read: the dragged items, and an item
 * still sliding. With `lists`, the items of other lists are left out unless they made room (the
 * operations have not moved them); with `moving` (a list's first and last place the operations
 * can move, by list), so are the items of a list outside them, and of a list not in it. */
export const shown = (group, drag, lists = null, moving = null) => {
  const places = new Map();
  if (!group.measured || group.arrange.reducedMotion()) return places;
  const drags = [...group.drags];
  const time = performance.now();
  const [low, high, left, right] = band();
  for (const [list, measured] of group.measured) {
    const all = !lists || lists.has(list);
    const [sx, sy] = moved(measured);
    const range = moving?.get(list);
    for (const [index, item] of drawnOf(measured)) {
      const offset = group.drawn.get(item)?.shift;
      if (!all && !offset) continue;
      const sliding = drags.some((other) => time - (other.written?.get(item) ?? -Infinity) < 200);
      const carried = drags.some((other) => other.item === item || other.displaced === item);
      const still = moving && (!range || index < range[0] || index > range[1]);
      if (still && !offset && !sliding && !carried) continue;
      const laid = engineRect(group.mirror, rectAt(measured, index));
      const [dx, dy] = offset ?? [0, 0];
      const rect = { left: laid.left + sx + dx, top: laid.top + sy + dy, right: laid.right + sx + dx,
        bottom: laid.bottom + sy + dy };
      if (rect.bottom < low || rect.top > high || rect.right < left || rect.left > right) continue;
      places.set(item, carried || sliding ? item.getBoundingClientRect() : rect);
    }
  }
  // A dragged item of no list measured (it cannot be, but): where it is drawn.
  if (drag?.lifted && !places.has(drag.item)) places.set(drag.item, drag.item.getBoundingClientRect());
  return places;
};

/** How `drag`'s items look at its end, for `flip` to take back over the look's duration: the
 * lifted item's scale and opacity, the displaced item's opacity (else they would jump to their
 * own in one frame: SSCollectionViewExchangeController animates its release). Read before
 * `clear` takes the look off. */
export const looks = (drag) => {
  const found = new Map();
  const look = drag?.lifted ? drag.look : null;
  if (!look) return found;
  const scale = parseFloat(drag.item.style.scale) || 1;
  if (scale !== 1 || look.snapshotAlpha !== 1) {
    found.set(drag.item, { scale, opacity: look.snapshotAlpha, duration: look.animationDuration });
  }
  if (drag.displaced && look.displacedAlpha !== 1) {
    found.set(drag.displaced, { scale: 1, opacity: look.displacedAlpha, duration: look.animationDuration });
  }
  return found;
};

/** Animates the items from where they were shown (`before`) to where they are, and from their
 * drag's look (`looks`) to their own, in the next frame the browser lays out (this one, in a frame's callbacks): once it has laid the page out
 * and before it draws it, when a ResizeObserver hears from it. Nothing here makes the browser
 * lay the page out: the drop's changes and the app's are laid out once, in the frame's own
 * time, every place is read after, and the animations (Web Animations) write no style. */
export const flip = (group, before, drawn = new Map()) => {
  if (group.arrange.reducedMotion() || (!before.size && !drawn.size)) return;
  unslide(group);
  // Heard once: `unslide` stops what heard it (a later flip has stopped this one already).
  const run = () => {
    unslide(group);
    slide(group, before, drawn);
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

/** The animations of `flip`, started: each item from where it was shown (its middle, which a
 * look's scale does not move) and from its look in `drawn`. */
const slide = (group, before, drawn) => {
  const moves = [];
  for (const item of new Set([...before.keys(), ...drawn.keys()])) {
    if (!item.isConnected) continue;
    const now = item.getBoundingClientRect();
    const rect = before.get(item) ?? now;
    const dx = (rect.left + rect.right - now.left - now.right) / 2;
    const dy = (rect.top + rect.bottom - now.top - now.bottom) / 2;
    const look = drawn.get(item);
    if (Math.abs(dx) < 0.5 && Math.abs(dy) < 0.5 && !look) continue;
    // On screen, in a list scaled or zoomed: in the item's CSS pixels, as for a drag.
    const scale = drawnScale(item, now);
    moves.push([item, dx / scale, dy / scale, look]);
  }
  for (const [item, dx, dy, look] of moves) {
    if (typeof item.animate !== "function") continue;
    const from = { transform: `translate(${dx}px, ${dy}px)${look && look.scale !== 1 ? ` scale(${look.scale})` : ""}` };
    // The opacity goes to the item's own (left out of the last keyframe: whatever it is now).
    const to = { transform: group.restOf(item) || "none" };
    if (look) from.opacity = String(look.opacity);
    const duration = look ? Math.max(0, look.duration * 1000) : 200;
    const animation = item.animate([from, to], { duration, easing: "ease" });
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
