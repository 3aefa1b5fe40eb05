"""`arrange serve`'s HTTP at its corners, on the live program over loopback: requests that two
readers (this server and a proxy in front of it) could read two ways, and bytes that are no
HTTP at all. Each case is what an attacker sends, byte for byte, and what RFC 9110, RFC 9112 and
RFC 6455 say the answer must be.

Run: cd BrowserTests && python3 -m unittest -v test_protocol (after `swift build`)."""

import socket
import time
import unittest

from harness import Server

BOARD = "## To Do\n\n- Alpha\n- Beta\n\n## Done\n\n- Gamma\n"


def exchange(port, data, deadline=20.0):
    """Sends `data` on a new connection and reads until the server closes it or `deadline`
    seconds pass: every byte it sent, whether it closed, and how long that took."""
    started = time.monotonic()
    with socket.create_connection(("127.0.0.1", port), timeout=deadline) as connection:
        connection.sendall(data)
        received = b""
        closed = False
        while time.monotonic() - started < deadline:
            try:
                chunk = connection.recv(65536)
            except socket.timeout:
                break
            if not chunk:
                closed = True
                break
            received += chunk
    return received, closed, time.monotonic() - started


def statuses(received):
    """The status of every answer in `received`, in order."""
    return [int(line.split(b" ")[1]) for line in received.split(b"\r\n")
            if line.startswith(b"HTTP/1.")]


class ProtocolCornerTests(unittest.TestCase):

    @classmethod
    def setUpClass(cls):
        # Deadlines of 5 s: a case the server does not close is seen by its deadline, not a
        # hang; every answer checked here must come long before it.
        cls.server = Server(BOARD, extra=("--deadlines", "5"))
        cls.port = cls.server.port
        cls.token = cls.server.url.split("#token=")[1]
        cls.host = f"Host: 127.0.0.1:{cls.port}\r\n"

    @classmethod
    def tearDownClass(cls):
        cls.server.stop()

    def request(self, *fields, line="GET / HTTP/1.1", body=b""):
        return (line + "\r\n" + self.host + "".join(f + "\r\n" for f in fields) + "\r\n").encode() + body

    def test_a_close_in_any_connection_field_closes_after_the_answer(self):
        # A proxy reads every Connection field: with a close in any, it reads no request after
        # this one, so the server must not answer one either (it would be a desync).
        for first in ("Connection: keep-alive", "Connection: close"):
            received, closed, _ = exchange(
                self.port, self.request(first, "Connection: close")
                + self.request())
            self.assertTrue(closed, first)
            answered = statuses(received)
            self.assertEqual(len(answered), 1, f"{first}: {answered}")

    def test_a_connection_field_given_twice_with_two_values_is_refused(self):
        for fields in (("Connection: keep-alive, Upgrade", "Connection: close"),
                       ("Connection: keep-alive, Upgarde", "Connection: close"),
                       ("Connection: keep-alive", "Connection: keep-alive, close")):
            received, closed, _ = exchange(self.port, self.request(*fields) + self.request())
            self.assertEqual(statuses(received), [400], fields)
            self.assertTrue(closed, fields)

    def test_origin_or_token_given_twice_with_two_values_is_refused_and_changes_nothing(self):
        before = self.server.read()
        body = (b'{"version":1,"requests":[{"op":"move","card":0,"column":1,"index":0}]}')
        own = f"Origin: http://127.0.0.1:{self.port}"
        for fields in ((own, "Origin: https://evil.example", f"X-Arrange-Token: {self.token}"),
                       (f"X-Arrange-Token: {self.token}", "X-Arrange-Token: " + "0" * 32),
                       ("X-Arrange-Token: " + "0" * 32, f"X-Arrange-Token: {self.token}")):
            received, closed, _ = exchange(self.port, self.request(
                *fields, "Content-Type: application/json", f"Content-Length: {len(body)}",
                line="POST /api/change HTTP/1.1", body=body))
            self.assertEqual(statuses(received), [400], fields)
            self.assertTrue(closed)
        self.assertEqual(self.server.read(), before)
        # The same field given twice with one value is one field.
        received, _, _ = exchange(self.port, self.request(
            f"X-Arrange-Token: {self.token}", f"X-Arrange-Token: {self.token}",
            "Connection: close", line="GET /api/board HTTP/1.1"))
        self.assertEqual(statuses(received), [200])

    def test_http_1_0_is_never_told_100_continue(self):
        body = b'{"version":1,"requests":[]}'
        head = (f"POST /api/change HTTP/1.0\r\n{self.host}X-Arrange-Token: {self.token}\r\n"
                f"Expect: 100-continue\r\nContent-Length: {len(body)}\r\n\r\n").encode()
        with socket.create_connection(("127.0.0.1", self.port), timeout=20) as connection:
            connection.sendall(head)
            # What the server says before the body is sent: nothing at all (an HTTP/1.1 client
            # would be told 100 Continue at once; see the next test).
            connection.settimeout(1.0)
            try:
                early = connection.recv(65536)
            except socket.timeout:
                early = b""
            self.assertNotIn(b"100 Continue", early)
            connection.settimeout(20)
            connection.sendall(body)
            received = early
            while True:
                chunk = connection.recv(65536)
                if not chunk:
                    break
                received += chunk
        self.assertNotIn(100, statuses(received))
        self.assertEqual(statuses(received)[-1], 200)

    def test_http_1_1_is_told_100_continue(self):
        body = b'{"version":1,"requests":[]}'
        head = (f"POST /api/change HTTP/1.1\r\n{self.host}X-Arrange-Token: {self.token}\r\n"
                f"Expect: 100-continue\r\nContent-Length: {len(body)}\r\nConnection: close\r\n\r\n"
                ).encode()
        with socket.create_connection(("127.0.0.1", self.port), timeout=20) as connection:
            connection.sendall(head)
            early = connection.recv(65536)
            self.assertIn(b"100 Continue", early)
            connection.sendall(body)

    def test_an_http_1_0_websocket_handshake_is_refused(self):
        handshake = (f"GET /api/live?token={self.token} HTTP/1.0\r\n{self.host}"
                     "Upgrade: websocket\r\nConnection: Upgrade\r\n"
                     "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
                     "Sec-WebSocket-Version: 13\r\n\r\n").encode()
        received, closed, _ = exchange(self.port, handshake)
        self.assertEqual(statuses(received), [400])
        self.assertTrue(closed)
        # The same handshake in HTTP/1.1 is taken.
        received, _, _ = exchange(self.port, handshake.replace(b"HTTP/1.0", b"HTTP/1.1"), deadline=1)
        self.assertEqual(statuses(received)[:1], [101])

    def test_bytes_that_cannot_begin_a_request_are_refused_at_once(self):
        client_hello = bytes([0x16, 0x03, 0x01, 0x00, 0xA5, 0x01, 0x00, 0x00, 0xA1, 0x03, 0x03])
        for data in (client_hello, b"\x00\x01\x02", b"get / HTTP/1.1\r\n", b"GET\t/ HTTP/1.1",
                     b"GETTINGVERYLONGMETHOD / HTTP/1.1", b"GET http://x/ HTTP/1.1", b" GET /"):
            received, closed, took = exchange(self.port, data)
            self.assertEqual(statuses(received), [400], data)
            self.assertTrue(closed, data)
            # At once: not at the head's deadline (5 s here, 10 s for people).
            self.assertLess(took, 2.5, data)

    def test_the_start_of_a_request_is_waited_for(self):
        # A request that arrives slowly, a byte at a time, is not refused for being incomplete.
        with socket.create_connection(("127.0.0.1", self.port), timeout=20) as connection:
            for byte in self.request("Connection: close"):
                connection.sendall(bytes([byte]))
            received = b""
            while True:
                chunk = connection.recv(65536)
                if not chunk:
                    break
                received += chunk
        self.assertEqual(statuses(received), [200])


if __name__ == "__main__":
    unittest.main()
