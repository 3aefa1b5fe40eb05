// The focus among the cards: one card of the board is reached with Tab (a roving tab stop), the
// arrow keys move the focus between cards and columns, and the focused card is kept across
// renders.

import { locate } from "./board-state.js";
import { revealCard } from "./board-virtual.js";

/// Makes `element` (a card, or `null`) the one card Tab reaches, and no other.
export function setRovingTo(state, element) {
  if (state.rovingElement && state.rovingElement !== element) setRoving(state.rovingElement, false);
  if (element) setRoving(element, true);
  state.rovingElement = element;
}

/// Whether Tab reaches `element` (and its checkbox and Open button) from outside the board.
function setRoving(element, on) {
  const index = on ? 0 : -1;
  if (element.tabIndex !== index) element.tabIndex = index;
  for (const control of element.querySelectorAll(".box, .open")) {
    if (control.tabIndex !== index) control.tabIndex = index;
  }
}

/// One card takes Tab into the board: the focused one, else the first shown.
export function rovingToShown(state) {
  const first = state.shownIds.find((ids) => ids.length)?.[0];
  // On a big board, a card scrolled out of its column's view is not drawn: not that one.
  const drawn = (id) => {
    const element = state.cardElements.get(id);
    return element && (!state.virtual || element.isConnected) ? element : null;
  };
  const anyDrawn = state.virtual
    ? state.columnElements.map((section) => section.querySelector(".card")).find(Boolean) : null;
  setRovingTo(state, drawn(state.focusId) ?? drawn(first) ?? anyDrawn ?? null);
}

/// Focuses card `id` (scrolled into view), if it is shown.
export function focusCard(state, id) {
  let element = state.cardElements.get(id);
  // On a big board, the column scrolls to a card it does not draw yet.
  if (state.virtual && !element?.isConnected) element = revealCard(state, id, locate);
  if (!element) return;
  setRovingTo(state, element);
  state.focusId = id;
  element.focus({ preventScroll: false });
}

/// Moves the focus from card `id` for an arrow `key`: up and down in its column, left and right
/// to the nearest column that shows a card, at the same place or its last.
export function moveFocus(state, key, id) {
  const at = locate(state.shownIds, id);
  if (!at) return;
  if (key === "ArrowUp" || key === "ArrowDown") {
    const ids = state.shownIds[at.column];
    const next = ids[at.index + (key === "ArrowUp" ? -1 : 1)];
    if (next != null) focusCard(state, next);
    return;
  }
  const direction = key === "ArrowLeft" ? -1 : 1;
  for (let c = at.column + direction; c >= 0 && c < state.shownIds.length; c += direction) {
    const ids = state.shownIds[c];
    if (ids.length) {
      focusCard(state, ids[Math.min(at.index, ids.length - 1)]);
      return;
    }
  }
}
