// Where a virtual list's items are, from their sizes alone (no page needed: node tests it): each
// place's start and length along a list, or its cell in a grid of equal tiles; the places in a
// stretch of the list; and the sizes the engine is given.

import { Layout } from "./codes.js";

/** The first place whose end is past `position` in `starts`/`lengths` (by halving). */
const firstEndingAfter = (starts, lengths, position) => {
  let [low, high] = [0, starts.length];
  while (low < high) {
    const middle = (low + high) >> 1;
    if (starts[middle] + lengths[middle] <= position) low = middle + 1;
    else high = middle;
  }
  return low;
};

/** A positive finite number, or the TypeError `what` is not. */
const size = (value, what) => {
  const number = Number(value);
  if (!Number.isFinite(number) || number <= 0) throw new TypeError(`virtualList: ${what} must be a positive number, not ${value}`);
  return number;
};

/** The places of `count` items of a list laid out `layout` (a `Layout` code), `width` px wide
 * across (a grid's), by `options`' `itemSize` (a number, or a grid's `{ width, height }`) or
 * `sizeOf(index)` (a list's length; a grid's `{ width, height }`, each tile then where
 * `frameOf(index)` says), `gap` and `lineGap`. */
export const spanOf = (options, layout, count, width, frameOf = () => null, known = null) => {
  const gap = Math.max(0, Number(options.gap) || 0);
  const lineGap = options.lineGap == null ? gap : Math.max(0, Number(options.lineGap) || 0);
  if (layout === Layout.grid && typeof options.sizeOf === "function") {
    return flowSpan(options.sizeOf, count, gap, lineGap, width, frameOf);
  }
  if (layout === Layout.grid) return gridSpan(options, count, width, gap, lineGap);
  if (typeof options.sizeOf === "function") return measuredSpan(options.sizeOf, count, gap, known);
  const length = size(options.itemSize, "itemSize");
  const step = length + gap;
  let sizes = null;
  return {
    gap, lineGap, width, total: count ? count * step - gap : 0,
    cell: (index) => ({ start: index * step, length }),
    range: (from, to) => [Math.min(count, Math.max(0, Math.floor(from / step))),
      Math.min(count, Math.max(0, Math.ceil(to / step)))],
    engineSizes: () => (sizes ??= new Float64Array(count).fill(length)),
  };
};

/** A list whose items have a length each, `sizeOf(index)`, unless `known` has it (after a drop,
 * every place's length but the new item's: a list of 100,000 is not measured again). */
const measuredSpan = (sizeOf, count, gap, known) => {
  const starts = new Float64Array(count);
  const lengths = known?.length === count ? known : new Float64Array(count).fill(NaN);
  let position = 0;
  for (let index = 0; index < count; index++) {
    // (Checked without making its message: a string per item is most of the time.)
    const length = lengths[index] >= 0 ? lengths[index] : +sizeOf(index);
    lengths[index] = length > 0 && length < Infinity ? length : size(length, `sizeOf(${index})`);
    starts[index] = position;
    position += lengths[index] + gap;
  }
  return {
    gap, lineGap: gap, width: 0, total: count ? position - gap : 0,
    cell: (index) => ({ start: starts[index] ?? position, length: lengths[index] ?? 0 }),
    range: (from, to) => {
      const first = firstEndingAfter(starts, lengths, from);
      let end = first;
      while (end < count && starts[end] < to) end++;
      return [first, end];
    },
    engineSizes: () => lengths, lengths,
  };
};

/** A wrapping grid of equal tiles, as many to a line as fit `width` (at least one). */
const gridSpan = (options, count, width, gap, lineGap) => {
  const given = options.itemSize;
  const tile = typeof given === "object" && given
    ? { width: size(given.width, "itemSize.width"), height: size(given.height, "itemSize.height") }
    : { width: size(given, "itemSize"), height: size(given, "itemSize") };
  const columns = Math.max(1, Math.floor((width + gap) / (tile.width + gap)));
  const [across, down] = [tile.width + gap, tile.height + lineGap];
  const rows = Math.ceil(count / columns);
  let sizes = null;
  return {
    gap, lineGap, columns, width: Math.max(width, tile.width), total: rows ? rows * down - lineGap : 0,
    cell: (index) => ({ left: (index % columns) * across, top: Math.floor(index / columns) * down,
      width: tile.width, height: tile.height }),
    range: (from, to) => [Math.min(count, Math.max(0, Math.floor(from / down)) * columns),
      Math.min(count, Math.max(0, Math.ceil(to / down)) * columns)],
    engineSizes: () => {
      if (!sizes) {
        sizes = new Float64Array(2 * count);
        for (let index = 0; index < count; index++) [sizes[2 * index], sizes[2 * index + 1]] = [tile.width, tile.height];
      }
      return sizes;
    },
  };
};

/** A wrapping grid of tiles of their own sizes (`sizeOf(index)`: `{ width, height }`), each where
 * `frameOf(index)` puts it: the engine's flow (ArrangeLayout's), laid out from the sizes it is
 * given, so that the page draws each tile where the engine finds it. Nothing is in view while
 * the engine has no frame yet. */
const flowSpan = (sizeOf, count, gap, lineGap, width, frameOf) => {
  const sizes = new Float64Array(2 * count);
  for (let index = 0; index < count; index++) {
    const tile = sizeOf(index) ?? {};
    sizes[2 * index] = size(tile.width, `sizeOf(${index}).width`);
    sizes[2 * index + 1] = size(tile.height, `sizeOf(${index}).height`);
  }
  const cells = new Map();
  const cell = (index) => {
    let found = cells.get(index);
    if (!found) {
      const frame = frameOf(index);
      if (!frame) return null;
      found = { left: frame.x, top: frame.y, width: frame.width, height: frame.height };
      cells.set(index, found);
    }
    return found;
  };
  // The first place whose line starts at or past `position` (a line never starts above the one
  // before it), by halving.
  const startingFrom = (position) => {
    let [low, high] = [0, count];
    while (low < high) {
      const middle = (low + high) >> 1;
      if (cell(middle).top < position) low = middle + 1;
      else high = middle;
    }
    return low;
  };
  // The first place of the line that place `index` is in.
  const lineOf = (index) => {
    const top = cell(index).top;
    while (index > 0 && cell(index - 1).top === top) index--;
    return index;
  };
  const ready = () => count > 0 && cell(0) !== null;
  return {
    gap, lineGap, width, flow: true,
    get total() {
      if (!ready()) return 0;
      let bottom = 0;
      for (let index = lineOf(count - 1); index < count; index++) {
        bottom = Math.max(bottom, cell(index).top + cell(index).height);
      }
      return bottom;
    },
    cell: (index) => (ready() && index < count ? cell(index) : null) ?? { left: 0, top: 0, width: 0, height: 0 },
    // Only the line before the first that starts in the stretch can reach into it: lines follow
    // one another without overlapping.
    range: (from, to) => {
      if (!ready()) return [0, 0];
      const next = startingFrom(from);
      return [next > 0 ? lineOf(next - 1) : 0, startingFrom(to)];
    },
    engineSizes: () => sizes,
  };
};
