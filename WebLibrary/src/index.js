// arrange-lib: drag and drop for any web page, over the Arrange engines in WebAssembly. The API
// is in docs/web-library.md and arrange-lib.d.ts.
//
//   import { Arrange } from "arrange-lib";
//   const arrange = await Arrange.load();           // arrange.wasm beside the library
//   arrange.sortable(document.querySelector("ul"));  // drag the items to reorder them

export { Arrange } from "./arrange.js";
export { DEFAULTS } from "./defaults.js";
