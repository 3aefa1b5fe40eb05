"""`arrange serve` in a real browser (headless Chromium): drags with a mouse, a finger and the
keyboard land in the file; two pages and the terminal app see each other's changes; the page
says what happened in its aria-live region; refusals show their reason.

Run with `python3 -m unittest BrowserTests/test_browser.py` after `swift build`."""

import datetime
import os
import subprocess
import time
import unittest

from harness import (Server, SharedChromium, Tmux, center, card, column, columns_shown, executable,
                     mouse_drag, next_frames, open_board, said, screenshot, settled, touch_drag,
                     wait_for)

BOARD = """## To Do

- Alpha
- Beta
    > the second card
    * [x] first step
    * [ ] second step
- Gamma

## Doing

- Delta

## Done

- Epsilon
"""

OBSIDIAN = """---

kanban-plugin: board

---

## Backlog

- [ ] one
- [ ] two

## Doing (1)

- [ ] busy

## Done

**Complete**
- [x] old


***

## Archive

- [x] shipped long ago

%% kanban:settings
```
{"kanban-plugin":"board"}
```
%%
"""


def idle(driver):
    """Waits until the board page has nothing under way: no drag, a drop released shown and its
    slides over, and no change of its on the way to the server (a change the server took is in
    the file by then). What a gesture was to do is then done, and what it was not to do is not."""
    settled(driver)
    wait_for(lambda: driver.execute_script("return inFlight === 0"), timeout=20,
             what="the page's changes to be answered")


class BrowserTests(SharedChromium):
    """One Chromium for the class (a second for the test of two pages); each test has a board
    of its own, and its pages open in fresh tabs."""

    def setUp(self):
        super().setUp()
        self.server = Server(BOARD)

    def tearDown(self):
        self.server.stop()

    def page(self, width=1200, height=800, server=None):
        driver = self.browser(width, height)
        open_board(driver, (server or self.server).url)
        return driver

    def test_mouse_drag_between_columns_lands_in_the_file(self):
        driver = self.page()
        start = center(driver, card("Beta"))
        end = center(driver, column(2))

        def midway():
            # The lifted card follows the pointer, scaled (caught at 1.2, dragged at 1.05) and
            # translucent; Done is the target.
            lifted = driver.execute_script(
                "const g = document.querySelector('.card.arrange-dragging');"
                "return g && [getComputedStyle(g).opacity, g.style.scale, g.textContent]")
            self.assertIsNotNone(lifted, "no card lifted while dragging")
            self.assertAlmostEqual(float(lifted[0]), 0.8, places=2)
            self.assertIn(lifted[1], ("1.2", "1.05"))
            self.assertIn("Beta", lifted[2])
            self.assertTrue(driver.execute_script(
                "return document.querySelectorAll('.column')[2].classList.contains('target')"))
            # Beta's neighbour below slides up into the place it left.
            slide = driver.execute_script(f"return ({card('Gamma')}).style.transform")
            self.assertTrue(slide.startswith("translateY(-"), slide)
            screenshot(driver, "browser-drag.png")
        mouse_drag(driver, start, end, before_release=midway)
        wait_for(lambda: "## Done\n\n- Epsilon\n- Beta\n    > the second card\n" in self.server.read(),
                 what="the file to have Beta, with its lines, under Done")
        self.assertIn("## To Do\n\n- Alpha\n- Gamma\n", self.server.read())
        self.assertEqual(columns_shown(driver), [["Alpha", "Gamma"], ["Delta"], ["Epsilon", "Beta"]])
        self.assertIn("Beta", said(driver))
        self.assertTrue(said(driver).startswith("Dropped"), said(driver))

    def test_keyboard_drag(self):
        driver = self.page()
        driver.execute_script(f"({card('Alpha')}).focus()")
        chain = driver.switch_to.active_element
        chain.send_keys(" ")
        wait_for(lambda: "Lifted" in said(driver) or "Alpha" in said(driver), what="the lift to be said")
        chain = driver.switch_to.active_element
        for key, column_title in [("\ue014", "Doing"), ("\ue014", "Done")]:  # Right, Right: to Done
            chain.send_keys(key)
            wait_for(lambda: said(driver).startswith(f"Moved to {column_title}"),
                     what=f"the move to {column_title} to be said")
        driver.switch_to.active_element.send_keys(" ")
        wait_for(lambda: "## Done\n\n- Epsilon\n- Alpha\n" in self.server.read()
                 or "## Done\n\n- Alpha\n- Epsilon\n" in self.server.read(),
                 what="Alpha under Done")
        self.assertTrue(said(driver).startswith("Dropped Alpha"), said(driver))
        # The focus follows the card (once it has flown home), so the next key acts on it.
        wait_for(lambda: driver.execute_script("return document.activeElement.dataset.key") == "Alpha",
                 what="the focus on Alpha")

    def test_touch_drag(self):
        driver = self.page()
        start = center(driver, card("Gamma"))
        end = center(driver, column(1))
        touch_drag(driver, start, end)
        wait_for(lambda: "## Doing\n\n- Delta\n- Gamma\n" in self.server.read(),
                 what="Gamma under Doing after a touch drag")

    def test_a_quick_swipe_scrolls_instead_of_dragging(self):
        server = Server("## Long\n\n" + "".join(f"- card {k}\n" for k in range(40)) + "\n## Other\n")
        try:
            driver = self.page(width=900, height=500, server=server)
            before = server.read()
            start = center(driver, card("card 1"))
            driver.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": True, "maxTouchPoints": 1})
            points = lambda x, y: [{"x": x, "y": y, "id": 1}]  # noqa: E731
            driver.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": points(*start)})
            for step in range(1, 9):
                driver.execute_cdp_cmd("Input.dispatchTouchEvent", {
                    "type": "touchMove", "touchPoints": points(start[0], start[1] - step * 30)})
                time.sleep(0.01)  # the swipe's pace: quick, a move every 10 ms (no wait)
            driver.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
            wait_for(lambda: driver.execute_script("return document.getElementById('board').scrollTop") > 50,
                     what="the board to scroll")
            idle(driver)
            self.assertEqual(server.read(), before)
            self.assertEqual(driver.execute_script("return document.querySelectorAll('.arrange-dragging').length"), 0)
        finally:
            server.stop()

    def test_a_long_column_is_drawn_in_chunks_and_keeps_its_order(self):
        # A column's cards are drawn in chunks of 50 (a drop lays out and paints one chunk, not
        # every card after it): drags across a chunk's edge and into an empty column, then a
        # board pushed by the server, keep the page's order the file's.
        server = Server("## Long\n\n" + "".join(f"- card {k}\n" for k in range(110)) + "\n## Other\n")
        try:
            driver = self.page(server=server)

            def chunks():
                return driver.execute_script(
                    "return [...document.querySelectorAll('.column')].map(c =>"
                    " [...c.querySelector('.cards').children].map(k => k.className + ' ' + k.children.length))")

            def in_file(column):
                text = server.read().split(f"## {column}\n")[1].split("\n## ")[0]
                return [line[2:] for line in text.splitlines() if line.startswith("- ")]
            self.assertEqual(chunks(), [["chunk 50", "chunk 50", "chunk 10"], ["chunk 0"]])
            # card 50, first of the second chunk, dropped above card 47, in the first.
            driver.execute_script(f"({card('card 48')}).scrollIntoView({{ block: 'center' }})")
            next_frames(driver)  # the scroll heard
            above = center(driver, card("card 47"))
            mouse_drag(driver, center(driver, card("card 50")), (above[0], above[1] - 8))
            wait_for(lambda: in_file("Long")[45:50] == ["card 45", "card 46", "card 50", "card 47", "card 48"],
                     what="card 50 above card 47 in the file")
            self.assertEqual(columns_shown(driver)[0], in_file("Long"))
            self.assertEqual(chunks()[0], ["chunk 51", "chunk 49", "chunk 10"])
            # A board pushed with as many cards (another page renames one): drawn again, the
            # chunks keep their sizes (no card moves from chunk to chunk, none is laid out).
            version = driver.execute_script("return board.version")
            status, _ = server.change(version, [{"op": "rename", "card": self.card_id(driver, "card 90"),
                                                 "title": "card ninety"}])
            self.assertEqual(status, 200)
            wait_for(lambda: "card ninety" in columns_shown(driver)[0], what="the renamed card")
            self.assertEqual(chunks()[0], ["chunk 51", "chunk 49", "chunk 10"])
            self.assertEqual(columns_shown(driver)[0], in_file("Long"))
            # card 5 into the empty column: into its chunk.
            driver.execute_script("document.getElementById('board').scrollTop = 0")
            next_frames(driver)  # the scroll heard
            mouse_drag(driver, center(driver, card("card 5")), center(driver, column(1)))
            wait_for(lambda: in_file("Other") == ["card 5"], what="card 5 under Other")
            self.assertEqual(chunks()[1], ["chunk 1"])
            # Another page moves card 100 under Other: the board pushed is drawn in even chunks.
            version = driver.execute_script("return board.version")
            status, _ = server.change(version, [{"op": "move", "card": self.card_id(driver, "card 100"),
                                                 "column": 1, "index": 0}])
            self.assertEqual(status, 200)
            wait_for(lambda: columns_shown(driver)[1] == ["card 100", "card 5"], what="the pushed board")
            self.assertEqual(columns_shown(driver), [in_file("Long"), in_file("Other")])
            self.assertEqual(chunks(), [["chunk 50", "chunk 50", "chunk 8"], ["chunk 2"]])
        finally:
            server.stop()

    def test_a_card_held_near_the_edge_scrolls_the_board(self):
        server = Server("".join(f"## Column {k}\n\n- card {k}\n\n" for k in range(8)))
        try:
            driver = self.page(width=900, height=600, server=server)
            self.assertEqual(driver.execute_script("return document.getElementById('board').scrollLeft"), 0)
            right = driver.execute_script(
                "const r = document.getElementById('board').getBoundingClientRect(); return [r.right - 10, r.top + 120]")

            def held():
                wait_for(lambda: driver.execute_script(
                    "return document.getElementById('board').scrollLeft") > 100, what="the board to scroll")
            mouse_drag(driver, center(driver, card("card 0")), right, before_release=held, release=False)
            # Back from the edge over a column that was out of view when the drag began, and drop.
            inside = (right[0] - 200, right[1])
            for kind, buttons in [("mouseMoved", 1), ("mouseReleased", 0)]:
                driver.execute_cdp_cmd("Input.dispatchMouseEvent", {
                    "type": kind, "x": inside[0], "y": inside[1], "button": "left", "buttons": buttons,
                    "clickCount": 1 if kind == "mouseReleased" else 0})
                next_frames(driver)  # the move drawn before the release
            wait_for(lambda: "- card 0" not in server.read().split("## Column 1")[0],
                     what="card 0 to leave its column")
        finally:
            server.stop()

    def test_escape_cancels_a_mouse_drag(self):
        driver = self.page()
        before = self.server.read()
        start = center(driver, card("Alpha"))
        end = center(driver, column(2))

        def escape():
            driver.execute_cdp_cmd("Input.dispatchKeyEvent", {
                "type": "keyDown", "key": "Escape", "code": "Escape", "windowsVirtualKeyCode": 27})
        mouse_drag(driver, start, end, before_release=escape)
        idle(driver)
        self.assertEqual(self.server.read(), before)
        self.assertEqual(columns_shown(driver)[0], ["Alpha", "Beta", "Gamma"])
        self.assertEqual(driver.execute_script("return document.querySelectorAll('.arrange-dragging').length"), 0)
        self.assertIn("Cancel", said(driver))

    def test_two_pages_see_each_others_drops_within_a_second(self):
        first = self.page()
        second = self.page()
        mouse_drag(first, center(first, card("Alpha")), center(first, column(1)))
        seconds = wait_for(lambda: "Alpha" in columns_shown(second)[1], timeout=1.0,
                           what="the other page to show Alpha under Doing")
        print(f"\n  second page saw the first page's drop after {seconds * 1000:.0f} ms")
        mouse_drag(second, center(second, card("Delta")), center(second, column(2)))
        wait_for(lambda: "Delta" in columns_shown(first)[2], timeout=1.0,
                 what="the first page to show Delta under Done")

    def card_id(self, driver, title):
        return driver.execute_script(f"return Number(({card(title)}).dataset.id)")

    def test_a_drop_on_a_stale_board_is_carried_over(self):
        driver = self.page()
        delta = self.card_id(driver, "Delta")
        version = driver.execute_script("return board.version")

        def meanwhile():
            # Another page moves Delta to the top of To Do while this drag is under way; the
            # page keeps showing the board it is dragging on.
            status, _ = self.server.change(version, [{"op": "move", "card": delta, "column": 0, "index": 0}])
            self.assertEqual(status, 200)
            wait_for(lambda: driver.execute_script("return waitingBoard !== null"), timeout=20,
                     what="the pushed board to reach the page mid-drag")
        # Beta dropped on Done's Epsilon: after Epsilon, on the version this page showed.
        mouse_drag(driver, center(driver, card("Beta")), center(driver, column(2)), before_release=meanwhile)
        wait_for(lambda: "## Done\n\n- Epsilon\n- Beta\n" in self.server.read(), what="Beta under Done")
        self.assertIn("## To Do\n\n- Delta\n- Alpha\n- Gamma\n", self.server.read())
        wait_for(lambda: columns_shown(driver) == [["Delta", "Alpha", "Gamma"], [], ["Epsilon", "Beta"]],
                 what="the page to show both changes")

    def test_a_drop_shown_is_never_undone_by_a_board_pushed_before_its_answer(self):
        driver = self.page()
        delta = self.card_id(driver, "Delta")
        version = driver.execute_script("return board.version")
        # This page's changes are held on their way to the server (a slow network) until the
        # test lets them go, once the board pushed meanwhile has reached the page.
        driver.execute_script("""
            const original = window.fetch;
            const held = new Promise((resolve) => { window.letChangesGo = resolve; });
            window.fetch = (url, options) => String(url).includes("api/change")
              ? held.then(() => original(url, options))
              : original(url, options);""")

        def pushed_before_the_drop_is_shown():
            # The library shows a drop in the frame after the release: a board pushed in between
            # (the one another page's move of Delta makes, as the server will push it) must not
            # be shown over the drop.
            driver.execute_script("""
                window.addEventListener("pointerup", () => {
                  const next = structuredClone(board);
                  next.version += 1;
                  const [delta] = next.columns[1].cards.splice(0, 1);
                  next.columns[0].cards.unshift(delta);
                  window.pushedHere = next;
                  receive(next);
                }, { once: true });""")
        mouse_drag(driver, center(driver, card("Alpha")), center(driver, column(2)),
                   before_release=pushed_before_the_drop_is_shown)
        # Meanwhile another page moves Delta: a newer board, without Alpha's drop, is pushed to
        # this page before its own change is answered.
        status, _ = self.server.change(version, [{"op": "move", "card": delta, "column": 0, "index": 0}])
        self.assertEqual(status, 200)
        wait_for(lambda: "Alpha" in columns_shown(driver)[2], timeout=20, what="the drop to be shown")
        # Until the server's push has reached the page (it waits, the page's change on its way),
        # and after, the drop stays shown.
        deadline = time.monotonic() + 20
        while not driver.execute_script("return deferredBoard !== null && deferredBoard !== window.pushedHere"):
            shown = columns_shown(driver)
            self.assertIn("Alpha", shown[2], f"the drop was undone: {shown}")
            self.assertLess(time.monotonic(), deadline, "waited 20 s for the server's push")
            time.sleep(0.05)
        next_frames(driver)
        shown = columns_shown(driver)
        self.assertIn("Alpha", shown[2], f"the drop was undone: {shown}")
        driver.execute_script("window.letChangesGo()")
        wait_for(lambda: columns_shown(driver) == [["Delta", "Beta", "Gamma"], [], ["Epsilon", "Alpha"]],
                 what="the page to show both changes")
        self.assertIn("## Done\n\n- Epsilon\n- Alpha\n", self.server.read())

    def test_a_change_held_while_an_outside_edit_settles_says_not_saved_yet(self):
        driver = self.page()
        # The status line and the title as they were after each change of either: the save may
        # land between two reads from here (it did on a busy machine), so what the page said
        # while the drop was held is taken from what it showed then.
        driver.execute_script("""
            window.statesShown = [];
            const note = () => statesShown.push([document.getElementById("status").textContent,
                                                 document.title]);
            const watch = new MutationObserver(note);
            const what = { childList: true, characterData: true, subtree: true };
            watch.observe(document.getElementById("status"), what);
            watch.observe(document.querySelector("title"), what);""")

        def held_states():
            return [title for line, title in driver.execute_script("return statesShown")
                    if "Not saved yet" in line]

        def editor_writes():
            # An editor saves the file just before the drop: the drop waits for it to settle.
            self.server.write(BOARD + "- Zeta\n")
        mouse_drag(driver, center(driver, card("Alpha")), center(driver, column(2)),
                   before_release=editor_writes)
        wait_for(lambda: held_states(), what="the page to say the drop is not saved yet")
        # While it said so, the title said so too.
        for title in held_states():
            self.assertTrue(title.startswith("•"), title)
        wait_for(lambda: "## Done\n\n- Epsilon\n- Alpha\n" in self.server.read(),
                 what="the drop to be written once the edit settled")
        self.assertIn("- Zeta\n", self.server.read())
        wait_for(lambda: "Not saved yet" not in driver.find_element("id", "status").text
                 and not driver.title.startswith("•"), what="the page to say it is saved")

    def test_a_drop_of_a_card_deleted_meanwhile_is_refused_with_a_message(self):
        driver = self.page()
        gamma = self.card_id(driver, "Gamma")
        version = driver.execute_script("return board.version")

        def meanwhile():
            status, _ = self.server.change(version, [{"op": "delete", "card": gamma}])
            self.assertEqual(status, 200)
            wait_for(lambda: driver.execute_script("return waitingBoard !== null"), timeout=20,
                     what="the pushed board to reach the page mid-drag")
        mouse_drag(driver, center(driver, card("Gamma")), center(driver, column(1)), before_release=meanwhile)
        wait_for(lambda: "“Gamma” was changed or removed" in driver.find_element("id", "status").text,
                 what="the refusal in the status line")
        self.assertNotIn("Gamma", self.server.read())
        wait_for(lambda: columns_shown(driver) == [["Alpha", "Beta"], ["Delta"], ["Epsilon"]],
                 what="the page to show the board as it is")

    def test_a_removed_file_is_written_back_only_when_asked_with_w(self):
        driver = self.page()
        os.remove(self.server.path)
        wait_for(lambda: "is gone from disk; W writes this board back"
                 in driver.find_element("id", "status").text,
                 what="the page to say the file is gone and what W does")
        # What is checked is that nothing happens: the server, which looks at the file four
        # times a second, does not write it back on its own over a few more looks. Nothing the
        # page or the server shows says "not written back", so this wait is on the clock.
        time.sleep(0.6)
        self.assertFalse(os.path.exists(self.server.path))
        driver.execute_script(f"({card('Alpha')}).focus()")
        driver.switch_to.active_element.send_keys("W")
        wait_for(lambda: os.path.exists(self.server.path) and self.server.read() == BOARD,
                 what="W to write the board back, byte for byte")
        self.assertEqual(columns_shown(driver), [["Alpha", "Beta", "Gamma"], ["Delta"], ["Epsilon"]])

    def test_an_edit_that_clashes_with_another_programs_asks_before_overwriting(self):
        driver = self.page()
        alpha = self.card_id(driver, "Alpha")
        version = driver.execute_script("return board.version")
        # An editor renames Alpha in the file, and while it still has the file open a page
        # renames it too: the two cannot be combined. (Had the editor closed the file first, a
        # page's change slowed by a busy machine could come after the server took the editor's
        # version in, and be refused instead.)
        with open(self.server.path, "w", encoding="utf-8") as editor:
            editor.write(BOARD.replace("- Alpha\n", "- Alpha from the editor\n"))
            editor.flush()
            status, answer = self.server.change(
                version, [{"op": "rename", "card": alpha, "title": "Alpha from the page"}])
        # Held, not written: never answered 200.
        self.assertEqual(status, 202)
        self.assertFalse(answer["saved"])
        wait_for(lambda: driver.execute_script("return !document.getElementById('conflict').hidden"),
                 what="the conflict bar")
        text = driver.find_element("id", "conflict-text").text
        self.assertIn("changed on disk", text)
        self.assertIn("R reloads the file, W overwrites it", text)
        self.assertEqual(driver.find_element("id", "status").text, "", "said twice")
        screenshot(driver, "browser-conflict.png")
        # That nothing is written is what is checked: not once the editor's write has settled
        # (half a second), nor at the polls after. Nothing says "not written", so this wait is
        # on the clock.
        time.sleep(0.6)
        self.assertIn("- Alpha from the editor\n", self.server.read(), "the editor's write was overwritten")
        # W keeps this board: the page's title goes to the file, over the editor's.
        driver.execute_script(f"({card('Alpha from the page')}).focus()")
        driver.switch_to.active_element.send_keys("W")
        wait_for(lambda: "- Alpha from the page\n" in self.server.read(), what="W to write the page's board")
        wait_for(lambda: driver.execute_script("return document.getElementById('conflict').hidden"),
                 what="the conflict bar to go")

    def test_reload_takes_the_file_after_a_clash(self):
        driver = self.page()
        alpha = self.card_id(driver, "Alpha")
        version = driver.execute_script("return board.version")
        # The editor keeps the file open while the page changes the card (as above).
        with open(self.server.path, "w", encoding="utf-8") as editor:
            editor.write(BOARD.replace("- Alpha\n", "- Alpha from the editor\n"))
            editor.flush()
            self.server.change(version, [{"op": "rename", "card": alpha, "title": "Alpha from the page"}])
        wait_for(lambda: driver.execute_script("return !document.getElementById('conflict').hidden"),
                 what="the conflict bar")
        driver.find_element("id", "reload").click()
        wait_for(lambda: columns_shown(driver)[0] == ["Alpha from the editor", "Beta", "Gamma"],
                 what="the page to show the file's board")
        self.assertIn("- Alpha from the editor\n", self.server.read())

    def test_terminal_and_browser_see_each_other(self):
        driver = self.page()
        terminal = Tmux(self.server.path)
        try:
            wait_for(lambda: "Alpha" in terminal.screen(), what="the terminal app to start")
            # A drop in the browser reaches the terminal app.
            mouse_drag(driver, center(driver, card("Alpha")), center(driver, column(2)))
            wait_for(lambda: "- Alpha" in self.server.read().split("## Done")[1],
                     what="the browser's drop in the file")
            wait_for(lambda: "Alpha" in terminal.screen().splitlines()[3][80:]
                     or any("Alpha" in line[80:] for line in terminal.screen().splitlines()),
                     timeout=20, what="the terminal to show Alpha in Done")
            # A move in the terminal (focus Beta, lift, one column right, drop) reaches the page.
            before = self.server.read()
            terminal.keys("Space", "Right", "Space")
            wait_for(lambda: self.server.read() != before, what="the terminal's move in the file")
            changed = time.monotonic()
            wait_for(lambda: columns_shown(driver)[0] != ["Beta", "Gamma"], timeout=20,
                     what="the page to show the terminal's move")
            print(f"\n  the page showed the terminal's move {(time.monotonic() - changed) * 1000:.0f} ms "
                  "after it was saved")
        finally:
            terminal.stop()

    def test_a_full_column_refuses_with_its_reason(self):
        server = Server(OBSIDIAN)
        try:
            driver = self.page(server=server)
            before = server.read()

            def over_the_full_lane():
                # Said while over it, and shown beside the card, before anything is dropped.
                wait_for(lambda: "“Doing” is full: it takes at most 1 card" in said(driver),
                         what="the reason said")
                label = driver.execute_script(
                    "const r = document.getElementById('refusal'); return r && r.textContent")
                self.assertIn("is full", label or "")
                screenshot(driver, "browser-refusal.png")
            mouse_drag(driver, center(driver, card("one")), center(driver, column(1)),
                       before_release=over_the_full_lane)
            wait_for(lambda: "full" in driver.find_element("id", "status").text,
                     what="the reason in the status line")
            idle(driver)
            self.assertEqual(server.read(), before)
            # Into the Complete lane: ticked in the file, footer and front matter kept.
            mouse_drag(driver, center(driver, card("two")), center(driver, column(2)))
            wait_for(lambda: "- [x] two" in server.read(), what="two ticked under Done")
            text = server.read()
            self.assertTrue(text.startswith("---\n\nkanban-plugin: board\n\n---\n"))
            self.assertIn("***\n\n## Archive\n\n- [x] shipped long ago\n\n%% kanban:settings", text)
            # The archive is no lane: it is shown apart, and read only.
            self.assertEqual(len(columns_shown(driver)), 3)
            driver.find_element("id", "show-archive").click()
            wait_for(lambda: "shipped long ago" in driver.find_element("id", "archive-cards").text,
                     what="the archive's cards")
            self.assertTrue(text.endswith("%% kanban:settings\n```\n{\"kanban-plugin\":\"board\"}\n```\n%%\n"))
        finally:
            server.stop()

    def test_selected_cards_are_dragged_as_a_stack(self):
        driver = self.page()
        for title in ["Alpha", "Gamma"]:
            x, y = center(driver, card(title))
            for kind in ["mousePressed", "mouseReleased"]:
                driver.execute_cdp_cmd("Input.dispatchMouseEvent", {
                    "type": kind, "x": x, "y": y, "button": "left", "clickCount": 1, "modifiers": 8})

        def stacked():
            badge = driver.execute_script(
                "const b = document.querySelector('.card.arrange-dragging');"
                "return b && getComputedStyle(b, '::after').content")
            self.assertEqual(badge, '"2"')
            screenshot(driver, "browser-stack.png")
        mouse_drag(driver, center(driver, card("Alpha")), center(driver, column(1)),
                   before_release=stacked)
        wait_for(lambda: columns_shown(driver)[1] in (["Delta", "Alpha", "Gamma"], ["Alpha", "Gamma", "Delta"]),
                 what="both cards in Doing")
        wait_for(lambda: "- Alpha\n- Gamma\n" in self.server.read().split("## Doing")[1],
                 what="both cards in the file, in order")

    def test_a_column_is_dragged_by_its_title(self):
        driver = self.page()
        start = center(driver, "document.querySelectorAll('.title')[2]")
        end = center(driver, "document.querySelectorAll('.title')[0]")
        mouse_drag(driver, start, (end[0] - 60, end[1]))
        wait_for(lambda: self.server.read().startswith("## Done\n\n- Epsilon\n"),
                 what="Done first in the file")
        self.assertEqual(driver.execute_script(
            "return [...document.querySelectorAll('.title span:first-child')].map(t => t.textContent)"),
            ["Done", "To Do", "Doing"])

    def test_search_then_drop_between_the_cards_seen(self):
        driver = self.page()
        search = driver.find_element("id", "search")
        search.send_keys("a")  # Alpha, Beta, Gamma, Delta: not Epsilon
        wait_for(lambda: columns_shown(driver)[2] == [], what="the search to hide Epsilon")
        mouse_drag(driver, center(driver, card("Delta")), center(driver, card("Beta")))
        wait_for(lambda: "Delta" in self.server.read().split("## Doing")[0],
                 what="Delta in To Do")
        order = [line for line in self.server.read().split("## Doing")[0].splitlines() if line.startswith("- ")]
        self.assertIn(order, (["- Alpha", "- Delta", "- Beta", "- Gamma"], ["- Alpha", "- Beta", "- Delta", "- Gamma"]))
        self.assertIn("## Done\n\n- Epsilon\n", self.server.read())

    def test_card_details_and_keys(self):
        driver = self.page()
        driver.execute_script(f"({card('Beta')}).focus()")
        driver.switch_to.active_element.send_keys("\ue007")  # Enter
        wait_for(lambda: driver.find_element("id", "details").get_attribute("open") is not None,
                 what="the card's details")
        self.assertIn("the second card", driver.find_element("id", "details-description").text)
        boxes = driver.find_elements("css selector", "#details-subtasks input")
        self.assertEqual([box.is_selected() for box in boxes], [True, False])
        boxes[1].click()
        wait_for(lambda: "    * [x] second step" in self.server.read(), what="the subtask ticked")
        # Subtasks move as in the terminal's details (J/K there): the first one down.
        driver.find_element("css selector", "[aria-label='Move down the subtask first step']").click()
        wait_for(lambda: "    * [x] second step\n    * [x] first step\n" in self.server.read(),
                 what="the subtasks in their new order")

    def details_of(self, driver):
        """The title the open details dialog shows (after waiting for it), or fails."""
        wait_for(lambda: driver.find_element("id", "details").get_attribute("open") is not None,
                 what="the card's details")
        return driver.find_element("id", "details-title").text

    def click(self, driver, point, count=1, modifiers=0):
        """A real mouse click (press and release at one point) through the DevTools protocol."""
        driver.execute_cdp_cmd("Input.dispatchMouseEvent", {
            "type": "mouseMoved", "x": point[0], "y": point[1], "button": "none", "buttons": 0})
        for kind, buttons in [("mousePressed", 1), ("mouseReleased", 0)]:
            driver.execute_cdp_cmd("Input.dispatchMouseEvent", {
                "type": kind, "x": point[0], "y": point[1], "button": "left", "buttons": buttons,
                "clickCount": count, "modifiers": modifiers})

    def tap(self, driver, point):
        """A finger's quick tap through WebDriver's touch pointer actions."""
        from selenium.webdriver.common.actions import interaction
        from selenium.webdriver.common.actions.action_builder import ActionBuilder
        from selenium.webdriver.common.actions.pointer_input import PointerInput
        actions = ActionBuilder(driver, mouse=PointerInput(interaction.POINTER_TOUCH, "finger"))
        actions.pointer_action.move_to_location(int(point[0]), int(point[1]))
        actions.pointer_action.pointer_down()
        actions.pointer_action.pause(0.05)
        actions.pointer_action.pointer_up()
        actions.perform()

    def test_a_mouse_click_opens_the_cards_details(self):
        driver = self.page()
        self.click(driver, center(driver, card("Beta")))
        self.assertEqual(self.details_of(driver), "Beta")
        self.assertIn("the second card", driver.find_element("id", "details-description").text)
        # Closed, the details give the focus back to the card.
        driver.switch_to.active_element.send_keys("\ue00c")  # Escape
        wait_for(lambda: driver.find_element("id", "details").get_attribute("open") is None,
                 what="the details closed")
        wait_for(lambda: driver.execute_script("return document.activeElement.dataset.key") == "Beta",
                 what="the focus back on Beta")

    def test_a_shift_click_selects_without_opening(self):
        driver = self.page()
        self.click(driver, center(driver, card("Alpha")), modifiers=8)
        wait_for(lambda: driver.execute_script(f"return ({card('Alpha')}).classList.contains('selected')"),
                 what="Alpha selected")
        idle(driver)
        self.assertIsNone(driver.find_element("id", "details").get_attribute("open"))

    def test_a_click_on_a_link_in_a_card_follows_the_link_instead(self):
        server = Server("## To Do\n\n- see [docs](https://example.com/) now\n\n## Done\n\n- other\n")
        try:
            driver = self.page(server=server)
            driver.execute_script("document.querySelector('.card a').addEventListener('click', "
                                  "(e) => { window.followed = true; e.preventDefault(); })")
            self.click(driver, center(driver, "document.querySelector('.card a')"))
            wait_for(lambda: driver.execute_script("return window.followed"), what="the link clicked")
            idle(driver)
            self.assertIsNone(driver.find_element("id", "details").get_attribute("open"))
            # Dragged by its link, the card still moves.
            mouse_drag(driver, center(driver, "document.querySelector('.card a')"), center(driver, column(1)))
            wait_for(lambda: "## Done\n\n- other\n- see [docs]" in server.read(), what="the card under Done")
            self.assertIsNone(driver.find_element("id", "details").get_attribute("open"))
        finally:
            server.stop()

    def test_a_drag_does_not_open_the_details(self):
        driver = self.page()
        mouse_drag(driver, center(driver, card("Beta")), center(driver, column(2)))
        wait_for(lambda: "## Done\n\n- Epsilon\n- Beta\n" in self.server.read(), what="Beta under Done")
        idle(driver)
        self.assertIsNone(driver.find_element("id", "details").get_attribute("open"))

    def test_a_double_click_opens_the_cards_details(self):
        driver = self.page()
        point = center(driver, card("Gamma"))
        self.click(driver, point, count=1)
        self.click(driver, point, count=2)
        self.assertEqual(self.details_of(driver), "Gamma")
        idle(driver)
        self.assertIsNotNone(driver.find_element("id", "details").get_attribute("open"))
        self.assertEqual(driver.find_element("id", "details-title").text, "Gamma")

    def test_the_open_control_opens_the_details_by_mouse_and_keyboard(self):
        driver = self.page()
        button = driver.find_element("css selector", "[aria-label='Open Delta']")
        self.assertTrue(button.is_displayed())
        self.click(driver, center(driver, "document.querySelector(\"[aria-label='Open Delta']\")"))
        self.assertEqual(self.details_of(driver), "Delta")
        driver.switch_to.active_element.send_keys("\ue00c")
        wait_for(lambda: driver.find_element("id", "details").get_attribute("open") is None,
                 what="the details closed")
        # Tab from the focused card reaches its control; Space there opens, and does not lift.
        driver.execute_script(f"({card('Delta')}).focus()")
        driver.switch_to.active_element.send_keys("\ue004")  # Tab
        self.assertEqual(driver.switch_to.active_element.get_attribute("aria-label"), "Open Delta")
        driver.switch_to.active_element.send_keys(" ")
        self.assertEqual(self.details_of(driver), "Delta")
        driver.switch_to.active_element.send_keys("\ue00c")
        wait_for(lambda: driver.execute_script("return document.activeElement.dataset.key") == "Delta",
                 what="the focus back on Delta")
        # A drag that starts on the control is no drag.
        before = self.server.read()
        mouse_drag(driver, center(driver, "document.querySelector(\"[aria-label='Open Delta']\")"),
                   center(driver, column(0)))
        idle(driver)
        self.assertEqual(self.server.read(), before)
        self.assertIsNone(driver.execute_script("return document.querySelector('.arrange-dragging')"))

    def test_a_touch_tap_opens_the_cards_details(self):
        driver = self.page()
        self.tap(driver, center(driver, card("Epsilon")))
        self.assertEqual(self.details_of(driver), "Epsilon")

    def test_at_phone_width_every_control_of_the_bar_is_on_screen_and_answers(self):
        server = Server(OBSIDIAN)
        try:
            driver = self.browser(390, 844)
            open_board(driver, server.url)
            wait_for(lambda: driver.execute_script(
                "return !document.getElementById('show-archive').hidden"), what="the Archive button")
            self.assertLessEqual(
                driver.execute_script("return document.documentElement.scrollWidth"),
                driver.execute_script("return window.innerWidth"), "the page is wider than the phone")
            # Every control the bar has, however many it grows to.
            controls = driver.execute_script(
                "return [...document.querySelectorAll('.bar button, .bar input')]"
                ".filter(e => !e.hidden).map(e => e.id)")
            self.assertEqual(sorted(controls), sorted(
                ["search", "show-due", "show-archive", "add-column", "undo", "redo", "help-button"]))
            for name in controls:
                box = driver.execute_script(f"""
                    const e = document.getElementById('{name}'); const r = e.getBoundingClientRect();
                    const x = r.left + r.width / 2, y = r.top + r.height / 2;
                    const hit = document.elementFromPoint(x, y);
                    return [r.left, r.right, r.top, r.bottom, hit === e || e.contains(hit)];""")
                left, right, top, bottom, reachable = box
                self.assertGreaterEqual(left, 0, name)
                self.assertLessEqual(right, 390, name)
                self.assertGreaterEqual(top, 0, name)
                self.assertTrue(reachable, f"{name} is covered")
            # Each answers a click: the archive and the keys open their dialogs, + Column asks
            # for a name, the search takes the focus.
            driver.find_element("id", "search").click()
            self.assertEqual(driver.switch_to.active_element.get_attribute("id"), "search")
            driver.find_element("id", "help-button").click()
            wait_for(lambda: driver.execute_script(
                "return [...document.querySelectorAll('dialog')].some(d => d.open)"),
                what="the keys dialog")
        finally:
            server.stop()

    def test_at_phone_width_the_open_control_is_visible_and_works(self):
        driver = self.page(width=390, height=844)
        box = driver.execute_script(
            "const r = document.querySelector(\"[aria-label='Open Alpha']\").getBoundingClientRect();"
            "return [r.left, r.top, r.right, r.bottom, innerWidth, innerHeight]")
        left, top, right, bottom, width, height = box
        self.assertTrue(0 <= left and right <= width and 0 <= top and bottom <= height, box)
        self.assertGreaterEqual(min(right - left, bottom - top), 24, box)
        self.tap(driver, ((left + right) / 2, (top + bottom) / 2))
        self.assertEqual(self.details_of(driver), "Alpha")

    def test_the_details_name_the_column_in_words_that_read_naturally(self):
        server = Server("## In Progress\n\n- Alpha\n\n## Done\n\n- Beta\n")
        try:
            driver = self.page(server=server)
            for title, column_title in [("Alpha", "In Progress"), ("Beta", "Done")]:
                self.click(driver, center(driver, card(title)))
                self.assertEqual(self.details_of(driver), title)
                line = driver.find_element("id", "details-column").text
                self.assertEqual(line, f"Column: {column_title}")
                driver.switch_to.active_element.send_keys("\ue00c")  # Escape
                wait_for(lambda: driver.find_element("id", "details").get_attribute("open") is None,
                         what="the details closed")
        finally:
            server.stop()

    def test_a_drop_on_add_a_card_lands_at_the_columns_end(self):
        driver = self.page()
        target = center(driver, "document.querySelectorAll('.add-card')[1]")
        mouse_drag(driver, center(driver, card("Alpha")), target)
        wait_for(lambda: "## Doing\n\n- Delta\n- Alpha\n" in self.server.read(),
                 what="Alpha last in Doing, in the file")
        self.assertEqual(columns_shown(driver), [["Beta", "Gamma"], ["Delta", "Alpha"], ["Epsilon"]])
        self.assertIsNone(driver.find_element("id", "ask").get_attribute("open"))

    def test_v_selects_a_card_as_in_the_terminal(self):
        driver = self.page()
        selected = lambda title: driver.execute_script(  # noqa: E731
            f"return ({card(title)}).classList.contains('selected')")
        for title, key in [("Alpha", "v"), ("Gamma", "v"), ("Delta", "s")]:
            driver.execute_script(f"({card(title)}).focus()")
            driver.switch_to.active_element.send_keys(key)
            wait_for(lambda: selected(title), what=f"{title} selected with {key}")
        wait_for(lambda: said(driver) == "3 cards selected", what="the selection said")
        driver.execute_script(f"({card('Alpha')}).focus()")
        driver.switch_to.active_element.send_keys("v")
        wait_for(lambda: not selected("Alpha"), what="v again to unselect Alpha")
        # The keys the page lists say v, as the terminal's do.
        keys = driver.execute_script("return document.querySelector('#help .keys').textContent")
        self.assertIn(", v", keys)
        self.assertIn("v selects", driver.find_element("id", "keys-hint").get_attribute("textContent"))

    def test_a_cards_checkbox_ticks_it_without_opening_it(self):
        server = Server(OBSIDIAN)
        try:
            driver = self.page(server=server)
            box = "document.querySelector(\"[aria-label='Done: one']\")"
            info = driver.execute_script(
                f"const b = {box}; return b && [b.tagName, b.getAttribute('role'), b.getAttribute('aria-checked')]")
            self.assertEqual(info, ["BUTTON", "checkbox", "false"])
            self.click(driver, center(driver, box))
            wait_for(lambda: "- [x] one\n" in server.read(), what="one ticked in the file")
            wait_for(lambda: driver.execute_script(f"return {box}.getAttribute('aria-checked')") == "true",
                     what="the box shown ticked")
            idle(driver)
            self.assertIsNone(driver.find_element("id", "details").get_attribute("open"))
            self.assertIsNone(driver.execute_script("return document.querySelector('.arrange-dragging')"))
            # From the keyboard: Tab from the card reaches the box; Space unticks, and lifts nothing.
            driver.execute_script(f"({card('one')}).focus()")
            driver.switch_to.active_element.send_keys("\ue004")  # Tab
            self.assertEqual(driver.switch_to.active_element.get_attribute("aria-label"), "Done: one")
            driver.switch_to.active_element.send_keys(" ")
            wait_for(lambda: "- [ ] one\n" in server.read(), what="one unticked in the file")
            idle(driver)
            self.assertIsNone(driver.execute_script("return document.querySelector('.arrange-dragging')"))
            self.assertIsNone(driver.find_element("id", "details").get_attribute("open"))
            self.assertNotIn("Lifted", said(driver) or "")
            # A drag that starts on the box is no drag.
            before = server.read()
            mouse_drag(driver, center(driver, box), center(driver, column(2)))
            idle(driver)
            self.assertEqual(server.read().replace("- [x] one", "- [ ] one"), before)
            self.assertIn("## Backlog\n\n- [", server.read())
            self.assertIsNone(driver.execute_script("return document.querySelector('.arrange-dragging')"))
        finally:
            server.stop()

    def test_a_new_token_pasted_into_the_open_tab_opens_the_board_without_a_reload(self):
        driver = self.browser()
        address, right = self.server.url.split("#token=")
        driver.get(f"{address}#token=wrong")
        wait_for(lambda: "Open the address" in driver.find_element("id", "status").text,
                 what="the page to say it has no access")
        self.assertEqual(driver.execute_script("return document.querySelectorAll('.card').length"), 0)
        driver.execute_script("window.__marker = 'same page'")
        driver.get(f"{address}#token={right}")  # only the fragment changes: the same document
        wait_for(lambda: driver.execute_script("return document.querySelectorAll('.card').length") > 0,
                 what="the board drawn with the new token")
        self.assertEqual(driver.execute_script("return window.__marker"), "same page")
        self.assertEqual(driver.find_element("id", "status").text, "")
        # And live: a change from elsewhere reaches the page through its new connection.
        self.server.write(self.server.read().replace("- Alpha\n", "- Renamed\n"))
        wait_for(lambda: "Renamed" in columns_shown(driver)[0], timeout=20, what="the edit pushed to the page")

    def test_an_added_card_is_announced_and_focused(self):
        driver = self.page()
        driver.execute_script(f"({card('Delta')}).focus()")
        driver.switch_to.active_element.send_keys("a")
        wait_for(lambda: driver.find_element("id", "ask").get_attribute("open") is not None,
                 what="the question")
        driver.find_element("id", "ask-input").send_keys("Zeta")
        driver.find_element("id", "ask-ok").click()
        wait_for(lambda: "- Zeta\n" in self.server.read(), what="the card in the file")
        wait_for(lambda: said(driver) == "Added Zeta to Doing", what="the card said")
        wait_for(lambda: (driver.switch_to.active_element.get_attribute("aria-label") or "")
                 .startswith("Zeta"), what="the new card focused")

    def test_a_cards_name_says_its_due_date_subtasks_and_description(self):
        driver = self.page()
        self.server.write(BOARD.replace("- Gamma\n", "- Gamma\n    @ 2099-12-24\n"))
        wait_for(lambda: "due" in (driver.execute_script(
            f"return ({card('Gamma')}).getAttribute('aria-label')") or ""), what="the due date")
        self.assertEqual(driver.execute_script(f"return ({card('Gamma')}).getAttribute('aria-label')"),
                         "Gamma, due 2099-12-24, in To Do")
        self.assertEqual(driver.execute_script(f"return ({card('Beta')}).getAttribute('aria-label')"),
                         "Beta, 1 of 2 subtasks done, has a description, in To Do")
        self.assertEqual(driver.execute_script(f"return ({card('Alpha')}).getAttribute('aria-label')"),
                         "Alpha, in To Do")

    @staticmethod
    def day(offset):
        """Today plus `offset` days, as the board writes a date (the page's clock is this one)."""
        return (datetime.date.today() + datetime.timedelta(days=offset)).isoformat()

    def due_board(self):
        return (BOARD.replace("- Alpha\n", f"- Alpha\n    @ {self.day(30)}\n")
                .replace("- Gamma\n", f"- Gamma\n    @ {self.day(-2)}\n")
                .replace("- Delta\n", f"- Delta\n    @ {self.day(0)}\n")
                .replace("- Epsilon\n", f"- Epsilon\n    @ {self.day(2)}\n"))

    def meta(self, driver, title):
        return driver.execute_script(f"return ({card(title)}).querySelector('.meta')?.textContent")

    def test_due_dates_say_overdue_today_and_soon_in_words(self):
        self.server.write(self.due_board())
        driver = self.page()
        wait_for(lambda: self.meta(driver, "Gamma"), what="the due dates drawn")
        self.assertEqual(self.meta(driver, "Gamma"), f"⚠ overdue · due {self.day(-2)}")
        self.assertEqual(self.meta(driver, "Delta"), f"◷ due today · {self.day(0)}")
        self.assertEqual(self.meta(driver, "Epsilon"), f"◷ due in 2 days · {self.day(2)}")
        self.assertEqual(self.meta(driver, "Alpha"), f"due {self.day(30)}")
        self.assertEqual(driver.execute_script(f"return ({card('Gamma')}).getAttribute('aria-label')"),
                         f"Gamma, due {self.day(-2)}, overdue, in To Do")
        self.assertEqual(driver.execute_script(f"return ({card('Delta')}).getAttribute('aria-label')"),
                         f"Delta, due {self.day(0)}, today, in Doing")
        # The colour repeats the words: overdue and soon differ from a later date's colour.
        colours = driver.execute_script(
            "return ['Gamma', 'Epsilon', 'Alpha'].map(t => getComputedStyle([...document"
            ".querySelectorAll('.card')].find(c => c.dataset.key === t).querySelector('.due')).color)")
        self.assertEqual(len(set(colours)), 3, colours)
        # The details say it too.
        driver.execute_script(f"({card('Gamma')}).focus()")
        driver.switch_to.active_element.send_keys("\ue007")
        wait_for(lambda: driver.find_element("id", "details").get_attribute("open") is not None,
                 what="the details")
        self.assertEqual(driver.find_element("id", "details-due").text,
                         f"⚠ overdue · due {self.day(-2)}")

    def test_d_lists_the_cards_due_soonest_first_across_columns(self):
        self.server.write(self.due_board())
        driver = self.page()
        wait_for(lambda: self.meta(driver, "Gamma"), what="the due dates drawn")
        driver.execute_script(f"({card('Beta')}).focus()")
        driver.switch_to.active_element.send_keys("d")
        wait_for(lambda: driver.find_element("id", "due").get_attribute("open") is not None,
                 what="the list of due cards")
        rows = driver.execute_script(
            "return [...document.querySelectorAll('#due-cards .due-row')].map(r => r.textContent)")
        self.assertEqual(rows, [
            f"⚠ overdue · due {self.day(-2)} Gamma — To Do",
            f"◷ due today · {self.day(0)} Delta — Doing",
            f"◷ due in 2 days · {self.day(2)} Epsilon — Done",
            f"due {self.day(30)} Alpha — To Do",
        ])
        driver.find_elements("css selector", "#due-cards .due-row")[2].click()
        wait_for(lambda: driver.find_element("id", "details").get_attribute("open") is not None,
                 what="Epsilon's details")
        self.assertEqual(driver.find_element("id", "details-title").text, "Epsilon")
        self.assertIsNone(driver.find_element("id", "due").get_attribute("open"))
        # The bar's Due button opens the same list.
        driver.find_element("id", "details").find_element("css selector", "button[value=close]").click()
        driver.find_element("id", "show-due").click()
        wait_for(lambda: driver.find_element("id", "due").get_attribute("open") is not None,
                 what="the list again, by the button")

    @staticmethod
    def ask_due_date(driver, title):
        """Opens card `title` with Enter, then its Due date question."""
        driver.execute_script(f"({card(title)}).focus()")
        driver.switch_to.active_element.send_keys("\ue007")
        wait_for(lambda: driver.find_element("id", "details").get_attribute("open") is not None,
                 what="the details")
        driver.find_element("id", "details-due-button").click()
        wait_for(lambda: driver.find_element("id", "ask").get_attribute("open") is not None,
                 what="the due date question")

    def test_a_due_date_is_picked_from_a_calendar_or_refused_with_the_forms(self):
        driver = self.page()
        self.ask_due_date(driver, "Gamma")
        picker = driver.find_element("id", "ask-date")
        self.assertTrue(picker.is_displayed(), "no calendar to pick from")
        self.assertEqual(picker.get_attribute("type"), "date")
        self.assertIn("3d", driver.find_element("id", "ask-forms").text)
        driver.execute_script(
            "const p = document.getElementById('ask-date'); p.value = '2027-03-05';"
            "p.dispatchEvent(new Event('input', {bubbles: true}))")
        self.assertEqual(driver.find_element("id", "ask-input").get_attribute("value"), "2027-03-05")
        driver.find_element("id", "ask-ok").click()
        wait_for(lambda: "- Gamma\n    @ 2027-03-05\n" in self.server.read(), what="the picked date")
        # Other questions have no calendar.
        wait_for(lambda: driver.find_element("id", "details").get_attribute("open") is not None,
                 what="the details again")
        driver.find_element("id", "details-rename").click()
        wait_for(lambda: driver.find_element("id", "ask").get_attribute("open") is not None,
                 what="the rename question")
        self.assertFalse(driver.find_element("id", "ask-date").is_displayed())
        driver.find_element("css selector", "#ask button[value=cancel]").click()
        # Words that are no date are refused with the forms that work, the file untouched.
        before = self.server.read()
        self.ask_due_date(driver, "Gamma")
        field = driver.find_element("id", "ask-input")
        field.clear()
        field.send_keys("next friday")
        driver.find_element("id", "ask-ok").click()
        wait_for(lambda: "is not a date" in driver.find_element("id", "status").text,
                 what="the refusal")
        self.assertIn("1w 2d", driver.find_element("id", "status").text)
        self.assertEqual(self.server.read(), before)

    TAGGED = BOARD.replace("- Alpha\n", "- Alpha #urgent\n").replace("- Delta\n", "- Delta #urgent\n") \
        .replace("- Epsilon\n", "- Epsilon #later\n")

    def tag_colours(self, driver):
        return driver.execute_script(
            "return [...document.querySelectorAll('.card .tag')].map(t => "
            "[t.textContent, getComputedStyle(t).backgroundColor])")

    def test_a_tag_has_a_colour_of_its_own_that_stays(self):
        self.server.write(self.TAGGED)
        driver = self.page()
        wait_for(lambda: len(self.tag_colours(driver)) == 3, what="three tags drawn")
        colours = self.tag_colours(driver)
        urgent = {colour for tag, colour in colours if tag == "#urgent"}
        later = {colour for tag, colour in colours if tag == "#later"}
        self.assertEqual(len(urgent), 1, "one tag, two colours")
        self.assertNotEqual(urgent, later, "two tags, one colour")
        driver.refresh()
        wait_for(lambda: len(self.tag_colours(driver)) == 3, what="the tags drawn again")
        self.assertEqual(self.tag_colours(driver), colours)

    def test_an_obsidian_boards_own_tag_colours_come_first(self):
        footer = ('%% kanban:settings\n```\n{"kanban-plugin":"board","tag-colors":['
                  '{"tagKey":"#urgent","color":"rgba(255, 255, 255, 1)","backgroundColor":"rgba(200, 0, 0, 1)"},'
                  '{"tagKey":"#sneaky","color":"url(http://127.0.0.1:9/x)","backgroundColor":"url(http://127.0.0.1:9/y)"}'
                  ']}\n```\n%%\n')
        text = (OBSIDIAN.replace("- [ ] one\n", "- [ ] one #urgent\n")
                .replace("- [ ] two\n", "- [ ] two #sneaky #other\n"))
        text = text[:text.index("%% kanban:settings")] + footer
        self.server.write(text)
        driver = self.page()
        wait_for(lambda: len(self.tag_colours(driver)) == 3, what="three tags drawn")
        colours = dict((tag, colour) for tag, colour in self.tag_colours(driver))
        self.assertEqual(colours["#urgent"], "rgb(200, 0, 0)")
        self.assertEqual(driver.execute_script(
            "return getComputedStyle(document.querySelector('.card .tag')).color"), "rgb(255, 255, 255)")
        # A colour in no plain form is never used: the tag keeps the colour of its own name.
        self.assertTrue(colours["#sneaky"].startswith("rgb("), colours["#sneaky"])
        self.assertNotIn("url", driver.execute_script(
            "return [...document.querySelectorAll('.card .tag')].map(t => t.getAttribute('style')).join()"))

    def test_a_click_on_a_tag_shows_only_its_cards_and_says_how_many(self):
        self.server.write(self.TAGGED)
        driver = self.page()
        wait_for(lambda: len(self.tag_colours(driver)) == 3, what="the tags drawn")
        tag = "document.querySelector('.card .tag')"
        self.click(driver, center(driver, tag))
        wait_for(lambda: columns_shown(driver) == [["Alpha #urgent"], ["Delta #urgent"], []],
                 what="only the cards tagged #urgent")
        self.assertEqual(driver.find_element("id", "search").get_attribute("value"), "#urgent")
        self.assertEqual(driver.find_element("id", "status").text, "2 of 5 cards")
        self.assertIsNone(driver.find_element("id", "details").get_attribute("open"),
                          "the click opened the card")

    def test_details_are_edited_and_columns_added_and_renamed(self):
        driver = self.page()

        def answer(text):
            wait_for(lambda: driver.find_element("id", "ask").get_attribute("open") is not None,
                     what="the question")
            field = driver.execute_script(
                "return document.getElementById('ask-text').hidden ? "
                "document.getElementById('ask-input') : document.getElementById('ask-text')")
            field.clear()
            field.send_keys(text)
            driver.find_element("id", "ask-ok").click()

        driver.execute_script(f"({card('Gamma')}).focus()")
        driver.switch_to.active_element.send_keys("\ue007")
        wait_for(lambda: driver.find_element("id", "details").get_attribute("open") is not None,
                 what="the card's details")
        driver.find_element("id", "details-subtask").click()
        answer("write it down")
        wait_for(lambda: "- Gamma\n    * [ ] write it down\n" in self.server.read(),
                 what="the subtask in the file")
        wait_for(lambda: driver.find_element("id", "details").get_attribute("open") is not None,
                 what="the details again")
        driver.find_element("id", "details-due-button").click()
        answer("2026-12-24")
        wait_for(lambda: "@ 2026-12-24" in self.server.read(), what="the due date in the file")
        wait_for(lambda: driver.find_element("id", "details").get_attribute("open") is not None,
                 what="the details again")
        driver.switch_to.active_element.send_keys("\ue00c")  # Escape closes the details
        wait_for(lambda: driver.find_element("id", "details").get_attribute("open") is None,
                 what="the details closed")
        # The mouse's way to add a card: the button under a column.
        driver.find_elements("css selector", ".add-card")[2].click()
        answer("Zeta")
        wait_for(lambda: "## Done\n\n- Epsilon\n- Zeta\n" in self.server.read(), what="Zeta under Done")
        # C adds a column, E renames the focused card's column.
        driver.execute_script(f"({card('Delta')}).focus()")
        driver.switch_to.active_element.send_keys("C")
        answer("Later")
        wait_for(lambda: self.server.read().rstrip().endswith("## Later"), what="the new column")
        driver.execute_script(f"({card('Delta')}).focus()")
        driver.switch_to.active_element.send_keys("E")
        answer("Busy")
        wait_for(lambda: "## Busy\n\n- Delta\n" in self.server.read(), what="the renamed column")

    def test_the_page_files_are_sent_gzipped_to_a_browser_that_accepts_it(self):
        import gzip
        import urllib.request
        web = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))),
                           "Sources", "ArrangeServe", "Web")
        library = os.path.join(os.path.dirname(web), "..", "..", "WebLibrary", "dist")
        for name in ("arrange.wasm", "arrange-lib.js", "app.js", "style.css", "index.html"):
            folder = library if name.startswith("arrange") else web
            with open(os.path.join(folder, name), "rb") as file:
                original = file.read()
            url = f"http://127.0.0.1:{self.server.port}/{name}"
            packed = urllib.request.urlopen(urllib.request.Request(
                url, headers={"Accept-Encoding": "gzip, deflate"}), timeout=10)
            self.assertEqual(packed.headers["Content-Encoding"], "gzip", name)
            self.assertEqual(packed.headers["Vary"], "Accept-Encoding", name)
            body = packed.read()
            self.assertLess(len(body), len(original) * 0.6, name)
            self.assertEqual(gzip.decompress(body), original, name)
            plain = urllib.request.urlopen(urllib.request.Request(
                url, headers={"Accept-Encoding": "identity"}), timeout=10)
            self.assertIsNone(plain.headers["Content-Encoding"], name)
            self.assertEqual(plain.read(), original, name)
        # Chromium takes the module gzipped and runs it: fewer bytes on the wire than it decodes.
        driver = self.page()
        sizes = driver.execute_script(
            "const e = performance.getEntriesByType('resource').find(r => r.name.endsWith('arrange.wasm'));"
            "return [e.encodedBodySize, e.decodedBodySize]")
        self.assertLess(sizes[0], sizes[1] * 0.6, sizes)

    def test_narrow_screens_stack_the_columns(self):
        driver = self.page(width=420, height=800)
        tops = driver.execute_script(
            "return [...document.querySelectorAll('.column')].map(c => c.getBoundingClientRect().top)")
        self.assertTrue(tops[0] < tops[1] < tops[2], tops)
        screenshot(driver, "browser-narrow.png")

    def test_reduced_motion_is_honoured(self):
        driver = self.browser()
        driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {
            "features": [{"name": "prefers-reduced-motion", "value": "reduce"}]})
        open_board(driver, self.server.url)
        duration = driver.execute_script(
            f"return getComputedStyle({card('Alpha')}).transitionDuration")
        self.assertTrue(all(part.strip() == "0s" for part in duration.split(",")), duration)

    def test_roles_labels_and_live_region(self):
        driver = self.page()
        self.assertEqual(driver.find_element("id", "live").get_attribute("aria-live"), "assertive")
        labels = driver.execute_script(
            "return [...document.querySelectorAll('.column')].map(c => c.getAttribute('aria-label'))")
        self.assertEqual(labels, ["To Do, 3 cards", "Doing, 1 card", "Done, 1 card"])
        role = driver.execute_script(f"return ({card('Alpha')}).getAttribute('role')")
        self.assertEqual(role, "listitem")
        screenshot(driver, "browser-board.png")

    def test_card_text_is_never_markup(self):
        hostile = '<img src=x onerror="window.owned=1"> & "quotes" </script>'
        server = Server(f"## To Do\n\n- {hostile}\n    > <b>bold?</b>\n")
        try:
            driver = self.page(server=server)
            self.assertEqual(columns_shown(driver), [[hostile]])
            self.assertEqual(driver.execute_script("return document.querySelectorAll('.card img').length"), 0)
            self.assertIsNone(driver.execute_script("return window.owned"))
        finally:
            server.stop()

    def test_inline_marks_are_drawn_and_the_file_keeps_them(self):
        title = ("**Fix** [[Login page|login]] #bug @{2026-12-01} @@{10:30} see [docs](https://example.com/a_b) "
                 "or [x](javascript:window.owned=1) `a*b*c` <b>no</b>")
        server = Server(f"## To Do\n\n- {title}\n- plain\n\n## Done\n\n- other\n")
        try:
            driver = self.page(server=server)
            drawn = driver.execute_script("""
                const t = document.querySelector('.card .text');
                const one = (s) => t.querySelector(s)?.textContent ?? null;
                return {strong: one('strong'), wiki: one('.wikilink'), tag: one('.tag'), date: one('.date'),
                        time: one('.time'), code: one('code'), links: [...t.querySelectorAll('a')].map(a => [a.href, a.textContent, a.rel]),
                        bold: t.querySelectorAll('b').length, label: t.closest('.card').getAttribute('aria-label')};""")
            screenshot(driver, "browser-marks.png")
            self.assertEqual(drawn["strong"], "Fix")
            self.assertEqual(drawn["wiki"], "login")
            self.assertEqual(drawn["tag"], "#bug")
            self.assertEqual(drawn["date"], "2026-12-01")
            self.assertEqual(drawn["time"], "10:30")
            self.assertEqual(drawn["code"], "a*b*c")
            self.assertEqual(drawn["links"], [["https://example.com/a_b", "docs", "noopener noreferrer"]])
            self.assertEqual(drawn["bold"], 0)
            self.assertEqual(drawn["label"], "Fix login #bug 2026-12-01 10:30 see docs or "
                             "[x](javascript:window.owned=1) a*b*c <b>no</b>, in To Do")
            # Dragged to Done, the card keeps its title in the file exactly as it was written.
            mouse_drag(driver, center(driver, "document.querySelector('.card')"), center(driver, column(1)))
            wait_for(lambda: f"## Done\n\n- other\n- {title}\n" in server.read(), what="the card under Done")
            self.assertIsNone(driver.execute_script("return window.owned"))
        finally:
            server.stop()

    def test_listening_elsewhere_warns(self):
        process = subprocess.Popen(
            [executable(), "serve", self.server.path, "--host", "0.0.0.0", "--port", "0"],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        try:
            warning = process.stderr.readline()
            self.assertIn("warning: listening on 0.0.0.0", warning)
        finally:
            process.terminate()
            process.wait(timeout=5)


if __name__ == "__main__":
    unittest.main(verbosity=2)
