// Loads the engines' WebAssembly module in node and drags a card from one column to another
// through it: the module is built from the current sources and does what the engines do.
// Usage: node Wasm/smoke.mjs path/to/arrange.wasm
import { readFileSync } from "node:fs";

const bytes = readFileSync(process.argv[2]);
const { instance } = await WebAssembly.instantiate(bytes, {});
const e = instance.exports;
const fail = (message) => { console.error("smoke test failed: " + message); process.exit(1); };
const memory = () => new DataView(e.memory.buffer);

// Three columns side by side in 320 × 200, 8 apart inside 8 of padding.
const frames = e.arrange_alloc(3 * 4 * 8);
e.arrange_layout_columns(3, 320, 200, 8, 8, 40, frames);
const column = (i) => [0, 1, 2, 3].map((k) => memory().getFloat64(frames + (i * 4 + k) * 8, true));
const [x0, y0, w0, h0] = column(0);
const [x1, , w1] = column(1);
if (x0 !== 8 || y0 !== 8 || w0 !== 96 || h0 !== 184 || x1 !== 112 || w1 !== 96) {
  fail(`column frames ${JSON.stringify([column(0), column(1), column(2)])}`);
}

// Cards 1, 2, 3 in the first column, 4 in the second; each 20 high, 4 apart.
e.arrange_reset(3);
const setColumn = (index, ids) => {
  const idPointer = e.arrange_alloc(4 * Math.max(1, ids.length));
  const lengthPointer = e.arrange_alloc(8 * Math.max(1, ids.length));
  ids.forEach((id, k) => {
    memory().setInt32(idPointer + 4 * k, id, true);
    memory().setFloat64(lengthPointer + 8 * k, 20, true);
  });
  const [x, y, w, h] = column(index);
  e.arrange_set_column(index, x, y, w, h, ids.length, idPointer, lengthPointer, 4);
  e.arrange_free(idPointer);
  e.arrange_free(lengthPointer);
};
setColumn(0, [1, 2, 3]);
setColumn(1, [4]);
setColumn(2, []);

// Press card 2 (its middle: y 8 + 24 + 10), drag to the second column below card 4, release.
let count = e.arrange_pointer(0, 40, 42, 0);
for (let step = 1; step <= 10; step++) count = e.arrange_pointer(1, 40 + step * 10, 42 + step, step * 0.016);
if (e.arrange_dragged() !== 2) fail(`dragged ${e.arrange_dragged()}, not card 2`);
count = e.arrange_pointer(2, 150, 60, 0.2);
if (count !== 1) fail(`${count} operations on drop`);
const out = e.arrange_alloc(6 * 4);
e.arrange_operation(0, out);
const op = [0, 1, 2, 3, 4, 5].map((k) => memory().getInt32(out + 4 * k, true));
if (JSON.stringify(op) !== JSON.stringify([1, 2, 0, 1, 1, 1])) fail(`operation ${JSON.stringify(op)}`);
console.log(`wasm smoke test passed: ${bytes.length} bytes; moved card 2 from column 1 to column 2, position 2`);

// A long session: 2,000 drags back and forth must reuse memory, not grow it.
const before = e.memory.buffer.byteLength;
let time = 1;
for (let round = 0; round < 2000; round++) {
  setColumn(0, round % 2 === 0 ? [1, 3] : [1, 2, 3]);
  setColumn(1, round % 2 === 0 ? [4, 2] : [4]);
  const [fromY, toX] = round % 2 === 0 ? [66, 40] : [42, 150];
  const startX = round % 2 === 0 ? 150 : 40;
  e.arrange_pointer(0, startX, fromY, time);
  for (let step = 1; step <= 5; step++) e.arrange_pointer(1, startX + (toX - startX) * step / 5, fromY + step, time + step * 0.016);
  e.arrange_pointer(2, toX, fromY + 5, time + 0.1);
  time += 1;
}
const after = e.memory.buffer.byteLength;
if (after > before + 4 * 65536) fail(`memory grew from ${before} to ${after} bytes over 2,000 drags`);
console.log(`2,000 drags: memory ${before} → ${after} bytes`);
