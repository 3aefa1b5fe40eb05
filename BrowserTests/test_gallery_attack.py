"""`arrange gallery` under attack: the real program on loopback, asked for what an attacker
asks (path spellings that reach outside the gallery's files, the board's files and API, other
hosts and origins, absurd lengths, idle sockets, pipelining without reading, a signal) while a
normal client checks that the gallery still answers. It shares `arrange serve`'s network loop;
these tests hold the gallery's own surface: what it serves and what it does not.

Run: cd BrowserTests && python3 -m unittest -v test_gallery_attack (after `swift build`)."""

import signal
import socket
import time
import unittest

from harness import GalleryServer
from test_attack import raw, rss_mib


def status_of(answer):
    line = answer.split(b"\r\n", 1)[0]
    return int(line.split()[1]) if line.startswith(b"HTTP/1.1 ") else None


class GalleryAttack(unittest.TestCase):
    def setUp(self):
        self.gallery = GalleryServer()
        self.port = self.gallery.port

    def tearDown(self):
        self.gallery.stop()

    def get(self, target, host=None, extra=b"", connection=b"close"):
        host = host if host is not None else f"127.0.0.1:{self.port}".encode()
        request = (b"GET " + target + b" HTTP/1.1\r\nHost: " + host + b"\r\n" + extra
                   + b"Connection: " + connection + b"\r\n\r\n")
        return raw(self.port, request)[0]

    def test_the_gallery_serves_its_pages_and_the_library_only(self):
        for name in [b"/", b"/index.html", b"/gallery.css", b"/gallery.js", b"/layout.html",
                     b"/arrange-layout.wasm", b"/arrange-lib.js", b"/arrange-lib.d.ts", b"/arrange.wasm"]:
            self.assertEqual(status_of(self.get(name)), 200, name)
        # The board page's own files are not the gallery's.
        for name in [b"/app.js", b"/style.css", b"/boards.html", b"/boards.js"]:
            self.assertEqual(status_of(self.get(name)), 404, name)

    def test_path_spellings_name_nothing(self):
        for target in [b"//gallery.js", b"/%67allery.js", b"/..%2Fgallery.js", b"/gallery.js/",
                       b"/GALLERY.JS", b"/gallery.js%00", b"/../../etc/passwd",
                       b"/%2e%2e/%2e%2e/etc/passwd", b"/./gallery.js", b"/b/x.md/gallery.js",
                       b"/.gallery.js", b"/gallery", b"/gallery.js.bak", b"/" + b"a" * 5000 + b".js",
                       b"/\xff.js", b"gallery.js", b"*"]:
            answer = self.get(target)
            self.assertIn(status_of(answer), (400, 404, 414, 431), target[:60])
            self.assertNotIn(b"export", answer.partition(b"\r\n\r\n")[2], target[:60])

    def test_no_api(self):
        for target in [b"/api/board", b"/api/boards", b"/api/live", b"/api/live?token=x", b"/api",
                       b"/b/board.md/api/board"]:
            self.assertEqual(status_of(self.get(target)), 404, target)
        change = raw(self.port, b"POST /api/change HTTP/1.1\r\nHost: 127.0.0.1:%d\r\nContent-Length: 2\r\n"
                     b"Connection: close\r\n\r\n{}" % self.port)[0]
        self.assertIn(status_of(change), (404, 405), change[:60])
        # One Connection field: two with different values would be refused as a 400 first.
        upgrade = self.get(b"/api/live", extra=b"Upgrade: websocket\r\n"
                           b"Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n",
                           connection=b"Upgrade, close")
        self.assertEqual(status_of(upgrade), 404)

    def test_other_hosts_and_origins_are_refused(self):
        self.assertEqual(status_of(self.get(b"/", host=b"evil.example")), 403)
        self.assertEqual(status_of(self.get(b"/", host=b"127.0.0.1:1")), 403)
        no_host = raw(self.port, b"GET / HTTP/1.1\r\nConnection: close\r\n\r\n")[0]
        self.assertIn(status_of(no_host), (400, 403))
        self.assertEqual(status_of(self.get(b"/gallery.js", extra=b"Origin: http://evil.example\r\n")), 403)
        self.assertEqual(status_of(self.get(b"/gallery.js", extra=b"Origin: http://127.0.0.1:%d\r\n" % self.port)), 200)

    def test_extreme_lengths_and_numbers(self):
        for extra in [b"Content-Length: 99999999999999999999999\r\n", b"Content-Length: -1\r\n",
                      b"Content-Length: 18446744073709551616\r\n", b"X-Big: " + b"a" * 200000 + b"\r\n",
                      b"Range: bytes=0-18446744073709551615\r\n"]:
            answer = self.get(b"/gallery.js", extra=extra)
            self.assertTrue(answer == b"" or status_of(answer) in (200, 400, 404, 413, 431), answer[:80])
        self.assertIsNone(self.gallery.process.poll(), "the server died")
        self.assertEqual(status_of(self.get(b"/")), 200)

    def test_idle_sockets_and_pipelining_do_not_starve_a_page(self):
        idle = [socket.create_connection(("127.0.0.1", self.port)) for _ in range(200)]
        piped = socket.create_connection(("127.0.0.1", self.port))
        piped.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        one = b"GET /arrange.wasm HTTP/1.1\r\nHost: 127.0.0.1:%d\r\n\r\n" % self.port
        piped.sendall(one * 300)
        before = rss_mib(self.gallery.process.pid)
        try:
            started = time.monotonic()
            for _ in range(5):
                self.assertEqual(status_of(self.get(b"/gallery.css")), 200)
            self.assertLess(time.monotonic() - started, 5.0)
            self.assertLess(rss_mib(self.gallery.process.pid), before + 100)
        finally:
            for connection in idle + [piped]:
                connection.close()

    def test_a_signal_stops_it_cleanly(self):
        self.gallery.process.send_signal(signal.SIGTERM)
        self.assertEqual(self.gallery.process.wait(timeout=10), 0)


if __name__ == "__main__":
    unittest.main()
