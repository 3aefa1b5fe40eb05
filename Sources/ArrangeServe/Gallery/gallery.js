// What every page of the gallery shares: the library loaded once, and a log of what the
// page's model received (shown on the page, read by the tests).
import { Arrange } from "./arrange-lib.js";

/** The engines, loaded (the module beside the library). */
export const arrange = await Arrange.load();

/** Appends `text` to the page's log (`ol.log`), newest last, and to `window.galleryLog`. */
export function log(text) {
  (window.galleryLog ??= []).push(text);
  const list = document.querySelector("ol.log");
  if (!list) return;
  const entry = document.createElement("li");
  entry.textContent = text;
  list.append(entry);
  while (list.children.length > 200) list.firstElementChild.remove();
  // Scrolled to the newest in the next frame, once the browser has laid the page out: reading
  // its height now would make the browser lay out the page inside the drop that logs.
  requestAnimationFrame(() => { list.scrollTop = list.scrollHeight; });
}

/** Marks the page ready (for the tests: `document.body.dataset.ready`). */
export function ready() {
  document.body.dataset.ready = "true";
}
