"""The gallery's big page (`arrange gallery`, big.html) measured by real input: its 100,000-tile
wrapping grid and its 100,000-row list (virtual lists: only what is in view is drawn), dragged
with DevTools mouse input, with the frame clock of benchmark_library.py: input → next frame p50
and p99 over every move (and p99 of the frame's own work, from the move's dispatch at the
frame's start to its end: the rest is the wait for that frame, a frame at most unless it starts
late; and, for the slowest moves, how much of each was wait and how much work), the moves drawn
late (`late`: later than the first frame that began after they came; a move that comes just after
a frame begins waits for the next one, which is not late), long frames
(animation-frame intervals over 17.5 ms) from the press to 0.6 s after the drop, drop → next
frame; drags held at the list's edge while it scrolls; the time from the engines' module loaded
(its Resource Timing end) to both lists first drawn (a frame after their first item is on the
page, seen by an observer the benchmark puts in the page before its scripts); the page's
JavaScript heap after a garbage collection; and whether each drop landed where the page's model
says. Beside them, in the same run, the same drags on an empty page (the clock alone: what the
wait for a frame leaves of the bar) and on a plain list of 25 items. Then the grid, the list and
an empty page again by a mouse at its own rate (`UnpacedMouse`: 125 Hz, each move sent at its
time, not once the page has had the last one, which falls into step with the frames): a move
then comes at any moment of a frame, as a person's does.

Run after `swift build`: `python3 BrowserTests/benchmark_gallery.py`."""

import os
import shutil
import statistics
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from benchmark_library import (FRAME_CLOCK, UnpacedMouse, clock, drag, late, mouse, percentile,  # noqa: E402
                               print_rows, read, serve_pages)
from harness import NO_PAGE_CACHE, GalleryServer, chromium, next_frames, open_gallery_page, wait_for  # noqa: E402,E501

CENTER = """const r = document.querySelector(arguments[0]).getBoundingClientRect();
return [r.left + r.width / 2, r.top + r.height / 2]"""

# Put in the page before its scripts: when each list's first item is on the page, and the end of
# the frame that draws it.
FIRST_DRAWN = """
window.firstDrawn = {};
new MutationObserver((_, observer) => {
  for (const name of ["grid", "list"]) {
    if (window.firstDrawn[name] || !document.querySelector(`#${name} li`)) continue;
    window.firstDrawn[name] = -1;
    requestAnimationFrame(() => setTimeout(() => { window.firstDrawn[name] = performance.now(); }, 0));
  }
  if (Object.keys(window.firstDrawn).length === 2) observer.disconnect();
}).observe(document, { childList: true, subtree: true });
"""

# Whether every drawn item is the model's at the place it says.
AGREES = """const model = window.model[arguments[1]];
return [...document.querySelectorAll(arguments[0])].every((e) =>
  model[Number(e.getAttribute('aria-posinset')) - 1] === Number(e.dataset.n))"""


def slowest(moves, work):
    """The slowest moves, 1% and at least three (each one's input → frame, and the frame's work,
    which the clock records together): the range of their wait for the frame, and of the frame's
    work."""
    top = sorted(zip(moves, work), reverse=True)[:max(3, len(moves) // 100)]
    if not top:
        return "no move"
    waits = [total - spent for total, spent in top]
    spent = [spent for _, spent in top]
    return (f"slowest {len(top)} moves: waited {min(waits):.1f}–{max(waits):.1f} ms for the frame, "
            f"its work {min(spent):.1f}–{max(spent):.1f} ms")


def summary(moves, longs, drops, landed, work, drop_work=(), missed=()):
    return {"late": late(missed), "moves": len(moves),
            "drop_work": statistics.median(drop_work) if drop_work else float("nan"),
            "p50": percentile(moves, 0.5), "p99": percentile(moves, 0.99), "work": percentile(work, 0.99),
            "slowest": slowest(moves, work),
            "long": statistics.median(longs),
            "longs": longs, "drop": statistics.median(drops) if drops else float("nan"),
            "drop_max": max(drops) if drops else float("nan"), "landed": landed}


def after_drop(driver, seconds=0.6):
    """Waits until the frame clock has timed the drop and the page's frames have run `seconds`
    past it, by the page's own clock: on a busy machine, late frames are waited for, not cut
    off by a fixed sleep."""
    wait_for(lambda: driver.execute_script("return window.bench.drops.length > 0"), timeout=60,
             what="the frame clock to time the drop")
    since = driver.execute_script("return performance.now()") + seconds * 1000
    wait_for(lambda: driver.execute_script(
        "const gaps = window.bench.gaps; return gaps.length > 0 && gaps[gaps.length - 1][0] >= arguments[0]",
        since), timeout=60, what="the frames after the drop")


def timed_drags(driver, drags, perform):
    """Yields the frame clock's figures (`read`) of each of `drags` drags that `perform()` makes,
    after one not counted (as the board's benchmark does: the page's first drag compiles its
    code), with what `perform` returned."""
    for attempt in range(drags + 1):
        clock(driver)
        made = perform()
        after_drop(driver)
        result = read(driver)
        if attempt:
            yield result, made


def measure(driver, selector, model, source, target, drags=4, unpaced=None):
    """`drags` drags of item `source` (by number) onto item `target`'s place, after one not
    counted; by `unpaced` (an `UnpacedMouse`) when given."""
    moves, longs, drops, landed, work, drop_work, missed = [], [], [], [], [], [], []

    def perform():
        moved = driver.execute_script(f"return window.model.{model}[{source - 1}]")
        start = driver.execute_script(CENTER, f"{selector}[aria-posinset='{source}']")
        end = driver.execute_script(CENTER, f"{selector}[aria-posinset='{target}']")
        if unpaced:
            unpaced.drag(start, end)
        else:
            drag(driver, start, end)
        return moved

    for result, moved in timed_drags(driver, drags, perform):
        moves += result["moves"]
        missed += result["missed"]
        work += result["work"]
        drops += result["drops"]
        drop_work += result["dropWork"]
        longs.append(sum(1 for gap in result["gaps"] if gap > 17.5))
        at = driver.execute_script(f"return window.model.{model}.indexOf(arguments[0])", moved) + 1
        landed.append(at if driver.execute_script(AGREES, selector, model) else None)
    return summary(moves, longs, drops, landed, work, drop_work, missed)


def held_at_edge(driver, drags=2, hold=1.5):
    """Rows dragged from place 3 to the list's bottom edge and held there for `hold` s while the
    list scrolls (the pointer moving a pixel a frame, as a hand does), then dropped."""
    moves, longs, drops, landed, scrolled, work, drop_work, missed = [], [], [], [], [], [], [], []
    for _ in range(drags):
        driver.execute_script("document.getElementById('list').scrollTop = 0")
        time.sleep(0.3)
        moved = driver.execute_script("return window.model.list[2]")
        clock(driver)
        start = driver.execute_script(CENTER, "#list li[aria-posinset='3']")
        bottom = driver.execute_script("return document.getElementById('list').getBoundingClientRect().bottom")
        mouse(driver, "mouseMoved", *start, 0)
        mouse(driver, "mousePressed", *start, 1)
        steps = 20
        for step in range(1, steps + 1):
            mouse(driver, "mouseMoved", start[0], start[1] + (bottom - 10 - start[1]) * step / steps, 1)
            time.sleep(0.016)
        end = time.monotonic() + hold
        wiggle = 0
        while time.monotonic() < end:
            wiggle ^= 1
            mouse(driver, "mouseMoved", start[0] + wiggle, bottom - 10, 1)
            time.sleep(0.016)
        mouse(driver, "mouseReleased", start[0] + wiggle, bottom - 10, 0)
        after_drop(driver)
        result = read(driver)
        moves += result["moves"]
        missed += result["missed"]
        work += result["work"]
        drops += result["drops"]
        drop_work += result["dropWork"]
        longs.append(sum(1 for gap in result["gaps"] if gap > 17.5))
        scrolled.append(driver.execute_script("return document.getElementById('list').scrollTop"))
        at = driver.execute_script("return window.model.list.indexOf(arguments[0])", moved) + 1
        landed.append(at if driver.execute_script(AGREES, "#list li", "list") else None)
    result = summary(moves, longs, drops, landed, work, drop_work, missed)
    result["scrolled"] = scrolled
    return result


def empty_page(driver, drags=4, unpaced=None):
    """The clock's floor: the same drags (after one not counted) on a page with nothing but the
    frame clock, no script of its own: what the browser's wait for a frame and the input's
    timing leave of a 17 ms bar on this machine, in this run. By `unpaced` when given (the page
    is open: that mouse is the page's)."""
    if not unpaced:
        driver.get("about:blank")
    driver.execute_script(FRAME_CLOCK)
    moves, work, longs, missed = [], [], [], []
    perform = ((lambda: unpaced.drag((100, 100), (300, 500))) if unpaced
               else lambda: drag(driver, (100, 100), (300, 500)))
    for result, _ in timed_drags(driver, drags, perform):
        moves += result["moves"]
        missed += result["missed"]
        work += result["work"]
        longs.append(sum(1 for gap in result["gaps"] if gap > 17.5))
    return {"p50": percentile(moves, 0.5), "p99": percentile(moves, 0.99), "work": percentile(work, 0.99),
            "long": statistics.median(longs), "slowest": slowest(moves, work), "late": late(missed),
            "moves": len(moves)}


def print_floor(floor):
    """Prints the empty page's row (`empty_page`'s figures)."""
    print(f"  {'an empty page (the clock alone)':<34} {floor['p50']:>13.1f} ms {floor['p99']:>6.1f} ms"
          f" {floor['work']:>9.1f} ms {floor['long']:>17.1f} {'':>11} {floor['late']:>4}/{floor['moves']}")


def first_drawn(driver, gallery):
    """The time from the engines' module loaded to both lists drawn, and the page's heap (MB)."""
    driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": FIRST_DRAWN})
    open_gallery_page(driver, gallery.page("big.html"))
    time.sleep(0.5)
    times = driver.execute_script(
        "const wasm = performance.getEntriesByType('resource').find((e) => e.name.endsWith('arrange.wasm'));"
        "return [wasm.responseEnd, window.firstDrawn.grid, window.firstDrawn.list]")
    driver.execute_cdp_cmd("HeapProfiler.enable", {})
    driver.execute_cdp_cmd("HeapProfiler.collectGarbage", {})
    heap = driver.execute_cdp_cmd("Runtime.getHeapUsage", {})["usedSize"] / 1e6
    # The engines' memory (a WebAssembly memory, outside the JavaScript heap) holds every item.
    heap += driver.execute_script("return window.lists.list.group.arena.e.memory.buffer.byteLength") / 1e6
    return max(times[1], times[2]) - times[0], heap


def main():
    gallery = GalleryServer()
    driver = chromium(1200, 900, extra=NO_PAGE_CACHE)
    try:
        loads = []
        for _ in range(3):
            loads.append(first_drawn(driver, gallery))
        driver.execute_script(FRAME_CLOCK)
        time.sleep(0.5)
        print("The gallery's big page by real input (DevTools mouse; 4 drags of 40 moves each after one;"
              f" load {os.getloadavg()[0]:.1f})")
        print("  first drawn after the module loaded: " + ", ".join(f"{took:.0f} ms" for took, _ in loads)
              + "; heap after a collection, with the engines' memory: " + ", ".join(f"{heap:.1f} MB" for _, heap in loads))
        print(f"  {'what':<34} {'input→frame p50':>16} {'p99':>9} {'work p99':>12} {'long frames/drag':>17}"
              f" {'drop→frame':>11} {'late':>8}")
        rows = [("100,000-tile grid", lambda: measure(driver, "#grid li", "grid", 3, 41)),
                ("100,000-row list", lambda: measure(driver, "#list li", "list", 3, 15)),
                ("100,000-row list, held at its edge", lambda: held_at_edge(driver))]
        for name, run in rows:
            r = run()
            extra = f", scrolled {r['scrolled']} px" if "scrolled" in r else ""
            print(f"  {name:<34} {r['p50']:>13.1f} ms {r['p99']:>6.1f} ms {r['work']:>9.1f} ms {r['long']:>17.1f}"
                  f" {r['drop']:>8.1f} ms {r['late']:>4}/{r['moves']}   (long {r['longs']}, drop max {r['drop_max']:.1f} ms,"
                  f" the drop's work {r['drop_work']:.1f} ms,"
                  f" landed at {r['landed']}{extra})")
            print(f"  {'':<34} {r['slowest']}")
        floor = empty_page(driver)
        print_floor(floor)
        print(f"  {'':<34} {floor['slowest']}")
        # A mouse at its own rate: the moves do not wait for the page, so they come at any time
        # in a frame (the input above falls into step with the frames).
        print("  by a mouse at its own rate (125 Hz, sent whatever the page is doing; 4 drags of 0.66 s;"
              " a move is handled as it comes, not held for a frame: 'work' is from its handling to the"
              " frame's end):")
        open_gallery_page(driver, gallery.page("big.html"))
        driver.execute_script(FRAME_CLOCK)
        # The lists drawn and the engine given their places (after the frame that draws them).
        next_frames(driver, 10)
        unpaced = UnpacedMouse(driver)
        try:
            for name, selector, model, source, target in [("100,000-tile grid", "#grid li", "grid", 3, 41),
                                                          ("100,000-row list", "#list li", "list", 3, 15)]:
                r = measure(driver, selector, model, source, target, unpaced=unpaced)
                print(f"  {name:<34} {r['p50']:>13.1f} ms {r['p99']:>6.1f} ms {r['work']:>9.1f} ms"
                      f" {r['long']:>17.1f} {r['drop']:>8.1f} ms {r['late']:>4}/{r['moves']}   (landed at {r['landed']})")
        finally:
            unpaced.close()
        driver.get("about:blank")
        unpaced = UnpacedMouse(driver)
        try:
            floor = empty_page(driver, unpaced=unpaced)
        finally:
            unpaced.close()
        print_floor(floor)
        # What the machine and the clock allow: a list of 25 items, every one drawn, dragged alike
        # (benchmark_library's page; SortableJS's too when SORTABLEJS names a copy of it).
        print("  for comparison, a plain list of 25 items, all drawn (benchmark_library.py's page):")
        server, folder, kinds = serve_pages([25])
        try:
            print_rows(driver, server, kinds, [25], width=34)
        finally:
            server.shutdown()
            shutil.rmtree(folder, ignore_errors=True)
    finally:
        driver.quit()
        gallery.stop()


if __name__ == "__main__":
    main()
