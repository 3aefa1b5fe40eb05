// Loads the engines' WebAssembly module (the web library's, which the board page uses too) in
// node and drags items through its arenas: the module is built from the current sources and
// does what the engines do.
// Usage: node Wasm/smoke.mjs path/to/arrange.wasm
import { readFileSync } from "node:fs";

const load = async (path, imports = {}) =>
  (await WebAssembly.instantiate(readFileSync(path), imports)).instance.exports;
// The library's module asks the page's rule while a drag looks for a place (arrange.can_drop).
const asked = [];
let hostRule = () => 1;
const library = await load(process.argv[2], { arrange: {
  can_drop: (...question) => { asked.push(question); return hostRule(...question); },
} });
const e = library;
const fail = (message) => { console.error("smoke test failed: " + message); process.exit(1); };
const memory = () => new DataView(e.memory.buffer);

// Two independent arenas at once (the library's lists, Wasm/ArrangeWasmArenas.swift): a vertical
// list of three items in the first, two horizontal lists in the second; a drag in one leaves the
// other alone.
const a = e.arrange_arena_create();
const b = e.arrange_arena_create();
if (a === 0 || b === 0 || a === b) fail(`arena handles ${a} and ${b}`);
// `layout` 0 vertical, 1 horizontal, 2 grid; `flags` 1 a delete zone; priority -1: last.
// (The host names its lists in its own words: the module knows them by their numbers.)
const addList = (arena, id, layout, mode, flags = 0) =>
  e.arrange_arena_add_container(arena, id, layout, mode, flags, -1);
// `sizes`: a length per item (a list) or a width and a height per item (a grid); `spacing`:
// between items and between a grid's lines.
const setList = (arena, id, [x, y, w, h], ids, length, spacing = 0, sizes = ids.map(() => length)) => {
  const box = [x, y, w, h, spacing, spacing, 0, 0, 0, 0, 0];
  const boxPointer = e.arrange_alloc(8 * box.length);
  const idPointer = e.arrange_alloc(4 * Math.max(1, ids.length));
  const sizePointer = e.arrange_alloc(8 * Math.max(1, sizes.length));
  box.forEach((value, k) => memory().setFloat64(boxPointer + 8 * k, value, true));
  ids.forEach((item, k) => memory().setInt32(idPointer + 4 * k, item, true));
  sizes.forEach((size, k) => memory().setFloat64(sizePointer + 8 * k, size, true));
  e.arrange_arena_set_container(arena, id, boxPointer, ids.length, idPointer, sizePointer);
  e.arrange_free(boxPointer);
  e.arrange_free(idPointer);
  e.arrange_free(sizePointer);
};
const operation = (arena, index) => {
  const room = e.arrange_alloc(7 * 4);
  const found = e.arrange_arena_operation(arena, index, room);
  const values = [0, 1, 2, 3, 4, 5, 6].map((k) => memory().getInt32(room + 4 * k, true));
  e.arrange_free(room);
  return found ? values : null;
};
addList(a, 0, 0, 0);
setList(a, 0, [0, 0, 100, 90], [0, 1, 2], 30);
addList(b, 0, 1, 0);
addList(b, 1, 1, 0);
setList(b, 0, [0, 0, 120, 40], [0, 1, 2], 40);
setList(b, 1, [0, 100, 120, 40], [3], 40);
// Arena a: press item 0 (y 15) and, while arena b lifts item 1 (x 60), drag it below item 2.
e.arrange_arena_pointer(a, 0, 50, 15, 0, 0);
e.arrange_arena_pointer(b, 0, 60, 20, 0, 0);
for (let step = 1; step <= 10; step++) {
  e.arrange_arena_pointer(a, 1, 50, 15 + step * 7, step * 0.016, 0);
  e.arrange_arena_pointer(b, 1, 60 - step, 20 + step * 10, step * 0.016, 0);
}
if (e.arrange_arena_dragged(a) !== 0 || e.arrange_arena_dragged(b) !== 1) {
  fail(`arenas drag ${e.arrange_arena_dragged(a)} and ${e.arrange_arena_dragged(b)}`);
}
if (e.arrange_arena_pointer(a, 2, 50, 85, 0.2, 0) !== 1) fail("arena a's drop applied nothing");
if (JSON.stringify(operation(a, 0)) !== JSON.stringify([1, 0, 0, 0, 0, 2, -1])) {
  fail(`arena a's operation ${JSON.stringify(operation(a, 0))}`);
}
if (e.arrange_arena_dragged(b) !== 1) fail("arena a's drop ended arena b's drag");
if (e.arrange_arena_pointer(b, 2, 50, 120, 0.2, 0) !== 1) fail("arena b's drop applied nothing");
// Item 1 of the top row dropped on the bottom row at x 50, after item 3 (0…40): index 1.
if (JSON.stringify(operation(b, 0)) !== JSON.stringify([1, 1, 0, 1, 1, 1, -1])) {
  fail(`arena b's operation ${JSON.stringify(operation(b, 0))}`);
}
console.log("two arenas: a vertical and a horizontal drag at once, each its own operation");

// A list that refuses the dragged item (the host keeps its reason), said at the refusal as the
// kind "cannot drop" (5) and the list.
setList(b, 0, [0, 0, 120, 40], [0, 2], 40);
setList(b, 1, [0, 100, 120, 40], [3, 1], 40);
e.arrange_arena_set_verdict(b, 1, 0);
const refusalRoom = e.arrange_alloc(8);
const refusalOf = () => (e.arrange_arena_refusal(b, refusalRoom)
  ? [0, 1].map((k) => memory().getInt32(refusalRoom + 4 * k, true)) : null);
e.arrange_arena_pointer(b, 0, 20, 20, 1, 0);
let refused = null;
for (let step = 1; step <= 10; step++) {
  e.arrange_arena_pointer(b, 1, 20, 20 + step * 10, 1 + step * 0.016, 0);
  refused = refusalOf() ?? refused;
}
if (JSON.stringify(refused) !== "[5,1]") fail(`refusal ${JSON.stringify(refused)}`);
if (e.arrange_arena_pointer(b, 2, 20, 120, 1.2, 0) !== 0) fail("a refused drop applied something");
e.arrange_arena_clear_verdicts(b);
// The host's rule asked at every place: list 1 of arena b takes nothing at its top (index 0).
e.arrange_arena_set_rule(b, 3, 0, 1);
hostRule = (arena, item, from, to, index) => (to === 1 && index === 0 ? 0 : 1);
e.arrange_arena_pointer(b, 0, 20, 20, 3, 0);
refused = null;
for (let step = 1; step <= 10; step++) {
  e.arrange_arena_pointer(b, 1, 20, 20 + step * 9.5, 3 + step * 0.016, 0);
  refused = refusalOf() ?? refused;
}
if (!asked.some(([arena, item, from, to, index]) => arena === b && item === 0 && from === 0 && to === 1)) {
  fail(`the host's rule was not asked: ${JSON.stringify(asked)}`);
}
if (JSON.stringify(refused) !== "[5,1]") fail(`host rule refusal ${JSON.stringify(refused)}`);
e.arrange_arena_pointer(b, 2, 20, 115, 3.2, 0);
e.arrange_arena_set_rule(b, 3, 0, 0);
// A keyboard drag in arena a, in words and in numbers (for a page's own language).
setList(a, 0, [0, 0, 100, 90], [1, 2, 0], 30);
e.arrange_arena_key(a, 0, 1, 2);
const saidRoom = e.arrange_alloc(8 * 4);
const saidBy = () => (e.arrange_arena_said(a, saidRoom)
  ? [0, 1, 2, 3, 4, 5, 6, 7].map((k) => memory().getInt32(saidRoom + 4 * k, true)) : null);
// Picked up item 1, position 1 of 3 in list 0.
if (JSON.stringify(saidBy()) !== "[1,1,1,3,0,-1,-1,-1]") fail(`lift said ${JSON.stringify(saidBy())}`);
e.arrange_arena_key(a, 2, 0, 2.1);
const saidNumbers = saidBy();
if (JSON.stringify(saidNumbers) !== "[2,1,2,3,0,-1,-1,-1]") {
  fail(`moved said ${JSON.stringify(saidNumbers)}`);
}
if (e.arrange_arena_key(a, 5, 0, 2.2) !== 1) fail("the keyboard drop in arena a applied nothing");
if (JSON.stringify(operation(a, 0)) !== JSON.stringify([1, 1, 0, 0, 0, 1, -1])) {
  fail(`arena a's keyboard operation ${JSON.stringify(operation(a, 0))}`);
}
e.arrange_arena_destroy(a);
if (e.arrange_arena_pointer(a, 0, 50, 15, 3, 0) !== 0 || e.arrange_arena_dragged(a) !== -1) {
  fail("a destroyed arena still answers");
}
e.arrange_arena_destroy(b);
console.log(`arenas: refusal ${JSON.stringify(refused)}; keyboard drag said in numbers ${JSON.stringify(saidNumbers)}`);

// A grid (ArrangeLayout's flow): six cells of 30 × 30, 5 apart, in rows of three (100 wide).
// Item 10 dropped on the right half of the second row's middle cell (x 60, y 50) goes after it:
// index 4. Then undo takes it back, and a drop outside removes it when the host allows it.
const g = e.arrange_arena_create();
addList(g, 0, 2, 0);
addList(g, 1, 0, 0, 1);
setList(g, 0, [0, 0, 100, 100], [10, 11, 12, 13, 14, 15], 0, 5, Array(12).fill(30));
setList(g, 1, [200, 0, 50, 50], [], 0);
const drag = (arena, [x0, y0], [x1, y1], time) => {
  e.arrange_arena_pointer(arena, 0, x0, y0, time, 0);
  for (let step = 1; step <= 10; step++) {
    e.arrange_arena_pointer(arena, 1, x0 + ((x1 - x0) * step) / 10, y0 + ((y1 - y0) * step) / 10,
      time + step * 0.016, 0);
  }
  return e.arrange_arena_pointer(arena, 2, x1, y1, time + 0.2, 0);
};
if (drag(g, [15, 15], [60, 50], 0) !== 1) fail("the grid's drop applied nothing");
if (JSON.stringify(operation(g, 0)) !== JSON.stringify([1, 10, 0, 0, 0, 4, -1])) {
  fail(`grid operation ${JSON.stringify(operation(g, 0))}`);
}
setList(g, 0, [0, 0, 100, 100], [11, 12, 13, 14, 10, 15], 0, 5, Array(12).fill(30));
if (e.arrange_arena_history(g, 2) !== 1) fail("nothing to undo after the grid's drop");
if (e.arrange_arena_history(g, 0) !== 1 ||
  JSON.stringify(operation(g, 0)) !== JSON.stringify([1, 10, 0, 4, 0, 0, -1])) {
  fail(`undo ${JSON.stringify(operation(g, 0))}`);
}
setList(g, 0, [0, 0, 100, 100], [10, 11, 12, 13, 14, 15], 0, 5, Array(12).fill(30));
// On the trash (a delete zone): removed.
if (drag(g, [50, 15], [220, 20], 1) !== 1 ||
  JSON.stringify(operation(g, 0)) !== JSON.stringify([3, 11, 0, 1, -1, -1, -1])) {
  fail(`trash ${JSON.stringify(operation(g, 0))}`);
}
setList(g, 0, [0, 0, 100, 100], [10, 12, 13, 14, 15], 0, 5, Array(10).fill(30));
// Outside every container: returns, unless the host's rule removes it.
if (drag(g, [15, 15], [150, 300], 2) !== 0) fail("a drop outside removed without the rule");
e.arrange_arena_set_rule(g, 2, 0, 1);
if (drag(g, [15, 15], [150, 300], 3) !== 1 ||
  JSON.stringify(operation(g, 0)) !== JSON.stringify([3, 10, 0, 0, -1, -1, -1])) {
  fail(`outside ${JSON.stringify(operation(g, 0))}`);
}
e.arrange_arena_destroy(g);
console.log("grid: a drop across rows, undo, the trash and a drop outside");
