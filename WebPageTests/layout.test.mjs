// Where the columns are placed, from their natural heights and the view's size.
import assert from "node:assert/strict";
import { test } from "node:test";
import { LAYOUT, columnWidthFor, placeColumns } from "../Sources/ArrangeServe/Web/board-layout.js";

test("columns share the view's width, never narrower than the least a column has", () => {
  assert.equal(columnWidthFor(1200, 3, false), (1200 - 24 - 16) / 3);
  assert.equal(columnWidthFor(800, 5, false), LAYOUT.minColumn);
  assert.equal(columnWidthFor(390, 3, true), 390 - 24);
});

test("side by side, the columns fill the view, edges on whole pixels", () => {
  const width = columnWidthFor(1000, 3, false);
  const { placed, columnsTall } = placeColumns({ width: 1000, viewHeight: 700, natural: [100, 300, 50],
    stacked: false, columnWidth: width, columnsTall: 0 });
  assert.equal(columnsTall, 0);
  assert.deepEqual(placed.map(([x]) => x), [12, Math.round(12 + width + 8), Math.round(12 + 2 * (width + 8))]);
  assert.ok(placed.every(([x, y, w, h]) => y === 12 && h === 700 - 24 && Number.isInteger(x + w)));
});

test("on a board taller than the view, the columns grow a step at a time", () => {
  const base = { width: 1000, viewHeight: 700, stacked: false, columnWidth: 300 };
  const first = placeColumns({ ...base, natural: [1000, 20], columnsTall: 0 });
  assert.equal(first.columnsTall, 1000 + 24 + 40 + LAYOUT.tallStep);
  assert.equal(first.placed[0][3], first.columnsTall - 24);
  // A card taller: every column stays as tall as it was.
  const next = placeColumns({ ...base, natural: [1040, 20], columnsTall: first.columnsTall });
  assert.equal(next.columnsTall, first.columnsTall);
  // Much shorter: they shrink.
  const shorter = placeColumns({ ...base, natural: [600, 20], columnsTall: first.columnsTall });
  assert.equal(shorter.columnsTall, 0);
});

test("stacked, each column is as tall as its cards, one below the other", () => {
  const { placed } = placeColumns({ width: 390, viewHeight: 800, natural: [100.4, 50], stacked: true,
    columnWidth: 366, columnsTall: 0 });
  assert.deepEqual(placed, [[12, 12, 366, 100], [12, 120, 366, 50]]);
});
