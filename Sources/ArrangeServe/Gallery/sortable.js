// SortableJS's examples, one section each, made with Arrange's library. Each section is built by
// one of the functions below, and the page shows that function's own source (`toString()`), so
// the code a reader sees is the code that runs.
import { arrange, log, ready } from "./gallery.js";

/** One list, reordered by dragging. */
function simple([list], onDrop) {
  return [arrange.sortable(list, { onDrop })];
}

/** Two lists that pass items to each other. */
function shared([left, right], onDrop) {
  return [left, right].map((list) =>
    arrange.sortable(list, { group: "shared", onDrop }));
}

/** Two lists that give each other copies, and keep their own items. */
function clone([left, right], onDrop) {
  return [left, right].map((list) =>
    arrange.sortable(list, { group: "clone", mode: "copy", onDrop }));
}

/** A list whose items go to the other list but keep their order among themselves. */
function noSorting([fixed, open], onDrop) {
  return [
    arrange.sortable(fixed, { group: "no-sorting", sort: false, onDrop }),
    arrange.sortable(open, { group: "no-sorting", onDrop }),
  ];
}

/** Items that drag only by their grip. */
function handle([list], onDrop) {
  return [arrange.sortable(list, { handle: ".grip", onDrop })];
}

/** A list with an item filtered out: it does not drag. */
function filter([list], onDrop) {
  return [arrange.sortable(list, { filter: ".filtered", onDrop })];
}

/** Items that trade places with the one they are dropped on. */
function swap([list], onDrop) {
  return [arrange.sortable(list, {
    mode: "exchange", appearance: { displacedAlpha: 0.4 }, onDrop,
  })];
}

/** Where an item takes another's place: SortableJS's swap threshold, and its inverted swap. */
function thresholds([list], onDrop) {
  const sortable = arrange.sortable(list, { swapThreshold: 1, onDrop });
  const threshold = document.getElementById("swap-threshold");
  const invert = document.getElementById("invert-swap");
  const set = () => {
    sortable.options.swapThreshold = Number(threshold.value);
    sortable.options.invertSwap = invert.checked;
    document.getElementById("swap-threshold-value").value = threshold.value;
  };
  threshold.addEventListener("input", set);
  invert.addEventListener("change", set);
  return [sortable];
}

/** Items selected with Ctrl-, ⌘- or Shift-click, dragged together. */
function multiDrag([list], onDrop) {
  return [arrange.sortable(list, { selectable: true, onDrop })];
}

/** Lists inside items of lists, all one group. */
function nested(lists, onDrop) {
  return lists.map((list) =>
    arrange.sortable(list, { group: "nested", onDrop }));
}

/** Tiles in rows that wrap. */
function grid([list], onDrop) {
  return [arrange.sortable(list, { direction: "grid", onDrop })];
}

/** The examples, by the `data-example` of their section. */
const examples = { simple, shared, clone, noSorting, handle, filter, swap, thresholds, multiDrag,
  nested, grid };

/** An item's name: its aria-label, else its text. */
const nameOf = (item) => item?.getAttribute("aria-label") ?? item?.textContent.trim() ?? "";

/** A list's name: its aria-label. */
const listOf = (list) => list?.getAttribute("aria-label") ?? "";

/** One operation in a line: `move "Item 1" 0 → 2`, with the lists' names when it changes lists. */
function describe({ type, item, from, fromIndex, to, toIndex, other }) {
  const name = `"${nameOf(item)}"`;
  const across = from && to && from !== to;
  const where = (list, index) => (across || !from ? `${listOf(list)} ${index}` : `${index}`);
  if (type === "copy") return `copy ${name} → ${where(to, toIndex)}`;
  if (type === "exchange") return `exchange ${name} ${fromIndex} ⇄ "${nameOf(other)}" ${toIndex}`;
  if (type === "move") return `move ${name} ${where(from, fromIndex)} → ${where(to, toIndex)}`;
  return `${type} ${name}`;
}

/** An `onDrop` that logs each operation of a drop once as `example: …` (a drop is told to every
 * list it touches; the first call logs the lot). */
function reporter(example) {
  const seen = new WeakSet();
  return ({ operations }) => {
    if (seen.has(operations)) return;
    seen.add(operations);
    for (const operation of operations) log(`${example}: ${describe(operation)}`);
  };
}

/** The example's label in the log: `noSorting` → `no sorting`. */
const spoken = (name) => name.replace(/[A-Z]/g, (letter) => ` ${letter.toLowerCase()}`);

// Build each section with its function, and show that function.
window.sortableExamples = examples;
window.sortables = {};
for (const section of document.querySelectorAll("section[data-example]")) {
  const name = section.dataset.example;
  const build = examples[name];
  section.querySelector("pre code").textContent = build.toString();
  window.sortables[name] = build([...section.querySelectorAll("ul.items")], reporter(spoken(name)));
}
ready();
