// Loading the module: clear errors for a page opened from a file, a missing module, and a
// server that sends something else; a module served with the wrong type still loads.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { instantiate } from "../src/load.js";

const bytes = readFileSync(new URL("../dist/arrange.wasm", import.meta.url));
const imports = { arrange: { can_drop: () => 1 } };
/** A fetch that answers every request with `body` as `type`, status `status`. */
const serving = (body, type, status = 200) => async () =>
  new Response(body, { status, headers: type ? { "content-type": type } : {} });

test("a page opened from a file is told to serve it over HTTP", async () => {
  await assert.rejects(instantiate("file:///home/me/page/arrange.wasm", imports, serving(bytes, "application/wasm")),
    /file:\/\/\/home\/me\/page\/arrange\.wasm: a page opened from a file \(file:\/\/\) cannot fetch it\. Serve the page over HTTP/);
});

test("a missing module names the URL and what the server answered", async () => {
  await assert.rejects(instantiate("https://example.test/js/arrange.wasm", imports,
    serving("<!DOCTYPE html><title>Not found</title>", "text/html", 404)),
  /https:\/\/example\.test\/js\/arrange\.wasm: the server answered 404 \(text\/html\)/);
});

test("a page served instead of the module says what it is", async () => {
  await assert.rejects(instantiate("/arrange.wasm", imports,
    serving("<!DOCTYPE html><html><body>app</body></html>", "text/html; charset=utf-8")),
  (error) => {
    assert.match(error.message, /\/arrange\.wasm: what it serves as text\/html; charset=utf-8 is not a WebAssembly module/);
    assert.match(error.message, /it begins "<!DOCTYPE html><html><body>app/);
    assert.doesNotMatch(error.message, /magic word/);
    return true;
  });
  await assert.rejects(instantiate("/arrange.wasm", imports, serving("", "application/wasm")), /it is empty/);
});

test("the module served with another type still loads", async () => {
  const instance = await instantiate("/arrange.wasm", imports, serving(bytes, "application/octet-stream"));
  assert.equal(typeof instance.exports.arrange_arena_create, "function");
  const streamed = await instantiate("/arrange.wasm", imports, serving(bytes, "application/wasm"));
  assert.equal(typeof streamed.exports.arrange_arena_pointer, "function");
});

test("a request that fails names the URL", async () => {
  await assert.rejects(instantiate("https://example.test/arrange.wasm", imports, async () => {
    throw new TypeError("Failed to fetch");
  }), /example\.test\/arrange\.wasm: the request failed \(Failed to fetch\)/);
});
