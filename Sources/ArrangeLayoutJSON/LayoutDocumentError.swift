import ArrangeJSON

/// Why a layout document could not be read, and where in it the problem is.
///
/// The ``path`` names the place in the words of the document (`root.children[2].size`); the
/// ``line`` and ``column`` point into the text. ``description`` puts them together:
///
/// ```
/// root.children[2].size: expected "fit", "fill" or an object with one of points/percent/fill,
/// got "fil" (line 9, column 37)
/// ```
package struct LayoutDocumentError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The family of a ``LayoutDocumentError``.
  package enum Kind: Hashable, Sendable {
    /// The input is not valid JSON (or not valid UTF-8).
    case invalidJSON
    /// The input is valid JSON but not a valid layout document: an unknown key, a value of the
    /// wrong type or out of its set, a missing key, a leaf with children, a duplicate id.
    case invalidDocument
    /// Nodes (or JSON values) are nested deeper than ``LayoutDocument/maximumDepth`` levels.
    case nestingTooDeep
  }

  /// The family of the problem.
  package var kind: Kind
  /// Where the problem is, as a path from the top of the document: `root.children[2].size`;
  /// empty for the document as a whole.
  package var path: String
  /// What is wrong, in a sentence a person can act on.
  package var message: String
  /// The 1-based line of the input where the problem is.
  package var line: Int
  /// The 1-based column of the input where the problem is, counted in Unicode scalars.
  package var column: Int

  /// Creates an error.
  package init(kind: Kind, path: String, message: String, line: Int, column: Int) {
    self.kind = kind
    self.path = path
    self.message = message
    self.line = line
    self.column = column
  }

  /// The path, the message and the position: `path: message (line L, column C)`.
  package var description: String {
    let place = path.isEmpty ? "" : "\(path): "
    return "\(place)\(message) (line \(line), column \(column))"
  }

  /// Creates an error at a byte offset of `input`, working out its line and column.
  init(kind: Kind, path: String, message: String, offset: Int, in input: [UInt8]) {
    let end = min(max(offset, 0), input.count)
    var line = 1
    var column = 1
    var index = 0
    while index < end {
      let byte = input[index]
      if byte == UInt8(ascii: "\n") {
        line += 1
        column = 1
      } else if byte & 0xC0 != 0x80 {
        // Count lead bytes only, so that a multi-byte scalar is one column.
        column += 1
      }
      index += 1
    }
    self.init(kind: kind, path: path, message: message, line: line, column: column)
  }
}

extension LayoutDocumentError {
  /// The error for a text the JSON reader refused, in this document's words: "invalid JSON: …"
  /// at the value being read, or nesting deeper than a layout may go.
  init(reading error: JSONReadError, in input: [UInt8]) {
    switch error.kind {
    case .invalid:
      self.init(
        kind: .invalidJSON, path: error.path.description, message: "invalid JSON: \(error.message)",
        offset: error.offset, in: input)
    case .nestingTooDeep:
      self.init(
        kind: .nestingTooDeep, path: error.path.abbreviated,
        message: "nesting deeper than \(LayoutDocument.maximumDepthText) levels",
        offset: error.offset, in: input)
    }
  }
}
