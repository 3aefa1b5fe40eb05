// Collection views: one data source feeds three views (a strip and two grids); a cell dragged
// across them moves its data item. The page's model is `window.model`: each view's item ids.
import { arrange, log, ready } from "./gallery.js";

// The views, in the order of the data source's sections (the tutorial indexes its data by each
// collection view's tag).
const views = ["strip", "a", "b"].map((id) => document.getElementById(id));
const COUNTS = { strip: 14, a: 30, b: 30 };
const canvas = document.getElementById("canvas");

/** The data source: each view's data items ({ id, colour }), in order. */
const data = {};
let next = 1;
for (const view of views) {
  data[view.id] = Array.from({ length: COUNTS[view.id] }, () => {
    const id = next++;
    return { id, colour: `hsl(${(id * 47) % 360} 70% 84%)` };
  });
  for (const item of data[view.id]) view.append(cellFor(item));
}
window.model = Object.fromEntries(views.map((view) => [view.id, data[view.id].map((item) => item.id)]));

/** A cell showing data item `item`. */
function cellFor(item) {
  const cell = document.createElement("li");
  cell.className = "cell";
  cell.dataset.id = String(item.id);
  cell.style.background = item.colour;
  cell.textContent = String(item.id);
  cell.setAttribute("aria-label", `Item ${item.id}`);
  return cell;
}

const nameOf = (view) => document.getElementById(view.getAttribute("aria-labelledby")).textContent;

// The view the dragged cell was last over (willMoveItem is said once per view entered).
let over = null;
// The snapshot on the canvas, and the frame loop that moves it with the pointer (with the
// hidden cell, in a keyboard drag).
let snapshot = null;

for (const view of views) {
  arrange.sortable(view, {
    group: "collections",
    // The view that takes the cell is the one its snapshot overlaps most, not the pointer's.
    target: "overlap",
    // A cell goes before the one whose middle the pointer has not passed, as the seed's layout
    // places an item it inserts (SortableJS's habit, the library's default, takes a cell's
    // place as soon as the pointer is on it).
    swapThreshold: 0,
    direction: view.id === "strip" ? "horizontal" : "grid",
    label: nameOf(view),
    onLift: ({ item, from, index }) => {
      over = from;
      log(`startDragging: item ${item.dataset.id} at ${nameOf(from)} [${index}]`);
      if (held) held.lifted = true;
      showSnapshot(item);
    },
    onMove: ({ item, to }) => {
      if (!to || to === over) return;
      over = to;
      log(`willMoveItem: item ${item.dataset.id} over ${nameOf(to)}`);
    },
    // Called on each view a move involves: the data source takes it once, from the view it left.
    onDrop: (op) => {
      if (op.from === view) apply(op);
    },
    onEnd: ({ item, lifted, cancelled }) => {
      if (!lifted) return;
      hideSnapshot();
      if (held) held.lifted = false;
      over = null;
      log(`stopDragging: item ${item.dataset.id}${cancelled ? " (cancelled: back where it was)" : ""}`);
    },
  });
}

/** Updates the data source for one move, in the order the tutorial's views call it: the view
 * that takes the cell inserts its item, then the view it left deletes it; within one view, a
 * move. */
function apply(op) {
  if (op.type !== "move") return;
  const from = data[op.from.id];
  const [item] = from.splice(op.fromIndex, 1);
  data[op.to.id].splice(op.toIndex, 0, item);
  if (op.from === op.to) {
    log(`moveDataItem(from: ${nameOf(op.from)} [${op.fromIndex}], to: ${nameOf(op.to)} [${op.toIndex}])`);
  } else {
    log(`insertDataItem(item ${item.id}, at: ${nameOf(op.to)} [${op.toIndex}])`);
    log(`deleteDataItem(at: ${nameOf(op.from)} [${op.fromIndex}])`);
  }
  for (const id of [op.from.id, op.to.id]) window.model[id] = data[id].map((each) => each.id);
}

/** Draws a snapshot of `cell` on the canvas, above every view (a view that scrolls clips its own
 * cells), and moves it each frame: where the pointer holds it, or, in a keyboard drag, where the
 * library draws the hidden cell. */
function showSnapshot(cell) {
  hideSnapshot();
  const copy = cell.cloneNode(true);
  // Without the library's marks and styles of the dragged cell: only its look.
  copy.removeAttribute("tabindex");
  copy.removeAttribute("style");
  copy.className = "cell";
  copy.style.background = cell.style.background;
  canvas.append(copy);
  snapshot = { copy, cell, frame: 0 };
  // A pointer drag's snapshot is where the pointer holds it; a keyboard drag's, on the cell.
  const follow = () => {
    const at = held?.lifted ? snapshotRect(held.last) : cell.getBoundingClientRect();
    copy.style.transform = `translate(${at.left}px, ${at.top}px)`;
    snapshot.frame = requestAnimationFrame(follow);
  };
  follow();
}

/** Takes the snapshot off the canvas. */
function hideSnapshot() {
  if (!snapshot) return;
  cancelAnimationFrame(snapshot.frame);
  snapshot.copy.remove();
  snapshot = null;
}

// The pointer drag under way: where the cell was grabbed, its size, the pointer's last place.
let held = null;

/** The snapshot's frame with the pointer at `[x, y]`, held where the cell was grabbed. */
function snapshotRect([x, y]) {
  const left = x - held.grab[0];
  const top = y - held.grab[1];
  return { left, top, right: left + held.size[0], bottom: top + held.size[1] };
}

/** Notes where each pointer drag holds its cell and where the pointer is, for the snapshot. */
function trackPresses(root) {
  root.addEventListener("pointerdown", (event) => {
    const cell = event.target.closest(".cell");
    if (!event.isPrimary || !cell || held) return;
    const rect = cell.getBoundingClientRect();
    held = { pointer: event.pointerId, grab: [event.clientX - rect.left, event.clientY - rect.top],
      size: [rect.width, rect.height], last: [event.clientX, event.clientY], lifted: false };
  }, true);
  for (const type of ["pointermove", "pointerup", "pointercancel"]) {
    window.addEventListener(type, (event) => {
      if (held?.pointer !== event.pointerId) return;
      held.last = [event.clientX, event.clientY];
      if (type !== "pointermove") held = null;
    }, true);
  }
}

trackPresses(document.querySelector(".views"));
ready();
