"""An accessibility audit of every page of the gallery (`arrange gallery`) with axe-core, light
and dark: every page must have no violation at all. Mid-drag states are the library's, audited
on the board page (test_accessibility).

Needs Python 3.12 or later with `axe-selenium-python` 3 (axe-core 4); `.ci/run` makes a venv
for it. Run with `python -m unittest -v test_gallery_accessibility` from BrowserTests after
`swift build --product arrange`."""

import json
import unittest

from harness import GalleryServer, allow_slow_commands, chromium, open_gallery_page
from test_accessibility import violations

PAGES = ["multiflow.html", "collections.html", "exchange.html", "betweenkit.html", "layout.html",
         "sortable.html", "big.html"]


class GalleryAccessibility(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.gallery = GalleryServer()
        cls.driver = chromium(1200, 900)
        # The big page's 11,000 items take axe a while: minutes on a loaded machine.
        allow_slow_commands(cls.driver, 900)

    @classmethod
    def tearDownClass(cls):
        cls.driver.quit()
        cls.gallery.stop()

    def audit(self, state):
        found = violations(self.driver)
        self.assertEqual(found, [], f"{state}: " + json.dumps(found, ensure_ascii=False, indent=1))

    def scheme(self, value):
        self.driver.execute_cdp_cmd("Emulation.setEmulatedMedia",
                                    {"features": [{"name": "prefers-color-scheme", "value": value}]})

    def test_every_page_light_and_dark(self):
        for scheme in ["light", "dark"]:
            self.scheme(scheme)
            with self.subTest(page="index.html", scheme=scheme):
                self.driver.get(self.gallery.url)
                self.audit(f"index.html, {scheme}")
            for page in PAGES:
                with self.subTest(page=page, scheme=scheme):
                    open_gallery_page(self.driver, self.gallery.page(page))
                    self.audit(f"{page}, {scheme}")
        self.scheme("light")


if __name__ == "__main__":
    unittest.main()
