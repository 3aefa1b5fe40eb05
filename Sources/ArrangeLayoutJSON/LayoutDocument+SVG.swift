import ArrangeGeometry
import ArrangeLayout
import Foundation

extension LayoutDocument {
  /// The laid-out document as an SVG picture: every node's frame as a box, nested boxes tinted
  /// by depth, each labelled with its name where there is room, and the diagnostics as
  /// comments.
  ///
  /// One layout unit is drawn `pixelsPerUnit` pixels wide (by default enough for the larger
  /// side to be about 600 pixels, between 1 and 40 per unit), so that layouts in terminal cells
  /// and in points both read.
  ///
  /// ```swift
  /// let svg = try LayoutDocument.parse(bytes).svg()
  /// ```
  package func svg(exact: Bool = false, pixelsPerUnit: Double? = nil) -> String {
    var tree = makeTree()
    tree.layout(in: size)
    let root = tree.root.map { exact ? tree.exactFrame(of: $0) : tree.frame(of: $0) } ?? .zero
    let width = Swift.max(root.maxX, 1)
    let height = Swift.max(root.maxY, 1)
    let scale = pixelsPerUnit ?? Swift.min(40, Swift.max(1, 600 / Swift.max(width, height)))
    func number(_ value: Double) -> String {
      LayoutDocument.format((value * scale * 100).rounded() / 100)
    }
    var depths: [NodeID: Int] = [:]
    var output = """
      <svg xmlns="http://www.w3.org/2000/svg" width="\(number(width))" \
      height="\(number(height))" viewBox="0 0 \(number(width)) \(number(height))" \
      font-family="sans-serif" font-size="11">

      """
    output += "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n"
    for node in tree.preorder {
      let depth = tree.parent(of: node).map { (depths[$0] ?? 0) + 1 } ?? 0
      depths[node] = depth
      let frame = exact ? tree.exactFrame(of: node) : tree.frame(of: node)
      let name = LayoutDocument.escaped(label(of: node))
      guard frame.width > 0 && frame.height > 0 else {
        output += "<!-- \(LayoutDocument.commentSafe(label(of: node))): empty -->\n"
        continue
      }
      let hue = (depth * 67) % 360
      output += """
        <rect x="\(number(frame.minX))" y="\(number(frame.minY))" \
        width="\(number(frame.width))" height="\(number(frame.height))" \
        fill="hsl(\(hue), 60%, 85%)" fill-opacity="0.6" stroke="hsl(\(hue), 50%, 35%)" \
        stroke-width="1"><title>\(name)</title></rect>

        """
      if frame.width * scale >= 24 && frame.height * scale >= 13 {
        output += """
          <text x="\(number(frame.minX))" y="\(number(frame.minY))" dx="3" dy="11" \
          fill="hsl(\(hue), 50%, 25%)">\(name)</text>

          """
      }
    }
    for line in run(exact: exact).split(separator: "\n") where line.hasPrefix("diagnostic: ") {
      output += "<!-- \(LayoutDocument.commentSafe(String(line))) -->\n"
    }
    return output + "</svg>\n"
  }

  /// `text` with the characters XML gives a meaning to replaced by their entities.
  static func escaped(_ text: String) -> String {
    var result = ""
    for character in text {
      switch character {
      case "&": result += "&amp;"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      case "\"": result += "&quot;"
      case "'": result += "&apos;"
      default:
        // Control characters are not allowed in XML 1.0.
        if character.unicodeScalars.allSatisfy({ $0.value >= 0x20 || $0 == "\t" }) {
          result.append(character)
        } else {
          result += "?"
        }
      }
    }
    return result
  }

  /// `text` safe inside an XML comment: escaped, and without `--`.
  static func commentSafe(_ text: String) -> String {
    var result = escaped(text)
    while result.contains("--") { result = result.replacingOccurrences(of: "--", with: "- -") }
    return result
  }
}
