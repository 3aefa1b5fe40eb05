// Announcements: what the engine says, in the words of the list's `messages` (else English),
// about the items and lists by their names, to the page's live region or the app's `announce`.

import { Announcement } from "./codes.js";
import { call } from "./call.js";
import { announcementName, announcementText, refusalText } from "./messages.js";

/** An item's name: the list's `itemName`, else its `aria-label`, else its text. */
export const nameOf = (group, item, list = group.lists.find((candidate) => candidate.element.contains(item))) =>
  call(list?.options.itemName, null, item) ?? item.getAttribute("aria-label") ??
    item.textContent.trim().replace(/\s+/g, " ");

/** A list's name: its `label`, else its `aria-label`, else "list N". */
export const labelOf = (group, list) =>
  list.options.label ?? list.element.getAttribute("aria-label") ?? `list ${group.lists.indexOf(list) + 1}`;

/** Why a drop is refused, in words: the app's reason for list `container`, or what refusal
 * `kind` means. */
export const reasonFor = (group, kind, container) => {
  const list = group.listOf(container);
  return refusalText(kind, list ? labelOf(group, list) : null, list?.options.capacity ?? null,
    group.reasons?.get(container));
};

/** Says `said` (the engine's announcement, a record) for `drag` (null: none), in the source
 * list's `messages` if it has some; `reason`: why the input was refused, if it was. */
export const announce = (group, drag, said, reason) => {
  const name = said && announcementName(said.kind);
  if (!name) return;
  let { kind, item: id, position, count, container } = said;
  const { other, members, refusal } = said;
  // An undo or a redo: about the item its first operation moved, where it now is.
  const history = kind === Announcement.undone || kind === Announcement.redone;
  const applied = history && id === -1 ? group.lastOperation : null;
  const landed = applied && group.listWith(applied.to ?? applied.from);
  if (landed?.virtual) {
    // A virtual list's item is found by its number, drawn or not.
    const at = landed.keys.indexOf(applied.key);
    if (at >= 0) [id, container, position, count] = [applied.key, landed.id, at + 1, landed.count];
  } else {
    const at = landed && applied.item ? landed.items().indexOf(applied.item) : -1;
    if (at >= 0) [id, container, position, count] = [group.idOf(applied.item), landed.id, at + 1, landed.items().length];
  }
  const options = drag?.list.options ?? group.lists[0]?.options ?? {};
  const list = group.listOf(container);
  const item = id === -1 ? null : group.find(id);
  const otherItem = other === -1 ? null : group.find(other);
  // An item the app has just drawn again (a drop that changed it) is no longer in any list:
  // it is named by the list it landed in, else the one it came from.
  const named = (element) => (element
    ? nameOf(group, element, group.lists.find((l) => l.element.contains(element)) ?? list ?? drag?.list)
    : "");
  // A virtual list's item is named by its place (drawn or not: see VirtualList's nameAt).
  const virtualName = (number) => {
    for (const each of group.lists) {
      const at = each.virtual ? each.keys.indexOf(number) : -1;
      if (at >= 0) return each.nameAt(at);
    }
    return null;
  };
  const context = {
    item, name: (id === -1 ? null : virtualName(id)) ?? named(item), position, count, list: list?.element ?? null,
    listName: list ? labelOf(group, list) : "", other: otherItem,
    otherName: (other === -1 ? null : virtualName(other)) ?? named(otherItem),
    members, reason: refusal > 0 ? reasonFor(group, refusal, container) : reason || null,
  };
  // Over a list that refuses, with removal outside on, the engine says the item will return;
  // the list's reason says why, which is what a person needs to hear.
  const key = kind === Announcement.willReturn && context.reason ? "refused" : name;
  const text = announcementText(key, context, options.messages, call);
  if (!text) return;
  group.arrange.say(text);
};
