// The board in a browser: its columns and cards, kept in step with the server, dragged with
// Arrange's web library (arrange-lib.js, over the engines in WebAssembly). The library turns
// pointer and key input into drags, draws them and moves the cards' elements on a drop; the
// page's modules keep the board's own logic, each a set of functions of the page's one state
// object (board-state.js): talking to the server (board-request.js, board-sync.js), drawing
// (board-render.js, board-reconcile.js, board-layout.js), dragging (board-drag.js), keys and
// clicks (board-input.js, board-focus.js, board-actions.js), dialogs (board-dialogs.js), a
// title's marks (board-marks.js) and due dates (board-due.js). Pointer moves never leave the
// page.
//
// This entry asks for the board at once, with the two small modules that takes, and loads the
// rest meanwhile (board-start.js starts it): the board's request does not wait for every module
// of the page to arrive.

import { createState } from "./board-state.js";
import { request, tokenInAddress } from "./board-request.js";

const state = createState({ token: tokenInAddress() });
const asked = request(state, "api/board");
const { start } = await import("./board-start.js");
start(state, asked);
