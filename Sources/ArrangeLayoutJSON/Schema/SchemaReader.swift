import ArrangeGeometry
import ArrangeJSON
import ArrangeLayout

/// Turns a parsed JSON value into a ``LayoutDocument``, checking every key and value against the
/// schema of `docs/layout-json.md` and naming the place of the first problem.
struct SchemaReader {
  let input: [UInt8]
  /// The output label of every node read so far, in pre-order.
  var labels: [String] = []
  /// The path of the node that first used each id.
  var idPaths: [String: String] = [:]
  /// Where each node, in pre-order, and each of its keys' values are in the input.
  var sources: [NodeSource] = []
  /// Where the `size` object's width and height are.
  var sizeOffsets: (width: Int, height: Int) = (0, 0)

  init(input: [UInt8]) {
    self.input = input
  }

  // MARK: - Document

  mutating func readDocument(_ value: JSONValue) throws(LayoutDocumentError) -> LayoutDocument {
    let path = JSONPath()
    let members = try objectMembers(value, path: path, expected: "a JSON object")
    try checkKeys(members, allowed: Schema.documentKeys, path: path)
    var size: Size? = nil
    var scale = 1.0
    var direction = LayoutDirection.leftToRight
    var root: LayoutNode? = nil
    for member in members {
      let memberPath = path.appending(member.key)
      switch member.key {
      case "size": size = try readContainerSize(member.value, path: memberPath)
      case "scale":
        let range = LayoutDocument.scaleRange
        let expected =
          "a number from \(LayoutDocument.format(range.lowerBound)) to "
          + LayoutDocument.format(range.upperBound)
        scale = try readNumber(member.value, path: memberPath, expected: expected)
        if !range.contains(scale) {
          throw invalid(
            "expected \(expected) (the grid is 1/scale), got \(member.value.summary)", memberPath,
            member.value)
        }
      case "direction": direction = try readDirection(member.value, path: memberPath)
      case "root": root = try readTree(member.value, path: memberPath)
      default: break
      }
    }
    guard let size else {
      throw missing("size", expected: "{\"width\": …, \"height\": …}", value, at: path)
    }
    guard let root else { throw missing("root", expected: "a node object", value, at: path) }
    var document = LayoutDocument(
      size: size, scale: scale, direction: direction, root: root, labels: labels)
    document.sources = sources
    document.sizeOffsets = sizeOffsets
    document.lineStarts = LayoutDocument.lineStarts(of: input)
    document.input = input
    return document
  }

  private mutating func readContainerSize(
    _ value: JSONValue, path: JSONPath
  ) throws(LayoutDocumentError) -> Size {
    let expected = "an object with width and height"
    let members = try objectMembers(value, path: path, expected: expected)
    try checkKeys(members, allowed: ["width", "height"], path: path)
    var width: Double? = nil
    var height: Double? = nil
    for member in members {
      let length = try readLength(member.value, path: path.appending(member.key))
      if member.key == "width" {
        width = length
        sizeOffsets.width = member.value.offset
      } else {
        height = length
        sizeOffsets.height = member.value.offset
      }
    }
    let expectedLength = "a number or \"infinity\""
    guard let width else { throw missing("width", expected: expectedLength, value, at: path) }
    guard let height else { throw missing("height", expected: expectedLength, value, at: path) }
    return Size(width: width, height: height)
  }

  // MARK: - Nodes

  /// A node whose own keys are read and whose children are being read.
  private struct PendingNode {
    var node: LayoutNode
    var children: [JSONValue]
    var next = 0
    var path: JSONPath
  }

  /// Reads a node and its subtree, labelling the nodes in pre-order.
  ///
  /// The walk uses an explicit stack rather than recursion, so that a document nested
  /// ``LayoutDocument/maximumDepth`` levels deep cannot overflow the call stack (a debug build
  /// spends kilobytes of stack on each call of a function as large as ``readNodeKeys``).
  mutating func readTree(
    _ value: JSONValue, path: JSONPath
  ) throws(LayoutDocumentError) -> LayoutNode {
    let (root, rootChildren) = try readNodeKeys(value, path: path, level: 1)
    var stack = [PendingNode(node: root, children: rootChildren, path: path)]
    while let top = stack.indices.last {
      if stack[top].next < stack[top].children.count {
        let index = stack[top].next
        stack[top].next += 1
        let childPath = stack[top].path.appending("children").appending(index)
        let (child, grandchildren) = try readNodeKeys(
          stack[top].children[index], path: childPath, level: stack.count + 1)
        stack.append(PendingNode(node: child, children: grandchildren, path: childPath))
      } else {
        let finished = stack.removeLast()
        guard let parent = stack.indices.last else { return finished.node }
        stack[parent].node.children.append(finished.node)
      }
    }
    return root
  }

  /// Reads a node's own keys; returns the node without children, and its children unread.
  private mutating func readNodeKeys(
    _ value: JSONValue, path: JSONPath, level: Int
  ) throws(LayoutDocumentError) -> (LayoutNode, [JSONValue]) {
    if level > LayoutDocument.maximumDepth {
      throw LayoutDocumentError(
        kind: .nestingTooDeep, path: path.abbreviated,
        message: "nesting deeper than \(LayoutDocument.maximumDepthText) levels",
        offset: value.offset, in: input)
    }
    let members = try objectMembers(value, path: path, expected: "a node object")
    guard let typeMember = members.first(where: { $0.key == "type" }) else {
      throw missing(
        "type", expected: Schema.choices(NodeType.allCases.map { $0.rawValue }), value, at: path)
    }
    let type = try readChoice(
      typeMember.value, path: path.appending("type"),
      choices: NodeType.allCases.map { ($0.rawValue, $0) })
    try checkNodeKeys(members, type: type, path: path)

    let labelIndex = labels.count
    labels.append(path.description)
    var source = NodeSource(offset: value.offset)
    for member in members {
      source.offsets[member.key] = member.value.offset
      if case .object(let inner) = member.value.content {
        for field in inner { source.offsets[member.key + "." + field.key] = field.value.offset }
      }
    }
    sources.append(source)
    var name: String? = nil
    var style = ItemStyle()
    var group = GroupStyle(axis: .horizontal)
    var hasAxis = false
    var flow = FlowStyle()
    var measure: MeasureFunction? = nil
    var measureKey: String? = nil
    var children: [JSONValue] = []
    for member in members {
      let memberPath = path.appending(member.key)
      let value = member.value
      switch member.key {
      case "id":
        let id = try readID(value, path: memberPath)
        name = id
        labels[labelIndex] = id
      case "size": style.size = try readSizeRule(value, path: memberPath)
      case "crossSize": style.crossSize = try readCrossSize(value, path: memberPath)
      case "minSize": style.minSize = try readNumber(value, path: memberPath)
      case "maxSize": style.maxSize = try readLength(value, path: memberPath)
      case "alignment": style.alignment = try readCrossAlignment(value, path: memberPath)
      case "hidden": style.isHidden = try readBool(value, path: memberPath)
      case "axis":
        let axis = try readChoice(
          value, path: memberPath,
          choices: [("horizontal", Axis.horizontal), ("vertical", .vertical)]
        )
        group.axis = axis
        flow.axis = axis
        hasAxis = true
      case "direction":
        let direction = try readDirection(value, path: memberPath)
        group.direction = direction
        flow.direction = direction
      case "padding":
        let padding = try readPadding(value, path: memberPath)
        group.padding = padding
        flow.padding = padding
      case "spacing": group.spacing = try readNumber(value, path: memberPath)
      case "distribution":
        group.distribution = try readChoice(
          value, path: memberPath, choices: Schema.distributions)
      case "alignItems": group.alignment = try readCrossAlignment(value, path: memberPath)
      case "margin": group.margin = try readNumber(value, path: memberPath)
      case "itemSpacing": flow.itemSpacing = try readNumber(value, path: memberPath)
      case "lineSpacing": flow.lineSpacing = try readNumber(value, path: memberPath)
      case "lineAlignment":
        flow.lineAlignment = try readChoice(
          value, path: memberPath, choices: Schema.lineAlignments)
      case "itemAlignment":
        flow.itemAlignment = try readChoice(
          value, path: memberPath, choices: Schema.itemAlignments)
      case "measure", "text":
        if let measureKey {
          throw invalid(
            "a leaf cannot have both \"\(measureKey)\" and \"\(member.key)\"", path, member)
        }
        measureKey = member.key
        measure =
          member.key == "measure"
          ? try readFixedMeasure(value, path: memberPath)
          : try readText(value, path: memberPath)
      case "children":
        children = try arrayItems(value, path: memberPath, expected: "an array of nodes")
      default:
        // `checkNodeKeys` refused every other key; "type" was read first.
        break
      }
    }

    let content: LayoutNode.Content
    switch type {
    case .leaf: content = .leaf(measure)
    case .group:
      guard hasAxis else {
        throw missing("axis", expected: "\"horizontal\" or \"vertical\"", value, at: path)
      }
      content = .group(group)
    case .flow: content = .flow(flow)
    }
    return (LayoutNode(name: name, style: style, content: content), children)
  }

  private func checkNodeKeys(
    _ members: [JSONMember], type: NodeType, path: JSONPath
  ) throws(LayoutDocumentError) {
    let allowed = Schema.keys(of: type)
    for member in members where !allowed.contains(member.key) {
      if type == .leaf && member.key == "children" {
        throw invalid("a leaf cannot have children; use a group or a flow", path, member)
      }
      let owners = NodeType.allCases.filter { Schema.keys(of: $0).contains(member.key) }
      if !owners.isEmpty {
        let names = Schema.choices(owners.map { "\($0.rawValue)" }, quoted: false)
        throw invalid(
          "key \"\(member.key)\" is not allowed on a \(type.rawValue) (only on a \(names))",
          path, member)
      }
      throw unknownKey(member, allowed: allowed, path: path)
    }
  }

  private mutating func readID(
    _ value: JSONValue, path: JSONPath
  ) throws(LayoutDocumentError) -> String {
    guard case .string(let id) = value.content else {
      throw invalid("expected a string, got \(value.summary)", path, value)
    }
    let isPrintable =
      !id.isEmpty
      && id.unicodeScalars.allSatisfy {
        !$0.properties.isWhitespace && $0.properties.generalCategory != .control
      }
    guard isPrintable else {
      throw invalid(
        "an id must be non-empty and contain no spaces or control characters, got "
          + value.summary, path, value)
    }
    // An id is printed where a path would be: one that reads like a path could name two nodes.
    if id == "root" || id.hasPrefix("root.") || id.hasPrefix("root[") {
      throw invalid(
        "an id cannot be \"root\" or start with \"root.\" or \"root[\" (the output names nodes "
          + "without an id by such paths), got \(value.summary)", path, value)
    }
    let nodePath = JSONPath(components: path.components.dropLast()).description
    if let first = idPaths[id] {
      throw invalid("duplicate id \(value.summary) (also the id of \(first))", path, value)
    }
    idPaths[id] = nodePath
    return id
  }

  // MARK: - Values

  private func readSizeRule(
    _ value: JSONValue, path: JSONPath
  ) throws(LayoutDocumentError) -> SizeRule {
    let expected = "\"fit\", \"fill\" or an object with one of points/percent/fill"
    switch value.content {
    case .string("fit"): return .fit
    case .string("fill"): return .fill
    case .object(let members):
      let (key, number) = try readSingleNumber(
        members, in: value, path: path, allowed: ["points", "percent", "fill"])
      switch key {
      case "points": return .points(number)
      case "percent": return .percent(number)
      default: return .fill(weight: number)
      }
    default:
      throw invalid("expected \(expected), got \(value.summary)", path, value)
    }
  }

  private func readCrossSize(
    _ value: JSONValue, path: JSONPath
  ) throws(LayoutDocumentError) -> CrossSize {
    let expected = "\"automatic\", \"fit\", \"stretch\" or an object with one of points/percent"
    switch value.content {
    case .string("automatic"): return .automatic
    case .string("fit"): return .fit
    case .string("stretch"): return .stretch
    case .object(let members):
      let (key, number) = try readSingleNumber(
        members, in: value, path: path, allowed: ["points", "percent"])
      return key == "points" ? .points(number) : .percent(number)
    default:
      throw invalid("expected \(expected), got \(value.summary)", path, value)
    }
  }

  /// Reads an object with exactly one key out of `allowed`, whose value is a number.
  private func readSingleNumber(
    _ members: [JSONMember], in value: JSONValue, path: JSONPath, allowed: [String]
  ) throws(LayoutDocumentError) -> (String, Double) {
    let list = allowed.joined(separator: "/")
    guard let member = members.first else {
      throw invalid("expected an object with one of \(list), got an empty object", path, value)
    }
    try checkKeys(members, allowed: allowed, path: path)
    if members.count > 1 {
      let keys = Schema.choices(members.map { $0.key }, conjunction: "and")
      throw invalid("expected only one of \(list), got \(keys)", path, members[1])
    }
    return (member.key, try readNumber(member.value, path: path.appending(member.key)))
  }

  private func readPadding(
    _ value: JSONValue, path: JSONPath
  ) throws(LayoutDocumentError) -> EdgeInsets {
    switch value.content {
    case .number(let number, _): return EdgeInsets(all: number)
    case .object(let members):
      let edges = ["top", "leading", "bottom", "trailing"]
      try checkDuplicates(members, path: path)
      try checkKeys(members, allowed: edges, path: path)
      var insets = EdgeInsets()
      for member in members {
        let number = try readNumber(member.value, path: path.appending(member.key))
        switch member.key {
        case "top": insets.top = number
        case "leading": insets.leading = number
        case "bottom": insets.bottom = number
        default: insets.trailing = number
        }
      }
      return insets
    default:
      throw invalid(
        "expected a number or an object with top/leading/bottom/trailing, got \(value.summary)",
        path, value)
    }
  }

  private func readFixedMeasure(
    _ value: JSONValue, path: JSONPath
  ) throws(LayoutDocumentError) -> MeasureFunction {
    let members = try objectMembers(value, path: path, expected: "an object with width and height")
    try checkKeys(members, allowed: ["width", "height"], path: path)
    var width: Double? = nil
    var height: Double? = nil
    for member in members {
      let number = try readNumber(member.value, path: path.appending(member.key))
      if member.key == "width" { width = number } else { height = number }
    }
    guard let width else { throw missing("width", expected: "a number", value, at: path) }
    guard let height else { throw missing("height", expected: "a number", value, at: path) }
    let size = Size(width: width, height: height)
    return { _ in size }
  }

  private func readText(
    _ value: JSONValue, path: JSONPath
  ) throws(LayoutDocumentError) -> MeasureFunction {
    guard case .string(let text) = value.content else {
      throw invalid("expected a string, got \(value.summary)", path, value)
    }
    let measure = TextMeasure(text)
    return { proposal in measure.size(width: proposal.width) }
  }

  private func readCrossAlignment(
    _ value: JSONValue, path: JSONPath
  ) throws(LayoutDocumentError) -> CrossAlignment {
    try readChoice(value, path: path, choices: Schema.crossAlignments)
  }

  private func readDirection(
    _ value: JSONValue, path: JSONPath
  ) throws(LayoutDocumentError) -> LayoutDirection {
    try readChoice(value, path: path, choices: LayoutDirection.allCases.map { ($0.rawValue, $0) })
  }

  /// Reads a string that must be one of `choices`.
  private func readChoice<Value>(
    _ value: JSONValue, path: JSONPath, choices: [(String, Value)]
  ) throws(LayoutDocumentError) -> Value {
    if case .string(let string) = value.content,
      let match = choices.first(where: { $0.0 == string })
    {
      return match.1
    }
    var message = "expected \(Schema.choices(choices.map { $0.0 })), got \(value.summary)"
    if case .string(let string) = value.content,
      let suggestion = Schema.suggestion(for: string, among: choices.map { $0.0 })
    {
      message += " (did you mean \"\(suggestion)\"?)"
    }
    throw invalid(message, path, value)
  }

  private func readNumber(
    _ value: JSONValue, path: JSONPath, expected: String = "a number"
  ) throws(LayoutDocumentError) -> Double {
    guard case .number(let number, _) = value.content else {
      throw invalid("expected \(expected), got \(value.summary)", path, value)
    }
    return number
  }

  /// Reads a number or the string `"infinity"`.
  private func readLength(
    _ value: JSONValue, path: JSONPath
  ) throws(LayoutDocumentError) -> Double {
    switch value.content {
    case .number(let number, _): return number
    case .string("infinity"): return .infinity
    default:
      throw invalid("expected a number or \"infinity\", got \(value.summary)", path, value)
    }
  }

  private func readBool(
    _ value: JSONValue, path: JSONPath
  ) throws(LayoutDocumentError) -> Bool {
    guard case .bool(let bool) = value.content else {
      throw invalid("expected true or false, got \(value.summary)", path, value)
    }
    return bool
  }

  // MARK: - Objects and arrays

  private func objectMembers(
    _ value: JSONValue, path: JSONPath, expected: String
  ) throws(LayoutDocumentError) -> [JSONMember] {
    guard case .object(let members) = value.content else {
      throw invalid("expected \(expected), got \(value.summary)", path, value)
    }
    try checkDuplicates(members, path: path)
    return members
  }

  private func arrayItems(
    _ value: JSONValue, path: JSONPath, expected: String
  ) throws(LayoutDocumentError) -> [JSONValue] {
    guard case .array(let items) = value.content else {
      throw invalid("expected \(expected), got \(value.summary)", path, value)
    }
    return items
  }

  private func checkDuplicates(
    _ members: [JSONMember], path: JSONPath
  ) throws(LayoutDocumentError) {
    // Objects in a layout have a handful of keys: a quadratic scan is cheaper than a set.
    for (index, member) in members.enumerated()
    where members[..<index].contains(where: { $0.key == member.key }) {
      throw invalid("duplicate key \(JSONValue.quoted(member.key))", path, member)
    }
  }

  private func checkKeys(
    _ members: [JSONMember], allowed: [String], path: JSONPath
  ) throws(LayoutDocumentError) {
    for member in members where !allowed.contains(member.key) {
      throw unknownKey(member, allowed: allowed, path: path)
    }
  }

  // MARK: - Errors

  private func invalid(
    _ message: String, _ path: JSONPath, _ value: JSONValue
  ) -> LayoutDocumentError {
    LayoutDocumentError(
      kind: .invalidDocument, path: path.description, message: message, offset: value.offset,
      in: input)
  }

  private func invalid(
    _ message: String, _ path: JSONPath, _ member: JSONMember
  ) -> LayoutDocumentError {
    LayoutDocumentError(
      kind: .invalidDocument, path: path.description, message: message,
      offset: member.keyOffset, in: input)
  }

  private func missing(
    _ key: String, expected: String, _ object: JSONValue, at path: JSONPath
  ) -> LayoutDocumentError {
    invalid("missing key \"\(key)\" (\(expected))", path, object)
  }

  private func unknownKey(
    _ member: JSONMember, allowed: [String], path: JSONPath
  ) -> LayoutDocumentError {
    var message = "unknown key \(JSONValue.quoted(member.key, limit: 40))"
    if let suggestion = Schema.suggestion(for: member.key, among: allowed) {
      message += " (did you mean \"\(suggestion)\"?)"
    } else {
      message += " (expected one of \(allowed.joined(separator: ", ")))"
    }
    return invalid(message, path, member)
  }
}

/// The three kinds of node, as written in `"type"`.
enum NodeType: String, CaseIterable, Sendable {
  case leaf
  case group
  case flow
}
