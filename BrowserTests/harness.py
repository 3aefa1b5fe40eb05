"""What the browser tests and the browser benchmark share: a real `arrange serve` on a board in
a temporary folder, headless Chromium driven by Selenium (and the DevTools protocol for touch
and media features), and tmux for the terminal app beside them."""

import os
import re
import shutil
import subprocess
import tempfile
import time
import unittest

from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# The web library as its package builds it (the single file, its declarations, the engines\' module).
LIBRARY = os.path.join(ROOT, "WebLibrary", "dist")
IMAGES = os.path.join(ROOT, "docs", "images")


def executable():
    """The `arrange` built by `swift build` (debug unless ARRANGE_BINARY says otherwise)."""
    path = os.environ.get("ARRANGE_BINARY") or os.path.join(ROOT, ".build", "debug", "arrange")
    if not os.access(path, os.X_OK):
        raise RuntimeError(f"{path} is missing: run `swift build` first")
    return path


class Server:
    """`arrange serve` on `text` (a board file's contents) in a fresh folder."""

    def __init__(self, text, name="board.md", extra=()):
        self.folder = tempfile.mkdtemp(prefix="arrange-browser-")
        self.path = os.path.join(self.folder, name)
        with open(self.path, "w", encoding="utf-8") as file:
            file.write(text)
        self.start(self.path, extra)

    def start(self, target, extra):
        """Runs `arrange serve TARGET` and reads the address it prints."""
        self.process, self.url, self.port = launch(["serve", target, "--port", "0", *extra])

    def change(self, version, requests):
        """Asks the server for a change as a page would (with the token), from outside any
        page; returns the HTTP status and the answer's JSON."""
        import json
        import urllib.error
        import urllib.request
        token = self.url.split("#token=")[1]
        request = urllib.request.Request(
            f"http://127.0.0.1:{self.port}/api/change", method="POST",
            data=json.dumps({"version": version, "requests": requests}).encode(),
            headers={"X-Arrange-Token": token, "Content-Type": "application/json"})
        try:
            with urllib.request.urlopen(request, timeout=5) as answer:
                return answer.status, json.loads(answer.read())
        except urllib.error.HTTPError as error:
            return error.code, json.loads(error.read())

    def board(self, timeout=20):
        """The board as `/api/board` gives it to a page (with the token)."""
        import json
        import urllib.request
        token = self.url.split("#token=")[1]
        request = urllib.request.Request(f"http://127.0.0.1:{self.port}/api/board",
                                         headers={"X-Arrange-Token": token})
        with urllib.request.urlopen(request, timeout=timeout) as answer:
            return json.loads(answer.read())

    def read(self):
        with open(self.path, encoding="utf-8") as file:
            return file.read()

    def write(self, text):
        with open(self.path, "w", encoding="utf-8") as file:
            file.write(text)

    def stop(self):
        end(self.process)
        shutil.rmtree(self.folder, ignore_errors=True)


def launch(arguments):
    """Runs `arrange ARGUMENTS` (a server) and reads the address it prints: the process, the
    address and its port."""
    process = subprocess.Popen([executable(), *arguments],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    line = process.stdout.readline()
    match = re.search(r"(http://\S+)", line)
    if not match:
        process.kill()
        raise RuntimeError(f"arrange {arguments[0]} printed {line!r}; stderr {process.stderr.read()!r}")
    url = match.group(1)
    return process, url, int(re.search(r":(\d+)/", url).group(1))


def end(process):
    """Stops a server `launch` started: SIGTERM, then SIGKILL after 5 s."""
    process.terminate()
    try:
        process.wait(timeout=5)
    except subprocess.TimeoutExpired:
        process.kill()


class FolderServer(Server):
    """`arrange serve FOLDER` on a fresh folder holding `boards` (file name: contents)."""

    def __init__(self, boards, extra=()):
        self.folder = tempfile.mkdtemp(prefix="arrange-browser-")
        for name, text in boards.items():
            with open(os.path.join(self.folder, name), "w", encoding="utf-8") as file:
                file.write(text)
        self.path = self.folder
        self.start(self.folder, extra)

    def read_board(self, name):
        with open(os.path.join(self.folder, name), encoding="utf-8") as file:
            return file.read()

    def write_board(self, name, text):
        with open(os.path.join(self.folder, name), "w", encoding="utf-8") as file:
            file.write(text)


class GalleryServer:
    """`arrange gallery` on any free port: `url` is its address (`/` the gallery's index)."""

    def __init__(self, extra=()):
        self.process, self.url, self.port = launch(["gallery", "--port", "0", *extra])

    def page(self, name):
        """The address of the gallery's page `name` (`exchange.html`, say)."""
        return self.url + name

    def stop(self):
        end(self.process)


def open_gallery_page(driver, url):
    """Opens a gallery page and waits until its script has set it up (`body[data-ready]`)."""
    driver.get(url)
    wait_for(lambda: driver.execute_script("return document.body.dataset.ready === 'true'"),
             timeout=30, what=f"{url} to be ready")


def fresh_tab(driver):
    """Replaces the driver's tab with a new one. After a gesture of two touch points, headless
    Chromium delivers no touch input to the tab's later pages (its touch emulation keeps some of
    the gesture), whatever ends it; a new tab starts clean."""
    old = driver.current_window_handle
    driver.switch_to.new_window("tab")
    new = driver.current_window_handle
    driver.switch_to.window(old)
    driver.close()
    driver.switch_to.window(new)


class SharedChromium(unittest.TestCase):
    """Tests that share Chromium: a class starts one when its first test asks for a page (and a
    second only if a test asks for two pages at once) and quits them when its tests are done.
    Each test's pages open in fresh tabs of the size it asks for, so that nothing of an earlier
    test (its page, the DevTools protocol's emulation of touch or media, an input half done) is
    left. A subclass that has its own setUp calls this one's."""

    browsers = None

    @classmethod
    def setUpClass(cls):
        super().setUpClass()
        cls.browsers = []

    @classmethod
    def tearDownClass(cls):
        for driver in cls.browsers:
            driver.quit()
        cls.browsers = []
        super().tearDownClass()

    def setUp(self):
        super().setUp()
        self.browsers_used = 0

    def browser(self, width=1200, height=800, again=False):
        """The class's next Chromium for this test, on a new tab, its window `width` × `height`
        CSS pixels (as `chromium` makes it: the size is set the same way). With `again`, the
        test's first one again, on a new tab: for pages one after the other."""
        used = 0 if again else getattr(self, "browsers_used", 0)
        if used == len(self.browsers):
            driver = chromium(width, height)
            self.browsers.append(driver)
        else:
            driver = self.browsers[used]
            fresh_tab(driver)
            driver.set_window_size(width, height)
        self.browsers_used = used + 1
        return driver


def allow_slow_commands(driver, seconds):
    """Lets one WebDriver command (an axe audit of a page of 11,000 items, say) take up to
    `seconds`: Selenium's client gives up on an answer after 120 s otherwise, whatever the
    script timeout, and a loaded CI machine can take longer than that."""
    driver.set_script_timeout(seconds)
    config = getattr(driver.command_executor, "_client_config", None)
    if config is not None:
        config.timeout = seconds


# Arguments for a benchmark that measures a page's memory: the pages a tab has left stay in its
# memory (the back-forward cache), and the tab's heap counts them (the board's heap after three
# loads was three boards').
NO_PAGE_CACHE = ("--disable-back-forward-cache",)


def chromium(width=1200, height=800, extra=()):
    """A headless Chromium window of `width` × `height` CSS pixels, with `extra` arguments."""
    options = Options()
    for argument in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     f"--window-size={width},{height}", "--force-device-scale-factor=1",
                     "--hide-scrollbars", "--lang=en-US", *extra]:
        options.add_argument(argument)
    binary = shutil.which("chromium") or shutil.which("chromium-browser")
    if binary:
        options.binary_location = binary
    driver_path = shutil.which("chromedriver") or "/usr/bin/chromedriver"
    driver = webdriver.Chrome(options=options, service=Service(driver_path))
    driver.set_window_size(width, height)
    return driver


def open_board(driver, url):
    """Loads the page and waits until the board is drawn."""
    driver.get(url)
    wait_for(lambda: driver.execute_script("return document.querySelectorAll('.card').length") > 0,
             what="the board to be drawn")


def wait_for(condition, timeout=20.0, what="a condition"):
    """Polls `condition` until it is true; returns the seconds it took. The deadline is far above
    what a busy machine needs: it costs nothing when the condition comes true at once."""
    start = time.monotonic()
    while True:
        try:
            if condition():
                return time.monotonic() - start
        except Exception:  # an element replaced while it was read: try again
            pass
        if time.monotonic() - start > timeout:
            raise AssertionError(f"waited {timeout} s for {what}")
        time.sleep(0.02)


def next_frames(driver, count=2):
    """Waits until the page has drawn `count` more frames: what it does in a frame's callbacks for
    the input it has had (a drag draws its moves, a drop is shown in the frame after the release,
    a scroll's event is heard) is then done."""
    driver.execute_async_script("""
        const done = arguments[arguments.length - 1];
        let left = arguments[0];
        const next = () => (--left <= 0 ? done() : requestAnimationFrame(next));
        requestAnimationFrame(next);""", count)


def quiet(driver, timeout=20.0):
    """Waits until the page has drawn two more frames (see `next_frames`) and nothing on it
    moves: no Web Animation or CSS transition is running (a CSS animation, such as edit mode's
    endless wobble, may go on). Mid-drag, the items making room are then where they go and the
    lifted item is drawn where the pointer is."""
    next_frames(driver)
    wait_for(lambda: driver.execute_script(
        "return document.getAnimations().filter(a => a.playState === 'running'"
        " && !(a instanceof CSSAnimation)).length") == 0, timeout=timeout, what="the page to be still")


def settled(driver, timeout=20.0):
    """Waits until a page that uses arrange-lib.js has no drag under way and is still (`quiet`):
    a drop released is shown (in the frame after the release) and its slides are over."""
    wait_for(lambda: not driver.execute_script(
        "return document.documentElement.classList.contains('arrange-active')"),
        timeout=timeout, what="the drag to end")
    quiet(driver, timeout)


def lifted(driver):
    """Whether arrange-lib.js has lifted an item on the page."""
    return driver.execute_script("return document.querySelector('.arrange-dragging') !== null")


def slowed(driver, rate=0.1):
    """Runs the page's animations (Web Animations, CSS transitions) `rate` times as fast until
    `normal` (a slide after a drop, 200 ms, is seen running however busy the machine is)."""
    driver.execute_cdp_cmd("Animation.enable", {})
    driver.execute_cdp_cmd("Animation.setPlaybackRate", {"playbackRate": rate})


def normal(driver):
    driver.execute_cdp_cmd("Animation.setPlaybackRate", {"playbackRate": 1})


def hold_slide(driver, element_script, point):
    """Holds the slide (a Web Animation the library started: a drop's FLIP) of the element a
    script returns where it is first drawn over `point`, 4 px inside it: paused there, so that a
    press on `point` lands while it is drawn there, however late the page handles the press.
    False when it has no slide (yet) or its slide does not pass there."""
    return driver.execute_script(
        "const item = (" + element_script + "), [x, y] = arguments[0];"
        "const slide = item.getAnimations().find((a) => a.constructor === Animation);"
        "if (!slide) return false;"
        "slide.pause();"
        "const end = slide.effect.getComputedTiming().endTime;"
        "for (let time = 0; time < end; time += end / 200) {"
        "  slide.currentTime = time;"
        "  const r = item.getBoundingClientRect();"
        "  if (r.left + 4 < x && x < r.right - 4 && r.top + 4 < y && y < r.bottom - 4) return true;"
        "}"
        "return false;", list(point))


def center(driver, selector_script):
    """The client coordinates of the center of the element a script returns."""
    return driver.execute_script(
        "const r = (" + selector_script + ").getBoundingClientRect();"
        "return [r.left + r.width / 2, r.top + r.height / 2];")


def card(title):
    """A script expression for the card titled `title`."""
    return ("[...document.querySelectorAll('.card')].find("
            f"c => c.querySelector('.text').textContent === {title!r})")


def column(index):
    return f"document.querySelectorAll('.column')[{index}]"


def columns_shown(driver):
    """The titles of the cards each column shows, as the page draws them."""
    return driver.execute_script(
        "return [...document.querySelectorAll('.column')].map(c => "
        "[...c.querySelectorAll('.card .text')].map(t => t.textContent))")


def mouse_drag(driver, start, end, steps=12, before_release=None, release=True):
    """Presses the mouse at `start`, moves it to `end` in steps (through the DevTools protocol,
    as real input: Pointer Events of type mouse) and releases it."""
    def mouse(kind, point, buttons):
        driver.execute_cdp_cmd("Input.dispatchMouseEvent", {
            "type": kind, "x": point[0], "y": point[1], "button": "left", "buttons": buttons,
            "clickCount": 1 if kind != "mouseMoved" else 0})
    mouse("mouseMoved", start, 0)
    mouse("mousePressed", start, 1)
    for step in range(1, steps + 1):
        x = start[0] + (end[0] - start[0]) * step / steps
        y = start[1] + (end[1] - start[1]) * step / steps
        mouse("mouseMoved", (x, y), 1)
        time.sleep(0.016)  # the pointer's pace, a move a frame as a hand makes them: no wait
    if before_release:
        before_release()
    if release:
        mouse("mouseReleased", end, 0)


def touch_drag(driver, start, end, steps=12, hold=None):
    """A finger pressed on `start`, held still until the page lifts the item under it (a finger
    lifts a card after a short press), moved to `end` and lifted: Pointer Events of type touch.
    With `hold`, the finger is held still for that many seconds instead, whatever the page does:
    a press of a set length (one too short to lift, say)."""
    def touch(kind, points):
        driver.execute_cdp_cmd("Input.dispatchTouchEvent", {
            "type": kind, "touchPoints": [{"x": x, "y": y, "id": 1} for (x, y) in points]})
    driver.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": True, "maxTouchPoints": 1})
    touch("touchStart", [start])
    try:
        if hold is None:
            wait_for(lambda: lifted(driver), timeout=20, what="the item under the finger to be lifted")
        else:
            time.sleep(hold)  # the press's length is what the test is about
        for step in range(1, steps + 1):
            x = start[0] + (end[0] - start[0]) * step / steps
            y = start[1] + (end[1] - start[1]) * step / steps
            touch("touchMove", [(x, y)])
            time.sleep(0.016)  # the finger's pace, a move a frame: no wait
    finally:
        # Lifted even when the test fails: a tab left with a finger down takes no more touches.
        touch("touchEnd", [])


def said(driver):
    """What the page last put in its aria-live region."""
    return driver.execute_script("return document.getElementById('live').dataset.said || ''")


def screenshot(driver, name):
    """Saves a screenshot to docs/images/NAME (the README shows them)."""
    os.makedirs(IMAGES, exist_ok=True)
    driver.save_screenshot(os.path.join(IMAGES, name))


class Tmux:
    """`arrange FILE` in a detached tmux session of 120 × 32 cells, on a tmux server of its own
    (tmux's server exits with its last session: a shared one could take this pane down when
    another test, in this process or another, ends its own session)."""

    def __init__(self, path):
        self.name = f"arrange-browser-{os.getpid()}"
        self.tmux = ["tmux", "-L", self.name]
        subprocess.run([*self.tmux, "kill-server"], capture_output=True)
        subprocess.run([*self.tmux, "-f", "/dev/null", "new-session", "-d", "-s", self.name,
                        "-x", "120", "-y", "32", f"{executable()} {path}"], check=True)

    def screen(self):
        return subprocess.run([*self.tmux, "capture-pane", "-p", "-t", self.name],
                              capture_output=True, text=True).stdout

    def keys(self, *keys):
        subprocess.run([*self.tmux, "send-keys", "-t", self.name, *keys], check=True)

    def stop(self):
        subprocess.run([*self.tmux, "kill-server"], capture_output=True)
