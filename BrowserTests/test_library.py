"""arrange-lib.js, the drag-and-drop library for any web page, in headless Chromium: plain test
pages that import the library and the engines' module from the repository's Web folder (served
by Python's http.server from a temporary folder), dragged with real input.

Run: cd BrowserTests && python3 -m unittest -v test_library"""

import functools
import http.server
import os
import re
import shutil
import tempfile
import threading
import unittest

from harness import LIBRARY, ROOT, chromium, mouse_drag, next_frames, quiet, settled, touch_drag, wait_for

WEB = LIBRARY
DOCS = os.path.join(ROOT, "docs", "web-library.md")

STYLE = """<!doctype html><meta charset="utf-8"><title>arrange-lib test</title>
<style>
  body { margin: 0; font: 16px sans-serif; }
  ul { list-style: none; margin: 20px; padding: 0; width: 200px; min-height: 40px;
       display: inline-block; vertical-align: top; }
  li { height: 30px; margin: 0 0 10px; background: #ddd; }
  ul.row { display: flex; width: auto; gap: 10px; }
  ul.row li { width: 80px; margin: 0; }
  ul.grid { display: flex; flex-wrap: wrap; gap: 10px; width: 290px; }
  ul.grid li { width: 90px; height: 40px; margin: 0; }
  #trash { position: absolute; left: 600px; top: 20px; width: 100px; height: 100px; background: #fcc; }
</style>
"""


def page(body, script):
    """A test page: `body`, then a module that loads the library and runs `script`; every
    callback it passes records into `window.log`."""
    return (STYLE + body + """
<script type="module">
  import { Arrange } from "./arrange-lib.js";
  window.log = [];
  const record = (name) => (event) => window.log.push([name, event.item.textContent,
    event.from ? (event.from.id || "") : null, event.index ?? event.fromIndex,
    event.to ? (event.to.id || "") : null, event.toIndex ?? null, event.type ?? null]);
  window.on = { onLift: record("lift"), onDrop: record("drop"), onCancel: record("cancel") };
  // Every operation an onDrop receives, as plain values (an item's name: its data-n, else its text).
  const name = (element) => element ? (element.dataset.n ?? element.textContent) : null;
  window.ops = [];
  window.opLog = (event) => window.ops.push([event.type, name(event.item), event.from?.id ?? null,
    event.fromIndex, event.to?.id ?? null, event.toIndex, name(event.other), event.cause]);
  const arrange = await Arrange.load();
  window.arrange = arrange;
""" + script + """
  window.ready = true;
</script>""")


class Pages:
    """A temporary folder served over HTTP: test pages, with the library and the module linked
    in from the repository."""

    def __init__(self):
        self.folder = tempfile.mkdtemp(prefix="arrange-lib-")
        for name in ["arrange-lib.js", "arrange.wasm"]:
            os.symlink(os.path.join(WEB, name), os.path.join(self.folder, name))
        handler = functools.partial(Quiet, directory=self.folder)
        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        self.count = 0

    def add(self, html):
        self.count += 1
        name = f"page{self.count}.html"
        with open(os.path.join(self.folder, name), "w", encoding="utf-8") as file:
            file.write(html)
        return f"http://127.0.0.1:{self.server.server_address[1]}/{name}"

    def stop(self):
        self.server.shutdown()
        shutil.rmtree(self.folder, ignore_errors=True)


class Quiet(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map,
                      ".wasm": "application/wasm", ".js": "text/javascript"}

    def log_message(self, *args):
        pass


class ChromiumPage(unittest.TestCase):
    """One Chromium and one page server for a class of tests (no tests of its own)."""

    @classmethod
    def setUpClass(cls):
        cls.pages = Pages()
        cls.driver = chromium(1000, 700)

    @classmethod
    def tearDownClass(cls):
        cls.driver.quit()
        cls.pages.stop()


class LibraryTests(ChromiumPage):

    def open(self, html):
        self.driver.get(self.pages.add(html))
        wait_for(lambda: self.driver.execute_script("return window.ready === true"),
                 what="the library to load")

    def order(self, list_id):
        return self.driver.execute_script(
            f"return [...document.getElementById({list_id!r}).children].map(c => c.textContent)")

    def log(self):
        return self.driver.execute_script("return window.log")

    def center(self, list_id, index, dx=0, dy=0):
        x, y = self.driver.execute_script(
            f"const r = document.getElementById({list_id!r}).children[{index}]"
            ".getBoundingClientRect(); return [r.left + r.width / 2, r.top + r.height / 2];")
        return (x + dx, y + dy)

    def said(self):
        return self.driver.execute_script(
            "return document.querySelector('.arrange-live')?.textContent || ''")

    def settle(self):
        """Waits until no item is lifted, a drop is shown and its slides are over."""
        settled(self.driver)

    def key(self, key):
        self.driver.execute_cdp_cmd("Input.dispatchKeyEvent", {
            "type": "keyDown", "key": key, "code": {" ": "Space"}.get(key, key),
            **({"text": "\r"} if key == "Enter" else {}),
            "windowsVirtualKeyCode": {" ": 32, "Enter": 13, "ArrowDown": 40, "ArrowUp": 38, "ArrowLeft": 37,
                                      "ArrowRight": 39, "Escape": 27}[key]})
        self.driver.execute_cdp_cmd("Input.dispatchKeyEvent", {"type": "keyUp", "key": key})

    def ops(self):
        return self.driver.execute_script("return window.ops")

    def names(self, list_id):
        """The names (data-n, else the text) of a list's children, in DOM order."""
        return self.driver.execute_script(
            f"return [...document.getElementById({list_id!r}).children]"
            ".map(c => c.dataset.n ?? c.textContent)")

    def point(self, selector, dx=0, dy=0):
        x, y = self.driver.execute_script(
            f"const r = document.querySelector({selector!r}).getBoundingClientRect();"
            "return [r.left + r.width / 2, r.top + r.height / 2];")
        return (x + dx, y + dy)

    def click(self, point, modifiers=0):
        """A mouse click at `point` with CDP `modifiers` (2: Ctrl, 8: Shift)."""
        for kind in ["mousePressed", "mouseReleased"]:
            self.driver.execute_cdp_cmd("Input.dispatchMouseEvent", {
                "type": kind, "x": point[0], "y": point[1], "button": "left",
                "buttons": 1 if kind == "mousePressed" else 0, "clickCount": 1,
                "modifiers": modifiers})

    def js(self, code):
        return self.driver.execute_script(code)

    @staticmethod
    def replay(order, operations):
        """Applies reported moves and removals to a list of names, as an app owning its data
        would: the check that the operations describe what the DOM shows."""
        order = list(order)
        for kind, item, _, from_index, _, to_index, _, _ in operations:
            if kind in ("move", "remove"):
                assert order[from_index] == item, (order, item, from_index)
                order.pop(from_index)
            if kind in ("move", "insert"):
                order.insert(to_index, item)
        return order

    # Wrapping grids

    def test_grid_moves_across_rows(self):
        self.open(page('<ul id="g" class="grid">' + "".join(f"<li>{c}</li>" for c in "ABCDEF")
                       + "</ul>",
                       'arrange.sortable(document.getElementById("g"),'
                       ' { direction: "grid", onDrop: window.opLog });'))
        shown = {}

        def look():
            quiet(self.driver)
            # B…E make room: B takes A's cell, D (second row) C's cell (200 right, 50 up).
            shown["D"] = self.js("return document.getElementById('g').children[3].style.transform")
            shown["B"] = self.js("return document.getElementById('g').children[1].style.transform")
            shown["F"] = self.js("return document.getElementById('g').children[5].style.transform")
        # A (first row) dropped on the right half of E (second row): after E.
        mouse_drag(self.driver, self.center("g", 0), self.center("g", 4, dx=25), before_release=look)
        self.settle()
        self.assertEqual(shown, {"D": "translate(200px, -50px)", "B": "translate(-100px, 0px)",
                                 "F": ""})
        self.assertEqual(self.order("g"), ["B", "C", "D", "E", "A", "F"])
        self.assertEqual(self.ops(), [["move", "A", "g", 0, "g", 4, None, "drop"]])
        # F (second row) dropped on the left half of C (first row): before C.
        mouse_drag(self.driver, self.center("g", 5), self.center("g", 1, dx=-25))
        self.settle()
        self.assertEqual(self.order("g"), ["B", "F", "C", "D", "E", "A"])
        self.assertEqual(self.ops()[-1], ["move", "F", "g", 5, "g", 1, None, "drop"])

    def test_grid_keyboard_and_a_shared_grid(self):
        self.open(page('<ul id="g" class="grid" aria-label="Grid"><li>A</li><li>B</li><li>C</li>'
                       '<li>D</li></ul><ul id="l" aria-label="List"><li>X</li></ul>',
                       'arrange.sortable(document.getElementById("g"),'
                       ' { direction: "grid", group: "s", onDrop: window.opLog });'
                       'arrange.sortable(document.getElementById("l"), { group: "s" });'))
        self.js("document.getElementById('g').children[1].focus()")
        self.key(" ")
        self.key("ArrowRight")
        self.key("ArrowRight")
        self.key(" ")
        self.settle()
        self.assertEqual(self.order("g"), ["A", "C", "D", "B"])
        self.assertEqual(self.ops(), [["move", "B", "g", 1, "g", 3, None, "drop"]])
        # X from the list onto the left half of B, alone on the grid's second row: before B.
        mouse_drag(self.driver, self.center("l", 0), self.center("g", 3, dx=-25))
        self.settle()
        self.assertEqual(self.order("g"), ["A", "C", "D", "X", "B"])
        self.assertEqual(self.ops()[-1], ["move", "X", "l", 0, "g", 3, None, "drop"])

    # Selections

    def test_selection_drags_together(self):
        self.open(page('<ul id="a"><li>A</li><li>B</li><li>C</li><li>D</li><li>E</li></ul>',
                       'window.list = arrange.sortable(document.getElementById("a"),'
                       ' { selectable: true, onDrop: window.opLog,'
                       ' onSelect: ({ selection }) => window.log.push(selection.map(i => i.textContent)) });'))
        self.click(self.center("a", 2), modifiers=2)
        self.click(self.center("a", 0), modifiers=2)
        self.assertEqual(self.js("return window.list.selection.map(i => i.textContent)"), ["C", "A"])
        self.assertEqual(self.js("return [...document.querySelectorAll('.arrange-selected')]"
                                 ".map(i => i.textContent + i.getAttribute('aria-selected'))"),
                         ["Atrue", "Ctrue"])
        self.assertEqual(self.log(), [["C"], ["C", "A"]])
        self.assertEqual(self.order("a"), ["A", "B", "C", "D", "E"])
        shown = {}

        def look():
            shown["companion"] = self.js(
                "return [...document.querySelectorAll('.arrange-companion')].map(i => i.textContent)")
            shown["count"] = self.js("return document.querySelector('.arrange-dragging').dataset.arrangeCount")
            shown["line"] = self.js("return Boolean(document.querySelector('.arrange-indicator'))")
        # A pressed and dragged below E: C comes along, both land after E in selection order.
        mouse_drag(self.driver, self.center("a", 0), self.center("a", 4, dy=10), before_release=look)
        self.settle()
        self.assertEqual(shown, {"companion": ["C"], "count": "2", "line": True})
        self.assertEqual(self.order("a"), ["B", "D", "E", "C", "A"])
        operations = self.ops()
        self.assertEqual(sorted(op[1] for op in operations), ["A", "C"])
        self.assertTrue(all(op[0] == "move" and op[7] == "drop" for op in operations), operations)
        self.assertEqual(self.replay("ABCDE", operations), ["B", "D", "E", "C", "A"])
        self.assertEqual(self.js("return document.querySelectorAll('.arrange-indicator, .arrange-companion').length"), 0)
        # The selection stays; a plain drag of an item outside it drags that item alone.
        self.assertEqual(self.js("return window.list.selection.map(i => i.textContent)"), ["C", "A"])
        mouse_drag(self.driver, self.center("a", 0), self.center("a", 1, dy=10))
        self.settle()
        self.assertEqual(self.order("a"), ["D", "B", "E", "C", "A"])
        self.js("window.list.clearSelection()")
        self.assertEqual(self.js("return document.querySelectorAll('.arrange-selected').length"), 0)

    def test_selection_by_keyboard_and_shift_across_lists(self):
        self.open(page('<ul id="a" aria-label="One"><li>A</li><li>B</li><li>C</li><li>D</li></ul>'
                       '<ul id="b" aria-label="Two"><li>X</li></ul>',
                       'window.one = arrange.sortable(document.getElementById("a"),'
                       ' { group: "g", selectable: true, onDrop: window.opLog });'
                       'arrange.sortable(document.getElementById("b"), { group: "g" });'))
        # Ctrl+Space selects the focused item; Shift+click selects a range from it.
        self.js("document.getElementById('a').children[1].focus()")
        self.driver.execute_cdp_cmd("Input.dispatchKeyEvent", {
            "type": "keyDown", "key": " ", "code": "Space", "windowsVirtualKeyCode": 32,
            "modifiers": 2})
        self.driver.execute_cdp_cmd("Input.dispatchKeyEvent", {"type": "keyUp", "key": " ", "modifiers": 2})
        self.click(self.center("a", 3), modifiers=8)
        self.assertEqual(self.js("return window.one.selection.map(i => i.textContent)"), ["B", "C", "D"])
        # The selection dragged to the other list, after X.
        mouse_drag(self.driver, self.center("a", 2), self.center("b", 0, dy=12))
        self.settle()
        self.assertEqual(self.order("a"), ["A"])
        self.assertEqual(self.order("b"), ["X", "B", "C", "D"])
        self.assertEqual(sorted(op[1] for op in self.ops()), ["B", "C", "D"])
        self.assertTrue(all(op[:1] == ["move"] and op[2] == "a" and op[4] == "b" for op in self.ops()))

    def test_what_a_group_drag_undo_and_a_full_list_say_in_english_or_the_apps_words(self):
        self.open(page('<ul id="a" aria-label="One"><li>A</li><li>B</li><li>C</li></ul>'
                       '<ul id="b" aria-label="Two"><li>X</li></ul>'
                       '<ul id="f" aria-label="Full"><li>Z</li></ul>',
                       'window.one = arrange.sortable(document.getElementById("a"), { group: "g",'
                       ' selectable: true, messages: { droppedGroup: (c) =>'
                       ' `${c.members} posés dans ${c.listName} (${c.position}–${c.position + c.members - 1}/${c.count})` } });'
                       'arrange.sortable(document.getElementById("b"), { group: "g" });'
                       'arrange.sortable(document.getElementById("f"), { group: "g", capacity: 1 });'))
        self.click(self.center("a", 0), modifiers=2)
        self.click(self.center("a", 1), modifiers=2)
        shown = {}

        def look():
            shown["moving"] = self.said()
        mouse_drag(self.driver, self.center("a", 0), self.center("b", 0, dy=12), before_release=look)
        self.settle()
        self.assertEqual(self.order("b"), ["X", "A", "B"])
        # The app's words for a group's drop; English for what it did not replace.
        self.assertEqual(self.said(), "2 posés dans Two (2–3/3)")
        self.assertEqual(shown["moving"], "Moved 2 items to Two, positions 2–3 of 3")
        self.js("arrange.undo()")
        self.settle()
        self.assertEqual(self.order("b"), ["X"])
        self.assertEqual(self.said(), "Undone")
        self.js("window.one.clearSelection()")
        # A full list refuses, in words naming it and its limit.
        mouse_drag(self.driver, self.center("a", 2), self.center("f", 0, dy=12), before_release=look)
        self.settle()
        self.assertEqual(shown["moving"], "Full is full: it takes at most 1 item.")
        self.assertEqual(self.order("f"), ["Z"])
        self.assertEqual(self.said(), "Dropped C where it was")

    def test_the_engines_look_caught_dragged_and_a_displaced_item(self):
        self.open(page('<ul id="a"><li>A</li><li>B</li><li>C</li><li>D</li></ul>',
                       'window.list = arrange.sortable(document.getElementById("a"),'
                       ' { mode: "exchange", appearance: "engine", onDrop: window.opLog,'
                       ' onLift: ({ item }) => { window.caught = item.style.scale; } });'))
        # The engine's values, read from the module, are the seeds' (SSCollectionViewExchange).
        self.assertEqual(self.js("return arrange.engineAppearance"), {
            "animationDuration": 0.2, "catchScale": 1.2, "releaseScale": 1.05,
            "snapshotAlpha": 0.8, "displacedAlpha": 0.6, "displacedMoves": True})
        shown = {}

        def style(selector, name):
            return self.js(f"const e = document.querySelector({selector!r}); return e && e.style[{name!r}]")

        def look():
            # Lifted: caught at 1.2; then, once the catch is over, dragged at 1.05.
            shown["caught"] = self.js("return window.caught ?? ''")
            # The catch is over once the item is drawn at another scale than its catch's.
            wait_for(lambda: style(".arrange-dragging", "scale") != shown["caught"] or not shown["caught"],
                     what="the catch to be over")
            quiet(self.driver)
            shown["dragged"] = style(".arrange-dragging", "scale")
            shown["opacity"] = style(".arrange-dragging", "opacity")
            shown["displaced"] = self.js(
                "return [...document.getElementById('a').children]"
                ".filter(i => i.style.opacity === '0.6').map(i => i.textContent)")
        mouse_drag(self.driver, self.center("a", 0), self.center("a", 2), before_release=look)
        self.settle()
        self.assertEqual(shown, {"caught": "1.2", "dragged": "1.05", "opacity": "0.8",
                                 "displaced": ["C"]})
        self.assertEqual(self.order("a"), ["C", "B", "A", "D"])
        self.assertEqual(self.js("return [...document.getElementById('a').children]"
                                 ".map(i => i.style.scale + '|' + i.style.opacity)"), ["|"] * 4)
        # The plain look (no appearance): nothing scaled or faded.
        self.open(page('<ul id="a"><li>A</li><li>B</li></ul>',
                       'arrange.sortable(document.getElementById("a"));'))
        mouse_drag(self.driver, self.center("a", 0), self.center("a", 1, dy=10), before_release=look)
        self.settle()
        self.assertEqual((shown["caught"], shown["dragged"], shown["opacity"]), ("", "", ""))
        self.assertEqual(self.order("a"), ["B", "A"])

    # Removal and undo

    def test_drop_outside_removes_and_undo_brings_it_back(self):
        self.open(page('<ul id="a"><li>A</li><li>B</li><li>C</li></ul><ul id="k"><li>K</li></ul>',
                       'arrange.sortable(document.getElementById("a"),'
                       ' { removeOnDropOutside: true, onDrop: window.opLog });'
                       'window.keep = arrange.sortable(document.getElementById("k"), { onDrop: window.opLog });'))
        shown = {}

        def look():
            shown["removing"] = self.js("return document.querySelector('.arrange-removing')?.textContent")
        mouse_drag(self.driver, self.center("a", 1), (700, 400), before_release=look)
        self.settle()
        self.assertEqual(shown, {"removing": "B"})
        self.assertEqual(self.order("a"), ["A", "C"])
        self.assertEqual(self.ops(), [["remove", "B", "a", 1, None, -1, None, "drop"]])
        self.assertEqual(self.said(), "Removed B")
        # Without the option an item dropped outside returns.
        mouse_drag(self.driver, self.center("k", 0), (700, 400))
        self.settle()
        self.assertEqual(self.order("k"), ["K"])
        self.assertEqual(len(self.ops()), 1)
        # Undo puts B back where it was; redo removes it again.
        self.assertTrue(self.js("return window.arrange.undo()"))
        self.settle()
        self.assertEqual(self.order("a"), ["A", "B", "C"])
        self.assertEqual(self.ops()[-1], ["insert", "B", None, -1, "a", 1, None, "undo"])
        self.assertTrue(self.js("return window.arrange.redo()"))
        self.assertEqual(self.order("a"), ["A", "C"])
        self.assertEqual(self.ops()[-1], ["remove", "B", "a", 1, None, -1, None, "redo"])
        self.assertTrue(self.js("return window.arrange.undo()"))
        self.assertFalse(self.js("return window.arrange.undo()"))
        self.assertEqual(self.order("a"), ["A", "B", "C"])
        self.settle()
        # A move and its undo, through the list.
        mouse_drag(self.driver, self.center("a", 0), self.center("a", 2, dy=8))
        self.settle()
        self.assertEqual(self.order("a"), ["B", "C", "A"])
        self.assertFalse(self.js("return window.keep.undo()"))
        self.assertTrue(self.js("return window.arrange.undo()"))
        self.assertEqual(self.order("a"), ["A", "B", "C"])
        self.assertEqual(self.ops()[-1], ["move", "A", "a", 2, "a", 0, None, "undo"])

    def test_trash_removes_what_is_dropped_on_it(self):
        self.open(page('<ul id="a"><li>A</li><li>B</li></ul><div id="trash" aria-label="Trash"></div>',
                       'window.list = arrange.sortable(document.getElementById("a"),'
                       ' { group: "t", onDrop: window.opLog });'
                       'arrange.trash(document.getElementById("trash"), { group: "t" });'))
        shown = {}

        def look():
            shown["over"] = self.js("return document.getElementById('trash').className")
        mouse_drag(self.driver, self.center("a", 0), self.point("#trash"), before_release=look)
        self.settle()
        self.assertEqual(shown, {"over": "arrange-over"})
        self.assertEqual(self.order("a"), ["B"])
        self.assertEqual(self.ops(), [["remove", "A", "a", 0, None, -1, None, "drop"]])
        self.assertEqual(self.js("return document.getElementById('trash').children.length"), 0)
        self.assertTrue(self.js("return window.list.undo()"))
        self.assertEqual(self.order("a"), ["A", "B"])

    # Drop into an item, nested lists

    def test_drop_into_an_item(self):
        self.open(page('<ul id="a"><li>A</li><li class="folder" data-n="F" style="height: 60px">F</li>'
                       '<li>B</li></ul>',
                       'arrange.sortable(document.getElementById("a"), { onDrop: window.opLog,'
                       ' dropInto: (item, target) => target.classList.contains("folder") });'))
        shown = {}

        def look():
            shown["target"] = self.js(
                "return [...document.querySelectorAll('.arrange-drop-target')].map(i => i.dataset.n)")
        # A on F's middle: into F.
        mouse_drag(self.driver, self.center("a", 0), self.center("a", 1), before_release=look)
        self.settle()
        self.assertEqual(shown, {"target": ["F"]})
        self.assertEqual(self.names("a"), ["F", "B"])
        self.assertEqual(self.js("return document.querySelector('.folder').lastChild.textContent"), "A")
        self.assertEqual(self.ops(), [["into", "A", "a", 0, None, -1, "F", "drop"]])
        # B on F's lower edge (outside its middle half): a plain move before... after F.
        mouse_drag(self.driver, self.center("a", 1), self.center("a", 0, dy=-25))
        self.settle()
        self.assertEqual(self.names("a"), ["B", "F"])
        self.assertEqual(self.ops()[-1], ["move", "B", "a", 1, "a", 0, None, "drop"])
        # Undo takes A out of F again, back to its place.
        self.assertTrue(self.js("return window.arrange.undo() && window.arrange.undo()"))
        self.assertEqual(self.names("a"), ["A", "F", "B"])
        self.assertEqual(self.ops()[-1], ["out", "A", None, -1, "a", 0, "F", "undo"])

    def test_nested_lists(self):
        self.open(page('<ul id="outer" aria-label="Outer"><li data-n="X" aria-label="X">X<ul id="inner" aria-label="Inner"'
                       ' style="margin: 5px 0 0 20px; width: 150px"><li>I1</li><li>I2</li></ul></li>'
                       '<li data-n="Y">Y</li></ul>'
                       '<style>#outer > li { height: auto; padding-bottom: 5px } #outer { padding-bottom: 30px }</style>',
                       'for (const id of ["outer", "inner"]) arrange.sortable(document.getElementById(id),'
                       ' { group: "n", onDrop: window.opLog });'))
        # Y into the inner list, between I1 and I2.
        mouse_drag(self.driver, self.center("outer", 1), self.center("inner", 0, dy=12))
        self.settle()
        self.assertEqual(self.names("outer"), ["X"])
        self.assertEqual(self.names("inner"), ["I1", "Y", "I2"])
        self.assertEqual(self.ops()[0], ["move", "Y", "outer", 1, "inner", 1, None, "drop"])
        # I2 out of the inner list, below X in the outer one.
        bottom = self.js("const r = document.getElementById('outer').getBoundingClientRect();"
                         "return [r.left + 50, r.bottom - 10];")
        mouse_drag(self.driver, self.center("inner", 2), bottom)
        self.settle()
        self.assertEqual(self.names("outer"), ["X", "I2"])
        self.assertEqual(self.names("inner"), ["I1", "Y"])
        self.assertEqual(self.ops()[-1][:6], ["move", "I2", "inner", 2, "outer", 1])
        # X cannot go into its own inner list: dropped there, it stays where it was.
        count = len(self.ops())
        top = self.js("const r = document.querySelector('#outer > li').getBoundingClientRect();"
                      "return [r.left + 10, r.top + 8];")
        mouse_drag(self.driver, top, self.center("inner", 1, dy=5))
        self.settle()
        self.assertEqual(self.said(), "Dropped X where it was")
        self.assertEqual(self.names("outer"), ["X", "I2"])
        self.assertEqual(self.names("inner"), ["I1", "Y"])
        self.assertEqual(len(self.ops()), count)

    # Copy, exchange and modes per pair of lists

    def test_copy_and_exchange(self):
        self.open(page('<ul id="p" aria-label="Palette"><li>A</li><li>B</li></ul>'
                       '<ul id="b" aria-label="Board"><li>X</li></ul>'
                       '<ul id="s" aria-label="Swap"><li>P</li><li>Q</li><li>R</li></ul>',
                       'arrange.sortable(document.getElementById("p"), { group: "c", mode: "copy",'
                       ' onDrop: window.opLog });'
                       'arrange.sortable(document.getElementById("b"), { group: "c", onDrop: window.opLog });'
                       'arrange.sortable(document.getElementById("s"), { mode: "exchange",'
                       ' onDrop: window.opLog });'))
        mouse_drag(self.driver, self.center("p", 1), self.center("b", 0, dy=12))
        self.settle()
        self.assertEqual(self.order("p"), ["A", "B"])
        self.assertEqual(self.order("b"), ["X", "B"])
        # Told to the palette and to the board, whose onDrop is one function: told once.
        self.assertEqual(self.ops(), [["copy", "B", None, -1, "b", 1, None, "drop"]])
        self.assertTrue(self.js("const [, copy] = document.getElementById('b').children;"
                                "return copy !== document.getElementById('p').children[1]"))
        # Copied twice: two copies.
        mouse_drag(self.driver, self.center("p", 1), self.center("b", 0, dy=-12))
        self.settle()
        self.assertEqual(self.order("b"), ["B", "X", "B"])
        # Undo takes the last copy away.
        self.assertTrue(self.js("return window.arrange.undo()"))
        self.assertEqual(self.order("b"), ["X", "B"])
        self.assertEqual(self.ops()[-1], ["remove", "B", "b", 0, None, -1, None, "undo"])
        # Exchange: P dropped on R trades places with it.
        mouse_drag(self.driver, self.center("s", 0), self.center("s", 2))
        self.settle()
        self.assertEqual(self.order("s"), ["R", "Q", "P"])
        self.assertEqual(self.ops()[-1], ["exchange", "P", "s", 0, "s", 2, "R", "drop"])

    def test_modes_per_pair_of_lists(self):
        self.open(page('<ul id="a"><li>A</li><li>B</li><li>C</li></ul>'
                       '<ul id="b"><li>X</li><li>Y</li></ul>',
                       'arrange.sortable(document.getElementById("a"), { group: "m",'
                       ' modes: { b: "exchange" }, onDrop: window.opLog });'
                       'arrange.sortable(document.getElementById("b"), { group: "m",'
                       ' modes: (item, from, to) => from === to ? "exchange" : undefined });'))
        # From a to b: exchanged with Y.
        mouse_drag(self.driver, self.center("a", 0), self.center("b", 1))
        self.settle()
        self.assertEqual(self.order("a"), ["Y", "B", "C"])
        self.assertEqual(self.order("b"), ["X", "A"])
        self.assertEqual(self.ops(), [["exchange", "A", "a", 0, "b", 1, "Y", "drop"]])
        # Within a: a move.
        mouse_drag(self.driver, self.center("a", 0), self.center("a", 2, dy=8))
        self.settle()
        self.assertEqual(self.order("a"), ["B", "C", "Y"])
        self.assertEqual(self.ops()[-1], ["move", "Y", "a", 0, "a", 2, None, "drop"])
        # Within b, by its function: an exchange; from b to a, a move.
        mouse_drag(self.driver, self.center("b", 0), self.center("b", 1))
        self.settle()
        self.assertEqual(self.order("b"), ["A", "X"])
        mouse_drag(self.driver, self.center("b", 0), self.center("a", 0, dy=-8))
        self.settle()
        self.assertEqual(self.order("a"), ["A", "B", "C", "Y"])
        self.assertEqual(self.order("b"), ["X"])
        self.assertEqual(self.ops()[-1], ["move", "A", "b", 0, "a", 0, None, "drop"])

    def test_copy_per_pair_of_lists(self):
        # A shelf gives copies to the cart and its books themselves to the returns.
        self.open(page('<ul id="shelf"><li>A</li><li>B</li></ul><ul id="cart"><li>X</li></ul>'
                       '<ul id="returns"><li>R</li></ul>',
                       'arrange.sortable(document.getElementById("shelf"), { group: "p",'
                       ' modes: { cart: "copy" }, onDrop: window.opLog });'
                       'arrange.sortable(document.getElementById("cart"), { group: "p" });'
                       'arrange.sortable(document.getElementById("returns"), { group: "p" });'))
        shown = {}

        def look():
            quiet(self.driver)
            # While a copy is on offer the shelf keeps A in its place: B does not move up.
            shown["B"] = self.js("return document.getElementById('shelf').children[1].style.transform")
        mouse_drag(self.driver, self.center("shelf", 0), self.center("cart", 0, dy=12), before_release=look)
        self.settle()
        self.assertEqual(shown["B"], "")
        self.assertEqual(self.order("shelf"), ["A", "B"])
        self.assertEqual(self.order("cart"), ["X", "A"])
        self.assertEqual(self.ops()[-1], ["copy", "A", None, -1, "cart", 1, None, "drop"])
        # To the returns: the book itself.
        mouse_drag(self.driver, self.center("shelf", 1), self.center("returns", 0, dy=12))
        self.settle()
        self.assertEqual(self.order("shelf"), ["A"])
        self.assertEqual(self.order("returns"), ["R", "B"])
        self.assertEqual(self.ops()[-1], ["move", "B", "shelf", 1, "returns", 1, None, "drop"])

    # Auto-scroll, long press, edit mode

    def test_auto_scroll_of_a_list_and_of_the_page(self):
        items = "".join(f"<li>{n}</li>" for n in range(10))
        self.open(page(f'<ul id="s" style="display: block; height: 120px; overflow: auto">{items}</ul>'
                       '<div style="height: 2000px"></div>',
                       'arrange.sortable(document.getElementById("s"), { onDrop: window.opLog });'))
        bottom = self.js("const r = document.getElementById('s').getBoundingClientRect();"
                         "return [r.left + 50, r.bottom - 4];")
        shown = {}

        def hold():
            # Held until the list has scrolled its last item into view.
            wait_for(lambda: self.js("const s = document.getElementById('s');"
                                     " return s.lastElementChild.getBoundingClientRect().bottom"
                                     " <= s.getBoundingClientRect().bottom + 0.5"),
                     what="the list to scroll to its end")
            shown["scrolled"] = self.js("return document.getElementById('s').scrollTop")
        # Held at the list's bottom edge, the list scrolls to its end: 0 lands last.
        mouse_drag(self.driver, self.center("s", 0), bottom, before_release=hold)
        self.settle()
        self.assertGreater(shown["scrolled"], 200)
        self.assertEqual(self.order("s"), [str(n) for n in range(1, 10)] + ["0"])
        self.assertEqual(self.ops(), [["move", "0", "s", 0, "s", 9, None, "drop"]])
        # Held at the window's bottom edge, the page scrolls.
        self.js("document.getElementById('s').scrollTop = 0")
        self.assertEqual(self.js("return window.scrollY"), 0)
        height = self.js("return innerHeight")
        mouse_drag(self.driver, self.center("s", 0), (300, height - 3),
                   before_release=lambda: wait_for(lambda: self.js("return window.scrollY") > 100,
                                                   what="the page to scroll"))
        self.settle()
        self.assertGreater(self.js("return window.scrollY"), 100)

    def test_a_longer_press_before_a_finger_drags(self):
        # A delay far above the short press below, so that a busy machine, slow to pass the
        # finger's moves on, cannot make that press long enough.
        self.open(page('<ul id="a"><li>A</li><li>B</li><li>C</li></ul>',
                       'arrange.sortable(document.getElementById("a"), { delay: 1500,'
                       ' onDrop: window.opLog });'))
        try:
            # Held 0.35 s: not long enough, the finger does not drag. (The press's length is what
            # is checked: that hold is on the clock.)
            touch_drag(self.driver, self.center("a", 0), self.center("a", 2, dy=8), hold=0.35)
            self.settle()
            self.assertEqual(self.order("a"), ["A", "B", "C"])
            # Held until A is lifted (after the delay), it drags.
            touch_drag(self.driver, self.center("a", 0), self.center("a", 2, dy=8))
            self.settle()
            self.assertEqual(self.order("a"), ["B", "C", "A"])
            self.assertEqual(self.ops(), [["move", "A", "a", 0, "a", 2, None, "drop"]])
        finally:
            self.driver.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": False})

    def test_edit_mode(self):
        self.open(page('<ul id="a"><li>A</li><li>B</li><li>C</li></ul>',
                       'window.list = arrange.sortable(document.getElementById("a"), { editMode: true,'
                       ' onDrop: window.opLog, onEditMode: ({ editing }) => window.log.push(editing) });'))
        # Outside edit mode a drag does nothing.
        mouse_drag(self.driver, self.center("a", 0), self.center("a", 2, dy=8))
        self.settle()
        self.assertEqual(self.order("a"), ["A", "B", "C"])
        # A long press (held still) starts edit mode; then items drag.
        start = self.center("a", 1)
        self.driver.execute_cdp_cmd("Input.dispatchMouseEvent", {
            "type": "mousePressed", "x": start[0], "y": start[1], "button": "left", "buttons": 1,
            "clickCount": 1})
        wait_for(lambda: self.js("return window.list.editing"), what="the long press to start edit mode")
        self.driver.execute_cdp_cmd("Input.dispatchMouseEvent", {
            "type": "mouseReleased", "x": start[0], "y": start[1], "button": "left", "buttons": 0,
            "clickCount": 1})
        self.assertTrue(self.js("return window.list.editing"))
        self.assertEqual(self.js("return document.getElementById('a').className"), "arrange-editing")
        mouse_drag(self.driver, self.center("a", 0), self.center("a", 2, dy=8))
        self.settle()
        self.assertEqual(self.order("a"), ["B", "C", "A"])
        self.assertEqual(self.ops(), [["move", "A", "a", 0, "a", 2, None, "drop"]])
        self.js("window.list.setEditing(false)")
        self.assertFalse(self.js("return window.list.editing"))
        self.assertEqual(self.log(), [True, False])
        mouse_drag(self.driver, self.center("a", 0), self.center("a", 2, dy=8))
        self.settle()
        self.assertEqual(self.order("a"), ["B", "C", "A"])

    def test_sortable_list_reorders_the_dom(self):
        self.open(page('<ul id="a"><li>A</li><li>B</li><li>C</li><li>D</li></ul>',
                       'arrange.sortable(document.getElementById("a"), window.on);'))
        # A (center y 35) dropped on the lower half of C (center 115): after C.
        mouse_drag(self.driver, self.center("a", 0), self.center("a", 2, dy=8))
        self.settle()
        self.assertEqual(self.order("a"), ["B", "C", "A", "D"])
        self.assertEqual(self.log(), [["lift", "A", "a", 0, None, None, None],
                                      ["drop", "A", "a", 0, "a", 2, "move"]])
        self.assertEqual(self.said(), "Dropped A in list 1, position 3 of 4")

    def test_a_dropped_item_slides_home_from_where_it_was_drawn(self):
        self.open(page('<ul id="a"><li>A</li><li>B</li><li>C</li><li>D</li></ul>',
                       'arrange.sortable(document.getElementById("a"), window.on);'))
        # Every frame from the release on: how far right of its list A is drawn, and how many
        # animations it has.
        self.js("""window.frames = [];
          window.addEventListener('pointerup', () => {
            const a = [...document.querySelectorAll('#a li')].find((li) => li.textContent === 'A');
            const list = document.getElementById('a');
            const sample = () => {
              window.frames.push([a.getBoundingClientRect().left - list.getBoundingClientRect().left,
                a.getAnimations().length, [...list.children].indexOf(a)]);
              if (window.frames.length < 40) requestAnimationFrame(sample);
            };
            requestAnimationFrame(sample);
          }, true);""")
        # A dropped after C, released 60 px right of where it is laid out.
        mouse_drag(self.driver, self.center("a", 0), self.center("a", 2, dx=60, dy=8))
        wait_for(lambda: len(self.js("return window.frames")) >= 40, what="40 frames")
        frames = self.js("return window.frames")
        self.assertEqual(self.order("a"), ["B", "C", "A", "D"])
        dropped = [frame for frame in frames if frame[2] == 2]
        self.assertTrue(dropped, frames)
        # Drawn where it was released when it first shows in its new place, sliding (one
        # animation); home, with no animation left, 200 ms later.
        first = dropped[0]
        self.assertGreater(first[0], 45, frames)
        self.assertEqual(first[1], 1, frames)
        self.assertAlmostEqual(dropped[-1][0], 0, delta=0.5, msg=frames)
        self.assertEqual(dropped[-1][1], 0, frames)
        # It slid: drawn ever nearer its place, never jumping past it.
        offsets = [frame[0] for frame in dropped]
        self.assertEqual(offsets, sorted(offsets, reverse=True), frames)

    def test_a_change_the_app_makes_before_the_drop_is_shown(self):
        # The library shows a pointer drop in the next frame. An app that changes the list after
        # the release and before that frame (its own listener, a message from a server) has its
        # change kept, and the dropped item goes before the item it was dropped before.
        self.open(page('<ul id="a"><li>A</li><li>B</li><li>C</li><li>D</li><li>E</li></ul>',
                       'const list = document.getElementById("a");'
                       'arrange.sortable(list, { onDrop: window.opLog });'
                       'window.addEventListener("pointerdown", () => window.addEventListener("pointerup", () => {'
                       '  const item = document.createElement("li"); item.textContent = "N"; list.prepend(item);'
                       '}, { once: true }));'))
        # A dropped on the lower half of C: before D.
        mouse_drag(self.driver, self.center("a", 0), self.center("a", 2, dy=8))
        self.settle()
        self.assertEqual(self.order("a"), ["N", "B", "C", "A", "D", "E"])
        self.assertEqual(self.ops(), [["move", "A", "a", 0, "a", 3, None, "drop"]])

    def test_a_drop_is_shown_in_a_page_that_draws_no_frame(self):
        # A page that draws no frame (a hidden tab; here, no animation frames at all) still has
        # its drop, from a timer.
        self.open(page('<ul id="a"><li>A</li><li>B</li><li>C</li></ul>',
                       'arrange.sortable(document.getElementById("a"), window.on);'))
        mouse_drag(self.driver, self.center("a", 0), self.center("a", 1, dy=8),
                   before_release=lambda: self.js("window.requestAnimationFrame = () => 0"))
        wait_for(lambda: self.order("a") == ["B", "A", "C"], what="the drop")
        self.assertEqual(self.log()[-1], ["drop", "A", "a", 0, "a", 1, "move"])

    def test_a_keyboard_drop_in_a_list_that_scrolled_slides_nothing_from_elsewhere(self):
        # A keyboard drag down a list that scrolls itself (the engine scrolls it to keep the item
        # in view): when the drop is shown, every item goes on from where it was drawn, none
        # jumps by the distance the list scrolled.
        self.open(page('<ul id="a" style="height: 130px; overflow: auto">'
                       + "".join(f"<li>{n}</li>" for n in "ABCDEFGHIJ") + '</ul>',
                       'arrange.sortable(document.getElementById("a"), window.on);'))
        self.js("""window.frames = [];
          const list = document.getElementById('a');
          const sample = () => {
            const items = [...list.children];
            window.frames.push([items.map((li) => li.textContent).join(''),
              Object.fromEntries(items.map((li) => [li.textContent, li.getBoundingClientRect().top]))]);
            requestAnimationFrame(sample);
          };
          requestAnimationFrame(sample);""")
        self.js("document.getElementById('a').children[0].focus()")
        self.key(" ")
        for _ in range(6):
            self.key("ArrowDown")
            next_frames(self.driver)  # the move drawn
        self.assertGreater(self.js("return document.getElementById('a').scrollTop"), 40)
        self.key(" ")
        self.settle()
        self.assertEqual(self.order("a"), list("BCDEFGAHIJ"))
        frames = self.js("return window.frames")
        # The drop's first frame is sampled before its animations start (they start once it is
        # laid out); the next one is drawn 16 ms into them, a few pixels from where they began.
        changed = next(k for k, frame in enumerate(frames) if frame[0] != "ABCDEFGHIJ")
        before, after = frames[changed - 1][1], frames[changed + 1][1]
        jumps = {name: round(after[name] - before[name], 1) for name in before
                 if abs(after[name] - before[name]) > 12}
        self.assertEqual(jumps, {}, "items jumped when the drop was shown")

    def test_a_finger_drags_after_a_press_and_the_page_does_not_scroll(self):
        # A page taller than the window, so that a finger's move could scroll it.
        self.open(page('<ul id="a"><li>A</li><li>B</li><li>C</li><li>D</li></ul>'
                       '<div style="height: 3000px"></div>',
                       'arrange.sortable(document.getElementById("a"), window.on);'))
        try:
            touch_drag(self.driver, self.center("a", 0), self.center("a", 2, dy=8))
            self.settle()
            self.assertEqual(self.order("a"), ["B", "C", "A", "D"])
            self.assertEqual(self.driver.execute_script("return window.scrollY"), 0,
                             "the finger's drag scrolled the page")
        finally:
            self.driver.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": False})

    def test_shared_lists_move_an_item_across(self):
        self.open(page(
            '<ul id="todo" aria-label="To do"><li>A</li><li>B</li></ul>'
            '<ul id="done" aria-label="Done"><li>C</li></ul>',
            'for (const id of ["todo", "done"]) arrange.sortable(document.getElementById(id),'
            ' { group: "g", ...window.on });'))
        mouse_drag(self.driver, self.center("todo", 1), self.center("done", 0, dy=12))
        self.settle()
        self.assertEqual(self.order("todo"), ["A"])
        self.assertEqual(self.order("done"), ["C", "B"])
        # onDrop of the list it left and of the one it reached: one function, so told once.
        self.assertEqual(self.log(), [["lift", "B", "todo", 1, None, None, None],
                                      ["drop", "B", "todo", 1, "done", 1, "move"]])
        self.assertEqual(self.said(), "Dropped B in Done, position 2 of 2")

    def test_each_list_s_own_on_drop_hears_a_move_between_them(self):
        self.open(page(
            '<ul id="todo" aria-label="To do"><li>A</li><li>B</li></ul>'
            '<ul id="done" aria-label="Done"><li>C</li></ul>',
            'for (const id of ["todo", "done"]) arrange.sortable(document.getElementById(id),'
            ' { group: "g", onDrop: (event) => window.log.push([id, event.type, event.item.textContent]) });'))
        mouse_drag(self.driver, self.center("todo", 1), self.center("done", 0, dy=12))
        self.settle()
        self.assertEqual(self.log(), [["todo", "move", "B"], ["done", "move", "B"]])

    def test_horizontal_list(self):
        self.open(page('<ul id="row" class="row"><li>A</li><li>B</li><li>C</li></ul>',
                       'arrange.sortable(document.getElementById("row"),'
                       ' { direction: "horizontal", ...window.on });'))
        mouse_drag(self.driver, self.center("row", 0), self.center("row", 2, dx=25))
        self.settle()
        self.assertEqual(self.order("row"), ["B", "C", "A"])
        self.assertEqual(self.log()[-1], ["drop", "A", "row", 0, "row", 2, "move"])

    def test_keyboard_reorder_with_replaced_announcements(self):
        self.open(page(
            '<ul id="a" aria-label="Liste"><li>A</li><li>B</li><li>C</li></ul>',
            'arrange.sortable(document.getElementById("a"), { ...window.on, messages: {'
            ' pickedUp: ({ name, position, count }) => `${name} angehoben, ${position}/${count}`,'
            ' dropped: ({ name, listName, position }) => `${name} in ${listName} abgelegt, ${position}` } });'))
        self.driver.execute_script("document.getElementById('a').children[1].focus()")
        self.key(" ")
        self.assertEqual(self.said(), "B angehoben, 2/3")
        self.key("ArrowDown")
        self.assertEqual(self.said(), "Moved to Liste, position 3 of 3")  # not replaced: English
        self.key(" ")
        self.settle()
        self.assertEqual(self.order("a"), ["A", "C", "B"])
        self.assertEqual(self.said(), "B in Liste abgelegt, 3")
        self.assertEqual(self.log(), [["lift", "B", "a", 1, None, None, None],
                                      ["drop", "B", "a", 1, "a", 2, "move"]])
        self.assertEqual(self.driver.execute_script("return document.activeElement.textContent"), "B")
        # Escape cancels a keyboard drag: nothing moves.
        self.key(" ")
        self.key("ArrowUp")
        self.key("Escape")
        self.settle()
        self.assertEqual(self.order("a"), ["A", "C", "B"])
        self.assertEqual(self.log()[-1], ["cancel", "B", "a", 2, None, None, None])

    def test_can_drop_refuses_with_its_reason(self):
        self.open(page(
            '<ul id="todo"><li>A</li><li>B</li></ul><ul id="done" aria-label="Done"><li>C</li></ul>',
            'const canDrop = (item, from, to) => item.textContent === "B" && to.id === "done"'
            ' ? "B is not finished" : true;'
            'for (const id of ["todo", "done"]) arrange.sortable(document.getElementById(id),'
            ' { group: "g", canDrop, ...window.on });'))
        shown = {}

        def look():
            shown["class"] = self.driver.execute_script(
                "return document.getElementById('done').className")
            shown["reason"] = self.driver.execute_script(
                "return document.getElementById('done').dataset.arrangeReason")
            shown["said"] = self.said()
        mouse_drag(self.driver, self.center("todo", 1), self.center("done", 0, dy=12),
                   before_release=look)
        self.settle()
        self.assertEqual(shown, {"class": "arrange-refused", "reason": "B is not finished",
                                 "said": "B is not finished"})
        self.assertEqual(self.order("todo"), ["A", "B"])
        self.assertEqual(self.order("done"), ["C"])
        self.assertEqual([entry[0] for entry in self.log()], ["lift"])
        # A is allowed into Done.
        mouse_drag(self.driver, self.center("todo", 0), self.center("done", 0, dy=12))
        self.settle()
        self.assertEqual(self.order("done"), ["C", "A"])

    def test_can_drop_is_asked_at_every_place_with_the_index(self):
        self.open(page(
            '<ul id="todo"><li>A</li><li>B</li></ul>'
            '<ul id="done" aria-label="Done"><li>C</li><li>D</li></ul>',
            'window.asked = [];'
            'const canDrop = (item, from, to, index) => {'
            ' window.asked.push([item.textContent, from.id, to.id, index]);'
            ' return to.id === "done" && index === 0 ? "Nothing goes above C" : true; };'
            'for (const id of ["todo", "done"]) arrange.sortable(document.getElementById(id),'
            ' { group: "g", canDrop, ...window.on });'))
        shown = {}

        def look():
            shown["class"] = self.js("return document.getElementById('done').className")
            shown["said"] = self.said()
        # Above C: refused, with the reason for that place.
        mouse_drag(self.driver, self.center("todo", 0), self.center("done", 0, dy=-12),
                   before_release=look)
        self.settle()
        self.assertEqual(shown, {"class": "arrange-refused", "said": "Nothing goes above C"})
        self.assertEqual(self.order("done"), ["C", "D"])
        self.assertIn(["A", "todo", "done", 0], self.js("return window.asked"))
        # Nothing is asked before the drag moves: the page's rule hears of each place as it comes.
        self.assertNotIn(["A", "todo", "todo", 0], self.js("return window.asked"))
        # Between C and D: allowed there.
        mouse_drag(self.driver, self.center("todo", 0), self.center("done", 0, dy=12),
                   before_release=look)
        self.settle()
        self.assertEqual(shown["class"], "arrange-over")
        self.assertEqual(self.order("done"), ["C", "A", "D"])
        self.assertEqual(self.order("todo"), ["B"])
        self.assertIn(["A", "todo", "done", 1], self.js("return window.asked"))

    def test_report_leaves_the_dom_to_the_app(self):
        self.open(page('<ul id="a"><li>A</li><li>B</li><li>C</li></ul>',
                       'arrange.sortable(document.getElementById("a"),'
                       ' { dom: "report", ...window.on });'))
        mouse_drag(self.driver, self.center("a", 2), self.center("a", 0, dy=-8))
        self.settle()
        self.assertEqual(self.order("a"), ["A", "B", "C"])
        self.assertEqual(self.log()[-1], ["drop", "C", "a", 2, "a", 0, "move"])
        self.assertEqual(self.driver.execute_script(
            "return [...document.querySelectorAll('li')].map(li => li.style.transform).join('')"), "")

    def test_grip_and_filter(self):
        self.open(page(
            '<ul id="a"><li><b class="grip">::</b> A</li><li class="locked"><b class="grip">::</b> B</li>'
            '<li><b class="grip">::</b> C</li></ul>',
            'arrange.sortable(document.getElementById("a"),'
            ' { handle: ".grip", filter: ".locked", ...window.on });'))
        # A press on A's text (not its grip) does not drag.
        mouse_drag(self.driver, self.center("a", 0, dx=60), self.center("a", 2, dx=60, dy=8))
        self.settle()
        self.assertEqual(self.order("a"), [":: A", ":: B", ":: C"])
        # B is filtered out: its grip does not drag it either.
        grip = self.driver.execute_script(
            "const r = document.querySelectorAll('.grip')[1].getBoundingClientRect();"
            "return [r.left + r.width / 2, r.top + r.height / 2];")
        mouse_drag(self.driver, grip, (grip[0], grip[1] + 50))
        self.settle()
        self.assertEqual(self.order("a"), [":: A", ":: B", ":: C"])
        self.assertEqual(self.log(), [])
        # A by its grip, past C.
        grip = self.driver.execute_script(
            "const r = document.querySelectorAll('.grip')[0].getBoundingClientRect();"
            "return [r.left + r.width / 2, r.top + r.height / 2];")
        mouse_drag(self.driver, grip, (grip[0], grip[1] + 88))
        self.settle()
        self.assertEqual(self.order("a"), [":: B", ":: C", ":: A"])

    def test_independent_lists_do_not_interfere(self):
        self.open(page(
            '<ul id="one"><li>A</li><li>B</li></ul><ul id="two"><li>C</li><li>D</li></ul>',
            'for (const id of ["one", "two"]) arrange.sortable(document.getElementById(id), window.on);'))
        # A dragged over the other list (no shared group): it stays in its own.
        mouse_drag(self.driver, self.center("one", 0), self.center("two", 1, dy=8))
        self.settle()
        self.assertEqual(self.order("two"), ["C", "D"])
        self.assertIn(self.order("one"), [["A", "B"], ["B", "A"]])
        # Then each list reorders on its own.
        mouse_drag(self.driver, self.center("two", 1), self.center("two", 0, dy=-8))
        self.settle()
        self.assertEqual(self.order("two"), ["D", "C"])
        self.assertEqual(self.log()[-1], ["drop", "D", "two", 1, "two", 0, "move"])

    def test_destroy_stops_the_list(self):
        self.open(page('<ul id="a"><li>A</li><li>B</li><li>C</li></ul>',
                       'window.list = arrange.sortable(document.getElementById("a"), window.on);'))
        self.driver.execute_script("window.list.destroy()")
        mouse_drag(self.driver, self.center("a", 0), self.center("a", 2, dy=8))
        self.settle()
        self.assertEqual(self.order("a"), ["A", "B", "C"])
        self.assertEqual(self.log(), [])

    # What an app that draws its own page needs (the board page is built on these)

    def test_the_apps_announcer_parts_that_do_not_drag_and_lift_keys(self):
        items = "".join(f'<li>{c}<button class="x" type="button">x</button></li>' for c in "ABC")
        self.open(page(f'<ul id="a" aria-label="Letters">{items}</ul>', """
          window.said = [];
          window.ends = [];
          const own = await Arrange.load(undefined, { announce: (text) => window.said.push(text) });
          window.list = own.sortable(document.getElementById("a"), { filter: ".x", liftKeys: [" "],
            itemName: (item) => item.firstChild.textContent, onDrop: window.opLog,
            onEnd: (event) => window.ends.push([event.item.firstChild.textContent, event.lifted,
              event.dropped, event.cancelled]) });"""))
        # A press on an item's button is the button's: nothing drags.
        mouse_drag(self.driver, self.point("#a li:first-child .x"), self.center("a", 2, dy=8))
        self.settle()
        self.assertEqual(self.names("a"), ["Ax", "Bx", "Cx"])
        self.assertEqual(self.ops(), [])
        # A press on the item itself drags it; the app's announcer says the drop, and the
        # library makes no live region of its own.
        mouse_drag(self.driver, self.center("a", 0, dx=-40), self.center("a", 2, dx=-40, dy=8))
        self.settle()
        self.assertEqual(self.names("a"), ["Bx", "Cx", "Ax"])
        self.assertEqual(self.ops(), [["move", "Ax", "a", 0, "a", 2, None, "drop"]])
        said = self.js("return window.said")
        self.assertTrue(said[0].startswith("Picked up A, position 1 of 3 in Letters"), said)
        self.assertEqual(said[-1], "Dropped A in Letters, position 3 of 3")
        self.assertIsNone(self.js("return document.querySelector('.arrange-live')"))
        # Enter is not a lift key here (the app opens its items with it); Space is.
        self.js("document.getElementById('a').children[0].focus()")
        self.key("Enter")
        self.assertFalse(self.js("return window.list.dragging"))
        self.key(" ")
        self.assertTrue(self.js("return window.list.dragging"))
        self.key("Escape")
        self.assertFalse(self.js("return window.list.dragging"))
        # onEnd: the press on the button never lifted; the drag dropped; the keyboard one cancelled.
        self.assertEqual(self.js("return window.ends"),
                         [["A", True, True, False], ["B", True, False, True]])
        with self.assertRaises(Exception):
            self.js('arrange.sortable(document.createElement("ul"), { liftKeys: " " })')

    def test_no_click_reaches_an_item_after_a_drag(self):
        self.open(page('<ul id="a"><li>A</li><li>B</li><li>C</li></ul>', """
          window.clicks = [];
          document.getElementById("a").addEventListener("click", (e) => window.clicks.push(e.target.textContent));
          window.list = arrange.sortable(document.getElementById("a"), window.on);"""))
        mouse_drag(self.driver, self.center("a", 0), self.center("a", 2, dy=8))
        self.settle()
        self.assertEqual(self.order("a"), ["B", "C", "A"])
        self.assertEqual(self.js("return window.clicks"), [])
        # A drag cancelled with Escape: the release that follows is no click either.
        mouse_drag(self.driver, self.center("a", 0), self.center("a", 2, dy=8), before_release=lambda: self.key("Escape"))
        self.settle()
        self.assertEqual(self.order("a"), ["B", "C", "A"])
        self.assertEqual(self.js("return window.clicks"), [])
        # A press that never drags is a click.
        self.click(self.center("a", 1))
        self.settle()
        self.assertEqual(self.js("return window.clicks"), ["C"])

    def test_a_scrolled_element_around_the_list_scrolls_while_an_item_is_held_at_its_edge(self):
        items = "".join(f"<li>{k}</li>" for k in range(40))
        self.open(page(f'<div id="view" style="height: 240px; overflow: auto; margin: 20px">'
                       f'<ul id="a" style="margin: 0">{items}</ul></div>',
                       'arrange.sortable(document.getElementById("a"), { onDrop: window.opLog });'))
        bottom = self.js("const r = document.getElementById('view').getBoundingClientRect();"
                         "return [r.left + 100, r.bottom - 8]")

        def held():
            wait_for(lambda: self.js("return document.getElementById('view').scrollTop") > 200,
                     what="the element around the list to scroll")
        mouse_drag(self.driver, self.center("a", 0), bottom, before_release=held)
        self.settle()
        ops = self.ops()
        self.assertEqual(len(ops), 1, ops)
        self.assertGreater(ops[0][5], 8, ops)
        self.assertEqual(self.order("a").index("0"), ops[0][5])
        self.assertEqual(self.js("return window.scrollY"), 0)

    def test_an_absolutely_placed_item_stays_where_it_is_placed_when_lifted(self):
        columns = "".join(f'<li style="position: absolute; left: {20 + 110 * k}px; top: 0; width: 100px">{c}</li>'
                          for k, c in enumerate("ABC"))
        self.open(page(f'<ul id="r" class="row" style="position: relative; height: 40px">{columns}</ul>',
                       'arrange.sortable(document.getElementById("r"), { direction: "horizontal",'
                       ' dom: "report", onDrop: window.opLog });'))
        before = self.js("return document.getElementById('r').children[1].getBoundingClientRect().left")
        shown = {}

        def look():
            shown["left"] = self.js("return document.getElementById('r').children[1].getBoundingClientRect().left")
            shown["position"] = self.js("return getComputedStyle(document.getElementById('r').children[1]).position")
        start = self.center("r", 1)
        mouse_drag(self.driver, start, (start[0] + 30, start[1]), before_release=look)
        self.settle()
        self.assertEqual(shown["position"], "absolute")
        self.assertAlmostEqual(shown["left"], before + 30, delta=2)

    def example(self, name):
        with open(DOCS, encoding="utf-8") as file:
            text = file.read()
        match = re.search(r"<!-- example: " + name + r" -->\n```html\n(.*?)```", text, re.S)
        self.assertIsNotNone(match, name)
        return match.group(1)

    def run_example(self, name, limit, items="ul > li"):
        code = self.example(name)
        script = code[code.index("<script"):]
        lines = [line for line in script.splitlines() if line.strip()]
        self.assertLessEqual(len(lines), limit, f"the {name} example's JavaScript")
        # The example as written, with a hook that says when its module has run.
        html = STYLE + code + '<script type="module">window.ready = true;</script>'
        self.driver.get(self.pages.add(html))
        wait_for(lambda: self.driver.execute_script("return window.ready === true"))
        self.driver.execute_script(
            "window.logged = []; const log = console.log;"
            "console.log = (...args) => { window.logged.push(args.join(' ')); log(...args); };")
        # The example's own module awaits the library: its lists are sortable once their items
        # can take the focus.
        wait_for(lambda: self.driver.execute_script(
            "const items = [...document.querySelectorAll(arguments[0])];"
            "return items.length > 0 && items.every(li => li.hasAttribute('tabindex'))", items),
            what=f"the {name} example's lists to be sortable")

    def test_documented_sortable_example(self):
        self.run_example("sortable", 10)
        mouse_drag(self.driver, self.center("tasks", 0), self.center("tasks", 2, dy=8))
        self.settle()
        self.assertEqual([t.strip() for t in self.order("tasks")],
                         ["Review it", "Ship it", "Write the plan"])
        self.assertEqual(self.driver.execute_script("return window.logged"),
                         ["Write the plan is now #3"])

    def test_documented_virtual_example(self):
        self.run_example("virtual", 20, items="#rows .arrange-track > div")
        rows = ("return [...document.querySelectorAll('#rows .arrange-track > div')]"
                ".map((row) => [Number(row.getAttribute('aria-posinset')), row.textContent])"
                ".sort((a, b) => a[0] - b[0])")
        drawn = self.driver.execute_script(rows)
        # 400 px of 28 px rows and the margin around: a few dozen of 100,000.
        self.assertLess(len(drawn), 60)
        self.assertEqual(drawn[:3], [[1, "Row 1"], [2, "Row 2"], [3, "Row 3"]])
        center = ("const r = document.querySelectorAll('#rows .arrange-track > div')[arguments[0]]"
                  ".getBoundingClientRect(); return [r.left + r.width / 2, r.top + r.height / 2]")
        start = self.driver.execute_script(center, 0)
        end = self.driver.execute_script(center, 3)
        mouse_drag(self.driver, start, (end[0], end[1] + 6))
        self.settle()
        self.assertEqual([text for _, text in self.driver.execute_script(rows)[:5]],
                         ["Row 2", "Row 3", "Row 4", "Row 1", "Row 5"])
        self.assertEqual(self.driver.execute_script(
            "return document.querySelector('.arrange-live')?.textContent"),
            "Dropped Row 1 in Rows, position 4 of 100,000")

    def test_documented_shared_example(self):
        self.run_example("shared", 15)
        mouse_drag(self.driver, self.center("todo", 0), self.center("done", 0, dy=12))
        self.settle()
        self.assertEqual(self.order("todo"), ["Test"])
        self.assertEqual(self.order("done"), ["Plan", "Write"])
        # Once: the move is one event, and the lists share one handler.
        self.assertEqual(self.driver.execute_script("return window.logged"), ["Write: todo → done"])


if __name__ == "__main__":
    unittest.main()
