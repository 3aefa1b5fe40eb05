import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A blocking TCP connection to a test server on 127.0.0.1, for writing requests byte for byte
/// and reading exactly what comes back (or that nothing does).
final class RawSocket {
  let descriptor: Int32

  /// Connects to `port`; `nil` when the connection is refused.
  init?(port: Int, receiveBuffer: Int32? = nil) {
    descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    if var size = receiveBuffer {
      setsockopt(descriptor, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
    }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = in_port_t(UInt16(port).bigEndian)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let connected = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard connected == 0 else {
      close(descriptor)
      return nil
    }
  }

  deinit { close(descriptor) }

  /// Writes `bytes`; `false` when the server closed the connection.
  @discardableResult
  func write(_ bytes: [UInt8]) -> Bool {
    var written = 0
    while written < bytes.count {
      let count = bytes.withUnsafeBytes {
        send(
          descriptor, $0.baseAddress.map { $0 + written }, bytes.count - written,
          Int32(MSG_NOSIGNAL))
      }
      if count <= 0 { return false }
      written += count
    }
    return true
  }

  /// Writes `text`.
  @discardableResult
  func write(_ text: String) -> Bool { write(Array(text.utf8)) }

  /// Reads what arrives within `seconds` (stopping early once `enough` says so, or at the end
  /// of the stream); `closed` tells whether the server closed the connection.
  func read(
    for seconds: Double, until enough: ([UInt8]) -> Bool = { _ in false }
  ) -> (bytes: [UInt8], closed: Bool) {
    var bytes: [UInt8] = []
    let end = Date().addingTimeInterval(seconds)
    var chunk = [UInt8](repeating: 0, count: 65536)
    while Date() < end {
      var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
      let left = Int32(max(1, end.timeIntervalSinceNow * 1000))
      guard poll(&entry, 1, left) > 0 else { continue }
      let count = recv(descriptor, &chunk, chunk.count, 0)
      if count <= 0 { return (bytes, true) }
      bytes += chunk[0..<count]
      if enough(bytes) { return (bytes, false) }
    }
    return (bytes, false)
  }

  /// Reads one whole HTTP answer (head and the body its Content-Length announces); bytes of
  /// the answers after it stay in ``pending`` for the next call.
  func readAnswer(within seconds: Double = 20) -> String {
    var bytes = pending
    pending = []
    if Self.answerLength(bytes) == nil {
      bytes += read(for: seconds) { Self.answerLength(bytes + $0) != nil }.bytes
    }
    guard let length = Self.answerLength(bytes) else {
      return String(decoding: bytes, as: UTF8.self)
    }
    pending = Array(bytes[length...])
    return String(decoding: bytes[..<length], as: UTF8.self)
  }

  /// The length of the whole answer at the start of `bytes`, once it is all there.
  static func answerLength(_ bytes: [UInt8]) -> Int? {
    guard let end = headEnd(bytes) else { return nil }
    let head = String(decoding: bytes[..<end], as: UTF8.self).lowercased()
    let line = head.split(separator: "\r\n").first { $0.hasPrefix("content-length:") }
    let length =
      line.flatMap {
        Int($0.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces))
      } ?? 0
    return bytes.count >= end + length ? end + length : nil
  }

  /// Opens the WebSocket at `path` with `token`; returns whether the server switched protocols.
  ///
  /// Bytes the server sent after its handshake are kept in ``pending``.
  func openWebSocket(
    port: Int, token: String, path: String = "/api/live", firstFrame: Bool = true
  ) -> Bool {
    write(
      "GET \(path)?token=\(token) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nUpgrade: websocket\r\n"
        + "Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
        + "Sec-WebSocket-Version: 13\r\n\r\n")
    let got = read(for: 20) { bytes in
      guard let end = Self.headEnd(bytes) else { return false }
      return bytes.count > end || !firstFrame
    }
    guard let end = Self.headEnd(got.bytes) else { return false }
    pending = Array(got.bytes[end...])
    return String(decoding: got.bytes[..<end], as: UTF8.self).hasPrefix("HTTP/1.1 101")
  }

  /// Bytes read past a handshake, not yet taken as frames.
  var pending: [UInt8] = []

  /// The index just past the blank line that ends an HTTP head.
  static func headEnd(_ bytes: [UInt8]) -> Int? {
    guard bytes.count >= 4 else { return nil }
    for index in 0...(bytes.count - 4)
    where bytes[index] == 13 && bytes[index + 1] == 10 && bytes[index + 2] == 13
      && bytes[index + 3] == 10
    {
      return index + 4
    }
    return nil
  }

  /// The server's frames that arrive within `seconds`, or until `count` of them have, or until
  /// `enough` says so of those that have: opcode and payload, in order.
  func frames(
    for seconds: Double, stopAfter count: Int = .max,
    until enough: ([(opcode: UInt8, payload: [UInt8])]) -> Bool = { _ in false }
  ) -> [(opcode: UInt8, payload: [UInt8])] {
    var buffer = pending
    pending = []
    var frames: [(UInt8, [UInt8])] = []
    func take() {
      while buffer.count >= 2 {
        var length = Int(buffer[1] & 0x7F)
        var offset = 2
        if length == 126 {
          guard buffer.count >= 4 else { return }
          length = Int(buffer[2]) << 8 | Int(buffer[3])
          offset = 4
        } else if length == 127 {
          guard buffer.count >= 10 else { return }
          length = buffer[2..<10].reduce(0) { $0 << 8 | Int($1) }
          offset = 10
        }
        guard buffer.count >= offset + length else { return }
        frames.append((buffer[0] & 0x0F, Array(buffer[offset..<offset + length])))
        buffer.removeFirst(offset + length)
      }
    }
    take()
    if frames.count >= count || enough(frames) { return frames }
    let end = Date().addingTimeInterval(seconds)
    while Date() < end && frames.count < count && !enough(frames) {
      let got = read(for: min(0.2, max(0.01, end.timeIntervalSinceNow)))
      buffer += got.bytes
      take()
      if got.closed { break }
    }
    return frames
  }

  /// A client frame: final, masked, with `opcode` and `payload` (`masked: false` breaks the
  /// rule on purpose).
  static func frame(opcode: UInt8, _ payload: [UInt8], final: Bool = true, masked: Bool = true)
    -> [UInt8]
  {
    var out: [UInt8] = [(final ? 0x80 : 0) | opcode]
    let mask: [UInt8] = [0x12, 0x34, 0x56, 0x78]
    if payload.count < 126 {
      out.append((masked ? 0x80 : 0) | UInt8(payload.count))
    } else {
      out += [(masked ? 0x80 : 0) | 126, UInt8(payload.count >> 8), UInt8(payload.count & 0xFF)]
    }
    if masked {
      out += mask
      out += payload.enumerated().map { $0.element ^ mask[$0.offset & 3] }
    } else {
      out += payload
    }
    return out
  }
}
