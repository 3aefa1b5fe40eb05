// SSCollectionViewExchangeController's demo on the web library: two sections of tiles that
// exchange, with the seed's timeline of an exchange transaction derived from the library's
// events (a catch, exchange events of one or two individual exchanges, a release).
import { arrange, log, ready } from "./gallery.js";

const PER_SECTION = 6;
/** The tile that cannot be caught (another tile may still displace it, as in the seed). */
const FIXED = "item7";

/** The model: one array of names per section, changed only by what `onDrop` reports. */
const model = [0, 1].map((section) =>
  Array.from({ length: PER_SECTION }, (_, i) => `item${section * PER_SECTION + i + 1}`));
window.model = model;
/** The model as the seed's delegate keeps it during a transaction: each individual exchange
 * applied as it comes. At the release it must equal `model`; after a cancel, the model before. */
let live = null;
window.liveModel = () => live;

const sections = [0, 1].map((section) => document.getElementById(`s${section}`));
const timeline = document.getElementById("timeline");
const undoButton = document.getElementById("undo");
let undoable = 0;

/** The index path "section,item" the seed writes. */
const path = ([section, item]) => `${section},${item}`;
const same = (a, b) => a[0] === b[0] && a[1] === b[1];
const sectionOf = (list) => Number(list.dataset.section);

/** Draws one tile per name (only at the start: afterwards the library moves the nodes). */
function drawTiles() {
  sections.forEach((list, section) => {
    for (const name of model[section]) {
      const tile = document.createElement("li");
      tile.className = "tile";
      tile.dataset.name = name;
      tile.textContent = name;
      if (name === FIXED) tile.classList.add("fixed");
      list.append(tile);
    }
  });
}

/** Shows the model (or, during a transaction, the live one) as a table of sections. */
function drawModel() {
  const shown = live ?? model;
  const table = document.getElementById("model");
  table.classList.toggle("live", live !== null);
  table.replaceChildren(...shown.map((names, section) => {
    const row = document.createElement("tr");
    const head = document.createElement("th");
    head.scope = "row";
    head.textContent = `${section}`;
    row.append(head, ...names.map((name) => {
      const cell = document.createElement("td");
      cell.textContent = name;
      return cell;
    }));
    return row;
  }));
}

/** Adds a line of the kind `kind` to the timeline (and the log). */
function note(kind, text) {
  const entry = document.createElement("li");
  entry.className = kind;
  entry.textContent = text;
  timeline.append(entry);
  log(text);
}

/** Exchanges the names at index paths `a` and `b` of `names` (an array per section). */
function exchange(names, a, b) {
  [names[a[0]][a[1]], names[b[0]][b[1]]] = [names[b[0]][b[1]], names[a[0]][a[1]]];
}

// The transaction under way: where the caught tile came from, where it is now (the origin, or
// the place of the tile it displaces), and how many exchange events it has had.
let transaction = null;

/** A catch: the transaction begins. */
function onLift({ item, from, index }) {
  const origin = [sectionOf(from), index];
  transaction = { origin, at: origin, displaced: null, events: 0 };
  live = model.map((names) => [...names]);
  timeline.replaceChildren();
  note("catch", `Catch at index path ${path(origin)}`);
  drawModel();
}

/** The pointer (or the keyboard) reached another tile, or came back: an exchange event. */
function onMove({ to, toIndex }) {
  if (!transaction) return;
  const { origin, at, displaced } = transaction;
  // The library says `to` null when a drop would leave the tile where it was.
  const target = to ? [sectionOf(to), toIndex] : origin;
  if (same(target, at)) return;
  transaction.events += 1;
  note("event", `Exchange event ${transaction.events}: move from ${path(at)} to ${path(target)}`);
  if (displaced) {
    note("exchange undo", `undo previous: ${path(displaced)} with ${path(origin)}`);
    exchange(live, displaced, origin);
  }
  if (!same(target, origin)) {
    note("exchange new", `${displaced ? "new exchange" : "exchange"}: ${path(origin)} with ${path(target)}`);
    exchange(live, origin, target);
  }
  transaction.displaced = same(target, origin) ? null : target;
  transaction.at = target;
  drawModel();
}

/** Escape (or a lost pointer): the last exchange is undone, the model is as it was. */
function onCancel() {
  if (!transaction) return;
  const { origin, displaced } = transaction;
  if (displaced) {
    note("exchange undo", `cancel: undo previous: ${path(displaced)} with ${path(origin)}`);
    exchange(live, displaced, origin);
  }
  note("cancel", "Transaction cancelled: the model is as it was");
}

// onDrop is called once per list an operation involves: each operation is taken once.
const taken = new WeakSet();

/** Applies what a drop, an undo or a redo did to the model. */
function onDrop(operation) {
  if (taken.has(operation)) return;
  taken.add(operation);
  const { type, item, from, fromIndex, to, toIndex, other, cause } = operation;
  if (type !== "exchange") {
    log(`unexpected ${type} of ${item.dataset.name}`);
    return;
  }
  const a = [sectionOf(from), fromIndex];
  const b = [sectionOf(to), toIndex];
  exchange(model, a, b);
  log(`${cause}: ${item.dataset.name} (${path(a)}) exchanged with ${other.dataset.name} (${path(b)})`);
  if (cause === "drop") undoable += 1;
  undoButton.disabled = undoable === 0;
  drawModel();
}

/** The end of a press: the release closes the transaction (a cancel closed it already). */
function onEnd({ lifted, cancelled }) {
  if (!lifted || !transaction) return;
  const { origin, at } = transaction;
  if (!cancelled) {
    note("release", `Release at index path ${path(at)}`);
    note("finish", same(origin, at)
      ? `Transaction finished with ${path(origin)} and ${path(at)}: nothing exchanged`
      : `Transaction finished with index paths ${path(origin)} and ${path(at)}`);
    // The seed's delegate kept its model by the individual exchanges; the drop's operations
    // must say the same.
    if (JSON.stringify(live) !== JSON.stringify(model)) log("the live model and the drop disagree");
  }
  transaction = null;
  live = null;
  drawModel();
  log(`model: ${model.map((names) => names.join(" ")).join(" | ")}`);
}

drawTiles();
drawModel();
const lists = sections.map((element, section) => arrange.sortable(element, {
  group: "exchange",
  mode: "exchange",
  direction: "grid",
  appearance: "engine",
  label: `Section ${section}`,
  canDrag: (item) => !item.classList.contains("fixed"),
  itemName: (item) => (item.classList.contains("fixed") ? `${item.dataset.name}, fixed` : item.dataset.name),
  onLift, onMove, onCancel, onDrop, onEnd,
}));

undoButton.addEventListener("click", () => {
  if (lists[0].undo()) {
    undoable -= 1;
    log(`model: ${model.map((names) => names.join(" ")).join(" | ")}`);
  }
  undoButton.disabled = undoable === 0;
});

ready();
