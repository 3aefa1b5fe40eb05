// The page's bars: small files, short functions, and no state kept by a module.
import assert from "node:assert/strict";
import { test } from "node:test";
import { blanked, functions, sources } from "./source.mjs";

const MAX_FILE = 600;
const MAX_FUNCTION = 80;

test("no page script is over 600 lines", () => {
  for (const { name, text } of sources()) {
    assert.ok(text.split("\n").length <= MAX_FILE, `${name} has ${text.split("\n").length} lines`);
  }
});

test("no function is over 80 lines, event handlers' arrow functions included", () => {
  const long = sources().flatMap(({ name, text }) => functions(text)
    .filter((f) => f.lines > MAX_FUNCTION).map((f) => `${name}:${f.line} ${f.name} (${f.lines} lines)`));
  assert.deepEqual(long, []);
});

test("the function finder finds functions and their lengths", () => {
  const text = "function a() {\n  if (x) { y(); }\n}\nconst b = (e) => {\n  c(\"}\");\n};\n" +
    "function d({ e = 1 } = {}) {\n  return e;\n}\n";
  assert.deepEqual(functions(text).map((f) => [f.line, f.lines]), [[1, 3], [4, 3], [7, 3]]);
});

test("no module keeps mutable state: no module-level let or var, no module-level collection", () => {
  for (const { name, text } of sources()) {
    // Module level: code at no depth of braces, brackets or parentheses.
    let depth = 0;
    const top = blanked(text).split("\n").map((line) => {
      const at = depth;
      for (const c of line) {
        if ("{[(".includes(c)) depth += 1;
        else if ("}])".includes(c)) depth -= 1;
      }
      return at === 0 ? line : "";
    });
    top.forEach((line, at) => {
      assert.doesNotMatch(line, /^\s*(export\s+)?(let|var)\s/, `${name}:${at + 1} ${line.trim()}`);
      assert.doesNotMatch(line, /^\s*(export\s+)?const\s+[\w$]+\s*=\s*new\s+(Weak)?(Map|Set)\b/, `${name}:${at + 1} ${line.trim()}`);
    });
  }
});

test("the page ships no benchmark hook", () => {
  for (const { name, text } of sources()) {
    assert.doesNotMatch(text, /arrangeBenchmark|arrangeLoaded/, name);
  }
});
