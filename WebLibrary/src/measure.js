// Measuring: where the lists and their items are on the page, told to the engine in its
// coordinates (screen pixels; right-to-left rows mirrored), and where they are drawn since.

import { Layout } from "./codes.js";

/** How many pixels on screen one CSS pixel of `element` takes (a transform's scale or a `zoom`,
 * its own or an ancestor's): the size it is drawn at (`rect`) over the size it is laid out at.
 * A translation written on its children moves them by that much more. The laid-out size is a
 * whole number, so a difference of less than a pixel is rounding, not a scale. */
export const drawnScale = (element, rect) => {
  const [drawn, laid] = rect.width >= rect.height ? [rect.width, element.offsetWidth]
    : [rect.height, element.offsetHeight];
  return laid > 0 && Math.abs(drawn - laid) >= 1 ? drawn / laid : 1;
};

/** Where `item` is laid out on screen: where it is drawn, less what its styles move it by now
 * (translation, `scale`, mid-transition too); `scale` is its list's. */
export const laidOut = (item, scale) => {
  const rect = item.getBoundingClientRect();
  const style = getComputedStyle(item);
  if (style.transform === "none" && style.translate === "none" && style.scale === "none") return rect;
  const own = style.scale === "none" ? 1 : parseFloat(style.scale) || 1;
  const matrix = style.transform === "none" ? { e: 0, f: 0 } : new DOMMatrixReadOnly(style.transform);
  const [tx = 0, ty = 0] = style.translate === "none" ? [] : style.translate.split(" ").map(parseFloat);
  const x = (rect.left + rect.right) / 2 - (tx + own * matrix.e) * scale;
  const y = (rect.top + rect.bottom) / 2 - (ty + own * matrix.f) * scale;
  const [width, height] = [rect.width / own, rect.height / own];
  return { left: x - width / 2, right: x + width / 2, top: y - height / 2, bottom: y + height / 2, width, height };
};

/** Whether a list with `style` places its items from right to left: a right-to-left list, or a
 * flex row reversed (a right-to-left one reversed runs left to right). */
export const leftward = (style) =>
  (style.direction === "rtl") !== (style.display.includes("flex") && style.flexDirection === "row-reverse");

/** Where items are drawn moving (making room, or sliding after a drop), as [top, bottom, left,
 * right] of the window: the window and a quarter of it around, so that a scroll brings none into
 * view before it has moved. The others would cost a style change each and show nothing. */
export const band = () => {
  const [width, height] = [innerWidth / 4, innerHeight / 4];
  return [-height, innerHeight + height, -width, innerWidth + width];
};

/** `rect`, of the page, in the engine's coordinates: mirrored about `mirror` (right-to-left
 * rows), or as it is (`mirror` null). */
export const engineRect = (mirror, rect) => {
  if (mirror == null) return rect;
  return { left: mirror - rect.right, right: mirror - rect.left, top: rect.top, bottom: rect.bottom,
    width: rect.width, height: rect.height };
};

/** How far the items `measured` are drawn from where they were measured, in pixels of the
 * page: their list moved (a scroll around it), less its own scroll since (`track` keeps both). */
export const moved = (measured) => {
  const { shift, scrolled, scroll, scale } = measured;
  return [shift[0] - (scroll[0] - scrolled[0]) * scale, shift[1] - (scroll[1] - scrolled[1]) * scale];
};

/** How far `list` is scrolled, in the engine's coordinates: a mirrored row scrolls to its end
 * with a negative `scrollLeft`, and a scaled list scrolls by its own CSS pixels. */
export const scrollOf = (mirror, list, scale) => {
  const { scrollLeft, scrollTop } = list.element;
  return [(mirror == null ? scrollLeft : -scrollLeft) * scale, scrollTop * scale];
};

/** Item `index` of a measured list: its element (undefined for a virtual list's item not drawn). */
export const itemAt = (measured, index) => (measured.virtual ? measured.virtual.drawnAt(index) : measured.items[index]);

/** Where item `index` of a measured list was when it was measured (a virtual list's: worked out). */
export const rectAt = (measured, index) =>
  (measured.virtual ? measured.virtual.rectAt(measured, index) : measured.rects[index]);

/** The place of `item` in a measured list, or -1. */
export const indexIn = (measured, item) =>
  (measured.virtual ? measured.virtual.indexOfElement(item) : measured.items.indexOf(item));

/** How many items a measured list has (a virtual list's, drawn or not). */
export const countOf = (measured) => (measured.virtual ? measured.virtual.count : measured.items.length);

/** The length along a measured list of item `index` (a grid's: its width). */
export const sizeAt = (measured, index) =>
  (measured.virtual ? measured.virtual.sizeAt(index) : measured.sizes[index]);

/** The items of a measured list that are on the page, as [index, element] pairs. */
export const drawnOf = (measured) =>
  (measured.virtual ? measured.virtual.drawnEntries() : measured.items.map((item, index) => [index, item]));

/** Measures `group`'s lists (frames, items and their sizes, spacing) into `group.measured`,
 * and tells the engine. `from`: the list a drag starts in, if one does; `moving`: other drags
 * are under way, and items are read where they are laid out. */
export const measure = (group, from, moving) => {
  group.measured = new Map();
  // The engine lays rows out left to right. Rows that run right to left (their first item on
  // the right: `direction: rtl`, or a `row-reverse` flex row) are given to it mirrored, x
  // becoming `mirror - x` for the pointer and every frame, and what it presents is mirrored
  // back. One arena has one pointer, so the mirror is the arena's: the row the drag starts in
  // decides, else the group's rows if all of them run right to left. (A vertical list works
  // either way.)
  const rtl = (list) => leftward(getComputedStyle(list.element));
  const rows = group.lists.filter((list) => !list.zone && list.layout !== Layout.vertical);
  const mirrored = rows.includes(from) ? rtl(from) : rows.length > 0 && rows.every(rtl);
  group.mirror = mirrored ? innerWidth : null;
  for (const list of group.lists) {
    group.measured.set(list, list.virtual ? list.measure() : measureList(group, list, moving));
    setFrame(group, list);
  }
};

/** What `measureList` finds of `list`'s items. */
const measureList = (group, list, moving) => {
  const mirror = group.mirror;
  const items = list.items();
  const ids = items.map((item) => group.idOf(item));
  const drawn = list.element.getBoundingClientRect();
  const frame = engineRect(mirror, drawn);
  // The engine works in pixels of the screen, the page's styles in CSS pixels of the list.
  const scale = drawnScale(list.element, drawn);
  const rects = items.map((item) => engineRect(mirror, moving ? laidOut(item, scale)
    : item.getBoundingClientRect()));
  const style = getComputedStyle(list.element);
  const px = (value) => (parseFloat(value) || 0) * scale;
  // Mirrored, the engine's left is the page's right.
  const [near, far] = mirror == null ? ["Left", "Right"] : ["Right", "Left"];
  const padding = {
    top: px(style.borderTopWidth) + px(style.paddingTop),
    left: px(style[`border${near}Width`]) + px(style[`padding${near}`]),
    bottom: px(style.borderBottomWidth) + px(style.paddingBottom),
    right: px(style[`border${far}Width`]) + px(style[`padding${far}`]),
  };
  let spacing = 0;
  let lineSpacing = 0;
  let sizes;
  if (rects.length) {
    const [scrollX, scrollY] = scrollOf(mirror, list, scale);
    padding.top = rects[0].top - frame.top + scrollY;
    padding.left = rects[0].left - frame.left + scrollX;
  }
  if (list.layout === Layout.grid) {
    sizes = rects.flatMap((rect) => [rect.width, rect.height]);
    // The first item of the second row, if there is one.
    const second = rects.findIndex((rect) => rect.top >= rects[0].bottom - 0.5);
    spacing = rects.length > 1 && second !== 1
      ? Math.max(0, rects[1].left - rects[0].right) : px(style.columnGap);
    lineSpacing = second > 0
      ? Math.max(0, rects[second].top - Math.max(...rects.slice(0, second).map((rect) => rect.bottom)))
      : px(style.rowGap);
  } else {
    const vertical = list.layout === Layout.vertical;
    const start = (rect) => (vertical ? rect.top : rect.left);
    const end = (rect) => (vertical ? rect.bottom : rect.right);
    sizes = rects.map((rect) => end(rect) - start(rect));
    spacing = rects.length > 1 ? Math.max(0, start(rects[1]) - end(rects[0])) : 0;
  }
  const contentRight = frame.right - padding.right;
  // A list that scrolls: how far, so that where its items are drawn is known after a scroll.
  const scrolled = [list.element.scrollLeft, list.element.scrollTop];
  return { items, ids, rects, frame, sizes, spacing, lineSpacing, padding, contentRight, scale,
    rtl: leftward(style), at: [drawn.left, drawn.top], shift: [0, 0], scrolled, scroll: scrolled };
};

/** Notes where `list` is on the page and how far it is scrolled (what `moved` reads); returns
 * its rect. */
export const track = (group, list) => {
  const measured = group.measured.get(list);
  const shown = list.element.getBoundingClientRect();
  // How far the list has moved on the page since its items were measured (a scroll around it).
  measured.shift = [shown.left - measured.at[0], shown.top - measured.at[1]];
  measured.scroll = [list.element.scrollLeft, list.element.scrollTop];
  return shown;
};

/** Tells the engine `list`'s frame where it is now, with the items measured at the lift. An
 * empty list reaches `emptyInsertThreshold` px further on every side: a drag that comes that
 * near goes into it, however small it is (one of no height too). */
export const setFrame = (group, list) => {
  if (list.virtual) {
    track(group, list);
    return list.place(group);
  }
  const { ids, sizes, spacing, lineSpacing, padding, scale } = group.measured.get(list);
  const shown = track(group, list);
  const frame = engineRect(group.mirror, shown);
  const grid = list.layout === Layout.grid;
  const scroll = scrollOf(group.mirror, list, scale)[list.layout === Layout.vertical ? 1 : 0];
  const reach = ids.length === 0 && !list.zone ? Math.max(0, list.options.emptyInsertThreshold) : 0;
  // Half a pixel more for a grid's rows, so that rounding never wraps a row the page did not.
  group.arena.setList(list.id, {
    x: frame.left - reach, y: frame.top - reach, width: frame.width + 2 * reach + (grid ? 0.5 : 0),
    height: frame.height + 2 * reach, spacing, lineSpacing, paddingTop: padding.top + reach,
    paddingLeft: padding.left + reach, paddingBottom: padding.bottom + reach,
    paddingRight: padding.right + reach, scroll,
  }, ids, sizes);
};
