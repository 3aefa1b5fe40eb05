// A column's list of cards made what the board says, with as few DOM changes as possible: run
// on a small stand-in for the DOM that counts its changes.
import assert from "node:assert/strict";
import { test } from "node:test";
import { CHUNK, chunkSizes, reconcile, reconcileChunks } from "../Sources/ArrangeServe/Web/board-reconcile.js";

/// An element with what reconcile uses of one, counting the insertions and removals made.
class Node {
  constructor(name, changes = { count: 0 }) {
    this.name = name;
    this.kids = [];
    this.parent = null;
    this.changes = changes;
    this.className = "";
    this.ownerDocument = { createElement: () => new Node("chunk", changes) };
    this.classList = { contains: (name) => this.className.split(" ").includes(name) };
  }
  get children() { return this.kids; }
  get firstElementChild() { return this.kids[0] ?? null; }
  get nextElementSibling() {
    const siblings = this.parent?.kids ?? [];
    return siblings[siblings.indexOf(this) + 1] ?? null;
  }
  setAttribute() {}
  remove() {
    if (!this.parent) return;
    this.parent.kids.splice(this.parent.kids.indexOf(this), 1);
    this.parent = null;
    this.changes.count += 1;
  }
  insertBefore(node, before) {
    node.remove();
    const at = before ? this.kids.indexOf(before) : this.kids.length;
    this.kids.splice(at, 0, node);
    node.parent = this;
    this.changes.count += 1;
  }
  append(node) { this.insertBefore(node, null); }
}

const names = (list) => list.kids.map((node) => node.name);
const listOf = (count, changes) => {
  const list = new Node("list", changes);
  const cards = Array.from({ length: count }, (_, k) => new Node(`c${k}`, changes));
  for (const node of cards) list.append(node);
  changes.count = 0;
  return { list, cards };
};

test("a list already in order is not touched", () => {
  const changes = { count: 0 };
  const { list, cards } = listOf(5, changes);
  reconcile(list, cards);
  assert.equal(changes.count, 0);
});

test("a card moved is one removal and one insertion, at every from and to", () => {
  for (let from = 0; from < 6; from++) {
    for (let to = 0; to < 6; to++) {
      const changes = { count: 0 };
      const { list, cards } = listOf(6, changes);
      const wanted = cards.slice();
      const [moving] = wanted.splice(from, 1);
      wanted.splice(to, 0, moving);
      reconcile(list, wanted);
      assert.deepEqual(names(list), wanted.map((node) => node.name), `${from} → ${to}`);
      assert.ok(changes.count <= 2, `${from} → ${to}: ${changes.count} changes`);
    }
  }
});

test("cards gone are removed and new ones put in their places", () => {
  const changes = { count: 0 };
  const { list, cards } = listOf(4, changes);
  const fresh = new Node("new", changes);
  reconcile(list, [cards[0], fresh, cards[3]]);
  assert.deepEqual(names(list), ["c0", "new", "c3"]);
});

test("chunks keep their sizes while the cards are as many, else are made even again", () => {
  assert.deepEqual(chunkSizes([], true, 0), [0]);
  assert.deepEqual(chunkSizes([], true, 120), [CHUNK, CHUNK, 20]);
  assert.deepEqual(chunkSizes([51, 49, 20], true, 120), [51, 49, 20], "a card moved between chunks");
  assert.deepEqual(chunkSizes([51, 50, 20], true, 120), [CHUNK, CHUNK, 20], "a card more");
  assert.deepEqual(chunkSizes([0, 100, 20], true, 120), [CHUNK, CHUNK, 20], "an empty chunk");
  assert.deepEqual(chunkSizes([101, 19], true, 120), [CHUNK, CHUNK, 20], "a chunk over twice");
  assert.deepEqual(chunkSizes([50, 50, 20], false, 120), [CHUNK, CHUNK, 20], "a card in the list itself");
  assert.deepEqual(chunkSizes([0], true, 0), [0], "an empty column keeps its one empty chunk");
});

test("a column's cards go into chunks, and a drop between chunks touches two", () => {
  const changes = { count: 0 };
  const list = new Node("list", changes);
  const cards = Array.from({ length: 120 }, (_, k) => new Node(`c${k}`, changes));
  reconcileChunks(list, cards);
  assert.deepEqual(list.kids.map((chunk) => chunk.kids.length), [50, 50, 20]);
  assert.deepEqual(list.kids.flatMap(names), cards.map((node) => node.name));
  // Card 10 moved after card 60: the first chunk gives it up, the second takes it.
  const wanted = cards.slice();
  const [moving] = wanted.splice(10, 1);
  wanted.splice(60, 0, moving);
  changes.count = 0;
  reconcileChunks(list, wanted);
  assert.deepEqual(list.kids.flatMap(names), wanted.map((node) => node.name));
  assert.ok(changes.count <= 4, `${changes.count} changes`);
  // A card the library put into the list itself goes back into a chunk.
  const stray = new Node("stray", changes);
  list.append(stray);
  reconcileChunks(list, [stray, ...wanted]);
  assert.deepEqual(list.kids.flatMap(names), ["stray", ...wanted.map((node) => node.name)]);
  assert.ok(list.kids.every((chunk) => chunk.className === "chunk"));
});
