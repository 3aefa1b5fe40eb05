// The inline marks of a card's title (code, bold, links, #tags, dates…): read into parts, and
// drawn as elements made one by one (a title is never read as HTML).

/// The inline marks a card title may carry, as Obsidian and most Markdown editors write them:
/// code, bold, strike, highlight, italic, [[wiki links]] (with an |alias), [links](url), bare
/// web addresses, #tags and Obsidian's @{date} and @@{time}. One group per kind, in this order.
export const INLINE_MARKS = new RegExp([
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

/// Whether `address` is a web or mail address, the only kinds a card title links to.
export const isWebAddress = (address) => /^(https?:\/\/|mailto:)/i.test(address);

/// The hue of tag `name` (0–359): the same for the same tag, whatever its case.
export function tagHue(name) {
  let hash = 0;
  for (const character of name.toLowerCase()) hash = (hash * 31 + character.codePointAt(0)) % 3607;
  return hash % 360;
}

/// The part one match of `INLINE_MARKS` makes: `{ element, className?, text }` for a mark
/// whose words are shown as they are, `{ element, parts }` for one whose words carry marks of
/// their own, `href` for a link, `tag` (its name) for a #tag; a plain string for a link to
/// anything but a web or mail address (`javascript:`), which stays as written.
function markPart(m) {
  if (m[2] != null) return { element: "code", text: m[2] };
  if (m[3] != null || m[4] != null) return { element: "strong", parts: inlineParts(m[3] ?? m[4]) };
  if (m[5] != null) return { element: "s", parts: inlineParts(m[5]) };
  if (m[6] != null) return { element: "mark", parts: inlineParts(m[6]) };
  if (m[7] != null || m[8] != null) return { element: "em", parts: inlineParts(m[7] ?? m[8]) };
  if (m[9] != null) return { element: "span", className: "wikilink", text: m[10] ?? m[9] };
  if (m[11] != null) {
    if (!isWebAddress(m[12])) return m[0];
    return { element: "a", href: m[12], parts: inlineParts(m[11]) };
  }
  if (m[13] != null) return { element: "a", href: m[13], text: m[13] };
  if (m[14] != null) return { element: "span", className: "tag", text: `#${m[14]}`, tag: m[14] };
  return { element: "span", className: m[15] != null ? "time" : "date", text: m[15] ?? m[16] };
}

/// `text` read into its parts: plain strings and marks (see `markPart`), in order.
export function inlineParts(text) {
  const parts = [];
  let last = 0;
  for (const m of text.matchAll(INLINE_MARKS)) {
    if (m.index > last) parts.push(text.slice(last, m.index));
    last = m.index + m[0].length;
    parts.push(markPart(m));
  }
  if (last < text.length) parts.push(text.slice(last));
  return parts;
}

/// The words a person reads of `parts` (the marks left out).
export const plainText = (parts) =>
  parts.map((part) => (typeof part === "string" ? part : part.text ?? plainText(part.parts))).join("");

/// Draws `text` into `into` with its inline marks as elements, each made one by one (the text
/// is never read as HTML), and returns the words a person reads (the marks left out). A tag
/// takes an Obsidian board's own colours for it from `tagColors` (`{ "#tag": [color,
/// background] }`).
export function drawInline(text, into, tagColors = null) {
  const parts = inlineParts(text);
  drawParts(parts, into, tagColors);
  return plainText(parts);
}

function drawParts(parts, into, tagColors) {
  for (const part of parts) {
    if (typeof part === "string") {
      into.append(part);
      continue;
    }
    const element = part.href != null ? link(part.href) : document.createElement(part.element);
    if (part.className) element.className = part.className;
    if (part.tag != null) colorTag(element, part.tag, tagColors);
    if (part.parts) drawParts(part.parts, element, tagColors);
    else element.textContent = part.text;
    into.append(element);
  }
}

/// A tag has a colour of its own, the same wherever and whenever it is drawn; an Obsidian
/// board's own colour for it, from its settings, comes first.
function colorTag(element, name, tagColors) {
  element.style.setProperty("--hue", tagHue(name));
  const [color, background] = tagColors?.[`#${name}`] ?? [];
  if (color || background) element.classList.add("own");
  if (color) element.style.setProperty("--tag-color", color);
  if (background) element.style.setProperty("--tag-background", background);
}

/// A link to the web or mail address `address` that opens in a new tab.
export function link(address) {
  const a = document.createElement("a");
  a.href = address;
  a.target = "_blank";
  a.rel = "noopener noreferrer";
  a.draggable = false;
  return a;
}
