"""`arrange serve DIR` on a folder whose board names look alike: `K.md` (K, U+004B) beside
`\u212a.md` (KELVIN SIGN), and `é.md` precomposed (U+00E9) beside `e\u0301.md` decomposed. Swift's
strings call each pair equal (canonical equivalence), the file system does not: each address must
open its own file, a change sent to one must land in that one alone, and the list must say which
names look the same. On the live program over loopback.

Run: cd BrowserTests && python3 -m unittest -v test_folder_names (after `swift build`)."""

import json
import os
import shutil
import tempfile
import unittest
import urllib.parse
import urllib.request

from harness import launch, end

NAMES = {
    "K.md": "## Ascii K\n\n- From the ASCII K\n",
    "\u212a.md": "## Kelvin\n\n- From the Kelvin sign\n",
    "\u00e9.md": "## Precomposed\n\n- From the precomposed e\n",
    "e\u0301.md": "## Decomposed\n\n- From the decomposed e\n",
    "plain.md": "## Plain\n\n- Alone\n",
}


class LookAlikeNameTests(unittest.TestCase):

    @classmethod
    def setUpClass(cls):
        cls.folder = tempfile.mkdtemp(prefix="arrange-names-")
        for name, text in NAMES.items():
            with open(os.path.join(cls.folder.encode(), name.encode()), "w", encoding="utf-8") as file:
                file.write(text)
        cls.process, cls.url, cls.port = launch(["serve", cls.folder, "--port", "0"])
        cls.token = cls.url.split("#token=")[1]

    @classmethod
    def tearDownClass(cls):
        end(cls.process)
        shutil.rmtree(cls.folder, ignore_errors=True)

    def get(self, path):
        request = urllib.request.Request(f"http://127.0.0.1:{self.port}{path}",
                                         headers={"X-Arrange-Token": self.token})
        with urllib.request.urlopen(request, timeout=20) as answer:
            return json.loads(answer.read())

    def change(self, address, version, requests):
        request = urllib.request.Request(
            f"http://127.0.0.1:{self.port}{address}api/change", method="POST",
            data=json.dumps({"version": version, "requests": requests}).encode(),
            headers={"X-Arrange-Token": self.token, "Content-Type": "application/json"})
        with urllib.request.urlopen(request, timeout=20) as answer:
            return answer.status, json.loads(answer.read())

    def read(self, name):
        with open(os.path.join(self.folder.encode(), name.encode()), encoding="utf-8") as file:
            return file.read()

    def boards(self):
        return {board["name"]: board for board in self.get("/api/boards")["boards"]}

    def test_every_name_is_listed_at_an_address_of_its_own(self):
        boards = self.boards()
        self.assertEqual(set(boards), set(NAMES))
        addresses = [board["address"] for board in boards.values()]
        self.assertEqual(len(set(addresses)), len(NAMES))
        for name, board in boards.items():
            self.assertEqual(board["address"], "/b/" + urllib.parse.quote(name.encode(), safe="") + "/")

    def test_each_address_shows_its_own_board(self):
        for name, board in self.boards().items():
            shown = json.dumps(self.get(board["address"] + "api/board"))
            title = NAMES[name].split("\n")[0][3:]
            self.assertIn(title, shown, name)
            for other, text in NAMES.items():
                if other != name:
                    self.assertNotIn(text.split("\n")[0][3:], shown, f"{name} showed {other}")

    def test_a_change_lands_in_the_file_named_alone(self):
        for name in ("\u212a.md", "e\u0301.md", "K.md"):
            address = self.boards()[name]["address"]
            board = self.get(address + "api/board")
            before = {other: self.read(other) for other in NAMES}
            status, answer = self.change(address, board["version"], [
                {"op": "rename", "card": 0, "title": f"Renamed in {name}"}])
            self.assertEqual(status, 200, answer)
            self.assertIn(f"Renamed in {name}", self.read(name))
            for other in NAMES:
                if other != name:
                    self.assertEqual(self.read(other), before[other], f"a change to {name} reached {other}")

    def test_the_list_says_which_names_look_the_same(self):
        boards = self.boards()
        for pair in (("K.md", "\u212a.md"), ("\u00e9.md", "e\u0301.md")):
            for name in pair:
                warning = boards[name].get("warning", "")
                self.assertIn("look the same", warning, name)
                for other in pair:
                    self.assertIn(f"\u201c{other}\u201d", warning)
        self.assertIn("U+212A", boards["K.md"]["warning"])
        self.assertIn("U+0065 U+0301", boards["\u00e9.md"]["warning"])
        self.assertNotIn("warning", boards["plain.md"])


if __name__ == "__main__":
    unittest.main()
