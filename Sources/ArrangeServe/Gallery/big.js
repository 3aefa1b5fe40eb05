// A hundred thousand tiles in a wrapping grid and a hundred thousand rows in a list, each a
// virtual list of the library: only what is in view is drawn. The page's model is each one's
// order (`window.model`), moved by each drop.
import { arrange, log, ready } from "./gallery.js";

const COUNT = 100000;

/** The numbers 1 to COUNT, in order (a loop: a mapping callback per item is slower to start). */
const numbers = () => {
  const order = new Array(COUNT);
  for (let index = 0; index < COUNT; index++) order[index] = index + 1;
  return order;
};

/** Each virtual list's order, as the page's model keeps it: the numbers of the items. */
window.model = { grid: numbers(), list: numbers() };

/** `n` with its thousands grouped, "40,212" (the browser's number formatting takes tens of
 * milliseconds to start, on the page's first frame). */
const grouped = (n) => String(n).replace(/\B(?=(\d{3})+$)/g, ",");

/** Moves a drop's item in the model and logs it. */
const apply = (name) => ({ type, fromIndex, toIndex, cause }) => {
  const order = window.model[name];
  const [moved] = order.splice(fromIndex, 1);
  order.splice(toIndex, 0, moved);
  log(`${name}: ${cause === "drop" ? type : cause} ${grouped(moved)} ${fromIndex} → ${toIndex}`);
};

const tile = (index) => {
  const n = window.model.grid[index];
  const element = document.createElement("li");
  element.textContent = String(n);
  element.dataset.n = String(n);
  element.style.background = `hsl(${(n * 47) % 360} 70% 84%)`;
  return element;
};

const row = (index) => {
  const n = window.model.list[index];
  const element = document.createElement("li");
  element.className = "row";
  element.dataset.n = String(n);
  element.textContent = `Row ${grouped(n)}: something to do`;
  return element;
};

window.lists = {
  grid: arrange.virtualList(document.getElementById("grid"), {
    direction: "grid", count: COUNT, itemSize: { width: 56, height: 40 }, gap: 6, render: tile,
    overscan: 120, label: "100,000 tiles", itemName: (index) => `tile ${window.model.grid[index]}`, onDrop: apply("grid"),
  }),
  list: arrange.virtualList(document.getElementById("list"), {
    count: COUNT, itemSize: 26, gap: 2, overscan: 120, render: row, label: "100,000 rows",
    itemName: (index) => `row ${window.model.list[index]}`, onDrop: apply("list"),
  }),
};
ready();
