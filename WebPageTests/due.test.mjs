// What a due date means on a given day, and the order of the list of cards by due date.
import assert from "node:assert/strict";
import { test } from "node:test";
import { dueCards, dueStatus, dueText } from "../Sources/ArrangeServe/Web/board-due.js";

// Noon on 2026-11-29, local time.
const now = new Date(2026, 10, 29, 12, 0);

test("a day before today is overdue, today is today, three days on are soon", () => {
  assert.equal(dueStatus("2026-11-28", now).kind, "overdue");
  assert.deepEqual(
    (({ kind, mark, spoken }) => ({ kind, mark, spoken }))(dueStatus("2026-11-29", now)),
    { kind: "today", mark: "due today", spoken: "today" });
  assert.equal(dueStatus("2026-11-30", now).mark, "due tomorrow");
  assert.equal(dueStatus("2026-12-02", now).mark, "due in 3 days");
  assert.equal(dueStatus("2026-12-02", now).spoken, "in 3 days");
  assert.equal(dueStatus("2026-12-03", now).kind, "");
  // A plain date counts as the end of its day.
  assert.equal(dueStatus("2026-11-29", now).time, new Date(2026, 10, 30).getTime() - 1);
});

test("a moment is overdue once it has passed, the same day too", () => {
  assert.equal(dueStatus("2026-11-29 11:59", now).kind, "overdue");
  assert.equal(dueStatus("2026-11-29 12:01", now).kind, "today");
  assert.equal(dueStatus("2026-11-29T12:01", now).kind, "today");
  const utc = dueStatus("2026-12-24 17:30 UTC", now);
  assert.equal(utc.time, Date.UTC(2026, 11, 24, 17, 30));
});

test("a date in no form the page reads means nothing", () => {
  for (const text of ["tomorrow", "2026-13-01", "2026-00-10", "2026-11-32", "26-11-29", ""]) {
    const due = dueStatus(text, now);
    assert.equal(due.kind, "", text);
    assert.equal(due.time, Infinity, text);
  }
});

test("a due date is shown with a sign and words, never by colour alone", () => {
  assert.equal(dueText("2026-11-28", dueStatus("2026-11-28", now)), "⚠ overdue · due 2026-11-28");
  assert.equal(dueText("2026-11-29", dueStatus("2026-11-29", now)), "◷ due today · 2026-11-29");
  assert.equal(dueText("2026-11-30", dueStatus("2026-11-30", now)), "◷ due tomorrow · 2026-11-30");
  assert.equal(dueText("2027-01-01", dueStatus("2027-01-01", now)), "due 2027-01-01");
  assert.equal(dueText("someday", dueStatus("someday", now)), "due someday");
});

test("the cards by due date are soonest first, those with none left out", () => {
  const card = (id, due) => ({ id, title: `card ${id}`, due, description: [], subtasks: [] });
  const board = { columns: [
    { title: "A", cards: [card(1, "2027-01-01"), card(2, null), card(3, "someday")] },
    { title: "B", cards: [card(4, "2026-11-01"), card(5, "2026-11-29 18:00")] },
  ] };
  const rows = dueCards(board, now);
  assert.deepEqual(rows.map((row) => row.card.id), [4, 5, 1, 3]);
  assert.equal(rows[0].column.title, "B");
  assert.equal(rows[0].due.kind, "overdue");
});
