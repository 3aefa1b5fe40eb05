// The page's one state object and the changes of the board it shows that need no browser: the
// board as the server sent it (or as changed here since), what is drawn of it, the caches that
// keep a drop on a big board cheap, and the connection's counts. Every other module of the page
// is functions of this object; none keeps state of its own.

/// The page's state, as it is before the board is loaded: `token` is the key of the address,
/// `view` the board's elements (`{ board, inner }`; `null` outside a browser).
export function createState({ token = "", view = null } = {}) {
  let ready;
  const libraryReady = new Promise((resolve) => { ready = resolve; });
  return {
    token,                  // the key to the board (a new address pasted into the tab brings a new one)
    view,                   // the board's view and the element the columns are placed in
    arrange: null,          // the web library, once loaded
    libraryReady,           // resolved once it is (a board read before waits for it)
    ready,
    columnsList: null,      // the columns, sortable by their titles
    look: { duration: 0.2 },
    reducedMotion: null,    // the media query of prefers-reduced-motion (nothing slides when it matches)

    // The board, and the connection that keeps it in step.
    board: null,            // as the server last sent it (or as changed here since)
    waitingBoard: null,     // a board that arrived during a drag, shown once it ends
    deferredBoard: null,    // the newest board pushed while this page's changes were on their way
    served: null,           // the newest board as the server sent it, unchanged: { serial, board }
    inFlight: 0,            // changes sent and not answered yet
    sending: Promise.resolve(),
    socket: null,           // the live connection, opened with `token`
    opening: 0,             // counts the loads of the board: a later one (a new token) wins

    // What a person has done on the page.
    filter: "",             // the search, in lower case
    selection: [],          // selected card ids, in order
    toldSelection: [],      // the selected cards' elements, as the library was told
    focusId: null,          // the focused card, kept across renders
    removing: null,         // a column X was pressed on once: { column, time }
    pressed: { card: null, at: 0 },   // the card the last click opened, and when
    countSaid: "",          // the search's count, while the status line says it
    detailsId: null,        // the card the details show

    // What is drawn.
    cardElements: new Map(),          // card id -> element
    columnElements: [],
    shownIds: [],           // per column, the ids of the cards shown (a search hides some)
    rovingElement: null,    // the one card Tab reaches from outside the board
    stacked: false,         // the columns one above the other (a narrow view)
    lastDrop: null,         // the operations of the last drop taken (the library may report it twice)
    refused: null,          // the refusal the drag over a column shows
    refusalTimer: 0,

    // A board of more than LAYOUT.virtualFrom cards: its columns are virtual lists.
    virtual: false,
    cardsById: new Map(),   // card id -> card, on such a board (a drawn card is found by its place)
    columnWidth: 0,         // a column's width, as last laid out
    cardMetrics: null,      // what a card's height is reckoned from, at a width (board-virtual.js)
    madeFor: new WeakMap(), // card -> its element on such a board (drawn again as it scrolls back)

    // Caches, each keyed by what it was made from (a new card object, element or width is
    // measured or made again).
    owned: new WeakSet(),   // the board's arrays this page copied (see ownColumns)
    signatures: new WeakMap(),        // card -> the signature it is drawn from
    chromes: new WeakMap(),           // column section -> where its list sits in it
    cardHeights: new WeakMap(),       // card element -> { width, height }
    naturals: new WeakMap(),          // column section -> its natural height, by its ids
    columnsTall: 0,         // how tall the columns are made, on a board taller than the view
    viewKnown: null,        // the board view's size
    resizedWhileDragging: false,
  };
}

/// Whether `card` is shown with the search `filter` (lower case; empty shows every card).
export const matches = (filter, card) =>
  !filter || card.title.toLowerCase().includes(filter) ||
  card.description.some((line) => line.toLowerCase().includes(filter));

/// Whether two boards' columns are the same: by identity first (a board the server patched
/// shares its unchanged cards with the one before it), else by their JSON.
export function sameColumns(a, b) {
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

/// The board a live patch makes of `last` (the board the socket last gave): the head's fields,
/// and each column's cards as places in `last` or new cards. Unchanged cards stay the same
/// objects, so that the page knows them unchanged without looking into them.
export function applyPatch(last, message) {
  const cards = last.columns.flatMap((column) => column.cards);
  return Object.assign({}, message.head, {
    columns: message.columns.map((column) => Object.assign({}, column, {
      cards: patchedCards(cards, column.cards),
    })),
    archive: message.archive,
  });
}

/// A column's cards from a patch's list: a number is the card at that place of `cards`, a pair
/// `[place, count]` that many from there on (a move on a board of 100,000 cards is a few pairs),
/// an object a new card.
function patchedCards(cards, list) {
  const out = [];
  for (const item of list) {
    if (typeof item === "number") out.push(cards[item]);
    else if (Array.isArray(item)) for (let k = 0; k < item[1]; k++) out.push(cards[item[0] + k]);
    else out.push(item);
  }
  return out;
}

/// Keeps `board` as the newest the server sent (its snapshot `serial`), unless a newer one is
/// kept: the base the answer to the next change is sent as a patch of.
export function served(state, serial, board) {
  if (board && Number.isInteger(serial) && !(state.served && state.served.serial > serial)) {
    state.served = { serial, board };
  }
}

/// Keeps `next` as the board to show once this page's changes are answered, unless an even
/// newer one is kept already.
export function defer(state, next) {
  if (!state.deferredBoard || next.version >= state.deferredBoard.version) state.deferredBoard = next;
}

/// The board's columns, as this page's own array (the server's board, which the socket patches,
/// is left as it was).
export function ownColumns(state) {
  if (!state.owned.has(state.board)) {
    state.board = Object.assign({}, state.board, { columns: state.board.columns.slice() });
    state.owned.add(state.board);
  }
  return state.board.columns;
}

/// Column `c` of the board, as this page's own, with its own array of cards.
export function ownColumn(state, c) {
  const columns = ownColumns(state);
  if (!state.owned.has(columns[c])) {
    columns[c] = Object.assign({}, columns[c], { cards: columns[c].cards.slice() });
    state.owned.add(columns[c]);
  }
  return columns[c];
}

/// Moves card `id` to place `index` of column `toColumn` in the board shown; returns the index
/// of the column it was in (-1 if none). A card is never changed in place: a card a Complete
/// lane ticks is a copy (the server's board keeps its own). `near` is the column it is likely
/// in, looked in first (a board of 100,000 cards is not searched whole for each drop).
export function moveLocally(state, id, toColumn, index, near = -1) {
  const columns = state.board.columns;
  const has = (c) => columns[c]?.cards.findIndex((card) => card.id === id) ?? -1;
  let from = near;
  let at = has(near);
  for (let c = 0; at < 0 && c < columns.length; c++) {
    if (c === near) continue;
    at = has(c);
    from = c;
  }
  if (at < 0) return -1;
  let [moving] = ownColumn(state, from).cards.splice(at, 1);
  const target = ownColumn(state, toColumn);
  if (target.complete && moving.done === false) moving = Object.assign({}, moving, { done: true });
  target.cards.splice(Math.min(index, target.cards.length), 0, moving);
  return from;
}

/// Moves the column at `from` to `to` in the board shown; returns it.
export function moveColumnLocally(state, from, to) {
  const [column] = ownColumns(state).splice(from, 1);
  state.board.columns.splice(to, 0, column);
  return column;
}

/// Where a card dropped at place `toIndex` among the cards column `toColumn` shows goes in the
/// whole column (a search hides some): after the card shown before it, else before the first
/// one shown, else last. Takes the move into `shownIds` too. `cards` are the column's cards
/// before the move; `near`, the column the card is likely shown in.
export function dropIndex(shownIds, card, toColumn, toIndex, cards, near = -1) {
  const leave = (ids) => {
    const at = ids?.indexOf(card) ?? -1;
    if (at >= 0) ids.splice(at, 1);
    return at >= 0;
  };
  // The card leaves the ids shown: looked for in the column it is likely in (`near`) first.
  if (!leave(shownIds[near])) shownIds.forEach((ids, c) => c !== near && leave(ids));
  const shown = shownIds[toColumn];
  const before = toIndex > 0 ? shown[Math.min(toIndex, shown.length) - 1] : null;
  const anchor = before ?? (shown.length ? shown[0] : null);
  // Where the card goes among the column's others (the card itself left out), found by looking
  // only as far as the card it goes after or before.
  let found = -1;
  let own = -1;
  for (let k = 0; k < cards.length && found < 0; k++) {
    if (cards[k].id === card) own = k;
    else if (cards[k].id === anchor) found = k;
  }
  // Not found: the loop went through them all (so `own` says whether the card is among them).
  let at;
  if (found < 0) at = before == null ? cards.length - (own >= 0 ? 1 : 0) : 0;
  else at = found - (own >= 0 ? 1 : 0) + (before == null ? 0 : 1);
  shown.splice(Math.min(toIndex, shown.length), 0, card);
  return at;
}

/// Card `id` of `board` and its column, or `null`.
export function cardById(board, id) {
  for (const column of board.columns) {
    const card = column.cards.find((c) => c.id === id);
    if (card) return { card, column };
  }
  return null;
}

/// Where card `id` is shown: `{ column, index }` among the cards shown, or `null`.
export function locate(shownIds, id) {
  for (let c = 0; c < shownIds.length; c++) {
    const index = shownIds[c].indexOf(id);
    if (index >= 0) return { column: c, index };
  }
  return null;
}

/// The ids of the cards of `board`, for the selection to keep only those still there.
export const cardIds = (board) => new Set(board.columns.flatMap((column) => column.cards.map((card) => card.id)));
