// index.html and the modules it loads: each module the entry imports, directly or through
// another, is asked for at once (a modulepreload), not one import after another.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { WEB, blanked, sources } from "./source.mjs";

/// The page modules `name` imports, directly and through others, statically or not.
function imported(name, texts, seen = new Set()) {
  const code = texts.get(name);
  for (const match of code.matchAll(/(?:\bfrom\s+|\bimport\(\s*)["']\.\/([\w-]+\.js)["']/g)) {
    if (seen.has(match[1]) || !texts.has(match[1])) continue;
    seen.add(match[1]);
    imported(match[1], texts, seen);
  }
  return seen;
}

test("index.html loads the entry as a module and preloads every module it imports", () => {
  const html = readFileSync(join(WEB, "index.html"), "utf8");
  assert.match(html, /<script type="module" src="app\.js"><\/script>/);
  assert.match(html, /<script type="module" src="boards\.js"><\/script>/);
  const texts = new Map(sources().map(({ name, text }) => [name, text]));
  const preloaded = new Set([...html.matchAll(/<link rel="modulepreload" href="([\w-]+\.js)">/g)].map((m) => m[1]));
  const needed = imported("app.js", texts);
  assert.ok(needed.size > 10, `app.js imports ${needed.size} modules`);
  assert.deepEqual([...needed].filter((name) => !preloaded.has(name)), []);
  assert.deepEqual([...preloaded].filter((name) => !needed.has(name) && name !== "arrange-lib.js"), []);
});

test("no page module touches the document when it is imported", async () => {
  // Imported in node, where there is no document: a module that touched it would throw here.
  for (const { name, text } of sources()) {
    if (name === "app.js" || !/^\s*export\b/m.test(blanked(text))) continue;
    await import(join(WEB, name));
  }
});
