// Input that is not a drag: the board's keys (as the terminal app's), clicks and taps that open
// or select a card, the search, and the bar's buttons. A drag's own input (a press that moves,
// Space on a card, and every key during a drag) is the library's.

import { Edit } from "./edits.js";
import { $, status } from "./board-status.js";
import { locate, matches } from "./board-state.js";
import { isDragging, toggleSelection } from "./board-drag.js";
import { render } from "./board-render.js";
import { focusCard, moveFocus } from "./board-focus.js";
import { openDetails, showArchive, showDue } from "./board-dialogs.js";
import {
  askCard, askColumn, moveColumn, removeCard, removeColumn, rename, renameColumn, sendEdit, tick,
} from "./board-actions.js";

/// How long after a click on a card a double click elsewhere still opens that card (ms).
const DOUBLE_CLICK = 1000;

/// Each key's action: `run(state, at, key)` where `at` is `{ id, column }`, the focused card's
/// id and the column of the focused card or title. An action that `needs` a card or a column
/// does nothing without one. The browser does nothing more with a key an action takes, unless
/// it `passes` the key on.
const KEYS = Object.freeze({
  ArrowUp: { needs: "card", run: (state, at, key) => moveFocus(state, key, at.id) },
  ArrowDown: { needs: "card", run: (state, at, key) => moveFocus(state, key, at.id) },
  ArrowLeft: { needs: "card", run: (state, at, key) => moveFocus(state, key, at.id) },
  ArrowRight: { needs: "card", run: (state, at, key) => moveFocus(state, key, at.id) },
  Enter: { needs: "card", run: (state, at) => openDetails(state, at.id) },
  a: { run: (state, at) => askCard(state, at.column ?? 0) },
  e: { needs: "card", run: (state, at) => rename(state, at.id) },
  D: { needs: "card", run: (state, at) => removeCard(state, at.id) },
  Delete: { needs: "card", run: (state, at) => removeCard(state, at.id) },
  t: { needs: "card", run: (state, at) => tick(state, at.id) },
  // v selects, as in the terminal app; s, which the page used first, still does.
  v: { needs: "card", passes: true, run: (state, at) => toggleSelection(state, at.id) },
  s: { needs: "card", passes: true, run: (state, at) => toggleSelection(state, at.id) },
  "<": { needs: "column", run: (state, at) => moveColumn(state, at.column, -1) },
  ">": { needs: "column", run: (state, at) => moveColumn(state, at.column, 1) },
  "/": { run: () => $("search").focus() },
  C: { run: (state) => askColumn(state) },
  E: { needs: "column", run: (state, at) => renameColumn(state, at.column) },
  X: { needs: "column", run: (state, at) => removeColumn(state, at.column) },
  u: { passes: true, run: (state) => sendEdit(state, Edit.undo) },
  r: { passes: true, run: (state) => sendEdit(state, Edit.redo) },
  // As in the terminal, and as the messages about the file say: R reloads the file, W writes
  // this board over it (after another program changed or removed it).
  R: { passes: true, run: (state) => sendEdit(state, Edit.reload) },
  W: { passes: true, run: (state) => sendEdit(state, Edit.overwrite) },
  "?": { passes: true, run: () => $("help").showModal() },
  A: { passes: true, run: (state) => showArchive(state) },
  d: { run: (state) => showDue(state) },
});

/// The board's keys, when no dialog is open and no drag is under way.
function keydown(state, event) {
  if (document.querySelector("dialog[open]")) return;
  // Space lifts a card and, during a drag, the arrows, Space, Enter and Escape are the
  // library's (on the cards' lists, before this).
  if (event.arrangeSeen || isDragging(state)) return;
  const target = event.target;
  if (target.id === "search") {
    if (event.key === "Escape") {
      target.value = "";
      setFilter(state, "");
      state.cardElements.values().next().value?.focus();
    }
    return;
  }
  if (event.ctrlKey || event.metaKey || event.altKey) return;
  if (target.closest?.(".open, .box") && (event.key === " " || event.key === "Enter")) return;
  const action = Object.hasOwn(KEYS, event.key) ? KEYS[event.key] : null;
  if (!action) return;
  const card = target.closest?.(".card");
  const id = card ? Number(card.dataset.id) : null;
  const title = target.closest?.(".title");
  const column = card ? locate(state.shownIds, id)?.column : title ? Number(title.dataset.column) : null;
  if ((action.needs === "card" && id == null) || (action.needs === "column" && column == null)) return;
  if (!action.passes) event.preventDefault();
  action.run(state, { id, column }, event.key);
}

/// Shows the cards that match the search `value` alone, and says how many.
export function setFilter(state, value) {
  state.filter = value.trim().toLowerCase();
  render(state, false);
  // How many cards the search leaves, said politely (the status line is a live region).
  const cards = state.board.columns.flatMap((column) => column.cards);
  if (state.filter) {
    state.countSaid = `${cards.filter((card) => matches(state.filter, card)).length} of ${cards.length} cards`;
    status(state.countSaid);
  } else if (state.countSaid && $("status").textContent === state.countSaid) {
    state.countSaid = "";
    status("");
  }
}

/// A click (or tap) on a card that no drag followed: with Shift, Ctrl or ⌘ it selects the card;
/// on a tag it shows the cards with that tag; else it opens the card. (A link opens itself.)
function clicked(state, event) {
  const card = event.target.closest(".card");
  if (!card || event.target.closest(".open, .box, a")) return;
  const id = Number(card.dataset.id);
  if (event.shiftKey || event.ctrlKey || event.metaKey) {
    event.preventDefault();
    toggleSelection(state, id);
    return;
  }
  const tag = event.target.closest(".tag");
  if (tag) {
    $("search").value = tag.textContent;
    setFilter(state, tag.textContent);
    return;
  }
  state.pressed = { card: id, at: performance.now() };
  openDetails(state, id);
}

/// A press on a card focuses it (a press with Shift, Ctrl or ⌘ selects instead, on its click).
function pressed(state, event) {
  const card = event.target.closest(".card");
  if (!card || event.button !== 0 || event.target.closest(".open, .box")) return;
  if (!event.shiftKey && !event.ctrlKey && !event.metaKey) focusCard(state, Number(card.dataset.id));
}

/// A double click opens a card: the one under it, or the one a click opened just before (the
/// card the first click opened may have moved from under the pointer).
function doubleClicked(state, event) {
  const card = event.target.closest?.(".card");
  const recent = performance.now() - state.pressed.at < DOUBLE_CLICK;
  const id = card ? Number(card.dataset.id) : recent ? state.pressed.card : null;
  if (id != null && !event.target.closest?.(".open, .box, a, .tag")) openDetails(state, id);
}

/// Listens to the board's input: its keys, presses, clicks and focus, the search and the bar.
export function listen(state) {
  const view = state.view.board;
  view.addEventListener("pointerdown", (event) => pressed(state, event));
  view.addEventListener("click", (event) => clicked(state, event));
  view.addEventListener("dblclick", (event) => doubleClicked(state, event));
  view.addEventListener("focusin", (event) => {
    const card = event.target.closest?.(".card");
    if (card) state.focusId = Number(card.dataset.id);
  });
  document.addEventListener("keydown", (event) => keydown(state, event));
  $("search").addEventListener("input", (event) => setFilter(state, event.target.value));
  $("undo").addEventListener("click", () => sendEdit(state, Edit.undo));
  $("redo").addEventListener("click", () => sendEdit(state, Edit.redo));
  $("reload").addEventListener("click", () => sendEdit(state, Edit.reload));
  $("overwrite").addEventListener("click", () => sendEdit(state, Edit.overwrite));
  $("help-button").addEventListener("click", () => $("help").showModal());
  $("show-archive").addEventListener("click", () => showArchive(state));
  $("show-due").addEventListener("click", () => showDue(state));
  $("add-column").addEventListener("click", () => askColumn(state));
}
