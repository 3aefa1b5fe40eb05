// Auto-scroll: while a drag is held near an edge of what holds its lists (a scrolled element
// around them, then the page), that scrolls, faster nearer the edge, and stops at the end of
// what it held when the drag began (the lifted item, moved with a translation, would otherwise
// make room to scroll into for ever). A list that scrolls itself is the engine's to scroll.

import { Layout } from "./codes.js";

/** How far to scroll in a frame when the pointer is `distance` px inside an edge: nothing
 * beyond `sensitivity` px, up to `speed` px at the edge. */
export const edgeSpeed = (distance, sensitivity, speed) =>
  distance < sensitivity ? Math.ceil(((sensitivity - distance) / sensitivity) * speed) : 0;

/** How far to scroll `rect` (left, top, right, bottom) in a frame for a pointer at `[x, y]`:
 * `[dx, dy]`, [0, 0] for a pointer outside it or away from its edges. */
export const scrollDelta = (rect, [x, y], sensitivity, speed) => {
  if (x < rect.left || x > rect.right || y < rect.top || y > rect.bottom) return [0, 0];
  const along = (low, high, at) => {
    const back = edgeSpeed(at - low, sensitivity, speed);
    return back ? -back : edgeSpeed(high - at, sensitivity, speed);
  };
  return [along(rect.left, rect.right, x), along(rect.top, rect.bottom, y)];
};

/** `delta` applied to a scroll at `at`, kept within 0…`limit`: how far it really moves. */
export const clampedStep = (at, delta, limit) => Math.min(Math.max(at + delta, 0), Math.max(limit, at)) - at;

/** The elements around `lists` that scroll, innermost first, then the page (`window`). A
 * virtual grid scrolls itself: it is one of them (the engine scrolls a list itself). */
export const scrollers = (lists) => {
  const found = [];
  for (const list of lists) {
    const grid = list.virtual && list.layout === Layout.grid;
    for (let at = grid ? list.element : list.element.parentElement; at && at !== document.body && at !== document.documentElement;
      at = at.parentElement) {
      if (found.includes(at)) continue;
      const style = getComputedStyle(at);
      const scrolls = (overflow, size, client) => /(auto|scroll)/.test(overflow) && size > client;
      if (scrolls(style.overflowY, at.scrollHeight, at.clientHeight) ||
        scrolls(style.overflowX, at.scrollWidth, at.clientWidth)) found.push(at);
    }
  }
  return [...found, window];
};

/** How far `scroller` scrolls now, `[x, y]`, and at most, `[x, y]`. */
const position = (scroller) => (scroller === window ? [scrollX, scrollY] : [scroller.scrollLeft, scroller.scrollTop]);
const limits = (scroller) => {
  const box = scroller === window ? document.scrollingElement ?? document.documentElement : scroller;
  return [box.scrollWidth - box.clientWidth, box.scrollHeight - box.clientHeight];
};

/** Notes what may scroll for `drag` and how far, before anything moves (at the press). */
export const prepare = (group, drag) => {
  if (drag.list.options.autoScroll === false) return;
  drag.scrollers = scrollers(group.lists);
  drag.scrollLimits = drag.scrollers.map(limits);
};

/** Scrolls for `drag` at its pointer, if it is near an edge; whether anything scrolled. */
export const scrollPage = (drag) => {
  const options = drag.list.options;
  if (options.autoScroll === false || !drag.scrollers) return false;
  // Where they are is read once, and again after a scroll (of the page, which moves them).
  drag.scrollerRects ??= drag.scrollers.map((scroller) => (scroller === window
    ? { left: 0, top: 0, right: innerWidth, bottom: innerHeight } : scroller.getBoundingClientRect()));
  for (const [index, scroller] of drag.scrollers.entries()) {
    const [dx, dy] = scrollDelta(drag.scrollerRects[index], drag.last, options.scrollSensitivity,
      options.scrollSpeed);
    if (!dx && !dy) continue;
    const at = position(scroller);
    const [limitX, limitY] = drag.scrollLimits[index];
    const step = [clampedStep(at[0], dx, limitX), clampedStep(at[1], dy, limitY)];
    if (!step[0] && !step[1]) continue;
    scroller.scrollBy(step[0], step[1]);
    const after = position(scroller);
    if (after[0] !== at[0] || after[1] !== at[1]) return true;
  }
  return false;
};
