"""`arrange serve FOLDER` in a real browser (headless Chromium): the list of the folder's boards,
the switcher of a board's page, each board live on its own, and a drag saved to its board's file
and to no other.

Run with `cd BrowserTests && python3 -m unittest -v test_boards` after
`swift build --product arrange`."""

import time
import unittest

from selenium.webdriver.common.by import By
from selenium.webdriver.support.select import Select

from harness import (FolderServer, Server, SharedChromium, center, card, column, columns_shown,
                     mouse_drag, open_board, wait_for)

FIRST = """## To Do

- Alpha
- Beta

## Done

- Gamma
"""

SECOND = """## Ideas

- Delta
- Epsilon

## Shipped

- Zeta
"""

# A name with a space and a letter outside ASCII: its address is escaped.
SECOND_NAME = "second board é.md"


class BoardsTests(SharedChromium):
    """One Chromium for the class (a second for the tests of two pages); each test has a folder of
    its own, and its pages open in fresh tabs."""

    def setUp(self):
        super().setUp()
        self.server = FolderServer({"first.md": FIRST, SECOND_NAME: SECOND})

    def tearDown(self):
        self.server.stop()

    def links(self, driver):
        return driver.execute_script(
            "return [...document.querySelectorAll('#board-list a')].map(a => a.textContent)")

    def switcher(self, driver):
        """The names the switcher offers, and the one chosen."""
        return driver.execute_script(
            "const s = document.getElementById('boards');"
            "return [[...s.options].map(o => o.textContent), s.selectedOptions[0]?.textContent,"
            " document.getElementById('boards-control').hidden]")

    def test_the_list_links_every_board_and_opens_one(self):
        driver = self.browser()
        driver.get(self.server.url)
        wait_for(lambda: len(self.links(driver)) == 2, what="the list of boards")
        self.assertEqual(self.links(driver), ["first", "second board é"])
        driver.find_element(By.LINK_TEXT, "second board é").click()
        wait_for(lambda: driver.execute_script("return document.querySelectorAll('.card').length") > 0,
                 what="the second board to be drawn")
        self.assertEqual(columns_shown(driver), [["Delta", "Epsilon"], ["Zeta"]])
        self.assertIn("/b/second%20board%20%C3%A9.md/", driver.current_url)

    def test_switch_between_boards_and_a_drag_lands_in_its_own_file(self):
        driver = self.browser()
        open_board(driver, self.server.url.replace("/#", "/b/first.md/#"))
        self.assertEqual(columns_shown(driver), [["Alpha", "Beta"], ["Gamma"]])
        wait_for(lambda: self.switcher(driver)[2] is False, what="the switcher to show")
        names, chosen, _ = self.switcher(driver)
        self.assertEqual(chosen, "first")
        self.assertIn("second board é", names)
        # Switch to the second board.
        Select(driver.find_element(By.ID, "boards")).select_by_visible_text("second board é")
        wait_for(lambda: columns_shown(driver) == [["Delta", "Epsilon"], ["Zeta"]],
                 what="the second board to be drawn")
        wait_for(lambda: self.switcher(driver)[1] == "second board é",
                 what="the switcher to name the second board")
        # A drag in the second board: saved to its file, not to the first's.
        mouse_drag(driver, center(driver, card("Delta")), center(driver, column(1)))
        wait_for(lambda: "## Shipped\n\n- Zeta\n- Delta\n" in self.server.read_board(SECOND_NAME),
                 what="the drag to be saved to the second board's file")
        self.assertEqual(self.server.read_board("first.md"), FIRST)
        # Back to the first board: as it was.
        Select(driver.find_element(By.ID, "boards")).select_by_visible_text("first")
        wait_for(lambda: columns_shown(driver) == [["Alpha", "Beta"], ["Gamma"]],
                 what="the first board to be drawn again")
        # Live: an edit of the first board's file shows on its page; the second's does not move.
        other = self.browser()
        open_board(other, self.server.url.replace("/#", "/b/second%20board%20%C3%A9.md/#"))
        self.server.write_board("first.md", FIRST.replace("- Gamma", "- Gamma\n- Eta"))
        wait_for(lambda: columns_shown(driver) == [["Alpha", "Beta"], ["Gamma", "Eta"]],
                 what="the outside edit to show on the first board's page")
        # That the second board's page does not move is what is checked: nothing it shows says
        # "no push came", so this wait is on the clock (a push comes within a poll or two of the
        # server's, a quarter of a second each, as it came to the first board's page).
        time.sleep(0.5)
        self.assertEqual(columns_shown(other), [["Epsilon"], ["Zeta", "Delta"]])

    def test_a_board_added_later_appears_in_the_list_and_the_switcher(self):
        driver = self.browser()
        driver.get(self.server.url)
        wait_for(lambda: len(self.links(driver)) == 2, what="the list of boards")
        page = self.browser()
        open_board(page, self.server.url.replace("/#", "/b/first.md/#"))
        self.server.write_board("third.md", "## Later\n\n- Theta\n")
        wait_for(lambda: "third" in self.links(driver), timeout=20, what="the new board in the list")
        wait_for(lambda: "third" in self.switcher(page)[0], timeout=20,
                 what="the new board in the switcher")

    def test_a_page_without_the_token_is_told_to_open_the_printed_address(self):
        driver = self.browser()
        driver.get(self.server.url.split("#")[0])
        wait_for(lambda: "arrange serve printed" in driver.find_element(By.ID, "status").text,
                 what="the page to ask for the printed address")
        self.assertEqual(self.links(driver), [])


class OneBoardTests(SharedChromium):
    def test_a_server_of_one_board_shows_no_switcher(self):
        server = Server(FIRST)
        try:
            driver = self.browser()
            open_board(driver, server.url)
            # That no switcher shows is what is checked: nothing the page shows says "none will
            # come", so this wait is on the clock.
            time.sleep(0.5)
            self.assertTrue(driver.execute_script(
                "return document.getElementById('boards-control').hidden"))
        finally:
            server.stop()


if __name__ == "__main__":
    unittest.main()
