// What the library says: each announcement of the engine in English (an app gives its own in a
// list's `messages`), and why a drop is refused. Words only: which list and item they name is
// the caller's.

import { Announcement, Refusal } from "./codes.js";

/** A number as English writes it (40,212). A whole number is grouped here: the browser's
 * formatting takes about 0.3 ms a call in Chromium, and a drag announces each place it moves
 * to (two numbers), in the frames that already make room. */
const n = (value) => {
  if (typeof value !== "number") return value;
  if (!Number.isSafeInteger(value)) return value.toLocaleString("en-US");
  const digits = String(Math.abs(value)).replace(/\B(?=(\d{3})+$)/g, ",");
  return value < 0 ? `-${digits}` : digits;
};

const range = (c) => `${c.listName}, positions ${n(c.position)}–${n(c.position + c.members - 1)} of ${n(c.count)}`;

/** Each announcement in English, by the name an app's `messages` give it. `c` is the context a
 * message gets (`ArrangeMessageContext` in the declarations). */
export const ENGLISH = Object.freeze({
  pickedUp: (c) => `Picked up ${c.name}, position ${n(c.position)} of ${n(c.count)} in ${c.listName}`,
  moved: (c) => `Moved to ${c.listName}, position ${n(c.position)} of ${n(c.count)}`,
  willSwap: (c) => `Will swap with ${c.otherName} in ${c.listName}`,
  willReturn: (c) => `Will return to position ${n(c.position)} in ${c.listName}`,
  refused: (c) => c.reason,
  dropped: (c) => `Dropped ${c.name} in ${c.listName}, position ${n(c.position)} of ${n(c.count)}`,
  swapped: (c) => `Swapped ${c.name} with ${c.otherName}`,
  copied: (c) => `Copied ${c.name} to ${c.listName}, position ${n(c.position)} of ${n(c.count)}`,
  cancelled: (c) => `Cancelled, ${c.name} returned to position ${n(c.position)} in ${c.listName}`,
  didNotMove: (c) => `Dropped ${c.name} where it was`,
  willRemove: () => "Will be removed",
  removed: (c) => `Removed ${c.name}`,
  willGoInto: (c) => `Will go into ${c.otherName}`,
  wentInto: (c) => `Put ${c.name} into ${c.otherName}`,
  pickedUpGroup: (c) => `Picked up ${n(c.members)} items`,
  movedGroup: (c) => `Moved ${n(c.members)} items to ${range(c)}`,
  droppedGroup: (c) => `Dropped ${n(c.members)} items in ${range(c)}`,
  willCopyGroup: (c) => `Will copy ${n(c.members)} items to ${range(c)}`,
  copiedGroup: (c) => `Copied ${n(c.members)} items to ${range(c)}`,
  willRemoveGroup: (c) => `${n(c.members)} items will be removed`,
  removedGroup: (c) => `Removed ${n(c.members)} items`,
  willReturnGroup: (c) => `${n(c.members)} items will return where they were`,
  didNotMoveGroup: (c) => `Dropped ${n(c.members)} items where they were`,
  cancelledGroup: (c) => `Cancelled, ${n(c.members)} items returned where they were`,
  refusedMember: (c) => `${c.name}: ${c.reason}`,
  undone: () => "Undone",
  redone: () => "Redone",
  nothingToUndo: () => "Nothing to undo",
  nothingToRedo: () => "Nothing to redo",
  cannotUndo: (c) => `Cannot undo: ${c.name} is no longer there`,
  editModeBegan: () => "Editing: the items can be dragged",
  editModeEnded: () => "Done editing",
  cannotRedo: (c) => `Cannot redo: ${c.name} is no longer there`,
});

/** The announcement's name by the engine's number for it. */
const NAMES = Object.fromEntries(Object.entries(Announcement).map(([name, code]) => [code, name]));

/** What a draggable item's description says, in English: how to drag it with the keyboard, by
 * the keys that lift it (`liftKeys`). */
export const instructions = (liftKeys) => {
  const named = liftKeys.map((key) => (key === " " ? "Space" : key));
  const keys = named.length > 1 ? `${named.slice(0, -1).join(", ")} or ${named.at(-1)}` : named[0] ?? "Space";
  return `Draggable. Press ${keys} to pick it up, the arrow keys to move it, ${keys} again to drop it, ` +
    "Escape to cancel.";
};

/** The name of announcement `kind` (the engine's number), or undefined. */
export const announcementName = (kind) => NAMES[kind];

/** Why a drop is refused, in English, by the engine's number for it, when the app gave no
 * reason: `listName` names the list, `limit` its capacity. */
const REFUSED = {
  [Refusal.notDraggable]: () => "This item cannot be moved.",
  [Refusal.anotherDragInProgress]: () => "Another drag is in progress.",
  [Refusal.itemAlreadyDragged]: () => "This item is already being dragged.",
  [Refusal.containerFull]: (listName, limit) => limit == null ? `${listName} is full.`
    : `${listName} is full: it takes at most ${limit} item${limit === 1 ? "" : "s"}.`,
  [Refusal.cannotDisplace]: () => "That item cannot be swapped.",
  [Refusal.cannotRemove]: () => "This item cannot be removed.",
  [Refusal.cannotDropInto]: () => "It cannot go in there.",
  [Refusal.cannotCopy]: () => "This item cannot be copied.",
};

/** Why a drop is refused: `reason` (the app's), else the words for refusal `kind`. */
export const refusalText = (kind, listName, limit, reason) => {
  if (reason) return reason;
  const words = REFUSED[kind];
  return words ? words(listName ?? "This list", limit ?? null) : "That item cannot go there.";
};

/** The text of announcement `name` with `context`: the app's message (a function of `messages`
 * that returns a string), else the English; "" says nothing. `call` calls the app back. */
export const announcementText = (name, context, messages, call) => {
  const english = ENGLISH[name];
  if (!english) return "";
  return call(messages?.[name], null, context) ?? english(context);
};
