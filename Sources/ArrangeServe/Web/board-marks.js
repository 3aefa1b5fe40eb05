// The inline marks of a card's title (code, bold, links, #tags, dates…), drawn as elements made
// one by one (a title is never read as HTML). What counts as a mark, and a tag's colour, is not
// decided here: the server sends each card's title already read, by the rule the terminal
// colours tags and dates by (ArrangeBoard's CardMarks), as `marks` — a list of runs, each a
// string (plain words) or `[kind, …]`: `["code", text]`, `["strong"|"strike"|"highlight"|
// "emphasis", runs]`, `["wikiLink", shown]`, `["link", address, runs]`, `["tag", name, hue]`,
// `["time", text]`, `["date", text]`. A title without marks comes without `marks`.

/// The elements the runs that hold runs of their own are drawn as.
const NESTING = { strong: "strong", strike: "s", highlight: "mark", emphasis: "em" };

/// The runs of `card`'s title: the server's `marks`, or its title as plain words (a title with
/// no marks, or one changed here and not answered yet).
export const cardRuns = (card) => card.marks ?? (card.title ? [card.title] : []);

/// Whether `address` is a web or mail address, the only kinds a title links to (the server
/// sends no other; checked again where a link is made).
export const isWebAddress = (address) => /^(https?:\/\/|mailto:)/i.test(address);

/// The words a person reads of `runs` (the marks' signs left out, a tag's `#` kept).
export function plainText(runs) {
  return runs.map((run) => {
    if (typeof run === "string") return run;
    const [kind, first, second] = run;
    if (kind in NESTING) return plainText(first);
    if (kind === "link") return plainText(second);
    if (kind === "tag") return `#${first}`;
    return String(first ?? "");
  }).join("");
}

/// Draws `runs` into `into`, each mark an element made one by one, and returns the words a
/// person reads. A tag takes an Obsidian board's own colours for it from `tagColors`
/// (`{ "#tag": [color, background] }`), else the hue the server gave it.
export function drawRuns(runs, into, tagColors = null) {
  for (const run of runs) {
    if (typeof run === "string") {
      into.append(run);
      continue;
    }
    into.append(runElement(run, tagColors));
  }
  return plainText(runs);
}

/// Draws `card`'s title into `into` (see `drawRuns`); returns the words a person reads.
export function drawTitle(card, into, tagColors = null) {
  return drawRuns(cardRuns(card), into, tagColors);
}

/// The element of one mark.
function runElement([kind, first, second], tagColors) {
  if (kind in NESTING) {
    const element = document.createElement(NESTING[kind]);
    drawRuns(first, element, tagColors);
    return element;
  }
  if (kind === "link" && isWebAddress(first)) {
    const element = link(first);
    drawRuns(second, element, tagColors);
    return element;
  }
  const element = document.createElement(kind === "code" ? "code" : "span");
  if (kind === "tag") {
    element.className = "tag";
    element.textContent = `#${first}`;
    colorTag(element, first, second, tagColors);
  } else if (kind === "link") {
    element.textContent = plainText(second);
  } else {
    if (kind !== "code") element.className = { wikiLink: "wikilink", time: "time", date: "date" }[kind] ?? "";
    element.textContent = String(first ?? "");
  }
  return element;
}

/// A tag has a colour of its own, the same wherever and whenever it is drawn (its `hue`, as the
/// terminal colours it); an Obsidian board's own colour for it, from its settings, comes first.
function colorTag(element, name, hue, tagColors) {
  element.style.setProperty("--hue", hue);
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
