// A big board's columns: when the page draws them as virtual lists, and how tall a card is
// reckoned there without drawing it.
import assert from "node:assert/strict";
import { test } from "node:test";
import { cardHeightOf, isBig } from "../Sources/ArrangeServe/Web/board-virtual.js";

const card = (title, more = {}) => ({ id: 1, title, due: null, subtasks: [], description: [], ...more });
const boardOf = (...counts) => ({
  columns: counts.map((count) => ({ cards: Array.from({ length: count }, (_, k) => card(`c${k}`)) })),
});

test("a board of more than 500 cards, counted over every column, is drawn in virtual columns", () => {
  assert.equal(isBig(boardOf(500)), false);
  assert.equal(isBig(boardOf(250, 250)), false);
  assert.equal(isBig(boardOf(250, 251)), true);
  assert.equal(isBig(boardOf(501)), true);
  assert.equal(isBig(boardOf(200, 200, 200, 200, 200)), true, "the benchmark's board of 1,000");
  assert.equal(isBig(boardOf()), false);
});

test("a card's height: one to three lines of title by its length, and a line for its marks", () => {
  const metrics = { one: 37, line: 21, marks: 17, perLine: 30 };
  const height = (title, more) => cardHeightOf(card(title, more), metrics);
  assert.deepEqual(height("short"), { lines: 1, height: 37 });
  assert.deepEqual(height("x".repeat(30)), { lines: 1, height: 37 });
  assert.deepEqual(height("x".repeat(31)), { lines: 2, height: 58 });
  assert.deepEqual(height("x".repeat(90)), { lines: 3, height: 79 });
  assert.deepEqual(height("x".repeat(5000)), { lines: 3, height: 79 }, "never more than three");
  assert.deepEqual(height(""), { lines: 1, height: 37 }, "an empty title still takes a line");
  for (const more of [{ due: "2031-05-06" }, { subtasks: [{ title: "a", done: false }] }, { description: ["d"] }]) {
    assert.deepEqual(height("short", more), { lines: 1, height: 54 }, JSON.stringify(more));
  }
  assert.deepEqual(height("x".repeat(61), { due: "tomorrow" }), { lines: 3, height: 96 });
});
