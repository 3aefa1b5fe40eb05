"""`arrange serve FILE` when another program deletes the board's file, or puts something that
is no file in its place: "Keep this board" (W, the `overwrite` request) writes the board back
with the changes made meanwhile, and a W that cannot write is never answered 200. On the live
program over loopback.

Run: cd BrowserTests && python3 -m unittest -v test_board_file (after `swift build`)."""

import os
import tempfile
import time
import unittest

from harness import Server

BOARD = "## To Do\n\n- Alpha\n\n## Done\n"


def wait_for(condition, timeout=30.0):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.02)
    return condition()


class DeletedBoardTests(unittest.TestCase):

    def setUp(self):
        # Started as a person starts it: in the board's folder, on the file's name.
        self.server = Server.__new__(Server)
        self.server.folder = tempfile.mkdtemp(prefix="arrange-file-")
        self.server.path = os.path.join(self.server.folder, "board.md")
        with open(self.server.path, "w", encoding="utf-8") as file:
            file.write(BOARD)
        here = os.getcwd()
        os.chdir(self.server.folder)
        try:
            self.server.start("board.md", ())
        finally:
            os.chdir(here)

    def tearDown(self):
        self.server.stop()

    def board(self):
        return self.server.board()

    def gone(self):
        """Deletes the file and waits until the server has seen it go."""
        os.remove(self.server.path)
        self.assertTrue(wait_for(lambda: "gone from disk" in (self.board().get("message") or "")),
                        self.board().get("message"))

    def test_keep_this_board_after_the_file_was_deleted_writes_it_back(self):
        self.gone()
        self.assertFalse(os.path.exists(self.server.path))
        status, answer = self.server.change(self.board()["version"], [{"op": "overwrite"}])
        self.assertEqual(status, 200, answer)
        self.assertTrue(answer["saved"])
        self.assertEqual(self.server.read(), BOARD)

    def test_a_change_after_the_file_was_deleted_is_held_then_written_back_by_keep(self):
        self.gone()
        status, answer = self.server.change(self.board()["version"], [
            {"op": "rename", "card": 0, "title": "Alpha, changed while the file was gone"}])
        # Held, not done: there is no file to hold it.
        self.assertNotEqual(status, 200, answer)
        self.assertFalse(answer["saved"])
        status, answer = self.server.change(self.board()["version"], [{"op": "overwrite"}])
        self.assertEqual(status, 200, answer)
        self.assertEqual(self.server.read(),
                         "## To Do\n\n- Alpha, changed while the file was gone\n\n## Done\n")

    def test_keep_this_board_that_cannot_write_is_not_answered_200(self):
        self.gone()
        # A folder where the file was: nothing can be written there.
        os.mkdir(self.server.path)
        try:
            status, answer = self.server.change(self.board()["version"], [{"op": "overwrite"}])
            self.assertNotEqual(status, 200, answer)
            self.assertIn("Not saved", answer["board"]["message"] or "")
            self.assertTrue(os.path.isdir(self.server.path))
        finally:
            os.rmdir(self.server.path)


if __name__ == "__main__":
    unittest.main()
