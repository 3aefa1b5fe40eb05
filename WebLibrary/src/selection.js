// Selections: Ctrl-, ⌘- or Shift-click (and Ctrl+Space) select items of a `selectable` list,
// shown by a class and `aria-selected`, told to the engine (a selection drags together) and to
// the app.

import { call } from "./call.js";

/** Selects `item` of `group` (or, with `selected` false, deselects it). */
export const select = (group, item, selected) => {
  group.land();
  const has = group.selected.includes(item);
  if (selected === has) return;
  group.selected = selected ? [...group.selected, item] : group.selected.filter((other) => other !== item);
  show(group);
};

/** Shows the selection (class and `aria-selected`), tells the engine and the app. */
const show = (group) => {
  for (const list of group.lists) {
    for (const item of list.items()) {
      const on = group.selected.includes(item);
      item.classList.toggle("arrange-selected", on);
      if (list.options.selectable) item.setAttribute("aria-selected", String(on));
    }
  }
  group.arena.select(group.selected.map((item) => group.idOf(item)));
  for (const list of group.lists) call(list.options.onSelect, null, { selection: list.selection });
};

/** Selects or deselects `item` of `list`; with `range`, every item from the last one toggled
 * to it. */
export const toggle = (group, list, item, range) => {
  const items = list.items();
  const from = items.indexOf(list.anchor);
  if (range && from >= 0) {
    const to = items.indexOf(item);
    const span = items.slice(Math.min(from, to), Math.max(from, to) + 1);
    for (const member of span) select(group, member, true);
  } else {
    select(group, item, !group.selected.includes(item));
  }
  list.anchor = item;
};

/** A click with Ctrl, ⌘ or Shift on an item of a `selectable` list selects it. */
export const click = (group, list, event) => {
  if (event.arrangeClicked || !list.options.selectable) return;
  if (!(event.ctrlKey || event.metaKey || event.shiftKey)) return;
  const item = list.itemAt(event.target);
  if (!item) return;
  event.arrangeClicked = true;
  event.preventDefault();
  toggle(group, list, item, event.shiftKey);
};
