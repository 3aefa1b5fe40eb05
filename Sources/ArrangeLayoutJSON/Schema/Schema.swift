import ArrangeJSON
import ArrangeLayout

/// The keys of the layout document schema and the wording shared by its messages.
enum Schema {
  static let documentKeys = ["size", "scale", "direction", "root"]

  /// Keys every node may have: its identity and its `ItemStyle`.
  static let itemKeys = [
    "id", "type", "size", "crossSize", "minSize", "maxSize", "alignment", "hidden",
  ]
  static let leafKeys = itemKeys + ["measure", "text"]
  static let groupKeys =
    itemKeys + [
      "axis", "spacing", "padding", "distribution", "alignItems", "direction", "margin",
      "children",
    ]
  static let flowKeys =
    itemKeys + [
      "axis", "itemSpacing", "lineSpacing", "padding", "lineAlignment", "itemAlignment",
      "direction", "children",
    ]

  // The names of the engine's choices, spelled out (not printed from the cases: Embedded Swift,
  // which builds the gallery's layout module, cannot print a case).
  static let crossAlignments: [(String, CrossAlignment)] = [
    ("start", .start), ("center", .center), ("end", .end), ("stretch", .stretch),
  ]
  static let distributions: [(String, Distribution)] = [
    ("start", .start), ("center", .center), ("end", .end), ("spaceBetween", .spaceBetween),
    ("spaceAround", .spaceAround), ("spaceEvenly", .spaceEvenly),
  ]
  static let lineAlignments: [(String, FlowLineAlignment)] = [
    ("start", .start), ("center", .center), ("end", .end), ("justify", .justify),
  ]
  static let itemAlignments: [(String, FlowItemAlignment)] = [
    ("start", .start), ("center", .center), ("end", .end),
  ]

  static func keys(of type: NodeType) -> [String] {
    switch type {
    case .leaf: return leafKeys
    case .group: return groupKeys
    case .flow: return flowKeys
    }
  }

  /// Common mistakes that edit distance does not catch, and what was meant.
  private static let aliases = [
    "left": "leading", "right": "trailing", "name": "id", "kind": "type", "items": "children",
    "gap": "spacing", "justifyContent": "distribution", "justify": "distribution",
    "alignSelf": "alignment", "isHidden": "hidden", "weight": "fill", "pt": "points",
    "pts": "points", "width": "size", "height": "size", "ltr": "leftToRight",
    "rtl": "rightToLeft", "row": "horizontal", "column": "vertical", "wrap": "flow",
    "container": "group", "stack": "group", "view": "leaf", "min": "minSize", "max": "maxSize",
  ]

  /// `"a", "b" or "c"` (or unquoted, or with another conjunction).
  static func choices(
    _ words: [String], quoted: Bool = true, conjunction: String = "or"
  ) -> String {
    let items = quoted ? words.map { JSONValue.quoted($0) } : words
    guard let last = items.last else { return "" }
    if items.count == 1 { return last }
    return items.dropLast().joined(separator: ", ") + " \(conjunction) " + last
  }

  /// The allowed word closest to a misspelt one, if it is close enough to be a likely typo.
  static func suggestion(for word: String, among allowed: [String]) -> String? {
    if let alias = aliases[word], allowed.contains(alias) { return alias }
    let lowered = word.lowercased()
    if let match = allowed.first(where: { $0.lowercased() == lowered }) { return match }
    var best: (word: String, distance: Int)? = nil
    for candidate in allowed {
      let distance = editDistance(lowered, candidate.lowercased())
      if distance < (best?.distance ?? Int.max) { best = (candidate, distance) }
    }
    guard let best else { return nil }
    // One edit in three characters, at least one and at most three.
    let limit = min(3, max(1, word.count / 3))
    return best.distance <= limit ? best.word : nil
  }

  /// The Levenshtein distance between two strings, over Unicode scalars.
  static func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a.unicodeScalars)
    let b = Array(b.unicodeScalars)
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
      current[0] = i
      for j in 1...b.count {
        let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
        current[j] = min(substitution, previous[j] + 1, current[j - 1] + 1)
      }
      swap(&previous, &current)
    }
    return previous[b.count]
  }
}
