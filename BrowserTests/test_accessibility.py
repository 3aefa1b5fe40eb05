"""An accessibility audit of the board page with axe-core (through axe-selenium-python), in the
states people meet: the board, a card's details, a keyboard drag, a search, the conflict bar, a
phone's width, tags and dark mode. Every state must have no violation at all.

Needs Python 3.12 or later with `axe-selenium-python` 3 (axe-core 4); `.ci/run` makes a venv
for it. Run with `python -m unittest -v test_accessibility` from BrowserTests after
`swift build --product arrange`."""

import datetime
import json
import unittest

from axe_selenium_python import Axe

from harness import FolderServer, Server, SharedChromium, card, columns_shown, lifted, open_board, wait_for
from test_browser import BOARD, OBSIDIAN


def violations(driver):
    """axe-core's violations on the page as it is now, as short lines."""
    axe = Axe(driver)
    axe.inject()
    # Every rule runs as before; only the violations are worked out node by node (the passes
    # keep one node each). On the gallery's big page that is a third of axe's time.
    results = axe.run(options={"resultTypes": ["violations"]})
    lines = []
    for violation in results["violations"]:
        targets = [", ".join(node["target"]) for node in violation["nodes"]][:4]
        lines.append(f"{violation['id']} ({violation['impact']}): {violation['help']} — {targets}")
    return lines


class AccessibilityTests(SharedChromium):
    """One Chromium for the class; each state is audited on a fresh tab (which also drops the
    emulated dark mode of the one before)."""

    def setUp(self):
        super().setUp()
        self.servers = []

    def tearDown(self):
        for server in self.servers:
            server.stop()

    def page(self, text=BOARD, width=1200, height=800, dark=False):
        server = Server(text)
        self.servers.append(server)
        driver = self.browser(width, height, again=True)
        if dark:
            driver.execute_cdp_cmd(
                "Emulation.setEmulatedMedia",
                {"features": [{"name": "prefers-color-scheme", "value": "dark"}]})
        open_board(driver, server.url)
        return server, driver

    def audit(self, driver, state):
        found = violations(driver)
        self.assertEqual(found, [], f"{state}: " + json.dumps(found, ensure_ascii=False, indent=1))

    def test_the_board(self):
        _, driver = self.page()
        self.audit(driver, "the board")

    def test_an_obsidian_board_with_a_full_lane(self):
        _, driver = self.page(OBSIDIAN)
        self.audit(driver, "an Obsidian board with a full lane")

    def test_dark_mode(self):
        _, driver = self.page(OBSIDIAN, dark=True)
        self.audit(driver, "dark mode")

    def test_tags_light_and_dark(self):
        tagged = BOARD.replace("- Alpha\n", "- Alpha #urgent #home\n").replace(
            "- Gamma\n", "- Gamma #later #review #x\n")
        for dark in (False, True):
            _, driver = self.page(tagged, dark=dark)
            self.audit(driver, "tags in dark mode" if dark else "tags")

    def test_due_dates_and_the_due_list_light_and_dark(self):
        day = lambda n: (datetime.date.today() + datetime.timedelta(days=n)).isoformat()
        dated = (BOARD.replace("- Alpha\n", f"- Alpha\n    @ {day(-1)}\n")
                 .replace("- Gamma\n", f"- Gamma\n    @ {day(0)}\n")
                 .replace("- Delta\n", f"- Delta\n    @ {day(2)}\n"))
        for dark in (False, True):
            _, driver = self.page(dated, dark=dark)
            self.audit(driver, "due dates in dark mode" if dark else "due dates")
            driver.execute_script(f"({card('Beta')}).focus()")
            driver.switch_to.active_element.send_keys("d")
            wait_for(lambda: driver.find_element("id", "due").get_attribute("open") is not None,
                     what="the due list")
            self.audit(driver, "the due list in dark mode" if dark else "the due list")

    def test_a_folder_of_boards_the_list_and_the_switcher(self):
        server = FolderServer({"first.md": BOARD, "second board.md": OBSIDIAN})
        self.servers.append(server)
        for dark in (False, True):
            driver = self.browser(again=True)
            if dark:
                driver.execute_cdp_cmd(
                    "Emulation.setEmulatedMedia",
                    {"features": [{"name": "prefers-color-scheme", "value": "dark"}]})
            driver.get(server.url)
            wait_for(lambda: len(driver.find_elements("css selector", "#board-list a")) == 2,
                     what="the list of boards")
            self.audit(driver, "the list of boards" + (" in dark mode" if dark else ""))
            open_board(driver, server.url.replace("/#", "/b/first.md/#"))
            wait_for(lambda: driver.execute_script(
                "return !document.getElementById('boards-control').hidden"), what="the switcher")
            self.audit(driver, "a board with its switcher" + (" in dark mode" if dark else ""))

    def test_a_phone(self):
        _, driver = self.page(width=390, height=844)
        self.audit(driver, "a phone's width")

    def test_a_cards_details(self):
        _, driver = self.page()
        driver.execute_script(f"({card('Beta')}).focus()")
        driver.switch_to.active_element.send_keys("\ue007")  # Enter
        wait_for(lambda: driver.find_element("id", "details").get_attribute("open") is not None,
                 what="the card's details")
        self.audit(driver, "a card's details")

    def test_a_keyboard_drag(self):
        _, driver = self.page()
        driver.execute_script(f"({card('Alpha')}).focus()")
        driver.switch_to.active_element.send_keys(" ")
        driver.switch_to.active_element.send_keys("\ue015")  # down
        wait_for(lambda: lifted(driver), what="Alpha lifted")
        self.audit(driver, "a keyboard drag")

    def test_a_search(self):
        _, driver = self.page()
        driver.execute_script(f"({card('Alpha')}).focus()")
        driver.switch_to.active_element.send_keys("/")
        driver.switch_to.active_element.send_keys("be")
        wait_for(lambda: columns_shown(driver) == [["Beta"], [], []], what="the search to show Beta alone")
        self.audit(driver, "a search")

    def test_a_big_board_in_virtual_columns_and_a_keyboard_drag_there(self):
        from test_board_virtual import big_board
        _, driver = self.page(big_board(per_column=1000))
        wait_for(lambda: driver.execute_script("return document.querySelector('.column.virtual .card') !== null"),
                 what="the virtual columns")
        self.audit(driver, "a big board")
        driver.execute_script("document.querySelector('.column.virtual .card').focus()")
        driver.switch_to.active_element.send_keys(" ")
        driver.switch_to.active_element.send_keys("\ue015")  # down
        wait_for(lambda: lifted(driver), what="a card lifted")
        self.audit(driver, "a keyboard drag on a big board")

    def test_the_conflict_bar(self):
        server, driver = self.page()
        alpha = driver.execute_script(
            "return board.columns[0].cards.find(c => c.title === 'Alpha').id")
        version = driver.execute_script("return board.version")
        # An editor writes the card's new title and keeps the file open while the page renames
        # the card too: the server holds the page's change until the editor is done, then finds
        # the two in conflict, however slow the machine (had the editor closed the file first,
        # a slow page's change could come after the server took the editor's version in).
        with open(server.path, "w", encoding="utf-8") as editor:
            editor.write(BOARD.replace("- Alpha\n", "- Alpha from the editor\n"))
            editor.flush()
            server.change(version, [{"op": "rename", "card": alpha, "title": "Alpha from the page"}])
        wait_for(lambda: driver.execute_script("return !document.getElementById('conflict').hidden"),
                 what="the conflict bar")
        self.audit(driver, "the conflict bar")


if __name__ == "__main__":
    unittest.main()
