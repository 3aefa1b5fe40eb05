// A group: lists that share a `group` (one arena of the engine), the items' engine numbers, the
// drags under way, and what the engine's answer to an input sets going. Each part of the work
// is a module of its own (sensing, measuring, rules, presentation, DOM changes, animation,
// auto-scroll, history, announcements); the drag being handled is passed to each explicitly.

import { Arena } from "./bridge.js";
import { Announcement, Event, KeyIntent, Layout, Mode, PointerPhase } from "./codes.js";
import { call } from "./call.js";
import { now } from "./clock.js";
import { countOf, measure, setFrame, track } from "./measure.js";
import { apply } from "./dom.js";
import { flip, looks, settle, shown } from "./animate.js";
import { clear, lift, present } from "./present.js";
import { announce, reasonFor } from "./announce.js";
import { announcementText } from "./messages.js";
import { Sortable } from "./sortable.js";

/** Lists sharing a group: one arena of the engine. */
export class Group {
  constructor(arrange, key) {
    this.arrange = arrange;
    this.groupKey = key;
    this.arena = new Arena(arrange.exports);
    this.handle = this.arena.handle;
    arrange.arenas.set(this.handle, this);
    this.lists = [];
    this.nextId = 0;
    // Items keep their engine number for as long as the page has them, so that undo, redo and
    // the selection can name them across drags.
    this.ids = new WeakMap();
    this.byId = new Map();
    this.nextItem = 0;
    this.selected = [];
    this.editing = false;
    this.flipping = new Set();
    // The drags under way (several with `concurrent`).
    this.drags = new Set();
    // The elements of items an undo or a redo moves between virtual lists, while the lists draw
    // again: each keeps its element, which slides across (see virtual-drop.js).
    this.carried = new Set();
    // Items making room: what each drag asks of each (see present.js), and what each is drawn with.
    this.room = new Map();
    this.drawn = new Map();
    // The transform an item rests at, where it is not none (a virtual item's, see VirtualList.make).
    this.rest = new WeakMap();
    this.measured = new Map();
    this.mirror = null;
  }

  /** The transform `item` rests at: none (""), or a virtual item's (see VirtualList.make). */
  restOf(item) {
    return this.rest.get(item) ?? "";
  }

  /** Starts handling `drag`, a press or a keyboard lift. */
  begin(drag) {
    this.drags.add(drag);
  }

  /** Whether the group's lists let several pointers drag at once (`concurrent`). */
  concurrent() {
    return this.lists.some((list) => list.options.concurrent === true);
  }

  /** Adds a list of `element` with `options` (settled), a `Kind` (a `Sortable`, or a
   * `VirtualList`: a group's lists are all of one kind). */
  add(element, options, Kind = Sortable) {
    if (this.lists.some((list) => !list.virtual !== (Kind === Sortable))) {
      throw new TypeError("sortable: a group's lists are all virtual lists or none of them");
    }
    const list = new Kind(this, element, options, this.nextId++);
    // A list inside another list's element (in one of its items) comes before it where their
    // frames overlap.
    let priority = this.lists.findIndex((other) => other.element.contains(element));
    if (priority < 0) priority = this.lists.length;
    this.lists.splice(priority, 0, list);
    this.arena.addList(list.id, list.layout, Mode[options.mode], list.zone, priority);
    // A capacity that is no whole number a 32-bit integer holds (Infinity, NaN) is no limit.
    const capacity = Number(options.capacity);
    if (options.capacity != null && Number.isFinite(capacity) && capacity < 2 ** 31) {
      this.arena.setCapacity(list.id, Math.floor(capacity));
    }
    if (options.undoLimit !== 1000) this.arena.configure("undoLimit", options.undoLimit);
    if (options.editMode) this.arena.configure("dragsOnlyInEditMode", 1);
    return list;
  }

  /** Takes `list` out of the group (a drag under way is cancelled). */
  remove(list) {
    this.land();
    for (const drag of [...this.drags]) {
      this.finish(drag, this.input(() => (drag.keyboard ? this.arena.key(KeyIntent.cancel, -1, now())
        : this.pointerAt(drag, PointerPhase.cancel, drag.last))));
      if (this.drags.has(drag)) this.end(drag);
    }
    this.arena.removeList(list.id);
    this.lists = this.lists.filter((other) => other !== list);
    if (this.lists.length === 0) {
      this.arena.destroy();
      this.arrange.arenas.delete(this.handle);
      this.arrange.groups.delete(this.groupKey);
    }
  }

  /** The engine's number for `item`, given the first time it is asked for. */
  idOf(item) {
    let id = this.ids.get(item);
    if (id === undefined) {
      id = this.nextItem++;
      this.ids.set(item, id);
    }
    this.byId.set(id, item);
    return id;
  }

  /** The element of engine item `id`, or null. */
  find(id) {
    return this.byId.get(id) ?? null;
  }

  listOf(id) {
    return this.lists.find((list) => list.id === id) ?? null;
  }

  listWith(element) {
    return this.lists.find((list) => list.element === element) ?? null;
  }

  /** Measures every list and tells the engine. `from`: the list a drag starts in, if one does. */
  measure(from = null) {
    const moving = this.drags.size > 0;
    if (!moving) settle(this);
    measure(this, from, moving);
  }

  /** Feeds the engine pointer input `phase` at `[x, y]` of the page, of `drag`. */
  pointerAt(drag, phase, [x, y]) {
    return this.arena.pointer(phase, this.mirror == null ? x : this.mirror - x, y, now(), drag.kind,
      drag.pointer ?? 0);
  }

  /** Runs one input and gathers what it did: events, operations, announcement, refusal. */
  input(run) {
    return this.arena.result(run());
  }

  /** Shows at once a release the next frame was to show: before anything else the library
   * does, or the app asks. */
  land() {
    this.arrange.land();
  }

  /** Tells the engine where every list is now (after a scroll), hearing what that changed for
   * `drag`: what is under a still pointer may be another place, which the app and the live
   * region are told. */
  reframe(drag) {
    for (const list of this.lists) {
      if (!this.drags.has(drag)) return;
      const result = this.input(() => {
        setFrame(this, list);
        return 0;
      });
      // The engine says nothing of a place a scroll brought under the pointer: say it as a move.
      const placed = result.events.findLast((event) => event.kind === Event.placeChanged && event.container >= 0);
      if (placed && !result.said && !result.refusal && drag.lifted) {
        const target = this.listOf(placed.container);
        const size = this.measured.has(target) ? countOf(this.measured.get(target)) : 0;
        const count = size + (target === (drag.origin?.list ?? drag.list) ? 0 : 1);
        result.said = { kind: Announcement.moved, item: placed.item, position: placed.index + 1, count,
          container: placed.container, other: -1, members: -1, refusal: -1 };
      }
      this.finish(drag, result);
    }
  }

  /** Acts on what an input did for `drag` (null: none): calls the app back, draws, applies a
   * drop, announces. `cause`: what the operations are ("drop", "undo", "redo"); `draw`: whether
   * the drags are drawn anew. */
  finish(drag, { events, drags = [], operations, said, refusal }, cause = "drop", draw = true) {
    const reason = refusal ? this.reasonFor(refusal.kind, refusal.container) : "";
    // The drags the events are about (a drop may change another drag's place).
    const touched = new Set(drag ? [drag] : []);
    const owner = (number) => {
      if (number == null || number === -2) return drag;
      for (const other of this.drags) {
        if (number === -1 ? other.keyboard : !other.keyboard && other.pointer === number) return other;
      }
      return drag;
    };
    for (const [at, event] of events.entries()) {
      const about = owner(drags[at]);
      if (about) touched.add(about);
      this.event(about, event, reason);
    }
    for (const other of touched) {
      if (other.lifted && draw && this.drags.has(other)) present(this, other, other.refusal);
    }
    if (operations.length) apply(this, drag, operations, cause);
    announce(this, drag, said, reason);
  }

  /** Acts on one event of the engine, about `drag` (null: none). */
  event(drag, { kind, item, container, index, into }, reason) {
    const source = drag?.list;
    if (kind === Event.editModeBegan || kind === Event.editModeEnded) {
      this.editing = kind === Event.editModeBegan;
      for (const list of this.lists) {
        list.element.classList.toggle("arrange-editing", this.editing);
        call(list.options.onEditMode, null, { editing: this.editing });
      }
      // Said, as everything that changes what a press does (a long press starts it unseen).
      const messages = this.lists[0]?.options.messages;
      const text = announcementText(this.editing ? "editModeBegan" : "editModeEnded", {}, messages, call);
      if (text) this.arrange.say(text);
    } else if (kind === Event.scroll) {
      const list = this.listOf(container);
      for (const other of this.drags) other.base = null;
      // The engine's offset is in its coordinates (see measure.js's scrollOf).
      const scale = this.measured.get(list)?.scale ?? 1;
      if (list?.layout === Layout.vertical) list.element.scrollTop = index / scale;
      else if (list) list.element.scrollLeft = (this.mirror == null ? index : -index) / scale;
      // Noted at once: a keyboard drag hears no scroll event, and where its items are drawn
      // counts the list's scroll.
      if (list && this.measured.has(list)) track(this, list);
    } else if (!drag) {
      return;
    } else if (kind === Event.lifted) {
      drag.lifted = true;
      drag.origin = { list: this.listOf(container), index };
      lift(this, drag);
      call(source.options.onLift, null, { item: drag.item, from: source.element, index });
    } else if (kind === Event.placeChanged && drag.lifted) {
      const to = this.listOf(container);
      drag.target = to;
      drag.toIndex = index;
      drag.refusal = reason || null;
      drag.into = into >= 0 ? this.find(into) : null;
      drag.removing = into === -2;
      call(source.options.onMove, null, { item: drag.item, from: source.element, index: drag.origin.index,
        to: to?.element ?? null, toIndex: index, refused: reason || null, into: drag.into,
        remove: drag.removing });
    } else if (kind === Event.cancelled) {
      drag.cancelled = true;
      call(source.options.onCancel, null, { item: drag.item, from: source.element,
        index: drag.origin?.index ?? -1 });
    } else if (kind === Event.refused && drag.lifted) {
      drag.refusal = reason;
    } else if (kind === Event.groupLifted) {
      drag.companions = this.selected.filter((member) => member !== drag.item);
      drag.item.dataset.arrangeCount = String(container);
      for (const member of drag.companions) {
        member.classList.add("arrange-companion");
        member.style.opacity = "0.4";
      }
    }
  }

  /** Ends the press or drag `drag`: puts everything back (animated when it was not dropped). */
  end(drag) {
    if (!drag) return;
    const before = drag.lifted && !drag.dropped ? shown(this, drag) : null;
    const drawn = before && !this.arrange.reducedMotion() ? looks(drag) : new Map();
    clear(this, drag);
    if (before) flip(this, before, drawn);
    drag.stop();
    this.drags.delete(drag);
    if (!this.drags.size) this.arena.clearVerdicts();
    if (drag.keyboard && drag.cancelled && !drag.blurred) drag.item.focus({ preventScroll: true });
    if (this.drags.size && drag.dropped) this.remeasure();
    drag.ended?.();
    call(drag.list.options.onEnd, null, { item: drag.item, from: drag.list.element, lifted: drag.lifted,
      dropped: Boolean(drag.dropped), cancelled: Boolean(drag.cancelled) });
  }

  /** After a drop while other drags go on: the lists measured again, each drag shown anew. */
  remeasure() {
    this.measure([...this.drags][0].list);
    for (const drag of [...this.drags]) {
      if (!this.drags.has(drag) || drag.keyboard || drag.landing) continue;
      drag.base = null;
      this.finish(drag, this.input(() => this.pointerAt(drag, PointerPhase.move, drag.last)));
    }
  }

  /** Why a drop is refused, in words (see announce.js). */
  reasonFor(kind, container) {
    return reasonFor(this, kind, container);
  }
}
