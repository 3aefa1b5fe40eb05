"""Where the frames of a drag on the gallery's big page spend their time, from Chromium's own
trace: three drags of the 100,000-tile grid (tile 3 onto tile 41, as benchmark_gallery.py drags
it) with Chromium's startup tracing on, then, for each task of the page's main thread over
LONG_TASK ms during the drags, its time by phase (the library's script: the pointer event and
the animation-frame callbacks; the browser's: style, layout, paint, layerize, commit).
benchmark_gallery.py says how long the frames are; this says whose time they are.

Run after `swift build`: `python3 BrowserTests/trace_gallery.py [grid|list]`."""

import collections
import json
import os
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from benchmark_gallery import CENTER  # noqa: E402
from benchmark_library import drag  # noqa: E402
from harness import NO_PAGE_CACHE, GalleryServer, chromium, open_gallery_page, wait_for  # noqa: E402

# A task of the main thread this long or longer is listed.
LONG_TASK = 6.0
CATEGORIES = "devtools.timeline,disabled-by-default-devtools.timeline,blink,cc,v8.execute"
# The phases a task's time is told by (trace event names), and what each one is.
PHASES = {"EventDispatch": "pointer event", "FireAnimationFrame": "animation frame",
          "UpdateLayoutTree": "style", "Layout": "layout", "PrePaint": "pre-paint",
          "Paint": "paint", "Layerize": "layerize", "Commit": "commit", "MinorGC": "GC"}
# Which item the drags take where, in each list of the page.
DRAGS = {"grid": ("#grid li", 3, 41), "list": ("#list li", 3, 15)}


def record(which, trace):
    """Drags `which` list three times with Chromium tracing into the file `trace`, the drags
    marked in it (`console.timeStamp`: "drags begin", "drags end")."""
    selector, source, target = DRAGS[which]
    gallery = GalleryServer()
    driver = chromium(1200, 900, extra=[*NO_PAGE_CACHE, f"--trace-startup={CATEGORIES}",
                                        f"--trace-startup-file={trace}", "--trace-startup-duration=20",
                                        "--trace-startup-format=json"])
    try:
        open_gallery_page(driver, gallery.page("big.html"))
        # One drag not counted: the page's first drag compiles its code.
        for attempt in range(4):
            start = driver.execute_script(CENTER, f"{selector}[aria-posinset='{source}']")
            end = driver.execute_script(CENTER, f"{selector}[aria-posinset='{target}']")
            moved = driver.execute_script(f"return window.model.{which}[{source - 1}]")
            if attempt == 1:
                driver.execute_script("console.timeStamp('drags begin')")
            drag(driver, start, end)
            # The drop's frames are in the trace too: the drop has landed in the page's model.
            wait_for(lambda: driver.execute_script(f"return window.model.{which}[{target - 1}]") == moved,
                     what="the drop to land")
        driver.execute_script("console.timeStamp('drags end')")
        # Chromium writes the trace once its duration is over: it is read once it is whole.
        wait_for(lambda: whole(trace), timeout=120, what="Chromium to write its trace")
    finally:
        driver.quit()
        gallery.stop()


def whole(trace):
    """Whether the file `trace` is there and holds a whole JSON trace."""
    try:
        with open(trace) as file:
            json.load(file)
        return True
    except (OSError, ValueError):
        return False


def tasks(trace):
    """The page's main-thread tasks between the marks, each with its complete events inside it."""
    with open(trace) as file:
        events = json.load(file)["traceEvents"]
    threads = {(e["pid"], e["tid"]) for e in events
               if e.get("ph") == "M" and e.get("name") == "thread_name" and e["args"]["name"] == "CrRendererMain"}
    busiest = collections.Counter((e["pid"], e["tid"]) for e in events
                                  if (e.get("pid"), e.get("tid")) in threads).most_common(1)[0][0]
    complete = sorted((e for e in events if (e.get("pid"), e.get("tid")) == busiest
                       and e.get("ph") == "X" and "dur" in e), key=lambda e: e["ts"])
    marks = {e["args"]["data"].get("message"): e["ts"] for e in events
             if e.get("name") == "TimeStamp" and (e.get("pid"), e.get("tid")) == busiest}
    runs = [e for e in complete if e["name"] in ("ThreadControllerImpl::RunTask", "RunTask")
            and marks["drags begin"] <= e["ts"] <= marks["drags end"]]
    for task in runs:
        end = task["ts"] + task["dur"]
        yield task, [e for e in complete if task["ts"] <= e["ts"] and e["ts"] + e["dur"] <= end and e is not task]


def main():
    which = sys.argv[1] if len(sys.argv) > 1 else "grid"
    with tempfile.TemporaryDirectory() as folder:
        trace = os.path.join(folder, "trace.json")
        record(which, trace)
        listed = list(tasks(trace))
    print(f"The big page's {which}, 3 drags traced: main-thread tasks over {LONG_TASK} ms, by phase (ms)")
    for task, inside in listed:
        if task["dur"] < LONG_TASK * 1000:
            continue
        spent = collections.Counter()
        for event in inside:
            if event["name"] in PHASES:
                spent[PHASES[event["name"]]] += event["dur"] / 1000
        print(f"  {task['dur'] / 1000:5.1f}  " + ", ".join(f"{name} {ms:.1f}" for name, ms in spent.most_common()))


if __name__ == "__main__":
    main()
