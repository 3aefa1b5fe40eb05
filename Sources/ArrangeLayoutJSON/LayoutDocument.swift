package import ArrangeGeometry
import ArrangeJSON
package import ArrangeLayout

/// A layout described in JSON: a container size, a grid scale, a reading direction and a tree of
/// nodes, read with `parse(_:)` and laid out with ``run(exact:)``.
///
/// The schema mirrors the ArrangeLayout API one-to-one and is documented in
/// `docs/layout-json.md`:
///
/// ```swift
/// let document = try LayoutDocument.parse("""
///   {"size": {"width": 400, "height": 50},
///    "root": {"type": "group", "axis": "horizontal", "spacing": 8, "children": [
///      {"id": "a", "type": "leaf", "size": {"points": 100}},
///      {"id": "b", "type": "leaf"}]}}
///   """)
/// print(document.run(), terminator: "")
/// // root 0 0 400 50
/// // a 0 0 100 50
/// // b 108 0 292 50
/// ```
package struct LayoutDocument: Sendable {
  /// The deepest nesting of nodes a document may have; the root is level 1.
  ///
  /// The engine lays trees out recursively, so a bound keeps a hostile document from exhausting
  /// the stack.
  package static let maximumDepth = 1_000

  /// ``maximumDepth`` written for people: `1,000`.
  static let maximumDepthText: String = {
    let digits = Array(String(maximumDepth))
    var result = ""
    for (index, digit) in digits.enumerated() {
      if index > 0 && (digits.count - index) % 3 == 0 { result += "," }
      result.append(digit)
    }
    return result
  }()

  /// The most nested arrays and objects the JSON text may have: every node level is a node
  /// object inside a `children` array, plus the document object and a value inside the deepest
  /// node (a size object), plus one level so that a too-deep node is reported by its path.
  static let maximumJSONDepth = 2 * maximumDepth + 3

  /// The size the root fills; an infinite width or height sizes the root to its content on that
  /// axis (`"infinity"` in JSON).
  package var size: Size
  /// The grid frames snap to: 1 for whole points or cells, 2 or 3 for device pixels.
  package var scale: Double
  /// The reading direction of nodes that do not set their own.
  package var direction: LayoutDirection
  /// The tree of nodes; a node's `"id"` is its `LayoutNode/name`.
  package let root: LayoutNode
  /// The name printed for each node, in pre-order (the order of `LayoutTree/preorder` and of
  /// the identifiers `LayoutTree/init(_:)` assigns): its `"id"`, or its path such as
  /// `root.children[1]` when it has none.
  package let labels: [String]

  /// Where each node (in pre-order) and its keys' values are in the document it was read from;
  /// empty for a document made in code.
  var sources: [NodeSource] = []
  /// Where the container's width and height are in the document.
  var sizeOffsets: (width: Int, height: Int) = (0, 0)
  /// The offset at which each line of the document starts.
  var lineStarts: [Int] = []
  /// The document's bytes, for the columns of diagnostics.
  var input: [UInt8] = []

  /// The scales a document may ask for: coarser grids than 100 units, or finer than a
  /// thousandth, are refused rather than rounding every frame to nothing or to noise.
  package static let scaleRange: ClosedRange<Double> = 0.01...1000

  /// Creates a document from its parts; `labels` must list one name per node of `root`, in
  /// pre-order.
  package init(
    size: Size, scale: Double = 1, direction: LayoutDirection = .leftToRight, root: LayoutNode,
    labels: [String]
  ) {
    self.size = size
    self.scale = scale
    self.direction = direction
    self.root = root
    self.labels = labels
  }

  /// Reads a document from UTF-8 JSON bytes.
  ///
  /// - Throws: ``LayoutDocumentError`` naming the path, line and column of the first problem:
  ///   invalid JSON, an unknown key, a value of the wrong type, a leaf with children, a duplicate
  ///   id, or nesting deeper than ``maximumDepth`` levels.
  /// - Complexity: O(n) in the length of the input.
  package static func parse(
    _ bytes: some Sequence<UInt8>
  ) throws(LayoutDocumentError) -> LayoutDocument {
    let input = Array(bytes)
    let value: JSONValue
    do {
      value = try JSONReader.parse(input, maximumDepth: maximumJSONDepth)
    } catch {
      throw LayoutDocumentError(reading: error, in: input)
    }
    var reader = SchemaReader(input: input)
    return try reader.readDocument(value)
  }

  /// Reads a document from JSON text.
  ///
  /// - Throws: ``LayoutDocumentError``, as the byte overload does.
  /// - Complexity: O(n) in the length of the text.
  package static func parse(_ text: String) throws(LayoutDocumentError) -> LayoutDocument {
    try parse(text.utf8)
  }

  /// The name printed for `node` of a tree made by ``makeTree()``: its id, or its path.
  package func label(of node: NodeID) -> String {
    let index = Int(node.index)
    return labels.indices.contains(index) ? labels[index] : node.description
  }

  /// A tree of the document's nodes with its scale and direction set, not yet laid out.
  ///
  /// - Complexity: O(n).
  package func makeTree() -> LayoutTree {
    var tree = LayoutTree(root)
    tree.scale = scale
    tree.layoutDirection = direction
    return tree
  }

  /// Lays the document out and returns one line per node, then one per diagnostic.
  ///
  /// Each node line is `label x y width height`, in pre-order, with the frame in root
  /// coordinates: rounded to the grid of `1 / scale` (`LayoutTree/frame(of:)`), or unrounded
  /// (`LayoutTree/exactFrame(of:)`) when `exact` is true. Numbers are written without a
  /// trailing `.0` when they are whole. Each diagnostic line is `diagnostic: label: message`.
  /// Every line ends with a newline.
  ///
  /// - Complexity: O(n) plus the cost of the layout.
  package func run(exact: Bool = false) -> String {
    var tree = makeTree()
    tree.layout(in: size)
    var output = ""
    for node in tree.preorder {
      let frame = exact ? tree.exactFrame(of: node) : tree.frame(of: node)
      output += label(of: node)
      for value in [frame.minX, frame.minY, frame.width, frame.height] {
        output += " " + LayoutDocument.format(value)
      }
      output += "\n"
    }
    var reportedPadding: Set<NodeID> = []
    var reportedSize = false
    for diagnostic in tree.diagnostics {
      let node = diagnostic.node
      switch diagnostic.kind {
      case .invalidValue(.containerSize, _):
        // The engine does not say which of the two it was: the document does.
        if reportedSize { continue }
        reportedSize = true
        for (key, value, offset) in [
          ("width", size.width, sizeOffsets.width), ("height", size.height, sizeOffsets.height),
        ] where value.isNaN || value < 0 {
          output += line(
            "size", "size.\(key) \(LayoutDocument.format(value)) " + notNonNegative, at: offset)
        }
      case .invalidValue(.padding, _):
        // One diagnostic per edge written in the document, named as it was written.
        if !reportedPadding.insert(node).inserted { continue }
        output += paddingDiagnostics(of: node, in: tree)
      case .invalidValue(let field, let value):
        let key = LayoutDocument.key(of: field)
        output += line(
          label(of: node), "\(key) \(LayoutDocument.format(value)) " + notNonNegative,
          at: offset(of: node, key: key))
      default:
        output += line(label(of: node), describe(diagnostic.kind), at: offset(of: node, key: nil))
      }
    }
    return output
  }

  /// A number as printed in the output: `250`, `222.75`, `-3`, `0` for negative zero.
  static func format(_ value: Double) -> String {
    if value == 0 { return "0" }
    if value.isFinite && value == value.rounded() && Swift.abs(value) < 1e15 {
      return String(Int64(value))
    }
    if value.isNaN { return "nan" }
    if value.isInfinite { return value < 0 ? "-infinity" : "infinity" }
    return value.description
  }

  private var notNonNegative: String { "is not a finite non-negative number; used 0" }

  /// One line of output: a diagnostic about `subject`, with the place in the document.
  private func line(_ subject: String, _ message: String, at offset: Int?) -> String {
    guard let offset, !lineStarts.isEmpty else { return "diagnostic: \(subject): \(message)\n" }
    var low = 0
    var high = lineStarts.count - 1
    while low < high {
      let mid = (low + high + 1) / 2
      if lineStarts[mid] <= offset { low = mid } else { high = mid - 1 }
    }
    // Columns count Unicode scalars (lead bytes), as the errors' columns do.
    var column = 1
    var index = lineStarts[low]
    while index < Swift.min(offset, input.count) {
      if input[index] & 0xC0 != 0x80 { column += 1 }
      index += 1
    }
    return "diagnostic: \(subject): \(message) (line \(low + 1), column \(column))\n"
  }

  /// Where the value of `key` of `node` (or the node itself) is in the document.
  private func offset(of node: NodeID, key: String?) -> Int? {
    let index = Int(node.index)
    guard sources.indices.contains(index) else { return nil }
    if let key, let offset = sources[index].offsets[key] { return offset }
    if let key, let dot = key.firstIndex(of: "."),
      let offset = sources[index].offsets[String(key[..<dot])]
    {
      return offset
    }
    return sources[index].offset
  }

  /// The padding diagnostics of `node`: one for a padding written as one number, one per bad
  /// edge of a padding written as an object.
  private func paddingDiagnostics(of node: NodeID, in tree: LayoutTree) -> String {
    guard let padding = tree.groupStyle(of: node)?.padding ?? tree.flowStyle(of: node)?.padding
    else { return "" }
    let edges = [
      ("top", padding.top), ("leading", padding.leading), ("bottom", padding.bottom),
      ("trailing", padding.trailing),
    ]
    let index = Int(node.index)
    let isObject =
      sources.indices.contains(index)
      && edges.contains { sources[index].offsets["padding." + $0.0] != nil }
    var output = ""
    for (edge, value) in edges where !(value >= 0 && value.isFinite) {
      let key = isObject ? "padding.\(edge)" : "padding"
      output += line(
        label(of: node), "\(key) \(LayoutDocument.format(value)) " + notNonNegative,
        at: offset(of: node, key: key))
      if !isObject { break }
    }
    return output
  }

  /// The document key of an engine field.
  static func key(of field: LayoutDiagnostic.Field) -> String {
    switch field {
    case .points: return "size.points"
    case .percent: return "size.percent"
    case .weight: return "size.fill"
    case .crossPoints: return "crossSize.points"
    case .crossPercent: return "crossSize.percent"
    case .measuredSize: return "measure"
    case .containerSize: return "size"
    default: return field.rawValue
    }
  }

  /// The offsets at which the lines of `input` start.
  static func lineStarts(of input: [UInt8]) -> [Int] {
    var starts = [0]
    for (index, byte) in input.enumerated() where byte == UInt8(ascii: "\n") {
      starts.append(index + 1)
    }
    return starts
  }

  /// A diagnostic in the engine's words, with numbers printed as frames are.
  private func describe(_ kind: LayoutDiagnostic.Kind) -> String {
    let format = LayoutDocument.format
    switch kind {
    case .invalidValue(.scale, let value):
      return "scale \(format(value)) is not a finite positive number; used 1"
    case .invalidValue(let field, let value):
      return "\(field.rawValue) \(format(value)) is not a finite non-negative number; used 0"
    case .percentagesOverflow(let total):
      return "children's percentages add up to \(format(total)); scaled down to 100"
    case .overflow(let amount, let axis):
      return "children overflow the \(axis.rawValue) axis by \(format(amount))"
    case .minimumExceedsMaximum(let min, let max):
      return "minSize \(format(min)) is larger than maxSize \(format(max)); used the minimum"
    case .crossOverflow(let amount, let axis):
      return "a child overflows the \(axis) axis by \(format(amount))"
    case .paddingOverflow(let amount, let axis):
      return "padding is larger than the node along the \(axis) axis by \(format(amount))"
    }
  }
}

/// Where a node and the values of its keys are in a document (byte offsets).
struct NodeSource: Sendable {
  /// The node object's offset.
  var offset: Int
  /// The offset of each key's value, and of each key of a value that is an object
  /// (`"padding.top"`, `"size.points"`).
  var offsets: [String: Int] = [:]
}
