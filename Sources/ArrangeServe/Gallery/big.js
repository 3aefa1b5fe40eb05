// A thousand tiles in a wrapping grid and ten thousand rows in a list (in chunks of 100), each
// a sortable; the page's model is each one's order (`window.model`), updated from the drops.
import { arrange, log, ready } from "./gallery.js";

const grid = document.getElementById("grid");
const list = document.getElementById("list");
const TILES = 1000;
const ROWS = 10000;
const CHUNK = 100;

const tiles = document.createDocumentFragment();
for (let n = 1; n <= TILES; n++) {
  const tile = document.createElement("li");
  tile.textContent = String(n);
  tile.dataset.n = String(n);
  tile.style.background = `hsl(${(n * 47) % 360} 70% 84%)`;
  tiles.append(tile);
}
grid.append(tiles);

const rows = document.createDocumentFragment();
for (let start = 1; start <= ROWS; start += CHUNK) {
  const chunk = document.createElement("div");
  chunk.className = "chunk";
  chunk.setAttribute("role", "none");
  for (let n = start; n < start + CHUNK && n <= ROWS; n++) {
    const row = document.createElement("div");
    row.className = "row";
    row.setAttribute("role", "listitem");
    row.dataset.n = String(n);
    row.textContent = `Row ${n}: something to do`;
    chunk.append(row);
  }
  rows.append(chunk);
}
list.append(rows);

/** Each sortable's order, as the page's model keeps it. */
window.model = {
  grid: Array.from({ length: TILES }, (_, i) => String(i + 1)),
  list: Array.from({ length: ROWS }, (_, i) => String(i + 1)),
};

/** Applies a drop's move to the model and logs it. */
const apply = (name) => ({ type, item, fromIndex, toIndex }) => {
  const order = window.model[name];
  const [moved] = order.splice(fromIndex, 1);
  order.splice(toIndex, 0, moved);
  log(`${name}: ${type} ${item.dataset.n} ${fromIndex} → ${toIndex}`);
};

arrange.sortable(grid, { direction: "grid", label: "1,000 tiles", onDrop: apply("grid") });
arrange.sortable(list, { chunks: ".chunk", label: "10,000 rows", onDrop: apply("list") });
ready();
