"""The gallery's big page (big.html): a 1,000-tile wrapping grid and a 10,000-row list drawn in
chunks of 100, dragged with real mouse input in headless Chromium; the page, its chunks and its
model must agree after every drop.

Run: cd BrowserTests && python3 -m unittest -v test_gallery_big (after `swift build`)."""

import unittest

from harness import GalleryServer, chromium, mouse_drag, open_gallery_page, wait_for

CENTER = """const r = document.querySelectorAll(arguments[0])[arguments[1]].getBoundingClientRect();
return [r.left + r.width / 2, r.top + r.height / 2]"""


class BigPage(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.gallery = GalleryServer()
        cls.driver = chromium(1200, 900)

    def setUp(self):
        open_gallery_page(self.driver, self.gallery.page("big.html"))

    @classmethod
    def tearDownClass(cls):
        cls.driver.quit()
        cls.gallery.stop()

    def shown(self, selector):
        return self.driver.execute_script(
            "return [...document.querySelectorAll(arguments[0])].map((e) => e.dataset.n)", selector)

    def test_the_page_holds_a_thousand_tiles_and_ten_thousand_rows_in_chunks(self):
        self.assertEqual(len(self.shown("#grid li")), 1000)
        self.assertEqual(len(self.shown("#list .row")), 10000)
        sizes = self.driver.execute_script(
            "return [...document.querySelectorAll('#list > .chunk')].map((c) => c.children.length)")
        self.assertEqual(sizes, [100] * 100)

    def test_a_tile_dragged_across_rows_of_the_grid(self):
        start = self.driver.execute_script(CENTER, "#grid li", 2)
        end = self.driver.execute_script(CENTER, "#grid li", 40)
        mouse_drag(self.driver, start, end, steps=16)
        wait_for(lambda: self.shown("#grid li")[40] == "3", what="tile 3 at place 41")
        self.assertEqual(self.shown("#grid li"), self.driver.execute_script("return window.model.grid"))
        self.assertEqual(self.shown("#grid li")[:3], ["1", "2", "4"])

    def test_a_row_dragged_across_a_chunks_edge(self):
        # Scrolled so that rows 90 to 110 show: row 95 goes below row 105, into the next chunk.
        self.driver.execute_script("const list = document.getElementById('list');"
                                   " list.scrollTop = document.querySelectorAll('#list .row')[89].offsetTop - list.offsetTop")
        start = self.driver.execute_script(CENTER, "#list .row", 94)
        end = self.driver.execute_script(CENTER, "#list .row", 104)
        mouse_drag(self.driver, start, (end[0], end[1] + 6), steps=16)
        wait_for(lambda: self.driver.execute_script("return window.model.list[104]") == "95",
                 what="row 95 at place 105 in the model")
        shown = self.shown("#list .row")
        self.assertEqual(shown, self.driver.execute_script("return window.model.list"))
        self.assertEqual(shown[93:106], [str(n) for n in [94, 96, 97, 98, 99, 100, 101, 102, 103, 104, 105, 95, 106]])
        # The second chunk took it; the first gave it up.
        sizes = self.driver.execute_script(
            "return [...document.querySelectorAll('#list > .chunk')].slice(0, 2).map((c) => c.children.length)")
        self.assertEqual(sizes, [99, 101])


if __name__ == "__main__":
    unittest.main()
