// The folder's list of boards: names as shown, and which board is the page's.
import assert from "node:assert/strict";
import { test } from "node:test";
import { isCurrent, shownName } from "../Sources/ArrangeServe/Web/boards.js";

test("a board is shown by its file's name without .md", () => {
  assert.equal(shownName("Roadmap.md"), "Roadmap");
  assert.equal(shownName("notes.MD"), "notes");
  assert.equal(shownName("a.md.txt"), "a.md.txt");
});

test("the page's board is found by its address or by its decoded name", () => {
  const board = { name: "Été.md", address: "/b/%C3%89t%C3%A9.md/" };
  assert.ok(isCurrent(board, "/b/%C3%89t%C3%A9.md/", "/b/Été.md/"));
  assert.ok(isCurrent(board, "/b/%c3%89t%c3%a9.md/", "/b/Été.md/"));
  assert.ok(!isCurrent(board, "/b/other.md/", "/b/other.md/"));
});
