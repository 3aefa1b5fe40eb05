// A column's list of cards made what the board says with as few DOM changes as possible: a card
// moved is one removal and one insertion, not a list made again (which would have the browser
// style and lay out every card of it), in chunks of cards, so that a card put into a column of
// hundreds has the browser lay out its chunk alone.

/// How many cards a chunk of a column's list holds. A card put into a column of hundreds has the
/// browser lay out and paint that card's chunk again and move the chunks after it, where it
/// would visit every card after the card: the frame that shows a drop is drawn in time.
export const CHUNK = 50;

/// Makes `list`'s children `elements`, in order, with as few DOM changes as it can.
export function reconcile(list, elements) {
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

/// The sizes the chunks of a list are to have for `count` cards, given the sizes they have
/// (`sizes`, and whether the list holds chunks alone, `onlyChunks`): kept while the cards are as
/// many (a card the library moved: a chunk holds one more, and the chunks after it are not
/// touched) and none is empty or twice `CHUNK`; else `CHUNK` each again (one, empty, for no
/// cards: the library puts a card dropped there into it).
export function chunkSizes(sizes, onlyChunks, count) {
  const total = sizes.reduce((sum, size) => sum + size, 0);
  const kept = sizes.length > 0 && onlyChunks && total === count
    && sizes.every((size) => size <= 2 * CHUNK && (size > 0 || sizes.length === 1));
  if (kept) return sizes;
  const wanted = [];
  for (let at = 0; at < count; at += CHUNK) wanted.push(Math.min(CHUNK, count - at));
  if (!wanted.length) wanted.push(0);
  return wanted;
}

/// Makes `list`'s cards `elements`, in order, in chunks (see `chunkSizes`), each chunk
/// reconciled as a list is.
export function reconcileChunks(list, elements) {
  const children = Array.from(list.children);
  const chunks = children.filter((child) => child.classList.contains("chunk"));
  const sizes = chunks.map((chunk) => chunk.children.length);
  const wanted = chunkSizes(sizes, chunks.length === children.length, elements.length);
  while (chunks.length < wanted.length) {
    const chunk = list.ownerDocument.createElement("div");
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
