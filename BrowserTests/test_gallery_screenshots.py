"""The gallery's pictures (docs/gallery.md shows every page, the README one): each page of the
real `arrange gallery` in headless Chromium, some mid-drag, each checked for what it is meant to
show before it is saved to docs/images/gallery-NAME.png.

Run: cd BrowserTests && python3 -m unittest -v test_gallery_screenshots (after `swift build`)."""

import unittest

from selenium.webdriver.common.action_chains import ActionChains

from harness import GalleryServer, chromium, open_gallery_page, screenshot, wait_for


class GalleryScreenshots(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.gallery = GalleryServer()
        cls.driver = chromium(1200, 800)

    @classmethod
    def tearDownClass(cls):
        cls.driver.quit()
        cls.gallery.stop()

    def open(self, name):
        open_gallery_page(self.driver, self.gallery.page(name))
        self.driver.execute_script("window.scrollTo(0, 0)")

    def hold_over(self, source, target):
        """Presses on `source` (a CSS selector) and moves over `target` with the mouse, not
        releasing; returns the chain's driver for the release."""
        start = self.driver.find_element("css selector", source)
        end = self.driver.find_element("css selector", target)
        actions = ActionChains(self.driver, duration=30)
        actions.move_to_element(start).click_and_hold()
        for _ in range(3):
            actions.move_by_offset(4, 4)
        actions.move_to_element(end).move_by_offset(2, 2).perform()

    def release(self):
        ActionChains(self.driver, duration=30).release().perform()

    def test_index(self):
        self.driver.get(self.gallery.url)
        links = self.driver.find_elements("css selector", ".gallery-list a")
        self.assertEqual(len(links), 7)
        screenshot(self.driver, "gallery-index.png")

    def test_layout(self):
        self.open("layout.html")
        self.driver.execute_script("""const select = document.getElementById('preset');
          select.value = 'Softimage'; select.dispatchEvent(new Event('change'));""")
        wait_for(lambda: self.driver.execute_script(
            "return document.querySelector('#stage [data-label=workspace]') !== null"), what="the Softimage preset")
        self.driver.execute_script("document.querySelector('section[aria-label=\"Laid out\"]').scrollIntoView()")
        screenshot(self.driver, "gallery-layout.png")

    def test_multiflow_in_edit_mode(self):
        self.open("multiflow.html")
        self.driver.find_element("id", "edit").click()
        wait_for(lambda: self.driver.find_element("id", "done").is_displayed(), what="edit mode")
        self.hold_over("#todo li:nth-child(1)", "#progress li:nth-child(2)")
        try:
            wait_for(lambda: self.driver.execute_script(
                "return document.querySelector('.arrange-dragging') !== null"), what="a tile lifted")
            screenshot(self.driver, "gallery-multiflow.png")
        finally:
            self.release()

    def test_collections_mid_drag(self):
        self.open("collections.html")
        self.hold_over("#a li:nth-child(2)", "#strip li:nth-child(3)")
        try:
            wait_for(lambda: self.driver.execute_script(
                "return document.getElementById('canvas').childElementCount > 0"), what="the snapshot")
            screenshot(self.driver, "gallery-collections.png")
        finally:
            self.release()

    def test_exchange_and_betweenkit(self):
        for name in ["exchange", "betweenkit"]:
            self.open(f"{name}.html")
            self.assertGreater(len(self.driver.find_elements("css selector", "[data-arrange-list], ul, ol")), 1)
            screenshot(self.driver, f"gallery-{name}.png")

    def test_sortable(self):
        self.open("sortable.html")
        self.assertGreaterEqual(len(self.driver.find_elements("css selector", "section")), 10)
        screenshot(self.driver, "gallery-sortable.png")


if __name__ == "__main__":
    unittest.main()
