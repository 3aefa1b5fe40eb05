"""The pictures the README and docs/ show: one board on a desktop, a phone, in dark mode and in a
terminal, taken from the real `arrange serve` and the real `arrange` in tmux. Each test checks what
the picture is meant to show before saving it.

Run with `python3 -m unittest -v test_screenshots` after `swift build`."""

import datetime
import html
import os
import re
import shutil
import subprocess
import tempfile
import unittest

from harness import IMAGES, Server, SharedChromium, columns_shown, executable, open_board, screenshot, wait_for


def day(offset):
    return (datetime.date.today() + datetime.timedelta(days=offset)).isoformat()


def showcase():
    """A board as people keep one: due dates (one overdue, one today), tags, subtasks, notes."""
    return f"""## Ideas

- Dark mode for the settings page #design
- Export the board as CSV
    > Asked for by three people this month
- Offline sync #research

## This week

- Fix the login redirect #bug
    @ {day(-1)}
- Release notes for 2.4
    @ {day(0)}
    * [x] features
    * [x] fixes
    * [ ] thanks
- Review the onboarding flow #design
    @ {day(2)}

## Doing

- Move the API to HTTP/2
    > Behind a flag until the load test passes
    * [x] server
    * [ ] clients
- Keyboard shortcuts sheet

## Done

- Ship the new pricing page
- Migrate the docs to the new site
"""


# The 16 colours of xterm, and the 6 × 6 × 6 cube and grey ramp of the 256-colour palette.
BASIC = ["#000000", "#cd0000", "#00cd00", "#cdcd00", "#0000ee", "#cd00cd", "#00cdcd", "#e5e5e5",
         "#7f7f7f", "#ff0000", "#00ff00", "#ffff00", "#5c5cff", "#ff00ff", "#00ffff", "#ffffff"]


def palette(index):
    if index < 16:
        return BASIC[index]
    if index < 232:
        index -= 16
        levels = [0, 95, 135, 175, 215, 255]
        r, g, b = levels[index // 36], levels[(index // 6) % 6], levels[index % 6]
        return f"#{r:02x}{g:02x}{b:02x}"
    grey = 8 + 10 * (index - 232)
    return f"#{grey:02x}{grey:02x}{grey:02x}"


def terminal_html(capture, foreground="#d8dee9", background="#1d2129"):
    """A page that draws `capture` (tmux's `capture-pane -e`: text with SGR escapes) cell by
    cell, in a monospaced font."""
    state = {}
    out = []
    position = 0
    for match in re.finditer(r"\x1b\[([0-9;:]*)m", capture):
        text = capture[position:match.start()]
        position = match.end()
        if text:
            out.append(span(text, state, foreground, background))
        codes = [int(c) if c else 0 for c in re.split(r"[;:]", match.group(1) or "0")]
        i = 0
        while i < len(codes):
            code = codes[i]
            if code == 0:
                state = {}
            elif code in (1, 2, 3, 4, 7):
                state[code] = True
            elif code in (22, 23, 24, 27):
                for off in {22: (1, 2), 23: (3,), 24: (4,), 27: (7,)}[code]:
                    state.pop(off, None)
            elif 30 <= code <= 37 or 90 <= code <= 97:
                state["fg"] = palette(code - 30 if code < 90 else code - 90 + 8)
            elif 40 <= code <= 47 or 100 <= code <= 107:
                state["bg"] = palette(code - 40 if code < 100 else code - 100 + 8)
            elif code in (38, 48) and i + 1 < len(codes):
                key = "fg" if code == 38 else "bg"
                if codes[i + 1] == 5 and i + 2 < len(codes):
                    state[key] = palette(codes[i + 2])
                    i += 2
                elif codes[i + 1] == 2 and i + 4 < len(codes):
                    state[key] = "#%02x%02x%02x" % tuple(codes[i + 2:i + 5])
                    i += 4
            elif code == 39:
                state.pop("fg", None)
            elif code == 49:
                state.pop("bg", None)
            i += 1
    if position < len(capture):
        out.append(span(capture[position:], state, foreground, background))
    return ("<!doctype html><meta charset=utf-8><style>body{margin:0;background:%s}"
            "pre{margin:0;padding:14px 16px;font:15px/1.25 'DejaVu Sans Mono','Noto Sans Mono',"
            "monospace;color:%s;background:%s;display:inline-block;border-radius:10px}</style>"
            "<pre>%s</pre>" % (background, foreground, background, "".join(out)))


def span(text, state, foreground, background):
    fg, bg = state.get("fg", foreground), state.get("bg", background)
    if state.get(7):
        fg, bg = bg, fg
    style = [f"color:{fg}", f"background:{bg}"]
    if state.get(1):
        style.append("font-weight:bold")
    if state.get(2):
        style.append("opacity:.6")
    if state.get(3):
        style.append("font-style:italic")
    if state.get(4):
        style.append("text-decoration:underline")
    return f"<span style=\"{';'.join(style)}\">{html.escape(text)}</span>"


class ScreenshotTests(SharedChromium):
    """One Chromium for the class, its window sized for each picture; each picture is taken in a
    fresh tab (which also drops the emulated dark mode of the one before). The pictures only
    look at the board: one server for them all."""

    @classmethod
    def setUpClass(cls):
        super().setUpClass()
        cls.server = Server(showcase())

    @classmethod
    def tearDownClass(cls):
        cls.server.stop()
        super().tearDownClass()

    def page(self, width, height, dark=False):
        driver = self.browser(width, height)
        if dark:
            driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {
                "features": [{"name": "prefers-color-scheme", "value": "dark"}]})
        open_board(driver, self.server.url)
        wait_for(lambda: len(columns_shown(driver)) == 4, what="the four columns")
        return driver

    def test_the_board_on_a_desktop(self):
        driver = self.page(1280, 720)
        self.assertEqual(columns_shown(driver)[1], [
            "Fix the login redirect #bug", "Release notes for 2.4", "Review the onboarding flow #design"])
        marks = driver.execute_script(
            "return [...document.querySelectorAll('.card .due')].map(d => d.textContent)")
        self.assertEqual(marks, [f"⚠ overdue · due {day(-1)}", f"◷ due today · {day(0)}",
                                 f"◷ due in 2 days · {day(2)}"])
        screenshot(driver, "board-desktop.png")

    def test_the_board_on_a_phone(self):
        driver = self.page(390, 844)
        self.assertLessEqual(driver.execute_script("return document.documentElement.scrollWidth"), 390)
        tops = driver.execute_script(
            "return [...document.querySelectorAll('.column')].map(c => c.getBoundingClientRect().top)")
        self.assertTrue(tops == sorted(tops) and len(set(tops)) == 4, f"not stacked: {tops}")
        screenshot(driver, "board-phone.png")

    def test_the_board_in_dark_mode(self):
        driver = self.page(1280, 720, dark=True)
        self.assertEqual(driver.execute_script(
            "return getComputedStyle(document.body).backgroundColor"), "rgb(21, 24, 29)")
        screenshot(driver, "board-dark.png")

    def test_the_board_in_a_terminal(self):
        if not shutil.which("tmux"):
            self.skipTest("tmux is not installed")
        folder = tempfile.mkdtemp(prefix="arrange-screenshot-")
        path = os.path.join(folder, "board.md")
        with open(path, "w") as file:
            file.write(showcase())
        name = f"arrange-screenshot-{os.getpid()}"
        # A tmux server of its own: a shared one exits with its last session, whoever ends it.
        tmux = ["tmux", "-L", name]
        subprocess.run([*tmux, "kill-server"], capture_output=True)
        subprocess.run([*tmux, "new-session", "-d", "-s", name, "-x", "116", "-y", "24",
                        "-e", "TERM=xterm-256color", f"{executable()} {path}"], check=True)
        try:
            def capture():
                return subprocess.run([*tmux, "capture-pane", "-p", "-e", "-t", name],
                                      capture_output=True, text=True).stdout
            titles = ("Ideas", "This week", "Doing", "Done", "Fix the login redirect")

            def drawn():
                # What the picture is to show: the columns, the footer of keys, in colour.
                screen = capture()
                plain = re.sub(r"\x1b\[[0-9;:]*m", "", screen)
                return all(title in plain for title in titles) and "quit" in plain and "\x1b[" in screen
            wait_for(drawn, what="the board drawn")
            screen = capture()
            plain = re.sub(r"\x1b\[[0-9;:]*m", "", screen)
            for title in titles:
                self.assertIn(title, plain)
            self.assertIn("\x1b[", screen, "no colours captured")
            driver = self.browser(1200, 560)
            page = os.path.join(folder, "terminal.html")
            with open(page, "w") as file:
                file.write(terminal_html(screen))
            driver.get("file://" + page)
            size = driver.execute_script(
                "const r = document.querySelector('pre').getBoundingClientRect(); return [r.width, r.height]")
            driver.set_window_size(int(size[0]) + 40, int(size[1]) + 140)
            os.makedirs(IMAGES, exist_ok=True)
            driver.find_element("css selector", "pre").screenshot(os.path.join(IMAGES, "board-terminal.png"))
        finally:
            subprocess.run([*tmux, "kill-server"], capture_output=True)
            shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    unittest.main()
