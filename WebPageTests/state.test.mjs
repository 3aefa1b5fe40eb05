// The page's state and the board's changes that need no browser.
import assert from "node:assert/strict";
import { test } from "node:test";
import {
  applyPatch, served, cardById, cardIds, createState, defer, dropIndex, locate, matches, moveColumnLocally,
  moveLocally, ownColumn, sameColumns,
} from "../Sources/ArrangeServe/Web/board-state.js";

const card = (id, title, extra = {}) =>
  ({ id, title, done: null, due: null, description: [], subtasks: [], ...extra });

/// A board of three columns as the server sends it: To Do (1, 2, 3), Doing (4), Done (5), the
/// last a Complete lane.
function serverBoard() {
  return {
    version: 3, file: "board.md",
    columns: [
      { title: "To Do", limit: null, complete: false, cards: [card(1, "Alpha"), card(2, "Beta"), card(3, "Gamma")] },
      { title: "Doing", limit: 1, complete: false, cards: [card(4, "Delta", { done: false })] },
      { title: "Done", limit: null, complete: true, cards: [card(5, "Epsilon")] },
    ],
  };
}

test("a new state has no board, nothing on its way and no caches filled", async () => {
  const state = createState({ token: "key" });
  assert.equal(state.token, "key");
  assert.equal(state.board, null);
  assert.equal(state.inFlight, 0);
  assert.equal(state.deferredBoard, null);
  assert.equal(state.cardElements.size, 0);
  assert.deepEqual(state.selection, []);
  // The library's readiness is a promise of the state, resolved by its own function.
  let resolved = false;
  state.libraryReady.then(() => { resolved = true; });
  state.ready();
  await state.libraryReady;
  assert.ok(resolved);
  assert.notEqual(createState().cardElements, state.cardElements, "each state has its own caches");
});

test("a card moved here leaves the server's board as it was", () => {
  const state = createState();
  const server = serverBoard();
  state.board = server;
  const from = moveLocally(state, 2, 1, 0);
  assert.equal(from, 0);
  assert.deepEqual(state.board.columns.map((c) => c.cards.map((k) => k.id)), [[1, 3], [2, 4], [5]]);
  assert.deepEqual(server.columns.map((c) => c.cards.map((k) => k.id)), [[1, 2, 3], [4], [5]]);
  assert.notEqual(state.board, server);
  // The card itself is the server's: moving does not change a card.
  assert.equal(state.board.columns[1].cards[0], server.columns[0].cards[1]);
  // A second move copies nothing again.
  const columns = state.board.columns;
  moveLocally(state, 3, 0, 0);
  assert.equal(state.board.columns, columns);
});

test("a card that a Complete lane takes is ticked in a copy", () => {
  const state = createState();
  const server = serverBoard();
  state.board = server;
  moveLocally(state, 4, 2, 5);
  const moved = state.board.columns[2].cards[1];
  assert.equal(moved.id, 4);
  assert.equal(moved.done, true);
  assert.equal(server.columns[1].cards[0].done, false);
  assert.equal(moveLocally(state, 99, 0, 0), -1, "an unknown card moves nothing");
});

test("a column moved here leaves the server's order as it was", () => {
  const state = createState();
  const server = serverBoard();
  state.board = server;
  const moved = moveColumnLocally(state, 0, 2);
  assert.equal(moved.title, "To Do");
  assert.deepEqual(state.board.columns.map((c) => c.title), ["Doing", "Done", "To Do"]);
  assert.deepEqual(server.columns.map((c) => c.title), ["To Do", "Doing", "Done"]);
  assert.equal(ownColumn(state, 0), state.board.columns[0]);
});

test("a drop among the cards a search left lands after the card shown before it", () => {
  // To Do has 1, 2, 3 and 6; the search shows 1 and 3. A card dropped at place 1 (after 1) goes
  // after 1 in the whole column; at place 2 (after 3), after 3; at 0, before 1.
  const cards = [card(1, "a"), card(2, "b"), card(3, "c"), card(6, "d")];
  const shown = () => [[1, 3], [4], [5]];
  let ids = shown();
  assert.equal(dropIndex(ids, 4, 0, 1, cards), 1);
  assert.deepEqual(ids, [[1, 4, 3], [], [5]]);
  ids = shown();
  assert.equal(dropIndex(ids, 4, 0, 2, cards), 3);
  assert.deepEqual(ids, [[1, 3, 4], [], [5]]);
  ids = shown();
  assert.equal(dropIndex(ids, 4, 0, 0, cards), 0);
  // Into a column that shows no card: last.
  ids = [[1, 3], [], [5]];
  assert.equal(dropIndex(ids, 1, 1, 0, [card(4, "x")]), 1);
  assert.deepEqual(ids, [[3], [1], [5]]);
  // Within its own column, the card itself is not counted.
  ids = [[1, 2, 3], [4], [5]];
  assert.equal(dropIndex(ids, 1, 0, 2, [card(1, "a"), card(2, "b"), card(3, "c")]), 2);
  assert.deepEqual(ids, [[2, 3, 1], [4], [5]]);
});

test("a drop's place and move agree with the plain reading of the rule, whatever column is guessed", () => {
  // The plain reading (every column searched, the column's others copied), for random columns,
  // searches, drops and guesses of the column the card is in (`near`: right, wrong or none).
  const plain = (shownIds, id, toColumn, toIndex, cards) => {
    const others = cards.filter((c) => c.id !== id);
    for (const ids of shownIds) if (ids.includes(id)) ids.splice(ids.indexOf(id), 1);
    const shown = shownIds[toColumn];
    const before = toIndex > 0 ? shown[Math.min(toIndex, shown.length) - 1] : null;
    let at = before == null ? (shown.length ? others.findIndex((c) => c.id === shown[0]) : others.length)
      : others.findIndex((c) => c.id === before) + 1;
    if (at < 0) at = others.length;
    shown.splice(Math.min(toIndex, shown.length), 0, id);
    return at;
  };
  let seed = 47;
  const random = (n) => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed % n;
  };
  for (let round = 0; round < 2000; round++) {
    const columns = 1 + random(4);
    let next = 1;
    const board = { version: 1, columns: Array.from({ length: columns }, (_, c) => ({
      title: `C${c}`, complete: false, cards: Array.from({ length: random(7) }, () => card(next++, "t")) })) };
    const all = board.columns.flatMap((column) => column.cards);
    if (!all.length) continue;
    const moving = all[random(all.length)];
    const from = board.columns.findIndex((column) => column.cards.includes(moving));
    // A search shows some cards of each column (the moving one always: it was dragged).
    const shown = board.columns.map((column) => column.cards.filter((c) => c === moving || random(3) > 0).map((c) => c.id));
    const to = random(columns);
    const toIndex = random(shown[to].length + 2);
    const near = [from, random(columns), -1][random(3)];
    const [mine, theirs] = [structuredClone(shown), structuredClone(shown)];
    const cards = board.columns[to].cards;
    const at = dropIndex(mine, moving.id, to, toIndex, cards, near);
    assert.equal(at, plain(theirs, moving.id, to, toIndex, cards), `round ${round}`);
    assert.deepEqual(mine, theirs, `round ${round}: the ids shown`);
    const state = createState();
    state.board = board;
    assert.equal(moveLocally(state, moving.id, to, at, near), from, `round ${round}: the column it left`);
    assert.equal(state.board.columns[to].cards.indexOf(moving), Math.min(at, state.board.columns[to].cards.length - 1));
  }
});

test("a patch keeps the cards it names by place as the same objects", () => {
  const last = serverBoard();
  const next = applyPatch(last, {
    head: { version: 4, file: "board.md" },
    columns: [{ title: "To Do", cards: [0, 2] }, { title: "Doing", cards: [3, card(9, "New")] },
      { title: "Done", cards: [1, 4] }],
    archive: ["old"],
  });
  assert.equal(next.version, 4);
  assert.deepEqual(next.archive, ["old"]);
  assert.equal(next.columns[0].cards[0], last.columns[0].cards[0]);
  assert.equal(next.columns[2].cards[0], last.columns[0].cards[1]);
  assert.equal(next.columns[1].cards[1].title, "New");
  assert.ok(sameColumns(last.columns, last.columns));
  assert.ok(!sameColumns(last.columns, next.columns));
  assert.ok(sameColumns(last.columns, structuredClone(last.columns)), "equal by their JSON");
  const renamed = structuredClone(last.columns);
  renamed[1].title = "Doing now";
  assert.ok(!sameColumns(last.columns, renamed));
});

test("a patch's pairs are runs of places, and the board kept as served is the newest", () => {
  const last = serverBoard();
  const flat = last.columns.flatMap((column) => column.cards);
  // Every card moved to the first column, in order, by one pair; then one new card.
  const next = applyPatch(last, {
    head: { version: 5 },
    columns: [{ title: "To Do", cards: [[0, flat.length], card(7, "New")] },
      { title: "Doing", cards: [] }, { title: "Done", cards: [] }],
    archive: [],
  });
  assert.deepEqual(next.columns[0].cards.map((c) => c.id), [...flat.map((c) => c.id), 7]);
  flat.forEach((c, k) => assert.equal(next.columns[0].cards[k], c));
  // A pair in the middle of numbers.
  const mixed = applyPatch(last, { head: {}, columns: [{ cards: [flat.length - 1, [0, 2]] }], archive: [] });
  assert.deepEqual(mixed.columns[0].cards, [flat[flat.length - 1], flat[0], flat[1]]);
  const state = createState();
  served(state, 3, last);
  served(state, 2, next);
  assert.equal(state.served.board, last, "an older snapshot does not replace a newer one");
  served(state, 4, next);
  assert.deepEqual(state.served, { serial: 4, board: next });
  served(state, "5", last);
  assert.equal(state.served.serial, 4, "a serial that is not a number is not taken");
});

test("a board held back is the newest of those pushed", () => {
  const state = createState();
  defer(state, { version: 5 });
  defer(state, { version: 4 });
  assert.equal(state.deferredBoard.version, 5);
  defer(state, { version: 7 });
  assert.equal(state.deferredBoard.version, 7);
});

test("cards are found by id, on the board and among those shown", () => {
  const board = serverBoard();
  assert.equal(cardById(board, 4).column.title, "Doing");
  assert.equal(cardById(board, 42), null);
  assert.deepEqual(locate([[1, 3], [], [5]], 5), { column: 2, index: 0 });
  assert.equal(locate([[1, 3], [], [5]], 2), null);
  assert.deepEqual([...cardIds(board)], [1, 2, 3, 4, 5]);
});

test("a search matches titles and descriptions, whatever their case", () => {
  const found = card(1, "Write the README", { description: ["See the Notes"] });
  assert.ok(matches("", found));
  assert.ok(matches("readme", found));
  assert.ok(matches("notes", found));
  assert.ok(!matches("gamma", found));
});
