// Measuring and placing the columns: side by side, each as wide as the view allows, or one above
// the other on a narrow view. The browser lays out the cards inside a column; what the page
// measures of them is cached on the state, so that a drop measures only the card it made again.

import { isDragging } from "./board-drag.js";

/// The layout's lengths, in CSS pixels.
export const LAYOUT = Object.freeze({
  spacing: 8,         // between cards, and between columns
  padding: 12,        // around the columns
  minColumn: 240,     // a column is never narrower: the board scrolls sideways instead
  narrow: 600,        // below this width the columns stack
  addGap: 6,          // between a column's last card and its "+ Add a card"
  tallStep: 160,      // the step by which the columns' height grows and shrinks
  virtualFrom: 500,   // a board of more cards draws its columns as virtual lists (board-virtual.js)
  addRoom: 44,        // below a virtual column's list, for its "+ Add a card"
});

/// Where a column's list sits in its section (how far below its top, how far above its foot)
/// and the list's padding at its foot, measured once for each section at each width: with them
/// and the heights of the cards, a column's natural height is known without asking the DOM again.
function chromeOf(state, section) {
  const width = section.style.width;
  const known = state.chromes.get(section);
  if (known && known.width === width) return known;
  const box = section.getBoundingClientRect();
  const list = section.querySelector(".cards").getBoundingClientRect();
  const chrome = {
    width,
    list: { y: list.top - box.top, below: box.bottom - list.bottom },
    padding: parseFloat(getComputedStyle(section.querySelector(".cards")).paddingBottom) || 0,
  };
  state.chromes.set(section, chrome);
  return chrome;
}

/// A card element's height: kept while its element and its column's width stay.
function cardHeight(state, element, width) {
  const known = state.cardHeights.get(element);
  if (known && known.width === width) return known.height;
  const height = element.getBoundingClientRect().height;
  state.cardHeights.set(element, { width, height });
  return height;
}

/// Column `c`'s chrome and how tall it would be as tall as its cards (from the caches, read
/// from the DOM only for what is new).
function measure(state, section, c) {
  const chrome = chromeOf(state, section);
  const ids = state.shownIds[c];
  // A virtual column fills the view, its list scrolled: its cards are not measured.
  // (placeColumns leaves 40 px below the tallest column's natural height: a column as tall as
  // the view is 40 px less.)
  if (state.virtual) {
    const tall = Math.max(chrome.list.y + 4 * LAYOUT.addRoom, viewSize(state).height - 2 * LAYOUT.padding);
    return { ids, chrome, natural: tall - 40, add: tall - LAYOUT.addRoom + LAYOUT.addGap };
  }
  // A column whose cards are the same (render gives a column it draws again new ids) at the
  // same width is as tall as it was: its thousand cards are not visited again.
  const known = state.naturals.get(section);
  if (known && known.ids === ids && known.chrome === chrome) return known;
  let content = 0;
  for (const id of ids) content += cardHeight(state, state.cardElements.get(id), chrome.width);
  if (ids.length) content += LAYOUT.spacing * (ids.length - 1);
  const measured = { ids, chrome, natural: chrome.list.y + content + chrome.padding + chrome.list.below };
  state.naturals.set(section, measured);
  return measured;
}

/// Each column's `[x, y, width, height]`, edges on whole pixels, for columns of natural heights
/// `natural` in a view `width` × `viewHeight`; and how tall the columns are made now
/// (`columnsTall`, given the last). On a board taller than the view the columns are as tall as
/// the tallest needs and some room more, grown and shrunk a step at a time: a drop that makes
/// the tallest column a card taller then leaves every column as tall as it was, instead of
/// having the browser lay out every card of every column again.
export function placeColumns({ width, viewHeight, natural, stacked, columnWidth, columnsTall }) {
  const { padding, spacing, tallStep } = LAYOUT;
  const placed = [];
  if (stacked) {
    let y = padding;
    for (const height of natural) {
      const top = Math.round(y);
      placed.push([padding, top, Math.round(width - padding) - padding, Math.round(y + height) - top]);
      y += height + spacing;
    }
    return { placed, columnsTall };
  }
  const needed = Math.max(...natural) + 2 * padding + 40;
  let tall = columnsTall;
  if (needed <= viewHeight) tall = 0;
  else if (!(needed <= tall && needed > tall - 2 * tallStep)) tall = needed + tallStep;
  const height = Math.max(viewHeight, tall);
  natural.forEach((_, c) => {
    const left = padding + c * (columnWidth + spacing);
    const x = Math.round(left);
    placed.push([x, padding, Math.round(left + columnWidth) - x, Math.round(height - padding) - padding]);
  });
  return { placed, columnsTall: tall };
}

/// The width of each column in a view `width` wide with `count` columns.
export const columnWidthFor = (width, count, stacked) => (stacked ? width - 2 * LAYOUT.padding
  : Math.max(LAYOUT.minColumn, (width - 2 * LAYOUT.padding - LAYOUT.spacing * (count - 1)) / count));

/// Places the columns (see `placeColumns`). Everything is read before anything is written, so
/// that the browser lays the board out once: a read after a write would have it lay out again.
export function layout(state) {
  const sections = state.columnElements;
  const { width, height: viewHeight } = viewSize(state);
  state.stacked = width < LAYOUT.narrow;
  if (sections.length === 0) return;
  const columnWidth = columnWidthFor(width, sections.length, state.stacked);
  const widened = state.columnWidth !== columnWidth;
  state.columnWidth = columnWidth;
  // Nothing is set that is already so, and no column is let go to its own height to be
  // measured: either would make the browser lay out every card of every column again.
  for (const section of sections) {
    // The layout below rounds the width to whole pixels: within a pixel, it is the same.
    if (!(Math.abs(parseFloat(section.style.width) - columnWidth) < 1)) {
      setPixels(section, "width", columnWidth);
      section.style.height = "";
    }
  }
  const measures = sections.map((section, c) => measure(state, section, c));
  const { placed, columnsTall } = placeColumns({ width, viewHeight, stacked: state.stacked, columnWidth,
    natural: measures.map((m) => m.natural), columnsTall: state.columnsTall });
  if (!state.stacked) state.columnsTall = columnsTall;
  let right = 0;
  let bottom = 0;
  sections.forEach((section, c) => {
    const [x, y, w, h] = placed[c];
    setPixels(section, "left", x);
    setPixels(section, "top", y);
    setPixels(section, "width", w);
    setPixels(section, "height", h);
    // "+ Add a card" just below the last card (in the list's foot, where a drop lands last),
    // not at the foot of a column that fills the view.
    const { natural: tall, chrome, add } = measures[c];
    setPixels(section.lastElementChild, "top", add ?? tall - chrome.padding - chrome.list.below + LAYOUT.addGap);
    right = Math.max(right, x + w);
    bottom = Math.max(bottom, y + h);
  });
  setPixels(state.view.inner, "width", right + LAYOUT.padding);
  setPixels(state.view.inner, "height", bottom + LAYOUT.padding);
  // A virtual column's cards are as tall as their titles need at its width: laid out again.
  if (widened && state.virtual) {
    for (const section of sections) if (section.sortable?.virtual) section.sortable.reshape();
  }
}

/// The board view's size, kept by `watchView`: read on a drop, it would have the browser lay the
/// board out at once (and again once the drop's changes are made).
function viewSize(state) {
  const view = state.view.board;
  state.viewKnown ??= { width: view.clientWidth, height: view.clientHeight };
  return state.viewKnown;
}

/// Lays the columns out again when the board view changes size; during a drag the columns stay
/// where the library measured them, laid out once it ends.
export function watchView(state) {
  const view = state.view.board;
  new ResizeObserver(() => {
    const width = view.clientWidth;
    const height = view.clientHeight;
    if (state.viewKnown && state.viewKnown.width === width && state.viewKnown.height === height) return;
    state.viewKnown = { width, height };
    if (state.board && isDragging(state)) state.resizedWhileDragging = true;
    else if (state.board) layout(state);
  }).observe(view);
}

/// Sets `element.style[name]` to `value` pixels (to a hundredth), unless it is that already:
/// a column given its own height again would have all its cards laid out again.
export function setPixels(element, name, value) {
  const text = `${Math.round(value * 100) / 100}px`;
  if (element.style[name] !== text) element.style[name] = text;
}
