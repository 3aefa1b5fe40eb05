// Loads the gallery's layout module in node and lays out a layout document with it: the output
// must be what `arrange-layout` (the same reader and engine, built for this machine) prints.
// Usage: node Wasm/smoke-layout.mjs path/to/arrange-layout.wasm DOCUMENT.json EXPECTED.txt
import { readFileSync } from "node:fs";

const [modulePath, documentPath, expectedPath] = process.argv.slice(2);
const e = (await WebAssembly.instantiate(readFileSync(modulePath), {})).instance.exports;
const fail = (message) => { console.error("layout smoke test failed: " + message); process.exit(1); };

/** Lays `text` out (size from the document unless `width`/`height` are given; rounded frames
 * unless `exact`). */
function run(text, width = -1, height = -1, exact = false) {
  const input = new TextEncoder().encode(text);
  const at = e.layout_alloc(input.length);
  new Uint8Array(e.memory.buffer, at, input.length).set(input);
  let capacity = 4096;
  for (;;) {
    const out = e.layout_alloc(capacity);
    const length = e.layout_run(at, input.length, width, height, exact ? 1 : 0, out, capacity);
    const size = Math.abs(length);
    if (size <= capacity) {
      const answer = new TextDecoder().decode(new Uint8Array(e.memory.buffer, out, size).slice());
      e.layout_free(out);
      e.layout_free(at);
      return { ok: length >= 0, text: answer };
    }
    e.layout_free(out);
    capacity = size;
  }
}

const document = readFileSync(documentPath, "utf8");
const expected = readFileSync(expectedPath, "utf8");
const got = run(document);
if (!got.ok) fail(`the document was refused: ${got.text}`);
if (got.text !== expected) fail(`got\n${got.text}\nexpected\n${expected}`);
// A bad document gives its reader's message, not a crash.
const bad = run('{"size": {"width": 10, "height": 10}, "root": {"type": "leaf", "size": "fil"}}');
if (bad.ok || !bad.text.includes("root.size") || !bad.text.includes("line 1")) fail(`bad document: ${bad.text}`);
// Numbers as JSON writes them, read back exactly.
const numbers = run('{"size": {"width": 1.5e2, "height": 0.25E+1}, "root": {"id": "r", "type": "leaf"}}',
  -1, -1, true);
if (numbers.text !== "r 0 0 150 2.5\n") fail(`numbers: ${JSON.stringify(numbers.text)}`);
// The container's size from the host.
const resized = run('{"size": {"width": 10, "height": 10}, "root": {"id": "r", "type": "leaf"}}', 33, 7);
if (resized.text !== "r 0 0 33 7\n") fail(`resized: ${JSON.stringify(resized.text)}`);
console.log(`layout module: ${documentPath} laid out as arrange-layout does`);
