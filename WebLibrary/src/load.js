// Fetching and instantiating the engines' WebAssembly module, with errors a person can act on:
// the URL, what the server answered instead of a module, and what a page opened from a file
// needs.

/** The bytes of a WebAssembly module begin so ("\0asm"). */
const MAGIC = [0x00, 0x61, 0x73, 0x6d];

/** An Error saying why the module at `url` could not be used, `detail` first. */
const failure = (url, detail, cause) =>
  new Error(`arrange-lib: cannot load the engines' module from ${url}: ${detail}`, cause ? { cause } : undefined);

/**
 * Instantiates the module at `url` with `imports`; `fetcher` is the page's `fetch`. Streams it
 * when it is served as `application/wasm`, else reads its bytes; rejects with a clear Error when
 * the page is a file (browsers fetch nothing from file: URLs), the server answers an error, or
 * what it sends is not a WebAssembly module.
 */
export const instantiate = async (url, imports, fetcher = globalThis.fetch) => {
  const address = String(url);
  if (/^file:/i.test(address)) {
    throw failure(address, "a page opened from a file (file://) cannot fetch it. Serve the page " +
      "over HTTP (for example `python3 -m http.server` in its folder, or `npx serve`), or give " +
      "Arrange.load the module's bytes.");
  }
  let response;
  try {
    response = await fetcher(address);
  } catch (error) {
    throw failure(address, `the request failed (${error?.message ?? error}).`, error);
  }
  const type = response.headers?.get?.("content-type") ?? "";
  if (!response.ok) {
    throw failure(address, `the server answered ${response.status}${response.statusText ? ` ${response.statusText}` : ""}` +
      `${type ? ` (${type})` : ""}. Put arrange.wasm beside arrange-lib.js, or pass its URL to Arrange.load.`);
  }
  const media = type.split(";")[0].trim().toLowerCase();
  if (media === "application/wasm" && typeof WebAssembly.instantiateStreaming === "function") {
    try {
      return (await WebAssembly.instantiateStreaming(response.clone(), imports)).instance;
    } catch {
      // Read as bytes below: the error then says what they are.
    }
  }
  return bytesInstance(address, new Uint8Array(await response.arrayBuffer()), imports, type);
};

/** Instantiates a module from `bytes` (read from `address`, served as `type`), or rejects
 * saying what the bytes are instead. */
export const bytesInstance = async (address, bytes, imports, type = "") => {
  if (bytes.length < 4 || MAGIC.some((byte, index) => bytes[index] !== byte)) {
    const start = new TextDecoder().decode(bytes.slice(0, 40)).replace(/\s+/g, " ").trim();
    throw failure(address, `what it serves${type ? ` as ${type}` : ""} is not a WebAssembly module` +
      `${start ? ` (it begins "${start}")` : " (it is empty)"}. Serve arrange.wasm as application/wasm.`);
  }
  try {
    return (await WebAssembly.instantiate(bytes, imports)).instance;
  } catch (error) {
    throw failure(address, `the module does not compile here (${error.message}).`, error);
  }
};
