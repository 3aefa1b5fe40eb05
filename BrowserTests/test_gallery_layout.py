"""The gallery's layout playground (`arrange gallery`, layout.html) in headless Chromium: the
seed's examples laid out by ArrangeLayout in WebAssembly, the container resized by dragging its
edge and corner with real input and from the keyboard, the document edited as text and with the
controls, and a broken document refused with its reason while the last layout stays.

The expected frames are worked out by hand from ShinpuruLayout's rules: children share what the
explicit sizes leave, a percentage is of that rest, and a group's margin insets every child by
half of it on both sides of the main axis; edges are rounded to whole points.

Run: cd BrowserTests && python3 -m unittest -v test_gallery_layout"""

import unittest

from harness import GalleryServer, chromium, open_gallery_page, wait_for

FRAMES = """return [...document.querySelectorAll('#frames tbody tr')].map((row) =>
  [...row.cells].map((cell, index) => index === 0 ? cell.textContent : Number(cell.textContent)))"""


class LayoutPlayground(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.gallery = GalleryServer()
        cls.driver = chromium(1300, 1000)

    @classmethod
    def tearDownClass(cls):
        cls.driver.quit()
        cls.gallery.stop()

    def setUp(self):
        open_gallery_page(self.driver, self.gallery.page("layout.html"))

    def frames(self):
        return {row[0]: tuple(row[1:]) for row in self.driver.execute_script(FRAMES)}

    def choose(self, preset):
        self.driver.execute_script("""const select = document.getElementById('preset');
          select.value = arguments[0]; select.dispatchEvent(new Event('change'));""", preset)

    def drag(self, selector, dx, dy):
        """Drags the element `selector` by (dx, dy) with real mouse input."""
        from selenium.webdriver.common.action_chains import ActionChains
        element = self.driver.find_element("css selector", selector)
        actions = ActionChains(self.driver, duration=20)
        actions.move_to_element(element).click_and_hold()
        for step in range(1, 11):
            actions.move_by_offset(dx / 10, dy / 10)
        actions.release().perform()

    def test_ten_labels_share_a_row_at_ten_percent_each(self):
        frames = self.frames()
        self.assertEqual(frames["row"], (0, 0, 600, 60))
        # 600 / 10 = 60 a slot, each inset 2 (margin 4 / 2) on both sides.
        for index in range(10):
            self.assertEqual(frames[f"label{index + 1}"], (2 + 60 * index, 0, 56, 60))
        self.assertEqual(self.driver.execute_script("return document.getElementById('error').textContent"), "")
        self.assertEqual(len(self.driver.find_elements("css selector", "#stage .node.leaf")), 10)

    def test_explicit_sizes_then_a_percentage_of_the_rest(self):
        self.choose("250 pt, 33 %, a label, 75 pt")
        frames = self.frames()
        # 800 − 250 − 75 = 475 left; 33 % of it is 156.75, the label takes the other 318.25.
        # Slots 0–250, 250–406.75, 406.75–725, 725–800, each inset 2; edges rounded.
        self.assertEqual(frames["points-250"], (2, 0, 246, 60))
        self.assertEqual(frames["percent-33"], (252, 0, 153, 60))
        self.assertEqual(frames["label"], (409, 0, 314, 60))
        self.assertEqual(frames["points-75"], (727, 0, 71, 60))
        # The explicitly sized items are drawn purple (class sized), the label not.
        sized = self.driver.execute_script(
            "return [...document.querySelectorAll('#stage .node.sized')].map((node) => node.dataset.label)")
        self.assertEqual(sorted(sized), ["percent-33", "points-250", "points-75"])

    def test_nested_groups(self):
        self.choose("Nested groups")
        frames = self.frames()
        # A row of three shares 600: 200 each, inset 2. The middle column's 240 less the
        # footer's 25 points leaves 215 for the top and the inner row: 107.5 each, inset 2
        # vertically; the inner row's three labels share the column's 196 width.
        self.assertEqual(frames["left"], (2, 0, 196, 240))
        self.assertEqual(frames["column"], (202, 0, 196, 240))
        self.assertEqual(frames["top"], (202, 2, 196, 104))
        self.assertEqual(frames["footer-25"], (202, 217, 196, 21))
        self.assertEqual(frames["right"], (402, 0, 196, 240))

    def test_dragging_the_corner_resizes_and_lays_out_live(self):
        self.drag("#handle", -200, 40)
        wait_for(lambda: self.frames()["row"] == (0, 0, 400, 100), what="the container at 400 × 100")
        frames = self.frames()
        # 400 / 10 = 40 a slot.
        self.assertEqual(frames["label1"], (2, 0, 36, 100))
        self.assertEqual(frames["label10"], (362, 0, 36, 100))
        self.assertIn('"width": 400', self.driver.find_element("id", "json").get_attribute("value"))
        self.assertIn("resized to 400 × 100", self.driver.execute_script("return window.galleryLog.join('\\n')"))

    def test_dragging_the_edge_changes_the_width_alone(self):
        self.drag("#edge", 100, 60)
        wait_for(lambda: self.frames()["row"] == (0, 0, 700, 60), what="the container at 700 × 60")
        self.assertEqual(self.frames()["label10"], (632, 0, 66, 60))

    def test_the_keyboard_resizes_too(self):
        handle = self.driver.find_element("id", "handle")
        handle.send_keys("\ue014", "\ue014", "\ue015")   # right, right, down
        wait_for(lambda: self.frames()["row"] == (0, 0, 620, 70), what="the container at 620 × 70")
        self.assertEqual(handle.get_attribute("aria-valuenow"), "620")

    def test_distributed_evenly_has_equal_gaps(self):
        self.choose("Align & distribute")
        frames = self.frames()
        row = frames["spaceEvenly"]
        labels = sorted(frames[f"spaceEvenly-{k}"] for k in (1, 2, 3))
        # (x, y, width, height) each: the gaps before, between and after the three labels.
        edges = [row[0]] + [edge for x, _, width, _ in labels for edge in (x, x + width)] + [row[0] + row[2]]
        gaps = [round(edges[k + 1] - edges[k], 3) for k in range(0, len(edges), 2)]
        self.assertEqual(len(set(gaps)), 1, gaps)

    def test_each_box_is_drawn_its_frame_s_size_one_unit_too(self):
        # docs/examples/board.json's title is 35 × 1: it was drawn 35 × 2.
        import os
        with open(os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))),
                               "docs", "examples", "board.json"), encoding="utf-8") as file:
            text = file.read()
        self.driver.execute_script("""const box = document.getElementById('json');
          box.value = arguments[0]; box.dispatchEvent(new Event('input'));""", text)
        self.assertEqual(self.driver.find_element("id", "error").text, "")
        drawn = self.driver.execute_script(
            "return [...document.querySelectorAll('.node')].map((node) => { const r = node.getBoundingClientRect();"
            " return [node.dataset.label, parseFloat(node.style.width), parseFloat(node.style.height),"
            " r.width, r.height]; })")
        self.assertIn(["title", 35, 1, 35, 1], [[label, w, h, round(rw, 3), round(rh, 3)]
                                                for label, w, h, rw, rh in drawn])
        for label, width, height, drawn_width, drawn_height in drawn:
            self.assertAlmostEqual(drawn_width, width, delta=0.01, msg=label)
            self.assertAlmostEqual(drawn_height, height, delta=0.01, msg=label)

    def test_a_broken_document_is_refused_and_the_last_layout_stays(self):
        before = self.frames()
        box = self.driver.find_element("id", "json")
        text = box.get_attribute("value").replace('"type": "leaf"', '"type": "leef"', 1)
        self.driver.execute_script("""const box = document.getElementById('json');
          box.value = arguments[0]; box.dispatchEvent(new Event('input'));""", text)
        error = self.driver.find_element("id", "error").text
        self.assertIn("root.children[0].type", error)
        self.assertIn("line", error)
        self.assertEqual(self.frames(), before)
        # Not JSON at all: the reader's message, the layout kept.
        self.driver.execute_script("""const box = document.getElementById('json');
          box.value = '{"size": '; box.dispatchEvent(new Event('input'));""")
        self.assertNotEqual(self.driver.find_element("id", "error").text, "")
        self.assertEqual(self.frames(), before)

    def test_the_controls_edit_the_selected_node(self):
        self.choose("250 pt, 33 %, a label, 75 pt")
        self.driver.find_element("css selector", '#stage [data-label="percent-33"]').click()
        self.assertEqual(self.driver.find_element("id", "selected-name").text, "Selected: percent-33")
        self.driver.execute_script("""const kind = document.getElementById('size-kind');
          kind.value = 'points'; kind.dispatchEvent(new Event('change'));
          const value = document.getElementById('size-value');
          value.value = '100'; value.dispatchEvent(new Event('input'));""")
        frames = self.frames()
        # 800 − 250 − 100 − 75 = 375 for the label: slots 0–250, 250–350, 350–725, 725–800.
        self.assertEqual(frames["percent-33"], (252, 0, 96, 60))
        self.assertEqual(frames["label"], (352, 0, 371, 60))
        self.assertIn('"size": {"points": 100}', self.driver.find_element("id", "json").get_attribute("value"))
        # A child added to the row shares the rest with the label.
        self.driver.find_element("id", "parent").click()
        self.assertEqual(self.driver.find_element("id", "selected-name").text, "Selected: row")
        self.driver.find_element("id", "add-leaf").click()
        frames = self.frames()
        # It goes last: 375 shared by the label and it, 187.5 each: slots 350–537.5 (the label),
        # 537.5–612.5 (75 points), 612.5–800 (the new child), inset 2, edges rounded.
        self.assertEqual(frames["item1"], (615, 0, 183, 60))
        self.assertEqual(frames["points-75"], (540, 0, 71, 60))
        self.assertEqual(frames["label"], (352, 0, 184, 60))

    def test_every_preset_lays_out_without_a_diagnostic(self):
        for preset in self.driver.execute_script(
                "return [...document.getElementById('preset').options].map((option) => option.value)"):
            with self.subTest(preset=preset):
                self.choose(preset)
                self.assertGreater(len(self.frames()), 3)
                self.assertEqual(self.driver.find_element("id", "error").text, "")
        self.assertEqual([entry for entry in self.driver.get_log("browser") if entry["level"] == "SEVERE"], [])


if __name__ == "__main__":
    unittest.main()
