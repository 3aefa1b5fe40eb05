"""The gallery's flows page (ShinobiEssentials' multi-flow: edit mode, the tile's centre decides
its flow, one drag at a time) and collections page (KDDragAndDropCollectionView: three views
passing data items, the data source's calls, auto-scroll, the snapshot on a canvas), in headless
Chromium with real input (the DevTools protocol's mouse, touch and keys).

Run: cd BrowserTests && python3 -m unittest -v test_gallery_flows"""

import time
import unittest

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.keys import Keys

from harness import (GalleryServer, center, chromium, fresh_tab, mouse_drag, next_frames, open_gallery_page,
                     normal, settled, slowed, touch_drag, wait_for)

# Each flow's (or view's) item ids as the page shows them.
SHOWN = """return Object.fromEntries([...document.querySelectorAll(arguments[0])].map(list =>
  [list.id, [...list.children].map(item => item.dataset.id)]))"""


def mouse(driver, kind, point, buttons):
    driver.execute_cdp_cmd("Input.dispatchMouseEvent", {
        "type": kind, "x": point[0], "y": point[1], "button": "left", "buttons": buttons,
        "clickCount": 1 if kind != "mouseMoved" else 0})


def touches(driver, kind, points):
    """One touch event; `points` maps a finger's id to where it is (all fingers down)."""
    driver.execute_cdp_cmd("Input.dispatchTouchEvent", {
        "type": kind, "touchPoints": [{"x": x, "y": y, "id": finger} for finger, (x, y) in points.items()]})


def steps(start, end, count=12):
    return [(start[0] + (end[0] - start[0]) * step / count, start[1] + (end[1] - start[1]) * step / count)
            for step in range(1, count + 1)]


def keys(driver, *pressed):
    for key in pressed:
        ActionChains(driver).send_keys(key).perform()
        next_frames(driver)  # what the key does drawn


class GalleryPage(unittest.TestCase):
    page = ""

    @classmethod
    def setUpClass(cls):
        cls.server = GalleryServer()
        cls.driver = chromium(1200, 900)

    @classmethod
    def tearDownClass(cls):
        cls.driver.quit()
        cls.server.stop()

    def setUp(self):
        open_gallery_page(self.driver, self.server.page(self.page))

    def tearDown(self):
        self.driver.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": False})
        self.driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})
        # After two touch points the tab takes no more touch input (see fresh_tab), nor after a
        # test that failed with a finger down: a test that touched leaves a fresh tab.
        if getattr(self, "two_touch_points", False) or getattr(self, "touched", False):
            fresh_tab(self.driver)

    def js(self, script, *args):
        return self.driver.execute_script(script, *args)

    def log(self):
        return self.js("return window.galleryLog ?? []")

    def dragged(self):
        return self.js("return [...document.querySelectorAll('.arrange-dragging')].map(t => t.dataset.id)")

    def settle(self):
        """Waits for the library's slides after a drop (Web Animations; a CSS animation such as
        the wobble goes on), so that where items are is where they stay."""
        wait_for(lambda: self.js("return document.getAnimations().filter(a => !(a instanceof CSSAnimation)).length") == 0,
                 what="the items to settle")

    def touch_on(self):
        self.touched = True
        self.driver.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": True, "maxTouchPoints": 2})


class MultiFlow(GalleryPage):
    page = "multiflow.html"

    def tile(self, id):
        return f"document.querySelector('[data-id={id}]')"

    def shown(self):
        return self.js(SHOWN, ".flow")

    def editing(self):
        return self.js("return [...document.querySelectorAll('.flow')].map(f => f.classList.contains('arrange-editing'))")

    def wobble(self):
        return self.js(f"return getComputedStyle({self.tile('sketch')}).animationName")

    def long_press_touch(self, id):
        self.touch_on()
        point = center(self.driver, self.tile(id))
        touches(self.driver, "touchStart", {1: point})
        # Held until the long press starts edit mode.
        wait_for(lambda: self.editing() == [True] * 3, what="edit mode")
        touches(self.driver, "touchEnd", {})

    def test_edit_mode_is_said_and_the_edit_button_shows_it_pressed(self):
        said = "return document.querySelector('.arrange-live')?.textContent ?? ''"
        pressed = "return document.getElementById('edit').getAttribute('aria-pressed')"
        self.assertEqual(self.js(pressed), "false")
        # Entered by a long press, which shows nothing a screen reader hears but this.
        self.long_press_touch("plan")
        wait_for(lambda: self.js(said) == "Editing: the items can be dragged", what="edit mode said")
        self.assertEqual(self.js(pressed), "true")
        self.js("document.getElementById('edit').click()")
        wait_for(lambda: self.editing() == [False] * 3, what="edit mode to end")
        self.assertEqual((self.js(said), self.js(pressed)), ("Done editing", "false"))

    def test_a_tile_dropped_outside_every_flow_slides_home_with_no_removal(self):
        self.js("document.getElementById('edit').click()")
        wait_for(lambda: self.editing() == [True] * 3, what="edit mode")
        before = self.shown()
        slowed(self.driver)
        try:
            mouse_drag(self.driver, center(self.driver, self.tile("plan")), (1150, 760))
            # Slides home (animated, as a cancel does), at once: no removal and undo a tick later.
            wait_for(lambda: self.js(f"return {self.tile('plan')}.getAnimations()"
                                     ".some((a) => !(a instanceof CSSTransition) && !(a instanceof CSSAnimation))"),
                     what="Plan the sprint to slide home")
        finally:
            normal(self.driver)
        settled(self.driver)
        self.assertEqual(self.shown(), before)
        self.assertFalse(any(line.startswith("undo") or "remove" in line for line in self.log()), self.log())
        self.assertIn("didNotMoveView: Plan the sprint was dropped outside every flow, and goes back", self.log())

    def test_a_short_press_does_not_drag_outside_edit_mode(self):
        before = self.shown()
        goal = center(self.driver, "document.getElementById('progress')")
        # A finger: pressed 0.2 s (less than the long press, half a second), then moved. The
        # press's length is what is checked: that hold is on the clock.
        self.touch_on()
        start = center(self.driver, self.tile("plan"))
        touches(self.driver, "touchStart", {1: start})
        time.sleep(0.2)
        seen = []
        for point in steps(start, goal):
            touches(self.driver, "touchMove", {1: point})
            seen += self.dragged()
            time.sleep(0.016)  # the finger's pace: no wait
        touches(self.driver, "touchEnd", {})
        # A mouse: pressed and moved at once.
        mouse_drag(self.driver, center(self.driver, self.tile("sketch")), goal,
                   before_release=lambda: seen.extend(self.dragged()))
        settled(self.driver)
        self.assertEqual(seen, [])
        self.assertEqual(self.editing(), [False] * 3)
        self.assertEqual(self.shown(), before)
        self.assertFalse(any("shouldMoveView" in line for line in self.log()), self.log())

    def test_a_long_press_by_touch_enters_edit_mode_and_a_drag_moves_a_tile(self):
        self.assertEqual(self.wobble(), "none")
        self.long_press_touch("plan")
        self.assertEqual(self.wobble(), "wobble")
        self.assertTrue(self.js("return !document.getElementById('done').hidden"))
        self.assertIn("didBeginEditInFlowLayout: every flow is editing", self.log())
        # In edit mode a finger drags at once, to the gap after Test on iPad.
        start = center(self.driver, self.tile("plan"))
        test = self.js(f"const r = {self.tile('test')}.getBoundingClientRect(); return [r.right, r.top + r.height / 2]")
        goal = (test[0] - 10, test[1])
        touches(self.driver, "touchStart", {1: start})
        wait_for(lambda: self.dragged() == ["plan"], what="Plan the sprint to be lifted")
        mid = {}
        for point in steps(start, goal):
            touches(self.driver, "touchMove", {1: point})
            time.sleep(0.016)  # the finger's pace: no wait
        wait_for(lambda: self.js("return document.querySelector('.arrange-over')?.id") == "progress",
                 what="In Progress to be the target")
        mid["dragged"] = self.dragged()
        mid["order"] = self.shown()
        touches(self.driver, "touchEnd", {})
        wait_for(lambda: any(line.startswith("didMoveView") for line in self.log()), what="the drop")
        self.assertEqual(mid["dragged"], ["plan"])
        # Mid-drag the DOM is untouched: the flows make room with transforms.
        self.assertEqual(mid["order"]["todo"], ["plan", "sketch", "copy", "icons"])
        shown = self.shown()
        self.assertEqual(shown, {"todo": ["sketch", "copy", "icons"],
                                 "progress": ["build", "test", "plan", "review"],
                                 "finished": ["brief", "setup"]})
        self.assertEqual(self.js("return window.model"), shown)
        self.assertIn("didMoveView: Plan the sprint, To Do → In Progress #3", self.log())

    def test_a_long_press_by_mouse_enters_edit_mode_and_done_leaves_it(self):
        point = center(self.driver, self.tile("brief"))
        mouse(self.driver, "mouseMoved", point, 0)
        mouse(self.driver, "mousePressed", point, 1)
        # Held until the long press starts edit mode.
        wait_for(lambda: self.editing() == [True] * 3, what="edit mode")
        mouse(self.driver, "mouseReleased", point, 0)
        self.assertEqual(self.wobble(), "wobble")
        # A drag from Done to To Do, then Done (the button) ends edit mode.
        goal = self.js("const r = document.getElementById('todo').getBoundingClientRect(); return [r.right - 60, r.top + r.height / 2]")
        mouse_drag(self.driver, point, goal)
        wait_for(lambda: self.shown()["todo"][-1] == "brief", what="Read the brief in To Do")
        self.assertEqual(self.js("return window.model"), self.shown())
        self.js("document.getElementById('done').click()")
        wait_for(lambda: self.editing() == [False] * 3, what="edit mode to end")
        self.assertEqual(self.wobble(), "none")
        self.assertIn("didEndEditInFlowLayout: editing ended", self.log())
        self.assertTrue(self.js("return document.getElementById('done').hidden"))
        # Drags stop: a mouse drag moves nothing.
        self.settle()
        before = self.shown()
        seen = []
        mouse_drag(self.driver, center(self.driver, self.tile("setup")), goal,
                   before_release=lambda: seen.extend(self.dragged()))
        settled(self.driver)
        self.assertEqual(seen, [])
        self.assertEqual(self.shown(), before)

    def test_the_tiles_centre_decides_its_flow_not_the_pointer(self):
        self.js("document.getElementById('edit').click()")
        wait_for(lambda: self.editing() == [True] * 3, what="edit mode")
        done = self.js("const r = document.getElementById('finished').getBoundingClientRect(); return [r.left, r.top]")
        # Held by its right edge: the pointer over Done, the centre in the gap before it. The
        # tile goes back (the library removes it in edit mode; the page puts it back).
        rect = self.js(f"const r = {self.tile('plan')}.getBoundingClientRect(); return [r.left, r.top, r.width, r.height]")
        over = []
        mouse_drag(self.driver, (rect[0] + rect[2] - 5, rect[1] + rect[3] / 2), (done[0] + 10, done[1] + 60),
                   before_release=lambda: over.append(self.js("return document.querySelector('.arrange-over')?.id ?? null")))
        wait_for(lambda: "didNotMoveView: Plan the sprint was dropped outside every flow, and goes back" in self.log(),
                 what="the tile to go back")
        wait_for(lambda: self.shown()["todo"][0] == "plan", what="Plan the sprint back first in To Do")
        self.settle()
        self.assertEqual(over, [None])
        self.assertEqual(self.js("return document.querySelector('.arrange-live').textContent"),
                         "Plan the sprint is back in To Do, position 1")
        self.assertEqual(self.shown()["finished"], ["brief", "setup"])
        self.assertEqual(self.js("return window.model"), self.shown())
        # Held by its left edge: the pointer in the gap before Done, the centre over it.
        rect = self.js(f"const r = {self.tile('sketch')}.getBoundingClientRect(); return [r.left, r.top, r.width, r.height]")
        mouse_drag(self.driver, (rect[0] + 5, rect[1] + rect[3] / 2), (done[0] - 15, done[1] + 60),
                   before_release=lambda: over.append(self.js("return document.querySelector('.arrange-over')?.id ?? null")))
        wait_for(lambda: "sketch" in self.shown()["finished"], what="Sketch screens in Done")
        self.assertEqual(over[1], "finished")
        self.assertEqual(self.js("return window.model"), self.shown())
        self.assertIn("didMoveView: Sketch screens, To Do → Done #1", self.log())

    def test_two_touch_points_drag_one_tile_at_a_time(self):
        self.js("document.getElementById('edit').click()")
        wait_for(lambda: self.editing() == [True] * 3, what="edit mode")
        self.touch_on()
        self.two_touch_points = True
        first = center(self.driver, self.tile("plan"))
        second = center(self.driver, self.tile("build"))
        touches(self.driver, "touchStart", {1: first})
        wait_for(lambda: self.dragged() == ["plan"], what="Plan the sprint to be lifted")
        first = (first[0] + 30, first[1] + 30)
        touches(self.driver, "touchMove", {1: first})
        wait_for(lambda: self.dragged() == ["plan"], what="Plan the sprint to be dragged")
        # A second finger presses Build the flow, held (that it lifts nothing meanwhile is
        # checked, so this hold is on the clock), then both move.
        touches(self.driver, "touchStart", {1: first, 2: second})
        time.sleep(0.3)
        for step in range(1, 8):
            touches(self.driver, "touchMove", {1: (first[0] + 10 * step, first[1] + 20 * step),
                                               2: (second[0] + 15 * step, second[1] + 10 * step)})
            time.sleep(0.03)  # the fingers' pace: no wait
        during = {"dragged": self.dragged(), "touches": self.js("return document.getElementById('manager').dataset.touches"),
                  "status": self.js("return document.getElementById('status').textContent")}
        touches(self.driver, "touchEnd", {})
        wait_for(lambda: any(line.startswith("didMoveView") or line.startswith("didNotMoveView") for line in self.log()),
                 what="the drop")
        self.assertEqual(during["dragged"], ["plan"])
        self.assertEqual(during["touches"], "2")
        self.assertIn("in progress: Plan the sprint", during["status"])
        self.assertIn("shouldMoveView: Build the flow → no, Plan the sprint is in progress", self.log())
        shown = self.shown()
        self.assertEqual(shown["progress"][0], "build")
        self.assertEqual(self.js("return window.model"), shown)
        self.assertEqual(sum(1 for line in self.log() if line.startswith("shouldMoveView") and "→ yes" in line), 1)

    def test_with_the_guard_off_two_fingers_carry_two_tiles_into_done(self):
        self.js("document.getElementById('single').click()")
        self.assertIn("Concurrent drags: on, one tile per finger", self.log())
        self.js("document.getElementById('edit').click()")
        wait_for(lambda: self.editing() == [True] * 3, what="edit mode")
        self.touch_on()
        self.two_touch_points = True
        first = center(self.driver, self.tile("plan"))
        second = center(self.driver, self.tile("review"))
        touches(self.driver, "touchStart", {1: first})
        wait_for(lambda: self.dragged() == ["plan"], what="Plan the sprint to be lifted")
        first = (first[0] + 20, first[1] + 20)
        touches(self.driver, "touchMove", {1: first})
        wait_for(lambda: self.dragged() == ["plan"], what="Plan the sprint to be dragged")
        touches(self.driver, "touchStart", {1: first, 2: second})
        wait_for(lambda: sorted(self.dragged()) == ["plan", "review"], what="Code review to be lifted")
        second = (second[0] + 20, second[1] + 20)
        touches(self.driver, "touchMove", {1: first, 2: second})
        wait_for(lambda: sorted(self.dragged()) == ["plan", "review"], what="both tiles dragged")
        # Both into Done: Plan the sprint before Read the brief, Code review after Set up project.
        done = self.js("const r = document.getElementById('finished').getBoundingClientRect();"
                       " return [r.left, r.top, r.right, r.bottom]")
        brief = center(self.driver, self.tile("brief"))
        setup = self.js(f"const r = {self.tile('setup')}.getBoundingClientRect(); return [r.right, r.top + r.height / 2]")
        ends = {1: (brief[0] - 20, brief[1]), 2: (min(setup[0] + 60, done[2] - 30), setup[1])}
        starts = {1: first, 2: second}
        for step in range(1, 13):
            touches(self.driver, "touchMove", {finger: (starts[finger][0] + (ends[finger][0] - starts[finger][0]) * step / 12,
                                                        starts[finger][1] + (ends[finger][1] - starts[finger][1]) * step / 12)
                                               for finger in (1, 2)})
            time.sleep(0.03)  # the fingers' pace: no wait
        status = self.js("return document.getElementById('status').textContent")
        # Finger 1 lifts (a touchEnd lists the fingers that lift); finger 2 holds on, then lifts.
        touches(self.driver, "touchEnd", {1: ends[1]})
        wait_for(lambda: "plan" in self.shown()["finished"], what="Plan the sprint in Done")
        self.assertEqual(self.dragged(), ["review"])
        touches(self.driver, "touchEnd", {})
        wait_for(lambda: "review" in self.shown()["finished"], what="Code review in Done")
        self.settle()
        self.assertIn("in progress: Plan the sprint, Code review", status)
        self.assertEqual(self.shown()["finished"], ["plan", "brief", "setup", "review"])
        self.assertEqual(self.js("return window.model"), self.shown())
        yes = [line for line in self.log() if line.startswith("shouldMoveView") and "→ yes" in line]
        self.assertEqual(len(yes), 2)
        self.assertIn("(concurrent: 2 in progress)", yes[1])
        self.assertFalse(any("→ no" in line for line in self.log()))
        self.assertIn("didMoveView: Plan the sprint, To Do → Done #1", self.log())
        self.assertIn("didMoveView: Code review, In Progress → Done #4", self.log())

    def test_reduced_motion_has_no_wobble_but_keeps_the_badge(self):
        self.driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {
            "features": [{"name": "prefers-reduced-motion", "value": "reduce"}]})
        self.js("document.getElementById('edit').click()")
        wait_for(lambda: self.editing() == [True] * 3, what="edit mode")
        self.assertEqual(self.wobble(), "none")
        badge = self.js(f"return getComputedStyle({self.tile('sketch')}, '::after').content")
        self.assertEqual(badge, '"⠿"')
        self.driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})
        self.assertEqual(self.wobble(), "wobble")

    def test_the_keyboard_moves_a_tile_to_the_next_flow_outside_edit_mode(self):
        self.js(f"{self.tile('copy')}.focus()")
        keys(self.driver, " ", Keys.ARROW_DOWN, " ")
        wait_for(lambda: "copy" in self.shown()["progress"], what="Write copy in In Progress")
        self.assertEqual(self.editing(), [False] * 3)
        self.assertEqual(self.js("return window.model"), self.shown())
        self.assertTrue(any(line.startswith("didMoveView: Write copy, To Do → In Progress") for line in self.log()))


class Collections(GalleryPage):
    page = "collections.html"

    def cell(self, id):
        return f"document.querySelector('.cv [data-id=\"{id}\"]')"

    def shown(self):
        return {key: [int(id) for id in ids] for key, ids in self.js(SHOWN, ".cv").items()}

    def model(self):
        return self.js("return window.model")

    def left_of(self, id):
        """A point in the left quarter of cell `id`: a drop there goes before it (in a row, an
        item goes before the first item whose middle is past the pointer)."""
        return self.js(f"const r = {self.cell(id)}.getBoundingClientRect(); return [r.left + 12, r.top + r.height / 2]")

    def test_a_cell_goes_from_grid_a_to_the_strip_then_to_grid_b(self):
        before = self.shown()
        strip = self.js("const r = document.getElementById('strip-scroller').getBoundingClientRect(); return [r.left, r.top, r.bottom]")
        goal = (strip[0] + 200, (strip[1] + strip[2]) / 2)
        mid = {}

        def look():
            wait_for(lambda: self.js("return document.querySelector('.arrange-over')?.id") == "strip", what="the strip as target")
            mid["snapshots"] = self.js("return [...document.querySelectorAll('#canvas .cell')].map(c => c.textContent)")
            mid["hidden"] = self.js(f"return getComputedStyle({self.cell(16)}).opacity")
            mid["snapshot at"] = self.js("const r = document.querySelector('#canvas .cell').getBoundingClientRect(); return [r.left + r.width / 2, r.top + r.height / 2]")
            mid["model"] = self.model()
        mouse_drag(self.driver, center(self.driver, self.cell(16)), goal, before_release=look)
        wait_for(lambda: 16 in self.shown()["strip"], what="item 16 in the strip")
        self.assertEqual(mid["snapshots"], ["16"])
        self.assertEqual(mid["hidden"], "0")
        self.assertAlmostEqual(mid["snapshot at"][0], goal[0], delta=2)
        self.assertAlmostEqual(mid["snapshot at"][1], goal[1], delta=2)
        self.assertEqual(mid["model"]["a"], before["a"])  # the model changes at the drop
        shown = self.shown()
        self.assertEqual(shown["strip"], [1, 2, 3, 16, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14])
        self.assertNotIn(16, shown["a"])
        self.assertEqual(self.model(), shown)
        self.assertEqual(self.js("return document.querySelectorAll('#canvas .cell').length"), 0)
        log = self.log()
        self.assertIn("insertDataItem(item 16, at: Strip [3])", log)
        self.assertIn("deleteDataItem(at: Grid A [1])", log)
        self.assertLess(log.index("willMoveItem: item 16 over Strip"), log.index("insertDataItem(item 16, at: Strip [3])"))
        # From the strip to grid B, before item 46.
        self.settle()
        mouse_drag(self.driver, center(self.driver, self.cell(16)), self.left_of(46))
        wait_for(lambda: 16 in self.shown()["b"], what="item 16 in grid B")
        shown = self.shown()
        self.assertEqual(shown["b"][:3], [45, 16, 46])
        self.assertNotIn(16, shown["strip"])
        self.assertEqual(self.model(), shown)
        self.assertIn("insertDataItem(item 16, at: Grid B [1])", self.log())
        self.assertIn("deleteDataItem(at: Strip [3])", self.log())

    def test_the_view_the_snapshot_overlaps_most_takes_the_cell_not_the_one_under_the_pointer(self):
        a = self.js("const r = document.getElementById('a-scroller').getBoundingClientRect(); return [r.right, r.top + r.height / 2]")
        b = self.js("const r = document.getElementById('b-scroller').getBoundingClientRect(); return [r.left, r.top]")
        self.assertGreater(b[0] - a[0], 20)
        cell = self.js(f"const r = {self.cell(20)}.getBoundingClientRect(); return [r.left, r.top, r.width, r.height]")
        over = []
        look = lambda: over.append(self.js("return document.querySelector('.arrange-over')?.id ?? null"))
        # Held by its right edge, the pointer just inside grid B: the snapshot lies mostly over
        # grid A (and the gap), so grid A keeps it.
        mouse_drag(self.driver, (cell[0] + cell[2] - 4, cell[1] + cell[3] / 2), (b[0] + 5, a[1]), before_release=look)
        wait_for(lambda: any(line.startswith("stopDragging") for line in self.log()), what="the drop")
        self.assertEqual(over, ["a"])
        self.assertIn(20, self.shown()["a"])
        self.assertFalse(any(line.startswith("insertDataItem") for line in self.log()), self.log())
        # Held by its left edge, the pointer in the gap between the grids (over no view): the
        # snapshot lies mostly over grid B, which takes it.
        cell = self.js(f"const r = {self.cell(21)}.getBoundingClientRect(); return [r.left, r.top, r.width, r.height]")
        mouse_drag(self.driver, (cell[0] + 4, cell[1] + cell[3] / 2), (a[0] + 10, a[1]), before_release=look)
        wait_for(lambda: 21 in self.shown()["b"], what="item 21 in grid B")
        self.assertEqual(over[1], "b")
        self.assertEqual(self.model(), self.shown())
        self.assertTrue(any(line.startswith("insertDataItem(item 21, at: Grid B") for line in self.log()), self.log())

    def test_a_finger_moves_a_cell_from_grid_a_to_grid_b(self):
        touch_drag(self.driver, center(self.driver, self.cell(17)), self.left_of(50))
        wait_for(lambda: 17 in self.shown()["b"], what="item 17 in grid B")
        shown = self.shown()
        self.assertEqual(shown["b"][4:7], [49, 17, 50])
        self.assertEqual(self.model(), shown)
        self.assertIn("insertDataItem(item 17, at: Grid B [5])", self.log())
        self.assertIn("deleteDataItem(at: Grid A [2])", self.log())

    def test_a_move_within_a_view_is_a_move_of_the_data_source(self):
        mouse_drag(self.driver, center(self.driver, self.cell(15)), self.left_of(18))
        wait_for(lambda: self.shown()["a"][0] != 15, what="item 15 to move")
        shown = self.shown()
        self.assertEqual(shown["a"][:4], [16, 17, 15, 18])
        self.assertEqual(self.model(), shown)
        self.assertIn("moveDataItem(from: Grid A [0], to: Grid A [2])", self.log())
        self.assertFalse(any(line.startswith(("insertDataItem", "deleteDataItem")) for line in self.log()))

    def test_a_cell_held_at_the_bottom_edge_scrolls_its_view(self):
        self.assertEqual(self.js("return document.getElementById('a-scroller').scrollTop"), 0)
        view = self.js("const r = document.getElementById('a-scroller').getBoundingClientRect(); return [r.left, r.bottom]")
        start = center(self.driver, self.cell(16))
        scrolled = []

        def hold():
            wait_for(lambda: self.js("return document.getElementById('a-scroller').scrollTop") > 100, what="grid A to scroll")
            scrolled.append(self.js("return document.getElementById('a-scroller').scrollTop"))
        mouse_drag(self.driver, start, (start[0], view[1] - 10), before_release=hold)
        wait_for(lambda: any(line.startswith("moveDataItem") for line in self.log()), what="the drop")
        self.assertGreater(scrolled[0], 100)
        # Dropped in the rows the scroll brought into view: far down the grid.
        shown = self.shown()
        self.assertGreater(shown["a"].index(16), 20)
        self.assertEqual(self.model(), shown)
        # The scroll stops at the end of the grid (the hidden cell does not lengthen it).
        self.assertLessEqual(self.js("const s = document.getElementById('a-scroller'); return s.scrollTop + s.clientHeight - s.scrollHeight"), 0.5)

    def test_a_cell_held_at_the_strips_right_end_scrolls_the_strip(self):
        view = self.js("const r = document.getElementById('strip-scroller').getBoundingClientRect(); return [r.right, r.top + r.height / 2]")
        scrolled = []

        def hold():
            wait_for(lambda: self.js("return document.getElementById('strip-scroller').scrollLeft") > 50, what="the strip to scroll")
            scrolled.append(self.js("return document.getElementById('strip-scroller').scrollLeft"))
        mouse_drag(self.driver, center(self.driver, self.cell(2)), (view[0] - 10, view[1]), before_release=hold)
        wait_for(lambda: any(line.startswith("moveDataItem") for line in self.log()), what="the drop")
        self.assertGreater(scrolled[0], 50)
        shown = self.shown()
        self.assertGreater(shown["strip"].index(2), 10)
        self.assertEqual(self.model(), shown)

    def test_the_keyboard_moves_a_cell_across_views(self):
        self.js(f"{self.cell(20)}.focus()")
        keys(self.driver, " ", Keys.ARROW_DOWN, " ")
        wait_for(lambda: 20 in self.shown()["b"], what="item 20 in grid B")
        self.js(f"{self.cell(21)}.focus()")
        keys(self.driver, " ", Keys.ARROW_UP, " ")
        wait_for(lambda: 21 in self.shown()["strip"], what="item 21 in the strip")
        shown = self.shown()
        self.assertEqual(self.model(), shown)
        self.assertNotIn(20, shown["a"])
        self.assertNotIn(21, shown["a"])
        log = self.log()
        self.assertTrue(any(line.startswith("insertDataItem(item 20, at: Grid B") for line in log), log)
        self.assertTrue(any(line.startswith("insertDataItem(item 21, at: Strip") for line in log), log)
        self.assertEqual(sum(1 for line in log if line.startswith("deleteDataItem(at: Grid A")), 2)

    def test_escape_puts_everything_back(self):
        before = self.shown()
        model = self.model()
        strip = self.js("const r = document.getElementById('strip-scroller').getBoundingClientRect(); return [r.left, r.top, r.bottom]")
        mid = {}

        def escape():
            wait_for(lambda: self.js("return document.querySelector('.arrange-over')?.id") == "strip", what="the strip as target")
            keys(self.driver, Keys.ESCAPE)
            wait_for(lambda: not self.dragged(), what="the drag to end")
            mid["snapshots"] = self.js("return document.querySelectorAll('#canvas .cell').length")
        mouse_drag(self.driver, center(self.driver, self.cell(16)), (strip[0] + 200, (strip[1] + strip[2]) / 2),
                   before_release=escape)
        wait_for(lambda: any("cancelled" in line for line in self.log()), what="the cancel")
        settled(self.driver)
        self.assertEqual(self.shown(), before)
        self.assertEqual(self.model(), model)
        self.assertEqual(mid["snapshots"], 0)
        self.assertFalse(any(line.startswith(("insertDataItem", "deleteDataItem", "moveDataItem")) for line in self.log()))
        self.assertEqual(self.js(f"return {self.cell(16)}.style.translate || getComputedStyle({self.cell(16)}).opacity"), "1")


if __name__ == "__main__":
    unittest.main()
