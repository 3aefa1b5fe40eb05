// A card title's marks as the server sends them (read by ArrangeBoard's CardMarks, the rule the
// terminal colours by): the words a person reads of them (drawing them needs a browser: the
// Chromium tests check what is drawn).
import assert from "node:assert/strict";
import { test } from "node:test";
import { cardRuns, isWebAddress, plainText } from "../Sources/ArrangeServe/Web/board-marks.js";

test("a title without marks is its own words", () => {
  assert.deepEqual(cardRuns({ title: "Buy milk" }), ["Buy milk"]);
  assert.deepEqual(cardRuns({ title: "" }), []);
  const marks = ["Ship ", ["tag", "v2", 217]];
  assert.equal(cardRuns({ title: "Ship #v2", marks }), marks);
});

test("each kind of mark reads as a person reads it", () => {
  const cases = [
    [["code", "a*b*c"], "a*b*c"],
    [["strong", ["bold"]], "bold"],
    [["strike", ["gone"]], "gone"],
    [["highlight", ["lit"]], "lit"],
    [["emphasis", ["it"]], "it"],
    [["wikiLink", "alias"], "alias"],
    [["link", "https://e.org", ["x"]], "x"],
    [["tag", "urgent", 14], "#urgent"],
    [["date", "2026-12-24"], "2026-12-24"],
    [["time", "17:30"], "17:30"],
  ];
  for (const [run, plain] of cases) assert.equal(plainText([run]), plain, JSON.stringify(run));
});

test("marks nest, and the words around them stay", () => {
  const runs = ["Ship ", ["strong", ["the ", ["emphasis", ["new"]], " build"]], " to ",
    ["link", "https://e.org", ["https://e.org"]], ", ", ["tag", "release", 3]];
  assert.equal(plainText(runs), "Ship the new build to https://e.org, #release");
});

test("only web and mail addresses are links", () => {
  assert.ok(isWebAddress("mailto:a@b.org"));
  assert.ok(isWebAddress("HTTPS://e.org"));
  assert.ok(!isWebAddress("javascript:1"));
});

test("the page has no rule of its own for what a mark is", async () => {
  const { readFileSync } = await import("node:fs");
  const text = readFileSync(new URL("../Sources/ArrangeServe/Web/board-marks.js", import.meta.url), "utf8");
  assert.ok(!/new RegExp|matchAll|codePointAt/.test(text), "board-marks.js reads titles itself");
});
