"""Two of the gallery's pages in headless Chromium, driven with real input: the exchanging grid
(SSCollectionViewExchangeController's demo, `exchange.html`) and the tables and folders
(BetweenKit's demo, `betweenkit.html`), each served by `arrange gallery`.

Run: cd BrowserTests && python3 -m unittest -v test_gallery_seeds"""

import time
import unittest

from harness import (GalleryServer, center, chromium, mouse_drag, normal, open_gallery_page, slowed,
                     touch_drag, wait_for)

KEY_CODES = {" ": 32, "Enter": 13, "Escape": 27, "ArrowDown": 40, "ArrowUp": 38,
             "ArrowLeft": 37, "ArrowRight": 39}


class GalleryPage(unittest.TestCase):
    """One gallery server and one Chromium for a class of tests; helpers for real input."""

    PAGE = ""

    @classmethod
    def setUpClass(cls):
        cls.server = GalleryServer()
        cls.driver = chromium(1200, 900)

    @classmethod
    def tearDownClass(cls):
        cls.driver.quit()
        cls.server.stop()

    def setUp(self):
        self.driver.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": False})
        open_gallery_page(self.driver, self.server.page(self.PAGE))

    def js(self, code):
        return self.driver.execute_script(code)

    def mouse(self, kind, point, buttons):
        self.driver.execute_cdp_cmd("Input.dispatchMouseEvent", {
            "type": kind, "x": point[0], "y": point[1], "button": "left", "buttons": buttons,
            "clickCount": 1 if kind != "mouseMoved" else 0})

    def press_and_pass(self, points, steps=8):
        """Presses the mouse on the first point and moves it through the others with the button
        held (the caller releases it); returns where it is."""
        self.mouse("mouseMoved", points[0], 0)
        self.mouse("mousePressed", points[0], 1)
        return self.pass_through(points[0], points[1:], steps)

    def pass_through(self, here, points, steps=8):
        """Moves the pressed mouse from `here` through `points`, in steps; returns where it is."""
        for there in points:
            for step in range(1, steps + 1):
                self.mouse("mouseMoved", (here[0] + (there[0] - here[0]) * step / steps,
                                          here[1] + (there[1] - here[1]) * step / steps), 1)
                time.sleep(0.016)  # the pointer's pace, a move a frame: no wait
            here = there
        return here

    def click(self, point):
        for kind in ["mousePressed", "mouseReleased"]:
            self.mouse(kind, point, 1 if kind == "mousePressed" else 0)

    def key(self, key):
        self.driver.execute_cdp_cmd("Input.dispatchKeyEvent", {
            "type": "keyDown", "key": key, "code": {" ": "Space"}.get(key, key),
            "windowsVirtualKeyCode": KEY_CODES[key]})
        self.driver.execute_cdp_cmd("Input.dispatchKeyEvent", {"type": "keyUp", "key": key})

    def settled(self, slides=True):
        """Waits until no item is lifted, a drop (shown in the frame after the release) is shown
        and (with `slides`) its slides are over: a press during a slide finds the items where
        they will be, not where they are drawn."""
        active = "return document.documentElement.classList.contains('arrange-active')"
        wait_for(lambda: not self.js(active), what="the drag to end")
        self.driver.execute_async_script(
            "const done = arguments[0]; requestAnimationFrame(() => requestAnimationFrame(done));")
        if slides:
            wait_for(lambda: self.js("return document.getAnimations().length") == 0,
                     what="the slides to end")

    @staticmethod
    def near(a, b):
        return all(abs(p - q) < 1 for p, q in zip(a, b))

    def assertNear(self, a, b):
        self.assertTrue(self.near(a, b), f"{a} is not near {b}")

    def log(self):
        return self.js("return window.galleryLog ?? []")

    def listen(self):
        """Keeps every announcement from now on in `window.heard` (the live region is made on the
        first one)."""
        self.js("""window.heard = []; new MutationObserver(() => {
            const text = document.querySelector('.arrange-live')?.textContent;
            if (text && window.heard.at(-1) !== text) window.heard.push(text);
          }).observe(document.body, { childList: true, subtree: true, characterData: true });""")

    def heard(self):
        return self.js("return window.heard")

    def said(self):
        return self.js("return document.querySelector('.arrange-live')?.textContent ?? ''")


ORIGINAL = [[f"item{i}" for i in range(1, 7)], [f"item{i}" for i in range(7, 13)]]


class ExchangePage(GalleryPage):
    """SSCollectionViewExchangeController: tiles that exchange, the seed's timeline, its look."""

    PAGE = "exchange.html"

    def tile(self, section, index):
        return f"document.getElementById('s{section}').children[{index}]"

    def named(self, name):
        return f"document.querySelector('.tile[data-name={name}]')"

    def at(self, section, index):
        return center(self.driver, self.tile(section, index))

    def shown(self):
        return self.js("return [0, 1].map(s => [...document.getElementById('s' + s).children]"
                       ".map(t => t.dataset.name))")

    def model(self):
        return self.js("return window.model")

    def timeline(self):
        return self.js("return [...document.querySelectorAll('#timeline li')].map(l => l.textContent)")

    def test_the_seeds_timeline_look_and_exchange(self):
        # Every inline scale the caught tile is given, in order (the catch's 1.2 lasts 0.2 s).
        # And its drawn scale at every frame from the catch: it grows to (nearly) 1.2 first.
        self.js(f"""const tile = {self.named('item4')}; window.scales = []; window.drawn = [];
            new MutationObserver(() => {{ if (window.scales.at(-1) !== tile.style.scale)
              window.scales.push(tile.style.scale); }}).observe(tile, {{ attributes: true }});
            const frame = () => {{ if (tile.classList.contains('arrange-dragging'))
                window.drawn.push(parseFloat(getComputedStyle(tile).scale));
              if (window.drawn.length < 600) requestAnimationFrame(frame); }};
            requestAnimationFrame(frame);""")
        start = self.at(0, 3)
        self.press_and_pass([start, (start[0] + 12, start[1])])
        wait_for(lambda: self.timeline() == ["Catch at index path 0,3"], what="the catch")
        wait_for(lambda: self.js(f"return getComputedStyle({self.named('item4')}).scale") == "1.05",
                 what="the caught tile to settle at 1.05")
        # The button is still held: on through 1,3, 1,4 and 1,5.
        here = self.pass_through((start[0] + 12, start[1]),
                                 [self.at(1, 3), self.at(1, 4), self.at(1, 5)])
        during = ["Catch at index path 0,3",
                  "Exchange event 1: move from 0,3 to 1,3", "exchange: 0,3 with 1,3",
                  "Exchange event 2: move from 1,3 to 1,4", "undo previous: 1,3 with 0,3",
                  "new exchange: 0,3 with 1,4",
                  "Exchange event 3: move from 1,4 to 1,5", "undo previous: 1,4 with 0,3",
                  "new exchange: 0,3 with 1,5"]
        wait_for(lambda: self.timeline() == during, what="the three exchange events")
        # The look mid-drag: dragged at 1.05, 0.8 opaque; the displaced tile 0.6, the tiles it
        # displaced before back to 1.
        self.assertEqual(self.js(f"const s = getComputedStyle({self.named('item4')});"
                                 "return [s.scale, s.opacity]"), ["1.05", "0.8"])
        wait_for(lambda: self.js(f"return getComputedStyle({self.named('item12')}).opacity") == "0.6",
                 what="item12 to be displaced at 0.6")
        self.assertEqual(self.js(f"return [{self.named('item10')}, {self.named('item11')}]"
                                 ".map(t => getComputedStyle(t).opacity)"), ["1", "1"])
        # The displaced tile is shown at the caught tile's place (the seed's layout); the tiles
        # displaced before are back at theirs.
        wait_for(lambda: self.near(center(self.driver, self.named("item12")), start),
                 what="item12 to be shown at 0,3")
        self.assertNear(center(self.driver, self.named("item11")), self.at(1, 4))
        # The live model, as the seed's delegate keeps it: 0,3 and 1,5 exchanged already.
        self.assertEqual(self.js("return window.liveModel()"),
                         [["item1", "item2", "item3", "item12", "item5", "item6"],
                          ["item7", "item8", "item9", "item10", "item11", "item4"]])
        self.assertEqual(self.model(), ORIGINAL)
        self.mouse("mouseReleased", here, 0)
        self.settled()
        self.assertEqual(self.timeline(), during + [
            "Release at index path 1,5", "Transaction finished with index paths 0,3 and 1,5"])
        self.assertEqual(self.js("return window.scales"), ["1.2", "1.05", ""])
        drawn = self.js("return window.drawn")
        self.assertTrue(1.15 < max(drawn) <= 1.2, drawn)
        self.assertEqual(drawn[-1], 1.05)
        # Only the two tiles moved; the model (from onDrop) says the same.
        expected = [["item1", "item2", "item3", "item12", "item5", "item6"],
                    ["item7", "item8", "item9", "item10", "item11", "item4"]]
        self.assertEqual(self.shown(), expected)
        self.assertEqual(self.model(), expected)
        self.assertIn("drop: item4 (0,3) exchanged with item12 (1,5)", self.log())
        self.assertNotIn("the live model and the drop disagree", self.log())
        self.assertEqual(self.js("return [...document.querySelectorAll('.tile')].filter("
                                 "t => t.style.opacity || t.style.scale || t.style.translate).length"), 0)
        self.assertNear(center(self.driver, self.named("item12")), start)

    def test_escape_mid_drag_restores_the_page_and_the_model(self):
        start = self.at(0, 3)
        here = self.press_and_pass([start, (start[0] + 12, start[1]), self.at(1, 3), self.at(1, 4)])
        wait_for(lambda: self.timeline()[-1:] == ["new exchange: 0,3 with 1,4"], what="two events")
        self.assertEqual(self.js("return window.liveModel()[1][4]"), "item4")
        self.key("Escape")
        self.mouse("mouseReleased", here, 0)
        self.settled()
        self.assertEqual(self.timeline()[-2:], ["cancel: undo previous: 1,4 with 0,3",
                                                "Transaction cancelled: the model is as it was"])
        self.assertEqual(self.shown(), ORIGINAL)
        self.assertEqual(self.model(), ORIGINAL)
        self.assertIsNone(self.js("return window.liveModel()"))
        self.assertTrue(self.js("return document.getElementById('undo').disabled"))
        self.assertEqual(self.js("return [...document.querySelectorAll('.tile')]"
                                 ".filter(t => t.style.opacity || t.style.scale || t.style.translate)"
                                 ".map(t => t.dataset.name)"), [])

    def test_back_at_the_start_nothing_is_exchanged(self):
        start = self.at(0, 3)
        here = self.press_and_pass([start, (start[0] + 12, start[1]), self.at(1, 3), start])
        wait_for(lambda: self.timeline()[-2:] == ["Exchange event 2: move from 1,3 to 0,3",
                                                  "undo previous: 1,3 with 0,3"], what="the way back")
        self.assertEqual(self.js("return window.liveModel()"), ORIGINAL)
        self.mouse("mouseReleased", here, 0)
        self.settled()
        self.assertEqual(self.timeline()[-2:], [
            "Release at index path 0,3", "Transaction finished with 0,3 and 0,3: nothing exchanged"])
        self.assertEqual(self.shown(), ORIGINAL)
        self.assertEqual(self.model(), ORIGINAL)
        self.assertFalse(any(line.startswith("drop:") for line in self.log()))

    def test_reduced_motion(self):
        self.driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {
            "features": [{"name": "prefers-reduced-motion", "value": "reduce"}]})
        try:
            open_gallery_page(self.driver, self.server.page(self.PAGE))
            seen = {}
            origin = self.at(0, 0)
            mouse_drag(self.driver, origin, self.at(0, 2), before_release=lambda: seen.update(
                shown=center(self.driver, self.named("item3")),
                transition=self.js(f"return getComputedStyle({self.named('item3')}).transitionDuration")))
            # At once: no slide to the caught tile's place, and none after the drop.
            self.assertEqual(seen["transition"], "0s")
            self.assertNear(seen["shown"], origin)
            self.settled(slides=False)
            self.assertEqual(self.js("return document.getAnimations().length"), 0)
            self.assertEqual(self.shown()[0], ["item3", "item2", "item1", "item4", "item5", "item6"])
        finally:
            self.driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})

    def test_the_seeds_example_and_undo(self):
        # item1 dropped on item5: item5 item2 item3 item4 item1, the tiles between stay put.
        mouse_drag(self.driver, self.at(0, 0), self.at(0, 4))
        self.settled()
        expected = [["item5", "item2", "item3", "item4", "item1", "item6"], ORIGINAL[1]]
        self.assertEqual(self.shown(), expected)
        self.assertEqual(self.model(), expected)
        self.assertEqual(self.timeline()[-2:], ["Release at index path 0,4",
                                                "Transaction finished with index paths 0,0 and 0,4"])
        self.click(center(self.driver, "document.getElementById('undo')"))
        wait_for(lambda: self.shown() == ORIGINAL, what="the undo")
        self.assertEqual(self.model(), ORIGINAL)
        self.assertIn("undo: item1 (0,4) exchanged with item5 (0,0)", self.log())
        self.assertTrue(self.js("return document.getElementById('undo').disabled"))

    def test_the_release_takes_back_the_scale_and_the_dimming_over_the_look_s_duration(self):
        # The seed animates its release: the snapshot's 1.05 and 0.8 back to the tile's own, and
        # the displaced tile's 0.6 back to 1, over the animation's duration (not in one frame).
        slowed(self.driver)
        try:
            mouse_drag(self.driver, self.at(0, 0), self.at(0, 4))
            keyframes = ("return ['item1', 'item5'].map((name) => document.querySelector(`.tile[data-name=${name}]`)"
                         ".getAnimations().filter((a) => !(a instanceof CSSTransition) && !(a instanceof CSSAnimation))"
                         ".flatMap((a) => a.effect.getKeyframes().map((k) => [k.transform ?? '', k.opacity ?? ''])))")
            wait_for(lambda: all(self.js(keyframes)), what="the release's animations")
            dragged, displaced = self.js(keyframes)
            dimmed = float(self.js(f"return getComputedStyle({self.named('item5')}).opacity"))
        finally:
            normal(self.driver)
        self.settled()
        # From the drag's look to the tile's own (the last keyframe leaves the opacity to it).
        self.assertIn("scale(1.05)", dragged[0][0])
        self.assertEqual((dragged[0][1], dragged[-1]), ("0.8", ["none", ""]))
        self.assertEqual((displaced[0][1], displaced[-1][1]), ("0.6", ""))
        self.assertLess(dimmed, 0.95, "the displaced tile still dimmed as its animation begins")
        self.assertEqual(self.js(f"return getComputedStyle({self.named('item5')}).opacity"), "1")

    def test_a_fixed_tile_is_not_caught_but_may_be_displaced(self):
        seen = {}
        mouse_drag(self.driver, self.at(1, 0), self.at(1, 2),
                   before_release=lambda: seen.update(lifted=self.js(
                       "return document.querySelectorAll('.arrange-dragging').length")))
        self.settled()
        self.assertEqual(seen, {"lifted": 0})
        self.assertEqual(self.shown(), ORIGINAL)
        self.assertEqual(self.log(), [])
        # Another tile displaces it (the seed tells catching from displacing).
        mouse_drag(self.driver, self.at(1, 1), self.at(1, 0))
        self.settled()
        expected = [ORIGINAL[0], ["item8", "item7"] + ORIGINAL[1][2:]]
        self.assertEqual(self.shown(), expected)
        self.assertEqual(self.model(), expected)

    def test_keyboard_exchange(self):
        self.js(f"{self.named('item1')}.focus()")
        self.key(" ")
        for _ in range(4):
            self.key("ArrowRight")
        wait_for(lambda: self.timeline()[-1:] == ["new exchange: 0,0 with 0,4"], what="four events")
        self.assertEqual(self.said(), "Will swap with item5 in Section 0")
        self.key(" ")
        self.settled()
        expected = [["item5", "item2", "item3", "item4", "item1", "item6"], ORIGINAL[1]]
        self.assertEqual(self.shown(), expected)
        self.assertEqual(self.model(), expected)
        self.assertEqual(self.timeline()[-2], "Release at index path 0,4")
        self.assertEqual(self.js("return document.activeElement.dataset.name"), "item1")
        # Down to the other section.
        self.key(" ")
        self.key("ArrowDown")
        self.key(" ")
        self.settled()
        self.assertEqual(self.shown(), self.model())
        self.assertNotEqual(self.model(), expected)
        self.assertIn("item1", self.model()[1])

    def test_touch_exchange(self):
        touch_drag(self.driver, self.at(0, 1), self.at(0, 2))
        self.settled()
        expected = [["item1", "item3", "item2", "item4", "item5", "item6"], ORIGINAL[1]]
        self.assertEqual(self.shown(), expected)
        self.assertEqual(self.model(), expected)


BETWEENKIT = {"table-a": ["1", "2", "3", "4", "5"], "table-b": ["10", "12", "14"],
              "collection": ["20", "21", "22", "23", "24", "25", "26", "Folder"], "folder": []}


class BetweenKitPage(GalleryPage):
    """BetweenKit: two tables and a collection, delete outside, a folder, a rule with a reason."""

    PAGE = "betweenkit.html"

    def item(self, list_id, name):
        return (f"[...document.getElementById({list_id!r}).children]"
                f".find(c => c.dataset.name === {name!r})")

    def at(self, list_id, name, dx=0, dy=0):
        x, y = center(self.driver, self.item(list_id, name))
        return (x + dx, y + dy)

    def shown(self):
        return self.js("return Object.fromEntries(['table-a', 'table-b', 'collection', 'folder'].map("
                       "id => [id, [...document.getElementById(id).children].map(c => c.dataset.name)]))")

    def model(self):
        return self.js("return window.model")

    def expect(self, **changes):
        """The page and the model both show the lists as at the start, but for `changes`."""
        expected = {**BETWEENKIT, **{key.replace("_", "-"): value for key, value in changes.items()}}
        self.assertEqual(self.shown(), expected)
        self.assertEqual(self.model(), expected)

    def test_draggable_items_say_they_can_be_dragged_and_how_and_the_trash_is_named(self):
        described = self.js(
            "return ['table-a', 'table-b', 'collection'].flatMap(id => [...document.getElementById(id).children])"
            ".filter(item => item.tabIndex === 0).map(item => (item.getAttribute('aria-describedby') ?? '')"
            ".split(' ').map(id => document.getElementById(id)?.textContent ?? '').join(' '))")
        self.assertEqual(len(described), 16)
        for text in described:
            self.assertTrue(text.startswith("Draggable. Press Space or Enter to pick it up, the arrow keys"), text)
        trash = self.driver.find_element("id", "trash")
        self.assertEqual((trash.get_attribute("role"), trash.accessible_name), ("group", "Trash"))

    def test_the_keyboard_steps_over_the_closed_folder(self):
        self.js(f"{self.item('table-b', '10')}.focus()")
        self.key(" ")
        self.key("ArrowRight")
        said = self.said()
        self.key("Escape")
        self.settled()
        self.assertNotIn("folder", said.lower())
        self.assertTrue(said.startswith("Moved to Collection"), said)

    def test_a_row_dropped_on_a_row_of_its_table_exchanges_with_it(self):
        # The seed's data source rearranges a table by exchangeObjectAtIndex:withObjectAtIndex:.
        mouse_drag(self.driver, self.at("table-a", "1"), self.at("table-a", "4"))
        self.settled()
        self.expect(table_a=["4", "2", "3", "1", "5"])
        self.assertEqual(self.log()[-1], "rearrange: 1 exchanged with 4 (Table A row 0, Table A row 3)")

    def test_a_row_from_one_table_to_the_other(self):
        mouse_drag(self.driver, self.at("table-a", "2"), self.at("table-b", "12", dy=-10))
        self.settled()
        self.expect(table_a=["1", "3", "4", "5"], table_b=["10", "2", "12", "14"])
        self.assertEqual(self.log()[-2:], ["drag: 2 at Table A row 1",
                                           "drop: 2 from Table A row 1 to Table B row 1"])

    def test_a_row_into_the_collection_and_an_exchange_within_it(self):
        # From a table: inserted (before 21, on its left half).
        mouse_drag(self.driver, self.at("table-a", "4"), self.at("collection", "21", dx=-25))
        self.settled()
        collection = ["20", "4", "21", "22", "23", "24", "25", "26", "Folder"]
        self.expect(table_a=["1", "2", "3", "5"], collection=collection)
        self.assertEqual(self.log()[-1], "drop: 4 from Table A row 3 to Collection item 1")
        # Within the collection: 20 and 23 exchange, the tiles between stay.
        mouse_drag(self.driver, self.at("collection", "20"), self.at("collection", "23"))
        self.settled()
        self.expect(table_a=["1", "2", "3", "5"],
                    collection=["23", "4", "21", "22", "20", "24", "25", "26", "Folder"])
        self.assertEqual(self.log()[-1],
                         "rearrange: 20 exchanged with 23 (Collection item 0, Collection item 4)")
        # After an exchange within the collection, a row from a table is inserted still (not
        # exchanged), and a tile goes to a table the same way.
        mouse_drag(self.driver, self.at("table-a", "5"), self.at("collection", "25", dx=-25))
        self.settled()
        collection = ["23", "4", "21", "22", "20", "24", "5", "25", "26", "Folder"]
        self.expect(table_a=["1", "2", "3"], collection=collection)
        mouse_drag(self.driver, self.at("collection", "24"), self.at("table-b", "10", dy=-10))
        self.settled()
        self.expect(table_a=["1", "2", "3"], table_b=["24", "10", "12", "14"],
                    collection=["23", "4", "21", "22", "20", "5", "25", "26", "Folder"])

    def test_a_drop_outside_or_on_the_trash_deletes(self):
        seen = {}
        def look():
            seen["removing"] = self.js("return document.querySelector('.arrange-removing')?.dataset.name")
        mouse_drag(self.driver, self.at("table-a", "5"), (1100, 600), before_release=look)
        self.settled()
        self.assertEqual(seen, {"removing": "5"})
        self.expect(table_a=["1", "2", "3", "4"])
        self.assertEqual(self.log()[-1], "delete: 5 from Table A row 4")
        trash = center(self.driver, "document.getElementById('trash')")
        mouse_drag(self.driver, self.at("collection", "22"), trash)
        self.settled()
        self.expect(table_a=["1", "2", "3", "4"],
                    collection=["20", "21", "23", "24", "25", "26", "Folder"])
        self.assertEqual(self.log()[-1], "delete: 22 from Collection item 2")
        # Undo brings the last one back.
        self.click(center(self.driver, "document.getElementById('undo')"))
        wait_for(lambda: self.model()["collection"] == BETWEENKIT["collection"], what="the undo")
        self.expect(table_a=["1", "2", "3", "4"])
        self.assertEqual(self.log()[-1], "undo: insert: 22 back at Collection item 2")

    def test_a_drop_onto_the_folder_puts_the_item_inside(self):
        seen = {}

        def look():
            seen["target"] = self.js("return document.querySelector('.arrange-drop-target')?.dataset.name")
        mouse_drag(self.driver, self.at("table-a", "1"), self.at("collection", "Folder"), before_release=look)
        self.settled()
        self.assertEqual(seen, {"target": "Folder"})
        self.expect(table_a=["2", "3", "4", "5"], folder=["1"])
        self.assertEqual(self.js("return document.querySelector('.folder .count').textContent"), "1")
        self.assertEqual(self.log()[-1], "drop onto item: 1 from Table A row 0 into Folder")
        # Opened, the folder shows what it holds; dragged out, the item goes back to a table.
        self.assertFalse(self.js("return document.getElementById('folder').checkVisibility()"))
        self.click(center(self.driver, "document.querySelector('.folder .disclose')"))
        wait_for(lambda: self.js("return document.getElementById('folder').checkVisibility()"),
                 what="the folder to open")
        self.assertEqual(self.js("return document.querySelector('.disclose').ariaExpanded"), "true")
        # Open, it takes a tile of the collection in a place, and gives the row back.
        mouse_drag(self.driver, self.at("collection", "21"), self.at("folder", "1", dx=30))
        self.settled()
        self.expect(table_a=["2", "3", "4", "5"], folder=["1", "21"],
                    collection=["20", "22", "23", "24", "25", "26", "Folder"])
        self.assertEqual(self.log()[-1], "drop: 21 from Collection item 1 to Folder item 1")
        mouse_drag(self.driver, self.at("folder", "1"), self.at("table-a", "2", dy=-10))
        self.settled()
        self.expect(folder=["21"], collection=["20", "22", "23", "24", "25", "26", "Folder"])
        self.assertEqual(self.js("return document.querySelector('.folder .count').textContent"), "1")

    def test_a_refused_item_shows_its_reason_and_stays(self):
        self.listen()
        reason = "Table B takes even numbers only: 3 is odd."
        start = self.at("table-a", "3")
        here = self.press_and_pass([start, self.at("table-b", "12")])
        wait_for(lambda: self.js("return document.getElementById('reason').textContent") == reason,
                 what="the reason to be shown")
        self.assertEqual(self.js("return document.getElementById('table-b').className"), "table arrange-refused")
        self.assertEqual(self.heard()[0], "Picked up 3, position 3 of 5 in Table A")
        self.assertEqual(self.said(), reason)
        # Back over its own place: no reason any more, and it is said to return.
        self.pass_through(here, [start])
        wait_for(lambda: self.said() == "Will return to position 3 in Table A", what="the way back")
        self.assertEqual(self.js("return document.getElementById('reason').textContent"), "")
        # Over Table B again and released there: refused, the item stays, the reason stays shown.
        self.pass_through(start, [here])
        wait_for(lambda: self.said() == reason, what="the refusal again")
        self.mouse("mouseReleased", here, 0)
        self.settled()
        self.expect()
        self.assertEqual(self.js("return document.getElementById('reason').textContent"), reason)
        self.assertIn(f"refused: 3: {reason}", self.log())
        self.assertFalse(any(line.startswith("drop:") for line in self.log()))
        # An even one is taken.
        mouse_drag(self.driver, self.at("table-a", "4"), self.at("table-b", "14", dy=10))
        self.settled()
        self.expect(table_a=["1", "2", "3", "5"], table_b=["10", "12", "14", "4"])
        self.assertEqual(self.js("return document.getElementById('reason').textContent"), "")

    def test_a_touch_drag_and_a_keyboard_drag(self):
        touch_drag(self.driver, self.at("table-a", "2"), self.at("table-b", "10", dy=-10))
        self.settled()
        self.expect(table_a=["1", "3", "4", "5"], table_b=["2", "10", "12", "14"])
        self.driver.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": False})
        self.js(f"{self.item('table-a', '4')}.focus()")
        self.key(" ")
        self.key("ArrowRight")
        self.key(" ")
        self.settled()
        self.assertNotIn("4", self.model()["table-a"])
        self.assertIn("4", self.model()["table-b"])
        self.assertEqual(self.shown(), self.model())
        # By the keyboard to the trash: ← → pass the lists, then the trash.
        row = self.model()["table-b"].index("12")
        self.js(f"{self.item('table-b', '12')}.focus()")
        self.key(" ")
        for _ in range(6):
            self.key("ArrowRight")
            if self.said() == "Will be removed":
                break
        self.assertEqual(self.said(), "Will be removed")
        self.key(" ")
        self.settled()
        self.assertNotIn("12", self.model()["table-b"])
        self.assertEqual(self.shown(), self.model())
        self.assertEqual(self.log()[-1], f"delete: 12 from Table B row {row}")


if __name__ == "__main__":
    unittest.main()
