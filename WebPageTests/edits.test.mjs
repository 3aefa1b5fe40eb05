// The edit vocabulary: every op the page sends comes from edits.js's Edit, and nowhere else.
import assert from "node:assert/strict";
import { test } from "node:test";
import { Edit } from "../Sources/ArrangeServe/Web/edits.js";
import { blanked, sources } from "./source.mjs";

test("the vocabulary names each edit the server takes, one op each", () => {
  // The keys are the page's; the values are the server's names for them (a generated file may
  // change those, not the keys).
  assert.deepEqual(Object.keys(Edit).sort(), [
    "addCard", "addColumn", "addSubtask", "duplicateCard", "exchangeCards", "moveCard", "moveColumn",
    "moveSubtask", "overwrite", "redo", "reload", "removeCard", "removeColumn", "removeSubtask",
    "renameColumn", "renameSubtask", "setDescription", "setDone", "setDue", "setSubtask", "setTitle",
    "undo",
  ]);
  const ops = Object.values(Edit);
  assert.ok(ops.every((op) => typeof op === "string" && op.length > 0));
  assert.equal(new Set(ops).size, ops.length);
  assert.ok(Object.isFrozen(Edit));
});

test("no page script spells an op as a string", () => {
  for (const { name, text } of sources()) {
    if (name === "edits.js") continue;
    assert.doesNotMatch(text, /\bop\s*:\s*["'`]/, `${name} spells an op`);
    assert.doesNotMatch(text, /["']op["']\s*:/, `${name} spells an op`);
  }
});

test("every op the page sends is one of Edit's", () => {
  for (const { name, text } of sources()) {
    if (name === "edits.js") continue;
    const code = blanked(text);
    for (const match of code.matchAll(/\bop\s*:\s*([^,}\s]+)/g)) {
      assert.match(match[1], /^Edit\.[A-Za-z]+$/, `${name}: op: ${match[1]}`);
      assert.ok(match[1].slice(5) in Edit, `${name}: ${match[1]} is no edit`);
    }
    // `{ op }`, the one request made of an op passed in, is sent with Edit's ops alone.
    for (const match of code.matchAll(/sendEdit\(\s*state\s*,\s*([^)\s]+)\s*\)/g)) {
      if (match[1] === "op") continue;   // the function's own definition
      assert.match(match[1], /^Edit\.[A-Za-z]+$/, `${name}: sendEdit(${match[1]})`);
    }
  }
});

test("the test above finds an op spelled as a string", () => {
  assert.match('send(state, [{ op: "move", card }])', /\bop\s*:\s*["'`]/);
});
