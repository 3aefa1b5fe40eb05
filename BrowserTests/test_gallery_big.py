"""The gallery's big page (big.html): a 100,000-tile wrapping grid and a 100,000-row list, each a
virtual list of the library (only what is in view is drawn), dragged with real mouse input and the
keyboard in headless Chromium: what is drawn, where drops land (in the page's model, and in what
is drawn), a drag that auto-scrolls far from where it started, a keyboard drag over hundreds of
places with what a screen reader hears, and an undo of an item no longer drawn.

Run: cd BrowserTests && python3 -m unittest -v test_gallery_big (after `swift build`)."""

import unittest

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from harness import GalleryServer, chromium, mouse_drag, open_gallery_page, wait_for

CENTER = """const r = document.querySelector(arguments[0]).getBoundingClientRect();
return [r.left + r.width / 2, r.top + r.height / 2]"""

# Each drawn item's number and its place in the whole list, as the page says them to assistive
# technology.
DRAWN = """return [...document.querySelectorAll(arguments[0])].map((e) =>
  [Number(e.dataset.n), Number(e.getAttribute('aria-posinset')), Number(e.getAttribute('aria-setsize'))])"""


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

    def model(self, name):
        return self.driver.execute_script(f"return window.model.{name}")

    def said(self):
        return self.driver.execute_script("return document.querySelector('.arrange-live')?.textContent ?? ''")

    def assert_drawn_as_model(self, name, selector):
        """Every drawn item is the model's item at the place it says it is, of 100,000."""
        model = self.model(name)
        drawn = self.driver.execute_script(DRAWN, selector)
        self.assertGreater(len(drawn), 10)
        for number, place, size in drawn:
            self.assertEqual(size, 100000)
            self.assertEqual(model[place - 1], number, f"{name}: item {number} says place {place}")
        return drawn

    def test_only_what_is_in_view_is_drawn_each_saying_its_place(self):
        grid = self.assert_drawn_as_model("grid", "#grid li")
        rows = self.assert_drawn_as_model("list", "#list li")
        # The view and a margin: a few hundred tiles and a few dozen rows, not 200,000 elements.
        self.assertLess(len(grid), 500)
        self.assertLess(len(rows), 80)
        self.assertEqual([place for _, place, _ in rows], list(range(1, len(rows) + 1)))
        roles = self.driver.execute_script(
            "return [...document.querySelectorAll('.arrange-track')].map((t) => [t.getAttribute('role'),"
            " t.getAttribute('aria-label')])")
        self.assertEqual(roles, [["list", "100,000 tiles"], ["list", "100,000 rows"]])
        # Scrolled far down, the rows there are drawn, and the first ones are not.
        self.driver.execute_script("const list = document.getElementById('list'); list.scrollTop = 28 * 50000;")
        wait_for(lambda: self.driver.execute_script(
            "return !document.querySelector('#list li[data-n=\"1\"]')"), what="row 1 no longer drawn")
        places = [place for _, place, _ in self.assert_drawn_as_model("list", "#list li")]
        self.assertTrue(all(49000 < place < 51000 for place in places), places[:3])

    def test_a_tile_dragged_across_rows_of_the_grid(self):
        start = self.driver.execute_script(CENTER, "#grid li[data-n='3']")
        end = self.driver.execute_script(CENTER, "#grid li[data-n='41']")
        mouse_drag(self.driver, start, end, steps=16)
        wait_for(lambda: self.model("grid")[40] == 3, what="tile 3 at place 41")
        self.assertEqual(self.model("grid")[:3], [1, 2, 4])
        self.assert_drawn_as_model("grid", "#grid li")

    def test_drags_one_after_another_each_land_where_they_are_dropped(self):
        # The item a drop put down is drawn at its place again (it was left unplaced once, and
        # the next drag's places were read from it).
        for rounds in range(3):
            moved = self.model("list")[2]
            start = self.driver.execute_script(CENTER, "#list li[aria-posinset='3']")
            end = self.driver.execute_script(CENTER, "#list li[aria-posinset='12']")
            mouse_drag(self.driver, start, (end[0], end[1] + 4), steps=16)
            wait_for(lambda: self.model("list")[11] == moved, what=f"drag {rounds + 1} to place 12")
            self.assertEqual(self.driver.execute_script(
                "return getComputedStyle(document.querySelector(`#list li[data-n='${arguments[0]}']`)).position",
                moved), "absolute")
        self.assertEqual(self.model("list")[:3], [1, 2, 6])
        self.assert_drawn_as_model("list", "#list li")

    def test_a_row_dragged_until_the_list_has_scrolled_far_lands_there(self):
        start = self.driver.execute_script(CENTER, "#list li[data-n='3']")
        box = self.driver.execute_script(
            "const r = document.getElementById('list').getBoundingClientRect(); return [r.left, r.bottom]")
        end = (start[0], box[1] - 6)
        kept = []

        def scrolled_far():
            # Held at the bottom edge: the list scrolls, drawing what comes; row 3 stays drawn.
            wait_for(lambda: self.driver.execute_script(
                "return document.getElementById('list').scrollTop") > 4000, timeout=60,
                what="the list to scroll 4,000 px under the held drag")
            kept.append(self.driver.execute_script(
                "const row = document.querySelector('#list li[data-n=\"3\"]');"
                " return row !== null && row.isConnected && row.classList.contains('arrange-dragging')"))

        mouse_drag(self.driver, start, end, steps=16, before_release=scrolled_far)
        self.assertEqual(kept, [True])
        wait_for(lambda: self.model("list").index(3) > 150, what="row 3 far down the model")
        place = self.model("list").index(3)
        drawn = self.assert_drawn_as_model("list", "#list li")
        # It landed in view, where the pointer let go.
        self.assertIn(3, [number for number, _, _ in drawn])
        self.assertIn(f"position {place + 1:,} of 100,000", self.said())

    def test_a_keyboard_drag_over_hundreds_of_places_then_an_undo_of_a_row_no_longer_drawn(self):
        row = self.driver.find_element(By.CSS_SELECTOR, "#list li[data-n='1']")
        self.driver.execute_script("arguments[0].focus()", row)
        row.send_keys(" ")
        self.assertIn("Picked up row 1, position 1 of 100,000", self.said())
        self.driver.switch_to.active_element.send_keys(Keys.ARROW_DOWN * 300)
        self.assertIn("position 301 of 100,000", self.said())
        self.driver.switch_to.active_element.send_keys(" ")
        wait_for(lambda: self.model("list").index(1) == 300, what="row 1 at place 301")
        self.assertEqual(self.said(), "Dropped row 1 in 100,000 rows, position 301 of 100,000")
        # Still the focused element, drawn at its new place.
        self.assertEqual(self.driver.execute_script(
            "return document.activeElement.dataset.n + ':' + document.activeElement.getAttribute('aria-posinset')"),
            "1:301")
        self.assert_drawn_as_model("list", "#list li")
        # Far from it, with the focus elsewhere, the row is no longer drawn; undo still finds it.
        self.driver.execute_script("document.activeElement.blur(); document.getElementById('list').scrollTop = 0")
        wait_for(lambda: self.driver.execute_script(
            "return !document.querySelector('#list li[data-n=\"1\"]')"), what="row 1 no longer drawn")
        self.assertTrue(self.driver.execute_script("return window.lists.list.undo()"))
        self.assertEqual(self.model("list")[:3], [1, 2, 3])
        self.assertEqual(self.said(), "Undone")
        self.assert_drawn_as_model("list", "#list li")


if __name__ == "__main__":
    unittest.main()
