// A card title's inline marks, read into parts (drawing them needs a browser: the Chromium tests
// check what is drawn).
import assert from "node:assert/strict";
import { test } from "node:test";
import { inlineParts, isWebAddress, plainText, tagHue } from "../Sources/ArrangeServe/Web/board-marks.js";

test("plain words are one part", () => {
  assert.deepEqual(inlineParts("Buy milk"), ["Buy milk"]);
  assert.deepEqual(inlineParts(""), []);
});

test("each kind of mark is read, with its words as a person reads them", () => {
  const cases = [
    ["`a*b*c`", { element: "code", text: "a*b*c" }, "a*b*c"],
    ["**bold**", { element: "strong", parts: ["bold"] }, "bold"],
    ["__bold__", { element: "strong", parts: ["bold"] }, "bold"],
    ["~~gone~~", { element: "s", parts: ["gone"] }, "gone"],
    ["==lit==", { element: "mark", parts: ["lit"] }, "lit"],
    ["*it*", { element: "em", parts: ["it"] }, "it"],
    ["_it_", { element: "em", parts: ["it"] }, "it"],
    ["[[Page]]", { element: "span", className: "wikilink", text: "Page" }, "Page"],
    ["[[Page|alias]]", { element: "span", className: "wikilink", text: "alias" }, "alias"],
    ["[x](https://e.org)", { element: "a", href: "https://e.org", parts: ["x"] }, "x"],
    ["https://e.org/a", { element: "a", href: "https://e.org/a", text: "https://e.org/a" }, "https://e.org/a"],
    ["#urgent", { element: "span", className: "tag", text: "#urgent", tag: "urgent" }, "#urgent"],
    ["@{2026-12-24}", { element: "span", className: "date", text: "2026-12-24" }, "2026-12-24"],
    ["@@{17:30}", { element: "span", className: "time", text: "17:30" }, "17:30"],
  ];
  for (const [text, part, plain] of cases) {
    assert.deepEqual(inlineParts(text), [part], text);
    assert.equal(plainText(inlineParts(text)), plain, text);
  }
});

test("marks nest, and the words around them stay", () => {
  const parts = inlineParts("Ship **the *new* build** to https://e.org, #release");
  assert.deepEqual(parts, [
    "Ship ",
    { element: "strong", parts: ["the ", { element: "em", parts: ["new"] }, " build"] },
    " to ",
    { element: "a", href: "https://e.org", text: "https://e.org" },
    ", ",
    { element: "span", className: "tag", text: "#release", tag: "release" },
  ]);
  assert.equal(plainText(parts), "Ship the new build to https://e.org, #release");
});

test("a link to anything but a web or mail address stays as it is written", () => {
  assert.equal(plainText(inlineParts("[x](javascript:alert(1))")), "[x](javascript:alert(1))");
  assert.deepEqual(inlineParts("[x](javascript:window.owned=1)"), ["[x](javascript:window.owned=1)"]);
  assert.ok(isWebAddress("mailto:a@b.org"));
  assert.ok(isWebAddress("HTTPS://e.org"));
  assert.ok(!isWebAddress("javascript:1"));
});

test("words with marks' characters inside them are not marks", () => {
  assert.deepEqual(inlineParts("a*b*c snake_case_name C#"), ["a*b*c snake_case_name C#"]);
  assert.deepEqual(inlineParts("R&D#1"), ["R&D#1"]);
});

test("a tag's hue is the same for the same tag, whatever its case (as the terminal's)", () => {
  assert.equal(tagHue("urgent"), 285);
  assert.equal(tagHue("URGENT"), 285);
  assert.equal(tagHue("later"), 48);
  assert.equal(tagHue("日本"), 30);
});
