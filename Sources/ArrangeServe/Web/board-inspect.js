// What the page shows of its state to the browser's console, read-only, under the names the
// page's globals had when it was one script: the board shown (`board`), the edits on their way
// (`inFlight`), the boards held back during a drag (`waitingBoard`) or until the edits are
// answered (`deferredBoard`), and `receive(board)`, which takes a board as if the server had
// pushed it. The Chromium tests of the board read these; nothing of the page uses them.

import { receive } from "./board-sync.js";

/// Shows `state` to the console as described above.
export function inspect(state) {
  const read = (name) => ({ get: () => state[name], configurable: true });
  Object.defineProperties(window, {
    board: read("board"),
    inFlight: read("inFlight"),
    waitingBoard: read("waitingBoard"),
    deferredBoard: read("deferredBoard"),
    receive: { value: (next) => receive(state, next), configurable: true },
  });
}
