// The boards of a folder that `arrange serve DIR` serves: the list at `/` (boards.html) and, on
// a board's page (`/b/NAME/`), the switcher in the bar. On the page of a server of one board it
// does nothing. The list is asked for with the token of the address, like the board itself, and
// asked for again every few seconds, so that a file added to the folder shows.

/// How often the list is asked for again (milliseconds).
const REFRESH = 5000;

/// The key in the page's address (`#token=…`), or "".
const token = () => new URLSearchParams(location.hash.slice(1)).get("token") || "";

/// The address that opens `board` (`{ name, address }`) with the page's key.
const addressOf = (board) => board.address + "#token=" + encodeURIComponent(token());

/// A board's name as the list shows it: its file's name without `.md`.
export const shownName = (name) => name.replace(/\.md$/i, "");

/// Whether `board` is the one at `pathname` (its address, or `/b/NAME/` decoded as `here`).
export const isCurrent = (board, pathname, here) => board.address === pathname
  || "/b/" + board.name + "/" === here;

/// The page's path, decoded (as a board's name is written).
function decodedPath() {
  try {
    return decodeURIComponent(location.pathname);
  } catch {
    return location.pathname;
  }
}

/// The folder's boards from the server: `{folder, boards: [{name, address}], complete}`.
async function boards() {
  const answer = await fetch("/api/boards", {
    headers: { "X-Arrange-Token": token() }, cache: "no-store" });
  if (!answer.ok) {
    const error = new Error(answer.status === 401
      ? "Open the address arrange serve printed: it carries the key to these boards."
      : answer.status === 404 ? "This server serves one board." : `The list of boards cannot be read (${answer.status}).`);
    error.status = answer.status;
    throw error;
  }
  return answer.json();
}

/// The list page's item for `board`: a link, and the warning of a name a person cannot tell
/// apart from another's (each still opens its own file, and the list says so).
function listItem(board) {
  const item = document.createElement("li");
  const link = document.createElement("a");
  link.href = addressOf(board);
  link.textContent = shownName(board.name);
  link.title = board.name;
  item.append(link);
  if (board.warning) {
    const warning = document.createElement("p");
    warning.className = "board-warning";
    warning.textContent = board.warning;
    item.append(warning);
  }
  return item;
}

/// Draws the list page, unless it is drawn so already.
function drawList(page, folder) {
  const key = JSON.stringify(folder);
  if (key === page.shown) return;
  page.shown = key;
  document.getElementById("folder").textContent = "Boards in " + folder.folder;
  document.title = folder.folder + " · Arrange";
  page.list.replaceChildren(...folder.boards.map(listItem));
  const status = document.getElementById("status");
  status.classList.remove("error");
  status.textContent = folder.boards.length === 0
    ? "This folder has no boards yet: add a .md file to it, or run arrange new FILE."
    : folder.complete ? "" : `The first ${folder.boards.length} boards, by name.`;
}

/// Fills the switcher of a board's page, unless it is filled so already.
function drawPicker(page, folder) {
  // An open list is not redrawn under the pointer.
  if (document.activeElement === page.picker) return;
  const key = JSON.stringify(folder);
  if (key === page.shown) return;
  page.shown = key;
  const here = decodedPath();
  const options = folder.boards.map((board) => {
    const option = new Option(shownName(board.name) + (board.warning ? " ⚠" : ""), board.address);
    option.title = board.warning || board.name;
    option.selected = isCurrent(board, location.pathname, here);
    return option;
  });
  options.push(new Option("All boards…", "/"));
  if (!options.some((option) => option.selected)) {
    const current = new Option(shownName(here.replace(/^\/b\/|\/$/g, "")), location.pathname);
    current.selected = true;
    options.unshift(current);
  }
  page.picker.replaceChildren(...options);
  page.control.hidden = false;
}

/// Asks for the folder's boards and draws them (not while the page is hidden).
async function refresh(page) {
  if (document.visibilityState === "hidden") return;
  try {
    const folder = await boards();
    if (page.list) drawList(page, folder);
    else drawPicker(page, folder);
  } catch (error) {
    if (page.list) {
      const status = document.getElementById("status");
      status.textContent = error.message;
      status.classList.add("error");
    } else if (error.status === 404) {
      page.control.hidden = true;
    }
  }
}

/// Starts the list or the switcher, whichever the page has.
function start() {
  const page = {
    list: document.getElementById("board-list"),
    control: document.getElementById("boards-control"),
    picker: document.getElementById("boards"),
    shown: "",   // the list last drawn, so that an unchanged one is not drawn again
  };
  if (!page.list && !(page.picker && location.pathname.startsWith("/b/"))) return;
  if (page.picker) {
    page.picker.addEventListener("change", () => {
      location.assign(page.picker.value + "#token=" + encodeURIComponent(token()));
    });
    // The board's keys (a, e, /, …) are for the board, not for the list of boards.
    page.picker.addEventListener("keydown", (event) => event.stopPropagation());
  }
  addEventListener("hashchange", () => { page.shown = ""; refresh(page); });
  document.addEventListener("visibilitychange", () => refresh(page));
  setInterval(() => refresh(page), REFRESH);
  refresh(page);
}

// Imported outside a page (by the page's unit tests), it starts nothing.
if (typeof document !== "undefined") start();
