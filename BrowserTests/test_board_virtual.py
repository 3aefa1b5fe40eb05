"""The board page on a big board: more than 500 cards draw their columns as virtual lists
(board-virtual.js), which only have the cards in view on the page. What is checked here is what
a person does there — drag by mouse, held at a column's edge, by keyboard, arrows over dozens of
cards, a search, another program's change — each against the board the server then holds, not
against the page's own idea of it.

Run after `swift build`: `python3 -m unittest test_board_virtual` in BrowserTests/."""

import json
import unittest
import urllib.request

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.keys import Keys

from harness import (Server, center, chromium, mouse_drag, next_frames, open_board, quiet, said, settled,
                     wait_for)

COLUMNS = 4
PER_COLUMN = 5000


def big_board(per_column=PER_COLUMN, columns=COLUMNS):
    """A taskell board of `columns` columns of `per_column` cards titled "Card C-K"; every third
    card's title runs to three lines, every fifth has a due date."""
    lines = []
    for c in range(1, columns + 1):
        lines.append(f"## Column {c}\n\n")
        for k in range(1, per_column + 1):
            tail = " with a title long enough to take three lines of its card" if k % 3 == 0 else ""
            lines.append(f"- Card {c}-{k}{tail}\n")
            if k % 5 == 0:
                lines.append("    @ 2031-05-06\n")
        lines.append("\n")
    return "".join(lines)


def short(title):
    """A card's title without its long tail."""
    return title.split(" with ")[0]


class WithChromium(unittest.TestCase):
    """One Chromium window for a class's tests."""

    @classmethod
    def setUpClass(cls):
        cls.driver = chromium(1200, 800)

    @classmethod
    def tearDownClass(cls):
        cls.driver.quit()


class VirtualBoardTests(WithChromium):
    def setUp(self):
        self.server = Server(big_board())
        open_board(self.driver, self.server.url)

    def tearDown(self):
        self.server.stop()

    # What the page draws, and what the server holds.

    def columns(self):
        """The server's board: each column's card titles (short)."""
        board = self.server.board(timeout=60)
        return [[short(card["title"]) for card in column["cards"]] for column in board["columns"]]

    def wait_for_server(self, condition, what):
        wait_for(lambda: condition(self.columns()), timeout=60, what=what)

    def drawn(self, column):
        """The cards column `column` draws: (title, its place, of how many)."""
        return self.driver.execute_script(
            "return [...document.querySelectorAll('.column')[arguments[0]].querySelectorAll('.card')]"
            ".map(c => [c.querySelector('.text').textContent, Number(c.getAttribute('aria-posinset')),"
            " Number(c.getAttribute('aria-setsize'))])", column)

    def card_script(self, title):
        return ("[...document.querySelectorAll('.card')].find(c => "
                f"c.querySelector('.text').textContent.split(' with ')[0] === {title!r})")

    def press(self, *keys):
        for key in keys:
            ActionChains(self.driver).send_keys(key).perform()
            quiet(self.driver)

    def test_only_the_cards_in_view_are_drawn_each_saying_its_place(self):
        total = self.driver.execute_script("return document.querySelectorAll('.card').length")
        self.assertLess(total, 400, "a column draws what is in view, not its 5,000 cards")
        labels = self.driver.execute_script(
            "return [...document.querySelectorAll('.column')].map(c => c.getAttribute('aria-label'))")
        self.assertEqual(labels, [f"Column {c}, 5000 cards" for c in range(1, 5)])
        for column in range(COLUMNS):
            drawn = self.drawn(column)
            self.assertTrue(drawn)
            for title, place, size in drawn:
                self.assertEqual(title.split(" with ")[0], f"Card {column + 1}-{place}")
                self.assertEqual(size, PER_COLUMN)
        # Cards do not overlap, and a long title's card is taller than a short one's.
        rects = self.driver.execute_script(
            "return [...document.querySelectorAll('.column')[0].querySelectorAll('.card')]"
            ".map(c => { const r = c.getBoundingClientRect(); return [r.top, r.bottom]; })"
            ".sort((a, b) => a[0] - b[0])")
        for (_, bottom), (top, _) in zip(rects, rects[1:]):
            self.assertLessEqual(bottom, top + 0.5)
        heights = self.driver.execute_script(
            "const c = [...document.querySelectorAll('.column')[0].querySelectorAll('.card')];"
            "return [c[0].offsetHeight, c[2].offsetHeight, c[2].querySelector('.text').scrollHeight,"
            " c[2].querySelector('.text').clientHeight]")
        self.assertGreater(heights[1], heights[0] + 20)
        self.assertLessEqual(heights[2], heights[3] + 1, "a title fits the lines its card has")

    def test_a_card_dragged_to_another_column_lands_there_on_the_server(self):
        start = center(self.driver, self.card_script("Card 1-2"))
        target = center(self.driver, self.card_script("Card 2-4"))
        mouse_drag(self.driver, start, (target[0], target[1] - 4), steps=20)
        settled(self.driver)
        self.wait_for_server(lambda columns: "Card 1-2" in columns[1], "the move to be saved")
        columns = self.columns()
        self.assertEqual(len(columns[0]), PER_COLUMN - 1)
        self.assertEqual(len(columns[1]), PER_COLUMN + 1)
        # Where the page says it is, the server has it.
        place = self.driver.execute_script(
            f"return Number(({self.card_script('Card 1-2')}).getAttribute('aria-posinset'))")
        self.assertEqual(columns[1].index("Card 1-2"), place - 1)
        self.assertIn(place, (3, 4, 5))
        self.assertEqual(
            self.driver.execute_script(
                "return document.querySelectorAll('.column')[1].getAttribute('aria-label')"),
            "Column 2, 5001 cards")

    def test_a_card_held_at_a_columns_foot_scrolls_it_and_lands_far_down(self):
        start = center(self.driver, self.card_script("Card 1-1"))
        foot = self.driver.execute_script(
            "const r = document.querySelectorAll('.column .cards')[1].getBoundingClientRect();"
            "return [r.left + r.width / 2, r.bottom - 6]")
        scrolled = lambda: self.driver.execute_script(
            "return document.querySelectorAll('.column .cards')[1].scrollTop")

        def hold():
            # Small moves at the foot, until the column has scrolled well past what was drawn.
            for step in range(2000):
                self.driver.execute_cdp_cmd("Input.dispatchMouseEvent", {
                    "type": "mouseMoved", "x": foot[0] + (step % 2), "y": foot[1], "button": "left",
                    "buttons": 1})
                if scrolled() > 3000:
                    return
                next_frames(self.driver, 1)
        mouse_drag(self.driver, start, foot, steps=16, before_release=hold)
        settled(self.driver)
        self.wait_for_server(lambda columns: "Card 1-1" in columns[1], "the move to be saved")
        landed = self.columns()[1].index("Card 1-1")
        self.assertGreater(landed, 30, "it went where the column had scrolled to")
        place = self.driver.execute_script(
            f"return Number(({self.card_script('Card 1-1')}).getAttribute('aria-posinset'))")
        self.assertEqual(place - 1, landed)

    def test_the_keyboard_moves_over_cards_not_drawn_and_drags_one_there(self):
        first = self.driver.execute_script(f"return {self.card_script('Card 1-1')}")
        self.driver.execute_script("arguments[0].focus()", first)
        self.press(*[Keys.ARROW_DOWN] * 40)
        focused = self.driver.execute_script(
            "const a = document.activeElement; return [a.querySelector('.text')?.textContent,"
            " a.getAttribute('aria-posinset')]")
        self.assertEqual(short(focused[0]), "Card 1-41")
        self.assertEqual(focused[1], "41")
        # Picked up, two places down, into the next column, dropped.
        self.press(" ", Keys.ARROW_DOWN, Keys.ARROW_DOWN, Keys.ARROW_RIGHT)
        heard = said(self.driver)
        self.assertIn("of 5,001", heard)
        self.press(" ")
        settled(self.driver)
        self.wait_for_server(lambda columns: "Card 1-41" in columns[1], "the move to be saved")
        place = int(said(self.driver).split("position ")[1].split(" of")[0].replace(",", ""))
        self.assertEqual(self.columns()[1].index("Card 1-41"), place - 1)
        self.assertEqual(short(self.driver.execute_script(
            "return document.activeElement.querySelector('.text').textContent")), "Card 1-41")

    def test_a_search_shows_the_matching_cards_and_a_drop_there_lands_by_the_whole_board(self):
        search = self.driver.find_element("id", "search")
        search.send_keys("Card 3-4")
        wait_for(lambda: self.drawn(2) and all(t.startswith("Card 3-4") for t, _, _ in self.drawn(2)),
                 what="the search to be shown")
        shown = self.drawn(2)
        # 3-4, 3-40…3-49, 3-400…3-499, 3-4000…3-4999: 1,111 cards.
        self.assertEqual(shown[0][2], 1111)
        self.assertEqual(self.drawn(0), [])
        # The first shown card to the place of the third shown: after 3-40 and 3-41 in the board.
        start = center(self.driver, self.card_script("Card 3-4"))
        target = center(self.driver, self.card_script("Card 3-42"))
        mouse_drag(self.driver, start, (target[0], target[1] + 6), steps=16)
        settled(self.driver)
        self.wait_for_server(lambda columns: columns[2].index("Card 3-4") > 3, "the move to be saved")
        column = self.columns()[2]
        at = column.index("Card 3-4")
        # The card before it on the server is the one the page shows before it.
        place = self.driver.execute_script(
            f"return Number(({self.card_script('Card 3-4')}).getAttribute('aria-posinset'))")
        before = [short(t) for t, p, _ in self.drawn(2) if p == place - 1]
        self.assertEqual(before, [column[at - 1]])
        self.assertIn(column[at - 1], ("Card 3-41", "Card 3-42"))

    def test_another_programs_change_is_shown_where_the_column_is_scrolled(self):
        board = self.server.board(timeout=60)
        card = board["columns"][3]["cards"][0]["id"]
        status, answer = self.change(board["version"], {"op": "moveCard", "card": card, "column": 0, "index": 1})
        self.assertEqual(status, 200, answer)
        wait_for(lambda: [t.split(" with ")[0] for t, _, _ in self.drawn(0)][:3]
                 == ["Card 1-1", "Card 4-1", "Card 1-2"], timeout=30, what="the change to be shown")
        labels = self.driver.execute_script(
            "return [...document.querySelectorAll('.column')].map(c => c.getAttribute('aria-label'))")
        self.assertEqual(labels[0], "Column 1, 5001 cards")
        self.assertEqual(labels[3], "Column 4, 4999 cards")
        # A card edited in place (its place the same) is drawn anew too.
        board = self.server.board(timeout=60)
        card = board["columns"][0]["cards"][0]["id"]
        status, answer = self.change(board["version"], {"op": "setTitle", "card": card, "title": "Card 1-1 renamed"})
        self.assertEqual(status, 200, answer)
        wait_for(lambda: self.drawn(0)[0][0] == "Card 1-1 renamed", timeout=30, what="the rename to be shown")

    def test_selecting_cards_says_it_is_for_smaller_boards(self):
        first = self.driver.execute_script(f"return {self.card_script('Card 1-1')}")
        self.driver.execute_script("arguments[0].focus()", first)
        self.press("v")
        self.assertIn("at most 500 cards", said(self.driver))
        self.assertEqual(self.driver.execute_script("return document.querySelectorAll('.card.selected').length"), 0)

    def change(self, version, request):
        token = self.server.url.split("#token=")[1]
        made = urllib.request.Request(
            f"http://127.0.0.1:{self.server.port}/api/change", method="POST",
            data=json.dumps({"version": version, "requests": [request]}).encode(),
            headers={"X-Arrange-Token": token, "Content-Type": "application/json"})
        with urllib.request.urlopen(made, timeout=60) as answer:
            return answer.status, json.loads(answer.read())


class BoardSizeTests(WithChromium):
    """At 500 cards a board is drawn whole; a card more, virtual. A board of 1,000 (whose drags
    had a long frame each, drawn whole) is virtual."""

    def test_a_board_that_grows_past_five_hundred_cards_is_drawn_in_virtual_columns(self):
        server = Server(big_board(per_column=125))
        try:
            open_board(self.driver, server.url)
            count = lambda: self.driver.execute_script("return document.querySelectorAll('.card').length")
            self.assertEqual(count(), 500)
            board = server.board()
            status, _ = server.change(board["version"], [{"op": "addCard", "title": "One more", "column": 0}])
            self.assertEqual(status, 200)
            wait_for(lambda: count() < 400, timeout=30, what="the columns to become virtual")
            self.assertEqual(self.driver.execute_script(
                "return document.querySelectorAll('.column')[0].getAttribute('aria-label')"), "Column 1, 126 cards")
            # And back, when it has 500 again.
            board = server.board()
            added = board["columns"][0]["cards"][-1]["id"]
            status, _ = server.change(board["version"], [{"op": "removeCard", "card": added}])
            self.assertEqual(status, 200)
            wait_for(lambda: count() == 500, timeout=30, what="the columns to be drawn whole again")
        finally:
            server.stop()

    def test_a_selection_ends_when_the_board_grows_past_five_hundred_cards(self):
        # Virtual columns select nothing: cards selected before are not selected still, unseen,
        # to come back selected (and be dragged along) once the board is drawn whole again.
        server = Server(big_board(per_column=125))
        try:
            open_board(self.driver, server.url)
            count = lambda: self.driver.execute_script("return document.querySelectorAll('.card').length")
            selected = lambda: self.driver.execute_script("return document.querySelectorAll('.card.selected').length")
            card = self.driver.execute_script("return [...document.querySelectorAll('.card')][1]")
            self.driver.execute_script("arguments[0].focus()", card)
            ActionChains(self.driver).send_keys("v").perform()
            wait_for(lambda: selected() == 1, timeout=10, what="the card to be selected")
            board = server.board()
            status, _ = server.change(board["version"], [{"op": "addCard", "title": "One more", "column": 3}])
            self.assertEqual(status, 200)
            wait_for(lambda: count() < 400, timeout=30, what="the columns to become virtual")
            self.assertIn("more than 500 cards: no card is selected", said(self.driver))
            board = server.board()
            added = board["columns"][3]["cards"][-1]["id"]
            status, _ = server.change(board["version"], [{"op": "removeCard", "card": added}])
            self.assertEqual(status, 200)
            wait_for(lambda: count() == 500, timeout=30, what="the columns to be drawn whole again")
            self.assertEqual(selected(), 0)
            self.assertEqual(self.driver.execute_script(
                "return document.querySelectorAll('.card.arrange-selected').length"), 0)
        finally:
            server.stop()


if __name__ == "__main__":
    unittest.main()
