"""The gallery's SortableJS page (`sortable.html`): each of SortableJS's examples made with the
library, dragged with real input (mouse, a finger, the keyboard) in headless Chromium; the DOM
order during and after each drag, and the operations the page's log received.

Run: cd BrowserTests && python3 -m unittest -v test_gallery_sortable"""

import re
import unittest

from harness import (GalleryServer, chromium, hold_slide, mouse_drag, normal, open_gallery_page,
                     settled, slowed, touch_drag, wait_for)

# Collects what goes wrong in the page from its first script on (errors, rejections,
# console.error), whether or not the driver keeps the browser's log.
CATCH_ERRORS = """
window.pageErrors = [];
addEventListener("error", (event) => window.pageErrors.push(String(event.message)));
addEventListener("unhandledrejection", (event) => window.pageErrors.push(String(event.reason)));
const consoleError = console.error;
console.error = (...args) => { window.pageErrors.push(args.join(" ")); consoleError(...args); };
"""

# The item's name as the page logs it: its aria-label, else its text.
NAME = "(i => i.getAttribute('aria-label') ?? i.textContent.trim())"

CTRL, SHIFT = 2, 8
KEY_CODES = {" ": 32, "Enter": 13, "Escape": 27, "ArrowUp": 38, "ArrowDown": 40,
             "ArrowLeft": 37, "ArrowRight": 39}


def lists(example):
    """A script expression: the example's lists, in document order."""
    return f"[...document.querySelectorAll('[data-example={example}] ul.items')]"


class SortablePageTests(unittest.TestCase):

    @classmethod
    def setUpClass(cls):
        cls.server = GalleryServer()
        cls.driver = chromium(1280, 1000)
        cls.driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": CATCH_ERRORS})

    @classmethod
    def tearDownClass(cls):
        cls.driver.quit()
        cls.server.stop()

    def setUp(self):
        open_gallery_page(self.driver, self.server.page("sortable.html"))

    def tearDown(self):
        self.driver.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": False})
        self.driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})
        # Whatever a test did, the page said nothing went wrong.
        self.assertEqual(self.js("return window.pageErrors"), [])
        try:
            entries = self.driver.get_log("browser")
        except Exception:  # a driver that keeps no browser log
            entries = []
        self.assertEqual([e["message"] for e in entries if e["level"] == "SEVERE"], [])

    # Helpers

    def js(self, code, *args):
        return self.driver.execute_script(code, *args)

    def names(self, example, index=0):
        """The names of the items of the example's list `index`, in DOM order."""
        return self.js(f"return [...{lists(example)}[{index}].children].map({NAME})")

    def item(self, example, index, name):
        """A script expression: the item called `name` in the example's list `index`."""
        return f"[...{lists(example)}[{index}].children].find(i => {NAME}(i) === {name!r})"

    def show(self, example):
        """Scrolls the example's first list to the middle of the window (the drags that follow
        use window coordinates)."""
        self.js(f"{lists(example)}[0].scrollIntoView({{ block: 'center' }})")

    def point(self, expression, dx=0, dy=0):
        """The window coordinates of the middle of what `expression` gives, moved by dx, dy."""
        x, y = self.js(f"const r = ({expression}).getBoundingClientRect();"
                       "return [r.left + r.width / 2, r.top + r.height / 2];")
        return (x + dx, y + dy)

    def logged(self):
        return self.js("return window.galleryLog ?? []")

    def said(self):
        return self.js("return document.querySelector('.arrange-live')?.textContent ?? ''")

    def settle(self):
        """Waits for the drag to end and the drop (shown in the frame after the release) to
        be drawn."""
        wait_for(lambda: not self.js(
            "return document.documentElement.classList.contains('arrange-active')"),
            what="the drag to end")
        self.driver.execute_async_script(
            "const done = arguments[0]; requestAnimationFrame(() => requestAnimationFrame(done));")

    def still(self):
        """Waits until the page has not scrolled for five frames in a row."""
        self.driver.execute_async_script(
            "const done = arguments[0]; let [last, same] = [-1, 0];"
            "const look = () => { same = scrollY === last ? same + 1 : 0; last = scrollY;"
            " if (same >= 5) done(); else requestAnimationFrame(look); }; look();")

    def key(self, key, modifiers=0):
        for kind in ["keyDown", "keyUp"]:
            self.driver.execute_cdp_cmd("Input.dispatchKeyEvent", {
                "type": kind, "key": key, "code": {" ": "Space"}.get(key, key),
                "windowsVirtualKeyCode": KEY_CODES[key], "modifiers": modifiers})

    def click(self, point, modifiers=0):
        for kind in ["mousePressed", "mouseReleased"]:
            self.driver.execute_cdp_cmd("Input.dispatchMouseEvent", {
                "type": kind, "x": point[0], "y": point[1], "button": "left",
                "buttons": 1 if kind == "mousePressed" else 0, "clickCount": 1,
                "modifiers": modifiers})

    def mouse(self, kind, point, buttons):
        self.driver.execute_cdp_cmd("Input.dispatchMouseEvent", {
            "type": kind, "x": point[0], "y": point[1], "button": "left", "buttons": buttons,
            "clickCount": 0 if kind == "mouseMoved" else 1})

    def top(self, expression):
        return self.js(f"return ({expression}).getBoundingClientRect().top")

    # The page

    def test_each_example_has_its_sentence_its_labelled_lists_and_the_code_that_runs(self):
        examples = self.js("return [...document.querySelectorAll('section[data-example]')]"
                           ".map(s => s.dataset.example)")
        self.assertEqual(examples, ["simple", "shared", "clone", "noSorting", "handle", "filter",
                                    "swap", "thresholds", "multiDrag", "nested", "grid"])
        # What each example's running lists were made with, and the code shown says so.
        made_with = {
            "simple": {}, "shared": {"group": "shared"},
            "clone": {"group": "clone", "mode": "copy"},
            "noSorting": {"group": "no-sorting"}, "handle": {"handle": ".grip"},
            "filter": {"filter": ".filtered"}, "swap": {"mode": "exchange"}, "thresholds": {},
            "multiDrag": {"selectable": True}, "nested": {"group": "nested"},
            "grid": {"direction": "grid"},
        }
        for example in examples:
            with self.subTest(example=example):
                section = f"document.querySelector('[data-example={example}]')"
                sentence = self.js(f"return {section}.querySelector('h2 + p').textContent")
                self.assertGreater(len(sentence), 20)
                labels = self.js(f"return {lists(example)}.map(l => l.getAttribute('aria-label'))")
                self.assertTrue(labels and all(labels), labels)
                shown = self.js(f"return {section}.querySelector('pre code').textContent")
                self.assertEqual(shown, self.js(f"return String(window.sortableExamples.{example})"))
                self.assertTrue(shown.startswith(f"function {example}("), shown)
                # One sortable for each list, on that list, with the options the code gives.
                made = self.js(f"return window.sortables.{example}.map(s => [s.element"
                               f" === {lists(example)}[window.sortables.{example}.indexOf(s)],"
                               " s.options])")
                self.assertEqual(len(made), len(labels))
                for on_its_list, options in made:
                    self.assertTrue(on_its_list)
                    for option, value in made_with[example].items():
                        self.assertEqual(options.get(option), value)
                        literal = "true" if value is True else f'"{value}"'
                        self.assertIn(f"{option}: {literal}", shown)
        # The no-sorting list is the library's `sort: false` (shown as such).
        self.assertEqual(self.js("return window.sortables.noSorting.map(s => s.options.sort ?? true)"),
                         [False, True])
        self.assertIn("sort: false", self.js(
            "return document.querySelector('[data-example=noSorting] code').textContent"))

    # Simple list

    def test_simple_list_by_mouse_makes_room_then_drops_and_escape_cancels(self):
        self.show("simple")
        item = lambda name: self.item("simple", 0, name)  # noqa: E731
        tops = {name: self.top(item(name)) for name in ["Item 1", "Item 2", "Item 3", "Item 4"]}
        pitch = tops["Item 2"] - tops["Item 1"]
        during = {}

        def look():
            wait_for(lambda: self.top(item("Item 3")) == tops["Item 2"], what="Item 3 to make room")
            during["order"] = self.names("simple")
            during["tops"] = {name: self.top(item(name)) for name in ["Item 2", "Item 3", "Item 4"]}
            during["ghost"] = self.js(f"const i = {item('Item 1')};"
                                      "return [i.className, getComputedStyle(i).backgroundColor]")
        mouse_drag(self.driver, self.point(item("Item 1")), self.point(item("Item 3"), dy=10),
                   before_release=look)
        self.settle()
        # During the drag the DOM keeps its order; Items 2 and 3 moved up a place, 4 stayed.
        self.assertEqual(during["order"], ["Item 1", "Item 2", "Item 3", "Item 4", "Item 5"])
        self.assertEqual(during["tops"], {"Item 2": tops["Item 1"], "Item 3": tops["Item 3"] - pitch,
                                          "Item 4": tops["Item 4"]})
        self.assertEqual(during["ghost"], ["arrange-dragging", "rgb(205, 233, 251)"])
        self.assertEqual(self.names("simple"), ["Item 2", "Item 3", "Item 1", "Item 4", "Item 5"])
        self.assertEqual(self.logged(), ['simple: move "Item 1" 0 → 2'])
        self.assertEqual(self.js("return document.querySelector('ol.log').lastElementChild.textContent"),
                         'simple: move "Item 1" 0 → 2')
        # Escape during a drag: everything goes back, nothing is logged.
        mouse_drag(self.driver, self.point(item("Item 5")), self.point(item("Item 2"), dy=-10),
                   release=False)
        self.key("Escape")
        self.click(self.point(item("Item 2")))
        self.settle()
        self.assertEqual(self.names("simple"), ["Item 2", "Item 3", "Item 1", "Item 4", "Item 5"])
        self.assertEqual(self.logged(), ['simple: move "Item 1" 0 → 2'])
        self.assertTrue(self.said().startswith("Cancelled, Item 5 returned to position 5"), self.said())
        self.assertEqual(self.js(f"return {lists('simple')}[0].querySelectorAll('.arrange-dragging').length"), 0)

    def test_reduced_motion_nothing_animates(self):
        running = "return document.getAnimations().length"
        # Every animation the page starts, counted as it starts (Web Animations and CSS
        # transitions), however short it is and however late the test looks.
        self.js("window.started = 0;"
                "const animate = Element.prototype.animate;"
                "Element.prototype.animate = function (...args) {"
                " window.started++; return animate.apply(this, args); };"
                "document.addEventListener('transitionrun', () => window.started++, true);")
        self.show("simple")
        item = lambda name: self.item("simple", 0, name)  # noqa: E731
        # As a rule the others slide to make room, and the drop slides into place.
        seen = {}
        mouse_drag(self.driver, self.point(item("Item 1")), self.point(item("Item 3"), dy=10),
                   before_release=lambda: seen.setdefault("making room", self.js("return window.started")))
        self.settle()
        self.assertGreater(seen["making room"], 0)
        self.assertGreater(self.js("return window.started"), seen["making room"], "the drop slid")
        # With reduced motion, neither.
        self.driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {
            "features": [{"name": "prefers-reduced-motion", "value": "reduce"}]})
        wait_for(lambda: self.js(running) == 0, what="the last animation to end")
        self.js("window.started = 0")
        counts = []

        def look():
            wait_for(lambda: self.top(item("Item 4")) < self.top(item("Item 2")), what="room made")
            counts.append(self.js(running))
        mouse_drag(self.driver, self.point(item("Item 2")), self.point(item("Item 4"), dy=10),
                   before_release=look)
        for _ in range(10):
            counts.append(self.js(running))
        self.settle()
        self.assertEqual(self.names("simple"), ["Item 3", "Item 1", "Item 4", "Item 2", "Item 5"])
        self.assertEqual(counts, [0] * 11)
        self.assertEqual(self.js("return window.started"), 0)

    # Shared lists

    def test_shared_lists_pass_an_item_by_touch(self):
        self.show("shared")
        touch_drag(self.driver, self.point(self.item("shared", 0, "Item 1")),
                   self.point(self.item("shared", 1, "Item 5"), dy=12))
        self.settle()
        self.assertEqual(self.names("shared", 0), ["Item 2", "Item 3", "Item 4"])
        self.assertEqual(self.names("shared", 1), ["Item 5", "Item 1", "Item 6", "Item 7", "Item 8"])
        # One line for the drop, though both lists were told.
        self.assertEqual(self.logged(), ['shared: move "Item 1" Shared A 0 → Shared B 1'])
        # And back, by mouse, to the top of the first list.
        mouse_drag(self.driver, self.point(self.item("shared", 1, "Item 7")),
                   self.point(self.item("shared", 0, "Item 2"), dy=-12))
        self.settle()
        self.assertEqual(self.names("shared", 0), ["Item 7", "Item 2", "Item 3", "Item 4"])
        self.assertEqual(self.logged()[-1], 'shared: move "Item 7" Shared B 3 → Shared A 0')

    # Cloning

    def test_clone_leaves_a_copy_and_the_source_keeps_its_item(self):
        self.show("clone")
        source = self.item("clone", 0, "Item 2")
        during = {}

        def look():
            wait_for(lambda: self.top(self.item("clone", 1, "Item 6"))
                     > self.top(self.item("clone", 1, "Item 5")) + 60, what="Clone B to make room")
            during["source"] = self.names("clone", 0)
            during["moved"] = self.js(f"return {lists('clone')}[0].children[2].style.transform")
        before = self.top(self.item("clone", 0, "Item 3"))
        mouse_drag(self.driver, self.point(source), self.point(self.item("clone", 1, "Item 5"), dy=12),
                   before_release=look)
        self.settle()
        # While a copy is on offer, the source list keeps the item in its place.
        self.assertEqual(during, {"source": ["Item 1", "Item 2", "Item 3", "Item 4"], "moved": ""})
        self.assertEqual(self.top(self.item("clone", 0, "Item 3")), before)
        self.assertEqual(self.names("clone", 0), ["Item 1", "Item 2", "Item 3", "Item 4"])
        self.assertEqual(self.names("clone", 1), ["Item 5", "Item 2", "Item 6", "Item 7", "Item 8"])
        self.assertTrue(self.js(f"return {lists('clone')}[1].children[1] !== {lists('clone')}[0].children[1]"))
        self.assertEqual(self.logged(), ['clone: copy "Item 2" → Clone B 1'])
        # Within a list an item moves.
        mouse_drag(self.driver, self.point(self.item("clone", 0, "Item 1")),
                   self.point(self.item("clone", 0, "Item 3"), dy=10))
        self.settle()
        self.assertEqual(self.names("clone", 0), ["Item 2", "Item 3", "Item 1", "Item 4"])
        self.assertEqual(self.logged()[-1], 'clone: move "Item 1" 0 → 2')

    # No sorting

    def test_no_sorting_list_refuses_reordering_but_gives_its_items_away(self):
        self.show("noSorting")
        fixed = lambda name: self.item("noSorting", 0, name)  # noqa: E731
        tops = {name: self.top(fixed(name)) for name in ["Item 2", "Item 3"]}
        during = {}

        def look():
            wait_for(lambda: self.js(f"return {lists('noSorting')}[0].classList.contains('arrange-refused')"),
                     what="Fixed to show it keeps its order")
            during["tops"] = {name: self.top(fixed(name)) for name in ["Item 2", "Item 3"]}
            during["note"] = self.js(f"return getComputedStyle({lists('noSorting')}[0], '::after').content")
            during["said"] = self.said()
        mouse_drag(self.driver, self.point(fixed("Item 1")), self.point(fixed("Item 3"), dy=10),
                   before_release=look)
        self.settle()
        # The others did not make room, and the drop changed nothing.
        self.assertEqual(during, {"tops": tops, "note": '"Fixed keeps its order."',
                                  "said": "Fixed keeps its order."})
        self.assertEqual(self.names("noSorting", 0), ["Item 1", "Item 2", "Item 3", "Item 4"])
        self.assertEqual(self.logged(), [])
        self.assertEqual(self.said(), "Dropped Item 1 where it was")
        self.assertFalse(self.js(f"return {lists('noSorting')}[0].classList.contains('arrange-refused')"))
        # To the other list it goes.
        mouse_drag(self.driver, self.point(fixed("Item 2")),
                   self.point(self.item("noSorting", 1, "Item 5"), dy=12))
        self.settle()
        self.assertEqual(self.names("noSorting", 0), ["Item 1", "Item 3", "Item 4"])
        self.assertEqual(self.names("noSorting", 1), ["Item 5", "Item 2", "Item 6", "Item 7", "Item 8"])
        self.assertEqual(self.logged()[-1], 'no sorting: move "Item 2" Fixed 1 → Open 1')
        # The other list sorts, and gives items to the fixed one.
        mouse_drag(self.driver, self.point(self.item("noSorting", 1, "Item 8")),
                   self.point(self.item("noSorting", 1, "Item 5"), dy=-10))
        self.settle()
        self.assertEqual(self.names("noSorting", 1), ["Item 8", "Item 5", "Item 2", "Item 6", "Item 7"])
        self.assertEqual(self.logged()[-1], 'no sorting: move "Item 8" 4 → 0')

    # Was a bug: a press on Item 2 right after a refused drop picked up Item 1, sliding home over
    # Item 2's place, when the page handled it while the slide drew Item 1 there (on a busy
    # machine, a slow phone), and Item 2 when it did not. A press is on the item laid out under
    # it, and the slide ends at once. The slide is held over Item 2 here, so that the press lands
    # while Item 1 is drawn there however fast the machine: the library before failed each time.
    def test_no_sorting_a_press_mid_slide_lifts_the_item_laid_out_under_it(self):
        self.show("noSorting")
        fixed = lambda name: self.item("noSorting", 0, name)  # noqa: E731
        home = self.point(fixed("Item 1"))
        press = self.point(fixed("Item 2"))
        end = self.point(self.item("noSorting", 1, "Item 5"), dy=12)
        slowed(self.driver)
        try:
            mouse_drag(self.driver, home, self.point(fixed("Item 3"), dy=10))
            wait_for(lambda: hold_slide(self.driver, fixed("Item 1"), press),
                     what="Item 1 sliding home over Item 2's place")
            drawn = self.js(f"return {NAME}(document.elementFromPoint(...arguments[0]).closest('li'))",
                            list(press))
            self.assertEqual(drawn, "Item 1", "drawn under the press")
            self.mouse("mouseMoved", press, 0)
            self.mouse("mousePressed", press, 1)
        finally:
            normal(self.driver)
        # Item 1 is home at once.
        self.assertEqual(self.js(f"return {fixed('Item 1')}.getAnimations()"
                                 ".filter(a => a.playState !== 'finished').length"), 0)
        self.assertEqual(self.point(fixed("Item 1")), home)
        lifted = {}
        for step in range(1, 13):
            self.mouse("mouseMoved", (press[0] + (end[0] - press[0]) * step / 12,
                                      press[1] + (end[1] - press[1]) * step / 12), 1)
            if step == 1:
                wait_for(lambda: self.js("return document.querySelector('.arrange-dragging')"),
                         what="an item to be lifted")
                lifted["name"] = self.js(f"return {NAME}(document.querySelector('.arrange-dragging'))")
        self.mouse("mouseReleased", end, 0)
        self.settle()
        self.assertEqual(lifted, {"name": "Item 2"})
        self.assertEqual(self.names("noSorting", 0), ["Item 1", "Item 3", "Item 4"])
        self.assertEqual(self.names("noSorting", 1), ["Item 5", "Item 2", "Item 6", "Item 7", "Item 8"])
        self.assertEqual(self.logged(), ['no sorting: move "Item 2" Fixed 1 → Open 1'])

    def test_no_sorting_by_keyboard(self):
        self.show("noSorting")
        self.js(f"{self.item('noSorting', 0, 'Item 1')}.focus()")
        self.key(" ")
        self.assertEqual(self.said(), "Picked up Item 1, position 1 of 4 in Fixed")
        self.key("ArrowDown")
        self.assertEqual(self.said(), "Fixed keeps its order.")
        self.key(" ")
        self.settle()
        self.assertEqual(self.names("noSorting", 0), ["Item 1", "Item 2", "Item 3", "Item 4"])
        self.assertEqual(self.logged(), [])
        # → goes to the other list; the item keeps the focus when it lands there.
        self.key(" ")
        self.key("ArrowRight")
        self.assertTrue(self.said().startswith("Moved to Open, position"), self.said())
        self.key(" ")
        self.settle()
        self.assertEqual(self.names("noSorting", 0), ["Item 2", "Item 3", "Item 4"])
        index = self.names("noSorting", 1).index("Item 1")
        self.assertEqual(len(self.names("noSorting", 1)), 5)
        self.assertEqual(self.logged()[-1], f'no sorting: move "Item 1" Fixed 0 → Open {index}')
        self.assertEqual(self.js(f"return {NAME}(document.activeElement)"), "Item 1")

    # Grip

    def test_grip_a_press_outside_it_does_not_drag(self):
        self.show("handle")
        item = lambda name: self.item("handle", 0, name)  # noqa: E731
        grip = lambda name: item(name) + ".querySelector('.grip')"  # noqa: E731
        during = {}

        def look():
            during["dragging"] = self.js("return document.querySelectorAll('.arrange-dragging').length")
        mouse_drag(self.driver, self.point(item("Item 1"), dx=60), self.point(item("Item 3"), dx=60, dy=10),
                   before_release=look)
        self.settle()
        self.assertEqual(during, {"dragging": 0})
        self.assertEqual(self.names("handle"), ["Item 1", "Item 2", "Item 3", "Item 4"])
        self.assertEqual(self.logged(), [])
        # By its grip it drags.
        start = self.point(grip("Item 1"))
        mouse_drag(self.driver, start, (start[0], self.point(item("Item 3"), dy=10)[1]),
                   before_release=look)
        self.settle()
        self.assertEqual(during, {"dragging": 1})
        self.assertEqual(self.names("handle"), ["Item 2", "Item 3", "Item 1", "Item 4"])
        self.assertEqual(self.logged(), ['handle: move "Item 1" 0 → 2'])

    # Filter

    def test_filter_a_filtered_item_does_not_drag_and_the_others_pass_it(self):
        self.show("filter")
        item = lambda name: self.item("filter", 0, name)  # noqa: E731
        during = {}

        def look():
            during["dragging"] = self.js("return document.querySelectorAll('.arrange-dragging').length")
        mouse_drag(self.driver, self.point(item("Filtered")), self.point(item("Item 5"), dy=10),
                   before_release=look)
        self.settle()
        self.assertEqual(during, {"dragging": 0})
        self.assertEqual(self.names("filter"), ["Item 1", "Item 2", "Filtered", "Item 4", "Item 5"])
        self.assertEqual(self.logged(), [])
        # Nor does it lift from the keyboard.
        self.js(f"{item('Filtered')}.focus()")
        self.key(" ")
        self.key("ArrowDown")
        self.key(" ")
        self.settle()
        self.assertNotIn("Picked up", self.said())
        self.assertEqual(self.names("filter"), ["Item 1", "Item 2", "Filtered", "Item 4", "Item 5"])
        self.assertEqual(self.logged(), [])
        # Space on an item that does not lift is the browser's: it scrolls the page, smoothly.
        # The drag below reads where its items are once that scroll has ended.
        self.still()
        mouse_drag(self.driver, self.point(item("Item 1")), self.point(item("Item 4"), dy=10),
                   before_release=look)
        self.settle()
        self.assertEqual(during, {"dragging": 1})
        self.assertEqual(self.names("filter"), ["Item 2", "Filtered", "Item 4", "Item 1", "Item 5"])
        self.assertEqual(self.logged(), ['filter: move "Item 1" 0 → 3'])

    # Swap

    def test_swap_exchanges_exactly_two(self):
        self.show("swap")
        item = lambda name: self.item("swap", 0, name)  # noqa: E731
        tops = self.js(f"return [...{lists('swap')}[0].children].map(i => i.getBoundingClientRect().top)")
        during = {}

        def look():
            wait_for(lambda: self.js(f"return {item('Item 4')}.style.opacity") == "0.4",
                     what="Item 4 to be dimmed")
            during["dimmed"] = self.js(f"return [...{lists('swap')}[0].children]"
                                       f".filter(i => i.style.opacity === '0.4').map({NAME})")
            during["order"] = self.names("swap")
            # Nothing makes room: the others stay where they are.
            during["tops"] = self.js(f"return [...{lists('swap')}[0].children].slice(1)"
                                     ".map(i => i.getBoundingClientRect().top)")
        mouse_drag(self.driver, self.point(item("Item 1")), self.point(item("Item 4")), before_release=look)
        self.settle()
        self.assertEqual(during, {"dimmed": ["Item 4"], "order": ["Item 1", "Item 2", "Item 3", "Item 4", "Item 5"],
                                  "tops": tops[1:]})
        self.assertEqual(self.names("swap"), ["Item 4", "Item 2", "Item 3", "Item 1", "Item 5"])
        self.assertEqual(self.logged(), ['swap: exchange "Item 1" 0 ⇄ "Item 4" 3'])
        self.assertEqual(self.js(f"return [...{lists('swap')}[0].children].map(i => i.style.opacity).join('')"), "")

    # Thresholds

    def test_thresholds_move_where_an_item_takes_another_s_place(self):
        self.show("thresholds")
        item = lambda name: self.item("thresholds", 0, name)  # noqa: E731
        box = lambda name: self.js(f"const r = {item(name)}.getBoundingClientRect();"  # noqa: E731
                                   " return [r.left + r.width / 2, r.top, r.height];")
        # Threshold 1 (SortableJS's default): 3 px onto Item 2 takes its place.
        x, top, height = box("Item 2")
        mouse_drag(self.driver, self.point(item("Item 1")), (x, top + 3))
        settled(self.driver)
        self.assertEqual(self.names("thresholds"), ["Item 2", "Item 1", "Item 3", "Item 4", "Item 5"])
        # Threshold 0.5, set with the slider: the line is a quarter of Item 3 in.
        self.js("const range = document.getElementById('swap-threshold'); range.value = '0.5';"
                " range.dispatchEvent(new Event('input'))")
        self.assertEqual(self.js("return document.getElementById('swap-threshold-value').value"), "0.5")
        x, top, height = box("Item 3")
        mouse_drag(self.driver, self.point(item("Item 1")), (x, top + height / 4 - 3))
        settled(self.driver)
        self.assertEqual(self.names("thresholds")[:3], ["Item 2", "Item 1", "Item 3"])
        mouse_drag(self.driver, self.point(item("Item 1")), (x, top + height / 4 + 3))
        settled(self.driver)
        self.assertEqual(self.names("thresholds")[:3], ["Item 2", "Item 3", "Item 1"])
        # Inverted (the swap area at the far edge, half the threshold wide on each side): Item 3,
        # now above Item 1, is passed only in its last quarter.
        self.js("document.getElementById('invert-swap').click()")
        x, top, height = box("Item 3")
        mouse_drag(self.driver, self.point(item("Item 1")), (x, top + height * 3 / 4 - 3))
        settled(self.driver)
        self.assertEqual(self.names("thresholds")[:3], ["Item 2", "Item 3", "Item 1"])
        mouse_drag(self.driver, self.point(item("Item 1")), (x, top + height / 4 - 3))
        settled(self.driver)
        self.assertEqual(self.names("thresholds")[:3], ["Item 2", "Item 1", "Item 3"])
        self.assertEqual(self.logged(), ['thresholds: move "Item 1" 0 → 1', 'thresholds: move "Item 1" 1 → 2',
                                         'thresholds: move "Item 1" 2 → 1'])

    # Multi-drag

    def test_multi_drag_moves_the_selection_together(self):
        self.show("multiDrag")
        item = lambda name: self.item("multiDrag", 0, name)  # noqa: E731
        self.click(self.point(item("Item 2")), modifiers=CTRL)
        self.click(self.point(item("Item 4")), modifiers=CTRL)
        self.assertEqual(self.js("return window.sortables.multiDrag[0].selection.map(i => i.textContent)"),
                         ["Item 2", "Item 4"])
        self.assertEqual(self.js(f"return [...{lists('multiDrag')}[0].querySelectorAll('[aria-selected=true]')]"
                                 ".map(i => i.textContent)"), ["Item 2", "Item 4"])
        self.assertEqual(self.logged(), [])
        during = {}

        def look():
            during["companions"] = self.js("return [...document.querySelectorAll('.arrange-companion')]"
                                           ".map(i => i.textContent)")
            during["count"] = self.js("return document.querySelector('.arrange-dragging')?.dataset.arrangeCount")
            during["order"] = self.names("multiDrag")
        mouse_drag(self.driver, self.point(item("Item 2")), self.point(item("Item 6"), dy=10),
                   before_release=look)
        self.settle()
        self.assertEqual(during, {"companions": ["Item 4"], "count": "2",
                                  "order": ["Item 1", "Item 2", "Item 3", "Item 4", "Item 5", "Item 6"]})
        self.assertEqual(self.names("multiDrag"), ["Item 1", "Item 3", "Item 5", "Item 6", "Item 2", "Item 4"])
        # One move each, in the order they apply: replayed on the old order, they give the new.
        order = ["Item 1", "Item 2", "Item 3", "Item 4", "Item 5", "Item 6"]
        lines = self.logged()
        self.assertEqual(len(lines), 2, lines)
        for line in lines:
            match = re.fullmatch(r'multi drag: move "(Item \d)" (\d) → (\d)', line)
            self.assertIsNotNone(match, line)
            name, start, end = match.group(1), int(match.group(2)), int(match.group(3))
            self.assertEqual(order.pop(start), name)
            order.insert(end, name)
        self.assertEqual(sorted(re.findall(r'"(Item \d)"', " ".join(lines))), ["Item 2", "Item 4"])
        self.assertEqual(order, self.names("multiDrag"))

    # Nested

    def test_nested_an_item_moves_into_a_child_list_and_out_to_its_parent(self):
        self.show("nested")
        chapters = self.item("nested", 0, "Chapter 3")
        chapter_2 = f"document.querySelector('[aria-label=\"Chapter 2\\'s sections\"]')"
        mouse_drag(self.driver, self.point(chapters),
                   self.point(f"{chapter_2}.children[0]", dy=10))
        self.settle()
        self.assertEqual(self.names("nested", 0), ["Chapter 1", "Chapter 2"])
        self.assertEqual(self.js(f"return [...{chapter_2}.children].map({NAME})"),
                         ["Section 2.1", "Chapter 3"])
        self.assertEqual(self.logged(), ['nested: move "Chapter 3" Chapters 2 → Chapter 2\'s sections 1'])
        # Point a, two levels down, out to its list's parent list, after Section 1.3.
        sections = "document.querySelector('[aria-label=\"Chapter 1\\'s sections\"]')"
        points = "document.querySelector('[aria-label=\"Section 1.2\\'s points\"]')"
        mouse_drag(self.driver, self.point(f"{points}.children[0]"),
                   self.point(f"{sections}.lastElementChild", dy=10))
        self.settle()
        self.assertEqual(self.js(f"return [...{points}.children].map({NAME})"), ["Point b"])
        self.assertEqual(self.js(f"return [...{sections}.children].map({NAME})"),
                         ["Section 1.1", "Section 1.2", "Section 1.3", "Point a"])
        self.assertEqual(self.logged()[-1],
                         'nested: move "Point a" Section 1.2\'s points 0 → Chapter 1\'s sections 3')

    # Grid

    def test_grid_tiles_make_room_across_rows(self):
        self.show("grid")
        tile = lambda name: self.item("grid", 0, name)  # noqa: E731
        rects = self.js(f"return [...{lists('grid')}[0].children].map(t => {{"
                        " const r = t.getBoundingClientRect(); return [r.left, r.top]; })")
        row = sum(1 for left, top in rects if top == rects[0][1])
        self.assertGreaterEqual(row, 3)
        self.assertLess(row, 12, "the tiles wrap")
        # Tile 1 dropped after the second tile of the second row.
        target = str(row + 2)
        during = {}

        def look():
            # The first tile of the second row takes the last cell of the first.
            wait_for(lambda: self.js(f"const r = {tile(str(row + 1))}.getBoundingClientRect();"
                                     "return [r.left, r.top]") == rects[row - 1],
                     what="the tiles to make room across the rows")
            during["2"] = self.js(f"const r = {tile('2')}.getBoundingClientRect(); return [r.left, r.top]")
            during["after"] = self.js(f"const r = {tile(str(row + 3))}.getBoundingClientRect();"
                                      "return [r.left, r.top]")
            during["order"] = self.names("grid")
        mouse_drag(self.driver, self.point(tile("1")), self.point(tile(target), dx=15), before_release=look)
        self.settle()
        self.assertEqual(during["2"], rects[0])
        self.assertEqual(during["after"], rects[row + 2])
        self.assertEqual(during["order"], [str(n) for n in range(1, 13)])
        expected = [str(n) for n in range(2, row + 3)] + ["1"] + [str(n) for n in range(row + 3, 13)]
        self.assertEqual(self.names("grid"), expected)
        self.assertEqual(self.logged(), [f'grid: move "1" 0 → {row + 1}'])
        # By keyboard, → moves a tile in reading order.
        self.js(f"{tile('1')}.focus()")
        self.key(" ")
        self.key("ArrowRight")
        self.key(" ")
        self.settle()
        self.assertEqual(self.names("grid").index("1"), row + 2)
        self.assertEqual(self.logged()[-1], f'grid: move "1" {row + 1} → {row + 2}')


if __name__ == "__main__":
    unittest.main()
