// The options a list settles on: defaults in one object, bad options refused at once.
import assert from "node:assert/strict";
import { test } from "node:test";
import { DEFAULTS, pressDelay, settle, swapShare } from "../src/defaults.js";

test("an option left out, or given as undefined, is the default", () => {
  const settled = settle({ mode: "copy", delay: undefined });
  assert.equal(settled.mode, "copy");
  assert.equal(settled.delay, null);
  assert.equal(settled.distance, 5);
  assert.equal(settled.swapThreshold, 1);
  assert.equal(settled.emptyInsertThreshold, 5);
  assert.deepEqual(settled.liftKeys, [" ", "Enter"]);
  // The defaults themselves cannot be changed by a page.
  assert.throws(() => { DEFAULTS.distance = 1; }, TypeError);
});

test("every default is in the one object", () => {
  for (const name of ["delay", "delayOnTouchOnly", "swapThreshold", "invertSwap", "invertedSwapThreshold",
    "emptyInsertThreshold", "scrollSensitivity", "scrollSpeed", "distance", "touchDelay"]) {
    assert.ok(name in DEFAULTS, name);
  }
});

test("options a list cannot work with are refused with a TypeError", () => {
  const cases = [
    [null, /options must be an object/],
    [{ onDrop: "log" }, /onDrop must be a function/],
    [{ canDrop: 1 }, /canDrop must be a function/],
    [{ items: 3 }, /items must be a CSS selector/],
    [{ mode: "sideways" }, /mode must be one of move, exchange, copy/],
    [{ direction: "diagonal" }, /direction must be one of vertical, horizontal, grid/],
    [{ target: "nearest" }, /target must be one of pointer, overlap, closest, center/],
    [{ swapThreshold: "half" }, /swapThreshold must be a number/],
    [{ emptyInsertThreshold: Number.NaN }, /emptyInsertThreshold must be a number/],
    [{ liftKeys: " " }, /liftKeys must be an array/],
    [{ messages: "x" }, /messages must be an object/],
    [{ modes: 3 }, /modes must be an object or a function/],
    [{ instructions: 3 }, /instructions must be a string, or false for none/],
  ];
  for (const [options, message] of cases) assert.throws(() => settle(options), message);
  assert.throws(() => settle({ handle: "[" }, () => false), /handle is not a valid CSS selector: \[/);
});

test("delay: a finger waits by default, a mouse only when a delay is given", () => {
  const given = (options) => settle(options);
  assert.equal(pressDelay(given({}), "touch"), 0.15);
  assert.equal(pressDelay(given({}), "mouse"), 0);
  assert.equal(pressDelay(given({ delay: 300 }), "mouse"), 0.3);
  assert.equal(pressDelay(given({ delay: 300 }), "touch"), 0.3);
  assert.equal(pressDelay(given({ delay: 300, delayOnTouchOnly: true }), "mouse"), 0);
  assert.equal(pressDelay(given({ delay: 300, delayOnTouchOnly: true }), "touch"), 0.3);
  assert.equal(pressDelay(given({ delay: 0 }), "touch"), 0);
  assert.equal(pressDelay(given({ delay: -5 }), "mouse"), 0);
});

test("the swap threshold the engine is given", () => {
  assert.equal(swapShare(settle({})), 1);
  assert.equal(swapShare(settle({ swapThreshold: 0.5 })), 0.5);
  assert.equal(swapShare(settle({ swapThreshold: 7 })), 1);
  assert.equal(swapShare(settle({ swapThreshold: -1 })), 0);
  // invertSwap: the swap area at the far edge, invertedSwapThreshold (else swapThreshold) wide.
  assert.equal(swapShare(settle({ invertSwap: true })), 0);
  assert.equal(swapShare(settle({ swapThreshold: 0.8, invertSwap: true })), -0.19999999999999996);
  assert.equal(swapShare(settle({ invertSwap: true, invertedSwapThreshold: 0.5 })), -0.5);
  assert.equal(swapShare(settle({ swapThreshold: 0.3, invertSwap: true, invertedSwapThreshold: 1 })), 0);
  assert.equal(swapShare(settle({ invertSwap: true, invertedSwapThreshold: 0 })), -1);
});
