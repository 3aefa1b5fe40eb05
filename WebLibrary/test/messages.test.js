// What the library says: every announcement the engine has, in English, or the app's words.
import assert from "node:assert/strict";
import { test } from "node:test";
import { Announcement, Refusal } from "../src/codes.js";
import { ENGLISH, announcementName, announcementText, instructions, refusalText } from "../src/messages.js";
import { call } from "../src/call.js";

const context = { name: "Write", position: 2, count: 3, listName: "Done", otherName: "Test",
  members: 2, reason: "Done is full." };

test("every announcement of the engine has English words", () => {
  for (const [name, code] of Object.entries(Announcement)) {
    assert.equal(announcementName(code), name);
    assert.equal(typeof ENGLISH[name], "function", name);
    assert.ok(ENGLISH[name](context).length > 0, name);
  }
  assert.equal(announcementName(999), undefined);
});

test("the English of some announcements", () => {
  assert.equal(announcementText("pickedUp", context, null, call), "Picked up Write, position 2 of 3 in Done");
  assert.equal(announcementText("movedGroup", context, null, call), "Moved 2 items to Done, positions 2–3 of 3");
  assert.equal(announcementText("willSwap", context, null, call), "Will swap with Test in Done");
  assert.equal(announcementText("refused", context, null, call), "Done is full.");
});

test("the app's messages replace the English; one that gives nothing keeps it", () => {
  const messages = { pickedUp: (c) => `Gepakt: ${c.name}`, dropped: () => undefined };
  assert.equal(announcementText("pickedUp", context, messages, call), "Gepakt: Write");
  assert.equal(announcementText("dropped", context, messages, call), "Dropped Write in Done, position 2 of 3");
  assert.equal(announcementText("nothing", context, messages, call), "");
});

test("a draggable item's description names the keys that lift it", () => {
  assert.equal(instructions([" ", "Enter"]),
    "Draggable. Press Space or Enter to pick it up, the arrow keys to move it, Space or Enter again to drop it, Escape to cancel.");
  assert.match(instructions([" "]), /^Draggable\. Press Space to pick it up, .* Space again to drop it/);
  assert.match(instructions(["a", "b", "c"]), /Press a, b or c to pick it up/);
});

test("why a drop is refused: the app's reason, else the words for the refusal", () => {
  assert.equal(refusalText(Refusal.containerFull, "Done", 3, null), "Done is full: it takes at most 3 items.");
  assert.equal(refusalText(Refusal.containerFull, "Done", 1, null), "Done is full: it takes at most 1 item.");
  assert.equal(refusalText(Refusal.containerFull, null, null, null), "This list is full.");
  assert.equal(refusalText(Refusal.cannotDropInto, "Done", null, null), "It cannot go in there.");
  assert.equal(refusalText(Refusal.cannotDrop, "Done", null, "Pinned."), "Pinned.");
  assert.equal(refusalText(Refusal.refusedByRule, "Done", null, null), "That item cannot go there.");
});

test("a dropped item the app drew again (in no list now) is said by its name, not its label", async () => {
  const { announce } = await import("../src/announce.js");
  const list = (label) => ({ element: { contains: () => false }, options: { label, itemName: (e) => e.arrangeName } });
  const backlog = list("Backlog");
  const done = list("Done");
  // The element the drag moved, replaced by the app when the drop ticked it: in no list.
  const detached = { arrangeName: "Order stickers #swag", textContent: "Order stickers #swag",
    getAttribute: (name) => (name === "aria-label" ? "Order stickers #swag, not done, in Backlog" : null) };
  const said = [];
  const group = { lists: [backlog, done], listOf: () => done, find: () => detached,
    arrange: { say: (text) => said.push(text) } };
  announce(group, { list: backlog },
    { kind: Announcement.dropped, item: 7, position: 2, count: 2, container: 1, other: -1 }, null);
  assert.deepEqual(said, ["Dropped Order stickers #swag in Done, position 2 of 2"]);
});

test("numbers are written as English writes them, grouped by thousands", () => {
  // Against the platform's own English formatting: whole numbers from a fixed seed, of every
  // length up to the largest exact one, negative ones, and the edges of each group.
  let seed = 47;
  const next = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed / 2147483648;
  };
  const numbers = [0, 1, 999, 1000, 9999, 10000, 100000, 999999, 1000000, -1, -1000, -123456789,
    Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER];
  for (let run = 0; run < 3000; run++) {
    const digits = 1 + Math.floor(next() * 16);
    const value = Math.floor(next() * 10 ** digits) * (next() < 0.1 ? -1 : 1);
    numbers.push(value || 0);
  }
  for (const value of numbers) {
    const words = ENGLISH.moved({ listName: "Done", position: value, count: 100000 });
    assert.equal(words, `Moved to Done, position ${value.toLocaleString("en-US")} of 100,000`, String(value));
  }
  assert.equal(ENGLISH.moved({ listName: "Done", position: 40212, count: 100000 }),
    "Moved to Done, position 40,212 of 100,000");
  // Not whole, or not exact: as the platform writes it.
  assert.equal(ENGLISH.moved({ listName: "Done", position: 1234.5, count: 2 ** 60 }),
    `Moved to Done, position ${(1234.5).toLocaleString("en-US")} of ${(2 ** 60).toLocaleString("en-US")}`);
});
