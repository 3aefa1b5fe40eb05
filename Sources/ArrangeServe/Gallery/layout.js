// The layout playground: a layout document edited as JSON or with controls, laid out by
// ArrangeLayout in its own WebAssembly module (arrange-layout.wasm) on every change, and drawn
// as boxes; the container is resized by dragging its edge or corner (or with the arrow keys).
import { log, ready } from "./gallery.js";

const leaf = (id, size) => (size ? { id, type: "leaf", size } : { id, type: "leaf" });
const row = (id, children, extra = {}) => ({ id, type: "group", axis: "horizontal", ...extra, children });
const column = (id, children, extra = {}) => ({ id, type: "group", axis: "vertical", ...extra, children });
const labels = (prefix, count, size) => Array.from({ length: count }, (_, i) => leaf(`${prefix}${i + 1}`, size));

/** The seed's examples, as layout documents. */
const presets = {
  "Ten labels (10 % each)": { size: { width: 600, height: 60 }, root: row("row", labels("label", 10), { margin: 4 }) },
  "250 pt, 33 %, a label, 75 pt": {
    size: { width: 800, height: 60 },
    root: row("row", [leaf("points-250", { points: 250 }), leaf("percent-33", { percent: 33 }), leaf("label"),
      leaf("points-75", { points: 75 })], { margin: 4 }),
  },
  "Nested groups": {
    size: { width: 600, height: 240 },
    root: row("row", [leaf("left"), column("column", [leaf("top"), row("inner-row", labels("inner", 3), { margin: 4 }),
      leaf("footer-25", { points: 25 })], { margin: 4 }), leaf("right")], { margin: 4 }),
  },
  "Softimage": {
    size: { width: 800, height: 500 },
    root: column("screen", [
      row("menu", labels("menu", 5), { margin: 4, size: { points: 30 } }),
      row("middle", [column("left-buttons", labels("left", 8), { margin: 4, size: { points: 90 } }), leaf("workspace"),
        column("right-buttons", labels("right", 8), { margin: 4, size: { points: 90 } })]),
      row("timeline", [leaf("slider")], { margin: 8, size: { points: 40 } }),
    ]),
  },
  "Depth of field": {
    size: { width: 800, height: 500 },
    root: column("main", [leaf("viewer"),
      row("upper-toolbar", [leaf("distance"), leaf("focal-size"), leaf("focal-blur"), leaf("aperture")],
        { margin: 10, size: { points: 60 } }),
      row("lower-toolbar", [leaf("fog-start"), leaf("fog-end"), leaf("fog-density"), leaf("credit")],
        { margin: 10, size: { points: 60 } })], { padding: 10, spacing: 10 }),
  },
  // The packed rows keep 8 between their labels; the distributed row has no spacing, which (as
  // CSS's `gap` with `space-evenly`) would be added to its inner gaps only and make them unequal.
  "Align & distribute": {
    size: { width: 600, height: 240 },
    root: column("rows", ["start", "center", "end", "spaceEvenly"].map((how) =>
      row(how, labels(`${how}-`, 3, { points: 80 }), how === "spaceEvenly" ? { distribution: how }
        : { distribution: how, spacing: 8 })), { spacing: 8, padding: 8 }),
  },
};

/** The layout module's exports. */
const engine = (await WebAssembly.instantiate(await (await fetch("arrange-layout.wasm")).arrayBuffer(), {})).instance.exports;

/** Lays `text` out in `width` × `height` (negative: the document's size): `{ ok, text }`. */
function layOut(text, width, height) {
  const input = new TextEncoder().encode(text);
  const at = engine.layout_alloc(input.length);
  new Uint8Array(engine.memory.buffer, at, input.length).set(input);
  let capacity = 8192;
  try {
    for (;;) {
      const out = engine.layout_alloc(capacity);
      const length = engine.layout_run(at, input.length, width, height, 0, out, capacity);
      const size = Math.abs(length);
      if (size <= capacity) {
        const answer = new TextDecoder().decode(new Uint8Array(engine.memory.buffer, out, size).slice());
        engine.layout_free(out);
        return { ok: length >= 0, text: answer };
      }
      engine.layout_free(out);
      capacity = size;
    }
  } finally {
    engine.layout_free(at);
  }
}

/** JSON with each node on lines of its own and a node's simple keys on one line. */
function format(value, indent = "") {
  if (Array.isArray(value)) {
    if (value.length === 0) return "[]";
    const inner = indent + "  ";
    return "[\n" + value.map((item) => inner + format(item, inner)).join(",\n") + "\n" + indent + "]";
  }
  if (value && typeof value === "object" && "children" in value) {
    const { children, ...rest } = value;
    const head = JSON.stringify(rest).slice(0, -1).replaceAll(",\"", ", \"").replaceAll("\":", "\": ");
    return head + (head.length > 1 ? ", " : "") + "\"children\": " + format(children, indent) + "}";
  }
  if (value && typeof value === "object" && "root" in value) {
    const { root, ...rest } = value;
    const lines = Object.entries(rest).map(([key, item]) => `  ${JSON.stringify(key)}: ${format(item)}`);
    return "{\n" + lines.join(",\n") + (lines.length ? ",\n" : "") + "  \"root\": " + format(root, "  ") + "\n}";
  }
  return JSON.stringify(value).replaceAll(",\"", ", \"").replaceAll("\":", "\": ");
}

const $ = (id) => document.getElementById(id);
const [textarea, stage, error, frames, sizeLabel] = ["json", "stage", "error", "frames", "size"].map($);
/** The document as last read (the text may be mid-edit and invalid), and the selected node's path. */
let documentValue = null;
let selected = [];
let drawn = new Map();

/** The nodes of `root` in pre-order, each with its output label and its path of child indices. */
function nodes(root) {
  const list = [];
  const visit = (node, path, words) => {
    list.push({ node, path, label: typeof node.id === "string" ? node.id : words });
    (node.children ?? []).forEach((child, index) => visit(child, [...path, index], `${words}.children[${index}]`));
  };
  if (root) visit(root, [], "root");
  return list;
}

const nodeAt = (path) => path.reduce((node, index) => node?.children?.[index], documentValue?.root);

/** Reads the text, lays it out, draws it; a document that cannot be read keeps the last drawing. */
function update({ rewrite = false } = {}) {
  if (rewrite) textarea.value = format(documentValue);
  let parsed;
  try {
    parsed = JSON.parse(textarea.value);
  } catch {
    parsed = null;
  }
  const result = layOut(textarea.value, -1, -1);
  if (!result.ok) {
    error.textContent = result.text;
    return false;
  }
  documentValue = parsed;
  const lines = result.text.split("\n").filter(Boolean);
  const boxes = lines.filter((line) => !line.startsWith("diagnostic: ")).map((line) => {
    const parts = line.split(" ");
    const [x, y, width, height] = parts.slice(-4).map(Number);
    return { label: parts.slice(0, -4).join(" "), x, y, width, height };
  });
  error.textContent = lines.filter((line) => line.startsWith("diagnostic: ")).join("\n");
  draw(boxes);
  return true;
}

/** Draws the laid-out boxes and lists their frames. */
function draw(boxes) {
  const known = new Map(nodes(documentValue.root).map((entry) => [entry.label, entry]));
  const root = boxes[0];
  stage.style.width = `${root.width}px`;
  stage.style.height = `${root.height}px`;
  sizeLabel.textContent = `Container ${root.width} × ${root.height}`;
  $("handle").setAttribute("aria-valuenow", String(root.width));
  stage.replaceChildren();
  frames.tBodies[0].replaceChildren();
  drawn = new Map();
  for (const box of boxes) {
    const entry = known.get(box.label);
    const element = document.createElement("div");
    const isGroup = entry?.node.type !== "leaf";
    element.className = "node " + (isGroup ? "group" : "leaf")
      + (entry?.node.size && typeof entry.node.size === "object" && !("fill" in entry.node.size) ? " sized" : "")
      + (entry && entry.path.length === 0 ? " root" : "");
    Object.assign(element.style, { left: `${box.x}px`, top: `${box.y}px`, width: `${box.width}px`, height: `${box.height}px` });
    // A group's name is in its title: drawn, it would lie under its first child's.
    if (!isGroup) element.textContent = box.label;
    element.dataset.label = box.label;
    element.title = `${box.label}: ${box.x}, ${box.y}, ${box.width} × ${box.height}`;
    if (entry) {
      element.addEventListener("click", (event) => {
        event.stopPropagation();
        select(entry.path);
      });
      drawn.set(entry.path.join("/"), element);
    }
    stage.append(element);
    const line = document.createElement("tr");
    for (const value of [box.label, box.x, box.y, box.width, box.height]) {
      const cell = document.createElement("td");
      cell.textContent = String(value);
      line.append(cell);
    }
    frames.tBodies[0].append(line);
  }
  showSelection();
}

/** Selects the node at `path` and shows its values in the controls. */
function select(path) {
  selected = nodeAt(path) ? path : [];
  showSelection();
}

function showSelection() {
  const node = nodeAt(selected);
  if (!node) return;
  for (const element of stage.children) element.classList.remove("selected");
  drawn.get(selected.join("/"))?.classList.add("selected");
  const entry = nodes(documentValue.root).find((item) => item.path.join("/") === selected.join("/"));
  $("selected-name").textContent = `Selected: ${entry?.label ?? "root"}`;
  const size = node.size;
  const kind = size === "fit" ? "fit" : size && typeof size === "object" && !("fill" in size)
    ? Object.keys(size)[0] : "fill";
  $("size-kind").value = kind;
  $("size-value").value = kind === "points" || kind === "percent" ? size[kind] : "";
  $("size-value").disabled = kind === "fill" || kind === "fit";
  const group = node.type !== "leaf";
  for (const id of ["axis", "spacing", "padding", "margin", "add-leaf", "add-group"]) $(id).disabled = !group;
  $("axis").value = node.axis ?? "horizontal";
  for (const key of ["spacing", "padding", "margin"]) $(key).value = typeof node[key] === "number" ? node[key] : "";
  $("remove").disabled = selected.length === 0;
  $("parent").disabled = selected.length === 0;
}

/** Applies a control's change to the selected node and lays out again. */
function edit(change) {
  const node = nodeAt(selected);
  if (!node) return;
  change(node);
  update({ rewrite: true });
}

$("size-kind").addEventListener("change", () => edit((node) => {
  const kind = $("size-kind").value;
  const value = Number($("size-value").value) || (kind === "percent" ? 25 : 100);
  if (kind === "fill") delete node.size;
  else node.size = kind === "fit" ? "fit" : { [kind]: value };
}));
$("size-value").addEventListener("input", () => edit((node) => {
  const kind = $("size-kind").value;
  const value = Number($("size-value").value);
  if ((kind === "points" || kind === "percent") && Number.isFinite(value) && value >= 0) node.size = { [kind]: value };
}));
$("axis").addEventListener("change", () => edit((node) => { node.axis = $("axis").value; }));
for (const key of ["spacing", "padding", "margin"]) {
  $(key).addEventListener("input", () => edit((node) => {
    const value = Number($(key).value);
    if ($(key).value === "" || !Number.isFinite(value) || value < 0) delete node[key];
    else node[key] = value;
  }));
}
/** A name no node of the document has yet. */
const fresh = (prefix) => {
  const taken = new Set(nodes(documentValue.root).map((entry) => entry.label));
  let count = 1;
  while (taken.has(`${prefix}${count}`)) count++;
  return `${prefix}${count}`;
};
$("add-leaf").addEventListener("click", () => edit((node) => { node.children.push(leaf(fresh("item"))); }));
$("add-group").addEventListener("click", () => edit((node) => {
  node.children.push({ id: fresh("group"), type: "group", axis: node.axis === "vertical" ? "horizontal" : "vertical",
    children: [leaf(fresh("item"))] });
}));
// A group's children may cover it: its child's button selects it.
$("parent").addEventListener("click", () => select(selected.slice(0, -1)));
$("remove").addEventListener("click", () => {
  const parent = nodeAt(selected.slice(0, -1));
  if (!parent || selected.length === 0) return;
  parent.children.splice(selected.at(-1), 1);
  selected = [];
  update({ rewrite: true });
});

textarea.addEventListener("input", () => update());

const choose = $("preset");
for (const name of Object.keys(presets)) choose.append(new Option(name, name));
choose.addEventListener("change", () => load(choose.value));

/** Loads preset `name`. */
function load(name) {
  documentValue = structuredClone(presets[name]);
  selected = [];
  update({ rewrite: true });
  log(`preset "${name}": ${frames.tBodies[0].rows.length} nodes in ${documentValue.size.width} × ${documentValue.size.height}`);
}

/** Sets the container's size (whole points, at least 0) and lays out again. */
function resize(width, height) {
  if (!documentValue) return;
  documentValue.size = { width: Math.max(0, Math.round(width)), height: Math.max(0, Math.round(height)) };
  update({ rewrite: true });
}

/** A drag of `element` that resizes the container: both lengths, or (`widthOnly`) the width. */
function resizer(element, widthOnly) {
  element.addEventListener("pointerdown", (event) => {
    if (!documentValue || typeof documentValue.size.width !== "number") return;
    event.preventDefault();
    element.setPointerCapture(event.pointerId);
    const start = { x: event.clientX, y: event.clientY, ...documentValue.size };
    const move = (moved) => {
      const height = widthOnly || typeof start.height !== "number" ? start.height : start.height + moved.clientY - start.y;
      resize(start.width + moved.clientX - start.x, height);
    };
    const end = () => {
      element.removeEventListener("pointermove", move);
      log(`resized to ${documentValue.size.width} × ${documentValue.size.height}`);
    };
    element.addEventListener("pointermove", move);
    element.addEventListener("pointerup", end, { once: true });
    element.addEventListener("pointercancel", end, { once: true });
  });
}
resizer($("handle"), false);
resizer($("edge"), true);
$("handle").addEventListener("keydown", (event) => {
  const step = event.shiftKey ? 1 : 10;
  const moves = { ArrowRight: [step, 0], ArrowLeft: [-step, 0], ArrowDown: [0, step], ArrowUp: [0, -step] };
  const move = moves[event.key];
  if (!move || !documentValue || typeof documentValue.size.width !== "number") return;
  event.preventDefault();
  resize(documentValue.size.width + move[0], documentValue.size.height + move[1]);
});

load(Object.keys(presets)[0]);
ready();
