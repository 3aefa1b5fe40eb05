import ArrangeLayoutJSON
import Foundation
import Testing

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// `arrange-layout --svg`: the frames as a picture.
@Suite struct LayoutPictureTests {
  static let document = """
    {"size": {"width": 100, "height": 50},
     "root": {"id": "row", "type": "group", "axis": "horizontal", "children": [
       {"id": "a", "type": "leaf", "size": {"percent": 50}},
       {"id": "b<&>\\"'", "type": "leaf", "size": {"percent": 50}},
       {"id": "gone", "type": "leaf", "hidden": true}
     ]}}
    """

  /// The elements of an XML document, by name and attributes, read by an XML parser.
  final class Elements: NSObject, XMLParserDelegate {
    var found: [(name: String, attributes: [String: String])] = []
    var text = ""
    func parser(
      _ parser: XMLParser, didStartElement name: String, namespaceURI: String?,
      qualifiedName: String?, attributes: [String: String]
    ) {
      found.append((name, attributes))
    }
    func parser(_ parser: XMLParser, foundCharacters string: String) { text += string }
  }

  static func parse(_ svg: String) throws -> Elements {
    let parser = XMLParser(data: Data(svg.utf8))
    let elements = Elements()
    parser.delegate = elements
    #expect(parser.parse(), "not well-formed XML: \(String(describing: parser.parserError))")
    return elements
  }

  @Test("Every node is a box at its frame, scaled to about 600 pixels, with its name escaped")
  func boxes() throws {
    let result = LayoutCommand.run(arguments: ["--svg"]) { Array(Self.document.utf8) }
    #expect(result.status == 0)
    let elements = try Self.parse(result.output)
    let svg = try #require(elements.found.first)
    #expect(svg.name == "svg")
    // 100 × 50 units at 6 pixels a unit.
    #expect(svg.attributes["width"] == "600")
    #expect(svg.attributes["height"] == "300")
    let boxes = elements.found.filter { $0.name == "rect" }.dropFirst()  // the background
    #expect(
      boxes.map { [$0.attributes["x"], $0.attributes["y"], $0.attributes["width"]] } == [
        ["0", "0", "600"], ["0", "0", "300"], ["300", "0", "300"],
      ])
    #expect(elements.text.contains("b<&>\"'"))
    #expect(result.output.contains("b&lt;&amp;&gt;&quot;&apos;"))
    // A hidden node has no box, only a comment.
    #expect(result.output.contains("<!-- gone: empty -->"))
  }

  @Test("Diagnostics are comments that never hold --, tiny layouts are drawn 40 pixels a unit")
  func diagnosticsAndScale() throws {
    let document = """
      {"size": {"width": 2, "height": 1},
       "root": {"id": "r--x", "type": "group", "axis": "horizontal", "children": [
         {"id": "wide", "type": "leaf", "size": {"points": 5}}
       ]}}
      """
    let result = LayoutCommand.run(arguments: ["--svg", "--exact"]) { Array(document.utf8) }
    #expect(result.status == 0)
    _ = try Self.parse(result.output)
    #expect(result.output.contains("<!-- diagnostic: "))
    #expect(result.output.contains("width=\"80\" height=\"40\""))
    let comments = result.output.components(separatedBy: "<!--").dropFirst()
    for comment in comments {
      let body = comment.components(separatedBy: "-->")[0]
      #expect(!body.contains("--"))
    }
  }

  @Test(
    "The pictures in docs/images are what --svg draws of docs/examples now",
    arguments: ["even-row", "mixed-row", "nested", "board"])
  func docsPicturesAreCurrent(_ name: String) throws {
    let docs = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("docs")
    let document = try Data(contentsOf: docs.appendingPathComponent("examples/\(name).json"))
    let picture = try Data(contentsOf: docs.appendingPathComponent("images/\(name).svg"))
    let result = LayoutCommand.run(arguments: ["--svg"]) { [UInt8](document) }
    #expect(result.status == 0)
    #expect(
      result.output == String(decoding: picture, as: UTF8.self),
      "regenerate: swift run arrange-layout --svg docs/examples/\(name).json > docs/images/\(name).svg"
    )
  }

  @Test("--svg appears in the help, and a bad document is still an error")
  func helpAndErrors() {
    #expect(LayoutCommand.help.contains("--svg"))
    let result = LayoutCommand.run(arguments: ["--svg"]) { Array("{".utf8) }
    #expect(result.status == 1)
    #expect(result.output.isEmpty)
  }
}
