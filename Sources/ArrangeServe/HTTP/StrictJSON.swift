/// A JSON value read strictly (RFC 8259), for the change requests pages send.
///
/// Numbers are kept as their text, so that a field that must be a whole number is one — `1.0`,
/// `1e0`, `true` and `"1"` are not — and no number is rounded or overflows on the way.
/// Nesting deeper than ``maximumDepth`` is refused rather than followed.
enum StrictJSON: Equatable {
  case null
  case bool(Bool)
  case number(String)
  case string(String)
  case array([StrictJSON])
  case object([String: StrictJSON])

  /// How deep arrays and objects may nest.
  static let maximumDepth = 16

  /// Why a text is not JSON the server reads.
  struct Failure: Error, Equatable {
    var message: String
  }

  /// The value of `bytes`, which must hold one JSON value (and white space) only.
  static func parse(_ bytes: [UInt8]) throws(Failure) -> StrictJSON {
    var reader = Reader(bytes: bytes)
    let value = try reader.value(depth: 0)
    reader.skipSpace()
    guard reader.index == bytes.count else { throw Failure(message: "text after the JSON value") }
    return value
  }

  /// The member `key` of an object.
  subscript(key: String) -> StrictJSON? {
    if case .object(let members) = self { return members[key] }
    return nil
  }

  /// The value as a whole number without sign, fraction or exponent, when it is one that fits.
  var wholeNumber: Int? {
    guard case .number(let text) = self, !text.isEmpty, text.utf8.count <= 18,
      text.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 })
    else { return nil }
    return Int(text)
  }

  /// The value as an integer that may be negative (for a version), when it fits.
  var integer: Int? {
    guard case .number(let text) = self else { return nil }
    let digits = text.hasPrefix("-") ? text.dropFirst() : Substring(text)
    guard !digits.isEmpty, digits.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
    return Int(text)
  }

  private struct Reader {
    let bytes: [UInt8]
    var index = 0

    mutating func skipSpace() {
      while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
    }

    mutating func value(depth: Int) throws(Failure) -> StrictJSON {
      skipSpace()
      guard index < bytes.count else { throw Failure(message: "the JSON ends too soon") }
      switch bytes[index] {
      case 0x7B: return try object(depth: depth + 1)
      case 0x5B: return try array(depth: depth + 1)
      case 0x22: return .string(try string())
      case 0x74: return try literal("true", .bool(true))
      case 0x66: return try literal("false", .bool(false))
      case 0x6E: return try literal("null", .null)
      default: return try number()
      }
    }

    mutating func literal(_ word: String, _ value: StrictJSON) throws(Failure) -> StrictJSON {
      let expected = Array(word.utf8)
      guard index + expected.count <= bytes.count,
        Array(bytes[index..<index + expected.count]) == expected
      else { throw Failure(message: "not JSON") }
      index += expected.count
      return value
    }

    mutating func number() throws(Failure) -> StrictJSON {
      let start = index
      func digits() -> Int {
        let from = index
        while index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39 { index += 1 }
        return index - from
      }
      if index < bytes.count, bytes[index] == 0x2D { index += 1 }
      let whole = digits()
      guard whole > 0 else { throw Failure(message: "not JSON") }
      if whole > 1, bytes[index - whole] == 0x30 {
        throw Failure(message: "a number with a leading zero")
      }
      if index < bytes.count, bytes[index] == 0x2E {
        index += 1
        guard digits() > 0 else { throw Failure(message: "not JSON") }
      }
      if index < bytes.count, bytes[index] == 0x65 || bytes[index] == 0x45 {
        index += 1
        if index < bytes.count, bytes[index] == 0x2B || bytes[index] == 0x2D { index += 1 }
        guard digits() > 0 else { throw Failure(message: "not JSON") }
      }
      return .number(String(decoding: bytes[start..<index], as: UTF8.self))
    }

    mutating func string() throws(Failure) -> String {
      index += 1  // the opening quote
      var out: [UInt8] = []
      while index < bytes.count {
        let byte = bytes[index]
        switch byte {
        case 0x22:
          index += 1
          guard WebSocket.isValidUTF8(out) else { throw Failure(message: "text that is not UTF-8") }
          return String(decoding: out, as: UTF8.self)
        case 0x5C:
          guard index + 1 < bytes.count else { throw Failure(message: "the JSON ends too soon") }
          let escaped = bytes[index + 1]
          index += 2
          switch escaped {
          case 0x22, 0x5C, 0x2F: out.append(escaped)
          case 0x62: out.append(0x08)
          case 0x66: out.append(0x0C)
          case 0x6E: out.append(0x0A)
          case 0x72: out.append(0x0D)
          case 0x74: out.append(0x09)
          case 0x75:
            var scalar = try hex4()
            if (0xD800...0xDBFF).contains(scalar) {
              // A pair of escapes for a character past U+FFFF.
              guard index + 1 < bytes.count, bytes[index] == 0x5C, bytes[index + 1] == 0x75 else {
                throw Failure(message: "a lone surrogate")
              }
              index += 2
              let low = try hex4()
              guard (0xDC00...0xDFFF).contains(low) else {
                throw Failure(message: "a lone surrogate")
              }
              scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
            } else if (0xDC00...0xDFFF).contains(scalar) {
              throw Failure(message: "a lone surrogate")
            }
            guard let character = Unicode.Scalar(scalar) else {
              throw Failure(message: "a bad escape")
            }
            out.append(contentsOf: Array(String(Character(character)).utf8))
          default: throw Failure(message: "a bad escape")
          }
        default:
          guard byte >= 0x20 else { throw Failure(message: "a control character in a text") }
          out.append(byte)
          index += 1
        }
      }
      throw Failure(message: "the JSON ends too soon")
    }

    mutating func hex4() throws(Failure) -> UInt32 {
      guard index + 4 <= bytes.count else { throw Failure(message: "a bad escape") }
      var value: UInt32 = 0
      for byte in bytes[index..<index + 4] {
        let digit: UInt8
        switch byte {
        case 0x30...0x39: digit = byte - 0x30
        case 0x41...0x46: digit = byte - 0x41 + 10
        case 0x61...0x66: digit = byte - 0x61 + 10
        default: throw Failure(message: "a bad escape")
        }
        value = value << 4 | UInt32(digit)
      }
      index += 4
      return value
    }

    mutating func array(depth: Int) throws(Failure) -> StrictJSON {
      guard depth <= StrictJSON.maximumDepth else { throw Failure(message: "nested too deeply") }
      index += 1
      var items: [StrictJSON] = []
      skipSpace()
      if index < bytes.count, bytes[index] == 0x5D {
        index += 1
        return .array(items)
      }
      while true {
        items.append(try value(depth: depth))
        skipSpace()
        guard index < bytes.count else { throw Failure(message: "the JSON ends too soon") }
        if bytes[index] == 0x2C {
          index += 1
          continue
        }
        guard bytes[index] == 0x5D else { throw Failure(message: "not JSON") }
        index += 1
        return .array(items)
      }
    }

    mutating func object(depth: Int) throws(Failure) -> StrictJSON {
      guard depth <= StrictJSON.maximumDepth else { throw Failure(message: "nested too deeply") }
      index += 1
      var members: [String: StrictJSON] = [:]
      skipSpace()
      if index < bytes.count, bytes[index] == 0x7D {
        index += 1
        return .object(members)
      }
      while true {
        skipSpace()
        guard index < bytes.count, bytes[index] == 0x22 else { throw Failure(message: "not JSON") }
        let key = try string()
        skipSpace()
        guard index < bytes.count, bytes[index] == 0x3A else { throw Failure(message: "not JSON") }
        index += 1
        // A key given twice could be read two ways: refused.
        guard members[key] == nil else { throw Failure(message: "“\(key)” is given twice") }
        members[key] = try value(depth: depth)
        skipSpace()
        guard index < bytes.count else { throw Failure(message: "the JSON ends too soon") }
        if bytes[index] == 0x2C {
          index += 1
          continue
        }
        guard bytes[index] == 0x7D else { throw Failure(message: "not JSON") }
        index += 1
        return .object(members)
      }
    }
  }
}
