// The board in a browser: its columns and cards, kept in step with the server, dragged with
// Arrange's web library (arrange-lib.js, over the engines in WebAssembly). The library turns
// pointer and key input into drags, draws them and moves the cards' elements on a drop; the
// page's modules keep the board's own logic, each a set of functions of the page's one state
// object (board-state.js): talking to the server (board-sync.js), drawing (board-render.js,
// board-reconcile.js, board-layout.js), dragging (board-drag.js), keys and clicks
// (board-input.js, board-focus.js, board-actions.js), dialogs (board-dialogs.js), a title's
// marks (board-marks.js) and due dates (board-due.js). Pointer moves never leave the page.
// This module starts them.

import { createState } from "./board-state.js";
import { $, announce, status } from "./board-status.js";
import { openBoard, takeToken, tokenInAddress } from "./board-sync.js";
import { makeColumnsSortable } from "./board-drag.js";
import { watchView } from "./board-layout.js";
import { listen } from "./board-input.js";
import { inspect } from "./board-inspect.js";

/// Starts the page: reads the board while the library loads, and shows it once it is ready.
async function start() {
  const state = createState({ token: tokenInAddress(), view: { board: $("board"), inner: $("inner") } });
  state.reducedMotion = matchMedia("(prefers-reduced-motion: reduce)");
  inspect(state);
  listen(state);
  watchView(state);
  addEventListener("hashchange", () => takeToken(state));
  try {
    openBoard(state);
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

start();
