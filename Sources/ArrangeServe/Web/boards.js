// The boards of a folder that `arrange serve DIR` serves: the list at `/` (boards.html) and, on
// a board's page (`/b/NAME/`), the switcher in the bar. On the page of a server of one board it
// does nothing. The list is asked for with the token of the address, like the board itself, and
// asked for again every few seconds, so that a file added to the folder shows.
"use strict";

(() => {
  const list = document.getElementById("board-list");
  const control = document.getElementById("boards-control");
  const picker = document.getElementById("boards");
  const onBoardPage = location.pathname.startsWith("/b/");
  if (!list && !(picker && onBoardPage)) return;

  const token = () => new URLSearchParams(location.hash.slice(1)).get("token") || "";
  const addressOf = (board) => board.address + "#token=" + encodeURIComponent(token());
  const here = (() => {
    try { return decodeURIComponent(location.pathname); } catch { return location.pathname; }
  })();
  const isCurrent = (board) => board.address === location.pathname
    || "/b/" + board.name + "/" === here;

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

  let shown = "";   // the list last drawn, so that an unchanged one is not drawn again

  /// Draws the list page.
  function drawList(folder) {
    const key = JSON.stringify(folder);
    if (key === shown) return;
    shown = key;
    document.getElementById("folder").textContent = "Boards in " + folder.folder;
    document.title = folder.folder + " · Arrange";
    list.replaceChildren(...folder.boards.map((board) => {
      const item = document.createElement("li");
      const link = document.createElement("a");
      link.href = addressOf(board);
      link.textContent = board.name.replace(/\.md$/i, "");
      link.title = board.name;
      item.append(link);
      // Names a person cannot tell apart: each still opens its own file, and the list says so.
      if (board.warning) {
        const warning = document.createElement("p");
        warning.className = "board-warning";
        warning.textContent = board.warning;
        item.append(warning);
      }
      return item;
    }));
    const status = document.getElementById("status");
    status.classList.remove("error");
    status.textContent = folder.boards.length === 0
      ? "This folder has no boards yet: add a .md file to it, or run arrange new FILE."
      : folder.complete ? "" : `The first ${folder.boards.length} boards, by name.`;
  }

  /// Fills the switcher of a board's page.
  function drawPicker(folder) {
    // An open list is not redrawn under the pointer.
    if (document.activeElement === picker) return;
    const key = JSON.stringify(folder);
    if (key === shown) return;
    shown = key;
    const options = folder.boards.map((board) => {
      const option = new Option(board.name.replace(/\.md$/i, "") + (board.warning ? " ⚠" : ""),
        board.address);
      option.title = board.warning || board.name;
      option.selected = isCurrent(board);
      return option;
    });
    const all = new Option("All boards…", "/");
    options.push(all);
    if (!options.some((option) => option.selected)) {
      const current = new Option(here.replace(/^\/b\/|\/$/g, "").replace(/\.md$/i, ""), location.pathname);
      current.selected = true;
      options.unshift(current);
    }
    picker.replaceChildren(...options);
    control.hidden = false;
  }

  async function refresh() {
    if (document.visibilityState === "hidden") return;
    try {
      const folder = await boards();
      if (list) drawList(folder);
      else drawPicker(folder);
    } catch (error) {
      if (list) {
        const status = document.getElementById("status");
        status.textContent = error.message;
        status.classList.add("error");
      } else if (error.status === 404) {
        control.hidden = true;
      }
    }
  }

  if (picker) {
    picker.addEventListener("change", () => {
      location.assign(picker.value + "#token=" + encodeURIComponent(token()));
    });
    // The board's keys (a, e, /, …) are for the board, not for the list of boards.
    picker.addEventListener("keydown", (event) => event.stopPropagation());
  }
  addEventListener("hashchange", () => { shown = ""; refresh(); });
  document.addEventListener("visibilitychange", refresh);
  setInterval(refresh, 5000);
  refresh();
})();
