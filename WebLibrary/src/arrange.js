// The library's entry: `Arrange.load()` loads the engines' module and gives an `Arrange`, which
// makes lists sortable (lists sharing a `group` are one arena of the engine), routes presses,
// keeps the page's undo order and says announcements.

import { engineAppearance } from "./bridge.js";
import { settle as settleOptions } from "./defaults.js";
import { instantiate } from "./load.js";
import { Group } from "./group.js";
import { VirtualList } from "./virtual.js";
import { settleVirtual } from "./defaults.js";
import { press } from "./sensors/pointer.js";
import { canDropAt } from "./rules.js";
import { settle } from "./animate.js";
import { PageHistory } from "./history.js";
import { instructions } from "./messages.js";

/** Whether `selector` is a CSS selector the page can use. */
const parses = (selector) => {
  try {
    document.createDocumentFragment().querySelector(selector);
    return true;
  } catch {
    return false;
  }
};

/** Where the engines' module is when the app names none: beside the single-file build (which
 * esbuild makes with ARRANGE_BUNDLE defined), else in the package's dist folder, beside this
 * folder (a bundler that reads `new URL(…, import.meta.url)` copies it). */
const moduleURL = () => (typeof ARRANGE_BUNDLE !== "undefined"
  ? new URL("arrange.wasm", import.meta.url) : new URL("../dist/arrange.wasm", import.meta.url));

/** The engines, loaded: makes lists sortable. */
export class Arrange {
  /**
   * Loads the engines' WebAssembly module from `url` (default: `arrange.wasm` beside the
   * single-file build, or the package's own).
   * @param {string | URL} [url]
   * @param {{ liveRegion?: HTMLElement, announce?: (text: string) => void }} [options]
   */
  static async load(url = moduleURL(), options = {}) {
    // The module asks the page's rules while it looks for a place: each arena's group answers.
    const groups = new Map();
    const imports = { arrange: {
      can_drop: (arena, item, from, to, index) => {
        const group = groups.get(arena);
        return group ? canDropAt(group, item, from, to, index) : 1;
      },
    } };
    const instance = await instantiate(url, imports);
    return new Arrange(instance.exports, options, groups);
  }

  /** @private */
  constructor(exports, options = {}, arenas = new Map()) {
    this.exports = exports;
    this.arenas = arenas;
    this.groups = new Map();
    this.history = new PageHistory();
    this.liveRegion = options.liveRegion ?? null;
    this.announcer = typeof options.announce === "function" ? options.announce : null;
    this.motion = undefined;
    /** The engine's look of a drag (the seeds' values). */
    this.engineAppearance = engineAppearance(exports);
  }

  /**
   * Makes `element`'s children (or those matching `options.items`) sortable.
   * @returns {import("./sortable.js").Sortable}
   */
  sortable(element, options = {}) {
    if (!(element instanceof Element)) throw new TypeError("sortable: not an element");
    const settled = settleOptions(options, parses);
    const key = settled.group ?? Symbol("list");
    let group = this.groups.get(key);
    if (!group) {
      group = new Group(this, key);
      this.groups.set(key, group);
    }
    return group.add(element, settled);
  }

  /**
   * Makes `element` a virtual list: `options.count` items, of which only those in view (and
   * `overscan` px around) are drawn, each by `options.render(index)`; sized by `itemSize` (a
   * number, or a grid's `{ width, height }`) or a list's `sizeOf(index)`. `element` scrolls (the
   * page gives it its height, or width); `onDrop` says what moved by place, for the app to move
   * its data.
   * @returns {VirtualList}
   */
  virtualList(element, options = {}) {
    if (!(element instanceof Element)) throw new TypeError("virtualList: not an element");
    const settled = settleVirtual(settleOptions(options, parses));
    const key = settled.group ?? Symbol("list");
    let group = this.groups.get(key);
    if (!group) {
      group = new Group(this, key);
      this.groups.set(key, group);
    }
    return group.add(element, settled, VirtualList);
  }

  /**
   * Makes `element` a delete zone of `options.group`: an item dropped on it is removed.
   * @returns {{ element: Element, destroy(): void }}
   */
  trash(element, options = {}) {
    const zone = this.sortable(element, { ...options, zone: true });
    // A drop target has a name assistive technology reads: a group, named by its label.
    if (!element.hasAttribute("role")) element.setAttribute("role", "group");
    if (options.label && !element.hasAttribute("aria-label") && !element.hasAttribute("aria-labelledby")) {
      element.setAttribute("aria-label", options.label);
    }
    return zone;
  }

  /** Undoes the last drop (of any group) that is not undone yet; false when there is none. */
  undo() {
    this.land();
    return this.history.undo();
  }

  /** Redoes the last drop `undo` took back; false when there is none. */
  redo() {
    this.land();
    return this.history.redo();
  }

  /** @private Shows at once every group's release the next frame was to show. */
  land() {
    for (const group of this.groups.values()) for (const drag of [...group.drags]) drag.landing?.();
  }

  /** @private `group` dropped: its drop is the page's last. */
  dropped(group) {
    this.history.dropped(group);
  }

  /** @private A press on `list`. Slides after a drop end at once (their items jump home) and the
   * press is on what is laid out under it, as the engine finds items: what a slide draws there
   * depends on when the press is handled (late on a slow phone). Another list may have that. */
  press(list, event) {
    this.land();
    if (!event.button && event.arrangeAt === undefined) {
      let slid = false;
      for (const group of this.groups.values()) slid = settle(group) || slid;
      const at = slid && event.target.getRootNode().elementFromPoint?.(event.clientX, event.clientY);
      event.arrangeAt = at && at !== event.target ? at : null;
      // The lists around it, innermost first, as the press would have reached them.
      for (let node = event.arrangeAt; node && !event.arrangeSeen; node = node.parentNode) {
        for (const group of this.groups.values()) {
          for (const other of group.lists) if (other.element === node && !other.zone) press(group, other, event);
        }
      }
    }
    if (!event.arrangeAt) press(list.group, list, event);
  }

  /** @private Whether the person asked for reduced motion (asked of the page once). */
  reducedMotion() {
    if (this.motion === undefined) {
      this.motion = typeof matchMedia === "function" ? matchMedia("(prefers-reduced-motion: reduce)") : null;
    }
    return Boolean(this.motion?.matches);
  }

  /** @private The id of the hidden element that says how to drag the items of a list with
   * `options` (made on first use, one per text), or null when they have none. */
  instructions(options) {
    const text = options.instructions ?? (options.instructions === false ? null : instructions(options.liftKeys));
    if (!text) return null;
    this.described ??= new Map();
    let element = this.described.get(text);
    if (!element?.isConnected) {
      element = document.createElement("div");
      element.id = `arrange-instructions-${this.described.size + 1}-${Math.random().toString(36).slice(2, 8)}`;
      element.className = "arrange-instructions";
      element.hidden = true;
      element.textContent = text;
      document.body.append(element);
      this.described.set(text, element);
    }
    return element.id;
  }

  /** The live region announcements go to (made on first use unless given to `load`). */
  region() {
    if (!this.liveRegion) {
      const region = document.createElement("div");
      region.setAttribute("aria-live", "assertive");
      region.setAttribute("role", "status");
      region.className = "arrange-live";
      Object.assign(region.style, {
        position: "absolute", width: "1px", height: "1px", overflow: "hidden",
        clip: "rect(0 0 0 0)", clipPath: "inset(50%)", whiteSpace: "nowrap", margin: "-1px",
      });
      document.body.append(region);
      this.liveRegion = region;
    }
    return this.liveRegion;
  }

  /** @private Says `text`: to the app's `announce`, else in the live region. */
  say(text) {
    if (this.announcer) {
      try {
        this.announcer(text);
      } catch (error) {
        queueMicrotask(() => { throw error; });
      }
    } else {
      this.region().textContent = text;
    }
  }
}
