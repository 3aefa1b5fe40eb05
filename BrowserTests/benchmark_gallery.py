"""The gallery's big page (`arrange gallery`, big.html) measured by real input: its 1,000-tile
wrapping grid and its 10,000-row list (in chunks of 100), dragged with DevTools mouse input, with
the frame clock of benchmark_library.py: input → next frame p50 and p99 over every move, long
frames (animation-frame intervals over 17.5 ms) from the press to 0.6 s after the drop, drop →
next frame; and whether each drop landed where the page's model says.

Run after `swift build`: `python3 BrowserTests/benchmark_gallery.py`."""

import os
import statistics
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from benchmark_library import FRAME_CLOCK, drag, percentile  # noqa: E402
from harness import GalleryServer, chromium, open_gallery_page  # noqa: E402

CENTER = """const r = document.querySelectorAll(arguments[0])[arguments[1]].getBoundingClientRect();
return [r.left + r.width / 2, r.top + r.height / 2]"""


def measure(driver, selector, model, source, target, drags=4):
    """`drags` drags of item `source` of `selector` onto item `target`'s place."""
    moves, longs, drops, landed = [], [], [], []
    for _ in range(drags):
        moved = driver.execute_script(f"return window.model[{model!r}][arguments[0]]", source)
        driver.execute_script("window.bench.moves.length = 0; window.bench.drops.length = 0;"
                              "window.benchStart = performance.now()")
        start = driver.execute_script(CENTER, selector, source)
        end = driver.execute_script(CENTER, selector, target)
        drag(driver, start, end)
        time.sleep(0.6)
        result = driver.execute_script(
            "const s = window.benchStart; return { moves: window.bench.moves, drops: window.bench.drops,"
            " gaps: window.bench.gaps.filter(g => g[0] > s).map(g => g[1]) }")
        moves += result["moves"]
        drops += result["drops"]
        longs.append(sum(1 for gap in result["gaps"] if gap > 17.5))
        shown = driver.execute_script(
            "return [...document.querySelectorAll(arguments[0])].map(e => e.dataset.n)", selector)
        landed.append(shown.index(moved) if shown == driver.execute_script(
            f"return window.model[{model!r}]") else None)
    return {"p50": percentile(moves, 0.5), "p99": percentile(moves, 0.99), "long": statistics.mean(longs),
            "longs": longs, "drop": statistics.median(drops) if drops else float("nan"), "landed": landed}


def main():
    gallery = GalleryServer()
    driver = chromium(1200, 900)
    try:
        open_gallery_page(driver, gallery.page("big.html"))
        driver.execute_script(FRAME_CLOCK)
        time.sleep(0.5)
        print("The gallery's big page by real input (DevTools mouse; 4 drags of 40 moves each;"
              f" load {os.getloadavg()[0]:.1f})")
        print(f"  {'what':<26} {'input→frame p50':>16} {'p99':>9} {'long frames/drag':>17} {'drop→frame':>11}")
        for name, selector, model, source, target in [
                ("1,000-tile grid", "#grid li", "grid", 2, 40),
                ("10,000-row list (chunks)", "#list .row", "list", 2, 14)]:
            r = measure(driver, selector, model, source, target)
            print(f"  {name:<26} {r['p50']:>13.1f} ms {r['p99']:>6.1f} ms {r['long']:>17.1f}"
                  f" {r['drop']:>8.1f} ms   (long {r['longs']}, landed at {r['landed']})")
    finally:
        driver.quit()
        gallery.stop()


if __name__ == "__main__":
    main()
