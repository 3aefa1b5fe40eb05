// Flows of tiles: three flows under one manager that hears what each flow does (edit mode,
// drags, moves) and keeps one drag at a time, or lets each finger drag a tile of its own. The
// page's model is `window.model`: each flow's
// task ids, in order.
import { arrange, log, ready } from "./gallery.js";

const TASKS = [
  ["plan", "Plan the sprint", "#c2402b", "todo"],
  ["sketch", "Sketch screens", "#b35c00", "todo"],
  ["copy", "Write copy", "#8a6a00", "todo"],
  ["icons", "Draw icons", "#2e7d3b", "todo"],
  ["build", "Build the flow", "#1f7a7a", "progress"],
  ["test", "Test on iPad", "#2459c4", "progress"],
  ["review", "Code review", "#6a4fc8", "progress"],
  ["brief", "Read the brief", "#9e3878", "finished"],
  ["setup", "Set up project", "#5b6472", "finished"],
];

const flows = ["todo", "progress", "finished"].map((id) => document.getElementById(id));
const nameOf = (flow) => document.getElementById(flow.getAttribute("aria-labelledby")).textContent;
const titleOf = (tile) => tile.querySelector("span").textContent;

for (const [id, title, colour, flow] of TASKS) {
  const tile = document.createElement("li");
  tile.className = "tile";
  tile.dataset.id = id;
  tile.style.background = colour;
  const text = document.createElement("span");
  text.textContent = title;
  tile.append(text);
  document.getElementById(flow).append(tile);
}

/** The model: each flow's task ids, as the manager last heard. */
window.model = Object.fromEntries(flows.map((flow) => [flow.id, [...flow.children].map((t) => t.dataset.id)]));

// The tiles in progress (the tutorial's `viewInProgress`; more than one with concurrent drags):
// each added at its lift, taken away at its end.
const inProgress = new Set();
// The flow each dragged tile's centre was last over, so that a crossing is logged once.
const lastOver = new Map();
// Where each dragged tile was lifted, and whether its centre is outside every flow now (a tile
// dropped there goes back: a flow layout keeps its views).
const origins = new Map();
const outside = new Map();

const editButton = document.getElementById("edit");
const doneButton = document.getElementById("done");
const status = document.getElementById("status");
const reason = document.getElementById("reason");

const sortables = flows.map((flow) => arrange.sortable(flow, {
  group: "flows",
  // A tile belongs to the flow its centre is over, and takes the place its centre is at,
  // wherever it is held.
  target: "center",
  direction: flow.id === "todo" ? "horizontal" : "grid",
  editMode: true,
  label: nameOf(flow),
  itemName: titleOf,
  // A tile dropped outside every flow goes back where it was, animated, as the library returns
  // any item dropped outside a list (in edit mode too, with no `removeOnDropOutside`).
  // Each is said once the tile is drawn where the pointer left it: whether its centre is
  // outside every flow is read then.
  messages: {
    willReturn: ({ item }) => (isOutside(item) ? "Outside every flow: will go back" : undefined),
    didNotMove: ({ item, name }) => {
      const origin = origins.get(item);
      return isOutside(item) && origin
        ? `${name} is back in ${nameOf(origin.from)}, position ${origin.index + 1}` : undefined;
    },
  },
  onEditMode: ({ editing }) => showEditing(editing),
  onLift: ({ item, from, index }) => {
    inProgress.add(item);
    lastOver.set(item, from);
    origins.set(item, { from, index });
    outside.set(item, false);
    const also = inProgress.size > 1 ? ` (concurrent: ${inProgress.size} in progress)` : "";
    log(`shouldMoveView: ${titleOf(item)} (${nameOf(from)} #${index + 1}) → yes, now in progress${also}`);
    showProgress();
  },
  onMove: ({ item, to, refused }) => {
    reason.textContent = refused ?? "";
    if (!to || to === lastOver.get(item)) return;
    lastOver.set(item, to);
    log(`didDragView: ${titleOf(item)}'s centre is over ${nameOf(to)}`);
  },
  // Called on each flow a move involves: the model takes it from the flow the tile left.
  onDrop: (event) => {
    if (event.from === flow) apply(event);
  },
  onEnd: ({ item, lifted, cancelled }) => {
    if (!lifted) return;
    if (!moved.has(item) && outside.get(item) && !cancelled) {
      log(`didNotMoveView: ${titleOf(item)} was dropped outside every flow, and goes back`);
    } else if (!moved.has(item)) {
      log(`didNotMoveView: ${titleOf(item)}${cancelled ? " (cancelled)" : ""}`);
    }
    moved.delete(item);
    origins.delete(item);
    outside.delete(item);
    inProgress.delete(item);
    lastOver.delete(item);
    reason.textContent = "";
    showProgress();
  },
}));

// Tiles the last drop moved (for didMoveView / didNotMoveView).
const moved = new Set();

/** Applies one operation of a drop (or an undo) to the model and logs it as the flow delegate
 * hears it. */
function apply(op) {
  if (op.type !== "move") return;
  window.model[op.from.id].splice(op.fromIndex, 1);
  window.model[op.to.id].splice(op.toIndex, 0, op.item.dataset.id);
  moved.add(op.item);
  const where = op.from === op.to ? `${nameOf(op.to)} #${op.fromIndex + 1} → #${op.toIndex + 1}`
    : `${nameOf(op.from)} → ${nameOf(op.to)} #${op.toIndex + 1}`;
  log(`didMoveView: ${titleOf(op.item)}, ${where}`);
}

/** Whether the centre of `tile`, as it is drawn, is outside every flow (the flows take a tile by
 * its centre); noted for the tile's didNotMoveView. */
function isOutside(tile) {
  const drawn = tile.getBoundingClientRect();
  const [x, y] = [(drawn.left + drawn.right) / 2, (drawn.top + drawn.bottom) / 2];
  const out = !flows.some((flow) => {
    const box = flow.getBoundingClientRect();
    return x >= box.left && x <= box.right && y >= box.top && y <= box.bottom;
  });
  outside.set(tile, out);
  return out;
}

/** Shows edit mode: Edit or Done, and the manager's note of it (all flows enter together). */
function showEditing(editing) {
  if (doneButton.hidden === !editing) return;
  // Edit is a toggle: pressed while the flows are editing (Done ends it too).
  editButton.setAttribute("aria-pressed", String(editing));
  doneButton.hidden = !editing;
  log(editing ? "didBeginEditInFlowLayout: every flow is editing" : "didEndEditInFlowLayout: editing ended");
}

editButton.addEventListener("click", () => sortables[0].setEditing(!sortables[0].editing));
doneButton.addEventListener("click", () => sortables[0].setEditing(false));

// One drag at a time (the tutorial's guard), or concurrent drags: each finger drags a tile of
// its own, and drags into one flow make room together (the library's `concurrent`). The switch
// takes effect at the next press.
const single = document.getElementById("single");
single.addEventListener("change", () => {
  for (const sortable of sortables) sortable.options.concurrent = !single.checked;
  log(single.checked ? "One drag at a time: on" : "Concurrent drags: on, one tile per finger");
});

/** Shows the tiles in progress. */
function showProgress() {
  status.textContent = inProgress.size ? `In progress: ${[...inProgress].map(titleOf).join(", ")}` : "";
  showTouches();
}

// The fingers on the flows, and a second finger's press while a tile is in progress: with one
// drag at a time, the manager's shouldMoveView answers no.
const touching = new Set();
const manager = document.getElementById("manager");
manager.addEventListener("pointerdown", (event) => {
  if (!event.isTrusted) return;
  touching.add(event.pointerId);
  showTouches();
  const tile = event.target.closest(".tile");
  if (!tile || !single.checked || !inProgress.size || inProgress.has(tile)) return;
  log(`shouldMoveView: ${titleOf(tile)} → no, ${[...inProgress].map(titleOf).join(", ")} is in progress`);
}, true);
for (const type of ["pointerup", "pointercancel"]) {
  window.addEventListener(type, (event) => {
    if (!event.isTrusted || !touching.delete(event.pointerId)) return;
    showTouches();
  }, true);
}

/** Shows how many fingers are down when more than one is. */
function showTouches() {
  manager.dataset.touches = String(touching.size);
  if (touching.size > 1) {
    status.textContent = `${touching.size} touch points; in progress: ${inProgress.size ? [...inProgress].map(titleOf).join(", ") : "none"}`;
  }
}

ready();
