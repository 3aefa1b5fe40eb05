/// Why a text is not JSON: what is wrong, where (a byte offset), and in which value.
package struct JSONReadError: Error, Equatable, Sendable {
  /// The two ways a text fails.
  package enum Kind: Equatable, Sendable {
    /// Not RFC 8259 JSON.
    case invalid
    /// Containers nested deeper than the reader was allowed to go.
    case nestingTooDeep
  }
  /// Which way the text failed.
  package var kind: Kind
  /// What is wrong, in words ("a number cannot have a leading zero"); for
  /// ``Kind/nestingTooDeep``, empty: the caller says how deep it allows.
  package var message: String
  /// The path of the value being read when it failed.
  package var path: JSONPath
  /// The byte offset in the input where it failed.
  package var offset: Int
}

/// The package's one JSON reader: strict RFC 8259, keeping positions, member order and keys.
///
/// The layout documents of `arrange-layout` and the change requests a board's
/// page sends are both read by it.
///
/// Why not `JSONSerialization`: it refuses more than 512 nested containers (a layout 256 levels
/// deep), reads `1` as `true`, keeps only the last of two equal keys, loses member order, and
/// reports errors as a bare character offset. This reader is iterative (an explicit stack, no
/// recursion), so a deep document cannot overflow the call stack, and every error carries the
/// path of the value being read. Each reader of it decides what a duplicate key means (the
/// layout names it, the server refuses it).
package struct JSONReader {
  private let input: [UInt8]
  private var position = 0
  private var stack: [Frame] = []
  private let maximumDepth: Int

  /// An array or object whose members are being read.
  private struct Frame {
    var isObject: Bool
    var offset: Int
    var items: [JSONValue] = []
    var members: [JSONMember] = []
    /// The key of the member being read (objects only).
    var key = ""
    var keyOffset = 0
  }

  init(_ input: [UInt8], maximumDepth: Int) {
    self.input = input
    self.maximumDepth = maximumDepth
  }

  /// Reads the whole input as one JSON value, nested at most `maximumDepth` containers deep.
  package static func parse(
    _ input: [UInt8], maximumDepth: Int
  ) throws(JSONReadError) -> JSONValue {
    var parser = JSONReader(input, maximumDepth: maximumDepth)
    return try parser.parseDocument()
  }

  private mutating func parseDocument() throws(JSONReadError) -> JSONValue {
    // A UTF-8 byte order mark is tolerated, as editors on some systems write one.
    if input.starts(with: [0xEF, 0xBB, 0xBF]) { position = 3 }
    skipWhitespace()
    if position == input.count {
      throw failure("the input is empty; expected a JSON object")
    }
    var value: JSONValue
    readValue: while true {
      skipWhitespace()
      let start = position
      guard let byte = peek() else {
        throw failure("unexpected end of input; expected a value")
      }
      switch byte {
      case UInt8(ascii: "{"), UInt8(ascii: "["):
        if stack.count >= maximumDepth {
          throw JSONReadError(
            kind: .nestingTooDeep, message: "", path: currentPath(), offset: start)
        }
        position += 1
        skipWhitespace()
        if byte == UInt8(ascii: "{") {
          if peek() == UInt8(ascii: "}") {
            position += 1
            value = JSONValue(content: .object([]), offset: start)
          } else {
            stack.append(Frame(isObject: true, offset: start))
            try readKey()
            continue readValue
          }
        } else {
          if peek() == UInt8(ascii: "]") {
            position += 1
            value = JSONValue(content: .array([]), offset: start)
          } else {
            stack.append(Frame(isObject: false, offset: start))
            continue readValue
          }
        }
      case UInt8(ascii: "\""):
        value = JSONValue(content: .string(try readString()), offset: start)
      case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
        value = try readNumber()
      default:
        value = try readLiteral()
      }

      // A value is complete: hand it to its container, closing containers as they end.
      while !stack.isEmpty {
        let top = stack.count - 1
        skipWhitespace()
        if stack[top].isObject {
          stack[top].members.append(
            JSONMember(key: stack[top].key, keyOffset: stack[top].keyOffset, value: value))
          switch peek() {
          case UInt8(ascii: ","):
            position += 1
            skipWhitespace()
            if peek() == UInt8(ascii: "}") {
              throw failure("trailing comma before '}'", containerOnly: true)
            }
            try readKey()
            continue readValue
          case UInt8(ascii: "}"):
            position += 1
            let frame = stack.removeLast()
            value = JSONValue(content: .object(frame.members), offset: frame.offset)
          default:
            throw failure(
              "expected ',' or '}' after an object member, got \(describeNext())",
              containerOnly: true)
          }
        } else {
          stack[top].items.append(value)
          switch peek() {
          case UInt8(ascii: ","):
            position += 1
            skipWhitespace()
            if peek() == UInt8(ascii: "]") {
              throw failure("trailing comma before ']'", containerOnly: true)
            }
            continue readValue
          case UInt8(ascii: "]"):
            position += 1
            let frame = stack.removeLast()
            value = JSONValue(content: .array(frame.items), offset: frame.offset)
          default:
            throw failure(
              "expected ',' or ']' after an array element, got \(describeNext())",
              containerOnly: true)
          }
        }
      }
      skipWhitespace()
      if position < input.count {
        throw failure("unexpected \(describeNext()) after the end of the document")
      }
      return value
    }
  }

  // MARK: - Tokens

  private func peek() -> UInt8? {
    position < input.count ? input[position] : nil
  }

  private mutating func skipWhitespace() {
    while let byte = peek(),
      byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\t")
        || byte == UInt8(ascii: "\r")
    {
      position += 1
    }
  }

  /// Reads `"key"` and the colon after it into the top frame.
  private mutating func readKey() throws(JSONReadError) {
    let top = stack.count - 1
    guard peek() == UInt8(ascii: "\"") else {
      throw failure(
        "expected a key in double quotes, got \(describeNext())", containerOnly: true)
    }
    stack[top].keyOffset = position
    stack[top].key = try readString()
    skipWhitespace()
    guard peek() == UInt8(ascii: ":") else {
      throw failure(
        "expected ':' after key \(JSONValue.quoted(stack[top].key)), got \(describeNext())",
        containerOnly: true)
    }
    position += 1
  }

  private mutating func readString() throws(JSONReadError) -> String {
    let start = position
    position += 1  // the opening quote
    var bytes: [UInt8] = []
    while true {
      guard let byte = peek() else {
        position = start
        throw failure("unterminated string")
      }
      switch byte {
      case UInt8(ascii: "\""):
        position += 1
        guard let string = String(validating: bytes, as: UTF8.self) else {
          position = start
          throw failure("the string is not valid UTF-8")
        }
        return string
      case UInt8(ascii: "\\"):
        position += 1
        try readEscape(into: &bytes)
      case 0..<0x20:
        throw failure("a control character must be escaped in a string")
      default:
        bytes.append(byte)
        position += 1
      }
    }
  }

  /// Reads the escape after a backslash and appends its UTF-8 bytes.
  private mutating func readEscape(into bytes: inout [UInt8]) throws(JSONReadError) {
    guard let byte = peek() else { throw failure("unterminated string") }
    position += 1
    switch byte {
    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): bytes.append(byte)
    case UInt8(ascii: "b"): bytes.append(0x08)
    case UInt8(ascii: "f"): bytes.append(0x0C)
    case UInt8(ascii: "n"): bytes.append(0x0A)
    case UInt8(ascii: "r"): bytes.append(0x0D)
    case UInt8(ascii: "t"): bytes.append(0x09)
    case UInt8(ascii: "u"):
      let escapeStart = position - 2
      var code = try readHex4()
      if (0xD800..<0xDC00).contains(code) {
        // A high surrogate must be followed by an escaped low surrogate.
        guard position + 1 < input.count, input[position] == UInt8(ascii: "\\"),
          input[position + 1] == UInt8(ascii: "u")
        else {
          position = escapeStart
          throw failure("a \\u escape for a high surrogate must be followed by a low surrogate")
        }
        position += 2
        let low = try readHex4()
        guard (0xDC00..<0xE000).contains(low) else {
          position = escapeStart
          throw failure("a \\u escape for a high surrogate must be followed by a low surrogate")
        }
        code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
      }
      guard let scalar = Unicode.Scalar(code) else {
        position = escapeStart
        throw failure("a \\u escape names a lone surrogate")
      }
      bytes.append(contentsOf: String(scalar).utf8)
    default:
      position -= 2
      throw failure("invalid escape in a string")
    }
  }

  private mutating func readHex4() throws(JSONReadError) -> UInt32 {
    var code: UInt32 = 0
    for _ in 0..<4 {
      guard let byte = peek() else { throw failure("unterminated string") }
      let digit: UInt8
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
      default: throw failure("expected four hexadecimal digits after \\u")
      }
      code = code << 4 | UInt32(digit)
      position += 1
    }
    return code
  }

  private mutating func readNumber() throws(JSONReadError) -> JSONValue {
    let start = position
    func isDigit(_ byte: UInt8?) -> Bool {
      guard let byte else { return false }
      return byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }
    if peek() == UInt8(ascii: "-") { position += 1 }
    if peek() == UInt8(ascii: "0") {
      position += 1
      if isDigit(peek()) {
        position = start
        throw failure("a number cannot have a leading zero")
      }
    } else if isDigit(peek()) {
      while isDigit(peek()) { position += 1 }
    } else {
      throw failure("expected a digit after '-', got \(describeNext())")
    }
    if peek() == UInt8(ascii: ".") {
      position += 1
      guard isDigit(peek()) else {
        throw failure("expected a digit after the decimal point, got \(describeNext())")
      }
      while isDigit(peek()) { position += 1 }
    }
    if peek() == UInt8(ascii: "e") || peek() == UInt8(ascii: "E") {
      position += 1
      if peek() == UInt8(ascii: "+") || peek() == UInt8(ascii: "-") { position += 1 }
      guard isDigit(peek()) else {
        throw failure("expected a digit in the exponent, got \(describeNext())")
      }
      while isDigit(peek()) { position += 1 }
    }
    let literal = String(decoding: input[start..<position], as: UTF8.self)
    guard let number = Double(literal), number.isFinite else {
      position = start
      throw failure("the number \(literal) is out of range")
    }
    return JSONValue(content: .number(number, literal), offset: start)
  }

  /// Reads `true`, `false` or `null`, or explains what else was found.
  private mutating func readLiteral() throws(JSONReadError) -> JSONValue {
    let start = position
    var end = position
    while end < input.count, isWordByte(input[end]) { end += 1 }
    let word = String(decoding: input[start..<end], as: UTF8.self)
    switch word {
    case "true":
      position = end
      return JSONValue(content: .bool(true), offset: start)
    case "false":
      position = end
      return JSONValue(content: .bool(false), offset: start)
    case "null":
      position = end
      return JSONValue(content: .null, offset: start)
    case "":
      switch peek() {
      case UInt8(ascii: "'"):
        throw failure("expected a value, got ''': JSON strings use double quotes")
      case UInt8(ascii: "/"):
        throw failure("expected a value, got '/': JSON has no comments")
      default:
        throw failure("expected a value, got \(describeNext())")
      }
    case "Infinity", "infinity", "NaN", "nan":
      throw failure(
        "expected a value, got '\(word)': JSON has no infinity or NaN; write the string "
          + "\"infinity\" where it is allowed")
    default:
      throw failure("expected a value, got '\(word)': strings need double quotes")
    }
  }

  private func isWordByte(_ byte: UInt8) -> Bool {
    (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
      || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
      || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "_")
  }

  // MARK: - Errors

  /// The next character, quoted, for a message: `'}'`, `'é'`, `end of input`, `byte 0xFF`.
  private func describeNext() -> String {
    guard let byte = peek() else { return "end of input" }
    if byte == UInt8(ascii: "/") { return "'/': JSON has no comments" }
    if byte == UInt8(ascii: "'") { return "''': JSON strings use double quotes" }
    if byte < 0x80 {
      if byte >= 0x20 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
      return "character U+\(String(byte, radix: 16, uppercase: true))"
    }
    var length = 1
    if byte & 0xE0 == 0xC0 {
      length = 2
    } else if byte & 0xF0 == 0xE0 {
      length = 3
    } else if byte & 0xF8 == 0xF0 {
      length = 4
    }
    let end = min(position + length, input.count)
    if let text = String(validating: input[position..<end], as: UTF8.self), !text.isEmpty {
      return "'\(text)'"
    }
    return "byte 0x\(String(byte, radix: 16, uppercase: true)) (not UTF-8)"
  }

  /// The path of the value being read; with `containerOnly`, of the innermost open container.
  private func currentPath(containerOnly: Bool = false) -> JSONPath {
    var path = JSONPath()
    let frames = containerOnly ? stack.dropLast() : stack[...]
    for frame in frames {
      if frame.isObject {
        path.components.append(.key(frame.key))
      } else {
        path.components.append(.index(frame.items.count))
      }
    }
    return path
  }

  private func failure(_ message: String, containerOnly: Bool = false) -> JSONReadError {
    JSONReadError(
      kind: .invalid, message: message, path: currentPath(containerOnly: containerOnly),
      offset: position)
  }
}
