/// The WebSocket protocol (RFC 6455) as the server speaks it: the opening handshake's answer,
/// frames out, and frames in, read strictly.
///
/// The page never sends data: a client may send pings, pongs and a close. Anything a client
/// must not send closes the connection with the status RFC 6455 names: an unmasked frame, a
/// reserved bit, an unknown opcode, a continuation with nothing to continue, a fragmented or
/// long control frame (1002, protocol error); text that is not UTF-8 (1007); a frame larger
/// than ``ServerLimits/webSocketFrameBytes`` (1009).
enum WebSocket {
  /// What a client's frame asks for.
  enum Incoming: Equatable {
    /// A ping, to be answered with a pong carrying the same bytes.
    case ping([UInt8])
    /// A pong, or data the server has no use for.
    case ignored
    /// The client closes; the status it gave, if any.
    case close(UInt16?)
  }

  /// Why a client's frames end the connection: the close status to send.
  struct Violation: Error, Equatable {
    /// The status (1002, 1007 or 1009).
    var status: UInt16
    /// The reason sent with it.
    var reason: String
  }

  /// The `Sec-WebSocket-Accept` value for a client's `Sec-WebSocket-Key`.
  static func accept(key: String) -> String {
    base64(sha1(Array((key + "258EAFA5-E914-47DA-95CA-C5AB0DC85B11").utf8)))
  }

  /// Whether `key` is a valid `Sec-WebSocket-Key`: 16 bytes in base64 (24 characters).
  static func isValidKey(_ key: String) -> Bool {
    let bytes = Array(key.utf8)
    guard bytes.count == 24, bytes[22] == 0x3D, bytes[23] == 0x3D else { return false }
    return bytes[0..<22].allSatisfy { byte in
      (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
        || (byte >= 0x30 && byte <= 0x39) || byte == 0x2B || byte == 0x2F
    }
  }

  /// A frame from the server: final, unmasked, with `opcode` (1 text, 8 close, 9 ping, 10 pong).
  static func frame(opcode: UInt8, _ payload: [UInt8]) -> [UInt8] {
    var out = head(opcode: opcode, length: payload.count)
    out.reserveCapacity(out.count + payload.count)
    return out + payload
  }

  /// The head of a frame from the server (final, unmasked) whose payload is `length` bytes:
  /// sent before a payload that is shared by every page, which is then never copied.
  static func head(opcode: UInt8, length count: Int) -> [UInt8] {
    var out: [UInt8] = [0x80 | opcode]
    if count < 126 {
      out.append(UInt8(count))
    } else if count <= 0xFFFF {
      out += [126, UInt8(count >> 8), UInt8(count & 0xFF)]
    } else {
      out.append(127)
      for shift in stride(from: 56, through: 0, by: -8) {
        out.append(UInt8((count >> shift) & 0xFF))
      }
    }
    return out
  }

  /// A close frame with `status` and `reason`.
  static func close(_ status: UInt16, _ reason: String = "") -> [UInt8] {
    frame(opcode: 8, [UInt8(status >> 8), UInt8(status & 0xFF)] + Array(reason.utf8.prefix(120)))
  }

  /// Reads the client's frames out of the bytes received.
  struct Reader {
    /// Bytes received and not yet read.
    var buffer: [UInt8] = []

    /// The next whole frame, `nil` while more bytes are needed; throws on a violation.
    mutating func next() throws(Violation) -> Incoming? {
      guard buffer.count >= 2 else { return nil }
      let first = buffer[0]
      let second = buffer[1]
      let isFinal = first & 0x80 != 0
      let opcode = first & 0x0F
      guard first & 0x70 == 0 else { throw Violation(status: 1002, reason: "reserved bits set") }
      guard second & 0x80 != 0 else {
        throw Violation(status: 1002, reason: "a client's frames are masked")
      }
      var length = Int(second & 0x7F)
      var offset = 2
      if length == 126 {
        guard buffer.count >= 4 else { return nil }
        length = Int(buffer[2]) << 8 | Int(buffer[3])
        offset = 4
      } else if length == 127 {
        guard buffer.count >= 10 else { return nil }
        // Read as far as needed to know it is too long, without overflow.
        guard buffer[2] == 0, buffer[3] == 0, buffer[4] == 0, buffer[5] == 0 else {
          throw Violation(status: 1009, reason: "frame too large")
        }
        length = 0
        for index in 6..<10 { length = length << 8 | Int(buffer[index]) }
        offset = 10
      }
      switch opcode {
      case 0:
        throw Violation(status: 1002, reason: "a continuation with nothing to continue")
      case 1, 2:
        // Data frames: the page sends none, so none continues either.
        guard isFinal else { throw Violation(status: 1002, reason: "fragmented data") }
      case 8, 9, 10:
        guard isFinal, length <= 125 else {
          throw Violation(status: 1002, reason: "a control frame fragmented or too long")
        }
      default:
        throw Violation(status: 1002, reason: "unknown opcode")
      }
      guard length <= ServerLimits.webSocketFrameBytes else {
        throw Violation(status: 1009, reason: "frame too large")
      }
      guard buffer.count >= offset + 4 + length else { return nil }
      let mask = Array(buffer[offset..<offset + 4])
      var payload = Array(buffer[(offset + 4)..<(offset + 4 + length)])
      for index in payload.indices { payload[index] ^= mask[index & 3] }
      buffer.removeFirst(offset + 4 + length)
      switch opcode {
      case 1:
        guard isValidUTF8(payload) else {
          throw Violation(status: 1007, reason: "text that is not UTF-8")
        }
        return .ignored
      case 8:
        if payload.isEmpty { return .close(nil) }
        guard payload.count >= 2, isValidUTF8(Array(payload[2...])) else {
          throw Violation(status: 1002, reason: "a bad close frame")
        }
        let status = UInt16(payload[0]) << 8 | UInt16(payload[1])
        // Codes a client may send (RFC 6455 7.4).
        guard
          (1000...1003).contains(status) || (1007...1011).contains(status)
            || (3000...4999).contains(status)
        else { throw Violation(status: 1002, reason: "a bad close status") }
        return .close(status)
      case 9: return .ping(payload)
      default: return .ignored
      }
    }
  }

  /// Whether `bytes` are well-formed UTF-8 (no overlong forms, surrogates or values past
  /// U+10FFFF).
  static func isValidUTF8(_ bytes: [UInt8]) -> Bool {
    var index = 0
    let count = bytes.count
    while index < count {
      let byte = bytes[index]
      if byte < 0x80 {
        index += 1
        continue
      }
      let length: Int
      var low: UInt8 = 0x80
      var high: UInt8 = 0xBF
      switch byte {
      case 0xC2...0xDF: length = 2
      case 0xE0:
        length = 3
        low = 0xA0
      case 0xE1...0xEC, 0xEE...0xEF: length = 3
      case 0xED:
        length = 3
        high = 0x9F
      case 0xF0:
        length = 4
        low = 0x90
      case 0xF1...0xF3: length = 4
      case 0xF4:
        length = 4
        high = 0x8F
      default: return false
      }
      guard index + length <= count else { return false }
      guard bytes[index + 1] >= low && bytes[index + 1] <= high else { return false }
      for next in (index + 2)..<(index + length) where bytes[next] & 0xC0 != 0x80 { return false }
      index += length
    }
    return true
  }

  /// The SHA-1 digest of `message` (for the handshake only; not used for any secret).
  static func sha1(_ message: [UInt8]) -> [UInt8] {
    var h: [UInt32] = [0x6745_2301, 0xEFCD_AB89, 0x98BA_DCFE, 0x1032_5476, 0xC3D2_E1F0]
    var data = message
    let bits = UInt64(message.count) * 8
    data.append(0x80)
    while data.count % 64 != 56 { data.append(0) }
    for shift in stride(from: 56, through: 0, by: -8) {
      data.append(UInt8((bits >> UInt64(shift)) & 0xFF))
    }
    var w = [UInt32](repeating: 0, count: 80)
    for chunk in stride(from: 0, to: data.count, by: 64) {
      for i in 0..<16 {
        let b = chunk + i * 4
        w[i] =
          UInt32(data[b]) << 24 | UInt32(data[b + 1]) << 16 | UInt32(data[b + 2]) << 8
          | UInt32(data[b + 3])
      }
      for i in 16..<80 {
        let x = w[i - 3] ^ w[i - 8] ^ w[i - 14] ^ w[i - 16]
        w[i] = x << 1 | x >> 31
      }
      var (a, b, c, d, e) = (h[0], h[1], h[2], h[3], h[4])
      for i in 0..<80 {
        let f: UInt32
        let k: UInt32
        switch i {
        case 0..<20: (f, k) = ((b & c) | (~b & d), 0x5A82_7999)
        case 20..<40: (f, k) = (b ^ c ^ d, 0x6ED9_EBA1)
        case 40..<60: (f, k) = ((b & c) | (b & d) | (c & d), 0x8F1B_BCDC)
        default: (f, k) = (b ^ c ^ d, 0xCA62_C1D6)
        }
        let t = (a << 5 | a >> 27) &+ f &+ e &+ k &+ w[i]
        (e, d, c, b, a) = (d, c, b << 30 | b >> 2, a, t)
      }
      h[0] = h[0] &+ a
      h[1] = h[1] &+ b
      h[2] = h[2] &+ c
      h[3] = h[3] &+ d
      h[4] = h[4] &+ e
    }
    return h.flatMap { word in [24, 16, 8, 0].map { UInt8((word >> UInt32($0)) & 0xFF) } }
  }

  /// `bytes` in base64 with padding.
  static func base64(_ bytes: [UInt8]) -> String {
    let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
    var out: [UInt8] = []
    var index = 0
    while index < bytes.count {
      let count = min(3, bytes.count - index)
      var word = 0
      for offset in 0..<3 {
        word = word << 8 | (offset < count ? Int(bytes[index + offset]) : 0)
      }
      for offset in 0..<4 {
        out.append(offset <= count ? alphabet[(word >> (18 - 6 * offset)) & 63] : 0x3D)
      }
      index += 3
    }
    return String(decoding: out, as: UTF8.self)
  }
}
