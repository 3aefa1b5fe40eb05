// Keeping the board in step with the server: reading it, the live connection that pushes each
// new board (whole, or as a patch of the last), and the edits sent. A board that arrives during
// a drag, or while this page's own edits are on their way, waits: a drop shown is never undone
// by a board that predates it.

import { status } from "./board-status.js";
import { request, tokenInAddress } from "./board-request.js";
import { applyPatch, defer, sameColumns, served } from "./board-state.js";
import { isDragging } from "./board-drag.js";
import { drawBar, render } from "./board-render.js";

/// How long the page waits before it opens a lost connection again (milliseconds).
const RECONNECT = 1000;

/// Sends edits (`{ op: Edit.…, … }` each) made on the version shown; the answer (the board now)
/// replaces what is shown once no later change of this page is still on its way. `then`, if
/// given, is called with the board of an answer that took the edits.
export function send(state, requests, then) {
  const version = state.board.version;
  state.inFlight += 1;
  state.sending = state.sending.then(async () => {
    // Sent once the frame being drawn is drawn (a drop is shown in a frame's callbacks): making
    // the request is a few milliseconds of that frame's time otherwise.
    await new Promise((resolve) => setTimeout(resolve, 0));
    // The board this page holds as the server sent it: the answer is a patch of it, when the
    // server still has it as its newest (a few hundred bytes for a move, not the whole board).
    const held = state.served;
    try {
      const response = await request(state, "api/change", {
        method: "POST", headers: { "Content-Type": "application/json" },
        body: JSON.stringify(held ? { version, serial: held.serial, requests } : { version, requests }),
      });
      const answer = await answerOf(response, held);
      if (!answer) return;
      served(state, answer.serial, answer.board);
      // 200: saved; 202: held until the file settles (or a conflict is settled); 503: held,
      // and writing failed; 409: refused.
      if (answer.refused && answer.message) status(answer.message, true);
      answered(state, answer.board);
      if (!answer.refused && then) then(answer.board);
    } catch (error) {
      status(`Not saved: the server cannot be reached (${error.message}).`, true);
    } finally {
      state.inFlight -= 1;
      if (state.inFlight === 0 && state.deferredBoard) {
        const next = state.deferredBoard;
        state.deferredBoard = null;
        receive(state, next);
      }
    }
  });
}

/// The JSON of an answer to edits that carries a board (whole, or a patch of `held`'s, made
/// whole here), or `null` (the reason said).
async function answerOf(response, held) {
  const type = response.headers.get("Content-Type") || "";
  if (!type.startsWith("application/json")) {
    const body = await response.text();
    status(`Not saved: ${body.trim() || response.statusText}`, true);
    return null;
  }
  const answer = await response.json();
  if (answer.patch && held && answer.patch.base === held.serial) {
    answer.board = applyPatch(held.board, answer.patch);
  }
  if (!answer.board) {
    status(`Not saved: ${answer.error || response.statusText}`, true);
    return null;
  }
  return answer;
}

/// The board in the answer to one of this page's changes: shown at once, unless another change
/// made here since is still on its way (its drop stays shown until its own answer).
function answered(state, next) {
  isDragging(state);   // shows a drop released and not shown yet: its change is then counted
  if (state.inFlight > 1) {
    defer(state, next);
    return;
  }
  show(state, next);
}

/// Shows a board pushed by the server, unless it is older than the one shown, or this page's
/// own changes are on their way (a drop shown is never undone by a board that predates it).
export function receive(state, next) {
  // A drop released and not shown yet (the library shows it in the next frame) is shown now:
  // its change is then on its way, counted in `inFlight`, and a board that predates it waits.
  isDragging(state);
  if (state.inFlight > 0) {
    defer(state, next);
    return;
  }
  if (state.board && next.version < state.board.version) return;
  show(state, next);
}

/// Shows a board from the server (once the drag under way, if any, ends).
function show(state, next) {
  // A clash with another program's write is said once, in the conflict bar with its buttons.
  if (next.message) {
    status(next.conflict ? "" : next.message, next.message.startsWith("Not saved"));
  }
  if (next.saved === false && !next.conflict) {
    status(`Not saved yet: ${next.pending || "the file cannot be written now"}`, true);
  } else if (next.saved && state.board && state.board.saved === false) {
    status(next.message || "Saved.");
  }
  if (isDragging(state)) {
    state.waitingBoard = next;
    return;
  }
  const changed = !state.board || !sameColumns(state.board.columns, next.columns);
  state.board = next;
  drawBar(next);
  if (changed) render(state, true);
}

/// Opens the live connection, with the page's token; it is opened again when lost, unless the
/// server was started again (its address has a new token) or a newer connection replaced it.
function connect(state) {
  const scheme = location.protocol === "https:" ? "wss:" : "ws:";
  const path = new URL("api/live", location.href).pathname;
  // The board this page read, named: the server then sends only what changes after it.
  const held = state.served;
  const named = held ? `&serial=${held.serial}` : "";
  const live = new WebSocket(`${scheme}//${location.host}${path}?token=${encodeURIComponent(state.token)}${named}`);
  state.socket = live;
  // A connection replaced by one with a newer token says nothing more and is not reopened.
  const mine = state.opening;
  const current = () => mine === state.opening;
  // The board as this socket last gave it (at first, the one named).
  const last = { board: held?.board ?? null, serial: held?.serial ?? 0 };
  live.onmessage = (event) => {
    if (!current()) return;
    const message = JSON.parse(event.data);
    if (!message.board && (!last.board || message.base !== last.serial)) {
      live.close();   // a patch of a board this socket did not give: it starts again
      return;
    }
    const next = message.board ?? applyPatch(last.board, message);
    last.board = next;
    last.serial = message.serial;
    served(state, message.serial, next);
    // Shown as it is, not copied: the page changes its board only through `ownColumn` and
    // `ownColumns`, which copy what they change, so this one stays as the server sent it (the
    // next patch counts its cards).
    receive(state, next);
  };
  live.onclose = async () => {
    if (!current()) return;
    status("Lost the server; trying again…", true);
    try {
      // A server started again has a new token: this address no longer opens the board.
      const answer = await request(state, "api/board");
      if (!current()) return;
      if (answer.status === 401) {
        status("The server was started again: open the new address it printed.", true);
        return;
      }
    } catch { /* not back yet */ }
    setTimeout(() => { if (current()) connect(state); }, RECONNECT);
  };
}

/// Loads the board with the page's token and opens the live connection, once the library is
/// ready; `asked` is the board's request when it was made already (the entry makes it before the
/// page's modules have loaded). A later call (a new token pasted into the address) replaces an
/// earlier one and its connection.
export async function openBoard(state, asked = null) {
  const mine = ++state.opening;
  try {
    const answer = await (asked ?? request(state, "api/board"));
    await state.libraryReady;
    if (mine !== state.opening) return;
    if (!answer.ok) {
      status(answer.status === 401 ? "Open the address arrange serve printed: it carries the key to this board."
        : `The board cannot be read (${answer.status}).`, true);
      return;
    }
    const next = await answer.json();
    if (mine !== state.opening) return;
    status("");
    served(state, next.serial, next);
    // Another server (started again, with a new token) counts its versions afresh.
    if (state.board && !isDragging(state) && next.version < state.board.version) state.board = null;
    receive(state, next);
    connect(state);
  } catch (error) {
    if (mine === state.opening) status(`The board cannot be read: ${error.message}`, true);
  }
}

/// An address with a new token pasted into this tab changes only its fragment: the page takes
/// the new token and loads the board with it, without a reload.
export function takeToken(state) {
  const next = tokenInAddress();
  if (!next || next === state.token) return;
  state.token = next;
  state.served = null;   // another server's snapshots are counted afresh
  const old = state.socket;
  state.socket = null;
  state.opening += 1;   // the old connection's handlers stand down before it closes
  old?.close();
  openBoard(state);
}
