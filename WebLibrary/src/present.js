// Presentation: how a drag looks on the page. The lifted item follows the pointer (a
// `translate`), the items in the way make room (a `transform` each, only those on screen), an
// exchange's other item is shown displaced, a selection shows a line, and the lists under the
// drags are marked. All of it is taken back by `clear`.

import { Indicator, Layout } from "./codes.js";
import { PLAIN_LOOK } from "./defaults.js";
import { band, countOf, engineRect, indexIn, itemAt, moved, rectAt, sizeAt } from "./measure.js";

/** The styles a drag writes on its item, each given back as the item's own style said (its
 * `transform` and `transition` are the library's, as for the items that make room). */
const OWN_STYLE = ["position", "zIndex", "pointerEvents", "willChange", "translate", "scale", "opacity",
  "clipPath"];

/** Raises `drag`'s item above the others, in the look the list asks for. */
export const lift = (group, drag) => {
  drag.applied = [0, 0];
  // Where the item is laid out on the page (see present): as measured, moved as its list has
  // moved since. Read from the page (a layout) only after a scroll.
  const measured = group.measured.get(drag.list);
  const index = measured ? indexIn(measured, drag.item) : -1;
  if (index >= 0) {
    const rect = engineRect(group.mirror, rectAt(measured, index));
    const [sx, sy] = moved(measured);
    drag.base = [rect.left + sx, rect.top + sy];
  }
  // The items making room for this drag, and when each one's transform was last written (it
  // slides for 150 ms after).
  drag.shifted = new Map();
  drag.written = new Map();
  drag.slots = new Map();
  const item = drag.item;
  item.classList.add("arrange-dragging");
  // Raised above the others; an item the page places itself (absolutely, say) stays placed.
  const style = getComputedStyle(item);
  const placed = style.position !== "static";
  // What the item's own style said of what a drag writes, given back at the end (a virtual
  // list's item is placed absolutely; an app may place its items so too, or draw one as a layer).
  drag.ownStyle = Object.fromEntries(OWN_STYLE.map((name) => [name, item.style[name]]));
  // Drawn as a layer of its own that the compositor moves: `will-change: transform`, not
  // `translate, scale` (the properties written), which Chromium also draws as a layer but
  // repaints the page around on every move (2 ms a frame for the gallery's big grid).
  Object.assign(item.style, { position: placed ? item.style.position : "relative", zIndex: "1000",
    pointerEvents: "none", willChange: "transform" });
  // An item that clips its content inside a border (`overflow: hidden` and a border, as a
  // list's rows often are) is painted again with the page on every move, in Chromium, unless
  // it is clipped as a whole: by a clip far outside it, which clips nothing (its shadow is drawn).
  if (style.clipPath === "none") item.style.clipPath = "inset(-100vmax)";
  // An item in a chunk (`chunks`) is raised with its chunk: a chunk the page draws as a layer
  // of its own (`will-change`) would keep it under the chunks drawn after it.
  const chunk = item.parentElement;
  if (chunk !== drag.list.element && drag.list.chunks().includes(chunk)) {
    drag.chunk = chunk;
    drag.chunkStyle = [chunk.style.position, chunk.style.zIndex];
    // A flex or grid item's `z-index` raises it as it is; another needs a position.
    const still = getComputedStyle(chunk).position === "static"
      && !/flex|grid/.test(getComputedStyle(drag.list.element).display);
    Object.assign(chunk.style, { position: still ? "relative" : chunk.style.position, zIndex: "1000" });
  }
  // The look: caught at one scale, dragged at another (the keyboard's at once), see-through.
  const wanted = drag.list.options.appearance;
  const look = wanted === "engine" ? group.arrange.engineAppearance
    : { ...PLAIN_LOOK, ...(typeof wanted === "object" && wanted ? wanted : {}) };
  drag.look = look;
  const animate = !group.arrange.reducedMotion() && look.animationDuration > 0;
  const at = (scale) => { item.style.scale = scale === 1 ? "" : String(scale); };
  item.style.transition = animate ? `scale ${look.animationDuration}s ease` : "";
  if (look.snapshotAlpha !== 1) item.style.opacity = String(look.snapshotAlpha);
  if (drag.keyboard || look.catchScale === look.releaseScale) {
    at(look.releaseScale);
  } else {
    at(look.catchScale);
    drag.caught = setTimeout(() => group.drags.has(drag) && at(look.releaseScale),
      animate ? look.animationDuration * 1000 : 0);
  }
  if (!drag.keyboard) {
    try {
      item.setPointerCapture?.(drag.pointer);
    } catch {
      // The pointer is gone already: its up or cancel ends the drag.
    }
  }
  document.documentElement.classList.add("arrange-active");
};

/** Where item `index` of a measured grid is (one past the last: the next free cell). */
const cell = (measured, index) => {
  if (measured.virtual) return rectAt(measured, index);
  const { rects, spacing, lineSpacing, contentRight } = measured;
  if (index < rects.length) return rects[index];
  const last = rects[rects.length - 1];
  if (last.right + spacing + last.width <= contentRight + 0.5) {
    return { left: last.right + spacing, top: last.top };
  }
  return { left: rects[0].left, top: last.bottom + lineSpacing };
};

/** Draws the engine's presentation of `drag`: the dragged item, the items making room, the
 * target; `reason`: why the place is refused, if it is. */
export const present = (group, drag, reason) => {
  const shown = group.arena.presentation(drag.keyboard ? -1 : drag.pointer);
  if (!shown) return;
  const { ghostX, ghostY, ghostWidth, ghostHeight, highlighted, indicator } = shown;
  // The engine's x, mirrored back for right-to-left rows (see measure.js).
  const mirror = group.mirror;
  const x = (left, width) => (mirror == null ? left : mirror - left - width);
  const sign = mirror == null ? 1 : -1;
  // A translation is in CSS pixels of the item's list, which a scaled or zoomed list draws
  // larger or smaller on screen: the engine's screen pixels are divided by the list's scale.
  const scale = group.measured.get(drag.list)?.scale ?? 1;
  // The engine's frame of an item spans its list across the list's axis (a grid's is the
  // item's own): the item is where it was measured in it (a list's padding, a row's centred
  // items). Its offset there and its size, found once.
  if (!drag.laid) {
    const measured = group.measured.get(drag.list);
    const { frame } = measured;
    const at = indexIn(measured, drag.item);
    const rect = (at >= 0 ? rectAt(measured, at) : null) ?? { ...frame, width: ghostWidth, height: ghostHeight };
    const layout = drag.list.layout;
    drag.laid = { left: layout === Layout.vertical ? rect.left - frame.left : 0,
      top: layout === Layout.horizontal ? rect.top - frame.top : 0, width: rect.width, height: rect.height };
  }
  const laid = drag.laid;
  // Where the item is laid out: known at the lift; after a scroll (the page's or a list's),
  // where it is drawn, less the translation it is drawn with, from its middle (which the look's
  // scale around it does not move). Read once: reading it on every move would make the
  // browser lay out the page again each time.
  if (!drag.base) {
    const rect = drag.item.getBoundingClientRect();
    drag.base = [rect.left + (rect.width - laid.width) / 2 - drag.applied[0] * scale,
      rect.top + (rect.height - laid.height) / 2 - drag.applied[1] * scale];
  }
  const dx = (x(ghostX + laid.left, laid.width) - drag.base[0]) / scale;
  const dy = (ghostY + laid.top - drag.base[1]) / scale;
  drag.applied = [dx, dy];
  // The `translate` property, which applies after the look's `scale`: a translation in
  // `transform` would be scaled with the item, and the item would drift off the pointer.
  // Written when it changes (the frames of a still pointer draw nothing new).
  const translate = `${dx}px ${dy}px`;
  if (drag.translate !== translate) drag.item.style.translate = drag.translate = translate;
  if (drag.item.classList.contains("arrange-removing") !== Boolean(drag.removing)) {
    drag.item.classList.toggle("arrange-removing", Boolean(drag.removing));
  }
  // An exchange's other item, shown displaced until the drop.
  const displaced = indicator === Indicator.item && !drag.into && !drag.removing && drag.target
    ? (group.measured.has(drag.target) ? itemAt(group.measured.get(drag.target), drag.toIndex) : null) ?? null
    : null;
  if (drag.displaced && drag.displaced !== displaced) undisplace(drag.displaced, false);
  if (displaced !== drag.displaced && displaced !== drag.item && displaced) displace(group, drag, displaced);
  drag.displaced = displaced === drag.item ? null : displaced;
  makeRoomFor(group, drag, shown.runs, sign);
  // A selection makes no room: a line shows where it would land.
  if (drag.companions?.length && indicator === Indicator.line) {
    if (!drag.line) {
      drag.line = document.createElement("div");
      drag.line.className = "arrange-indicator";
      drag.line.setAttribute("aria-hidden", "true");
      Object.assign(drag.line.style, { position: "fixed", pointerEvents: "none", zIndex: "1001",
        background: "currentColor" });
      document.body.append(drag.line);
    }
    const { indicatorX, indicatorY, indicatorWidth, indicatorHeight } = shown;
    Object.assign(drag.line.style, { display: "", left: `${x(indicatorX, indicatorWidth)}px`,
      top: `${indicatorY}px`, width: `${Math.max(indicatorWidth, 2)}px`,
      height: `${Math.max(indicatorHeight, 2)}px` });
  } else if (drag.line) {
    drag.line.style.display = "none";
  }
  // Only the item taking the drop changes (a long list's items are not visited on every move).
  if (drag.shownInto !== drag.into) {
    drag.shownInto?.classList.remove("arrange-drop-target");
    drag.into?.classList.add("arrange-drop-target");
    drag.shownInto = drag.into;
  }
  // The list under the item: its classes written when they change.
  const over = `${highlighted} ${reason ?? ""}`;
  if (drag.over !== over) {
    drag.over = over;
    drag.under = [highlighted, reason];
    highlight(group);
  }
};

/** Moves the items of `runs` (the engine's runs of items making room for `drag`) that are on
 * screen, and puts back those that made room and no longer do. */
const makeRoomFor = (group, drag, runs, sign) => {
  const originList = drag.origin.list ?? drag.list;
  const originMeasured = group.measured.get(originList);
  const draggedSize = (originMeasured ? sizeAt(originMeasured, drag.origin.index) : 0) ?? 0;
  // Items other drags carry make no room.
  const carried = group.drags.size > 1 ? new Set([...group.drags].map((other) => other.item)) : null;
  const shifting = new Map();
  const animate = !group.arrange.reducedMotion();
  const time = performance.now();
  // Only the items on screen (and a little around it: see `band`) are moved. One that a scroll
  // brings nearer is moved when it comes.
  const [low, high, left, right] = band();
  const seen = [];
  for (const { container, first, end, offset } of runs) {
    const list = group.listOf(container);
    if (!list) continue;
    seen.push([list, first, end]);
    const measured = group.measured.get(list);
    const { spacing } = measured;
    // The items' rects are the engine's (mirrored for right-to-left rows), the shift the page's.
    const away = moved(measured);
    const [sx, sy] = [group.mirror == null ? away[0] : -away[0], away[1]];
    const step = (offset * (draggedSize + spacing)) / measured.scale;
    // The run's items in the band, found by halving (its items are in order along the list's
    // axis; a grid's by rows): a long list's others are not visited on every frame.
    const rows = list.layout !== Layout.horizontal;
    const before = (index) => (rows ? rectAt(measured, index).bottom + sy < low : rectAt(measured, index).right + sx < left);
    const past = (index) => (rows ? rectAt(measured, index).top + sy > high : rectAt(measured, index).left + sx > right);
    const stop = Math.min(end, countOf(measured));
    let [start, last] = [first, stop];
    while (start < last) {
      const middle = (start + last) >> 1;
      if (before(middle)) start = middle + 1;
      else last = middle;
    }
    for (let index = start; index < stop && !past(index); index++) {
      const item = itemAt(measured, index);
      // A virtual list's item not drawn makes room when it is drawn (the next frame asks again).
      if (!item || item === drag.item || carried?.has(item)) continue;
      const rect = rectAt(measured, index);
      if (rect.bottom + sy < low || rect.top + sy > high || rect.right + sx < left || rect.left + sx > right) {
        continue;
      }
      const shift = list.layout === Layout.vertical ? [0, step * measured.scale]
        : [sign * step * measured.scale, 0];
      makeRoom(group, item, drag, { list, index, offset, shift }, animate, time);
      shifting.set(item, true);
      drag.slots.set(item, [list, index]);
    }
  }
  for (const item of drag.shifted.keys()) {
    if (shifting.has(item)) continue;
    // Out of the band now but still making room (a scroll took it away): left as it is.
    const [list, index] = drag.slots.get(item) ?? [];
    if (seen.some(([other, first, end]) => other === list && index >= first && index < end)) {
      shifting.set(item, true);
      continue;
    }
    makeRoom(group, item, drag, null, animate, time);
  }
  drag.shifted = shifting;
};

/** Shows `item`, which `drag` would displace: dimmed and, with `displacedMoves`, at the dragged
 * item's place (SSCollectionViewExchangeController's layout), where the drop puts it. */
const displace = (group, drag, item) => {
  const look = drag.look;
  item.classList.add("arrange-displaced");
  drag.displacedSeen ??= new Map();
  if (!drag.displacedSeen.has(item)) drag.displacedSeen.set(item, [item.style.position, item.style.zIndex]);
  const seconds = group.arrange.reducedMotion() ? 0 : look.animationDuration;
  item.style.transition = seconds ? `translate ${seconds}s ease, opacity ${seconds}s` : "none";
  if (look.displacedAlpha !== 1) item.style.opacity = String(look.displacedAlpha);
  if (!look.displacedMoves) return;
  const middle = (list, index) => {
    const measured = group.measured.get(list);
    const rect = engineRect(group.mirror, rectAt(measured, index));
    const [sx, sy] = moved(measured);
    return [rect.left + sx + rect.width / 2, rect.top + sy + rect.height / 2];
  };
  const listOfItem = group.lists.find((list) => group.measured.has(list) && indexIn(group.measured.get(list), item) >= 0);
  const origin = drag.origin.list ?? drag.list;
  if (!listOfItem || !group.measured.has(origin) || !rectAt(group.measured.get(origin), drag.origin.index)) return;
  const [hx, hy] = middle(origin, drag.origin.index);
  const [ox, oy] = middle(listOfItem, indexIn(group.measured.get(listOfItem), item));
  const scale = group.measured.get(listOfItem).scale;
  if (getComputedStyle(item).position === "static") item.style.position = "relative";
  item.style.zIndex = "1";
  item.style.translate = `${(hx - ox) / scale}px ${(hy - oy) / scale}px`;
};

/** Ends `item`'s displaced look: back to its place, sliding unless `now`. */
const undisplace = (item, now) => {
  item.classList.remove("arrange-displaced");
  Object.assign(item.style, { opacity: "", translate: "" });
  if (now) item.style.transition = "none";
};

/** Marks the lists the drags are over (`arrange-over`), or refused over (`arrange-refused`,
 * with the reason in `data-arrange-reason`). */
const highlight = (group) => {
  for (const list of group.lists) {
    let [under, refused] = [false, null];
    for (const drag of group.drags) {
      if (drag.under?.[0] !== list.id) continue;
      under = true;
      refused ??= drag.under[1] || null;
    }
    list.element.classList.toggle("arrange-over", under && !refused);
    list.element.classList.toggle("arrange-refused", under && Boolean(refused));
    if (under && refused) list.element.dataset.arrangeReason = refused;
    else delete list.element.dataset.arrangeReason;
  }
};

/** Notes what `drag` asks of `item` (item `index` of `list` goes `offset` places on, by `shift`
 * px; null: nothing), and draws it moved by what all drags ask (concurrent ones add up). A
 * grid's item goes to the cell `offset` on (the next free one past the last). */
const makeRoom = (group, item, drag, ask, animate, time) => {
  let asks = group.room.get(item);
  if (ask) {
    if (!asks) group.room.set(item, (asks = new Map()));
    asks.set(drag, ask);
  } else {
    asks?.delete(drag);
  }
  if (asks && !asks.size) {
    group.room.delete(item);
    asks = null;
  }
  const rest = group.restOf(item);
  let transform = rest;
  let shift = [0, 0];
  if (asks) {
    const { list, index } = asks.values().next().value;
    const measured = group.measured.get(list);
    if (list.layout === Layout.grid) {
      let offset = 0;
      for (const other of asks.values()) offset += other.offset;
      const to = cell(measured, Math.max(0, index + offset));
      const from = rectAt(measured, index);
      shift = [(group.mirror == null ? 1 : -1) * (to.left - from.left), to.top - from.top];
      const [across, down] = shift.map((distance) => distance / measured.scale);
      transform = `translate(${across}px, ${down}px)`;
    } else {
      for (const other of asks.values()) shift = [shift[0] + other.shift[0], shift[1] + other.shift[1]];
      transform = list.layout === Layout.vertical ? `translateY(${shift[1] / measured.scale}px)`
        : `translateX(${shift[0] / measured.scale}px)`;
    }
  }
  // Styles are written only when they change: an item already in place is not touched.
  if ((group.drawn.get(item)?.transform ?? rest) !== transform) {
    if (animate && asks) item.style.transition = "transform 150ms ease";
    item.style.transform = transform;
    drag.written.set(item, time);
  }
  if (asks) group.drawn.set(item, { transform, shift });
  else group.drawn.delete(item);
};

/** Puts the items back as they are laid out, with no drag (`drag`'s look taken off). */
export const clear = (group, drag) => {
  if (!drag?.lifted) return;
  drag.item.classList.remove("arrange-dragging", "arrange-removing");
  drag.item.removeAttribute("data-arrange-count");
  Object.assign(drag.item.style, { transform: group.restOf(drag.item), transition: "", ...(drag.ownStyle ?? {}) });
  if (drag.chunk) {
    [drag.chunk.style.position, drag.chunk.style.zIndex] = drag.chunkStyle;
    drag.chunk = null;
  }
  clearTimeout(drag.caught);
  drag.displaced = null;
  // The items that made room (or did for a while) are drawn where they are laid out at once: a
  // transition (the page's own `transition: transform`, or the drag's still sliding) would
  // slide them from the shift they were drawn with, which a drop has just made their place.
  // Their `transition` is theirs again once drawn. One another drag still asks of is left to it.
  const shifted = [];
  for (const item of drag.written?.keys() ?? []) {
    const asks = group.room.get(item);
    asks?.delete(drag);
    if (asks?.size) continue;
    group.room.delete(item);
    group.drawn.delete(item);
    Object.assign(item.style, { transform: group.restOf(item), transition: "none" });
    shifted.push(item);
  }
  // Displaced items: left where they are (a drop put them there; a cancel slides them home).
  for (const [item, [position, zIndex]] of drag.displacedSeen ?? []) {
    undisplace(item, true);
    Object.assign(item.style, { position, zIndex });
    shifted.push(item);
  }
  drag.displacedSeen = null;
  if (shifted.length) restore(group, shifted);
  drag.shifted = new Map();
  for (const member of drag.companions ?? []) {
    member.classList.remove("arrange-companion");
    member.style.opacity = "";
  }
  drag.companions = [];
  drag.line?.remove();
  drag.line = null;
  drag.under = null;
  highlight(group);
  drag.shownInto?.classList.remove("arrange-drop-target");
  drag.shownInto = null;
  if (![...group.drags].some((other) => other !== drag && other.lifted)) {
    document.documentElement.classList.remove("arrange-active");
  }
};

/** Gives `items` (drawn with `transition: none` by `clear`) their page's transition back once
 * a frame has drawn them: two frames on, as the first one's styles are what it drew. An item a
 * drag has shifted again since has the drag's. */
const restore = (group, items) => {
  requestAnimationFrame(() => requestAnimationFrame(() => {
    for (const item of items) {
      if (item.style.transition === "none" && !group.drawn.has(item)) item.style.transition = "";
    }
  }));
};
