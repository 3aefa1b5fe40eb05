"""The board in the browser, measured: a 1,000-card board served by `arrange serve` and loaded in
headless Chromium.

- load: from the start of navigation to the first board drawn (the page's own clock,
  `performance.now()` when the board is on screen), on localhost; five loads.
- pointer move to painted frame: a scripted drag of 400 moves over the board, each sent at the
  start of a frame (as browsers send input) and timed, with the page's own clock, until that
  frame's style, layout and paint are done (a message posted in the frame runs then): the
  engine's work in WebAssembly, the presentation applied to the DOM, and the rendering. Then 400
  more moves timed to their styles and layout alone, forced at once.
- the size of the WebAssembly module the server sends.
- drags on 1,000 and 5,000 cards in 5 columns by real mouse input (DevTools): pointermove → next
  frame (p50, p99), long frames per drag, drop → next frame (median, p90) and painted,
  each next to its bar (issue 28); see board_report.

Prints each figure next to its bar. Run after `swift build`: `python3 BrowserTests/benchmark.py`
(`python3 BrowserTests/benchmark.py drags` for the drags alone). The machine's load average is
printed with the drags: on a busy machine every time is longer, so compare runs made alike."""

import os
import statistics
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import LIBRARY, ROOT, Server, center, chromium, open_board  # noqa: E402

def board(columns=4, cards=1000):
    lines = []
    for c in range(columns):
        lines.append(f"## Column {c + 1}\n")
        for k in range(cards // columns):
            extra = "\n    > a description line" if k % 5 == 0 else ""
            lines.append(f"- Card {c * (cards // columns) + k + 1}: something to do{extra}")
        lines.append("")
    return "\n".join(lines) + "\n"


def main():
    server = Server(board())
    driver = chromium(1400, 900)
    try:
        loads = []
        for attempt in range(5):
            # A new query each time: the same address with only a fragment would not reload.
            open_board(driver, server.url.replace("/#", f"/?load={attempt}#"))
            loads.append(driver.execute_script("return window.arrangeLoaded"))
        count = driver.execute_script("return document.querySelectorAll('.card').length")
        result = driver.execute_script("return window.arrangeBenchmark(400)")
        wasm = os.path.getsize(os.path.join(LIBRARY, "arrange.wasm"))
        load = statistics.median(loads)
        rows = [
            ("cards on the board", f"{count}", "1,000", count == 1000),
            ("load to first board (median of 5)", f"{load:.0f} ms", "≤ 300 ms", load <= 300),
            ("pointer move → styles and layout, p50", f"{result['layoutP50']:.2f} ms", "", True),
            ("pointer move → styles and layout, p99", f"{result['layoutP99']:.2f} ms", "≤ 4 ms",
             result["layoutP99"] <= 4),
            ("pointer move → painted frame, p50", f"{result['p50']:.2f} ms", "", True),
            ("pointer move → painted frame, p99", f"{result['p99']:.2f} ms", "≤ 4 ms?", result["p99"] <= 4),
            ("pointer move → painted frame, slowest", f"{result['max']:.2f} ms", "", True),
            ("arrange.wasm (the library's module)", f"{wasm:,} bytes", "", True),
        ]
        print("Browser benchmark (headless Chromium, 1,000 cards in 4 columns)")
        for name, value, bar, met in rows:
            mark = "" if not bar else ("met" if met else "NOT MET")
            print(f"  {name:<40} {value:>14}   {bar:<9} {mark}")
        print(f"  loads: {', '.join(f'{value:.0f}' for value in loads)} ms")
        print("  The bar is engine + DOM (styles and layout). To the painted frame adds Chromium's own")
        print("  paint and commit, shown against the same 4 ms as a stricter reading.")
    finally:
        driver.quit()
        server.stop()


# A frame clock for drags by real input: every animation frame's interval, each pointermove's
# time to the next frame (from the event's time stamp to that frame's callbacks), and the drop's
# time to the next frame (to the end of that frame's callbacks, the page's own included: what the
# drop costs before the browser can lay the frame out and draw it) and to the end of that frame's
# work on the main thread (a message posted in the frame runs once its paint is done).
DRAG_CLOCK = """
window.dragClock = { frames: [], moves: [], drops: [] };
let lastFrame = performance.now();
(function tick(now) {
  window.dragClock.frames.push([now, now - lastFrame]);
  lastFrame = now;
  requestAnimationFrame(tick);
})(lastFrame);
document.addEventListener('pointerdown', (event) => { window.dragClock.down = event.timeStamp; }, true);
document.addEventListener('pointermove', (event) => {
  if (window.dragClock.down == null) return;
  const start = event.timeStamp;
  requestAnimationFrame(() => window.dragClock.moves.push(performance.now() - start));
}, true);
// The release's next frame is timed to the end of its callbacks, the page's own included (a page
// may apply its drop there): callbacks run in the order they were asked for, and the clock asks
// for its own from a release listener added at the end of the press (window, bubbling: after
// every listener the page has, those it adds while handling the press too).
window.addEventListener('pointerdown', () => {
  window.addEventListener('pointerup', (event) => {
    const start = event.timeStamp;
    window.dragClock.up = start;
    requestAnimationFrame(() => {
      const next = performance.now() - start;
      const channel = new MessageChannel();
      channel.port1.onmessage = () => window.dragClock.drops.push({ next, painted: performance.now() - start });
      channel.port2.postMessage(0);
    });
  }, { once: true });
});
"""

LONG_FRAME = 17.5   # ms: a frame interval longer than this missed a 60 Hz frame


def quantile(values, q):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else float("nan")


def mouse(driver, kind, point, buttons):
    driver.execute_cdp_cmd("Input.dispatchMouseEvent", {
        "type": kind, "x": point[0], "y": point[1], "button": "left", "buttons": buttons,
        "clickCount": 1 if kind != "mouseMoved" else 0})


def drag_path(driver):
    """A drag across the board: from the third card of the first column over the second column
    to the third, and back to drop in the second (60 moves): it enters three columns, so that
    the cards of each make room."""
    def at(column, index):
        return center(driver, f"document.querySelectorAll('.column')[{column}].querySelectorAll('.card')[{index}]")
    source, first, second = at(0, 2), at(1, 3), at(2, 5)
    path = []
    for start, end in ((source, first), (first, second), (second, (first[0], first[1] + 10))):
        for step in range(1, 21):
            path.append((start[0] + (end[0] - start[0]) * step / 20, start[1] + (end[1] - start[1]) * step / 20))
    return source, path


def board_drags(cards, columns=5, drags=6):
    """`drags` drags (after one not counted) on a board of `cards` cards in `columns` columns,
    by real mouse input through DevTools, one move per frame or so. Returns the pointermove →
    next frame times, the long frames of each drag (from the press to 300 ms after the drop:
    the moves, the drop and the card's flight home), and each drop → next frame and → painted."""
    server = Server(board(columns=columns, cards=cards))
    driver = chromium(1400, 900)
    result = {"moves": [], "long": [], "next": [], "painted": []}
    try:
        open_board(driver, server.url)
        driver.execute_script(DRAG_CLOCK)
        for attempt in range(drags + 1):
            source, path = drag_path(driver)
            mouse(driver, "mouseMoved", source, 0)
            mouse(driver, "mousePressed", source, 1)
            for point in path:
                mouse(driver, "mouseMoved", point, 1)
                time.sleep(0.016)
            mouse(driver, "mouseReleased", path[-1], 0)
            driver.execute_script("return new Promise(r => setTimeout(r, 1000))")
            clock = driver.execute_script(
                "const c = window.dragClock; window.dragClock = { frames: [], moves: [], drops: [] }; return c")
            if attempt == 0:
                continue   # the first drag warms the page up
            down, up = clock["down"], clock["up"]
            result["moves"] += clock["moves"]
            result["long"].append(sum(1 for (at, gap) in clock["frames"]
                                      if down < at <= up + 300 and gap > LONG_FRAME))
            drop = clock["drops"][-1]
            result["next"].append(drop["next"])
            result["painted"].append(drop["painted"])
        return result
    finally:
        driver.quit()
        server.stop()


def load():
    with open("/proc/loadavg") as file:
        return " ".join(file.read().split()[:3])


def board_report(sizes=((1000, 17, 0), (5000, 33, None)), drags=6):
    """The board page's drags and drops by real input, each figure next to its bar (issue 28):
    drop → next frame ≤ 17 ms at 1,000 cards and ≤ 33 ms at 5,000 (5 columns; the drop's own work
    counted wherever the page does it), and no long frame
    (> 17.5 ms between frames) in a drag at 1,000 cards with animations on."""
    print(f"Drags on the board page (real mouse input through DevTools, 5 columns, {drags} drags of")
    print("60 moves each, one not counted before them; frames timed by a clock in the page;")
    print(f"load average before: {load()})")
    rows = []
    for cards, drop_bar, long_bar in sizes:
        r = board_drags(cards, drags=drags)
        name = f"{cards:,} cards"
        rows += [
            (f"{name}: pointermove → next frame, p50", quantile(r["moves"], 0.5), None, "ms"),
            (f"{name}: pointermove → next frame, p99", quantile(r["moves"], 0.99), None, "ms"),
            (f"{name}: long frames per drag, median", statistics.median(r["long"]), long_bar, ""),
            (f"{name}: long frames per drag, most", max(r["long"]), long_bar, ""),
            (f"{name}: drop → next frame, median", statistics.median(r["next"]), drop_bar, "ms"),
            (f"{name}: drop → next frame, p90", quantile(r["next"], 0.9), drop_bar, "ms"),
            (f"{name}: drop → next frame painted, median", statistics.median(r["painted"]), None, "ms"),
        ]
    for name, value, bar, unit in rows:
        shown = f"{value:.1f} {unit}" if unit else f"{value:g}"
        mark = "" if bar is None else f"≤ {bar} {unit}".strip() + ("  met" if value <= bar else "  NOT MET")
        print(f"  {name:<48} {shown:>10}   {mark}")
    print(f"  load average after: {load()} (2 cores: figures from a loaded machine are slower)")


if __name__ == "__main__":
    if sys.argv[1:] != ["drags"]:
        main()
    board_report()
