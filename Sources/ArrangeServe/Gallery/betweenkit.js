// BetweenKit's demo on the web library: one arena of two tables and a collection, a data
// source told of every update (drag, rearrange, drop, delete), a folder that takes items, and a
// rule that refuses some items with its reason.
import { arrange, log, ready } from "./gallery.js";

/** The data source: the names each collection holds, by the list's id, changed only by what
 * `onDrop` reports. `folder` is what the folder item holds. */
const model = {
  "table-a": ["1", "2", "3", "4", "5"],
  "table-b": ["10", "12", "14"],
  collection: ["20", "21", "22", "23", "24", "25", "26", "Folder"],
  folder: [],
};
window.model = model;

const TITLES = { "table-a": "Table A", "table-b": "Table B", collection: "Collection", folder: "Folder" };
const FOLDER = "Folder";
const reason = document.getElementById("reason");
const undoButton = document.getElementById("undo");
let undoable = 0;

/** Where an index is, in the words of its collection: a table's row, a collection's item. */
function where(id, index) {
  return `${TITLES[id]} ${id.startsWith("table") ? "row" : "item"} ${index}`;
}

/** The folder item: a label with its count, a disclosure button, and its own list (hidden until
 * opened) that holds what is dropped into it. */
function makeFolder() {
  const tile = document.createElement("li");
  tile.className = "item folder";
  tile.dataset.name = FOLDER;
  const label = document.createElement("span");
  label.className = "folder-label";
  label.innerHTML = 'Folder <span class="count">0</span>';
  const button = document.createElement("button");
  button.type = "button";
  button.className = "disclose";
  button.textContent = "Open";
  button.setAttribute("aria-expanded", "false");
  button.setAttribute("aria-controls", "folder");
  const contents = document.createElement("ul");
  contents.className = "folder-contents";
  contents.id = "folder";
  contents.setAttribute("aria-label", "Folder");
  contents.hidden = true;
  button.addEventListener("click", () => {
    const open = contents.hidden;
    contents.hidden = !open;
    tile.classList.toggle("open", open);
    button.textContent = open ? "Close" : "Open";
    button.setAttribute("aria-expanded", String(open));
  });
  tile.append(label, button, contents);
  return tile;
}

/** Draws every collection from the model (only at the start: then the library moves nodes). */
function draw() {
  for (const [id, names] of Object.entries(model)) {
    if (id === "folder") continue;
    const list = document.getElementById(id);
    for (const name of names) {
      if (name === FOLDER) {
        list.append(makeFolder());
        continue;
      }
      const item = document.createElement("li");
      item.className = "item";
      item.dataset.name = name;
      item.textContent = name;
      list.append(item);
    }
  }
}

/** Shows the data source and the folder's count. */
function showModel() {
  document.getElementById("model").textContent = Object.entries(model)
    .map(([id, names]) => `${TITLES[id]}: ${names.join(" ")}`).join("\n");
  document.querySelector(".folder .count").textContent = String(model.folder.length);
}

// onDrop is called on each list an operation involves: each operation is taken once.
const taken = new WeakSet();
const drops = new WeakSet();

/** The data source's update for one operation of a drop, an undo or a redo. */
function onDrop(operation) {
  if (taken.has(operation)) return;
  taken.add(operation);
  const { type, item, from, fromIndex, to, toIndex, other, cause } = operation;
  const name = item.dataset.name;
  const [f, t] = [from?.id, to?.id];
  const prefix = cause === "drop" ? "" : `${cause}: `;
  if (type === "move") {
    model[f].splice(fromIndex, 1);
    model[t].splice(toIndex, 0, name);
    log(`${prefix}${f === t ? "rearrange" : "drop"}: ${name} from ${where(f, fromIndex)} to ${where(t, toIndex)}`);
  } else if (type === "exchange") {
    [model[f][fromIndex], model[t][toIndex]] = [model[t][toIndex], model[f][fromIndex]];
    log(`${prefix}rearrange: ${name} exchanged with ${other.dataset.name} (${where(f, fromIndex)}, ${where(t, toIndex)})`);
  } else if (type === "remove") {
    model[f].splice(fromIndex, 1);
    log(`${prefix}delete: ${name} from ${where(f, fromIndex)}`);
  } else if (type === "insert") {
    model[t].splice(toIndex, 0, name);
    log(`${prefix}insert: ${name} back at ${where(t, toIndex)}`);
  } else if (type === "into") {
    model[f].splice(fromIndex, 1);
    model.folder.push(name);
    log(`${prefix}drop onto item: ${name} from ${where(f, fromIndex)} into ${other.dataset.name}`);
  } else if (type === "out") {
    model.folder.splice(model.folder.indexOf(name), 1);
    model[t].splice(toIndex, 0, name);
    log(`${prefix}out of ${other.dataset.name}: ${name} back at ${where(t, toIndex)}`);
  }
  // One drop, one step of undo, however many operations it had.
  if (cause === "drop" && !drops.has(operation.operations)) {
    drops.add(operation.operations);
    undoable += 1;
  }
  undoButton.disabled = undoable === 0;
  showModel();
}

/** The seed's drag start (canItemBeDraggedAt): a new drag clears the last refusal. */
function onLift({ item, from, index }) {
  reason.textContent = "";
  log(`drag: ${item.dataset.name} at ${where(from.id, index)}`);
}

/** Shows a refusal's reason while the item is over the list that refuses it (and after). */
function onMove({ item, refused }) {
  if (refused && refused !== reason.textContent) log(`refused: ${item.dataset.name}: ${refused}`);
  reason.textContent = refused ?? "";
}

/** The rule of a table: the folder stays in the collection; Table B takes even numbers only. */
function tableRule(id) {
  return (item) => {
    const name = item.dataset.name;
    if (name === FOLDER) return "The folder stays in the collection.";
    if (id === "table-b" && Number(name) % 2 !== 0) return `Table B takes even numbers only: ${name} is odd.`;
    return true;
  };
}

draw();
showModel();
/** The mode of a drag by where it is: within one list (a table or the collection) an item
 * exchanges with the one it is dropped on — the seed's `rearrangeItemAt:withItemAt:`, whose data
 * source swaps them (`exchangeObjectAtIndex:withObjectAtIndex:`) — and between lists it is
 * inserted (`dropItemAt:`). Every list gives it: a mode one list's `modes` gave for a list is
 * not forgotten by the library for later drags from lists without `modes`. */
const modes = (item, from, to) => (from === to ? "exchange" : "move");
/** Over a list that refuses the item, the library (with removal outside on) says the item will
 * return; the reason is what a person needs to hear, as the page shows it. */
const messages = {
  willReturn: ({ reason: why, position, listName }) => why || `Will return to position ${position} in ${listName}`,
};
const common = { group: "arena", removeOnDropOutside: true, modes, messages, onLift, onMove, onDrop,
  itemName: (item) => (item.dataset.name === FOLDER ? `Folder, holding ${model.folder.length}` : item.dataset.name) };
const list = (id, options) => arrange.sortable(document.getElementById(id), { ...common, label: TITLES[id], ...options });
const lists = [
  list("table-a", { canDrop: tableRule("table-a") }),
  list("table-b", { canDrop: tableRule("table-b") }),
  list("collection", { direction: "grid", filter: "button", dropInto: (item, target) => target.dataset.name === FOLDER }),
  // Closed, the folder takes items only by a drop onto it (the keyboard passes it by, refused).
  list("folder", { direction: "grid",
    canDrop: () => !document.getElementById("folder").hidden || "The folder is closed: drop onto it, or open it first." }),
];
arrange.trash(document.getElementById("trash"), { group: "arena", label: "Trash" });

undoButton.addEventListener("click", () => {
  if (lists[0].undo()) undoable -= 1;
  undoButton.disabled = undoable === 0;
});

ready();
