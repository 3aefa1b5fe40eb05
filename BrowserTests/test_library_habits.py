"""arrange-lib.js against what a SortableJS user takes for granted: auto-scroll that stops at the
end of the content, an empty list that takes an item released near it (`emptyInsertThreshold`),
an item taking the place of the item it is dropped on (`swapThreshold`, `invertSwap`), a rule
asked for each place in the item's own list, `delay` for the mouse too (`delayOnTouchOnly`),
`onDrop` heard once per drop, and clear errors when the module cannot be loaded. Headless
Chromium, real input (the DevTools protocol's and WebDriver's pointer actions), the pages and
helpers of test_library.

The library is served from WebLibrary/dist when that folder holds arrange-lib.js, else from
Sources/ArrangeServe/Web.

Run: cd BrowserTests && python3 -m unittest -v test_library_habits"""

import os
import re
import unittest

from selenium.webdriver.common.actions.action_builder import ActionBuilder

import test_library
from harness import ROOT, chromium, mouse_drag, next_frames, settled, wait_for
from test_library import DOCS, STYLE, ChromiumPage, Pages, page

DIST = os.path.join(ROOT, "WebLibrary", "dist")
WEB = os.path.join(ROOT, "Sources", "ArrangeServe", "Web")

# How long a drag may take to scroll a list to its end, or a page to load, on a very busy machine.
LONG = 60


def library_folder():
    """Where the library is: its build (WebLibrary/dist) once there is one, else the Web folder."""
    return DIST if os.path.isfile(os.path.join(DIST, "arrange-lib.js")) else WEB


class LibraryPages(Pages):
    """test_library's pages, with every file of the library's folder linked in (a build may hold
    more modules than arrange-lib.js), and two files for the loading errors: the engines' module
    served as text/plain, and text that is no module, also as text/plain."""

    def __init__(self):
        super().__init__()
        library = library_folder()
        for name in os.listdir(self.folder):  # test_library's links, from its own folder
            os.remove(os.path.join(self.folder, name))
        for name in os.listdir(library):
            os.symlink(os.path.join(library, name), os.path.join(self.folder, name))
        if not os.path.exists(os.path.join(self.folder, "arrange.wasm")):
            os.symlink(os.path.join(WEB, "arrange.wasm"), os.path.join(self.folder, "arrange.wasm"))
        os.symlink(os.path.join(self.folder, "arrange.wasm"), os.path.join(self.folder, "module.txt"))
        with open(os.path.join(self.folder, "notwasm.txt"), "w", encoding="utf-8") as file:
            file.write("This is not a WebAssembly module.\n")


def numbered(count, first=1, style=""):
    return "".join(f"<li{style}>{n}</li>" for n in range(first, first + count))


class HabitPage(ChromiumPage):
    """One Chromium and one page server per class; test_library's helpers (no tests of its own)."""

    open_page = test_library.LibraryTests.open
    order = test_library.LibraryTests.order
    center = test_library.LibraryTests.center
    js = test_library.LibraryTests.js
    log = test_library.LibraryTests.log

    @classmethod
    def setUpClass(cls):
        cls.pages = LibraryPages()
        cls.driver = chromium(1000, 700)

    def open(self, body, script):
        """A page of test_library's `page`; an exception its script throws fails the test."""
        self.open_page(page(body, "try {\n" + script + "\n} catch (error) {"
                            " window.setupError = String(error && (error.stack || error)); }"))
        self.assertIsNone(self.js("return window.setupError ?? null"), "the page's script threw")

    def release(self, point):
        self.driver.execute_cdp_cmd("Input.dispatchMouseEvent", {
            "type": "mouseReleased", "x": point[0], "y": point[1], "button": "left", "buttons": 0,
            "clickCount": 1})

    def drag(self, start, end, hold=None, steps=12):
        """harness.mouse_drag, with `hold` run while the button is still down: the button is
        released however `hold` ends (a failed wait in it fails the test after the release)."""
        try:
            mouse_drag(self.driver, start, end, steps=steps, release=False)
            if hold:
                hold()
        finally:
            self.release(end)
        settled(self.driver, timeout=LONG)

    def rect(self, script):
        return self.js(f"const r = ({script}).getBoundingClientRect();"
                       " return { left: r.left, top: r.top, right: r.right, bottom: r.bottom };")


class AutoScrollTests(HabitPage):
    """1. Held at the bottom edge of what scrolls, the drag scrolls to the end of the content and
    no further: the item lands last. (The lifted item, drawn under the pointer, may hang past the
    end of the content by up to its own size while it is dragged; what scrolls does not follow
    it there.)"""

    ITEMS = numbered(30, first=0, style=' style="height: 44px; margin: 0"')

    def hold_at_the_end(self, read, before):
        """Waits, the button down, until the scroller's scrollTop is at its maximum (that of the
        content before the drag, or less if it shrank) and stays there for ten frames; returns
        the greatest scrollTop seen meanwhile."""
        seen = {"height": before, "last": None, "top": 0}

        def at_end():
            top, height, client = read()
            seen["height"], seen["last"] = max(seen["height"], height), (top, height)
            seen["top"] = max(seen["top"], top)
            if top < min(height, before) - client - 1:  # not yet at the end of the content
                return False
            next_frames(self.driver, 10)
            again = read()
            seen["height"], seen["last"] = max(seen["height"], again[1]), tuple(again[:2])
            seen["top"] = max(seen["top"], again[0])
            return abs(again[0] - top) < 0.5 and again[1] == height
        try:
            wait_for(at_end, timeout=LONG, what="scrollTop to stop at its maximum")
        except AssertionError as error:
            self.fail(f"{error}: last scrollTop, scrollHeight {seen['last']}, "
                      f"scrollHeight before the drag {before}, greatest seen {seen['height']}")
        return seen["top"]

    def check(self, scroller, point):
        """Drags item 0 to `point` (5 px above the scroller's bottom edge), held there until the
        scroller stops at its end, and checks the content's height and where 0 lands."""
        read = lambda: self.js(f"const s = {scroller}; return [s === document.scrollingElement"
                               " ? scrollY : s.scrollTop, s.scrollHeight, s.clientHeight];")
        _, before, client = read()
        during = {}
        self.drag(self.center("s", 0), point,
                  hold=lambda: during.update(top=self.hold_at_the_end(read, before)))
        after, order = read()[1], self.order("s")
        problems = []
        if during["top"] > before - client + 1:
            problems.append(f"scrolled to {during['top']}, past the end of the content ({before - client})")
        if after > before + 1:
            problems.append(f"the scrollHeight grew after the drag, from {before} to {after}")
        if order.index("0") != 29:
            problems.append(f"item 0 landed at {order.index('0')}, not last: {' '.join(order)}")
        self.assertEqual(problems, [])

    def test_a_list_that_scrolls_itself(self):
        self.open(f'<ul id="s" style="display: block; height: 300px; overflow-y: auto">{self.ITEMS}</ul>',
                  'arrange.sortable(document.getElementById("s"));')
        box = self.rect("document.getElementById('s')")
        self.check("document.getElementById('s')", (box["left"] + 50, box["bottom"] - 5))

    def test_a_list_in_a_scrolling_wrapper(self):
        self.open('<div id="view" style="height: 300px; overflow-y: auto; margin: 20px; width: 300px">'
                  f'<ul id="s" style="display: block; margin: 0">{self.ITEMS}</ul></div>',
                  'arrange.sortable(document.getElementById("s"));')
        box = self.rect("document.getElementById('view')")
        self.check("document.getElementById('view')", (box["left"] + 50, box["bottom"] - 5))

    def test_a_list_on_a_page_that_scrolls(self):
        # The list ends where the page ends: held at the window's bottom, the pointer is on it.
        self.open(f'<ul id="s" style="display: block; margin: 20px 20px 0">{self.ITEMS}</ul>',
                  'arrange.sortable(document.getElementById("s"));')
        self.assertEqual(self.js("return scrollY"), 0)
        self.check("document.scrollingElement", (100, self.js("return innerHeight") - 5))


class PlaceTests(HabitPage):
    """2–4. Where a released item lands."""

    def column(self, options=""):
        """Lists A (a1, a2), E (empty, no height) and B (b1) in a column, 60 px apart."""
        lists = ('<div style="display: flex; flex-direction: column; gap: 60px; margin: 20px">'
                 '<ul id="A" style="margin: 0"><li>a1</li><li>a2</li></ul>'
                 '<ul id="E" style="margin: 0; min-height: 0; height: auto; padding: 0; border: 0"></ul>'
                 '<ul id="B" style="margin: 0"><li>b1</li></ul></div>')
        self.open(lists, 'for (const id of ["A", "E", "B"]) arrange.sortable(document.getElementById(id),'
                         f' {{ group: "g", {options} }});')
        box = self.rect("document.getElementById('E')")
        self.assertEqual(box["bottom"] - box["top"], 0, "the empty list has a height")
        return box

    def release_above_the_empty_list(self, options, distance):
        box = self.column(options)
        self.drag(self.center("A", 0), (box["left"] + 100, box["top"] - distance))
        return self.order("A"), self.order("E")

    # 2. emptyInsertThreshold

    def test_an_empty_list_takes_an_item_released_3px_from_it(self):
        self.assertEqual(self.release_above_the_empty_list("", 3), (["a2"], ["a1"]),
                         "(A, E) after a1 was released 3 px above the empty list E")

    def test_an_item_released_20px_from_an_empty_list_goes_home(self):
        self.assertEqual(self.release_above_the_empty_list("", 20), (["a1", "a2"], []),
                         "(A, E) after a1 was released 20 px above the empty list E")

    def test_an_empty_insert_threshold_of_0(self):
        self.assertEqual(self.release_above_the_empty_list("emptyInsertThreshold: 0", 3),
                         (["a1", "a2"], []), "(A, E) after a1 was released 3 px above E (threshold 0)")

    def test_an_empty_insert_threshold_of_20(self):
        self.assertEqual(self.release_above_the_empty_list("emptyInsertThreshold: 20", 15),
                         (["a2"], ["a1"]), "(A, E) after a1 was released 15 px above E (threshold 20)")

    # 3. swapThreshold, invertSwap: five items 30 px tall, 10 px apart

    def dropped(self, options, source, target, dy):
        """The order after item `source` (an index) is released `dy` px from the middle of item
        `target` (where it was before the drag)."""
        self.open(f'<ul id="a">{numbered(5)}</ul>',
                  f'arrange.sortable(document.getElementById("a"), {{ {options} }});')
        self.drag(self.center("a", source), self.center("a", target, dy=dy))
        return " ".join(self.order("a"))

    def orders(self, options, drops):
        """Each of `drops` (label: source, target, dy) on a fresh list: {label: order}."""
        return {label: self.dropped(options, *drop) for label, drop in drops.items()}

    def test_an_item_takes_the_place_of_the_item_it_is_dropped_on(self):
        self.assertEqual(self.orders("", {"1 on the middle of 2": (0, 1, 0),
                                          "1 3 px inside the top of 3": (0, 2, -12),
                                          "5 on the middle of 4": (4, 3, 0)}),
                         {"1 on the middle of 2": "2 1 3 4 5", "1 3 px inside the top of 3": "2 3 1 4 5",
                          "5 on the middle of 4": "1 2 3 5 4"})

    def test_a_swap_threshold_of_one_half(self):
        self.assertEqual(self.orders("swapThreshold: 0.5", {"1 3 px inside the top of 2": (0, 1, -12),
                                                            "1 on the middle of 2": (0, 1, 0)}),
                         {"1 3 px inside the top of 2": "1 2 3 4 5", "1 on the middle of 2": "2 1 3 4 5"})

    def test_invert_swap_goes_by_the_half_of_the_target(self):
        self.assertEqual(self.orders("invertSwap: true", {"1 in the top half of 3": (0, 2, -8),
                                                          "1 in the bottom half of 3": (0, 2, 8)}),
                         {"1 in the top half of 3": "2 1 3 4 5", "1 in the bottom half of 3": "2 3 1 4 5"})

    # 4. canDrop in the item's own list

    def test_a_rule_pins_the_first_place_of_its_own_list(self):
        def pinned():
            self.open(f'<ul id="a">{numbered(5)}</ul>',
                      'window.asked = [];'
                      'arrange.sortable(document.getElementById("a"), { canDrop: (item, from, to, index) =>'
                      ' (window.asked.push([item.textContent, from.id, to.id, index]),'
                      ' index > 0 || "The first place is pinned.") });')
        shown = {}

        def look():
            try:
                wait_for(lambda: "arrange-refused" in self.js("return document.getElementById('a').className"),
                         what="the list to refuse the first place")
            except AssertionError:
                pass  # what it shows is compared below
            classes = self.js("return document.getElementById('a').className")
            shown["class over the first place"] = ("arrange-refused" if "arrange-refused" in classes.split()
                                                   else f"not arrange-refused: {classes!r}")
        # 3 to the top (the upper part of 1): refused, the list says so while the item is there,
        # and the item keeps the last place it was allowed on the way (between 1 and 2), as the
        # engine keeps a list's last allowed place and SortableJS the last place onMove allowed.
        pinned()
        self.drag(self.center("a", 2), self.center("a", 0, dy=-8), hold=look)
        shown["3 dropped at the top"] = " ".join(self.order("a"))
        asked = self.js("return window.asked")
        # 3 to between 1 and 2 (the upper part of 2): allowed.
        pinned()
        self.drag(self.center("a", 2), self.center("a", 1, dy=-8))
        shown["3 dropped between 1 and 2"] = " ".join(self.order("a"))
        self.assertEqual(shown, {"class over the first place": "arrange-refused",
                                 "3 dropped at the top": "1 3 2 4 5",
                                 "3 dropped between 1 and 2": "1 3 2 4 5"},
                         f"canDrop was asked (item, from, to, index): {asked}")


class DelayTests(HabitPage):
    """5. `delay` holds back a mouse's drag too, unless `delayOnTouchOnly`."""

    def list_with(self, options):
        self.open('<ul id="d"><li>A</li><li>B</li><li>C</li></ul>',
                  f'arrange.sortable(document.getElementById("d"), {{ {options}, ...window.on }});')

    def lifts(self):
        return [entry for entry in self.log() if entry[0] == "lift"]

    def test_a_mouse_that_moves_at_once_does_not_drag(self):
        self.list_with("delay: 300")
        start = self.center("d", 0)
        # One move of 40 px, just after the press.
        self.drag(start, (start[0], start[1] + 40), steps=1)
        self.assertEqual(self.order("d"), ["A", "B", "C"], "a press that moved at once dragged")
        self.assertEqual(self.lifts(), [], "a press that moved at once lifted the item")

    def test_a_mouse_held_still_for_the_delay_drags(self):
        self.list_with("delay: 300")
        start, end = self.center("d", 0), self.center("d", 2, dy=8)
        actions = ActionBuilder(self.driver, duration=16)
        pointer = actions.pointer_action
        pointer.move_to_location(int(start[0]), int(start[1])).pointer_down()
        pointer.pause(0.4)  # the user's hold, longer than the delay
        for step in range(1, 13):
            pointer.move_to_location(int(start[0]), int(start[1] + (end[1] - start[1]) * step / 12))
        pointer.pointer_up()
        try:
            actions.perform()
        finally:
            actions.clear_actions()
        settled(self.driver, timeout=LONG)
        self.assertEqual(self.order("d"), ["B", "C", "A"], "A, held still 0.4 s and then moved")

    def test_delay_on_touch_only_leaves_the_mouse_alone(self):
        self.list_with("delay: 300, delayOnTouchOnly: true")
        self.drag(self.center("d", 0), self.center("d", 2, dy=8), steps=4)
        self.assertEqual(self.order("d"), ["B", "C", "A"], "A, moved at once (delayOnTouchOnly)")
        self.assertEqual(len(self.lifts()), 1, f"onLift calls: {self.lifts()}")


# Records console.log before any module of the page runs.
CONSOLE = """<script>
  window.logged = [];
  const log = console.log;
  console.log = (...args) => { window.logged.push(args.join(" ")); log(...args); };
</script>
"""


class OnDropTests(HabitPage):
    """6. One drop, one `onDrop` call, whichever lists it involves."""

    def test_the_documented_shared_lists_log_a_move_once(self):
        with open(DOCS, encoding="utf-8") as file:
            text = file.read()
        heading = re.search(r"^## Shared lists\n(.*?)^## ", text, re.S | re.M)
        self.assertIsNotNone(heading, "docs/web-library.md has no “Shared lists” section")
        code = re.search(r"```html\n(.*?)```", heading.group(1), re.S)
        self.assertIsNotNone(code, "the “Shared lists” section has no html example")
        self.driver.get(self.pages.add(STYLE + CONSOLE + code.group(1)))
        # The example's module awaits the library: its lists are sortable once their items can
        # take the focus.
        wait_for(lambda: self.js("const items = [...document.querySelectorAll('ul > li')];"
                                 "return items.length > 0 && items.every(li => li.hasAttribute('tabindex'))"),
                 timeout=LONG, what="the example's lists to be sortable")
        self.drag(self.center("todo", 0), self.center("done", 0, dy=12))
        self.assertEqual(self.order("todo"), ["Test"])
        self.assertIn("Write", self.order("done"))
        self.assertEqual(self.js("return window.logged"), ["Write: todo → done"],
                         "what the example logged for one drop")

    def test_one_on_drop_for_two_lists_is_called_once(self):
        self.open('<ul id="a"><li>a1</li><li>a2</li></ul><ul id="b"><li>b1</li></ul>',
                  'window.calls = [];'
                  'const onDrop = (e) => window.calls.push([e.type, e.item.textContent, e.from.id, e.to.id]);'
                  'for (const id of ["a", "b"])'
                  ' arrange.sortable(document.getElementById(id), { group: "g", onDrop });')
        self.drag(self.center("a", 0), self.center("b", 0, dy=12))
        self.assertEqual(self.order("a"), ["a2"])
        self.assertEqual(self.js("return window.calls"), [["move", "a1", "a", "b"]],
                         "the onDrop calls of one drop from a to b")


class LoadErrorTests(HabitPage):
    """7. `Arrange.load` says what is wrong with the module's address."""

    def setUp(self):
        super().setUp()
        self.open("", "window.Arrange = Arrange;")
        self.driver.set_script_timeout(LONG)

    def load(self, url):
        """What `Arrange.load(url)` (a script expression) does: loads, or rejects with what."""
        return self.driver.execute_async_script(
            "const done = arguments[arguments.length - 1];"
            f"window.Arrange.load({url}).then(() => done({{ loaded: true }}), (error) => done({{"
            " loaded: false, error: error instanceof Error, name: String(error?.name),"
            " message: String(error?.message ?? error) }));")

    def rejected(self, url):
        answer = self.load(url)
        self.assertFalse(answer["loaded"], f"Arrange.load({url}) loaded")
        self.assertTrue(answer["error"], f"Arrange.load({url}) rejected with no Error: {answer}")
        return f"{answer['name']}: {answer['message']}"

    def test_a_missing_module_names_its_address_and_status(self):
        message = self.rejected('"missing.wasm"')
        self.assertIn("missing.wasm", message)
        self.assertTrue("404" in message or "text/html" in message, message)
        self.assertNotIn("magic word", message)
        self.assertFalse(message.startswith("CompileError"), message)

    def test_a_module_served_as_text_still_loads(self):
        answer = self.load('"module.txt"')
        self.assertTrue(answer["loaded"], f"the module served as text/plain: {answer}")

    def test_bytes_that_are_no_module_name_the_address_and_type(self):
        message = self.rejected('"notwasm.txt"')
        self.assertIn("notwasm.txt", message)
        self.assertIn("text/plain", message)

    def test_a_module_on_a_file_url_says_so(self):
        # Chromium runs no module script of a file:// page (its imports are refused as cross
        # origin), so the library cannot start there: the address given is the file:// one.
        message = self.rejected('new URL("file:///tmp/x/arrange.wasm")')
        self.assertIn("file://", message)


if __name__ == "__main__":
    unittest.main()
