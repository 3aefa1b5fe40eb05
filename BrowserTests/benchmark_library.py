"""The web library (arrange-lib.js) by real input, beside SortableJS on the same pages: a plain
page with one list of 1,000 and one of 10,000 items, served by Python's http.server from a
temporary folder, in headless Chromium. For each: pointermove → next frame (p50, p99), long
frames per drag (frame intervals > 17.5 ms from the press to 300 ms after the drop) and drop →
next frame (median, p90), over several drags by DevTools mouse input (the frame clock of
benchmark.py).

SortableJS is not part of this repository and is never committed: give its `Sortable.min.js`
with the environment variable SORTABLEJS (a path), else its part is skipped with a message.
It runs with `forceFallback: true` (its pointer-driven drag, as the library's, instead of the
browser's native drag and drop, which DevTools mouse input does not drive) and a 150 ms
animation (the library's items slide for 150 ms).

Run after `swift build` (or with the Web folder as it is): `python3 BrowserTests/benchmark_library.py`.
The machine's load average is printed: on a busy machine every time is longer."""

import os
import shutil
import statistics
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from benchmark import DRAG_CLOCK, LONG_FRAME, load, mouse, quantile  # noqa: E402
from harness import chromium, wait_for  # noqa: E402
from test_library import WEB, Pages  # noqa: E402

STYLE = """<!doctype html><meta charset="utf-8"><title>list benchmark</title>
<style>
  body { margin: 0; font: 16px sans-serif; }
  ul { list-style: none; margin: 20px; padding: 0; width: 320px; }
  li { height: 30px; margin: 0 0 10px; padding: 4px 8px; box-sizing: border-box; background: #ddd;
       border-radius: 4px; }
</style>
"""


def items(count):
    return "".join(f"<li>Item {k + 1}</li>" for k in range(count))


def library_page(count):
    return (STYLE + f'<ul id="list" aria-label="Items">{items(count)}</ul>' + """
<script type="module">
  import { Arrange } from "./arrange-lib.js";
  const arrange = await Arrange.load();
  arrange.sortable(document.getElementById("list"), {});
  window.ready = true;
</script>""")


def sortable_page(count):
    return (STYLE + f'<ul id="list">{items(count)}</ul>' + """
<script src="Sortable.min.js"></script>
<script>
  new Sortable(document.getElementById("list"), { animation: 150, forceFallback: true });
  window.ready = true;
</script>""")


def drags(driver, url, count=6):
    """`count` drags (after one not counted) of the third item down over ten items, 40 moves."""
    driver.get(url)
    wait_for(lambda: driver.execute_script("return window.ready === true"), timeout=30,
             what="the page to be ready")
    driver.execute_script(DRAG_CLOCK)
    result = {"moves": [], "long": [], "next": []}
    for attempt in range(count + 1):
        source, target = driver.execute_script("""
          const items = document.getElementById('list').children;
          const at = (i) => { const r = items[i].getBoundingClientRect(); return [r.left + r.width / 2, r.top + r.height / 2]; };
          return [at(2), at(12)];""")
        mouse(driver, "mouseMoved", source, 0)
        mouse(driver, "mousePressed", source, 1)
        for step in range(1, 41):
            point = (source[0] + (target[0] - source[0]) * step / 40 + (step % 3),
                     source[1] + (target[1] - source[1]) * step / 40)
            mouse(driver, "mouseMoved", point, 1)
            time.sleep(0.016)
        mouse(driver, "mouseReleased", point, 0)
        driver.execute_script("return new Promise(r => setTimeout(r, 800))")
        clock = driver.execute_script(
            "const c = window.dragClock; window.dragClock = { frames: [], moves: [], drops: [] }; return c")
        if attempt == 0 or not clock.get("drops"):
            continue
        down, up = clock["down"], clock["up"]
        result["moves"] += clock["moves"]
        result["long"].append(sum(1 for (at, gap) in clock["frames"] if down < at <= up + 300 and gap > LONG_FRAME))
        result["next"].append(clock["drops"][-1]["next"])
    return result


def row(name, r):
    if not r["next"]:
        return f"  {name:<28} no drops measured"
    return (f"  {name:<28} {quantile(r['moves'], 0.5):6.1f} {quantile(r['moves'], 0.99):6.1f}   "
            f"{statistics.median(r['long']):4g} (most {max(r['long'])})   "
            f"{statistics.median(r['next']):6.1f} {quantile(r['next'], 0.9):6.1f}")


def main():
    sortable = os.environ.get("SORTABLEJS")
    if sortable and not os.path.isfile(sortable):
        print(f"SORTABLEJS={sortable} is no file: SortableJS is skipped")
        sortable = None
    elif not sortable:
        print("SORTABLEJS is not set (a path to Sortable.min.js): SortableJS is skipped")
    pages = Pages()
    if sortable:
        shutil.copy(sortable, os.path.join(pages.folder, "Sortable.min.js"))
    driver = chromium(1000, 800)
    try:
        print(f"Lists by real mouse input (DevTools), 6 drags of 40 moves; load average {load()}")
        print(f"  {'':<28} move → next frame   long frames   drop → next frame")
        print(f"  {'':<28}  p50 ms  p99 ms   per drag        median   p90 ms")
        for count in (1000, 10000):
            print(row(f"arrange-lib, {count:,} items", drags(driver, pages.add(library_page(count)))))
            if sortable:
                print(row(f"SortableJS, {count:,} items", drags(driver, pages.add(sortable_page(count)))))
        print(f"  load average after: {load()}")
        print("  Bars (issue 28, for the board page): drop → next frame ≤ 17 ms at 1,000; no long frame per drag.")
    finally:
        driver.quit()
        pages.stop()


if __name__ == "__main__":
    main()
