// Starting the board page, once its modules have loaded: input, the view's size, the board and
// its live connection, then the library, whose lists the board's are.

import { $, announce, status } from "./board-status.js";
import { openBoard, takeToken } from "./board-sync.js";
import { makeColumnsSortable } from "./board-drag.js";
import { watchView } from "./board-layout.js";
import { listen } from "./board-input.js";
import { inspect } from "./board-inspect.js";

/// Starts the page on `state`: `asked` is the board's request, made already. The board is shown
/// once the library is loaded too.
export async function start(state, asked) {
  state.view = { board: $("board"), inner: $("inner") };
  state.reducedMotion = matchMedia("(prefers-reduced-motion: reduce)");
  inspect(state);
  listen(state);
  watchView(state);
  addEventListener("hashchange", () => takeToken(state));
  try {
    openBoard(state, asked);
    const { Arrange } = await import("./arrange-lib.js");
    state.arrange = await Arrange.load(new URL("arrange.wasm", location.href), { announce });
    state.look = { duration: state.arrange.engineAppearance.animationDuration };
    const duration = state.reducedMotion.matches ? "0s" : `${state.look.duration}s`;
    document.documentElement.style.setProperty("--duration", duration);
    makeColumnsSortable(state);
    state.ready();
  } catch (error) {
    status(`The board cannot start: ${error.message}`, true);
  }
}
