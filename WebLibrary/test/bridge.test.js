// The bridge to the engines' module, in node with the module the package ships: records by
// name, the engine's rules the library's options set (swap threshold, a mouse's delay, the
// host's rule for places in the item's own list), and the presentation.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { Arena, engineAppearance, record } from "../src/bridge.js";
import { Event, KeyIntent, Layout, Mode, Operation, PointerKind, PointerPhase } from "../src/codes.js";

const bytes = readFileSync(new URL("../dist/arrange.wasm", import.meta.url));
/** The host's rule, as the module asks it (`arrange.can_drop`): replaced by each test. */
let rule = () => 1;
const asked = [];
const { instance } = await WebAssembly.instantiate(bytes, { arrange: {
  can_drop: (...question) => { asked.push(question); return rule(...question); },
} });
const exports = instance.exports;

/** An arena with one vertical list (id 0) of `count` items 20 px tall from y 0, 100 wide. */
const column = (count = 3) => {
  const arena = new Arena(exports);
  arena.addList(0, Layout.vertical, Mode.move, false, 0);
  const ids = Array.from({ length: count }, (_, index) => index + 10);
  arena.setList(0, { x: 0, y: 0, width: 100, height: 20 * count }, ids, ids.map(() => 20));
  return arena;
};

/** A mouse drag in `arena` pressed at y `from` and released at y `to` (x 50), moving straight;
 * the operations of the release. */
const drag = (arena, from, to, time = 1) => {
  const input = (phase, y, at) => arena.result(arena.pointer(phase, 50, y, at, PointerKind.mouse, 1));
  input(PointerPhase.down, from, time);
  input(PointerPhase.move, from + Math.sign(to - from) * 8, time + 0.01);
  input(PointerPhase.move, to, time + 0.02);
  return input(PointerPhase.up, to, time + 0.03).operations;
};

test("records are read by name", () => {
  assert.deepEqual(record({ kind: 0, item: 1 }, [7, 9]), { kind: 7, item: 9 });
  const arena = column();
  const [move] = drag(arena, 10, 55);
  assert.deepEqual(move, { kind: Operation.move, item: 10, fromList: 0, fromIndex: 0, toList: 0,
    toIndex: 2, other: -1 });
  arena.destroy();
});

test("a lift is an event the library reads by name, with its drag", () => {
  const arena = column();
  arena.result(arena.pointer(PointerPhase.down, 50, 10, 1, PointerKind.mouse, 4));
  const lifted = arena.result(arena.pointer(PointerPhase.move, 50, 25, 1.01, PointerKind.mouse, 4));
  const event = lifted.events.find((each) => each.kind === Event.lifted);
  assert.deepEqual(event, { kind: Event.lifted, item: 10, container: 0, index: 0, into: -1 });
  assert.equal(lifted.drags[lifted.events.indexOf(event)], 4);
  const shown = arena.presentation(4);
  assert.equal(shown.item, 10);
  assert.equal(shown.ghostWidth, 100);
  assert.equal(shown.ghostHeight, 20);
  assert.equal(shown.highlighted, 0);
  assert.ok(Array.isArray(shown.runs));
  // The keyboard has no drag in this arena: the first one under way is drawn.
  assert.equal(arena.presentation(-1).item, 10);
  arena.destroy();
});

test("swap threshold 0: an item takes the place of the one below once past its middle", () => {
  const arena = column();
  assert.deepEqual(drag(arena, 10, 30), []);
  assert.equal(drag(arena, 10, 31, 2)[0].toIndex, 1);
  // Upwards, symmetric: on item 1 below its middle, item 2 stays.
  assert.deepEqual(drag(arena, 50, 31, 3), []);
  arena.destroy();
});

test("swap threshold 1 (SortableJS's default): the place is taken once the pointer is on the item", () => {
  const arena = column();
  arena.configure("swapThreshold", 1);
  assert.equal(drag(arena, 10, 21)[0].toIndex, 1);
  // Upwards: item 1 on the bottom of item 0 takes its place.
  assert.equal(drag(arena, 30, 19, 2)[0].toIndex, 0);
  arena.destroy();
});

test("swap threshold 0.5: the line is a quarter of the item from its middle", () => {
  const arena = column();
  arena.configure("swapThreshold", 0.5);
  // Item 1 spans 20–40: from above, the line is at 25.
  assert.deepEqual(drag(arena, 10, 24), []);
  assert.equal(drag(arena, 10, 26, 2)[0].toIndex, 1);
  arena.destroy();
});

test("a negative swap threshold (SortableJS's inverted swap area): the line is past the middle", () => {
  const arena = column();
  // invertSwap with invertedSwapThreshold 0.5: item 1 (20–40) is passed at 35.
  arena.configure("swapThreshold", -0.5);
  assert.deepEqual(drag(arena, 10, 34), []);
  assert.equal(drag(arena, 10, 36, 2)[0].toIndex, 1);
  arena.destroy();
});

test("a mouse delay: a press that moves at once does not drag, one held still does", () => {
  const arena = column();
  arena.configure("mouseDelay", 0.3);
  assert.deepEqual(drag(arena, 10, 50), []);
  arena.result(arena.pointer(PointerPhase.down, 50, 10, 5, PointerKind.mouse, 1));
  const held = arena.result(arena.tick(5.35));
  assert.ok(held.events.some((event) => event.kind === Event.lifted), "lifted after the delay");
  arena.result(arena.pointer(PointerPhase.move, 50, 55, 5.4, PointerKind.mouse, 1));
  const [move] = arena.result(arena.pointer(PointerPhase.up, 50, 55, 5.5, PointerKind.mouse, 1)).operations;
  assert.equal(move.toIndex, 2);
  // Back to no delay: a move of the distance lifts.
  arena.configure("mouseDelay", 0);
  assert.equal(drag(arena, 10, 55, 7)[0].toIndex, 2);
  arena.destroy();
});

test("the host's rule is asked of places in the item's own list, and refuses them", () => {
  const arena = column(4);
  arena.configure("swapThreshold", 1);
  arena.rule("asksHost", 0, 1);
  // A pinned first place: nothing goes to index 0.
  rule = (handle, item, from, to, index) => (index === 0 ? 0 : 1);
  asked.length = 0;
  assert.deepEqual(drag(arena, 50, 5), []);
  assert.ok(asked.some(([handle, item, from, to, index]) =>
    handle === arena.handle && item === 12 && from === 0 && to === 0 && index === 0), "asked of index 0");
  assert.equal(drag(arena, 50, 25, 2)[0].toIndex, 1);
  rule = () => 1;
  arena.destroy();
});

test("a keyboard drag steps and drops by the codes", () => {
  const arena = column();
  arena.result(arena.key(KeyIntent.lift, 10, 1));
  arena.result(arena.key(KeyIntent.nextPlace, -1, 1.1));
  const [move] = arena.result(arena.key(KeyIntent.drop, -1, 1.2)).operations;
  assert.equal(move.toIndex, 1);
  assert.ok(arena.can("undo"));
  assert.equal(arena.result(arena.history("undo")).operations[0].toIndex, 0);
  assert.ok(arena.can("redo"));
  arena.destroy();
});

test("the engine's look of a drag", () => {
  const look = engineAppearance(exports);
  assert.equal(look.catchScale, 1.2);
  assert.equal(look.releaseScale, 1.05);
  assert.equal(look.displacedAlpha, 0.6);
  assert.equal(look.displacedMoves, true);
});
