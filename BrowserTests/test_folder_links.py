"""`arrange serve DIR` while another program swaps a board's name between a regular file and a
symbolic link to a file outside the folder, hundreds of times, as fast as it can: the pages that
open the board and read it meanwhile never see the outside file's bytes, and nothing is written
to it. On the live program over loopback.

Run: cd BrowserTests && python3 -m unittest -v test_folder_links (after `swift build`)."""

import json
import os
import shutil
import tempfile
import threading
import time
import unittest
import urllib.error
import urllib.request

from harness import end, launch

INSIDE = "## Inside\n\n- The board's own card\n"
OUTSIDE = "## Secret\n\n- OUTSIDE-BYTES never to be served\n"


class LinkSwapTests(unittest.TestCase):

    def setUp(self):
        self.root = tempfile.mkdtemp(prefix="arrange-links-")
        self.folder = os.path.join(self.root, "boards")
        os.mkdir(self.folder)
        self.secret = os.path.join(self.root, "secret.md")
        with open(self.secret, "w", encoding="utf-8") as file:
            file.write(OUTSIDE)
        self.board = os.path.join(self.folder, "a.md")
        self.regular = os.path.join(self.root, "regular.md")
        with open(self.board, "w", encoding="utf-8") as file:
            file.write(INSIDE)
        self.swaps = 0
        self.swapping = threading.Event()

    def tearDown(self):
        self.swapping.clear()
        shutil.rmtree(self.root, ignore_errors=True)

    def swap(self):
        """Puts a link to the secret and the regular file at the board's name in turn, each by
        an atomic rename, until told to stop."""
        link = os.path.join(self.folder, ".link")
        spare = os.path.join(self.folder, ".regular")
        while self.swapping.is_set():
            try:
                os.symlink(self.secret, link)
                os.rename(link, self.board)
                with open(spare, "w", encoding="utf-8") as file:
                    file.write(INSIDE)
                os.rename(spare, self.board)
                self.swaps += 1
            except OSError:
                pass

    def get(self, port, token, path):
        request = urllib.request.Request(f"http://127.0.0.1:{port}{path}",
                                         headers={"X-Arrange-Token": token})
        try:
            with urllib.request.urlopen(request, timeout=20) as answer:
                return answer.status, answer.read().decode()
        except urllib.error.HTTPError as error:
            return error.code, error.read().decode()

    def test_a_name_swapped_with_a_link_out_never_serves_the_outside_file(self):
        opened = seen = 0
        swapper = threading.Thread(target=self.swap, daemon=True)
        self.swapping.set()
        swapper.start()
        try:
            # Each server opens the board on its first request (the check of the name and the
            # open), and reads it again as the swaps change it; 40 servers, 25 reads each.
            for _ in range(40):
                process, url, port = launch(["serve", self.folder, "--port", "0"])
                token = url.split("#token=")[1]
                try:
                    for _ in range(25):
                        status, body = self.get(port, token, "/b/a.md/api/board")
                        seen += 1
                        if status == 200:
                            opened += 1
                        self.assertNotIn("OUTSIDE-BYTES", body, "the outside file was served")
                        self.assertNotIn("Secret", body)
                finally:
                    end(process)
        finally:
            self.swapping.clear()
            swapper.join(timeout=30)
        print(f"\n{self.swaps} swaps; {seen} reads, {opened} answered with the board")
        self.assertGreater(self.swaps, 200)
        self.assertGreater(opened, 0, "the board was never served")
        with open(self.secret, encoding="utf-8") as file:
            self.assertEqual(file.read(), OUTSIDE)

    def test_a_link_at_a_name_is_neither_listed_nor_opened(self):
        os.remove(self.board)
        os.symlink(self.secret, self.board)
        process, url, port = launch(["serve", self.folder, "--port", "0"])
        token = url.split("#token=")[1]
        try:
            status, body = self.get(port, token, "/api/boards")
            self.assertEqual(json.loads(body)["boards"], [])
            status, body = self.get(port, token, "/b/a.md/api/board")
            self.assertEqual(status, 404)
            self.assertNotIn("OUTSIDE-BYTES", body)
        finally:
            end(process)


if __name__ == "__main__":
    unittest.main()
