// A big board's columns as virtual lists: on a board of more than `LAYOUT.virtualFrom` cards,
// each column draws only the cards in its view (and a margin), however many it has; the
// library's engine holds every card's place, so a drag goes anywhere in a column (held at its
// edge, the column scrolls), the keyboard steps over every card, and each drawn card says its
// place in the whole column. A card's height is known without drawing it: its title takes one
// to three lines by its length (more are cut short, with an ellipsis; the card's label and its
// details have all of it), and its line of marks one more.

import { LAYOUT } from "./board-layout.js";

/// Whether `board` is drawn in virtual columns. Drawn whole, a board of a few hundred cards and
/// more has a long frame in most drags (the browser lays out and paints columns of hundreds of
/// cards as a drop moves them: at 1,000 cards, 1–2 a drag, its drop drawn 43–58 ms after the
/// release); in virtual columns, none (drawn 20–33 ms after).
export const isBig = (board) =>
  board.columns.reduce((total, column) => total + column.cards.length, 0) > LAYOUT.virtualFrom;

/// How a card's height is reckoned, by its title's length and whether it has a line of marks.
/// `metrics` are measured once per column width (`measureCards`): the height of a card of one
/// line, of each more line, of the marks' line, and the title's characters per line.
export function cardHeightOf(card, metrics) {
  const lines = Math.min(3, Math.max(1, Math.ceil(card.title.length / metrics.perLine)));
  const marked = Boolean(card.due || card.subtasks.length || card.description.length);
  return { lines, height: metrics.one + (lines - 1) * metrics.line + (marked ? metrics.marks : 0) };
}

/// Measures, in `list` (a column's list, `width` wide), what `cardHeightOf` needs: a card of
/// one line, of two, with marks, and the width of the title's characters. Read once per width.
export function measureCards(state, list, width) {
  if (state.cardMetrics?.width === width) return state.cardMetrics;
  const probe = document.createElement("div");
  Object.assign(probe.style, { position: "absolute", visibility: "hidden", left: "0", right: "0", top: "0" });
  const card = (title, meta) => {
    const element = document.createElement("div");
    element.className = "card";
    const text = document.createElement("span");
    text.className = "text";
    text.textContent = title;
    element.append(text);
    if (meta) {
      const line = document.createElement("span");
      line.className = "meta";
      line.textContent = "☑ 1/2";
      element.append(line);
    }
    probe.append(element);
    return element;
  };
  const sample = "Write the part of the plan that follows this one ";
  const one = card("Card", false);
  const two = card("Card\nCard", false);
  two.querySelector(".text").style.whiteSpace = "pre-line";
  const marked = card("Card", true);
  const long = card(sample.repeat(4), false);
  const text = long.querySelector(".text");
  // Inline, for its width to be its characters' (a title is a clamped box, as wide as its card).
  Object.assign(text.style, { whiteSpace: "nowrap", display: "inline" });
  list.append(probe);
  const heightOf = (element) => element.getBoundingClientRect().height;
  const style = getComputedStyle(long);
  const room = long.clientWidth - (parseFloat(style.paddingLeft) || 0) - (parseFloat(style.paddingRight) || 0);
  const perCharacter = text.getBoundingClientRect().width / text.textContent.length;
  state.cardMetrics = {
    width,
    one: heightOf(one),
    line: Math.max(1, heightOf(two) - heightOf(one)),
    marks: Math.max(0, heightOf(marked) - heightOf(one)),
    // Words wrap at spaces: a line holds a little less than its width in characters.
    perLine: Math.max(8, Math.floor((room / perCharacter) * 0.9)),
  };
  probe.remove();
  return state.cardMetrics;
}

/// Makes column section `section` (its index `c`) a virtual list of its shown cards, of group
/// `group`: `make(card)` makes a card's element; `options` are the list's other options (its
/// drag's callbacks, shared with the columns drawn whole).
export function virtualColumn(state, section, make, options) {
  const list = section.querySelector(".cards");
  const column = () => state.columnElements.indexOf(section);
  const cardAt = (index) => state.cardsById.get(state.shownIds[column()]?.[index]);
  // The cards it is made with: refreshColumns leaves it be while they are the column's.
  noteCards(state, section, state.shownIds[column()]);
  // The list's track is the list to assistive technology (named by `label`), the column's
  // scrolled region around it a region reached with Tab, as a scrolled region must be.
  list.removeAttribute("role");
  list.removeAttribute("aria-label");
  list.tabIndex = 0;
  return state.arrange.virtualList(list, Object.assign({}, options, {
    count: state.shownIds[column()]?.length ?? 0,
    gap: LAYOUT.spacing,
    overscan: 240,
    sizeOf: (index) => heightAt(state, list, cardAt(index)),
    render: (index) => make(cardAt(index), index),
    itemName: (index) => cardAt(index)?.title ?? `card ${index + 1}`,
  }));
}

/// The height card `card` is drawn at in `list`, reckoned afresh (cheaper than keeping it).
function heightAt(state, list, card) {
  return card ? cardHeightOf(card, measureCards(state, list, state.columnWidth)).height : LAYOUT.spacing;
}

/// The lines of title card `card` is drawn with (its height's share).
export const titleLines = (state, card) => (state.cardMetrics ? cardHeightOf(card, state.cardMetrics).lines : 1);

/// Gives each virtual column the cards it shows now, where they changed (`ids` per column, as
/// drawn last).
export function refreshColumns(state, previous) {
  state.columnElements.forEach((section, c) => {
    const list = section.sortable;
    if (!list?.virtual) return;
    const ids = state.shownIds[c];
    const before = section.virtualIds ?? previous?.[c];
    const drawnFrom = section.virtualCards;
    noteCards(state, section, ids);
    // The same cards, each the same object (a card another page edited comes as a new one).
    const same = before && before.length === ids.length &&
      before.every((id, k) => id === ids[k] && drawnFrom?.get(id) === state.cardsById.get(id));
    if (!same) list.reset(ids.length);
  });
}

/// Notes the cards column `section` is drawn from: their ids, and each card object by id.
function noteCards(state, section, ids) {
  section.virtualIds = ids;
  section.virtualCards = new Map(ids.map((id) => [id, state.cardsById.get(id)]));
}

/// Scrolls card `id`'s column to it and returns its element, drawn (a card out of view is not
/// drawn until then); `null` when it is not shown.
export function revealCard(state, id, locate) {
  const at = locate(state.shownIds, id);
  const list = at && state.columnElements[at.column]?.sortable;
  if (!list?.virtual) return null;
  list.scrollToIndex(at.index);
  return list.drawnAt(at.index) ?? null;
}
