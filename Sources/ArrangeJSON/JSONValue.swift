/// A parsed JSON value that remembers where it came from, so that errors found after parsing can
/// still name a line and column.
///
/// Objects keep their members in document order and keep duplicates, so that the schema reader
/// can report keys in the order a person wrote them and refuse a key given twice (which
/// `JSONSerialization` silently collapses).
package struct JSONValue: Sendable {
  /// What a value is.
  package enum Content: Sendable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// The value and the literal as written (for messages: `got 1e3`; and for whole numbers
    /// read exactly, never through a `Double`).
    case number(Double, String)
    /// A string, its escapes read.
    case string(String)
    /// An array's elements, in order.
    case array([JSONValue])
    /// An object's members, in document order, duplicates kept.
    case object([JSONMember])
  }

  /// What the value is.
  package var content: Content
  /// The byte offset of the value's first character in the input.
  package var offset: Int

  /// A short description for "expected …, got …" messages.
  package var summary: String {
    switch content {
    case .null: return "null"
    case .bool(let value): return value ? "true" : "false"
    case .number(_, let literal): return literal
    case .string(let value): return JSONValue.quoted(value, limit: 40)
    case .array(let items): return items.isEmpty ? "an empty array" : "an array"
    case .object(let members): return members.isEmpty ? "an empty object" : "an object"
    }
  }

  /// `value` as a JSON string literal, shortened to about `limit` characters.
  package static func quoted(_ value: String, limit: Int = .max) -> String {
    var result = "\""
    var count = 0
    for scalar in value.unicodeScalars {
      if count == limit {
        result += "…"
        break
      }
      count += 1
      switch scalar {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      case "\n": result += "\\n"
      case "\r": result += "\\r"
      case "\t": result += "\\t"
      default:
        if scalar.value < 0x20 || scalar.value == 0x7F {
          let hex = String(scalar.value, radix: 16, uppercase: true)
          result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        } else {
          result.unicodeScalars.append(scalar)
        }
      }
    }
    return result + "\""
  }
}

/// One `"key": value` pair of a JSON object.
package struct JSONMember: Sendable {
  /// The key, its escapes read.
  package var key: String
  /// The byte offset of the key's opening quote.
  package var keyOffset: Int
  /// The member's value.
  package var value: JSONValue
}

/// A step from a JSON value to one of its parts: an object key or an array index.
package enum JSONPathComponent: Hashable, Sendable {
  case key(String)
  case index(Int)
}

/// Where a value sits in a document, written `root.children[2].size`.
///
/// The layout schema names nodes by the same path, so that an error and an output line refer to
/// a node in the same words.
package struct JSONPath: Hashable, Sendable, CustomStringConvertible {
  package var components: [JSONPathComponent] = []

  /// The path of `components`; with none, the document itself.
  package init(components: [JSONPathComponent] = []) {
    self.components = components
  }

  /// Paths longer than this are shortened in messages about excessive nesting.
  static let elisionThreshold = 12

  /// This path, then the member `key`.
  package func appending(_ key: String) -> JSONPath {
    JSONPath(components: components + [.key(key)])
  }

  /// This path, then the element at `index`.
  package func appending(_ index: Int) -> JSONPath {
    JSONPath(components: components + [.index(index)])
  }

  /// The path as messages write it: `root.children[2].size`.
  package var description: String { JSONPath.render(components[...]) }

  /// The path with its middle elided when it is very long: `root.children[0]….children[0].children[3]`.
  package var abbreviated: String {
    guard components.count > JSONPath.elisionThreshold else { return description }
    let head = JSONPath.render(components.prefix(3))
    let tail = JSONPath.render(components.suffix(4), leadingDot: true)
    return "\(head)…\(tail)"
  }

  private static func render(
    _ components: ArraySlice<JSONPathComponent>, leadingDot: Bool = false
  ) -> String {
    var result = ""
    for component in components {
      switch component {
      case .key(let key):
        if isIdentifier(key) {
          if !result.isEmpty || leadingDot { result += "." }
          result += key
        } else {
          result += "[\(JSONValue.quoted(key))]"
        }
      case .index(let index):
        result += "[\(index)]"
      }
    }
    return result
  }

  private static func isIdentifier(_ key: String) -> Bool {
    guard let first = key.unicodeScalars.first, first == "_" || isASCIILetter(first) else {
      return false
    }
    return key.unicodeScalars.allSatisfy { $0 == "_" || isASCIILetter($0) || isASCIIDigit($0) }
  }

  private static func isASCIILetter(_ scalar: Unicode.Scalar) -> Bool {
    ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
  }

  private static func isASCIIDigit(_ scalar: Unicode.Scalar) -> Bool {
    ("0"..."9").contains(scalar)
  }
}
