import ArrangeLayoutJSON
import Testing

/// A document that is wrong in one place, and what the error must say about it.
struct BadDocument: CustomTestStringConvertible, Sendable {
  var name: String
  var json: String
  /// A fragment of ``LayoutDocumentError/description``; it starts with the path of the place.
  var fragment: String
  var kind: LayoutDocumentError.Kind = .invalidDocument

  var testDescription: String { name }
}

/// Wraps a root node in a document of 100 × 10.
private func document(_ root: String) -> String {
  #"{"size": {"width": 100, "height": 10}, "root": "# + root + "}"
}

/// Wraps children in a horizontal root group.
private func row(_ children: String) -> String {
  document(#"{"type": "group", "axis": "horizontal", "children": ["# + children + "]}")
}

private let badDocuments: [BadDocument] = [
  // Values of the wrong kind, named by their path.
  BadDocument(
    name: "misspelt size keyword",
    json: row(#"{"type": "leaf"}, {"type": "leaf"}, {"type": "leaf", "size": "fil"}"#),
    fragment:
      #"root.children[2].size: expected "fit", "fill" or an object with one of "#
      + #"points/percent/fill, got "fil""#),
  BadDocument(
    name: "size object with an unknown key",
    json: row(#"{"type": "leaf", "size": {"percnt": 33}}"#),
    fragment: #"root.children[0].size: unknown key "percnt" (did you mean "percent"?)"#),
  BadDocument(
    name: "size object with two keys",
    json: row(#"{"type": "leaf", "size": {"points": 1, "percent": 2}}"#),
    fragment: #"root.children[0].size: expected only one of points/percent/fill, got "#
      + #""points" and "percent""#),
  BadDocument(
    name: "size as a bare number",
    json: row(#"{"type": "leaf", "size": 40}"#),
    fragment: #"root.children[0].size: expected "fit", "fill" or an object"#),
  BadDocument(
    name: "points as a string",
    json: row(#"{"type": "leaf", "size": {"points": "40"}}"#),
    fragment: #"root.children[0].size.points: expected a number, got "40""#),
  BadDocument(
    name: "cross size keyword",
    json: row(#"{"type": "leaf", "crossSize": "fill"}"#),
    fragment: #"root.children[0].crossSize: expected "automatic", "fit", "stretch" or an "#
      + #"object with one of points/percent, got "fill""#),
  BadDocument(
    name: "cross size in fill units",
    json: row(#"{"type": "leaf", "crossSize": {"fill": 1}}"#),
    fragment: #"root.children[0].crossSize: unknown key "fill""#),
  BadDocument(
    name: "alignment keyword",
    json: row(#"{"type": "leaf", "alignment": "middle"}"#),
    fragment: #"root.children[0].alignment: expected "start", "center", "end" or "stretch", "#
      + #"got "middle""#),
  BadDocument(
    name: "group child alignment keyword",
    json: document(
      #"{"type": "group", "axis": "vertical", "alignItems": "centre", "children": []}"#),
    fragment: #"root.alignItems: expected "start", "center", "end" or "stretch", got "#
      + #""centre" (did you mean "center"?)"#),
  BadDocument(
    name: "distribution keyword",
    json: document(
      #"{"type": "group", "axis": "vertical", "distribution": "space-between", "children": []}"#
    ),
    fragment: #"root.distribution: expected "start", "center", "end", "spaceBetween", "#
      + #""spaceAround" or "spaceEvenly", got "space-between" (did you mean "spaceBetween"?)"#),
  BadDocument(
    name: "flow line alignment keyword",
    json: document(#"{"type": "flow", "lineAlignment": "stretch"}"#),
    fragment: #"root.lineAlignment: expected "start", "center", "end" or "justify", "#
      + #"got "stretch""#),
  BadDocument(
    name: "flow item alignment keyword",
    json: document(#"{"type": "flow", "itemAlignment": "justify"}"#),
    fragment: #"root.itemAlignment: expected "start", "center" or "end", got "justify""#),
  BadDocument(
    name: "axis keyword",
    json: document(#"{"type": "group", "axis": "row"}"#),
    fragment: #"root.axis: expected "horizontal" or "vertical", got "row" "#
      + #"(did you mean "horizontal"?)"#),
  BadDocument(
    name: "hidden as a number",
    json: row(#"{"type": "leaf", "hidden": 1}"#),
    fragment: "root.children[0].hidden: expected true or false, got 1"),
  BadDocument(
    name: "padding as a string",
    json: document(#"{"type": "group", "axis": "vertical", "padding": "4"}"#),
    fragment: #"root.padding: expected a number or an object with top/leading/bottom/trailing, "#
      + #"got "4""#),
  BadDocument(
    name: "padding with a physical edge",
    json: document(#"{"type": "flow", "padding": {"top": 1, "left": 2}}"#),
    fragment: #"root.padding: unknown key "left" (did you mean "leading"?)"#),
  BadDocument(
    name: "spacing as null",
    json: document(#"{"type": "group", "axis": "vertical", "spacing": null}"#),
    fragment: "root.spacing: expected a number, got null"),
  BadDocument(
    name: "maxSize as a misspelt infinity",
    json: row(#"{"type": "leaf", "maxSize": "inf"}"#),
    fragment: #"root.children[0].maxSize: expected a number or "infinity", got "inf""#),

  // Keys.
  BadDocument(
    name: "unknown key with a suggestion",
    json: row(#"{"type": "leaf", "sise": "fit"}"#),
    fragment: #"root.children[0]: unknown key "sise" (did you mean "size"?)"#),
  BadDocument(
    name: "unknown key without a suggestion",
    json: row(#"{"type": "leaf", "colour": "red"}"#),
    fragment: #"root.children[0]: unknown key "colour" (expected one of id, type, size"#),
  BadDocument(
    name: "group key on a leaf",
    json: row(#"{"type": "leaf", "spacing": 4}"#),
    fragment: #"root.children[0]: key "spacing" is not allowed on a leaf (only on a group)"#),
  BadDocument(
    name: "flow key on a group",
    json: document(#"{"type": "group", "axis": "vertical", "lineSpacing": 4}"#),
    fragment: #"root: key "lineSpacing" is not allowed on a group (only on a flow)"#),
  BadDocument(
    name: "leaf with children",
    json: row(#"{"type": "leaf"}, {"type": "leaf", "children": []}"#),
    fragment: "root.children[1]: a leaf cannot have children"),
  BadDocument(
    name: "measure on a group",
    json: document(#"{"type": "group", "axis": "vertical", "measure": {"width": 1}}"#),
    fragment: #"root: key "measure" is not allowed on a group (only on a leaf)"#),
  BadDocument(
    name: "measure and text together",
    json: row(#"{"type": "leaf", "text": "hi", "measure": {"width": 2, "height": 1}}"#),
    fragment: #"root.children[0]: a leaf cannot have both "text" and "measure""#),
  BadDocument(
    name: "measure without a height",
    json: row(#"{"type": "leaf", "measure": {"width": 2}}"#),
    fragment: #"root.children[0].measure: missing key "height""#),
  BadDocument(
    name: "text as a number",
    json: row(#"{"type": "leaf", "text": 42}"#),
    fragment: "root.children[0].text: expected a string, got 42"),
  BadDocument(
    name: "duplicate key",
    json: row(#"{"type": "leaf", "size": "fit", "size": "fill"}"#),
    fragment: #"root.children[0]: duplicate key "size""#),
  BadDocument(
    name: "missing type",
    json: row(#"{"type": "leaf"}, {"size": "fit"}"#),
    fragment: #"root.children[1]: missing key "type" ("leaf", "group" or "flow")"#),
  BadDocument(
    name: "unknown type",
    json: row(#"{"type": "box"}"#),
    fragment: #"root.children[0].type: expected "leaf", "group" or "flow", got "box""#),
  BadDocument(
    name: "group without an axis",
    json: document(#"{"type": "group", "children": []}"#),
    fragment: #"root: missing key "axis" ("horizontal" or "vertical")"#),
  BadDocument(
    name: "children not an array",
    json: document(#"{"type": "flow", "children": {"type": "leaf"}}"#),
    fragment: "root.children: expected an array of nodes, got an object"),
  BadDocument(
    name: "child not an object",
    json: row(#"{"type": "leaf"}, "leaf""#),
    fragment: #"root.children[1]: expected a node object, got "leaf""#),

  // Ids.
  BadDocument(
    name: "duplicate id",
    json: row(#"{"id": "a", "type": "leaf"}, {"id": "a", "type": "leaf"}"#),
    fragment: #"root.children[1].id: duplicate id "a" (also the id of root.children[0])"#),
  BadDocument(
    name: "id with a space",
    json: row(#"{"id": "side bar", "type": "leaf"}"#),
    fragment: "root.children[0].id: an id must be non-empty and contain no spaces"),
  BadDocument(
    name: "id as a number",
    json: row(#"{"id": 7, "type": "leaf"}"#),
    fragment: "root.children[0].id: expected a string, got 7"),

  // The document itself.
  BadDocument(
    name: "document not an object",
    json: "[1, 2]",
    fragment: "expected a JSON object, got an array"),
  BadDocument(
    name: "missing root",
    json: #"{"size": {"width": 1, "height": 1}}"#,
    fragment: #"missing key "root" (a node object)"#),
  BadDocument(
    name: "missing size",
    json: #"{"root": {"type": "leaf"}}"#,
    fragment: #"missing key "size""#),
  BadDocument(
    name: "unknown document key",
    json: #"{"size": {"width": 1, "height": 1}, "root": {"type": "leaf"}, "zoom": 2}"#,
    fragment: #"unknown key "zoom" (expected one of size, scale, direction, root)"#),
  BadDocument(
    name: "container width as a word",
    json: #"{"size": {"width": "wide", "height": 1}, "root": {"type": "leaf"}}"#,
    fragment: #"size.width: expected a number or "infinity", got "wide""#),
  BadDocument(
    name: "container size without a height",
    json: #"{"size": {"width": 10}, "root": {"type": "leaf"}}"#,
    fragment: #"size: missing key "height""#),
  BadDocument(
    name: "scale zero",
    json: #"{"size": {"width": 1, "height": 1}, "scale": 0, "root": {"type": "leaf"}}"#,
    fragment: "scale: expected a number from 0.01 to 1000 (the grid is 1/scale), got 0"),
  BadDocument(
    name: "scale too large",
    json: #"{"size": {"width": 1, "height": 1}, "scale": 1e308, "root": {"type": "leaf"}}"#,
    fragment: "scale: expected a number from 0.01 to 1000 (the grid is 1/scale), got 1e308"),
  BadDocument(
    name: "scale too small",
    json: #"{"size": {"width": 1, "height": 1}, "scale": 1e-300, "root": {"type": "leaf"}}"#,
    fragment: "scale: expected a number from 0.01 to 1000 (the grid is 1/scale), got 1e-300"),
  BadDocument(
    name: "an id that reads like a path",
    json: #"{"size": {"width": 1, "height": 1}, "root": {"type": "group", "axis": "vertical", "#
      + #""children": [{"type": "leaf"}, {"id": "root.children[0]", "type": "leaf"}]}}"#,
    fragment: #"root.children[1].id: an id cannot be "root" or start with "root." or "root[""#),
  BadDocument(
    name: "a comment where a key should be",
    json: "{\"size\": {\"width\": 1, \"height\": 1}, // the root\n\"root\": {\"type\": \"leaf\"}}",
    fragment: "expected a key in double quotes, got '/': JSON has no comments (line 1, column 37)",
    kind: .invalidJSON),
  BadDocument(
    name: "a comment after a value",
    json: "{\"size\": {\"width\": 1 /* wide */, \"height\": 1}, \"root\": {\"type\": \"leaf\"}}",
    fragment: "got '/': JSON has no comments", kind: .invalidJSON),
  BadDocument(
    name: "direction keyword",
    json: #"{"size": {"width": 1, "height": 1}, "direction": "rtl", "root": {"type": "leaf"}}"#,
    fragment: #"direction: expected "leftToRight" or "rightToLeft", got "rtl" "#
      + #"(did you mean "rightToLeft"?)"#),

  // Invalid JSON: the path of the enclosing value and the position.
  BadDocument(
    name: "trailing comma",
    json: row(#"{"type": "leaf",}"#),
    fragment: "root.children[0]: invalid JSON: trailing comma before '}' (line 1, column 117)",
    kind: .invalidJSON),
  BadDocument(
    name: "missing comma",
    json:
      "{\"size\": {\"width\": 1, \"height\": 1},\n \"root\": {\"type\": \"leaf\"\n \"id\": \"a\"}}",
    fragment: "root: invalid JSON: expected ',' or '}' after an object member, got '\"' "
      + "(line 3, column 2)",
    kind: .invalidJSON),
  BadDocument(
    name: "unquoted string",
    json: row(#"{"type": "leaf", "size": fit}"#),
    fragment: "root.children[0].size: invalid JSON: expected a value, got 'fit': strings need "
      + "double quotes",
    kind: .invalidJSON),
  BadDocument(
    name: "single quotes",
    json: row(#"{"type": 'leaf'}"#),
    fragment: "root.children[0].type: invalid JSON: expected a value, got ''': JSON strings use "
      + "double quotes",
    kind: .invalidJSON),
  BadDocument(
    name: "unterminated document",
    json: "{\"size\": {\"width\": 1,\n",
    fragment: "size: invalid JSON: expected a key in double quotes, got end of input "
      + "(line 2, column 1)",
    kind: .invalidJSON),
  BadDocument(
    name: "empty input",
    json: "",
    fragment: "invalid JSON: the input is empty; expected a JSON object (line 1, column 1)",
    kind: .invalidJSON),
  BadDocument(
    name: "number out of range",
    json: #"{"size": {"width": 1e999, "height": 1}, "root": {"type": "leaf"}}"#,
    fragment: "size.width: invalid JSON: the number 1e999 is out of range",
    kind: .invalidJSON),
  BadDocument(
    name: "NaN literal",
    json: #"{"size": {"width": NaN, "height": 1}, "root": {"type": "leaf"}}"#,
    fragment: "size.width: invalid JSON: expected a value, got 'NaN': JSON has no infinity or NaN",
    kind: .invalidJSON),
  BadDocument(
    name: "leading zero",
    json: #"{"size": {"width": 010, "height": 1}, "root": {"type": "leaf"}}"#,
    fragment: "size.width: invalid JSON: a number cannot have a leading zero",
    kind: .invalidJSON),
  BadDocument(
    name: "text after the document",
    json: #"{"size": {"width": 1, "height": 1}, "root": {"type": "leaf"}} {}"#,
    fragment: "invalid JSON: unexpected '{' after the end of the document (line 1, column 63)",
    kind: .invalidJSON),
  BadDocument(
    name: "raw newline in a string",
    json: row("{\"type\": \"leaf\", \"text\": \"two\nlines\"}"),
    fragment: "root.children[0].text: invalid JSON: a control character must be escaped",
    kind: .invalidJSON),
  BadDocument(
    name: "lone surrogate",
    json: row(#"{"type": "leaf", "text": "\udc00"}"#),
    fragment: "root.children[0].text: invalid JSON: a \\u escape names a lone surrogate",
    kind: .invalidJSON),
  BadDocument(
    name: "comment",
    json: "{\"size\": // the screen\n {\"width\": 1, \"height\": 1}}",
    fragment:
      "size: invalid JSON: expected a value, got '/': JSON has no comments (line 1, column 10)",
    kind: .invalidJSON),
]

@Suite struct LayoutDocumentErrorTests {
  @Test(
    "Every bad document is refused with a message that names the place", arguments: badDocuments)
  func refusesBadDocument(_ bad: BadDocument) {
    #expect(throws: LayoutDocumentError.self) {
      _ = try LayoutDocument.parse(bad.json)
    }
    do {
      _ = try LayoutDocument.parse(bad.json)
    } catch {
      #expect(
        error.description.contains(bad.fragment),
        "\(error.description)\ndoes not contain\n\(bad.fragment)")
      #expect(error.kind == bad.kind)
    }
  }

  @Test("An error carries its path, message, line and column separately")
  func errorParts() throws {
    let json = """
      {
        "size": {"width": 10, "height": 10},
        "root": {"type": "group", "axis": "horizontal", "children": [
          {"type": "leaf"},
          {"type": "leaf", "size": "fil"}
        ]}
      }
      """
    do {
      _ = try LayoutDocument.parse(json)
      Issue.record("the document was accepted")
    } catch {
      #expect(error.kind == .invalidDocument)
      #expect(error.path == "root.children[1].size")
      #expect(error.message.hasSuffix(#"got "fil""#))
      #expect(error.line == 5)
      #expect(error.column == 30)
    }
  }

  @Test("Columns count Unicode scalars, not bytes")
  func columnsCountScalars() {
    let json = "{\"size\": {\"width\": 1, \"height\": 1}, \"root\": {\"id\": \"été\", \"type\": 3}}"
    do {
      _ = try LayoutDocument.parse(json)
      Issue.record("the document was accepted")
    } catch {
      #expect(error.path == "root.type")
      // `{"size": … "root": {"id": "été", "type": ` is 66 scalars (and 68 bytes).
      #expect(error.column == 67)
    }
  }

  @Test("Invalid UTF-8 in a string is refused")
  func invalidUTF8() {
    var bytes = Array(#"{"size": {"width": 1, "height": 1}, "root": {"type": "leaf", "id": ""#.utf8)
    bytes += [0xFF, 0x22, 0x7D, 0x7D]
    do {
      _ = try LayoutDocument.parse(bytes)
      Issue.record("the document was accepted")
    } catch {
      #expect(error.kind == .invalidJSON)
      #expect(error.description.contains("root.id: invalid JSON: the string is not valid UTF-8"))
    }
  }

  @Test("A byte order mark is tolerated")
  func byteOrderMark() throws {
    let bytes =
      [0xEF, 0xBB, 0xBF]
      + Array(#"{"size": {"width": 4, "height": 2}, "root": {"type": "leaf"}}"#.utf8)
    #expect(try LayoutDocument.parse(bytes).run() == "root 0 0 4 2\n")
  }
}
