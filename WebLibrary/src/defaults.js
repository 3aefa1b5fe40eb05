// Every option of a list, with its default, in one place; and the check that a list's options
// can be worked with before anything is set up. docs/web-library.md says what each one means.

import { Layout, Mode, Target } from "./codes.js";

/** The options a list has when the app gives none (`null`: none, or as said). */
export const DEFAULTS = Object.freeze({
  group: null,
  mode: "move",
  direction: "vertical",
  modes: null,
  selectable: false,
  removeOnDropOutside: false,
  dropInto: null,
  /** How long (ms) a press is held still before it drags, for every pointer; `null`: a finger
   * or pen `touchDelay`, a mouse none (it drags once it moves `distance`). */
  delay: null,
  /** With `delay`: only a finger or pen waits; a mouse drags once it moves `distance`. */
  delayOnTouchOnly: false,
  /** How long (ms) a finger or pen presses when `delay` is not given (a swipe scrolls). */
  touchDelay: 150,
  distance: 5,
  sort: true,
  target: "pointer",
  /** Where on an item of the dragged item's own list it takes that item's place: the share of
   * the item, from its edge nearer the dragged item, past which it does (SortableJS's): 1, as
   * soon as the pointer is on it; 0, past its middle. */
  swapThreshold: 1,
  /** The swap area is at the item's far edge (SortableJS's): the dragged item passes an item
   * only once the pointer is `invertedSwapThreshold` / 2 of it from its far edge. */
  invertSwap: false,
  /** With `invertSwap`, the share of the item, half at each edge, that is its swap area;
   * `null`: `swapThreshold`'s. 1: the pointer passes an item at its middle. */
  invertedSwapThreshold: null,
  /** How near (px) an empty list a drag must come to go into it (a list of no height too). */
  emptyInsertThreshold: 5,
  autoScroll: true,
  /** How near (px) an edge of what scrolls a drag must come to scroll it. */
  scrollSensitivity: 40,
  /** The most a scroll moves in one frame (px), at the very edge. */
  scrollSpeed: 20,
  editMode: false,
  concurrent: false,
  undoLimit: 1000,
  items: null,
  chunks: null,
  handle: null,
  filter: null,
  liftKeys: Object.freeze([" ", "Enter"]),
  capacity: null,
  label: null,
  dom: "move",
  keyboard: true,
  messages: null,
  /** What a draggable item's description (`aria-describedby`) says: how to drag it with the
   * keyboard; `null`: the English, by `liftKeys`; `false`: none. */
  instructions: null,
  appearance: "plain",
  itemName: null,
  canDrag: null,
  canDrop: null,
  onLift: null,
  onMove: null,
  onDrop: null,
  onCancel: null,
  onEnd: null,
  onSelect: null,
  onEditMode: null,
  // A virtual list's (`virtualList`): its items are data, drawn when in view.
  /** How many items a virtual list has. */
  count: 0,
  /** Each item's length along a virtual list (px), or a grid's tile `{ width, height }`. */
  itemSize: null,
  /** A virtual list's item `index`'s length (px), when they differ (instead of `itemSize`). */
  sizeOf: null,
  /** Makes the element of a virtual list's item `index` (called when it comes into view). */
  render: null,
  /** How far (px) around the view a virtual list draws its items. */
  overscan: 320,
  /** The space (px) between a virtual list's items, and between a grid's lines (`lineGap`,
   * `null`: `gap`). */
  gap: 0,
  lineGap: null,
});

/** The look of a drag when the app asks for none: the item follows the pointer as it is. */
export const PLAIN_LOOK = Object.freeze({ animationDuration: 0.2, catchScale: 1, releaseScale: 1,
  snapshotAlpha: 1, displacedAlpha: 1, displacedMoves: false });

const CALLBACKS = ["onLift", "onMove", "onDrop", "onCancel", "onEnd", "onSelect", "onEditMode",
  "canDrag", "canDrop", "itemName", "dropInto", "render", "sizeOf"];
const SELECTORS = ["items", "handle", "filter", "chunks"];
const NUMBERS = ["delay", "touchDelay", "distance", "swapThreshold", "invertedSwapThreshold",
  "emptyInsertThreshold",
  "scrollSensitivity", "scrollSpeed", "undoLimit", "overscan", "gap", "lineGap"];

/** `options` over the defaults: an option the app leaves out (or gives as `undefined`) is the
 * default. Throws a TypeError for options a list cannot work with. `valid(selector)` says
 * whether a selector parses (the page's, in a browser). */
export const settle = (options, valid = () => true) => {
  if (options === null || typeof options !== "object") {
    throw new TypeError("sortable: options must be an object");
  }
  for (const name of CALLBACKS) {
    if (options[name] != null && typeof options[name] !== "function") {
      throw new TypeError(`sortable: ${name} must be a function`);
    }
  }
  for (const name of SELECTORS) {
    const selector = options[name];
    if (selector == null) continue;
    if (typeof selector !== "string") throw new TypeError(`sortable: ${name} must be a CSS selector`);
    if (!valid(selector)) throw new TypeError(`sortable: ${name} is not a valid CSS selector: ${selector}`);
  }
  for (const name of NUMBERS) {
    if (options[name] != null && (typeof options[name] !== "number" || Number.isNaN(options[name]))) {
      throw new TypeError(`sortable: ${name} must be a number`);
    }
  }
  if (options.instructions != null && options.instructions !== false && typeof options.instructions !== "string") {
    throw new TypeError("sortable: instructions must be a string, or false for none");
  }
  if (options.messages != null && typeof options.messages !== "object") {
    throw new TypeError("sortable: messages must be an object of functions");
  }
  if (options.liftKeys != null && !Array.isArray(options.liftKeys)) {
    throw new TypeError("sortable: liftKeys must be an array of key names");
  }
  if (options.target != null && !(options.target in Target)) {
    throw new TypeError(`sortable: target must be one of ${Object.keys(Target).join(", ")}`);
  }
  if (options.mode != null && !(options.mode in Mode)) {
    throw new TypeError(`sortable: mode must be one of ${Object.keys(Mode).join(", ")}`);
  }
  if (options.direction != null && !(options.direction in Layout)) {
    throw new TypeError(`sortable: direction must be one of ${Object.keys(Layout).join(", ")}`);
  }
  if (options.modes != null && typeof options.modes !== "object" && typeof options.modes !== "function") {
    throw new TypeError("sortable: modes must be an object or a function");
  }
  const settled = { ...DEFAULTS };
  for (const [name, value] of Object.entries(options)) if (value !== undefined) settled[name] = value;
  return settled;
};

/** What a virtual list needs of its `options` (settled), checked: a `render`, a size for its
 * items, and only what it does (its items move; a copy, an exchange, a selection or a drop into
 * an item would need elements it does not keep). Returns them. */
export const settleVirtual = (options) => {
  if (typeof options.render !== "function") throw new TypeError("virtualList: render must be a function of an index");
  if (options.itemSize == null && options.sizeOf == null) {
    throw new TypeError("virtualList: give itemSize (a number, or { width, height }) or sizeOf(index)");
  }
  if (options.mode !== "move" || options.modes != null) throw new TypeError("virtualList: its items move (mode \"move\")");
  for (const name of ["selectable", "dropInto", "chunks", "items", "removeOnDropOutside"]) {
    if (options[name]) throw new TypeError(`virtualList: ${name} is not for virtual lists`);
  }
  return options;
};

/** How long (seconds) a press of `kind` ("touch" or "mouse") is held before it drags, by
 * `options` (settled); 0: a mouse drags once it moves. */
export const pressDelay = (options, kind) => {
  const given = options.delay;
  if (kind === "touch") return Math.max(0, given ?? options.touchDelay) / 1000;
  return given == null || options.delayOnTouchOnly ? 0 : Math.max(0, given) / 1000;
};

/** The number of the engine's rule that says where an item of its own list takes its place:
 * how far from the item's middle towards its near edge the line is, as a share of half the
 * item (`swapThreshold`, clamped to 0…1), or, with `invertSwap`, towards its far edge (negative:
 * `invertedSwapThreshold` − 1, so that 1 is the middle). */
export const swapShare = (options) => {
  const share = (value) => Math.min(1, Math.max(0, Number(value) || 0));
  if (!options.invertSwap) return share(options.swapThreshold);
  return share(options.invertedSwapThreshold ?? options.swapThreshold) - 1;
};
