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
    return { id, colour: `hsl(${(id * 47) % 360} 62% 46%)` };
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

/**
 * Where the library is told the pointer is, for the pointer at `[x, y]`: in the view the snapshot
 * overlaps most (the tutorial's choice), at the snapshot's centre kept inside that view; far
 * off the page when it overlaps none (the cell then goes back). A view is its visible frame
 * (the part of its list scrolled into view).
 */
function steer(point) {
  const snap = snapshotRect(point);
  let best = null;
  let most = 0;
  for (const scroller of document.querySelectorAll(".scroller")) {
    const frame = scroller.getBoundingClientRect();
    const width = Math.min(snap.right, frame.right) - Math.max(snap.left, frame.left);
    const height = Math.min(snap.bottom, frame.bottom) - Math.max(snap.top, frame.top);
    const area = Math.max(0, width) * Math.max(0, height);
    if (area > most) [best, most] = [frame, area];
  }
  if (!best) return [-1e4, -1e4];
  const clamp = (value, low, high) => Math.min(Math.max(value, low + 1), high - 1);
  return [clamp((snap.left + snap.right) / 2, best.left, best.right),
    clamp((snap.top + snap.bottom) / 2, best.top, best.bottom)];
}

/**
 * Makes the library take the view the snapshot overlaps most, where by itself it takes the view
 * under the pointer. Until the cell is lifted the library hears the pointer as it is (a finger's
 * long press and a mouse's distance are measured on it); after, each move is handed on as a move
 * to `steer`'s point. Real events are stopped and copies dispatched; a copy's `preventDefault`
 * (the library keeps a touch drag from scrolling) is passed back to the real one.
 */
function steerPresses(root) {
  const copy = (event, [x, y]) => new PointerEvent(event.type, {
    bubbles: true, cancelable: true, composed: true, pointerId: event.pointerId,
    pointerType: event.pointerType, isPrimary: event.isPrimary, button: event.button,
    buttons: event.buttons, clientX: x, clientY: y, screenX: event.screenX + x - event.clientX,
    screenY: event.screenY + y - event.clientY, width: event.width, height: event.height,
    pressure: event.pressure, ctrlKey: event.ctrlKey, shiftKey: event.shiftKey,
    altKey: event.altKey, metaKey: event.metaKey,
  });
  root.addEventListener("pointerdown", (event) => {
    const cell = event.target.closest(".cell");
    if (!event.isTrusted || !event.isPrimary || !cell || held) return;
    const rect = cell.getBoundingClientRect();
    held = { pointer: event.pointerId, grab: [event.clientX - rect.left, event.clientY - rect.top],
      size: [rect.width, rect.height], last: [event.clientX, event.clientY], lifted: false };
  }, true);
  for (const type of ["pointermove", "pointerup", "pointercancel"]) {
    window.addEventListener(type, (event) => {
      if (!event.isTrusted || held?.pointer !== event.pointerId) return;
      held.last = [event.clientX, event.clientY];
      const point = held.lifted ? steer(held.last) : null;
      if (type !== "pointermove") held = null;
      if (!point) return;
      event.stopImmediatePropagation();
      const handed = copy(event, point);
      window.dispatchEvent(handed);
      if (handed.defaultPrevented) event.preventDefault();
    }, true);
  }
}

steerPresses(document.querySelector(".views"));
ready();
