// The page's dialogs: asking for a line of text (or several, or a due date), a card's details
// with its subtasks, the cards by due date, and an Obsidian board's archive.

import { Edit } from "./edits.js";
import { $, status } from "./board-status.js";
import { cardById } from "./board-state.js";
import { send } from "./board-sync.js";
import { focusCard } from "./board-focus.js";
import { drawTitle } from "./board-marks.js";
import { dueCards, dueElement, dueStatus } from "./board-due.js";
import { removeCard, rename, tick } from "./board-actions.js";

/// How long after a change made from the details they open again (milliseconds): the answer
/// that has the change is drawn in them by then.
const REOPEN = 300;

/// Asks for a line of text (or, `multiline`, several lines) in a dialog; `done` gets it unless
/// the person cancels. With `allowEmpty`, an empty answer counts too; with `date`, a calendar
/// to pick a day from is shown beside the text (which takes a time or a relative date too).
export function ask(label, value, done, { multiline = false, allowEmpty = false, date = false } = {}) {
  const dialog = $("ask");
  $("ask-label").textContent = label;
  const input = multiline ? $("ask-text") : $("ask-input");
  $("ask-input").hidden = multiline;
  $("ask-text").hidden = !multiline;
  $("ask-date-row").hidden = !date;
  $("ask-forms").hidden = !date;
  if (date) {
    const picker = $("ask-date");
    picker.value = /^\d{4}-\d{2}-\d{2}/.test(value) ? value.slice(0, 10) : "";
    picker.oninput = () => { if (picker.value) $("ask-input").value = picker.value; };
  }
  $("ask-label").htmlFor = input.id;
  input.value = value;
  dialog.onclose = () => {
    const answer = input.value.trim();
    if (dialog.returnValue === "ok" && (answer || allowEmpty)) done(answer);
    dialog.returnValue = "";
  };
  dialog.showModal();
  input.select();
}

/// Opens card `id`'s details (or draws them again, when they are open on another card).
export function openDetails(state, id) {
  const found = cardById(state.board, id);
  if (!found) return;
  const already = $("details").open;
  if (already && state.detailsId === id) return;
  state.detailsId = id;
  const { card, column } = found;
  drawDetails(state, card, column);
  drawSubtasks(state, card);
  detailsButtons(state, card);
  if (!already) $("details").showModal();
}

/// The details' title, column, due date and description.
function drawDetails(state, card, column) {
  $("details-title").replaceChildren();
  drawTitle(card, $("details-title"), state.board?.tagColors);
  // "Column: In Progress", never "In In Progress": the name stands apart from the words.
  $("details-column").textContent = `Column: ${column.title}`;
  $("details-due").replaceChildren();
  if (card.due) {
    // "Due 2026-12-05", "⚠ overdue · due 2026-12-01": the mark's own words, capitalised.
    const due = dueElement(card.due, dueStatus(card));
    due.textContent = due.textContent[0].toUpperCase() + due.textContent.slice(1);
    $("details-due").append(due);
  }
  const description = $("details-description");
  description.textContent = "";
  for (const line of card.description) {
    const paragraph = document.createElement("p");
    paragraph.textContent = line;
    description.append(paragraph);
  }
}

/// Closes the details, runs `run` (which may ask for text) and, with `reopen`, opens card `id`'s
/// details again once the change is in.
function fromDetails(state, id, run) {
  $("details").close();
  run(() => setTimeout(() => openDetails(state, id), REOPEN));
}

/// The details' subtasks, each with its checkbox and its own actions: rename, move up or down,
/// delete.
function drawSubtasks(state, card) {
  const id = card.id;
  const list = $("details-subtasks");
  list.textContent = "";
  card.subtasks.forEach((subtask, index) => {
    const item = document.createElement("li");
    const label = document.createElement("label");
    const box = document.createElement("input");
    box.type = "checkbox";
    box.checked = subtask.done;
    box.addEventListener("change", () =>
      send(state, [{ op: Edit.setSubtask, card: id, index, done: box.checked }]));
    label.append(box, ` ${subtask.title}`);
    item.append(label);
    const action = (text, name, run) => {
      const button = document.createElement("button");
      button.type = "button";
      button.textContent = text;
      button.setAttribute("aria-label", `${name} the subtask ${subtask.title}`);
      button.addEventListener("click", () => fromDetails(state, id, run));
      item.append(button);
    };
    const moveTo = (to) => (reopen) => {
      send(state, [{ op: Edit.moveSubtask, card: id, from: index, to }]);
      reopen();
    };
    action("Rename", "Rename", (reopen) => ask("Subtask", subtask.title, (title) => {
      send(state, [{ op: Edit.renameSubtask, card: id, index, title }]);
      reopen();
    }));
    if (index > 0) action("↑", "Move up", moveTo(index - 1));
    if (index < card.subtasks.length - 1) action("↓", "Move down", moveTo(index + 1));
    action("Delete", "Delete", () => send(state, [{ op: Edit.removeSubtask, card: id, index }]));
    list.append(item);
  });
}

/// The details' buttons: add a subtask, the description, the due date, tick, rename, delete.
function detailsButtons(state, card) {
  const id = card.id;
  $("details-subtask").onclick = () => fromDetails(state, id, (reopen) =>
    ask("New subtask", "", (title) => {
      send(state, [{ op: Edit.addSubtask, card: id, title }]);
      reopen();
    }));
  $("details-describe").onclick = () => fromDetails(state, id, (reopen) =>
    ask("Description", card.description.join("\n"), (text) => {
      send(state, [{ op: Edit.setDescription, card: id, lines: text ? text.split("\n") : [] }]);
      reopen();
    }, { multiline: true, allowEmpty: true }));
  $("details-due-button").onclick = () => fromDetails(state, id, (reopen) =>
    ask("Due date (empty removes it)", card.due || "", (due) => {
      send(state, [{ op: Edit.setDue, card: id, due }]);
      reopen();
    }, { allowEmpty: true, date: true }));
  $("details-tick").textContent = card.done ? "Untick" : "Tick done";
  $("details-tick").onclick = () => { tick(state, id); $("details").close(); };
  $("details-rename").onclick = () => { $("details").close(); rename(state, id); };
  $("details-delete").onclick = () => { removeCard(state, id); $("details").close(); };
  $("details").onclose = () => focusCard(state, id);
}

/// The cards with due dates across every column, soonest first (overdue at the top), each
/// opening its card.
export function showDue(state) {
  const list = $("due-cards");
  list.textContent = "";
  const rows = dueCards(state.board);
  for (const { card, column, due } of rows) {
    const item = document.createElement("li");
    const button = document.createElement("button");
    button.type = "button";
    button.className = "due-row" + (card.done ? " done" : "");
    const title = document.createElement("span");
    title.className = "due-title";
    drawTitle(card, title, state.board?.tagColors);
    const where = document.createElement("span");
    where.className = "muted";
    where.textContent = ` — ${column.title}${card.done ? ", done" : ""}`;
    button.append(dueElement(card.due, due), " ", title, where);
    button.addEventListener("click", () => {
      $("due").close();
      state.focusId = card.id;
      openDetails(state, card.id);
    });
    item.append(button);
    list.append(item);
  }
  $("due-empty").hidden = rows.length > 0;
  $("due").showModal();
}

/// The archive of an Obsidian board (its cards' titles), or a word that it has none.
export function showArchive(state) {
  const list = $("archive-cards");
  list.textContent = "";
  for (const title of state.board.archive || []) {
    const item = document.createElement("li");
    item.textContent = title;
    list.append(item);
  }
  if (!list.children.length) {
    status("This board has no archive.");
    return;
  }
  $("archive").showModal();
}
