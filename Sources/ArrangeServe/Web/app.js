// The board in a browser: its columns and cards, kept in step with the server, dragged with
// Arrange's web library (arrange-lib.js, over the engines in WebAssembly). The library turns
// pointer and key input into drags, draws them and moves the cards' elements on a drop; this
// script keeps the board's own logic: the server's board and the changes sent to it, the
// columns, search, details and keys. Pointer moves never leave the page.
"use strict";

const SPACING = 8;        // between cards, and between columns
const PADDING = 12;       // around the columns
const MIN_COLUMN = 240;   // a column is never narrower: the board scrolls sideways instead
const NARROW = 600;       // below this width the columns stack
const tokenInAddress = () => new URLSearchParams(location.hash.slice(1)).get("token") || "";
let token = tokenInAddress();  // a new address pasted into the tab brings a new one
const reducedMotion = matchMedia("(prefers-reduced-motion: reduce)");
const $ = (id) => document.getElementById(id);
const boardView = $("board");
const inner = $("inner");

let arrange = null;       // the web library, loaded with its module
let columnsList = null;   // the columns, sortable by their titles
let look = { duration: 0.2 };
let board = null;         // the board as the server last sent it (or as changed here since)
let waitingBoard = null;  // a board that arrived during a drag, shown once it ends
let filter = "";
let stacked = false;
const cardElements = new Map();   // card id -> element
let columnElements = [];
let shownIds = [];                // per column, the ids of the cards shown (search hides some)
let selection = [];               // selected card ids, in order
let toldSelection = [];           // the selected cards' elements, as the library was told
let focusId = null;               // the focused card, kept across renders
let removing = null;              // a column X was pressed on once: {column, time}
let sending = Promise.resolve();
let socket = null;        // the live connection, opened with `token`
let opening = 0;          // counts the loads of the board: a later one (a new token) wins
let inFlight = 0;         // changes sent and not answered yet
let deferredBoard = null; // the newest board pushed while they were on their way

// MARK: - Talking to the server

async function request(path, options = {}) {
  const headers = Object.assign({ "X-Arrange-Token": token }, options.headers || {});
  return fetch(path, Object.assign({}, options, { headers, cache: "no-store" }));
}

/// Sends changes made on the version shown; the answer (the board now) replaces what is shown
/// once no later change of this page is still on its way. `then`, if given, is called with the
/// board of an answer that took the changes.
function send(requests, then) {
  const version = board.version;
  inFlight += 1;
  sending = sending.then(async () => {
    // Sent once the frame being drawn is drawn (a drop is shown in a frame's callbacks): making
    // the request is a few milliseconds of that frame's time otherwise.
    await new Promise((resolve) => setTimeout(resolve, 0));
    try {
      const response = await request("api/change", {
        method: "POST", headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ version, requests }),
      });
      const type = response.headers.get("Content-Type") || "";
      if (!type.startsWith("application/json")) {
        const body = await response.text();
        status(`Not saved: ${body.trim() || response.statusText}`, true);
        return;
      }
      const answer = await response.json();
      if (!answer.board) {
        status(`Not saved: ${answer.error || response.statusText}`, true);
        return;
      }
      // 200: saved; 202: held until the file settles (or a conflict is settled); 503: held,
      // and writing failed; 409: refused.
      if (answer.refused && answer.message) status(answer.message, true);
      answered(answer.board);
      if (!answer.refused && then) then(answer.board);
    } catch (error) {
      status(`Not saved: the server cannot be reached (${error.message}).`, true);
    } finally {
      inFlight -= 1;
      if (inFlight === 0 && deferredBoard) {
        const next = deferredBoard;
        deferredBoard = null;
        receive(next);
      }
    }
  });
}

/// The board in the answer to one of this page's changes: shown at once, unless another change
/// made here since is still on its way (its drop stays shown until its own answer).
function answered(next) {
  showPendingDrop();
  if (inFlight > 1) {
    defer(next);
    return;
  }
  show(next);
}

/// Keeps the newest board pushed while this page's changes are on their way.
function defer(next) {
  if (!deferredBoard || next.version >= deferredBoard.version) deferredBoard = next;
}

function connect() {
  const scheme = location.protocol === "https:" ? "wss:" : "ws:";
  const live = new WebSocket(`${scheme}//${location.host}${new URL("api/live", location.href).pathname}?token=${encodeURIComponent(token)}`);
  socket = live;
  // A connection replaced by one with a newer token says nothing more and is not reopened.
  const mine = opening;
  const current = () => mine === opening;
  let serverBoard = null;   // the board as this socket last gave it (patches apply to it)
  let serverSerial = 0;
  live.onmessage = (event) => {
    if (!current()) return;
    const message = JSON.parse(event.data);
    let next = message.board;
    if (!next) {
      // A patch: the fields, and each column's cards as places in the last board or new cards.
      if (!serverBoard || message.base !== serverSerial) {
        live.close();
        return;
      }
      const cards = serverBoard.columns.flatMap((column) => column.cards);
      next = Object.assign({}, message.head, {
        columns: message.columns.map((column) => Object.assign({}, column, {
          cards: column.cards.map((card) => (typeof card === "number" ? cards[card] : card)),
        })),
        archive: message.archive,
      });
    }
    serverBoard = next;
    serverSerial = message.serial;
    // Shown as it is, not copied: the page changes its board only through `ownColumn` and
    // `ownColumns`, which copy what they change, so this one stays as the server sent it (the
    // next patch counts its cards).
    receive(next);
  };
  live.onclose = async () => {
    if (!current()) return;
    status("Lost the server; trying again…", true);
    try {
      // A server started again has a new token: this address no longer opens the board.
      const answer = await request("api/board");
      if (!current()) return;
      if (answer.status === 401) {
        status("The server was started again: open the new address it printed.", true);
        return;
      }
    } catch { /* not back yet */ }
    setTimeout(() => { if (current()) connect(); }, 1000);
  };
}

/// Shows a board pushed by the server, unless it is older than the one shown, or this page's
/// own changes are on their way (a drop shown is never undone by a board that predates it).
function receive(next) {
  showPendingDrop();
  if (inFlight > 0) {
    defer(next);
    return;
  }
  if (board && next.version < board.version) return;
  show(next);
}

/// A drop released and not shown yet (the library shows it in the next frame) is shown now:
/// its change is then on its way, counted in `inFlight`, and a board that predates it waits.
function showPendingDrop() {
  isDragging(); // asking the library whether a drag is under way shows a pending drop
}

/// Shows a board from the server.
function show(next) {
  // A clash with another program's write is said once, in the conflict bar with its buttons.
  if (next.message) {
    status(next.conflict ? "" : next.message, next.message.startsWith("Not saved"));
  }
  if (next.saved === false && !next.conflict) {
    status(`Not saved yet: ${next.pending || "the file cannot be written now"}`, true);
  } else if (next.saved && board && board.saved === false) {
    status(next.message || "Saved.");
  }
  if (isDragging()) {
    waitingBoard = next;
    return;
  }
  const changed = !board || !sameColumns(board.columns, next.columns);
  board = next;
  $("undo").disabled = !board.undo;
  $("redo").disabled = !board.redo;
  $("conflict").hidden = !board.conflict;
  if (board.conflict) $("conflict-text").textContent = board.message || board.pending || "The file changed on disk.";
  $("file").textContent = board.file;
  document.body.classList.toggle("unsaved", board.saved === false);
  const archived = board.archive || [];
  $("show-archive").hidden = archived.length === 0;
  $("show-archive").textContent = `Archive (${archived.length})`;
  document.title = `${board.saved === false ? "• " : ""}${board.file} · Arrange`;
  if (changed) render(true);
}

/// Whether two boards' columns are the same: by identity first (a board the server patched
/// shares its unchanged cards with the one before it), else by their JSON.
function sameColumns(a, b) {
  const shared = a.length === b.length && a.every((column, c) => {
    const other = b[c];
    if (column === other) return true;
    if (column.cards.length !== other.cards.length) return false;
    if (!column.cards.every((card, k) => card === other.cards[k])) return false;
    const { cards: _, ...rest } = column;
    const { cards: __, ...otherRest } = other;
    return JSON.stringify(rest) === JSON.stringify(otherRest);
  });
  return shared || JSON.stringify(a) === JSON.stringify(b);
}

/// The board's columns, as this page's own array (the server's board, which it may share, is
/// left as it was); with `c`, column `c` too, with its own array of cards.
function ownColumns() {
  if (!owned.has(board)) {
    board = Object.assign({}, board, { columns: board.columns.slice() });
    owned.add(board);
  }
  return board.columns;
}
function ownColumn(c) {
  const columns = ownColumns();
  if (!owned.has(columns[c])) {
    columns[c] = Object.assign({}, columns[c], { cards: columns[c].cards.slice() });
    owned.add(columns[c]);
  }
  return columns[c];
}
const owned = new WeakSet();

function status(message, error = false) {
  const line = $("status");
  line.textContent = message;
  line.classList.toggle("error", error);
  delete line.dataset.refusal;
}

/// A refusal the status line still shows, once a drop has landed elsewhere: no longer true.
function clearRefusal() {
  if ($("status").dataset.refusal === $("status").textContent) status("");
}

function announce(message) {
  if (!message) return;
  const live = $("live");
  // A change of text is what a screen reader reads: clear first so that a repeat is read too.
  live.textContent = "";
  requestAnimationFrame(() => { live.textContent = message; });
  live.dataset.said = message;
}

// MARK: - Drawing the board

const matches = (card) =>
  !filter || card.title.toLowerCase().includes(filter) ||
  card.description.some((line) => line.toLowerCase().includes(filter));

/// What a card is drawn from: if it is the same, its element can stay. (Its column is only in
/// its label, which is set apart: a card dropped in another column keeps its element, which the
/// library has moved there, with its focus.)
function cardSignature(card, day) {
  const known = signatures.get(card);
  if (known && (!card.due || known.day === day)) return known.signature;
  const subtasks = card.subtasks.map((subtask) => (subtask.done ? "x" : "o") + subtask.title);
  const signature = [card.title, card.done, card.due, card.description.join("\n"), subtasks.join("\u0001"),
    card.due ? day : ""].join("\u0000");
  signatures.set(card, { day, signature });
  return signature;
}

/// Each card's signature, made once per card object (a board from the server brings new ones
/// for the cards it changed; this page never changes a card, see moveLocally), and the day it
/// was made on.
const signatures = new WeakMap();

/// Makes `list`'s children `elements`, in order, with as few DOM changes as it can: a card
/// moved is one removal and one insertion, not a list made again (which would have the browser
/// style and lay out every card of it).
function reconcile(list, elements) {
  const children = list.children;
  if (children.length === elements.length && elements.every((element, i) => children[i] === element)) {
    return;
  }
  const wanted = new Set(elements);
  for (const child of Array.from(children)) if (!wanted.has(child)) child.remove();
  let child = list.firstElementChild;
  for (const element of elements) {
    // A child out of its place, just before the one wanted here: it goes, and comes back where
    // it is wanted.
    if (child !== element && child?.nextElementSibling === element) {
      const stray = child;
      child = child.nextElementSibling;
      stray.remove();
    }
    if (child === element) {
      child = child.nextElementSibling;
    } else {
      list.insertBefore(element, child);
    }
  }
}

/// How many cards a chunk of a column's list holds. A card put into a column of hundreds has the
/// browser lay out and paint that card's chunk again and move the chunks after it, where it
/// would visit every card after the card: the frame that shows a drop is drawn in time.
const CHUNK = 50;

/// Makes `list`'s cards `elements`, in order, in chunks (one, empty, for no cards: the library
/// puts a card dropped there into it), each chunk reconciled as a list is. The chunks keep
/// their sizes while the cards are as many (a card the library moved: a chunk holds one more,
/// and the chunks after it are not touched) and none is empty or twice `CHUNK`; else they are
/// made `CHUNK` each again.
function reconcileChunks(list, elements) {
  const children = Array.from(list.children);
  const chunks = children.filter((child) => child.classList.contains("chunk"));
  const sizes = chunks.map((chunk) => chunk.children.length);
  const total = sizes.reduce((sum, size) => sum + size, 0);
  const kept = chunks.length > 0 && chunks.length === children.length && total === elements.length
    && sizes.every((size) => size <= 2 * CHUNK && (size > 0 || sizes.length === 1));
  const wanted = kept ? sizes : [];
  if (!kept) {
    for (let at = 0; at < elements.length; at += CHUNK) wanted.push(Math.min(CHUNK, elements.length - at));
    if (!wanted.length) wanted.push(0);
  }
  while (chunks.length < wanted.length) {
    const chunk = document.createElement("div");
    chunk.className = "chunk";
    chunk.setAttribute("role", "none");
    list.append(chunk);
    chunks.push(chunk);
  }
  let at = 0;
  wanted.forEach((size, k) => {
    reconcile(chunks[k], elements.slice(at, at + size));
    at += size;
  });
  // What is left: chunks no longer needed, and a card the library put into the list itself
  // (it is in its chunk now, and no longer the list's child).
  for (const child of Array.from(list.children)) {
    if (!child.classList.contains("chunk") || chunks.indexOf(child) >= wanted.length) child.remove();
  }
}

let rovingElement = null;         // the one card Tab reaches from outside the board

/// Makes `element` (a card, or `null`) the one card Tab reaches, and no other.
function setRovingTo(element) {
  if (rovingElement && rovingElement !== element) setRoving(rovingElement, false);
  if (element) setRoving(element, true);
  rovingElement = element;
}

/// Whether Tab reaches `element` (and its checkbox and Open button) from outside the board.
function setRoving(element, on) {
  const index = on ? 0 : -1;
  if (element.tabIndex !== index) element.tabIndex = index;
  for (const control of element.querySelectorAll(".box, .open")) {
    if (control.tabIndex !== index) control.tabIndex = index;
  }
}

/// A column's section: its title (a name and a count) and its list, with "+ Add a card".
function columnSection(column) {
  const section = document.createElement("section");
  section.className = "column";
  section.dataset.title = column.title;
  section.setAttribute("role", "group");
  const title = document.createElement("h2");
  title.className = "title";
  title.tabIndex = 0;
  title.setAttribute("aria-roledescription", "column; < and > move it");
  const name = document.createElement("span");
  name.textContent = column.title;
  const tally = document.createElement("span");
  tally.className = "count";
  title.append(name, tally);
  const list = document.createElement("div");
  list.className = "cards";
  list.setAttribute("role", "list");
  list.setAttribute("aria-label", column.title);
  const add = document.createElement("button");
  add.type = "button";
  add.className = "add-card";
  add.textContent = "+ Add a card";
  add.setAttribute("aria-label", `Add a card to ${column.title}`);
  add.addEventListener("click", () => {
    const c = columnElements.indexOf(section);
    ask(`New card in ${board.columns[c].title}`, "", (title) => addCard(title, c));
  });
  section.append(title, list, add);
  return section;
}

/// The day the cards were last drawn on (their due marks say "today" or "overdue" of it).
let renderedDay = null;

/// Builds the board's elements from `board` (only what changed) and lays the columns out. With
/// `animate`, cards slide from where they were. With `only` (a set of column indices), the other
/// columns are known to be as they were drawn (a drop changes the columns it took cards from and
/// put them in): their cards are not looked at.
function render(animate, only = null) {
  const before = new Map();
  if (animate && !reducedMotion.matches) {
    for (const [id, element] of cardElements) {
      const key = element.dataset.key;
      if (!before.has(key)) before.set(key, element.getBoundingClientRect());
    }
  }
  const hadFocus = document.activeElement && document.activeElement.classList.contains("card");
  const boxHadFocus = document.activeElement?.classList.contains("box") && boardView.contains(document.activeElement);
  // Only what changed is made again: a card whose data, column, selection and day (its due
  // marks) are as they were keeps its element, and a column whose cards are the same elements
  // in the same order is not touched. A drop on a board of thousands of cards then changes two
  // lists, not every card.
  const day = new Date().toDateString();
  renderedDay = day;
  const previous = shownIds;
  // The elements of the cards that may be drawn again, taken out of `cardElements` (all of
  // them, or those of the columns `only` names: the others stay as they are, unvisited).
  let kept;
  if (only) {
    kept = new Map();
    for (const c of only) {
      for (const id of previous[c] ?? []) {
        kept.set(id, cardElements.get(id));
        cardElements.delete(id);
      }
    }
  } else {
    kept = new Map(cardElements);
    cardElements.clear();
  }
  shownIds = [];
  const sections = [];
  board.columns.forEach((column, c) => {
    const old = columnElements[c];
    if (only && !only.has(c) && old && old.dataset.title === column.title && previous[c]) {
      shownIds.push(previous[c]);
      sections.push(old);
      return;
    }
    const section = old && old.dataset.title === column.title ? old : columnSection(column);
    drawCount(section, column);
    const list = section.querySelector(".cards");
    const ids = [];
    const elements = [];
    for (const card of column.cards) {
      if (!matches(card)) continue;
      ids.push(card.id);
      const signature = cardSignature(card, day);
      let element = kept.get(card.id);
      if (!element || element.arrangeSignature !== signature) {
        element = cardElement(card);
        element.arrangeSignature = signature;
      } else {
        cardElements.set(card.id, element);
      }
      // Its label ends with its column's title (see cardElement): set when that changed.
      if (element.arrangeColumn !== column.title) {
        element.arrangeColumn = column.title;
        element.setAttribute("aria-label", `${element.arrangeLabel}, in ${column.title}`);
      }
      const selected = selection.length > 0 && selection.includes(card.id);
      if (element.classList.contains("selected") !== selected) element.classList.toggle("selected", selected);
      elements.push(element);
    }
    reconcileChunks(list, elements);
    shownIds.push(ids);
    sections.push(section);
  });
  if (sections.length !== columnElements.length || sections.some((section, c) => columnElements[c] !== section)) {
    inner.replaceChildren(...sections);
    columnElements = sections;
    makeSortable();
  }
  sections.forEach((section, c) => {
    if (section.dataset.column !== String(c)) {
      section.dataset.column = c;
      section.querySelector(".title").dataset.column = c;
    }
  });
  // One card takes Tab into the board: the focused one, else the first.
  const first = shownIds.find((ids) => ids.length)?.[0];
  setRovingTo(cardElements.get(focusId) ?? cardElements.get(first) ?? null);
  if (selection.length) {
    const known = new Set(board.columns.flatMap((column) => column.cards.map((card) => card.id)));
    selection = selection.filter((id) => known.has(id));
  }
  tellSelection();
  layout();
  if (before.size) {
    // FLIP: each card starts where it was and slides to where it is.
    for (const element of cardElements.values()) {
      const old = before.get(element.dataset.key);
      if (!old) continue;
      const rect = element.getBoundingClientRect();
      const dx = old.left - rect.left;
      const dy = old.top - rect.top;
      if (Math.abs(dx) < 0.5 && Math.abs(dy) < 0.5) continue;
      element.classList.add("still");
      element.style.transform = `translate(${dx}px, ${dy}px)`;
    }
    requestAnimationFrame(() => {
      for (const element of cardElements.values()) {
        if (!element.classList.contains("still")) continue;
        element.getBoundingClientRect();
        element.classList.remove("still");
        element.style.transform = "";
      }
    });
  }
  const focused = focusId != null && cardElements.get(focusId);
  if (hadFocus && focused) focused.focus({ preventScroll: true });
  // A box ticked from the keyboard keeps the focus once the board is drawn again.
  if (boxHadFocus && focused) focused.querySelector(".box")?.focus({ preventScroll: true });
}

/// A column's count of cards, in its title and its label.
function drawCount(section, column) {
  const count = column.cards.length;
  const limit = column.limit == null ? "" : ` of at most ${column.limit}`;
  section.setAttribute("aria-label", `${column.title}, ${count} card${count === 1 ? "" : "s"}${limit}`);
  const tally = section.querySelector(".title .count");
  tally.className = "count" + (column.limit != null && count >= column.limit ? " full" : "");
  tally.textContent = column.limit == null ? `${count}` : `${count}/${column.limit}`;
}

/// The inline marks a card title may carry, as Obsidian and most Markdown editors write them:
/// code, bold, strike, highlight, italic, [[wiki links]] (with an |alias), [links](url), bare
/// web addresses, #tags and Obsidian's @{date} and @@{time}. One group per kind, in this order.
const INLINE_MARKS = new RegExp([
  "(`+)([^`]+?)\\1",
  "\\*\\*(.+?)\\*\\*|__(.+?)__",
  "~~(.+?)~~",
  "==(.+?)==",
  "(?<![\\p{L}\\p{N}*])\\*(?!\\s)(.+?)(?<!\\s)\\*(?![\\p{L}\\p{N}*])",
  "(?<![\\p{L}\\p{N}_])_(?!\\s)(.+?)(?<!\\s)_(?![\\p{L}\\p{N}_])",
  "\\[\\[([^\\]|]+)(?:\\|([^\\]]+))?\\]\\]",
  "\\[([^\\]]+)\\]\\(([^)\\s]+)\\)",
  "(https?:\\/\\/[^\\s<>]*[^\\s<>().,;:!?'\"\\]])",
  "(?<![\\p{L}\\p{N}_&])#([\\p{L}\\p{N}_\\-\\/]*[\\p{L}_\\-\\/][\\p{L}\\p{N}_\\-\\/]*)",
  "@@\\{([^}]+)\\}",
  "@\\{([^}]+)\\}",
].join("|"), "gu");

/// Draws `text` into `into` with its inline marks as elements, each made one by one (the text
/// is never read as HTML), and returns the words a person reads (the marks left out).
function drawInline(text, into) {
  let plain = "";
  let last = 0;
  const words = (value) => {
    into.append(value);
    plain += value;
  };
  for (const m of text.matchAll(INLINE_MARKS)) {
    if (m.index > last) words(text.slice(last, m.index));
    last = m.index + m[0].length;
    let element;
    let inner = null;
    let shown = null;
    if (m[2] != null) [element, shown] = [document.createElement("code"), m[2]];
    else if (m[3] != null || m[4] != null) [element, inner] = [document.createElement("strong"), m[3] ?? m[4]];
    else if (m[5] != null) [element, inner] = [document.createElement("s"), m[5]];
    else if (m[6] != null) [element, inner] = [document.createElement("mark"), m[6]];
    else if (m[7] != null || m[8] != null) [element, inner] = [document.createElement("em"), m[7] ?? m[8]];
    else if (m[9] != null) {
      element = document.createElement("span");
      element.className = "wikilink";
      shown = m[10] ?? m[9];
    } else if (m[11] != null) {
      // Only web and mail addresses become links; anything else (`javascript:`) stays as written.
      if (!isWebAddress(m[12])) {
        words(m[0]);
        continue;
      }
      element = link(m[12]);
      inner = m[11];
    } else if (m[13] != null) [element, shown] = [link(m[13]), m[13]];
    else {
      element = document.createElement("span");
      element.className = m[14] != null ? "tag" : m[15] != null ? "time" : "date";
      shown = m[14] != null ? `#${m[14]}` : m[15] ?? m[16];
      // A tag has a colour of its own, the same wherever and whenever it is drawn.
      // An Obsidian board's own colour for it, from its settings, comes first.
      if (m[14] != null) {
        element.style.setProperty("--hue", tagHue(m[14]));
        const [color, background] = board?.tagColors?.[`#${m[14]}`] ?? [];
        if (color || background) element.classList.add("own");
        if (color) element.style.setProperty("--tag-color", color);
        if (background) element.style.setProperty("--tag-background", background);
      }
    }
    if (inner != null) {
      plain += drawInline(inner, element);
    } else {
      element.textContent = shown;
      plain += shown;
    }
    into.append(element);
  }
  if (last < text.length) words(text.slice(last));
  return plain;
}

/// Whether `address` is a web or mail address, the only kinds a card title links to.
const isWebAddress = (address) => /^(https?:\/\/|mailto:)/i.test(address);

/// The hue of tag `name` (0–359): the same for the same tag, whatever its case.
function tagHue(name) {
  let hash = 0;
  for (const character of name.toLowerCase()) hash = (hash * 31 + character.codePointAt(0)) % 3607;
  return hash % 360;
}

/// A link to the web or mail address `address` that opens in a new tab.
function link(address) {
  const a = document.createElement("a");
  a.href = address;
  a.target = "_blank";
  a.rel = "noopener noreferrer";
  a.draggable = false;
  return a;
}

function cardElement(card) {
  const element = document.createElement("div");
  element.className = "card" + (card.done ? " done" : "");
  // Tab reaches one card of the board (setRovingTo): made, a card is not that one.
  element.tabIndex = -1;
  element.dataset.id = card.id;
  element.dataset.key = card.title;
  element.setAttribute("role", "listitem");
  element.setAttribute("aria-roledescription", "draggable card");
  const words = document.createElement("span");
  words.className = "text";
  const plain = drawInline(card.title, words);
  const state = card.done == null ? "" : card.done ? ", done" : ", not done";
  // What the card's marks show, in words: its due date, its subtasks, whether it has a
  // description.
  const spoken = [];
  const due = card.due ? dueStatus(card.due) : null;
  if (card.due) spoken.push(`due ${card.due}${due.spoken ? `, ${due.spoken}` : ""}`);
  if (card.subtasks.length) {
    const done = card.subtasks.filter((s) => s.done).length;
    spoken.push(`${done} of ${card.subtasks.length} subtask${card.subtasks.length === 1 ? "" : "s"} done`);
  }
  if (card.description.length) spoken.push("has a description");
  // The label ends with the card's column, which render adds (it changes with a drop).
  element.arrangeLabel = [`${plain}${state}`, ...spoken].join(", ");
  element.arrangeName = plain;
  if (card.done != null) {
    // The done mark ticks when clicked, as in Obsidian: a checkbox of its own (reached with Tab
    // from the card, Space or Enter ticks it) that never opens the card nor starts a drag.
    const box = document.createElement("button");
    box.type = "button";
    box.className = "box";
    box.tabIndex = element.tabIndex;
    box.setAttribute("role", "checkbox");
    box.setAttribute("aria-checked", card.done ? "true" : "false");
    box.setAttribute("aria-label", `Done: ${plain}`);
    box.textContent = card.done ? "☑" : "☐";
    box.addEventListener("click", () => tick(card.id));
    element.append(box);
  }
  // The visible way to open a card, for a mouse, a finger or Tab: it never starts a drag. It
  // floats in the card's top right corner (see style.css), after the done mark and before the
  // words: Tab reaches the mark, then it, and nothing in the card is positioned (a positioned
  // card is a layer of its own for the browser to paint: a thousand on a big board).
  const open = document.createElement("button");
  open.type = "button";
  open.className = "open";
  open.textContent = "⋯";
  open.tabIndex = element.tabIndex;
  open.setAttribute("aria-label", `Open ${plain}`);
  open.setAttribute("aria-haspopup", "dialog");
  open.addEventListener("click", () => openDetails(card.id));
  element.append(open, words);
  const facts = [];
  if (card.subtasks.length) {
    facts.push(`☑ ${card.subtasks.filter((s) => s.done).length}/${card.subtasks.length}`);
  }
  if (card.description.length) facts.push("¶");
  if (card.due || facts.length) {
    const meta = document.createElement("span");
    meta.className = "meta";
    if (card.due) meta.append(dueElement(card.due, due));
    if (card.due && facts.length) meta.append(" · ");
    meta.append(facts.join(" · "));
    element.append(meta);
  }
  cardElements.set(card.id, element);
  return element;
}

/// Where a column's list sits in its section (how far below its top, how far above its foot)
/// and the list's padding at its foot, measured once for each section at each width: with them
/// and the heights of the cards, a column's natural height is known without asking the DOM again.
const chromes = new WeakMap();
function chromeOf(section) {
  const width = section.style.width;
  const known = chromes.get(section);
  if (known && known.width === width) return known;
  const box = section.getBoundingClientRect();
  const list = section.querySelector(".cards").getBoundingClientRect();
  const chrome = {
    width,
    list: { y: list.top - box.top, below: box.bottom - list.bottom },
    padding: parseFloat(getComputedStyle(section.querySelector(".cards")).paddingBottom) || 0,
  };
  chromes.set(section, chrome);
  return chrome;
}

/// Each card element's height, and the width of its column when it was measured: a card keeps
/// its height while its element and its column's width stay, so a drop measures only the card
/// it made again.
const cardHeights = new WeakMap();
function cardHeight(element, width) {
  const known = cardHeights.get(element);
  if (known && known.width === width) return known.height;
  const height = element.getBoundingClientRect().height;
  cardHeights.set(element, { width, height });
  return height;
}

/// Per column, its chrome and the heights of the cards it shows (from the caches above, read
/// from the DOM only for what is new), and how tall the column would be as tall as its cards.
function measure(section, c) {
  const chrome = chromeOf(section);
  // A column whose cards are the same (render gives a column it draws again new ids) at the
  // same width is as tall as it was: its thousand cards are not visited again.
  const known = naturals.get(section);
  if (known && known.ids === shownIds[c] && known.chrome === chrome) return known;
  let content = 0;
  for (const id of shownIds[c]) content += cardHeight(cardElements.get(id), chrome.width);
  if (shownIds[c].length) content += SPACING * (shownIds[c].length - 1);
  const measured = { ids: shownIds[c], chrome,
    natural: chrome.list.y + content + chrome.padding + chrome.list.below };
  naturals.set(section, measured);
  return measured;
}
const naturals = new WeakMap();

/// The room between a column's last card and its "+ Add a card".
const ADD_GAP = 6;

/// How tall the columns are made (before the view's own height), and the step it changes by.
let columnsTall = 0;
const TALL_STEP = 160;

/// Places the columns: side by side, each as wide as the view allows and never narrower than
/// MIN_COLUMN, or one above the other on a narrow view. Edges fall on whole pixels. Everything
/// is read before anything is written, so that the browser lays the board out once: a read
/// after a write would have it lay out again at once.
function layout() {
  const count = columnElements.length;
  const { width, height: viewHeight } = viewSize();
  stacked = width < NARROW;
  if (count === 0) return;
  const columnWidth = stacked ? width - 2 * PADDING
    : Math.max(MIN_COLUMN, (width - 2 * PADDING - SPACING * (count - 1)) / count);
  // Nothing is set that is already so, and no column is let go to its own height to be
  // measured: either would make the browser lay out every card of every column again.
  for (const section of columnElements) {
    // The layout below rounds the width to whole pixels: within a pixel, it is the same.
    if (!(Math.abs(parseFloat(section.style.width) - columnWidth) < 1)) {
      setPixels(section, "width", columnWidth);
      section.style.height = "";
    }
  }
  const measures = columnElements.map(measure);
  const natural = measures.map((m) => m.natural);
  const placed = [];
  if (stacked) {
    let y = PADDING;
    for (const height of natural) {
      const top = Math.round(y);
      placed.push([PADDING, top, Math.round(width - PADDING) - PADDING, Math.round(y + height) - top]);
      y += height + SPACING;
    }
  } else {
    // The columns fill the view; on a board taller than the view they are as tall as the
    // tallest needs and some room more, grown and shrunk a step at a time: a drop that makes
    // the tallest column a card taller then leaves every column as tall as it was, instead of
    // having the browser lay out every card of every column again.
    const needed = Math.max(...natural) + 2 * PADDING + 40;
    if (needed <= viewHeight) columnsTall = 0;
    else if (!(needed <= columnsTall && needed > columnsTall - 2 * TALL_STEP)) columnsTall = needed + TALL_STEP;
    const height = Math.max(viewHeight, columnsTall);
    for (let c = 0; c < count; c++) {
      const left = PADDING + c * (columnWidth + SPACING);
      const x = Math.round(left);
      placed.push([x, PADDING, Math.round(left + columnWidth) - x, Math.round(height - PADDING) - PADDING]);
    }
  }
  let right = 0;
  let bottom = 0;
  columnElements.forEach((section, c) => {
    const [x, y, w, h] = placed[c];
    setPixels(section, "left", x);
    setPixels(section, "top", y);
    setPixels(section, "width", w);
    setPixels(section, "height", h);
    // "+ Add a card" just below the last card (in the list's foot, where a drop lands last),
    // not at the foot of a column that fills the view.
    const { natural: tall, chrome } = measures[c];
    setPixels(section.lastElementChild, "top", tall - chrome.padding - chrome.list.below + ADD_GAP);
    right = Math.max(right, x + w);
    bottom = Math.max(bottom, y + h);
  });
  setPixels(inner, "width", right + PADDING);
  setPixels(inner, "height", bottom + PADDING);
}

/// The board view's size, kept by a ResizeObserver: read on a drop, it would have the browser
/// lay the board out at once (and again once the drop's changes are made).
let viewKnown = null;
function viewSize() {
  viewKnown ??= { width: boardView.clientWidth, height: boardView.clientHeight };
  return viewKnown;
}
new ResizeObserver(() => {
  const width = boardView.clientWidth;
  const height = boardView.clientHeight;
  if (viewKnown && viewKnown.width === width && viewKnown.height === height) return;
  viewKnown = { width, height };
  // During a drag the columns stay where the library measured them: laid out once it ends.
  if (board && isDragging()) resizedWhileDragging = true;
  else if (board) layout();
}).observe(boardView);
let resizedWhileDragging = false;

/// Sets `element.style[name]` to `value` pixels (to a hundredth), unless it is that already:
/// a column given its own height again would have all its cards laid out again.
function setPixels(element, name, value) {
  const text = `${Math.round(value * 100) / 100}px`;
  if (element.style[name] !== text) element.style[name] = text;
}

// MARK: - Dragging

const isDragging = () => Boolean(columnsList?.dragging || columnElements[0]?.sortable?.dragging);

/// Makes every column's list of cards sortable, in the columns' order (the order the keyboard
/// moves a card through): one group, so that a card may go to any column.
function makeSortable() {
  for (const section of inner.querySelectorAll(".column")) {
    section.sortable?.destroy();
    section.sortable = null;
  }
  for (const section of columnElements) {
    section.sortable = arrange.sortable(section.querySelector(".cards"), {
      group: "cards",
      items: ".card",
      chunks: ".chunk",
      // A press on a card's checkbox or its Open control is theirs; Enter opens the card.
      filter: ".open, .box",
      liftKeys: [" "],
      appearance: "engine",
      itemName: (element) => element.arrangeName,
      label: section.dataset.title,
      canDrop: (item, from, to) => fullColumn(from, to),
      onLift: () => hideRefusal(),
      onMove: ({ to, refused }) => showTarget(to, refused),
      onDrop: dropped,
      onEnd: ended,
    });
  }
  toldSelection = [];
}

/// Why a column refuses a card from another one: it is full (its limit counts every card, the
/// ones a search hides too). True when it takes it.
function fullColumn(from, to) {
  if (from === to) return true;
  const column = board.columns[columnElements.findIndex((section) => section.contains(to))];
  const limit = column?.limit;
  if (limit == null || column.cards.length < limit) return true;
  return `“${column.title}” is full: it takes at most ${limit} card${limit === 1 ? "" : "s"}.`;
}

/// Outlines the column a drag is over: as the target, or as refusing with the reason beside the
/// card.
function showTarget(list, refused) {
  const over = list?.closest(".column") ?? null;
  for (const section of columnElements) {
    section.classList.toggle("target", section === over && !refused);
    section.classList.toggle("refusing", section === over && Boolean(refused));
  }
  if (refused && refused !== showTarget.refused) showRefusal(refused);
  else if (!refused && showTarget.refused) hideRefusal();
  showTarget.refused = refused || null;
}

function showRefusal(message) {
  status(message, true);
  // Said while it is true: the next drop that lands takes it away (see dropped).
  $("status").dataset.refusal = message;
  let label = $("refusal");
  if (!label) {
    label = document.createElement("div");
    label.id = "refusal";
    label.className = "refusal";
    label.setAttribute("aria-hidden", "true");
  }
  label.textContent = message;
  // Beside the dragged card, inside it: it follows the card with no work per move.
  const card = document.querySelector(".card.arrange-dragging");
  if (card) {
    card.append(label);
    Object.assign(label.style, { left: "0", top: "-28px" });
  } else {
    inner.append(label);
    Object.assign(label.style, { left: "20px", top: "20px" });
  }
  clearTimeout(showRefusal.timer);
  showRefusal.timer = setTimeout(hideRefusal, 2500);
}

function hideRefusal() {
  $("refusal")?.remove();
}

/// A drop of cards (the library has moved their elements): the board here takes the moves at
/// once (the page does not wait for the server) and sends them. Called once per drop.
function dropped(event) {
  if (event.operations === dropped.last) return;
  dropped.last = event.operations;
  const requests = [];
  const touched = new Set();
  for (const record of event.operations) {
    if (record.type !== "move" || !record.item || !record.to) continue;
    const card = Number(record.item.dataset.id);
    const toColumn = columnElements.findIndex((section) => section.contains(record.to));
    const column = board.columns[toColumn];
    if (!column) continue;
    // The library counts the cards shown; the board counts them all (a search hides some).
    // Each operation is in terms of the board as the ones before it left it.
    const others = column.cards.filter((c) => c.id !== card);
    for (const ids of shownIds) {
      const at = ids.indexOf(card);
      if (at >= 0) ids.splice(at, 1);
    }
    const shown = shownIds[toColumn];
    const toIndex = record.toIndex;
    const before = toIndex > 0 ? shown[Math.min(toIndex, shown.length) - 1] : null;
    let at = before == null ? (shown.length ? others.findIndex((c) => c.id === shown[0]) : others.length)
      : others.findIndex((c) => c.id === before) + 1;
    if (at < 0) at = others.length;
    shown.splice(Math.min(toIndex, shown.length), 0, card);
    requests.push({ op: "move", card, column: toColumn, index: at });
    touched.add(moveLocally(card, toColumn, at));
    touched.add(toColumn);
  }
  if (!requests.length) return;
  clearRefusal();
  send(requests);
  // The library has moved the cards' elements where the board now has them: when they are
  // drawn as they were (nothing selected, no card changed by its move, the same day), only
  // their labels and the columns' counts change, and the columns' cards are not visited.
  const day = new Date().toDateString();
  const same = (request) => {
    const element = cardElements.get(request.card);
    const card = board.columns[request.column]?.cards.find((c) => c.id === request.card);
    return element && card && cardSignature(card, day) === element.arrangeSignature;
  };
  if (!selection.length && day === renderedDay && requests.every(same)) {
    for (const c of touched) {
      if (!board.columns[c]) continue;
      drawCount(columnElements[c], board.columns[c]);
      // A new array: layout() knows the column's height by its array of ids.
      shownIds[c] = shownIds[c].slice();
    }
    for (const { card, column } of requests) {
      const element = cardElements.get(card);
      const title = board.columns[column].title;
      if (element.arrangeColumn !== title) {
        element.arrangeColumn = title;
        element.setAttribute("aria-label", `${element.arrangeLabel}, in ${title}`);
      }
    }
    const first = shownIds.find((ids) => ids.length)?.[0];
    setRovingTo(cardElements.get(focusId) ?? cardElements.get(first) ?? null);
    layout();
    return;
  }
  // A selection is dragged once: its cards are drawn unselected.
  for (const id of selection) {
    const at = locate(id);
    if (at) touched.add(at.column);
  }
  selection = [];
  render(false, touched);
}

/// A press or drag of cards ended: the outlines go, and a board that arrived meanwhile shows.
function ended() {
  showTarget(null, null);
  if (resizedWhileDragging && !isDragging()) {
    resizedWhileDragging = false;
    layout();
  }
  if (waitingBoard && !isDragging()) {
    const next = waitingBoard;
    waitingBoard = null;
    receive(next);
  }
}

/// Moves card `id` to place `index` of column `toColumn` in the board shown; returns the index
/// of the column it was in (-1 if none).
function moveLocally(id, toColumn, index) {
  let moving = null;
  let from = -1;
  board.columns.forEach((column, c) => {
    const at = column.cards.findIndex((card) => card.id === id);
    if (at >= 0) {
      [moving] = ownColumn(c).cards.splice(at, 1);
      from = c;
    }
  });
  if (!moving) return -1;
  const target = ownColumn(toColumn);
  // A card a Complete lane ticks is this page's own copy (the server's board keeps its card).
  if (target.complete && moving.done === false) moving = Object.assign({}, moving, { done: true });
  target.cards.splice(Math.min(index, target.cards.length), 0, moving);
  return from;
}

/// The columns, dragged by their titles (side by side; not when they are stacked). The library
/// only reports the move: the board draws its columns itself.
function makeColumnsSortable() {
  columnsList = arrange.sortable(inner, {
    group: "columns",
    direction: "horizontal",
    items: ".column",
    handle: ".title",
    keyboard: false,
    dom: "report",
    canDrag: () => !stacked,
    itemName: (section) => section.dataset.title,
    label: "the board",
    messages: {
      pickedUp: (c) => `Picked up the column ${c.name}, place ${c.position} of ${c.count}`,
      moved: (c) => `Place ${c.position} of ${c.count}`,
      willReturn: (c) => `Back to place ${c.position}`,
      dropped: (c) => `Moved the column ${c.name} to place ${c.position}`,
      didNotMove: (c) => `The column ${c.name} stays where it was`,
      cancelled: (c) => `Cancelled, the column ${c.name} stays at place ${c.position}`,
    },
    onDrop: ({ fromIndex, toIndex, operations }) => {
      if (operations.length !== 1 || fromIndex === toIndex) return;
      const [column] = ownColumns().splice(fromIndex, 1);
      board.columns.splice(toIndex, 0, column);
      send([{ op: "moveColumn", from: fromIndex, to: toIndex }]);
      render(false);
    },
    onEnd: ended,
  });
}

/// Tells the library which cards are selected (it drags them together), in order.
function tellSelection() {
  const list = columnElements[0]?.sortable;
  if (!list) return;
  const wanted = selection.map((id) => cardElements.get(id)).filter(Boolean);
  if (wanted.length === toldSelection.length && wanted.every((element, i) => toldSelection[i] === element)) return;
  for (const element of toldSelection) list.select(element, false);
  for (const element of wanted) list.select(element, true);
  toldSelection = wanted;
}

function toggleSelection(id) {
  const at = selection.indexOf(id);
  if (at >= 0) selection.splice(at, 1);
  else selection.push(id);
  cardElements.get(id)?.classList.toggle("selected", at < 0);
  tellSelection();
  announce(`${selection.length} card${selection.length === 1 ? "" : "s"} selected`);
}

// MARK: - Pointer presses that are no drags

/// The card the last click or tap opened, and when: a double click that follows opens it too.
const pressed = { card: null, at: 0 };

boardView.addEventListener("pointerdown", (event) => {
  const card = event.target.closest(".card");
  if (!card || event.button !== 0 || event.target.closest(".open, .box")) return;
  if (!event.shiftKey && !event.ctrlKey && !event.metaKey) focusCard(Number(card.dataset.id));
});

/// A click (or tap) on a card that no drag followed: with Shift, Ctrl or ⌘ it selects the card;
/// on a tag it shows the cards with that tag; else it opens the card. (A link opens itself.)
boardView.addEventListener("click", (event) => {
  const card = event.target.closest(".card");
  if (!card || event.target.closest(".open, .box, a")) return;
  const id = Number(card.dataset.id);
  if (event.shiftKey || event.ctrlKey || event.metaKey) {
    event.preventDefault();
    toggleSelection(id);
    return;
  }
  const tag = event.target.closest(".tag");
  if (tag) {
    $("search").value = tag.textContent;
    setFilter(tag.textContent);
    return;
  }
  pressed.card = id;
  pressed.at = performance.now();
  openDetails(id);
});

// MARK: - Keys

/// Adds a card titled `title` to column `index`; once it is in, it is said and focused.
function addCard(title, index) {
  const before = new Set((board.columns[index]?.cards ?? []).map((card) => card.id));
  send([{ op: "add", title, column: index }], (next) => {
    const column = next.columns[index];
    const added = column?.cards.find((card) => !before.has(card.id));
    if (!added) return;
    announce(`Added ${added.title} to ${column.title}`);
    requestAnimationFrame(() => focusCard(added.id));
  });
}

function focusCard(id) {
  const element = cardElements.get(id);
  if (!element) return;
  setRovingTo(element);
  focusId = id;
  element.focus({ preventScroll: false });
}

function locate(id) {
  for (let c = 0; c < shownIds.length; c++) {
    const index = shownIds[c].indexOf(id);
    if (index >= 0) return { column: c, index };
  }
  return null;
}

function moveFocus(key, id) {
  const at = locate(id);
  if (!at) return;
  if (key === "ArrowUp" || key === "ArrowDown") {
    const ids = shownIds[at.column];
    const next = ids[at.index + (key === "ArrowUp" ? -1 : 1)];
    if (next != null) focusCard(next);
    return;
  }
  const direction = key === "ArrowLeft" ? -1 : 1;
  for (let c = at.column + direction; c >= 0 && c < shownIds.length; c += direction) {
    const ids = shownIds[c];
    if (ids.length) {
      focusCard(ids[Math.min(at.index, ids.length - 1)]);
      return;
    }
  }
}

document.addEventListener("keydown", (event) => {
  if (document.querySelector("dialog[open]")) return;
  // Space lifts a card and, during a drag, the arrows, Space, Enter and Escape are the
  // library's (on the cards' lists, before this).
  if (event.arrangeSeen || isDragging()) return;
  const target = event.target;
  if (target.id === "search") {
    if (event.key === "Escape") {
      target.value = "";
      setFilter("");
      cardElements.values().next().value?.focus();
    }
    return;
  }
  if (event.ctrlKey || event.metaKey || event.altKey) return;
  if (target.closest?.(".open, .box") && (event.key === " " || event.key === "Enter")) return;
  const card = target.closest?.(".card");
  const id = card ? Number(card.dataset.id) : null;
  const title = target.closest?.(".title");
  const column = card ? locate(id)?.column : title ? Number(title.dataset.column) : null;
  switch (event.key) {
    case "ArrowUp": case "ArrowDown": case "ArrowLeft": case "ArrowRight":
      if (id == null) return;
      event.preventDefault();
      moveFocus(event.key, id);
      return;
    case "Enter":
      if (id == null) return;
      event.preventDefault();
      openDetails(id);
      return;
    case "a":
      event.preventDefault();
      ask("New card in " + board.columns[column ?? 0].title, "", (title) =>
        addCard(title, column ?? 0));
      return;
    case "e":
      if (id == null) return;
      event.preventDefault();
      rename(id);
      return;
    case "D": case "Delete":
      if (id == null) return;
      event.preventDefault();
      send([{ op: "delete", card: id }]);
      return;
    case "t":
      if (id == null) return;
      event.preventDefault();
      tick(id);
      return;
    // v selects, as in the terminal app; s, which the page used first, still does.
    case "v": case "s":
      if (id == null) return;
      toggleSelection(id);
      return;
    case "<": case ">":
      if (column == null) return;
      event.preventDefault();
      moveColumn(column, event.key === "<" ? -1 : 1);
      return;
    case "/":
      event.preventDefault();
      $("search").focus();
      return;
    case "C":
      event.preventDefault();
      ask("New column", "", (title) => send([{ op: "addColumn", title }]));
      return;
    case "E":
      if (column == null) return;
      event.preventDefault();
      ask("Column title", board.columns[column].title, (title) =>
        send([{ op: "renameColumn", column, title }]));
      return;
    case "X": {
      if (column == null) return;
      event.preventDefault();
      const cards = board.columns[column].cards.length;
      const again = removing && removing.column === column && Date.now() - removing.time < 4000;
      if (cards === 0 || again) {
        removing = null;
        send([{ op: "deleteColumn", column, withCards: cards > 0 }]);
      } else {
        removing = { column, time: Date.now() };
        status(`X again removes “${board.columns[column].title}” with its ${cards} card${cards === 1 ? "" : "s"} (u undoes it)`);
      }
      return;
    }
    case "u": send([{ op: "undo" }]); return;
    case "r": send([{ op: "redo" }]); return;
    // As in the terminal, and as the messages about the file say: R reloads the file, W writes
    // this board over it (after another program changed or removed it).
    case "R": send([{ op: "reload" }]); return;
    case "W": send([{ op: "overwrite" }]); return;
    case "?": $("help").showModal(); return;
    case "A": showArchive(); return;
    case "d": event.preventDefault(); showDue(); return;
    default:
  }
});

function cardById(id) {
  for (const column of board.columns) {
    const card = column.cards.find((c) => c.id === id);
    if (card) return { card, column };
  }
  return null;
}

function tick(id) {
  const found = cardById(id);
  if (found) send([{ op: "tick", card: id, done: !found.card.done }]);
}

function rename(id) {
  const found = cardById(id);
  if (!found) return;
  ask("Title", found.card.title, (title) => send([{ op: "rename", card: id, title }]));
}

function moveColumn(column, direction) {
  const to = column + direction;
  if (to < 0 || to >= board.columns.length) return;
  const [moving] = ownColumns().splice(column, 1);
  board.columns.splice(to, 0, moving);
  send([{ op: "moveColumn", from: column, to }]);
  render(true);
  announce(`Moved the column ${moving.title} to place ${to + 1}`);
  columnElements[to]?.querySelector(".title").focus();
}

// MARK: - Dialogs and search

/// Asks for a line of text (or, `multiline`, several lines) in a dialog; `done` gets it unless
/// the person cancels. With `allowEmpty`, an empty answer counts too.
function ask(label, value, done, { multiline = false, allowEmpty = false, date = false } = {}) {
  const dialog = $("ask");
  $("ask-label").textContent = label;
  const input = multiline ? $("ask-text") : $("ask-input");
  $("ask-input").hidden = multiline;
  $("ask-text").hidden = !multiline;
  // A due date: a calendar to pick the day from, beside the text (which takes a time or a
  // relative date too: 2026-12-24 17:30, 3d, 1w 2d).
  $("ask-date-row").hidden = !date;
  $("ask-forms").hidden = !date;
  if (date) {
    const picker = $("ask-date");
    picker.value = /^\d{4}-\d{2}-\d{2}/.test(value) ? value.slice(0, 10) : "";
    picker.oninput = () => { if (picker.value) $("ask-input").value = picker.value; };
  }
  $("ask-label").htmlFor = input.id;
  input.value = value;
  dialog.onclose = () => {
    const answer = input.value.trim();
    if (dialog.returnValue === "ok" && (answer || allowEmpty)) done(answer);
    dialog.returnValue = "";
  };
  dialog.showModal();
  input.select();
}

function openDetails(id) {
  const found = cardById(id);
  if (!found) return;
  const already = $("details").open;
  if (already && openDetails.id === id) return;
  openDetails.id = id;
  const { card, column } = found;
  $("details-title").replaceChildren();
  drawInline(card.title, $("details-title"));
  // "Column: In Progress", never "In In Progress": the name stands apart from the words.
  $("details-column").textContent = `Column: ${column.title}`;
  $("details-due").replaceChildren();
  if (card.due) {
    // "Due 2026-12-05", "⚠ overdue · due 2026-12-01": the mark's own words, capitalised.
    const due = dueElement(card.due, dueStatus(card.due));
    due.textContent = due.textContent[0].toUpperCase() + due.textContent.slice(1);
    $("details-due").append(due);
  }
  const description = $("details-description");
  description.textContent = "";
  for (const line of card.description) {
    const paragraph = document.createElement("p");
    paragraph.textContent = line;
    description.append(paragraph);
  }
  const list = $("details-subtasks");
  list.textContent = "";
  const reopen = () => setTimeout(() => openDetails(id), 300);
  card.subtasks.forEach((subtask, index) => {
    const item = document.createElement("li");
    const label = document.createElement("label");
    const box = document.createElement("input");
    box.type = "checkbox";
    box.checked = subtask.done;
    box.addEventListener("change", () =>
      send([{ op: "subtask", card: id, index, done: box.checked }]));
    label.append(box, ` ${subtask.title}`);
    // Each subtask's own actions: rename, move up or down, delete.
    const action = (text, name, run) => {
      const button = document.createElement("button");
      button.type = "button";
      button.textContent = text;
      button.setAttribute("aria-label", `${name} the subtask ${subtask.title}`);
      button.addEventListener("click", () => {
        $("details").close();
        run();
      });
      item.append(button);
    };
    item.append(label);
    action("Rename", "Rename", () => ask("Subtask", subtask.title, (title) => {
      send([{ op: "renameSubtask", card: id, index, title }]);
      reopen();
    }));
    if (index > 0) {
      action("↑", "Move up", () => { send([{ op: "moveSubtask", card: id, from: index, to: index - 1 }]); reopen(); });
    }
    if (index < card.subtasks.length - 1) {
      action("↓", "Move down", () => { send([{ op: "moveSubtask", card: id, from: index, to: index + 1 }]); reopen(); });
    }
    action("Delete", "Delete", () => send([{ op: "deleteSubtask", card: id, index }]));
    list.append(item);
  });
  $("details-subtask").onclick = () => {
    $("details").close();
    ask("New subtask", "", (title) => { send([{ op: "addSubtask", card: id, title }]); reopen(); });
  };
  $("details-describe").onclick = () => {
    $("details").close();
    ask("Description", card.description.join("\n"), (text) => {
      send([{ op: "describe", card: id, lines: text ? text.split("\n") : [] }]);
      reopen();
    }, { multiline: true, allowEmpty: true });
  };
  $("details-due-button").onclick = () => {
    $("details").close();
    ask("Due date (empty removes it)", card.due || "", (due) => {
      send([{ op: "due", card: id, due }]);
      reopen();
    }, { allowEmpty: true, date: true });
  };
  $("details-tick").textContent = card.done ? "Untick" : "Tick done";
  $("details-tick").onclick = () => { tick(id); $("details").close(); };
  $("details-rename").onclick = () => { $("details").close(); rename(id); };
  $("details-delete").onclick = () => { send([{ op: "delete", card: id }]); $("details").close(); };
  $("details").onclose = () => focusCard(id);
  if (!already) $("details").showModal();
}

// MARK: - Due dates

const DAY = 86400000;
/// How many days ahead a due date counts as soon (after today).
const SOON_DAYS = 3;

/// What a due date means now: `{ kind, mark, spoken, time }` where `kind` is "overdue",
/// "today", "soon" or "" (later, or a date in no form the page reads), `mark` says it in words
/// on the card, `spoken` in a card's name after its date, and `time` is
/// the moment (milliseconds; a plain date counts as the end of that day) or `Infinity`.
/// The board's files hold `YYYY-MM-DD` (a day, local) or `YYYY-MM-DD HH:MM UTC` (a moment), as
/// taskell writes them; the terminal marks the same dates the same way.
function dueStatus(text, now = new Date()) {
  const match = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::\d{2})?\s*(UTC|Z)?)?$/.exec(text.trim());
  const none = { kind: "", mark: "", spoken: "", time: Infinity };
  if (!match || Number(match[2]) < 1 || Number(match[2]) > 12 || Number(match[3]) < 1 ||
    Number(match[3]) > 31) return none;
  const [year, month, day] = [Number(match[1]), Number(match[2]) - 1, Number(match[3])];
  const startOfToday = new Date(now.getFullYear(), now.getMonth(), now.getDate()).getTime();
  let time;
  let dayStart;
  if (match[4] != null) {
    const [hour, minute] = [Number(match[4]), Number(match[5])];
    time = match[6] ? Date.UTC(year, month, day, hour, minute) : new Date(year, month, day, hour, minute).getTime();
    const local = new Date(time);
    dayStart = new Date(local.getFullYear(), local.getMonth(), local.getDate()).getTime();
    if (Number.isNaN(time)) return none;
    if (time < now.getTime()) return { kind: "overdue", mark: "overdue", spoken: "overdue", time };
  } else {
    dayStart = new Date(year, month, day).getTime();
    time = dayStart + DAY - 1;
    if (Number.isNaN(time)) return none;
    if (dayStart < startOfToday) return { kind: "overdue", mark: "overdue", spoken: "overdue", time };
  }
  // Whole days from today, counted on the calendar (a day with a clock change is still one).
  const days = Math.round((dayStart - startOfToday) / DAY);
  if (days === 0) return { kind: "today", mark: "due today", spoken: "today", time };
  if (days <= SOON_DAYS) {
    const when = days === 1 ? "tomorrow" : `in ${days} days`;
    return { kind: "soon", mark: `due ${when}`, spoken: when, time };
  }
  return { ...none, time };
}

/// A due date as shown on a card and in the details: the date, and what it means in words
/// with a sign (never by colour alone).
function dueElement(text, due) {
  const element = document.createElement("span");
  element.className = "due" + (due.kind ? ` due-${due.kind}` : "");
  element.textContent = {
    overdue: `⚠ overdue · due ${text}`,
    today: `◷ due today · ${text}`,
    soon: `◷ ${due.mark} · ${text}`,
  }[due.kind] || `due ${text}`;
  return element;
}

/// The cards with due dates across every column, soonest first (overdue at the top), each
/// opening its card.
function showDue() {
  const list = $("due-cards");
  list.textContent = "";
  const rows = [];
  for (const column of board.columns) {
    for (const card of column.cards) {
      if (card.due) rows.push({ card, column, due: dueStatus(card.due) });
    }
  }
  rows.sort((a, b) => a.due.time - b.due.time || a.card.due.localeCompare(b.card.due));
  for (const { card, column, due } of rows) {
    const item = document.createElement("li");
    const button = document.createElement("button");
    button.type = "button";
    button.className = "due-row" + (card.done ? " done" : "");
    const title = document.createElement("span");
    title.className = "due-title";
    drawInline(card.title, title);
    const where = document.createElement("span");
    where.className = "muted";
    where.textContent = ` — ${column.title}${card.done ? ", done" : ""}`;
    button.append(dueElement(card.due, due), " ", title, where);
    button.addEventListener("click", () => {
      $("due").close();
      focusId = card.id;
      openDetails(card.id);
    });
    item.append(button);
    list.append(item);
  }
  $("due-empty").hidden = rows.length > 0;
  $("due").showModal();
}

function showArchive() {
  const list = $("archive-cards");
  list.textContent = "";
  for (const title of board.archive || []) {
    const item = document.createElement("li");
    item.textContent = title;
    list.append(item);
  }
  if (!list.children.length) {
    status("This board has no archive.");
    return;
  }
  $("archive").showModal();
}

function setFilter(value) {
  filter = value.trim().toLowerCase();
  render(false);
  // How many cards the search leaves, said politely (the status line is a live region).
  const cards = board.columns.flatMap((column) => column.cards);
  if (filter) {
    countSaid = `${cards.filter(matches).length} of ${cards.length} cards`;
    status(countSaid);
  } else if (countSaid && $("status").textContent === countSaid) {
    countSaid = "";
    status("");
  }
}
let countSaid = "";

boardView.addEventListener("focusin", (event) => {
  const card = event.target.closest?.(".card");
  if (card) focusId = Number(card.dataset.id);
});
boardView.addEventListener("dblclick", (event) => {
  const card = event.target.closest?.(".card");
  const id = card ? Number(card.dataset.id) : performance.now() - pressed.at < 1000 ? pressed.card : null;
  if (id != null && !event.target.closest?.(".open, .box, a, .tag")) openDetails(id);
});
$("search").addEventListener("input", (event) => setFilter(event.target.value));
$("undo").addEventListener("click", () => send([{ op: "undo" }]));
$("redo").addEventListener("click", () => send([{ op: "redo" }]));
$("reload").addEventListener("click", () => send([{ op: "reload" }]));
$("overwrite").addEventListener("click", () => send([{ op: "overwrite" }]));
$("help-button").addEventListener("click", () => $("help").showModal());
$("show-archive").addEventListener("click", () => showArchive());
$("show-due").addEventListener("click", () => showDue());
$("add-column").addEventListener("click", () =>
  ask("New column", "", (title) => send([{ op: "addColumn", title }])));

// MARK: - Start

async function start() {
  try {
    openBoard();   // asks for the board while the library loads; shows it once it is ready
    const { Arrange } = await import("./arrange-lib.js");
    arrange = await Arrange.load(new URL("arrange.wasm", location.href), { announce });
    look = { duration: arrange.engineAppearance.animationDuration };
    document.documentElement.style.setProperty("--duration", reducedMotion.matches ? "0s" : `${look.duration}s`);
    makeColumnsSortable();
    ready();
  } catch (error) {
    status(`The board cannot start: ${error.message}`, true);
  }
}
let ready;
const moduleReady = new Promise((resolve) => { ready = resolve; });

/// Loads the board with `token` and opens the live connection, once the module is ready. A later
/// call (a new token pasted into the address) replaces an earlier one and its connection.
async function openBoard() {
  const mine = ++opening;
  try {
    const answer = await request("api/board");
    await moduleReady;
    if (mine !== opening) return;
    if (!answer.ok) {
      status(answer.status === 401 ? "Open the address arrange serve printed: it carries the key to this board."
        : `The board cannot be read (${answer.status}).`, true);
      return;
    }
    const next = await answer.json();
    if (mine !== opening) return;
    status("");
    // Another server (started again, with a new token) counts its versions afresh.
    if (board && !isDragging() && next.version < board.version) board = null;
    receive(next);
    window.arrangeLoaded ??= performance.now();
    connect();
  } catch (error) {
    if (mine === opening) status(`The board cannot be read: ${error.message}`, true);
  }
}

// An address with a new token pasted into this tab changes only its fragment: the page takes
// the new token and loads the board with it, without a reload.
addEventListener("hashchange", () => {
  const next = tokenInAddress();
  if (!next || next === token) return;
  token = next;
  const old = socket;
  socket = null;
  opening += 1;   // the old connection's handlers stand down before it closes
  old?.close();
  openBoard();
});

/// Measures a scripted drag over the board (for the benchmark script).
///
/// Each pointer move is sent at the start of a frame, as browsers send input, and timed until
/// that frame is painted: from the event to the message posted in the same frame, which runs
/// once the frame's style, layout and paint are done (engine + DOM + rendering). Also times each
/// move to its styles and layout alone, forced at once.
window.arrangeBenchmark = async function (moves = 200) {
  const first = cardElements.values().next().value;
  const rect = first.getBoundingClientRect();
  const startX = rect.left + rect.width / 2;
  const startY = rect.top + rect.height / 2;
  const fire = (type, x, y) => boardView.dispatchEvent(new PointerEvent(type, {
    pointerId: 7, pointerType: "mouse", isPrimary: true, clientX: x, clientY: y, button: 0, buttons: 1,
    bubbles: true,
  }));
  first.dispatchEvent(new PointerEvent("pointerdown", { pointerId: 7, pointerType: "mouse", isPrimary: true,
    clientX: startX, clientY: startY, button: 0, buttons: 1, bubbles: true }));
  const width = boardView.clientWidth;
  const point = (step) => [startX + ((step * 7) % Math.max(50, width - 100)), startY + ((step * 13) % 400)];
  const painted = [];
  const laidOut = [];
  for (let step = 1; step <= moves; step++) {
    await new Promise((resolve) => requestAnimationFrame(() => {
      const begin = performance.now();
      fire("pointermove", ...point(step));
      const channel = new MessageChannel();
      channel.port1.onmessage = () => {
        painted.push(performance.now() - begin);
        resolve();
      };
      channel.port2.postMessage(0);
    }));
  }
  for (let step = moves + 1; step <= 2 * moves; step++) {
    const begin = performance.now();
    fire("pointermove", ...point(step));
    document.body.offsetHeight;
    laidOut.push(performance.now() - begin);
    if (step % 10 === 0) await new Promise((resolve) => requestAnimationFrame(resolve));
  }
  fire("pointercancel", startX, startY);
  const at = (list, q) => {
    const sorted = [...list].sort((a, b) => a - b);
    return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  };
  return { moves, p50: at(painted, 0.5), p99: at(painted, 0.99), max: Math.max(...painted),
    layoutP50: at(laidOut, 0.5), layoutP99: at(laidOut, 0.99), loaded: window.arrangeLoaded };
};

start();

