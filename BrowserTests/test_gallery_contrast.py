"""Text the gallery draws on gradients (stripes, a marker drawn by CSS) has a contrast of 4.5:1
or more against every colour of the gradient, light and dark: axe-core does not judge text on a
gradient, so this test computes it (WCAG 2's relative luminance), for every element of every
gallery page whose background is a gradient, its own text and what its ::before and ::after
draw.

Run: cd BrowserTests && python3 -m unittest -v test_gallery_contrast (after `swift build`)."""

import re
import unittest

from harness import GalleryServer, chromium, open_gallery_page

PAGES = ["multiflow.html", "collections.html", "exchange.html", "betweenkit.html",
         "layout.html", "sortable.html", "big.html"]

# For every element with a gradient background: the colours of its gradient (and its background
# colour), and the colour of each text it draws: its own text, ::before's and ::after's content.
COLLECT = """
const texts = [];
for (const element of document.querySelectorAll('body *')) {
  const style = getComputedStyle(element);
  if (!style.backgroundImage.includes('gradient')) continue;
  const backgrounds = [...style.backgroundImage.matchAll(/rgba?\\([^)]*\\)/g)].map((m) => m[0]);
  if (style.backgroundColor !== 'rgba(0, 0, 0, 0)') backgrounds.push(style.backgroundColor);
  const own = [...element.childNodes].some((node) => node.nodeType === 3 && node.textContent.trim());
  const name = element.tagName.toLowerCase() + (element.className ? '.' + String(element.className).trim().split(/\\s+/).join('.') : '');
  if (own && style.visibility !== 'hidden') texts.push([name, element.textContent.trim().slice(0, 20), style.color, backgrounds]);
  for (const pseudo of ['::before', '::after']) {
    const drawn = getComputedStyle(element, pseudo);
    if (drawn.content === 'none' || drawn.content === 'normal' || drawn.content === '""' || drawn.visibility === 'hidden') continue;
    texts.push([name + pseudo, drawn.content.slice(0, 20), drawn.color, backgrounds]);
  }
}
return texts;
"""


def luminance(colour):
    red, green, blue = (int(value) / 255 for value in re.findall(r"[\d.]+", colour)[:3])

    def linear(channel):
        return channel / 12.92 if channel <= 0.03928 else ((channel + 0.055) / 1.055) ** 2.4
    return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)


def contrast(first, second):
    high, low = sorted([luminance(first), luminance(second)], reverse=True)
    return (high + 0.05) / (low + 0.05)


class GalleryContrast(unittest.TestCase):
    maxDiff = None
    @classmethod
    def setUpClass(cls):
        cls.gallery = GalleryServer()
        cls.driver = chromium(1200, 800)

    @classmethod
    def tearDownClass(cls):
        cls.driver.quit()
        cls.gallery.stop()

    def test_text_on_gradients_has_4_5_to_1_light_and_dark(self):
        checked = 0
        failures = []
        for scheme in ["light", "dark"]:
            self.driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {
                "features": [{"name": "prefers-color-scheme", "value": scheme}]})
            for page in PAGES:
                open_gallery_page(self.driver, self.gallery.page(page))
                for name, text, colour, backgrounds in self.driver.execute_script(COLLECT):
                    for background in backgrounds:
                        checked += 1
                        ratio = contrast(colour, background)
                        if ratio < 4.5:
                            failures.append(f"{scheme} {page} {name} {text!r}: {colour} on {background} "
                                            f"{ratio:.2f}:1")
        self.driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})
        # The pages do draw text on gradients (the exchange page's fixed tiles, the filtered item).
        self.assertGreater(checked, 10)
        self.assertEqual(failures, [])


if __name__ == "__main__":
    unittest.main()
