"""What the board page says and shows, tried as a taskell or Obsidian user would (issue 45): a
refusal leaves the status line once a drop lands elsewhere, a card dropped into a Complete lane
is announced by its title, the details say a due date once, a short board has no scrollbar, and
"+ Add a card" follows a column's last card.

Run with `python3 -m unittest BrowserTests/test_board_words.py` after `swift build`."""

import unittest

from harness import (Server, SharedChromium, card, center, column, mouse_drag, open_board, said,
                     settled, wait_for)
from test_browser import OBSIDIAN, idle

DUE = """## To Do

- Alpha
    @ 2099-12-05
- Beta

## Doing

- Gamma

## Done

"""


class BoardWordsTests(SharedChromium):
    def page(self, server, width=1200, height=800):
        driver = self.browser(width, height)
        open_board(driver, server.url)
        return driver

    def test_a_refusal_leaves_once_a_drop_lands_and_the_drop_names_the_card(self):
        server = Server(OBSIDIAN)
        try:
            driver = self.page(server)
            status = lambda: driver.find_element("id", "status").text
            # Over the full lane and released there: refused, and the status line says why.
            mouse_drag(driver, center(driver, card("one")), center(driver, column(1)))
            wait_for(lambda: "is full" in status(), what="the reason in the status line")
            idle(driver)
            # Into the Complete lane: it lands, ticked; the refusal is no longer true.
            mouse_drag(driver, center(driver, card("two")), center(driver, column(2)))
            wait_for(lambda: "- [x] two" in server.read(), what="two ticked under Done")
            idle(driver)
            self.assertNotIn("is full", status())
            # The drop is said with the card's title, not its label from the lane it left.
            wait_for(lambda: said(driver).startswith("Dropped two in Done"),
                     what="the drop said by the card's title", timeout=10)
            self.assertNotIn("not done", said(driver))
            self.assertNotIn("Backlog", said(driver))
        finally:
            server.stop()

    def test_the_details_say_a_due_date_once(self):
        server = Server(DUE)
        try:
            driver = self.page(server)
            driver.execute_script(f"({card('Alpha')}).focus()")
            driver.switch_to.active_element.send_keys("\ue007")  # Enter
            wait_for(lambda: driver.find_element("id", "details").get_attribute("open") is not None,
                     what="the card's details")
            text = driver.find_element("id", "details-due").text
            self.assertTrue(text.startswith("Due 2099-12-05"), text)
            self.assertEqual(text.lower().count("due"), 1, text)
        finally:
            server.stop()

    def test_a_short_board_has_no_scrollbar_and_add_follows_the_last_card(self):
        server = Server(DUE)
        try:
            driver = self.page(server, 1400, 900)
            settled(driver)
            # Neither the page nor the board's own view scrolls.
            for element in ["document.scrollingElement", "document.querySelector('.board')"]:
                sizes = driver.execute_script(
                    f"const s = {element};"
                    "return [s.scrollHeight, s.clientHeight, s.scrollWidth, s.clientWidth]")
                self.assertLessEqual(sizes[0], sizes[1], f"{element} scrolls down: {sizes}")
                self.assertLessEqual(sizes[2], sizes[3], f"{element} scrolls sideways: {sizes}")
            # In each column, "+ Add a card" sits just below its last card.
            gaps = driver.execute_script("""
                return [...document.querySelectorAll('.column')].map(c => {
                  const cards = c.querySelectorAll('.card');
                  const add = [...c.querySelectorAll('button')].find(b => /Add a card/.test(b.textContent));
                  if (!add) return null;
                  const above = cards.length ? cards[cards.length - 1].getBoundingClientRect().bottom
                                             : c.querySelector('.title').getBoundingClientRect().bottom;
                  return add.getBoundingClientRect().top - above;
                })""")
            for gap in gaps:
                self.assertIsNotNone(gap)
                self.assertLess(gap, 48, f"gaps below the last cards: {gaps}")
        finally:
            server.stop()


if __name__ == "__main__":
    unittest.main()
