// Drawing the board: the bar's controls from the board's state, each column's section, and each
// card's element, made again only when what it is drawn from changed. A drop on a board of
// thousands of cards then changes two lists, not every card.

import { $, announce } from "./board-status.js";
import { cardIds, matches } from "./board-state.js";
import { reconcileChunks } from "./board-reconcile.js";
import { LAYOUT, layout } from "./board-layout.js";
import { makeSortable, tellSelection } from "./board-drag.js";
import { rovingToShown } from "./board-focus.js";
import { drawTitle } from "./board-marks.js";
import { dueElement, dueStatus } from "./board-due.js";
import { openDetails } from "./board-dialogs.js";
import { askCard, tick } from "./board-actions.js";
import { isBig, refreshColumns, titleLines } from "./board-virtual.js";

/// Draws the bar from the board's state: undo and redo, the conflict bar, the file's name, and
/// whether it is saved.
export function drawBar(board) {
  $("undo").disabled = !board.undo;
  $("redo").disabled = !board.redo;
  $("conflict").hidden = !board.conflict;
  if (board.conflict) $("conflict-text").textContent = board.message || board.pending || "The file changed on disk.";
  $("file").textContent = board.file;
  document.body.classList.toggle("unsaved", board.saved === false);
  const archived = board.archive || [];
  $("show-archive").hidden = archived.length === 0;
  $("show-archive").textContent = `Archive (${archived.length})`;
  document.title = `${board.saved === false ? "• " : ""}${board.file} · Arrange`;
}

/// Builds the board's elements from `state.board` (only what changed) and lays the columns out.
/// With `animate`, cards slide from where they were. With `only` (a set of column indices), the
/// other columns are known to be as they were drawn (a drop changes the columns it took cards
/// from and put them in): their cards are not looked at.
export function render(state, animate, only = null) {
  takeMode(state);
  // A virtual column's drop slides in the library: the board does not move cards itself.
  const before = animate && !state.virtual && !state.reducedMotion?.matches ? positions(state) : null;
  const active = document.activeElement;
  const hadFocus = active && active.classList.contains("card");
  const boxHadFocus = active?.classList.contains("box") && state.view.board.contains(active);
  // A card whose data (its due marks among them), column and selection are as they were keeps
  // its element, and a column whose cards are the same elements in the same order is not
  // touched.
  const previous = state.shownIds;
  const kept = state.virtual ? new Map() : takeElements(state, only);
  state.shownIds = [];
  const sections = state.board.columns.map((column, c) => {
    const old = state.columnElements[c];
    const same = old && old.dataset.title === column.title;
    if (only && !only.has(c) && same && previous[c]) {
      state.shownIds.push(previous[c]);
      return old;
    }
    const section = same ? old : columnSection(state, column);
    state.shownIds.push(drawColumn(state, section, column, kept));
    return section;
  });
  placeSections(state, sections);
  if (state.virtual) refreshColumns(state, previous);
  rovingToShown(state);
  if (state.selection.length) {
    const known = cardIds(state.board);
    state.selection = state.selection.filter((id) => known.has(id));
  }
  tellSelection(state);
  layout(state);
  if (before?.size) flip(state, before);
  const focused = state.focusId != null && state.cardElements.get(state.focusId);
  if (hadFocus && focused) focused.focus({ preventScroll: true });
  // A box ticked from the keyboard keeps the focus once the board is drawn again.
  if (boxHadFocus && focused) focused.querySelector(".box")?.focus({ preventScroll: true });
}

/// Draws the board in virtual columns when it has more than `LAYOUT.virtualFrom` cards, else
/// whole: when that changes, every column is made again. On a big board, its cards by id; and
/// no card selected (virtual columns select none: a selection kept unseen would come back, and be
/// dragged along, once the board is drawn whole again).
function takeMode(state) {
  const big = isBig(state.board);
  if (big && !state.virtual && state.selection.length) {
    state.selection = [];
    announce(`The board has more than ${LAYOUT.virtualFrom.toLocaleString("en")} cards: no card is selected`);
  }
  if (big !== state.virtual) {
    for (const section of state.columnElements) {
      section.sortable?.destroy();
      section.sortable = null;
    }
    state.columnElements = [];
    state.shownIds = [];
    state.cardElements.clear();
    state.virtual = big;
  }
  if (big) {
    const byId = new Map();
    for (const column of state.board.columns) for (const card of column.cards) byId.set(card.id, card);
    state.cardsById = byId;
  }
}

/// The element of `card` in a virtual column titled `title`: made once per card object (a card
/// scrolled back into view is drawn with the element it had), its title cut to the lines its
/// height has room for.
export function virtualCard(state, card, title) {
  let element = state.madeFor.get(card);
  if (!element) {
    element = cardElement(state, card);
    element.querySelector(".text").style.webkitLineClamp = String(titleLines(state, card));
    state.madeFor.set(card, element);
  }
  state.cardElements.set(card.id, element);
  labelInColumn(element, title);
  return element;
}

/// The elements of the cards that may be drawn again, taken out of `state.cardElements`: all of
/// them, or those of the columns `only` names (the others stay as they are, unvisited).
function takeElements(state, only) {
  if (!only) {
    const kept = new Map(state.cardElements);
    state.cardElements.clear();
    return kept;
  }
  const kept = new Map();
  for (const c of only) {
    for (const id of state.shownIds[c] ?? []) {
      kept.set(id, state.cardElements.get(id));
      state.cardElements.delete(id);
    }
  }
  return kept;
}

/// Draws `column`'s count and the cards the search shows into `section`, keeping the elements
/// in `kept` that are drawn from the same; returns the ids of the cards shown.
function drawColumn(state, section, column, kept) {
  drawCount(section, column);
  // A virtual column's cards are drawn by its list, as they come into view.
  if (state.virtual) return column.cards.filter((card) => matches(state.filter, card)).map((card) => card.id);
  const ids = [];
  const elements = [];
  for (const card of column.cards) {
    if (!matches(state.filter, card)) continue;
    ids.push(card.id);
    const signature = cardSignature(state, card);
    let element = kept.get(card.id);
    if (!element || element.arrangeSignature !== signature) {
      element = cardElement(state, card);
      element.arrangeSignature = signature;
    }
    state.cardElements.set(card.id, element);
    labelInColumn(element, column.title);
    const selected = state.selection.length > 0 && state.selection.includes(card.id);
    if (element.classList.contains("selected") !== selected) element.classList.toggle("selected", selected);
    elements.push(element);
  }
  reconcileChunks(section.querySelector(".cards"), elements);
  return ids;
}

/// Puts the columns' sections in the board (when they changed: the lists are made sortable
/// again) and numbers them.
function placeSections(state, sections) {
  const old = state.columnElements;
  if (sections.length !== old.length || sections.some((section, c) => old[c] !== section)) {
    state.view.inner.replaceChildren(...sections);
    state.columnElements = sections;
    makeSortable(state);
  }
  sections.forEach((section, c) => {
    if (section.dataset.column !== String(c)) {
      section.dataset.column = c;
      section.querySelector(".title").dataset.column = c;
    }
  });
}

/// Where each card is now, by its key, for the cards to slide from there (FLIP).
function positions(state) {
  const before = new Map();
  for (const element of state.cardElements.values()) {
    const key = element.dataset.key;
    if (!before.has(key)) before.set(key, element.getBoundingClientRect());
  }
  return before;
}

/// Each card starts where it was (`before`) and slides to where it is.
function flip(state, before) {
  for (const element of state.cardElements.values()) {
    const old = before.get(element.dataset.key);
    if (!old) continue;
    const rect = element.getBoundingClientRect();
    const dx = old.left - rect.left;
    const dy = old.top - rect.top;
    if (Math.abs(dx) < 0.5 && Math.abs(dy) < 0.5) continue;
    element.classList.add("still");
    element.style.transform = `translate(${dx}px, ${dy}px)`;
  }
  requestAnimationFrame(() => {
    for (const element of state.cardElements.values()) {
      if (!element.classList.contains("still")) continue;
      element.getBoundingClientRect();
      element.classList.remove("still");
      element.style.transform = "";
    }
  });
}

/// What a card is drawn from: if it is the same, its element can stay. (Its column is only in
/// its label, which is set apart: a card dropped in another column keeps its element, which the
/// library has moved there, with its focus.) Made once per card object (a board from the server
/// brings new ones for the cards it changed, and for those whose due date means something else
/// now; this page never changes a card).
export function cardSignature(state, card) {
  const known = state.signatures.get(card);
  if (known) return known;
  const subtasks = card.subtasks.map((subtask) => (subtask.done ? "x" : "o") + subtask.title);
  const signature = [card.title, card.done, card.due, card.urgency ?? "", card.dueMark ?? "",
    card.description.join("\n"), subtasks.join("\u0001")].join("\u0000");
  state.signatures.set(card, signature);
  return signature;
}

/// A card's label ends with its column's title: set when that changed.
export function labelInColumn(element, title) {
  if (element.arrangeColumn === title) return;
  element.arrangeColumn = title;
  element.setAttribute("aria-label", `${element.arrangeLabel}, in ${title}`);
}

/// A column's count of cards, in its title and its label.
export function drawCount(section, column) {
  const count = column.cards.length;
  const limit = column.limit == null ? "" : ` of at most ${column.limit}`;
  section.setAttribute("aria-label", `${column.title}, ${count} card${count === 1 ? "" : "s"}${limit}`);
  const tally = section.querySelector(".title .count");
  tally.className = "count" + (column.limit != null && count >= column.limit ? " full" : "");
  tally.textContent = column.limit == null ? `${count}` : `${count}/${column.limit}`;
}

/// A column's section: its title (a name and a count) and its list, with "+ Add a card".
function columnSection(state, column) {
  const section = document.createElement("section");
  section.className = state.virtual ? "column virtual" : "column";
  section.dataset.title = column.title;
  section.setAttribute("role", "group");
  const title = document.createElement("h2");
  title.className = "title";
  title.tabIndex = 0;
  title.setAttribute("aria-roledescription", "column; < and > move it");
  const name = document.createElement("span");
  name.textContent = column.title;
  const tally = document.createElement("span");
  tally.className = "count";
  title.append(name, tally);
  const list = document.createElement("div");
  list.className = "cards";
  list.setAttribute("role", "list");
  list.setAttribute("aria-label", column.title);
  const add = document.createElement("button");
  add.type = "button";
  add.className = "add-card";
  add.textContent = "+ Add a card";
  add.setAttribute("aria-label", `Add a card to ${column.title}`);
  add.addEventListener("click", () => askCard(state, state.columnElements.indexOf(section)));
  section.append(title, list, add);
  return section;
}

/// What a card's marks show, in words, for its label: its state, due date, subtasks, and
/// whether it has a description. (The label ends with its column, which render adds.)
function cardLabel(card, plain, due) {
  const state = card.done == null ? "" : card.done ? ", done" : ", not done";
  const spoken = [];
  if (card.due) spoken.push(`due ${card.due}${due.spoken ? `, ${due.spoken}` : ""}`);
  if (card.subtasks.length) {
    const done = card.subtasks.filter((s) => s.done).length;
    spoken.push(`${done} of ${card.subtasks.length} subtask${card.subtasks.length === 1 ? "" : "s"} done`);
  }
  if (card.description.length) spoken.push("has a description");
  return [`${plain}${state}`, ...spoken].join(", ");
}

/// A small button of a card, reached with Tab from the card when it is the roving one.
function cardButton(element, className, text, label, run) {
  const button = document.createElement("button");
  button.type = "button";
  button.className = className;
  button.tabIndex = element.tabIndex;
  button.textContent = text;
  button.setAttribute("aria-label", label);
  button.addEventListener("click", run);
  return button;
}

/// A card's element: its done mark, its Open button, its title with its marks, and a line of
/// its due date, subtasks and description.
function cardElement(state, card) {
  const element = document.createElement("div");
  element.className = "card" + (card.done ? " done" : "");
  // Tab reaches one card of the board (setRovingTo): made, a card is not that one.
  element.tabIndex = -1;
  element.dataset.id = card.id;
  element.dataset.key = card.title;
  element.setAttribute("role", "listitem");
  element.setAttribute("aria-roledescription", "draggable card");
  const words = document.createElement("span");
  words.className = "text";
  const plain = drawTitle(card, words, state.board?.tagColors);
  const due = card.due ? dueStatus(card) : null;
  element.arrangeLabel = cardLabel(card, plain, due);
  element.arrangeName = plain;
  if (card.done != null) {
    // The done mark ticks when clicked, as in Obsidian: a checkbox of its own (reached with Tab
    // from the card, Space or Enter ticks it) that never opens the card nor starts a drag.
    const box = cardButton(element, "box", card.done ? "☑" : "☐", `Done: ${plain}`, () => tick(state, card.id));
    box.setAttribute("role", "checkbox");
    box.setAttribute("aria-checked", card.done ? "true" : "false");
    element.append(box);
  }
  // The visible way to open a card, for a mouse, a finger or Tab: it never starts a drag. It
  // floats in the card's top right corner (see style.css), after the done mark and before the
  // words: Tab reaches the mark, then it, and nothing in the card is positioned (a positioned
  // card is a layer of its own for the browser to paint: a thousand on a big board).
  const open = cardButton(element, "open", "⋯", `Open ${plain}`, () => openDetails(state, card.id));
  open.setAttribute("aria-haspopup", "dialog");
  element.append(open, words);
  const facts = [];
  if (card.subtasks.length) facts.push(`☑ ${card.subtasks.filter((s) => s.done).length}/${card.subtasks.length}`);
  if (card.description.length) facts.push("¶");
  if (card.due || facts.length) {
    const meta = document.createElement("span");
    meta.className = "meta";
    if (card.due) meta.append(dueElement(card.due, due));
    if (card.due && facts.length) meta.append(" · ");
    meta.append(facts.join(" · "));
    element.append(meta);
  }
  return element;
}
