// Virtual lists without a page: where each place is (virtual-span.js) for lists and grids, and
// that the engine, given those sizes once and then only moved (`placeList`), finds the same item
// under a point as the page draws there, scrolled or not, for 100,000 items.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { Arena } from "../src/bridge.js";
import { Event, Layout, Mode, PointerKind, PointerPhase } from "../src/codes.js";
import { settle, settleVirtual } from "../src/defaults.js";
import { spanOf } from "../src/virtual-span.js";
import { shifted, spliced } from "../src/virtual.js";

const bytes = readFileSync(new URL("../dist/arrange.wasm", import.meta.url));
const { instance } = await WebAssembly.instantiate(bytes, { arrange: { can_drop: () => 1 } });
const exports = instance.exports;

/** A small random number generator with a fixed seed (mulberry32). */
const random = (seed) => () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};

test("a list of equal items: each place, the length, and what a stretch holds", () => {
  const span = spanOf({ itemSize: 24, gap: 2 }, Layout.vertical, 100000, 300);
  assert.deepEqual(span.cell(0), { start: 0, length: 24 });
  assert.deepEqual(span.cell(40211), { start: 40211 * 26, length: 24 });
  assert.equal(span.total, 100000 * 26 - 2);
  // Items 0 to 3 touch 0…100 (item 3 spans 78…102); item 4 starts at 104.
  assert.deepEqual(span.range(0, 100), [0, 4]);
  // A stretch starting in item 2's gap (50…52) holds item 2 (harmless) and ends before item 5.
  assert.deepEqual(span.range(51, 104), [1, 4]);
  assert.deepEqual(span.range(-500, -1), [0, 0]);
  assert.deepEqual(span.range(2_600_000, 2_700_000), [100000, 100000]);
  assert.equal(span.engineSizes().length, 100000);
  assert.equal(span.engineSizes()[99999], 24);
});

test("a list of items of their own lengths: the places add up, a stretch is found by halving", () => {
  const lengths = [10, 30, 5, 40, 20];
  const span = spanOf({ sizeOf: (index) => lengths[index], gap: 1 }, Layout.vertical, 5, 100);
  assert.deepEqual([0, 1, 2, 3, 4].map((index) => span.cell(index).start), [0, 11, 42, 48, 89]);
  assert.equal(span.total, 109);
  assert.deepEqual(span.range(0, 10), [0, 1]);
  assert.deepEqual(span.range(12, 45), [1, 3]);
  assert.deepEqual(span.range(88.5, 200), [4, 5]);
  // Against counting every item, over many random stretches (fixed seed).
  const next = random(7);
  const many = Array.from({ length: 500 }, () => 1 + Math.floor(next() * 60));
  const big = spanOf({ sizeOf: (index) => many[index], gap: 3 }, Layout.vertical, many.length, 100);
  for (let round = 0; round < 300; round++) {
    const from = next() * 20000 - 500;
    const to = from + next() * 2000;
    const expected = [];
    for (let index = 0; index < many.length; index++) {
      const { start, length } = big.cell(index);
      if (start + length > from && start < to) expected.push(index);
    }
    const [first, end] = big.range(from, to);
    if (expected.length) {
      assert.equal(first, expected[0], `first of ${from}…${to}`);
      assert.equal(end, expected.at(-1) + 1, `end of ${from}…${to}`);
    } else {
      assert.equal(first, end, `nothing in ${from}…${to}`);
    }
  }
  assert.throws(() => spanOf({ sizeOf: () => -1 }, Layout.vertical, 2, 0), /sizeOf\(0\) must be a positive number/);
});

test("after a drop a list of its own lengths asks only for the new item's, and adds up the same", () => {
  const lengths = [30, 10, 50, 20, 40, 70];
  let asked = [];
  const sizeOf = (index) => { asked.push(index); return lengths[index]; };
  const first = spanOf({ sizeOf, gap: 4 }, Layout.vertical, lengths.length, 300);
  assert.deepEqual(asked, [0, 1, 2, 3, 4, 5]);
  // Item 2 (50) moved to place 4: the lengths known move with their items, the new place is unknown.
  const moved = [30, 10, 20, 40, 50, 70];
  const known = Float64Array.from([30, 10, 20, 40, NaN, 70]);
  asked = [];
  const after = spanOf({ sizeOf: (index) => { asked.push(index); return moved[index]; }, gap: 4 },
    Layout.vertical, 6, 300, () => null, known);
  assert.deepEqual(asked, [4], "only the new item's length is asked");
  let start = 0;
  moved.forEach((length, index) => {
    assert.deepEqual(after.cell(index), { start, length });
    start += length + 4;
  });
  assert.equal(after.total, first.total);
  // Known lengths of another count (the list was given new items) are not taken.
  asked = [];
  spanOf({ sizeOf, gap: 4 }, Layout.vertical, 6, 300, () => null, new Float64Array(5));
  assert.equal(asked.length, 6);
  // A bad length is refused with its place, as before.
  assert.throws(() => spanOf({ sizeOf: (i) => (i === 3 ? -1 : 5) }, Layout.vertical, 6, 300), /sizeOf\(3\)/);
});

test("a grid of equal tiles: as many to a line as fit, lines of whole rows", () => {
  const span = spanOf({ itemSize: { width: 56, height: 40 }, gap: 6 }, Layout.grid, 100000, 700);
  // (700 + 6) / 62 = 11.4: eleven to a line.
  assert.equal(span.columns, 11);
  assert.deepEqual(span.cell(0), { left: 0, top: 0, width: 56, height: 40 });
  assert.deepEqual(span.cell(12), { left: 62, top: 46, width: 56, height: 40 });
  assert.equal(span.total, Math.ceil(100000 / 11) * 46 - 6);
  assert.deepEqual(span.range(0, 90), [0, 22]);
  // Row 10 spans 460…500; row 11 starts at 506.
  assert.deepEqual(span.range(460, 500), [110, 121]);
  // One tile wider than the grid still makes a line of one.
  assert.equal(spanOf({ itemSize: 80 }, Layout.grid, 10, 50).columns, 1);
});

test("a grid of tiles of their own sizes is drawn where the engine's flow puts them", () => {
  const count = 20000;
  const next = random(5);
  const tiles = Array.from({ length: count }, () => ({ width: 30 + Math.floor(next() * 70), height: 20 + Math.floor(next() * 40) }));
  const arena = new Arena(exports);
  arena.addList(0, Layout.grid, Mode.move, false, 0);
  const frameOf = (index) => arena.flowFrame(0, index);
  const options = { sizeOf: (index) => tiles[index], gap: 4, lineGap: 6 };
  const span = spanOf(options, Layout.grid, count, 500, frameOf);
  // Nothing is in view before the engine has the tiles.
  assert.deepEqual(span.range(0, 1000), [0, 0]);
  const keys = Int32Array.from({ length: count }, (_, index) => index);
  const [left, top] = [40, 30];
  arena.setList(0, { x: left, y: top, width: 500.5, height: 0, spacing: 4, lineSpacing: 6 }, keys, span.engineSizes());
  // Lines as a person would lay them: tiles while they fit 500 px, 4 apart; each line as tall as
  // its tallest tile, 6 below the one before.
  let [x, y, line] = [0, 0, 0];
  const expected = [];
  for (const tile of tiles) {
    if (x > 0 && x + tile.width > 500) [x, y, line] = [0, y + line + 6, 0];
    expected.push({ left: x, top: y, width: tile.width, height: tile.height });
    x += tile.width + 4;
    line = Math.max(line, tile.height);
  }
  for (const index of [0, 1, 2, 77, 5000, count - 1]) assert.deepEqual(span.cell(index), expected[index], `tile ${index}`);
  assert.equal(span.total, y + line);
  // A stretch holds the tiles of every line that reaches into it, and no other.
  for (let round = 0; round < 200; round++) {
    const from = next() * span.total;
    const to = from + next() * 900;
    const inside = expected.map((cell, index) => [cell, index])
      .filter(([cell]) => cell.top < to && cell.top + cell.height > from).map(([, index]) => index);
    const [first, end] = span.range(from, to);
    assert.ok(first <= inside[0] && end >= inside.at(-1) + 1, `${from}…${to}: ${first}…${end}`);
    // No more than the lines it touches (a line's tiles are drawn together).
    assert.ok(expected[first].top + 60 + 6 > from && expected[end - 1].top < to, `${from}…${to} drew more`);
  }
  // And the engine lifts the tile drawn under a point, scrolled by 30,000 px in a 400 px view.
  arena.placeList(0, { x: left, y: top, width: 500, height: 400, originX: left, originY: top - 30000 });
  let [time, tried] = [1, 0];
  const [first, end] = span.range(30000, 30400);
  for (let index = first; index < end; index += 3) {
    const cell = span.cell(index);
    if (cell.top < 30000 || cell.top + cell.height > 30400) continue;
    const point = [left + cell.left + cell.width / 2, top - 30000 + cell.top + cell.height / 2];
    assert.equal(lifted(arena, point, (time += 1)), index, `tile ${index}`);
    tried++;
  }
  assert.ok(tried >= 5, `only ${tried} tiles tried`);
  arena.destroy();
});

/** The item the engine lifts for a press at `[x, y]` in `arena` (list 0), or null. */
const lifted = (arena, [x, y], time) => {
  arena.result(arena.pointer(PointerPhase.down, x, y, time, PointerKind.mouse, 1));
  const { events } = arena.result(arena.pointer(PointerPhase.move, x, y + 8, time + 0.05, PointerKind.mouse, 1));
  arena.result(arena.pointer(PointerPhase.cancel, x, y + 8, time + 0.1, PointerKind.mouse, 1));
  return events.find((event) => event.kind === Event.lifted)?.item ?? null;
};

test("the engine finds in a scrolled virtual grid of 100,000 tiles the tile drawn under a point", () => {
  const count = 100000;
  const span = spanOf({ itemSize: { width: 56, height: 40 }, gap: 6 }, Layout.grid, count, 700);
  const arena = new Arena(exports);
  arena.addList(0, Layout.grid, Mode.move, false, 0);
  // Numbered as the library numbers items (from 0), shuffled by a drop or two.
  const keys = Int32Array.from({ length: count }, (_, index) => count - 1 - index);
  const [left, top] = [100, 50];
  arena.setList(0, { x: left, y: top, width: span.width + 0.5, height: span.total, spacing: 6, lineSpacing: 6 },
    keys, span.engineSizes());
  const next = random(11);
  let time = 1;
  let checked = 0;
  for (const scroll of [0, 4600, 200_000, span.total - 600]) {
    // The grid is drawn 600 px tall at (100, 50), scrolled by `scroll`.
    arena.placeList(0, { x: left, y: top, width: 700, height: 600, originX: left, originY: top - scroll });
    for (let round = 0; round < 12; round++) {
      const [first, end] = span.range(scroll, scroll + 560);
      const index = first + Math.floor(next() * (end - first));
      const cell = span.cell(index);
      if (cell.top < scroll || cell.top + cell.height > scroll + 560) continue;
      const point = [left + cell.left + cell.width / 2, top - scroll + cell.top + 10];
      assert.equal(lifted(arena, point, (time += 1)), keys[index], `tile ${index} at scroll ${scroll}`);
      checked++;
    }
  }
  assert.ok(checked >= 30, `only ${checked} tiles tried`);
  arena.destroy();
});

test("the engine finds in a scrolled virtual list the row drawn under a point", () => {
  const count = 100000;
  const span = spanOf({ itemSize: 24, gap: 2 }, Layout.vertical, count, 300);
  const arena = new Arena(exports);
  arena.addList(0, Layout.vertical, Mode.move, false, 0);
  const keys = Int32Array.from({ length: count }, (_, index) => index);
  arena.setList(0, { x: 0, y: 100, width: 300, height: 500, spacing: 2, paddingTop: 8 }, keys, span.engineSizes());
  let time = 1;
  for (const scroll of [0, 26 * 40211, span.total + 16 - 500]) {
    arena.placeList(0, { x: 0, y: 100, width: 300, height: 500, scroll });
    const index = Math.floor((scroll + 200) / 26);
    const point = [150, 100 + 8 + span.cell(index).start - scroll + 4];
    assert.equal(lifted(arena, point, (time += 1)), index, `row ${index} at scroll ${scroll}`);
  }
  arena.destroy();
});

test("a virtual list's options are checked before anything is drawn", () => {
  const base = { render: () => null, itemSize: 20 };
  assert.doesNotThrow(() => settleVirtual(settle(base)));
  assert.throws(() => settleVirtual(settle({ itemSize: 20 })), /render must be a function/);
  assert.throws(() => settleVirtual(settle({ render: () => null })), /itemSize/);
  assert.throws(() => settleVirtual(settle({ ...base, mode: "copy" })), /mode "move"/);
  assert.throws(() => settleVirtual(settle({ ...base, selectable: true })), /selectable is not for virtual lists/);
  assert.throws(() => settle({ ...base, render: "li" }), /render must be a function/);
});

test("a drop's new order of places: in place within a list, copied between lists", () => {
  // Each against a plain array's splice: the item at `at` out, `value` in at `into` of the rest.
  const next = random(47);
  for (let run = 0; run < 2000; run++) {
    const length = 1 + Math.floor(next() * 12);
    const array = Int32Array.from({ length }, (_, index) => index * 10);
    const at = Math.floor(next() * length);
    const into = Math.floor(next() * length);
    const expected = [...array];
    expected.splice(at, 1);
    expected.splice(into, 0, -1);
    const within = array.slice();
    shifted(within, at, into, -1);
    assert.deepEqual([...within], expected, `within ${length} items, ${at} to ${into}`);
    assert.deepEqual([...spliced(array, at, into, -1)], expected, `copied, ${length} items, ${at} to ${into}`);
    // Out only (to another list), and in only (from one).
    const out = [...array];
    out.splice(at, 1);
    assert.deepEqual([...spliced(array, at, -1, -1)], out);
    const grown = [...array];
    grown.splice(into, 0, -1);
    assert.deepEqual([...spliced(array, -1, into, -1)], grown);
  }
  // Moved by hand: the third of five to the front, and the first to the end.
  const five = Int32Array.of(1, 2, 3, 4, 5);
  shifted(five, 2, 0, 3);
  assert.deepEqual([...five], [3, 1, 2, 4, 5]);
  shifted(five, 0, 4, 3);
  assert.deepEqual([...five], [1, 2, 4, 5, 3]);
});
