// The board in a browser: a thin host for the engines in WebAssembly (arrange-board.wasm, built from
// ArrangeGeometry, ArrangeLayout and ArrangeDragDrop). The page turns Pointer Events and keys
// into engine inputs, applies the engine's presentation to the DOM with transforms, and sends
// only the operations a drop makes to the server; pointer moves never leave the page.
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

let e = null;             // the module's exports
let look = { duration: 0.2, catchScale: 1.2, releaseScale: 1.05, snapshotAlpha: 0.8,
  displacedAlpha: 0.6, press: 0.15 };
let board = null;         // the board as the server last sent it (or as changed here since)
let waitingBoard = null;  // a board that arrived during a drag, shown once it ends
let filter = "";
let stacked = false;
const cardElements = new Map();   // card id -> element
let columnElements = [];
let shownIds = [];                // per column, the ids of the cards shown (search hides some)
let selection = [];               // selected card ids, in order
let focusId = null;               // the focused card, kept across renders
let pointer = null;               // the pointer pressing a card: {id, kind, x, y}
let titlePointer = null;          // the pointer pressing a column title
let keyboardId = null;            // the card lifted with the keyboard
let ghost = null;                 // {element, id, width, height}
let shiftedElements = new Set();
let refusedNow = false;           // whether the last presentation showed a refusal
let cardEnds = [];                // per column, where each card shown ends (content coordinates)
let columnSpans = [];             // per column, its left and right edges
let hiddenElement = null;         // the card whose place the lifted card left
const marked = new Set();         // the cards a drag hid or marked as companions, for settle
let removing = null;              // a column X was pressed on once: {column, time}
let sending = Promise.resolve();
let socket = null;        // the live connection, opened with `token`
let opening = 0;          // counts the loads of the board: a later one (a new token) wins
let inFlight = 0;         // changes sent and not answered yet
let deferredBoard = null; // the newest board pushed while they were on their way
const encoder = new TextEncoder();
const decoder = new TextDecoder();

// MARK: - The module

/// Memory for arguments, grown as needed.
const buffers = {};
function buffer(name, bytes) {
  const known = buffers[name];
  if (known && known.bytes >= bytes) return known.pointer;
  if (known) e.arrange_free(known.pointer);
  const size = Math.max(bytes, 1024);
  buffers[name] = { pointer: e.arrange_alloc(size), bytes: size };
  return buffers[name].pointer;
}
const f64 = (pointer, count) => new Float64Array(e.memory.buffer, pointer, count);
const i32 = (pointer, count) => new Int32Array(e.memory.buffer, pointer, count);
function text(read) {
  const room = buffer("text", 4096);
  const length = read(room, 4096);
  return decoder.decode(new Uint8Array(e.memory.buffer, room, Math.min(length, 4096)).slice());
}
/// Hands `text` to an entry point that takes a number, a pointer and a length.
function withText(entry, number, text) {
  const bytes = encoder.encode(text);
  const pointer = buffer("name", bytes.length + 1);
  new Uint8Array(e.memory.buffer, pointer, bytes.length).set(bytes);
  entry(number, pointer, bytes.length);
}
const setName = (id, name) => withText(e.arrange_set_name, id, name);
const now = () => performance.now() / 1000;
const duration = () => (reducedMotion.matches ? 0 : look.duration);

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
    receive(structuredClone(next));
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
  if (inFlight > 0) {
    defer(next);
    return;
  }
  if (board && next.version < board.version) return;
  show(next);
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
  const changed = !board || JSON.stringify(board.columns) !== JSON.stringify(next.columns);
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

function status(message, error = false) {
  const line = $("status");
  line.textContent = message;
  line.classList.toggle("error", error);
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

/// Builds the board's elements from `board`, lays the columns out with ArrangeLayout and tells
/// the drag engine where every card is. With `animate`, cards slide from where they were.
/// What a card is drawn from: if it is the same, its element can stay.
function cardSignature(card, column, day) {
  const subtasks = card.subtasks.map((subtask) => (subtask.done ? "x" : "o") + subtask.title);
  return [card.title, card.done, card.due, card.description.join("\n"), subtasks.join("\u0001"),
    column.title, selection.includes(card.id), card.due ? day : ""].join("\u0000");
}

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
function columnSection(column, c) {
  const section = document.createElement("section");
  section.className = "column";
  section.dataset.column = c;
  section.dataset.title = column.title;
  section.setAttribute("role", "group");
  const title = document.createElement("h2");
  title.className = "title";
  title.tabIndex = 0;
  title.dataset.column = c;
  title.setAttribute("aria-roledescription", "column; < and > move it");
  const name = document.createElement("span");
  name.textContent = column.title;
  const tally = document.createElement("span");
  tally.className = "count";
  title.append(name, tally);
  const list = document.createElement("ul");
  list.className = "cards";
  list.setAttribute("role", "list");
  list.setAttribute("aria-label", column.title);
  const add = document.createElement("button");
  add.type = "button";
  add.className = "add-card";
  add.textContent = "+ Add a card";
  add.setAttribute("aria-label", `Add a card to ${column.title}`);
  add.addEventListener("click", () =>
    ask(`New card in ${column.title}`, "", (title) => addCard(title, c)));
  section.append(title, list, add);
  return section;
}

/// With `only` (a set of column indices), the other columns are known to be as they were drawn
/// (a drop changes the columns it took cards from and put them in): their cards are not looked at.
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
  const kept = new Map(cardElements);
  cardElements.clear();
  const previous = shownIds;
  shownIds = [];
  const known = new Set();
  const sections = [];
  board.columns.forEach((column, c) => {
    const old = columnElements[c];
    if (only && !only.has(c) && old && old.dataset.title === column.title && previous[c]) {
      for (const id of previous[c]) cardElements.set(id, kept.get(id));
      for (const card of column.cards) known.add(card.id);
      shownIds.push(previous[c]);
      sections.push(old);
      return;
    }
    const section = old && old.dataset.title === column.title ? old : columnSection(column, c);
    const count = column.cards.length;
    const limit = column.limit == null ? "" : ` of at most ${column.limit}`;
    section.setAttribute("aria-label", `${column.title}, ${count} card${count === 1 ? "" : "s"}${limit}`);
    const tally = section.querySelector(".title .count");
    tally.className = "count" + (column.limit != null && count >= column.limit ? " full" : "");
    tally.textContent = column.limit == null ? `${count}` : `${count}/${column.limit}`;
    const list = section.querySelector(".cards");
    const ids = [];
    const elements = [];
    for (const card of column.cards) {
      known.add(card.id);
      if (!matches(card)) continue;
      ids.push(card.id);
      const signature = cardSignature(card, column, day);
      let element = kept.get(card.id);
      if (!element || element.arrangeSignature !== signature) {
        element = cardElement(card, column);
        element.arrangeSignature = signature;
      } else {
        cardElements.set(card.id, element);
      }
      elements.push(element);
    }
    reconcile(list, elements);
    shownIds.push(ids);
    sections.push(section);
  });
  if (sections.length !== columnElements.length || sections.some((section, c) => columnElements[c] !== section)) {
    inner.replaceChildren(...sections);
  }
  columnElements = sections;
  // One card takes Tab into the board: the focused one, else the first.
  setRovingTo(cardElements.get(focusId) ?? cardElements.values().next().value ?? null);
  selection = selection.filter((id) => known.has(id));
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

function cardElement(card, column) {
  const element = document.createElement("li");
  element.className = "card" + (card.done ? " done" : "") +
    (selection.includes(card.id) ? " selected" : "");
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
  element.setAttribute("aria-label", [`${plain}${state}`, ...spoken, `in ${column.title}`].join(", "));
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
  element.append(words);
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
  // The visible way to open a card, for a mouse, a finger or Tab: it never starts a drag.
  const open = document.createElement("button");
  open.type = "button";
  open.className = "open";
  open.textContent = "⋯";
  open.tabIndex = element.tabIndex;
  open.setAttribute("aria-label", `Open ${plain}`);
  open.setAttribute("aria-haspopup", "dialog");
  open.addEventListener("click", () => openDetails(card.id));
  element.append(open);
  cardElements.set(card.id, element);
  setName(card.id, plain);
  return element;
}

/// Where a column's title, list and "+ Add a card" sit in its section, measured once for each
/// section at each width: the list stretches with the section, the rest keeps its size. With it
/// and the heights of the cards, a column's geometry is known without asking the DOM again.
const chromes = new WeakMap();
function chromeOf(section) {
  const width = section.style.width;
  const known = chromes.get(section);
  if (known && known.width === width) return known;
  const box = section.getBoundingClientRect();
  const rect = (selector) => section.querySelector(selector).getBoundingClientRect();
  const list = rect(".cards");
  const title = rect(".title");
  const add = rect(".add-card");
  const chrome = {
    width,
    list: { x: list.left - box.left, y: list.top - box.top, width: list.width, below: box.bottom - list.bottom },
    title: { x: title.left - box.left, y: title.top - box.top, width: title.width, height: title.height },
    addBelow: box.bottom - add.bottom,
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
  const heights = shownIds[c].map((id) => cardHeight(cardElements.get(id), chrome.width));
  let content = 0;
  for (const height of heights) content += height;
  if (heights.length) content += SPACING * (heights.length - 1);
  return { chrome, heights, natural: chrome.list.y + content + chrome.padding + chrome.list.below };
}

/// How tall the columns are made (before the view's own height), and the step it changes by.
let columnsTall = 0;
const TALL_STEP = 160;

/// Per column, what tellEngine gave the engine: its list's frame and its cards' heights.
let geometry = [];
/// Per column, its frame as last placed: [x, y, width, height] in content coordinates.
let columnFrames = [];

/// Places the columns (ArrangeLayout, in the module) and gives the engines their geometry.
/// Everything is read before anything is written, so that the browser lays the board out once:
/// a read after a write would have it lay out again at once.
function layout() {
  const count = columnElements.length;
  const width = boardView.clientWidth;
  stacked = width < NARROW;
  const frames = buffer("frames", Math.max(1, count) * 32);
  if (count === 0) {
    e.arrange_reset(0);
    return;
  }
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
  if (stacked) {
    const heights = buffer("heights", count * 8);
    f64(heights, count).set(natural);
    e.arrange_layout_stack(count, width, SPACING, PADDING, heights, frames);
  } else {
    // The columns fill the view; on a board taller than the view they are as tall as the
    // tallest needs and some room more, grown and shrunk a step at a time: a drop that makes
    // the tallest column a card taller then leaves every column as tall as it was, instead of
    // having the browser lay out every card of every column again.
    const needed = Math.max(...natural) + 2 * PADDING + 40;
    if (needed <= boardView.clientHeight) columnsTall = 0;
    else if (!(needed <= columnsTall && needed > columnsTall - 2 * TALL_STEP)) columnsTall = needed + TALL_STEP;
    const height = Math.max(boardView.clientHeight, columnsTall);
    e.arrange_layout_columns(count, width, height, SPACING, PADDING, MIN_COLUMN, frames);
  }
  const placed = Array.from(f64(frames, count * 4));
  let right = 0;
  let bottom = 0;
  columnFrames = columnElements.map((section, c) => {
    const [x, y, w, h] = placed.slice(c * 4, c * 4 + 4).map((value) => Math.round(value * 100) / 100);
    setPixels(section, "left", x);
    setPixels(section, "top", y);
    setPixels(section, "width", w);
    setPixels(section, "height", h);
    right = Math.max(right, x + w);
    bottom = Math.max(bottom, y + h);
    return [x, y, w, h];
  });
  setPixels(inner, "width", right + PADDING);
  setPixels(inner, "height", bottom + PADDING);
  tellEngine(measures);
}

/// Sets `element.style[name]` to `value` pixels (to a hundredth), unless it is that already:
/// a column given its own height again would have all its cards laid out again.
function setPixels(element, name, value) {
  const text = `${Math.round(value * 100) / 100}px`;
  if (element.style[name] !== text) element.style[name] = text;
}

/// Where an element is in the board's content (the coordinates the engines work in).
function place(element) {
  const rect = element.getBoundingClientRect();
  const origin = inner.getBoundingClientRect();
  return { x: rect.left - origin.left, y: rect.top - origin.top, width: rect.width, height: rect.height };
}

/// Where the card `id` is in the board's content, from the geometry given to the engine.
function cardPlace(id) {
  const at = locate(id);
  const known = at && geometry[at.column];
  if (!known || at.index >= known.heights.length) return null;
  const height = known.heights[at.index];
  const end = cardEnds[at.column][at.index];
  return { x: known.frame.x + 8, y: end - height, width: known.frame.width - 16, height };
}

/// Gives the drag engine every column's frame and cards, and the column engine the titles:
/// from `measures` (see measure) and the frames layout placed the columns in. A column whose
/// width changed since its chrome and cards were measured is measured again.
function tellEngine(measures = null) {
  const count = columnElements.length;
  if (!isDragging()) {
    board.columns.forEach((column, c) => withText(e.arrange_name_column, c, column.title));
    e.arrange_reset(count);
  }
  geometry = [];
  const titles = [];
  columnElements.forEach((section, c) => {
    let known = measures?.[c];
    if (!known || known.chrome.width !== section.style.width) known = measure(section, c);
    const { chrome, heights } = known;
    const [x, y, , h] = columnFrames[c];
    const frame = { x: x + chrome.list.x, y: y + chrome.list.y, width: chrome.list.width,
      height: h - chrome.list.y - chrome.list.below };
    geometry[c] = { frame, heights };
    titles.push({ x: x + chrome.title.x, y: y + chrome.title.y, width: chrome.title.width,
      height: chrome.title.height });
    const ids = shownIds[c];
    const idPointer = buffer("ids", ids.length * 4 + 4);
    const lengthPointer = buffer("lengths", ids.length * 8 + 8);
    i32(idPointer, ids.length).set(ids);
    f64(lengthPointer, ids.length).set(heights);
    // Where each card ends, for finding the cards in view without asking the DOM.
    const ends = new Float64Array(ids.length);
    let end = frame.y;
    heights.forEach((height, index) => {
      end += height;
      ends[index] = end;
      end += SPACING;
    });
    cardEnds[c] = ends;
    columnSpans[c] = [frame.x, frame.x + frame.width];
    // The column's drop area reaches down over its "+ Add a card" control: a card dropped there
    // lands at the column's end instead of going back.
    const addBottom = y + h - chrome.addBelow;
    const height = Math.max(frame.height, addBottom - frame.y);
    e.arrange_set_column(c, frame.x + 8, frame.y, frame.width - 16, height, ids.length,
      idPointer, lengthPointer, SPACING);
    const limit = board.columns[c].limit;
    e.arrange_set_limit(c, limit == null ? -1 : limit);
  });
  tellSelection();
  if (!stacked && count > 0) {
    const widths = buffer("widths", count * 8);
    f64(widths, count).set(titles.map((t) => t.width));
    e.arrange_set_titles(count, titles[0].x, titles[0].y, titles[0].height, widths, SPACING);
  }
}

// MARK: - Presenting a drag

const isDragging = () => pointer?.dragging || keyboardId != null || titlePointer?.dragging;

/// Applies the engine's presentation of the drag under way: the lifted snapshot, the cards that
/// make room, the target column, the drop indicator. Returns whether a drag is under way.
function present() {
  const room = buffer("presentation", 8 * 4096);
  const count = e.arrange_presentation(room, 4096);
  const refusal = text((out, capacity) => e.arrange_message(out, capacity));
  refusedNow = Boolean(refusal);
  if (refusal) showRefusal(refusal);
  if (count === 0) return false;
  const values = Array.from(f64(room, count));
  const [item, gx, gy, gw, gh, hiddenColumn, hiddenIndex, highlighted, indicatorKind,
    ix, iy, iw, ih, companions, runCount] = values;
  if (!ghost || ghost.id !== item) liftSnapshot(item, companions);
  // Only the cards in view (and a little around it) are moved: a long column's other cards
  // would cost a style change each and show nothing. Scrolling presents again. (The view is
  // read before anything is written, so that the read does not update the styles at once.)
  const margin = 100;
  const top = boardView.scrollTop - margin;
  const bottom = boardView.scrollTop + boardView.clientHeight + margin;
  const left = boardView.scrollLeft - margin;
  const right = boardView.scrollLeft + boardView.clientWidth + margin;
  const scale = keyboardId != null ? look.releaseScale : look.catchScale;
  ghost.element.style.transform =
    `translate(${gx + (gw - ghost.width) / 2}px, ${gy + (gh - ghost.height) / 2}px) scale(${scale})`;
  // Cards that make room: each run moves by its offset in places of the lifted card's height.
  const step = ghost.height + SPACING;
  const moved = new Set();
  for (let r = 0; r < runCount; r++) {
    const [column, first, end, offset] = values.slice(15 + r * 4, 19 + r * 4);
    const ids = shownIds[column] || [];
    const ends = cardEnds[column] || [];
    const span = columnSpans[column] || [0, 0];
    if (span[1] < left || span[0] > right) continue;
    let index = Math.max(first, firstEndingAfter(ends, top));
    for (; index < end && index < ids.length; index++) {
      if (index > 0 && ends[index - 1] > bottom) break;
      const element = cardElements.get(ids[index]);
      if (!element) continue;
      const transform = `translateY(${offset * step}px)`;
      if (element.style.transform !== transform) element.style.transform = transform;
      moved.add(element);
    }
  }
  for (const element of shiftedElements) if (!moved.has(element)) element.style.transform = "";
  shiftedElements = moved;
  // A column that refuses the card is outlined as refusing, not as the target.
  if (refusedNow) present.refusing = highlighted;
  else if (highlighted !== present.refusing) present.refusing = -1;
  const refusing = present.refusing;
  if (highlighted !== present.highlighted || refusing !== present.shownRefusing) {
    columnElements.forEach((section, c) => {
      section.classList.toggle("target", c === highlighted && c !== refusing);
      section.classList.toggle("refusing", c === highlighted && c === refusing);
    });
    present.highlighted = highlighted;
    present.shownRefusing = refusing;
  }
  const label = $("refusal");
  if (label) {
    label.hidden = refusing < 0 || refusing !== highlighted;
    Object.assign(label.style, { left: `${gx}px`, top: `${Math.max(0, gy - 30)}px` });
  }
  const hidden = hiddenColumn >= 0 ? cardElements.get(shownIds[hiddenColumn]?.[hiddenIndex]) : null;
  if (hidden !== hiddenElement) {
    hiddenElement?.classList.remove("hidden-slot");
    hidden?.classList.add("hidden-slot");
    if (hidden) marked.add(hidden);
    hiddenElement = hidden;
  }
  let marker = $("indicator");
  if (indicatorKind === 1 || indicatorKind === 2) {
    if (!marker) {
      marker = document.createElement("div");
      marker.id = "indicator";
      inner.append(marker);
    }
    marker.className = "indicator" + (indicatorKind === 2 ? " item" : "");
    const thick = indicatorKind === 1 ? 3 : ih;
    Object.assign(marker.style, { left: `${ix}px`, top: `${indicatorKind === 1 ? iy - 1 : iy}px`,
      width: `${iw}px`, height: `${Math.max(thick, 3)}px` });
  } else if (marker) {
    marker.remove();
  }
  return true;
}

/// The first index whose card ends after `y` in a column's ascending `ends`.
function firstEndingAfter(ends, y) {
  let low = 0;
  let high = ends.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (ends[middle] <= y) low = middle + 1;
    else high = middle;
  }
  return low;
}

/// The snapshot that follows the pointer: a copy of the card, scaled up and translucent, with
/// the other selected cards as a stack behind it and their count.
function liftSnapshot(id, companions) {
  dropSnapshot();
  const card = cardElements.get(id);
  if (!card) return;
  const frame = place(card);
  const element = card.cloneNode(true);
  element.removeAttribute("id");
  element.removeAttribute("tabindex");
  element.setAttribute("aria-hidden", "true");
  element.querySelector(".open")?.remove();
  element.querySelector(".box")?.setAttribute("tabindex", "-1");
  element.className = card.className + " ghost";
  element.classList.remove("hidden-slot", "selected");
  element.style.width = `${frame.width}px`;
  element.style.opacity = look.snapshotAlpha;
  element.style.transform = `translate(${frame.x}px, ${frame.y}px)`;
  if (companions > 0) {
    element.classList.add("stack");
    const badge = document.createElement("span");
    badge.className = "badge";
    badge.textContent = `${companions + 1}`;
    element.append(badge);
    for (const other of selection) {
      const companion = other !== id && cardElements.get(other);
      if (companion) {
        companion.classList.add("companion");
        marked.add(companion);
      }
    }
  }
  inner.append(element);
  ghost = { element, id, width: frame.width, height: frame.height };
}

function dropSnapshot() {
  ghost?.element.remove();
  ghost = null;
}

/// Ends a drag's presentation: the snapshot flies to `target` (the card's new place, or home)
/// and goes, the cards that made room settle.
function settle(targetId, refocus = false) {
  const flying = ghost;
  ghost = null;
  for (const element of shiftedElements) element.style.transform = "";
  shiftedElements = new Set();
  $("indicator")?.remove();
  for (const section of columnElements) section.classList.remove("target", "refusing");
  present.highlighted = -1;
  present.refusing = -1;
  present.shownRefusing = -1;
  $("refusal")?.remove();
  hiddenElement = null;
  const finish = () => {
    for (const element of marked) element.classList.remove("hidden-slot", "companion");
    marked.clear();
    flying?.element.remove();
    // A hidden card loses the focus: a keyboard drag gives it back once the card is shown.
    if (refocus && targetId != null) focusCard(targetId);
    if (waitingBoard) {
      const next = waitingBoard;
      waitingBoard = null;
      receive(next);
    }
  };
  const target = targetId != null && cardElements.get(targetId);
  // Where the card now is comes from the geometry the engine was given, not from the DOM: a
  // read here, after the drop's changes, would have the browser lay the board out once more.
  const frame = target && cardPlace(targetId);
  if (!flying || !target || !frame || duration() === 0) {
    finish();
    return;
  }
  target.classList.add("hidden-slot");
  marked.add(target);
  // The class that gives the snapshot its transition and the place it flies to change in the
  // same style update: the transition starts from where it is (the after-change style's
  // transition applies), with no forced style update between them.
  flying.element.classList.add("home");
  flying.element.style.transform = `translate(${frame.x}px, ${frame.y}px) scale(1)`;
  flying.element.style.opacity = 1;
  setTimeout(finish, duration() * 1000);
}

function showRefusal(message) {
  status(message, true);
  announce(message);
  let label = $("refusal");
  if (!label) {
    label = document.createElement("div");
    label.id = "refusal";
    label.className = "refusal";
    inner.append(label);
  }
  label.textContent = message;
  const anchor = ghost ? place(ghost.element) : { x: 20, y: 20, height: 0 };
  Object.assign(label.style, { left: `${anchor.x}px`, top: `${Math.max(0, anchor.y - 28)}px` });
  clearTimeout(showRefusal.timer);
  showRefusal.timer = setTimeout(() => label.remove(), 2500);
}

// MARK: - Applying what a drop did

/// Reads the operations the last input made, applies them to the board here at once (the page
/// does not wait for the server) and sends them; returns the card to fly the snapshot to.
function applyOperations(count) {
  const out = buffer("operation", 24);
  const requests = [];
  const touched = new Set();
  let landed = null;
  for (let index = 0; index < count; index++) {
    if (!e.arrange_operation(index, out)) continue;
    const [kind, card, , , toColumn, toIndex] = Array.from(i32(out, 6));
    if (kind !== 1) continue;
    const column = board.columns[toColumn];
    // The engine counts the cards shown; the board counts them all (a search hides some).
    // Each operation is in terms of the board as the ones before it left it.
    const others = column.cards.filter((c) => c.id !== card);
    for (const ids of shownIds) {
      const at = ids.indexOf(card);
      if (at >= 0) ids.splice(at, 1);
    }
    const shown = shownIds[toColumn];
    const before = toIndex > 0 ? shown[Math.min(toIndex, shown.length) - 1] : null;
    let at = before == null ? (shown.length ? others.findIndex((c) => c.id === shown[0]) : others.length)
      : others.findIndex((c) => c.id === before) + 1;
    if (at < 0) at = others.length;
    shown.splice(Math.min(toIndex, shown.length), 0, card);
    requests.push({ op: "move", card, column: toColumn, index: at });
    touched.add(moveLocally(card, toColumn, at));
    touched.add(toColumn);
    landed = landed ?? card;
  }
  if (requests.length) {
    // A selected card is drawn again unselected: its column is drawn again too.
    for (const id of selection) {
      const at = locate(id);
      if (at) touched.add(at.column);
    }
    selection = [];
    send(requests);
    render(false, touched);
  }
  return landed;
}

/// Moves card `id` to place `index` of column `toColumn` in the board shown; returns the index
/// of the column it was in (-1 if none).
function moveLocally(id, toColumn, index) {
  let moving = null;
  let from = -1;
  board.columns.forEach((column, c) => {
    const at = column.cards.findIndex((card) => card.id === id);
    if (at >= 0) {
      [moving] = column.cards.splice(at, 1);
      from = c;
    }
  });
  if (!moving) return -1;
  const target = board.columns[toColumn];
  if (target.complete && moving.done === false) moving.done = true;
  target.cards.splice(Math.min(index, target.cards.length), 0, moving);
  return from;
}

// MARK: - Pointer drags of cards

function contentPoint(event) {
  const origin = inner.getBoundingClientRect();
  return { x: event.clientX - origin.left, y: event.clientY - origin.top };
}
function capture(id) {
  try { boardView.setPointerCapture(id); } catch { /* a scripted pointer has nothing to capture */ }
}
const kindOf = (event) => (event.pointerType === "mouse" ? 0 : 1);

boardView.addEventListener("pointerdown", (event) => {
  if (event.button !== 0 || pointer || titlePointer || keyboardId != null) return;
  const title = event.target.closest(".title");
  if (title && !stacked) {
    const point = contentPoint(event);
    titlePointer = { id: event.pointerId, column: Number(title.dataset.column), dragging: false, ...point };
    capture(event.pointerId);
    e.arrange_title_pointer(0, point.x, point.y, now(), kindOf(event));
    return;
  }
  const card = event.target.closest(".card");
  if (!card || card.classList.contains("ghost")) return;
  if (event.target.closest(".open, .box")) return;
  const id = Number(card.dataset.id);
  if (event.shiftKey || event.ctrlKey || event.metaKey) {
    toggleSelection(id);
    event.preventDefault();
    return;
  }
  focusCard(id);
  const point = contentPoint(event);
  pointer = { id: event.pointerId, card: id, kind: kindOf(event), dragging: false, ...point,
    clientX: event.clientX, clientY: event.clientY, onLink: event.target.closest("a") != null,
    onTag: event.target.closest(".tag")?.textContent ?? null };
  // A press on a link is captured only once it drags, so that a click still reaches the link.
  if (!pointer.onLink) capture(event.pointerId);
  e.arrange_pointer_kind(0, point.x, point.y, now(), pointer.kind);
  if (pointer.kind !== 0) {
    // A finger lifts a card after a short press held still.
    const held = pointer;
    setTimeout(() => {
      if (pointer !== held) return;
      e.arrange_tick(now());
      pointer.dragging = present();
      if (pointer.dragging && pointer.onLink) capture(pointer.id);
    }, look.press * 1000 + 20);
  }
});

boardView.addEventListener("pointermove", (event) => {
  if (titlePointer && event.pointerId === titlePointer.id) {
    const point = contentPoint(event);
    e.arrange_title_pointer(1, point.x, point.y, now(), kindOf(event));
    titlePointer.dragging = presentTitles() || titlePointer.dragging;
    return;
  }
  if (!pointer || event.pointerId !== pointer.id) return;
  pointer.clientX = event.clientX;
  pointer.clientY = event.clientY;
  movePointer();
  autoScroll();
});

function movePointer() {
  const origin = inner.getBoundingClientRect();
  const x = pointer.clientX - origin.left;
  const y = pointer.clientY - origin.top;
  const count = e.arrange_pointer_kind(1, x, y, now(), pointer.kind);
  const was = pointer.dragging;
  pointer.dragging = present();
  if (pointer.dragging && !was && pointer.onLink) capture(pointer.id);
  // A refusal's reason, already said, says more than the engine's short sentence.
  if (!refusedNow) announce(text((out, capacity) => e.arrange_announcement(out, capacity)));
  if (count) applyOperations(count);
}

function endPointer(event, phase) {
  if (titlePointer && event.pointerId === titlePointer.id) {
    const point = contentPoint(event);
    const moves = e.arrange_title_pointer(phase, point.x, point.y, now(), kindOf(event));
    endTitles(moves);
    return;
  }
  if (!pointer || event.pointerId !== pointer.id) return;
  const point = contentPoint(event);
  const count = e.arrange_pointer_kind(phase, point.x, point.y, now(), pointer.kind);
  const card = pointer.card;
  const wasDragging = pointer.dragging;
  const tag = pointer.onTag;
  pressed.onLink = pointer.onLink;
  pointer = null;
  announce(text((out, capacity) => e.arrange_announcement(out, capacity)));
  const refusal = text((out, capacity) => e.arrange_message(out, capacity));
  if (refusal) showRefusal(refusal);
  const landed = count ? applyOperations(count) : null;
  if (wasDragging) settle(landed ?? card);
  // A press that never became a drag is a click or a tap: it opens the card (a link opens itself).
  else if (phase === 2 && !count && tag) {
    // A click on a tag shows only the cards with it, as a search for it would.
    $("search").value = tag;
    setFilter(tag);
  } else if (phase === 2 && !count && !pressed.onLink) {
    pressed.card = card;
    pressed.at = performance.now();
    openDetails(card);
  }
}

/// The card the last click or tap opened, and when: the pointer capture sends the double click
/// that follows to the board, not to the card.
const pressed = { card: null, at: 0, onLink: false };

// A finger that swipes scrolls the board; one that pressed a card long enough drags it, and
// then the page keeps the browser from scrolling instead.
boardView.addEventListener("touchmove", (event) => {
  if (pointer?.dragging || titlePointer) event.preventDefault();
}, { passive: false });
boardView.addEventListener("contextmenu", (event) => {
  if (pointer) event.preventDefault();
});
boardView.addEventListener("pointerup", (event) => endPointer(event, 2));
boardView.addEventListener("pointercancel", (event) => endPointer(event, 3));

/// Scrolls the board while a dragged card is near its edge, and keeps the drag under the pointer.
function autoScroll() {
  if (!pointer?.dragging || autoScroll.running) return;
  autoScroll.running = true;
  const step = () => {
    if (!pointer?.dragging) {
      autoScroll.running = false;
      return;
    }
    const rect = boardView.getBoundingClientRect();
    const edge = 48;
    const speed = (distance) => (distance < edge ? Math.ceil((edge - distance) / 3) : 0);
    const dx = speed(pointer.clientX - rect.left) * -1 + speed(rect.right - pointer.clientX);
    const dy = speed(pointer.clientY - rect.top) * -1 + speed(rect.bottom - pointer.clientY);
    const beforeLeft = boardView.scrollLeft;
    const beforeTop = boardView.scrollTop;
    boardView.scrollBy(dx, dy);
    if (boardView.scrollLeft !== beforeLeft || boardView.scrollTop !== beforeTop) movePointer();
    requestAnimationFrame(step);
  };
  requestAnimationFrame(step);
}

/// Tells the drag engine which cards are selected, in order.
function tellSelection() {
  const selected = buffer("selection", selection.length * 4 + 4);
  i32(selected, selection.length).set(selection);
  e.arrange_select(selected, selection.length);
}

function toggleSelection(id) {
  const at = selection.indexOf(id);
  if (at >= 0) selection.splice(at, 1);
  else selection.push(id);
  cardElements.get(id)?.classList.toggle("selected", at < 0);
  tellSelection();
  announce(`${selection.length} card${selection.length === 1 ? "" : "s"} selected`);
}

// MARK: - Dragging columns by their titles

function presentTitles() {
  const room = buffer("titles", 8 * 1024);
  const count = e.arrange_title_presentation(room, 1024);
  if (count === 0) return false;
  const values = Array.from(f64(room, count));
  const [column, gx] = values;
  const section = columnElements[column];
  if (!section) return false;
  if (titlePointer.originX == null) titlePointer.originX = parseFloat(section.style.left);
  section.classList.add("lifted");
  section.style.transform = `translateX(${gx - titlePointer.originX}px)`;
  const step = section.offsetWidth + SPACING;
  const moved = new Set([section]);
  for (let r = 0; (5 + r * 3) < count; r++) {
    const [first, end, offset] = values.slice(5 + r * 3, 8 + r * 3);
    for (let index = first; index < end; index++) {
      const other = columnElements[index];
      if (!other || other === section) continue;
      other.style.transform = `translateX(${offset * step}px)`;
      moved.add(other);
    }
  }
  for (const other of columnElements) if (!moved.has(other)) other.style.transform = "";
  return true;
}

function endTitles(moves) {
  const out = buffer("column-move", 8);
  const requests = [];
  for (let index = 0; index < moves; index++) {
    if (!e.arrange_column_move(index, out)) continue;
    const [from, to] = Array.from(i32(out, 2));
    requests.push({ op: "moveColumn", from, to });
    const [column] = board.columns.splice(from, 1);
    board.columns.splice(to, 0, column);
  }
  titlePointer = null;
  for (const section of columnElements) {
    section.classList.remove("lifted");
    section.style.transform = "";
  }
  if (requests.length) {
    send(requests);
    render(false);
    announce(`Moved the column ${board.columns[requests[0].to].title} to place ${requests[0].to + 1}`);
  }
  if (waitingBoard) {
    const next = waitingBoard;
    waitingBoard = null;
    receive(next);
  }
}

// MARK: - Keys

const intents = { ArrowUp: 1, ArrowDown: 2, ArrowLeft: 3, ArrowRight: 4 };

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

function keyDrag(intent, id) {
  const count = e.arrange_key(intent, id, now());
  announce(text((out, capacity) => e.arrange_announcement(out, capacity)));
  const refusal = text((out, capacity) => e.arrange_message(out, capacity));
  if (refusal) showRefusal(refusal);
  const lifted = present();
  if (!lifted) {
    const card = keyboardId;
    keyboardId = null;
    const landed = count ? applyOperations(count) : null;
    settle(landed ?? card, true);
  }
  return lifted;
}

document.addEventListener("keydown", (event) => {
  if (document.querySelector("dialog[open]")) return;
  const target = event.target;
  if (target.id === "search") {
    if (event.key === "Escape") {
      target.value = "";
      setFilter("");
      cardElements.values().next().value?.focus();
    }
    return;
  }
  if (event.key === "Escape" && pointer?.dragging) {
    const count = e.arrange_pointer_kind(3, pointer.x, pointer.y, now(), pointer.kind);
    const card = pointer.card;
    pointer = null;
    announce(text((out, capacity) => e.arrange_announcement(out, capacity)));
    if (count) applyOperations(count);
    settle(card);
    event.preventDefault();
    return;
  }
  if (keyboardId != null) {
    event.preventDefault();
    if (event.key in intents) keyDrag(intents[event.key], keyboardId);
    else if (event.key === " " || event.key === "Enter") keyDrag(5, keyboardId);
    else if (event.key === "Escape") keyDrag(6, keyboardId);
    return;
  }
  if (event.ctrlKey || event.metaKey || event.altKey) return;
  if (target.closest?.(".open, .box") && (event.key === " " || event.key === "Enter")) return;
  const card = target.closest?.(".card");
  const id = card ? Number(card.dataset.id) : null;
  const title = target.closest?.(".title");
  const column = card ? locate(id)?.column : title ? Number(title.dataset.column) : null;
  switch (event.key) {
    case " ":
      if (id == null) return;
      event.preventDefault();
      keyboardId = id;
      if (!keyDrag(0, id)) keyboardId = null;
      return;
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
  const [moving] = board.columns.splice(column, 1);
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
  if (card.due) $("details-due").append("Due ", dueElement(card.due, dueStatus(card.due)));
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
  if (card && !card.classList.contains("ghost")) focusId = Number(card.dataset.id);
});
boardView.addEventListener("dblclick", (event) => {
  const card = event.target.closest?.(".card:not(.ghost)");
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
addEventListener("resize", () => { if (board && !isDragging()) layout(); });
boardView.addEventListener("scroll", () => { if (board && !isDragging()) tellEngine(); });

// MARK: - Start

async function start() {
  try {
    openBoard();   // asks for the board while the module loads; shows it once the module is ready
    const module = await WebAssembly.instantiateStreaming(fetch("arrange-board.wasm"), {});
    e = module.instance.exports;
    const numbers = buffer("look", 48);
    e.arrange_appearance(numbers);
    const [animation, catchScale, releaseScale, snapshotAlpha, displacedAlpha, press] =
      Array.from(f64(numbers, 6));
    look = { duration: animation, catchScale, releaseScale, snapshotAlpha, displacedAlpha, press };
    document.documentElement.style.setProperty("--duration", reducedMotion.matches ? "0s" : `${animation}s`);
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
    pointerId: 7, pointerType: "mouse", clientX: x, clientY: y, button: 0, buttons: 1, bubbles: true,
  }));
  first.dispatchEvent(new PointerEvent("pointerdown", { pointerId: 7, pointerType: "mouse",
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
