// The engines' WebAssembly module, as the library speaks to it: one arena (a drag engine over a
// group's lists) per `Arena`, its numbers read into records by name (codes.js, generated from
// the module's Swift). Nothing here touches the page: node runs it as the browser does.

import {
  AppearanceField, BoxField, Configure, EventField, History, OperationField, PresentationField,
  RefusalField, Rule, RunField, SaidField,
} from "./codes.js";

/** `values` (numbers at `fields`' offsets) as a record by the fields' names. */
export const record = (fields, values) => {
  const named = {};
  for (const name in fields) named[name] = values[fields[name]];
  return named;
};

const size = (fields) => Object.keys(fields).length;
/** The most numbers a presentation is read into (its fields and 250 runs of items). */
const PRESENTATION_ROOM = 1024;

/** One arena of the module: what a group of lists feeds its drags to. */
export class Arena {
  /** A new arena of the module whose instance `exports` are given. */
  constructor(exports) {
    this.e = exports;
    this.handle = exports.arrange_arena_create();
  }

  /** Frees the arena; it means nothing afterwards. */
  destroy() {
    this.e.arrange_arena_destroy(this.handle);
  }

  /** `count` numbers of `Type` (an Int32Array or a Float64Array) that `entry(out)` writes, or
   * null when it writes none (returns 0). */
  read(Type, count, entry) {
    const room = this.e.arrange_alloc(Type.BYTES_PER_ELEMENT * count);
    try {
      const written = entry(room);
      if (!written) return null;
      return Array.from(new Type(this.e.memory.buffer, room, Type === Float64Array ? written : count));
    } finally {
      this.e.arrange_free(room);
    }
  }

  /** Calls `entry(...pointers)` with each of `arrays` (of `Type`s) in the module's memory. */
  with(arrays, entry) {
    const rooms = arrays.map(([Type, values]) => {
      const room = this.e.arrange_alloc(Type.BYTES_PER_ELEMENT * Math.max(1, values.length));
      new Type(this.e.memory.buffer, room, values.length).set(values);
      return room;
    });
    try {
      return entry(...rooms);
    } finally {
      for (const room of rooms) this.e.arrange_free(room);
    }
  }

  /** Adds list `id` (a `Layout` and a `Mode` code; a delete zone with `zone`) at `priority`. */
  addList(id, layout, mode, zone, priority) {
    this.e.arrange_arena_add_container(this.handle, id, layout, mode, zone ? 1 : 0, priority);
  }

  removeList(id) {
    this.e.arrange_arena_remove_container(this.handle, id);
  }

  /** Gives list `id` its box (a record of `BoxField`'s names), items and sizes: an input. */
  setList(id, box, ids, sizes) {
    const numbers = new Array(size(BoxField));
    for (const name in BoxField) numbers[BoxField[name]] = box[name] ?? 0;
    this.with([[Float64Array, numbers], [Int32Array, ids], [Float64Array, sizes]], (b, i, s) =>
      this.e.arrange_arena_set_container(this.handle, id, b, ids.length, i, s));
  }

  /** Moves list `id` without giving its items again: its frame (`x`, `y`, `width`, `height`),
   * how far it is scrolled (`scroll`) and where a grid's first line starts (`originX`,
   * `originY`), in constant time. An input. */
  placeList(id, { x, y, width, height, scroll = 0, originX = x, originY = y }) {
    this.e.arrange_arena_place_container(this.handle, id, x, y, width, height, scroll, originX, originY);
  }

  /** Where grid `id` lays out item `index`, from its first line's corner: `{ x, y, width,
   * height }`, or null when it has no such item. */
  flowFrame(id, index) {
    const values = this.read(Float64Array, 4, (out) => this.e.arrange_arena_flow_frame(this.handle, id, index, out));
    return values && { x: values[0], y: values[1], width: values[2], height: values[3] };
  }

  /** Lets at most `limit` items into list `id` (-1: no limit). */
  setCapacity(id, limit) {
    this.e.arrange_arena_set_capacity(this.handle, id, limit);
  }

  /** List `id` takes the item about to be dragged (`allowed`) or not. */
  setVerdict(id, allowed) {
    this.e.arrange_arena_set_verdict(this.handle, id, allowed ? 1 : 0);
  }

  clearVerdicts() {
    this.e.arrange_arena_clear_verdicts(this.handle);
  }

  /** Sets rule `name` (a `Rule` name) for `id` to `value`. */
  rule(name, id, value) {
    this.e.arrange_arena_set_rule(this.handle, Rule[name], id, value);
  }

  /** Sets `name` (a `Configure` name) to `value`; returns how many operations follow. */
  configure(name, value) {
    return this.e.arrange_arena_configure(this.handle, Configure[name], value);
  }

  /** Selects the items `ids`, in order. */
  select(ids) {
    this.with([[Int32Array, ids]], (room) => this.e.arrange_arena_set_selection(this.handle, ids.length, room));
  }

  /** Undoes or redoes (a `History` name); returns how many operations follow. */
  history(action) {
    return this.e.arrange_arena_history(this.handle, History[action]);
  }

  /** Whether there is something to undo (`undo`) or redo (`redo`). */
  can(action) {
    return (this.e.arrange_arena_history(this.handle, History.query) & (action === "undo" ? 1 : 2)) !== 0;
  }

  /** A pointer input (a `PointerPhase` and `PointerKind` code); returns how many operations. */
  pointer(phase, x, y, time, kind, pointer) {
    return this.e.arrange_arena_pointer(this.handle, phase, x, y, time, kind, pointer);
  }

  /** A key of a keyboard drag (a `KeyIntent` code; `item` for a lift, else -1). */
  key(intent, item, time) {
    return this.e.arrange_arena_key(this.handle, intent, item, time);
  }

  tick(time) {
    return this.e.arrange_arena_tick(this.handle, time);
  }

  /** What an input that asked for `count` operations did: its events (each with the drag it is
   * about: a pointer's number, -1 the keyboard's, -2 none), operations, announcement and
   * refusal, as records. */
  result(count) {
    const events = [];
    const drags = [];
    for (let index = 0; ; index++) {
      const values = this.read(Int32Array, size(EventField), (out) =>
        this.e.arrange_arena_event(this.handle, index, out));
      if (!values) break;
      events.push(record(EventField, values));
      drags.push(this.e.arrange_arena_event_drag(this.handle, index));
    }
    const operations = [];
    for (let index = 0; index < count; index++) {
      const values = this.read(Int32Array, size(OperationField), (out) =>
        this.e.arrange_arena_operation(this.handle, index, out));
      if (values) operations.push(record(OperationField, values));
    }
    const said = this.read(Int32Array, size(SaidField), (out) => this.e.arrange_arena_said(this.handle, out));
    const refusal = this.read(Int32Array, size(RefusalField), (out) =>
      this.e.arrange_arena_refusal(this.handle, out));
    return { events, drags, operations, said: said && record(SaidField, said),
      refusal: refusal && record(RefusalField, refusal) };
  }

  /** What the page draws for the drag of `pointer` (-1: the keyboard's), or null: a record of
   * `PresentationField`'s names with `runs`, the runs of items making room. */
  presentation(pointer) {
    const values = this.read(Float64Array, PRESENTATION_ROOM, (out) =>
      this.e.arrange_arena_presentation(this.handle, out, PRESENTATION_ROOM, pointer));
    if (!values) return null;
    const shown = record(PresentationField, values);
    const first = size(PresentationField);
    const each = size(RunField);
    shown.runs = [];
    for (let run = 0; run < shown.runCount; run++) {
      shown.runs.push(record(RunField, values.slice(first + run * each, first + (run + 1) * each)));
    }
    return shown;
  }
}

/** The engine's look of a drag (the seeds' values), read from the module. */
export const engineAppearance = (exports) => {
  const count = size(AppearanceField);
  const room = exports.arrange_alloc(8 * count);
  try {
    exports.arrange_arena_appearance(room);
    return { ...record(AppearanceField, new Float64Array(exports.memory.buffer, room, count)),
      displacedMoves: true };
  } finally {
    exports.arrange_free(room);
  }
};
