// What a person asks of the board, each sent as an edit: add, rename, tick or delete a card, and
// add, rename, move or remove a column. The keys, the bar's buttons and the details call these.

import { Edit } from "./edits.js";
import { announce, status } from "./board-status.js";
import { cardById, moveColumnLocally } from "./board-state.js";
import { send } from "./board-sync.js";
import { render } from "./board-render.js";
import { focusCard } from "./board-focus.js";
import { ask } from "./board-dialogs.js";

/// How long a first X waits for the second that removes a column with its cards (milliseconds).
const REMOVE_AGAIN = 4000;

/// Sends an edit that names no card nor column (undo, redo, reload, overwrite).
export const sendEdit = (state, op) => send(state, [{ op }]);

/// Adds a card titled `title` to column `index`; once it is in, it is said and focused.
export function addCard(state, title, index) {
  const before = new Set((state.board.columns[index]?.cards ?? []).map((card) => card.id));
  send(state, [{ op: Edit.addCard, title, column: index }], (next) => {
    const column = next.columns[index];
    const added = column?.cards.find((card) => !before.has(card.id));
    if (!added) return;
    announce(`Added ${added.title} to ${column.title}`);
    requestAnimationFrame(() => focusCard(state, added.id));
  });
}

/// Asks for a new card's title and adds it to column `column`.
export function askCard(state, column) {
  ask(`New card in ${state.board.columns[column].title}`, "", (title) => addCard(state, title, column));
}

/// Ticks card `id` done, or not done.
export function tick(state, id) {
  const found = cardById(state.board, id);
  if (found) send(state, [{ op: Edit.setDone, card: id, done: !found.card.done }]);
}

/// Asks for card `id`'s new title.
export function rename(state, id) {
  const found = cardById(state.board, id);
  if (!found) return;
  ask("Title", found.card.title, (title) => send(state, [{ op: Edit.setTitle, card: id, title }]));
}

/// Deletes card `id`.
export const removeCard = (state, id) => send(state, [{ op: Edit.removeCard, card: id }]);

/// Moves column `column` one place left (`direction` -1) or right (1), at once, and says so.
export function moveColumn(state, column, direction) {
  const to = column + direction;
  if (to < 0 || to >= state.board.columns.length) return;
  const moving = moveColumnLocally(state, column, to);
  send(state, [{ op: Edit.moveColumn, from: column, to }]);
  render(state, true);
  announce(`Moved the column ${moving.title} to place ${to + 1}`);
  state.columnElements[to]?.querySelector(".title").focus();
}

/// Asks for a new column's title and adds it.
export function askColumn(state) {
  ask("New column", "", (title) => send(state, [{ op: Edit.addColumn, title }]));
}

/// Asks for column `column`'s new title.
export function renameColumn(state, column) {
  ask("Column title", state.board.columns[column].title, (title) =>
    send(state, [{ op: Edit.renameColumn, column, title }]));
}

/// Removes column `column`: at once when it is empty, else when asked twice within a few
/// seconds (the first time says what the second does).
export function removeColumn(state, column) {
  const cards = state.board.columns[column].cards.length;
  const removing = state.removing;
  const again = removing && removing.column === column && Date.now() - removing.time < REMOVE_AGAIN;
  if (cards === 0 || again) {
    state.removing = null;
    send(state, [{ op: Edit.removeColumn, column, withCards: cards > 0 }]);
  } else {
    state.removing = { column, time: Date.now() };
    const title = state.board.columns[column].title;
    status(`X again removes “${title}” with its ${cards} card${cards === 1 ? "" : "s"} (u undoes it)`);
  }
}
