// Dragging through the web library: each column's list of cards is a sortable list of one group
// (a card may go to any column), the columns a second list dragged by their titles. The library
// draws the drag and moves the cards' elements on a drop; this module takes the drop into the
// board shown, sends it, and shows why a full column refuses a card.

import { $, announce, clearRefusal, sayRefusal } from "./board-status.js";
import { dropIndex, locate, moveColumnLocally, moveLocally } from "./board-state.js";
import { Edit } from "./edits.js";
import { receive, send } from "./board-sync.js";
import { cardSignature, drawCount, labelInColumn, render, virtualCard } from "./board-render.js";
import { virtualColumn } from "./board-virtual.js";
import { LAYOUT, layout } from "./board-layout.js";
import { rovingToShown } from "./board-focus.js";

/// How long a refusal stays beside the card (milliseconds).
const REFUSAL_SHOWN = 2500;

/// What the columns' list says as a column is dragged.
const COLUMN_MESSAGES = Object.freeze({
  pickedUp: (c) => `Picked up the column ${c.name}, place ${c.position} of ${c.count}`,
  moved: (c) => `Place ${c.position} of ${c.count}`,
  willReturn: (c) => `Back to place ${c.position}`,
  dropped: (c) => `Moved the column ${c.name} to place ${c.position}`,
  didNotMove: (c) => `The column ${c.name} stays where it was`,
  cancelled: (c) => `Cancelled, the column ${c.name} stays at place ${c.position}`,
});

/// Whether a drag (of cards or of a column) is under way. Asking the library also shows a drop
/// released and not shown yet (it shows it in the next frame).
export const isDragging = (state) =>
  Boolean(state.columnsList?.dragging || state.columnElements[0]?.sortable?.dragging);

/// Makes every column's list of cards sortable, in the columns' order (the order the keyboard
/// moves a card through): one group, so that a card may go to any column.
export function makeSortable(state) {
  for (const section of state.view.inner.querySelectorAll(".column")) {
    section.sortable?.destroy();
    section.sortable = null;
  }
  // A virtual column's cards are as tall as the column's width makes them: laid out first.
  if (state.virtual) layout(state);
  for (const section of state.columnElements) {
    const options = {
      // A press on a card's checkbox or its Open control is theirs; Enter opens the card.
      filter: ".open, .box",
      liftKeys: [" "],
      appearance: "engine",
      label: section.dataset.title,
      canDrop: (item, from, to) => fullColumn(state, from, to),
      onLift: () => hideRefusal(),
      onMove: ({ to, refused }) => showTarget(state, to, refused),
      onDrop: (event) => dropped(state, event),
      onEnd: () => ended(state),
    };
    section.sortable = state.virtual
      ? virtualColumn(state, section, (card) => virtualCard(state, card, section.dataset.title),
        Object.assign(options, { group: "virtual cards" }))
      : state.arrange.sortable(section.querySelector(".cards"), Object.assign(options, {
        group: "cards", items: ".card", chunks: ".chunk", itemName: (element) => element.arrangeName,
      }));
  }
  state.toldSelection = [];
}

/// Why a column refuses a card from another one: it is full (its limit counts every card, the
/// ones a search hides too). True when it takes it.
function fullColumn(state, from, to) {
  if (from === to) return true;
  const column = state.board.columns[state.columnElements.findIndex((section) => section.contains(to))];
  const limit = column?.limit;
  if (limit == null || column.cards.length < limit) return true;
  // The document's own words for it, which the terminal says too, sent with the board.
  return column.full ?? false;
}

/// Outlines the column a drag is over: as the target, or as refusing with the reason beside the
/// card.
function showTarget(state, list, refused) {
  const over = list?.closest(".column") ?? null;
  for (const section of state.columnElements) {
    section.classList.toggle("target", section === over && !refused);
    section.classList.toggle("refusing", section === over && Boolean(refused));
  }
  if (refused && refused !== state.refused) showRefusal(state, refused);
  else if (!refused && state.refused) hideRefusal();
  state.refused = refused || null;
}

/// Says why a column refuses the card: in the status line while it is true (the next drop that
/// lands takes it away), and beside the dragged card for a moment.
function showRefusal(state, message) {
  sayRefusal(message);
  let label = $("refusal");
  if (!label) {
    label = document.createElement("div");
    label.id = "refusal";
    label.className = "refusal";
    label.setAttribute("aria-hidden", "true");
  }
  label.textContent = message;
  // Beside the dragged card, inside it: it follows the card with no work per move.
  const card = document.querySelector(".card.arrange-dragging");
  if (card) {
    card.append(label);
    Object.assign(label.style, { left: "0", top: "-28px" });
  } else {
    state.view.inner.append(label);
    Object.assign(label.style, { left: "20px", top: "20px" });
  }
  clearTimeout(state.refusalTimer);
  state.refusalTimer = setTimeout(hideRefusal, REFUSAL_SHOWN);
}

function hideRefusal() {
  $("refusal")?.remove();
}

/// The moves of a drop's operations, as requests in terms of the whole board (the library counts
/// the cards shown; a search hides some), each taken into the board shown; and the columns the
/// drop changed.
function dropMoves(state, operations) {
  const requests = [];
  const touched = new Set();
  let redraw = false;   // a big board's column must draw a card anew (a Complete lane ticked it)
  for (const record of operations) {
    if (record.type !== "move" || !record.to) continue;
    // A virtual column's card that is not drawn is known by its place in the column it left.
    const from = state.columnElements.findIndex((section) => section.contains(record.from));
    const card = record.item ? Number(record.item.dataset.id) : state.shownIds[from]?.[record.fromIndex];
    if (card == null || Number.isNaN(card)) continue;
    const column = state.columnElements.findIndex((section) => section.contains(record.to));
    const cards = state.board.columns[column]?.cards;
    if (!cards) continue;
    // Each operation is in terms of the board as the ones before it left it.
    const index = dropIndex(state.shownIds, card, column, record.toIndex, cards, from);
    requests.push({ op: Edit.moveCard, card, column, index });
    touched.add(moveLocally(state, card, column, index, from));
    touched.add(column);
    // A card a Complete lane ticked is a new object: a big board finds it by its id.
    if (state.virtual) {
      const moved = state.board.columns[column].cards.find((c) => c.id === card);
      if (moved !== state.cardsById.get(card)) {
        state.cardsById.set(card, moved);
        redraw = true;
      }
    }
  }
  return { requests, touched, redraw };
}

/// A drop of cards (the library has moved their elements): the board here takes the moves at
/// once (the page does not wait for the server) and sends them. Called once per drop.
function dropped(state, event) {
  if (event.operations === state.lastDrop) return;
  state.lastDrop = event.operations;
  const { requests, touched, redraw } = dropMoves(state, event.operations);
  if (!requests.length) return;
  clearRefusal();
  send(state, requests);
  if ((state.virtual && !redraw) || (!state.selection.length && drawnAsMoved(state, requests))) {
    showMovedInPlace(state, requests, touched);
    return;
  }
  // A selection is dragged once: its cards are drawn unselected.
  for (const id of state.selection) {
    const at = locate(state.shownIds, id);
    if (at) touched.add(at.column);
  }
  state.selection = [];
  render(state, false, touched);
}

/// Whether the cards a drop moved are drawn as they were (no card changed by its move): the
/// library has moved their elements where the board now has them.
function drawnAsMoved(state, requests) {
  return requests.every((request) => {
    const element = state.cardElements.get(request.card);
    const card = state.board.columns[request.column]?.cards.find((c) => c.id === request.card);
    return element && card && cardSignature(state, card) === element.arrangeSignature;
  });
}

/// Shows a drop the library has drawn: only the cards' labels and the columns' counts change,
/// and the columns' cards are not visited.
function showMovedInPlace(state, requests, touched) {
  for (const c of touched) {
    if (!state.board.columns[c]) continue;
    drawCount(state.columnElements[c], state.board.columns[c]);
    // A new array: layout() knows a column's height drawn whole by its array of ids (a virtual
    // column's is the view's: its 20,000 ids are not copied).
    if (!state.virtual) state.shownIds[c] = state.shownIds[c].slice();
  }
  for (const { card, column } of requests) {
    const element = state.cardElements.get(card);
    if (element) labelInColumn(element, state.board.columns[column].title);
  }
  rovingToShown(state);
  layout(state);
}

/// A press or drag of cards ended: the outlines go, and a board that arrived meanwhile shows.
function ended(state) {
  showTarget(state, null, null);
  if (state.resizedWhileDragging && !isDragging(state)) {
    state.resizedWhileDragging = false;
    layout(state);
  }
  if (state.waitingBoard && !isDragging(state)) {
    const next = state.waitingBoard;
    state.waitingBoard = null;
    receive(state, next);
  }
}

/// The columns, dragged by their titles (side by side; not when they are stacked). The library
/// only reports the move: the board draws its columns itself.
export function makeColumnsSortable(state) {
  state.columnsList = state.arrange.sortable(state.view.inner, {
    group: "columns",
    direction: "horizontal",
    items: ".column",
    handle: ".title",
    keyboard: false,
    dom: "report",
    canDrag: () => !state.stacked,
    itemName: (section) => section.dataset.title,
    label: "the board",
    messages: COLUMN_MESSAGES,
    onDrop: ({ fromIndex, toIndex, operations }) => {
      if (operations.length !== 1 || fromIndex === toIndex) return;
      moveColumnLocally(state, fromIndex, toIndex);
      send(state, [{ op: Edit.moveColumn, from: fromIndex, to: toIndex }]);
      render(state, false);
    },
    onEnd: () => ended(state),
  });
}

/// Tells the library which cards are selected (it drags them together), in order.
export function tellSelection(state) {
  const list = state.columnElements[0]?.sortable;
  if (!list || list.virtual) return;
  const wanted = state.selection.map((id) => state.cardElements.get(id)).filter(Boolean);
  const told = state.toldSelection;
  if (wanted.length === told.length && wanted.every((element, i) => told[i] === element)) return;
  for (const element of told) list.select(element, false);
  for (const element of wanted) list.select(element, true);
  state.toldSelection = wanted;
}

/// Selects card `id`, or no longer; says how many are.
export function toggleSelection(state, id) {
  if (state.virtual) {
    announce(`Cards are selected on a board of at most ${LAYOUT.virtualFrom.toLocaleString("en")} cards: drag this one alone`);
    return;
  }
  const at = state.selection.indexOf(id);
  if (at >= 0) state.selection.splice(at, 1);
  else state.selection.push(id);
  state.cardElements.get(id)?.classList.toggle("selected", at < 0);
  tellSelection(state);
  const count = state.selection.length;
  announce(`${count} card${count === 1 ? "" : "s"} selected`);
}
