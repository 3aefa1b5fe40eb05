// Auto-scroll's arithmetic: how fast near an edge, and never past the end.
import assert from "node:assert/strict";
import { test } from "node:test";
import { clampedStep, edgeSpeed, scrollDelta } from "../src/autoscroll.js";

test("faster nearer the edge, nothing beyond the band", () => {
  assert.equal(edgeSpeed(0, 40, 20), 20);
  assert.equal(edgeSpeed(20, 40, 20), 10);
  assert.equal(edgeSpeed(39, 40, 20), 1);
  assert.equal(edgeSpeed(40, 40, 20), 0);
  assert.equal(edgeSpeed(500, 40, 20), 0);
});

test("the direction is the nearer edge's; outside the rectangle nothing scrolls", () => {
  const rect = { left: 0, top: 0, right: 300, bottom: 300 };
  assert.deepEqual(scrollDelta(rect, [150, 295], 40, 20), [0, 18]);
  assert.deepEqual(scrollDelta(rect, [150, 5], 40, 20), [0, -18]);
  assert.deepEqual(scrollDelta(rect, [5, 150], 40, 20), [-18, 0]);
  assert.deepEqual(scrollDelta(rect, [298, 298], 40, 20), [19, 19]);
  assert.deepEqual(scrollDelta(rect, [150, 150], 40, 20), [0, 0]);
  assert.deepEqual(scrollDelta(rect, [150, 301], 40, 20), [0, 0]);
});

test("a scroll stops at the end of what there was to scroll when the drag began", () => {
  assert.equal(clampedStep(0, 20, 1320), 20);
  assert.equal(clampedStep(1310, 20, 1320), 10);
  assert.equal(clampedStep(1320, 20, 1320), 0);
  assert.equal(clampedStep(5, -20, 1320), -5);
  assert.equal(clampedStep(0, -20, 1320), 0);
  // Scrolled past the limit already (the page grew): it does not go further, nor jump back.
  assert.equal(clampedStep(1400, 20, 1320), 0);
  assert.equal(clampedStep(1400, -20, 1320), -20);
});
