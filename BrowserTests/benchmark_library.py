"""The web library measured by real input, beside SortableJS: a plain page with one list of
1,000 and one of 10,000 items, in headless Chromium, dragged with DevTools mouse input (as a
person's mouse reaches the page: Pointer Events from the browser's input pipeline).

For each drag: input → next frame (a frame clock in the page: from a pointermove's timestamp to
the end of the next animation frame's rendering, by a message posted in that frame), p50 and
p99 over every move, and of that the frame's own work (from the move's dispatch, which the
browser holds until the next frame begins, to the frame's end), p99; long frames (animation-frame intervals over 17.5 ms) from the press to half
a second after the drop; drop → next frame (pointerup's timestamp to the end of the next frame).

SortableJS is not part of Arrange and is never committed: set `SORTABLEJS` to a copy of
`Sortable.min.js` (e.g. from github.com/SortableJS/Sortable) to measure it too; it runs with
`forceFallback: true` (its pointer-driven drag, which synthetic input reaches) and its default
150 ms animation. Without it, only Arrange is measured.

Run after `swift build`: `python3 BrowserTests/benchmark_library.py [ITEMS ...]`."""

import functools
import http.server
import json
import os
import shutil
import statistics
import sys
import tempfile
import threading
import time
import urllib.request

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import LIBRARY, ROOT, chromium, wait_for  # noqa: E402

WEB = LIBRARY

# How many frames began after an input came (its time stamp) and before the frame that handled
# it began (`now`): 0 when the input is drawn in the first frame that could draw it. `frames`
# holds [start, interval] of each frame, in order. A frame's start is its animation-frame time,
# which is before the page's frame work runs: an input that comes within a millisecond or two
# before it may find the frame already begun, and go to the next (the browser's, not the page's).
FRAMES_MISSED = """
const framesMissed = (frames, start, now) => {
  let missed = 0;
  for (let k = frames.length - 1; k >= 0 && frames[k][0] >= start; k--) if (frames[k][0] < now - 0.5) missed++;
  return missed;
};
"""


def late(missed):
    """Of the moves (each one's frames missed: see FRAMES_MISSED), how many were drawn later than
    the first frame that began after they came."""
    return sum(1 for count in missed if count > 0)


FRAME_CLOCK = FRAMES_MISSED + """
window.bench = { moves: [], gaps: [], drops: [], work: [], dropWork: [], missed: [] };
let last = performance.now();
(function tick(now) { window.bench.gaps.push([now, now - last]); last = now; requestAnimationFrame(tick); })(last);
const channel = new MessageChannel();
const waiting = [];
channel.port1.onmessage = () => {
  const [list, start, work, began] = waiting.shift();
  const end = performance.now();
  list.push(end - start);
  if (work) work.push(end - began);
};
const measure = (list, work, missed) => (event) => {
  const start = event.timeStamp;
  const began = performance.now();
  requestAnimationFrame((now) => {
    if (missed) missed.push(framesMissed(window.bench.gaps, start, now));
    waiting.push([list, start, work, began]);
    channel.port2.postMessage(0);
  });
};
window.addEventListener('pointermove', measure(window.bench.moves, window.bench.work, window.bench.missed), true);
window.addEventListener('pointerup', measure(window.bench.drops, window.bench.dropWork), true);
"""

STYLE = """
body { margin: 0; font: 14px system-ui, sans-serif; }
ul { list-style: none; margin: 8px; padding: 0; width: 320px; }
li { height: 22px; margin: 0 0 2px; padding: 0 8px; background: #eef; border: 1px solid #99c;
  border-radius: 4px; line-height: 22px; user-select: none; }
"""


def page(kind, items):
    body = "".join(f"<li>Item {k + 1}: something to do</li>" for k in range(items))
    if kind == "arrange":
        script = ('import { Arrange } from "./arrange-lib.js";'
                  'const arrange = await Arrange.load();'
                  'arrange.sortable(document.getElementById("list"));'
                  'window.ready = true;')
        script = f'<script type="module">{script}</script>'
    else:
        script = ('<script src="Sortable.min.js"></script><script>'
                  'Sortable.create(document.getElementById("list"), { animation: 150, forceFallback: true });'
                  'window.ready = true;</script>')
    return (f"<!doctype html><html lang=en><meta charset=utf-8><title>{kind} {items}</title>"
            f"<style>{STYLE}</style><ul id=list>{body}</ul><script>{FRAME_CLOCK}</script>{script}")


class Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


def serve(folder):
    handler = functools.partial(Quiet, directory=folder)
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def mouse(driver, kind, x, y, buttons):
    driver.execute_cdp_cmd("Input.dispatchMouseEvent", {
        "type": kind, "x": x, "y": y, "button": "left", "buttons": buttons,
        "clickCount": 1 if kind != "mouseMoved" else 0})


def drag(driver, start, end, steps=40):
    """A press at `start`, `steps` moves a frame apart to `end`, a release."""
    mouse(driver, "mouseMoved", *start, 0)
    mouse(driver, "mousePressed", *start, 1)
    for step in range(1, steps + 1):
        x = start[0] + (end[0] - start[0]) * step / steps
        y = start[1] + (end[1] - start[1]) * step / steps
        mouse(driver, "mouseMoved", x, y, 1)
        time.sleep(0.016)
    mouse(driver, "mouseReleased", *end, 0)


class UnpacedMouse:
    """A mouse that moves at its own rate, as a USB mouse reports (125 Hz at the least), not
    paced by the page: `drag` above sends each move once DevTools has answered the last (the
    browser answers when the page has had it), which falls into step with the page's frames.
    This one sends over the page's own DevTools socket without waiting for answers."""

    def __init__(self, driver):
        import websocket  # websocket-client, which Selenium needs and installs

        address = driver.capabilities["goog:chromeOptions"]["debuggerAddress"]
        with urllib.request.urlopen(f"http://{address}/json", timeout=10) as answer:
            targets = json.load(answer)
        page = next(target for target in targets if target["type"] == "page")
        self.socket = websocket.create_connection(page["webSocketDebuggerUrl"], suppress_origin=True,
                                                  timeout=30)
        self.sent = 0
        self.answered = 0
        self.lock = threading.Lock()
        threading.Thread(target=self.read, daemon=True).start()

    def read(self):
        while True:
            try:
                self.socket.recv()
            except Exception:  # the socket closed: nothing more comes
                return
            with self.lock:
                self.answered += 1

    def send(self, kind, x, y, buttons):
        with self.lock:
            self.sent += 1
            number = self.sent
        self.socket.send(json.dumps({"id": number, "method": "Input.dispatchMouseEvent", "params": {
            "type": kind, "x": x, "y": y, "button": "left", "buttons": buttons,
            "clickCount": 0 if kind == "mouseMoved" else 1}}))

    def settled(self, timeout=30.0):
        """Waits until every input sent has been answered."""
        wait_for(lambda: self.answered >= self.sent, timeout=timeout, what="DevTools to answer the input sent")

    def drag(self, start, end, rate=125, seconds=0.66):
        """A press at `start`, moves at `rate` a second for `seconds` to `end` (each sent at its
        time, whatever the page is doing), a release once the page has had them."""
        self.send("mouseMoved", *start, 0)
        self.send("mousePressed", *start, 1)
        self.settled()
        steps = max(1, int(rate * seconds))
        began = time.perf_counter()
        for step in range(1, steps + 1):
            # Each move at its own time (the mouse's rate), not when the page is ready for it.
            time.sleep(max(0.0, began + step / rate - time.perf_counter()))
            self.send("mouseMoved", start[0] + (end[0] - start[0]) * step / steps,
                      start[1] + (end[1] - start[1]) * step / steps, 1)
        self.settled()
        self.send("mouseReleased", *end, 0)
        self.settled()

    def close(self):
        self.socket.close()


def item_center(driver, index):
    return driver.execute_script(
        "const r = document.getElementById('list').children[arguments[0]].getBoundingClientRect();"
        "return [r.left + r.width / 2, r.top + r.height / 2]", index)


def percentile(values, fraction):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))] if ordered else float("nan")


def clock(driver):
    """Starts the frame clock's figures afresh (a drag's own)."""
    driver.execute_script("window.bench.moves.length = 0; window.bench.drops.length = 0;"
                          "window.bench.work.length = 0; window.bench.dropWork.length = 0; window.bench.missed.length = 0;"
                          "window.benchStart = performance.now()")


def read(driver):
    """The frame clock's figures since `clock`: moves, drops, frames' work, frame intervals."""
    return driver.execute_script(
        "const s = window.benchStart; return { moves: window.bench.moves, drops: window.bench.drops,"
        " work: window.bench.work, dropWork: window.bench.dropWork, missed: window.bench.missed, gaps: window.bench.gaps.filter(g => g[0] > s).map(g => g[1]) }")


def measure(driver, url, drags=4):
    driver.get(url)
    deadline = time.time() + 60
    while not driver.execute_script("return window.ready === true"):
        if time.time() > deadline:
            raise RuntimeError(f"{url} did not load")
        time.sleep(0.05)
    time.sleep(0.5)
    moves, longs, drops, orders, work = [], [], [], [], []
    for attempt in range(drags):
        first = driver.execute_script("return document.getElementById('list').children[2].textContent")
        clock(driver)
        drag(driver, item_center(driver, 2), item_center(driver, 20))
        time.sleep(0.6)
        result = read(driver)
        moves += result["moves"]
        work += result["work"]
        drops += result["drops"]
        longs.append(sum(1 for gap in result["gaps"] if gap > 17.5))
        orders.append(driver.execute_script(
            "return [...document.getElementById('list').children].findIndex(c => c.textContent === arguments[0])",
            first))
    return {
        "p50": percentile(moves, 0.5), "p99": percentile(moves, 0.99), "moves": len(moves),
        "work": percentile(work, 0.99),
        "long": statistics.mean(longs), "longs": longs, "drop": statistics.median(drops) if drops else float("nan"),
        "landed": orders,
    }


def size_report():
    """The library's size on the wire: its JavaScript (the package's single-file build) and its
    module, gzipped as `arrange serve` sends them (zlib's best level), against the bar of 100 KB;
    and, for who reads the package, each source module's size, as written and gzipped alone."""
    import gzip

    def packed(data):
        return len(gzip.compress(data, compresslevel=9, mtime=0))

    sources = os.path.join(os.path.dirname(LIBRARY), "src")
    rows = []
    for folder, _, names in sorted(os.walk(sources)):
        for name in sorted(names):
            if name.endswith(".js"):
                with open(os.path.join(folder, name), "rb") as file:
                    data = file.read()
                rows.append((os.path.relpath(os.path.join(folder, name), sources), data.count(b"\n"),
                             len(data), packed(data)))
    print(f"{'source module':<22} {'lines':>6} {'bytes':>8} {'gzipped':>8}")
    for name, lines, size, small in rows:
        print(f"{name:<22} {lines:>6} {size:>8,} {small:>8,}")
    print(f"{'(all sources)':<22} {sum(r[1] for r in rows):>6} {sum(r[2] for r in rows):>8,} "
          f"{sum(r[3] for r in rows):>8,}")
    total = 0
    parts = []
    for name in ("arrange-lib.js", "arrange.wasm"):
        with open(os.path.join(LIBRARY, name), "rb") as file:
            data = file.read()
        small = packed(data)
        total += small
        parts.append(f"{name} {len(data):,} → {small:,}")
    met = total <= 100_000
    print(f"Library size, gzipped: {'; '.join(parts)}; together {total:,} bytes   bar ≤ 100 KB "
          f"{'met' if met else 'NOT MET'}")
    return met


def serve_pages(sizes):
    """A folder served on localhost with the library and a page per kind (Arrange, and SortableJS
    when `SORTABLEJS` names a copy of it) and size: (server, folder, kinds)."""
    folder = tempfile.mkdtemp(prefix="arrange-bench-")
    for name in ("arrange-lib.js", "arrange.wasm"):
        shutil.copy(os.path.join(WEB, name), folder)
    sortable = os.environ.get("SORTABLEJS")
    kinds = ["arrange"]
    if sortable and os.path.exists(sortable):
        shutil.copy(sortable, os.path.join(folder, "Sortable.min.js"))
        kinds.append("sortablejs")
    for kind in kinds:
        for items in sizes:
            with open(os.path.join(folder, f"{kind}-{items}.html"), "w") as file:
                file.write(page(kind, items))
    return serve(folder), folder, kinds


def print_rows(driver, server, kinds, sizes, width=22):
    """Prints a row of figures per kind and size (`measure`)."""
    for items in sizes:
        for kind in kinds:
            url = f"http://127.0.0.1:{server.server_address[1]}/{kind}-{items}.html"
            r = measure(driver, url)
            name = f"{'Arrange' if kind == 'arrange' else 'SortableJS 1.15'} {items:,}"
            print(f"  {name:<{width}} {r['p50']:>13.1f} ms {r['p99']:>6.1f} ms {r['work']:>9.1f} ms"
                  f" {r['long']:>17.1f} {r['drop']:>8.1f} ms   (landed at {r['landed']})")


def main(sizes):
    size_report()
    server, folder, kinds = serve_pages(sizes)
    driver = chromium(1000, 800)
    try:
        print("Web library by real input (DevTools mouse; 4 drags of 40 moves each, item 3 → item 21;")
        print(f"load {os.getloadavg()[0]:.1f})")
        print(f"  {'list':<22} {'input→frame p50':>16} {'p99':>9} {'work p99':>12} {'long frames/drag':>17}"
              f" {'drop→frame':>11}")
        print_rows(driver, server, kinds, sizes)
        if len(kinds) == 1:
            print("  (SortableJS not measured: set SORTABLEJS to a copy of Sortable.min.js)")
    finally:
        driver.quit()
        server.shutdown()
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main([int(value) for value in sys.argv[1:]] or [1000, 10000])
