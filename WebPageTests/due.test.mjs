// A card's due date as the server sends what it means (ArrangeBoard's DueDate.Urgency, the words
// the terminal shows), shown with a sign and words; and the list of cards by due date.
import assert from "node:assert/strict";
import { test } from "node:test";
import { dueCards, dueStatus, dueText } from "../Sources/ArrangeServe/Web/board-due.js";

const card = (id, due, fields = {}) => ({ id, title: `card ${id}`, due, description: [], subtasks: [], ...fields });

test("what a due date means is the server's", () => {
  const soon = card(1, "2026-11-30",
    { urgency: "soon", dueMark: "◷ due tomorrow", dueSpoken: "tomorrow", dueAt: 1796079599 });
  assert.deepEqual(dueStatus(soon),
    { kind: "soon", mark: "◷ due tomorrow", spoken: "tomorrow", time: 1796079599000 });
  assert.deepEqual(dueStatus(card(2, "someday")), { kind: "", mark: "", spoken: "", time: Infinity });
  assert.equal(dueStatus(card(3, "2027-01-01", { dueAt: 1798761599 })).time, 1798761599000);
});

test("a due date is shown with a sign and words, never by colour alone", () => {
  const shown = (due, fields) => dueText(due, dueStatus(card(1, due, fields)));
  assert.equal(shown("2026-11-28", { urgency: "overdue", dueMark: "⚠ overdue" }), "⚠ overdue · due 2026-11-28");
  assert.equal(shown("2026-11-29", { urgency: "today", dueMark: "◷ due today" }), "◷ due today · 2026-11-29");
  assert.equal(shown("2026-11-30", { urgency: "soon", dueMark: "◷ due tomorrow" }), "◷ due tomorrow · 2026-11-30");
  assert.equal(shown("2027-01-01", { dueAt: 1798761599 }), "due 2027-01-01");
  assert.equal(shown("someday", {}), "due someday");
});

test("the cards by due date are soonest first, those with none left out", () => {
  const board = { columns: [
    { title: "A", cards: [card(1, "2027-01-01", { dueAt: 1798761599 }), card(2, null), card(3, "someday")] },
    { title: "B", cards: [card(4, "2026-11-01", { dueAt: 1793577599, urgency: "overdue", dueMark: "⚠ overdue" }),
      card(5, "2026-11-29 18:00", { dueAt: 1795975200, urgency: "today", dueMark: "◷ due today" })] },
  ] };
  const rows = dueCards(board);
  assert.deepEqual(rows.map((row) => row.card.id), [4, 5, 1, 3]);
  assert.equal(rows[0].column.title, "B");
  assert.equal(rows[0].due.kind, "overdue");
});

test("the page has no rule of its own for what a date means", async () => {
  const { readFileSync } = await import("node:fs");
  const text = readFileSync(new URL("../Sources/ArrangeServe/Web/board-due.js", import.meta.url), "utf8");
  assert.ok(!/new Date|Date\.UTC|SOON/.test(text), "board-due.js reads dates itself");
});
