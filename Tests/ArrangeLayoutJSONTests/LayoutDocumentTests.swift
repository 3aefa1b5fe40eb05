import ArrangeGeometry
import ArrangeLayout
import ArrangeLayoutJSON
import Foundation
import Testing

/// The output lines of a document, rounded or exact.
private func lines(_ json: String, exact: Bool = false) throws -> [String] {
  try LayoutDocument.parse(json).run(exact: exact).split(separator: "\n").map(String.init)
}

@Suite struct LayoutDocumentTests {
  // Every expected frame below is worked out by hand in the comments, not by the engine.

  @Test("A group with points, percent, fill, padding, spacing and a centred child")
  func groupFramesByHand() throws {
    let json = """
      {
        "size": {"width": 100, "height": 50},
        "root": {
          "type": "group", "axis": "horizontal", "spacing": 2,
          "padding": {"top": 1, "leading": 3},
          "children": [
            {"id": "fixed", "type": "leaf", "size": {"points": 20}},
            {"id": "half", "type": "leaf", "size": {"percent": 50},
             "crossSize": {"points": 10}, "alignment": "center"},
            {"id": "rest", "type": "leaf", "size": "fill"}
          ]
        }
      }
      """
    // Inside the padding: 97 wide from x = 3, 49 high from y = 1. Two gaps of 2.
    // Percent base: 97 − 20 − 4 = 73, so half = 36.5 and rest = 73 − 36.5 = 36.5.
    // fixed: x 3…23. half: x 25…61.5, y 1 + (49 − 10) / 2 = 20.5…30.5. rest: x 63.5…100.
    #expect(
      try lines(json, exact: true) == [
        "root 0 0 100 50",
        "fixed 3 1 20 49",
        "half 25 20.5 36.5 10",
        "rest 63.5 1 36.5 49",
      ])
    // Rounded edges (halves away from zero): 61.5 → 62, 20.5 → 21, 30.5 → 31, 63.5 → 64.
    #expect(
      try lines(json) == [
        "root 0 0 100 50",
        "fixed 3 1 20 49",
        "half 25 21 37 10",
        "rest 64 1 36 49",
      ])
  }

  @Test("ShinpuruLayout: 250 pt, 33 %, a label and 75 pt in a 1000 pt group")
  func shinpuruExample() throws {
    let json = """
      {
        "size": {"width": 1000, "height": 100},
        "root": {"type": "group", "axis": "horizontal", "children": [
          {"id": "explicit250", "type": "leaf", "size": {"points": 250}},
          {"id": "percent33", "type": "leaf", "size": {"percent": 33}},
          {"id": "label", "type": "leaf"},
          {"id": "explicit75", "type": "leaf", "size": {"points": 75}}
        ]}
      }
      """
    // Percent base: 1000 − (250 + 75) = 675. 33 % of 675 = 222.75; the label gets the other
    // 67 % = 452.25. Edges: 0, 250, 472.75, 925, 1000.
    #expect(
      try lines(json, exact: true) == [
        "root 0 0 1000 100",
        "explicit250 0 0 250 100",
        "percent33 250 0 222.75 100",
        "label 472.75 0 452.25 100",
        "explicit75 925 0 75 100",
      ])
    // Rounded edges: 472.75 → 473, so 250…473 (223) and 473…925 (452).
    #expect(
      try lines(json) == [
        "root 0 0 1000 100",
        "explicit250 0 0 250 100",
        "percent33 250 0 223 100",
        "label 473 0 452 100",
        "explicit75 925 0 75 100",
      ])
  }

  @Test("ShinpuruLayout margin mode insets every slot by half the margin")
  func shinpuruMargin() throws {
    let json = """
      {
        "size": {"width": 1000, "height": 100},
        "root": {"type": "group", "axis": "horizontal", "margin": 10, "children": [
          {"id": "a", "type": "leaf", "size": {"points": 250}},
          {"id": "b", "type": "leaf", "size": {"percent": 33}},
          {"id": "c", "type": "leaf"},
          {"id": "d", "type": "leaf", "size": {"points": 75}}
        ]}
      }
      """
    // Slots as above (0, 250, 472.75, 925, 1000), each inset by 5 on both sides:
    // a 5…245, b 255…467.75 (→ 468), c 477.75 (→ 478)…920, d 930…995.
    #expect(
      try lines(json) == [
        "root 0 0 1000 100",
        "a 5 0 240 100",
        "b 255 0 213 100",
        "c 478 0 442 100",
        "d 930 0 65 100",
      ])
  }

  @Test("An infinite height sizes the root to its content: text, a flow and path names")
  func infinityHeight() throws {
    let json = """
      {
        "size": {"width": 30, "height": "infinity"},
        "root": {"type": "group", "axis": "vertical", "spacing": 1, "children": [
          {"id": "title", "type": "leaf", "size": "fit", "text": "hello big world"},
          {"id": "cards", "type": "flow", "size": "fit", "itemSpacing": 2, "lineSpacing": 1,
           "children": [
             {"id": "c1", "type": "leaf", "size": {"points": 8}, "crossSize": {"points": 3}},
             {"id": "c2", "type": "leaf", "size": {"points": 8}, "crossSize": {"points": 3}},
             {"id": "c3", "type": "leaf", "size": {"points": 8}, "crossSize": {"points": 3}},
             {"type": "leaf", "size": {"points": 8}, "crossSize": {"points": 3}}
           ]}
        ]}
      }
      """
    // The title is one line of 15 cells at width 30: height 1. The flow fits three 8-wide cards
    // per line (8 + 2 + 8 + 2 + 8 = 28 ≤ 30; a fourth would need 38): two lines of 3 with a gap
    // of 1, height 7. Root height: 1 + 1 + 7 = 9. Children stretch to the width, 30.
    #expect(
      try lines(json) == [
        "root 0 0 30 9",
        "title 0 0 30 1",
        "cards 0 2 30 7",
        "c1 0 2 8 3",
        "c2 10 2 8 3",
        "c3 20 2 8 3",
        "root.children[1].children[3] 0 6 8 3",
      ])
  }

  @Test("An infinite width sizes the root to its points children")
  func infinityWidth() throws {
    let json = """
      {
        "size": {"width": "infinity", "height": 4},
        "root": {"type": "group", "axis": "horizontal", "spacing": 1, "padding": 2, "children": [
          {"type": "leaf", "size": {"points": 5}},
          {"type": "leaf", "size": {"points": 7}}
        ]}
      }
      """
    // Content width: 2 + 5 + 1 + 7 + 2 = 17. Children: x 2…7 and 8…15, y 2, height 4 − 4 = 0.
    #expect(
      try lines(json) == [
        "root 0 0 17 4",
        "root.children[0] 2 2 5 0",
        "root.children[1] 8 2 7 0",
      ])
  }

  @Test("Text wraps greedily to the width it is offered")
  func textWrapping() throws {
    let json = """
      {
        "size": {"width": 10, "height": 20},
        "root": {"type": "group", "axis": "vertical", "alignItems": "start", "children": [
          {"id": "text", "type": "leaf", "size": "fit", "text": "the quick brown fox jumps"},
          {"id": "wide", "type": "leaf", "size": "fit", "text": "extraordinary"},
          {"id": "lines", "type": "leaf", "size": "fit", "text": "ab\\n\\ncd ef"}
        ]}
      }
      """
    // Width 10: "the quick" (9), "brown fox" (9), "jumps" (5): 9 × 3 at y 0.
    // "extraordinary" (13) is wider than 10 and is not broken: 13 × 1 at y 3.
    // "ab", an empty line, "cd ef": 5 × 3 at y 4.
    // The wide word sticks out of the root by 3, which is reported.
    #expect(
      try lines(json) == [
        "root 0 0 10 20",
        "text 0 0 9 3",
        "wide 0 3 13 1",
        "lines 0 4 5 3",
        "diagnostic: root: a child overflows the horizontal axis by 3 (line 3, column 11)",
      ])
  }

  @Test("Text counts one cell per Unicode scalar")
  func textScalars() throws {
    let json = """
      {"size": {"width": 20, "height": 5},
       "root": {"type": "group", "axis": "vertical", "alignItems": "start", "children": [
         {"id": "t", "type": "leaf", "size": "fit", "text": "caf\\u00e9 日本語"}
       ]}}
      """
    // "café" is 4 scalars, "日本語" 3: one line of 4 + 1 + 3 = 8.
    #expect(try lines(json) == ["root 0 0 20 5", "t 0 0 8 1"])
  }

  @Test("A fixed measure is used by a fit leaf, and its cross size when not stretched")
  func fixedMeasure() throws {
    let json = """
      {"size": {"width": 50, "height": 20},
       "root": {"type": "group", "axis": "horizontal", "alignItems": "end", "children": [
         {"id": "icon", "type": "leaf", "size": "fit", "measure": {"width": 6, "height": 4}},
         {"id": "rest", "type": "leaf", "crossSize": "stretch"}
       ]}}
      """
    // icon: 6 wide, 4 high at the bottom (y 16). rest: 44 wide, stretched to 20.
    #expect(try lines(json) == ["root 0 0 50 20", "icon 0 16 6 4", "rest 6 0 44 20"])
  }

  @Test("Right to left mirrors a horizontal group, and a group can switch back")
  func rightToLeft() throws {
    let json = """
      {"size": {"width": 100, "height": 10}, "direction": "rightToLeft",
       "root": {"type": "group", "axis": "horizontal", "children": [
         {"id": "a", "type": "leaf", "size": {"points": 30}},
         {"id": "inner", "type": "group", "axis": "horizontal", "direction": "leftToRight",
          "children": [{"id": "b", "type": "leaf", "size": {"points": 10}}]}
       ]}}
      """
    // a takes the rightmost 30 (x 70); inner the leftmost 70 (x 0); b at inner's left edge.
    #expect(
      try lines(json) == ["root 0 0 100 10", "a 70 0 30 10", "inner 0 0 70 10", "b 0 0 10 10"])
  }

  @Test("Distribution, min and max clamps, and fill weights")
  func distributionAndClamps() throws {
    let json = """
      {"size": {"width": 100, "height": 10},
       "root": {"type": "group", "axis": "horizontal", "children": [
         {"id": "row", "type": "group", "axis": "horizontal", "distribution": "spaceBetween",
          "size": {"points": 40}, "children": [
            {"id": "p", "type": "leaf", "size": {"points": 10}},
            {"id": "q", "type": "leaf", "size": {"points": 10}}
          ]},
         {"id": "w1", "type": "leaf", "size": {"fill": 1}, "maxSize": 10},
         {"id": "w2", "type": "leaf", "size": {"fill": 3}, "minSize": 5}
       ]}}
      """
    // row: 0…40; p at 0, q at 40 − 10 = 30. Fill space 60 by weight 1 : 3 = 15 : 45; w1 is
    // clamped to 10 and w2 gets the other 50.
    #expect(
      try lines(json) == [
        "root 0 0 100 10",
        "row 0 0 40 10",
        "p 0 0 10 10",
        "q 30 0 10 10",
        "w1 40 0 10 10",
        "w2 50 0 50 10",
      ])
  }

  @Test("A hidden node takes no space and has an empty frame")
  func hidden() throws {
    let json = """
      {"size": {"width": 90, "height": 10},
       "root": {"type": "group", "axis": "horizontal", "spacing": 10, "children": [
         {"id": "a", "type": "leaf"},
         {"id": "gone", "type": "leaf", "size": {"points": 50}, "hidden": true},
         {"id": "b", "type": "leaf"}
       ]}}
      """
    // Two visible children, one gap: (90 − 10) / 2 = 40 each; b at 50.
    let output = try lines(json)
    #expect(output[1] == "a 0 0 40 10")
    #expect(output[3] == "b 50 0 40 10")
    #expect(output[2].hasPrefix("gone "))
    #expect(output[2].hasSuffix(" 0 0"))
  }

  @Test("Scale 2 snaps edges to half points")
  func scaleTwo() throws {
    let json = """
      {"size": {"width": 11, "height": 3}, "scale": 2,
       "root": {"type": "group", "axis": "horizontal", "children": [
         {"id": "a", "type": "leaf"}, {"id": "b", "type": "leaf"}, {"id": "c", "type": "leaf"}
       ]}}
      """
    // Edges 0, 3.667, 7.333, 11 snap to halves: 0, 3.5, 7.5, 11.
    #expect(
      try lines(json) == ["root 0 0 11 3", "a 0 0 3.5 3", "b 3.5 0 4 3", "c 7.5 0 3.5 3"])
  }

  @Test("Negative values reach the engine and come back as diagnostics naming the node")
  func diagnostics() throws {
    let json = """
      {"size": {"width": 100, "height": 10},
       "root": {"type": "group", "axis": "horizontal", "spacing": -2, "children": [
         {"id": "a", "type": "leaf", "size": {"percent": -5}},
         {"id": "b", "type": "leaf", "size": {"points": 130}},
         {"type": "leaf", "size": {"points": 1}, "minSize": 8, "maxSize": 4}
       ]}}
      """
    // Spacing −2 and percent −5 are used as 0. Points: 130 + 8 (the minimum wins over the
    // maximum) = 138 in 100: an overflow of 38. a gets 0.
    #expect(
      try lines(json) == [
        "root 0 0 100 10",
        "a 0 0 0 10",
        "b 0 0 130 10",
        "root.children[2] 130 0 8 10",
        "diagnostic: root: spacing -2 is not a finite non-negative number; used 0"
          + " (line 2, column 61)",
        "diagnostic: root: children overflow the horizontal axis by 38 (line 2, column 10)",
        "diagnostic: a: size.percent -5 is not a finite non-negative number; used 0"
          + " (line 3, column 52)",
        "diagnostic: root.children[2]: minSize 8 is larger than maxSize 4; used the minimum"
          + " (line 5, column 4)",
      ])
  }

  @Test("A bad padding is reported once, by the edge written, with its line and column")
  func paddingDiagnostics() throws {
    let json = """
      {"size": {"width": 10, "height": 5},
       "root": {"type": "group", "axis": "horizontal", "padding": -1, "children": [
         {"type": "flow", "padding": {"top": -2, "leading": 1, "bottom": -3}}
       ]}}
      """
    #expect(
      try lines(json) == [
        "root 0 0 10 5",
        "root.children[0] 0 0 10 5",
        "diagnostic: root: padding -1 is not a finite non-negative number; used 0"
          + " (line 2, column 61)",
        "diagnostic: root.children[0]: padding.top -2 is not a finite non-negative number;"
          + " used 0 (line 3, column 40)",
        "diagnostic: root.children[0]: padding.bottom -3 is not a finite non-negative number;"
          + " used 0 (line 3, column 68)",
      ])
  }

  @Test("A negative container size is a diagnostic, not an error")
  func negativeContainer() throws {
    let json = #"{"size": {"width": -5, "height": 2}, "root": {"type": "leaf"}}"#
    #expect(
      try lines(json) == [
        "root 0 0 0 2",
        "diagnostic: size: size.width -5 is not a finite non-negative number; used 0"
          + " (line 1, column 20)",
      ])
  }

  @Test("Percentages over 100 are reported")
  func percentagesOverflow() throws {
    let json = """
      {"size": {"width": 100, "height": 1},
       "root": {"type": "group", "axis": "horizontal", "children": [
         {"id": "a", "type": "leaf", "size": {"percent": 75}},
         {"id": "b", "type": "leaf", "size": {"percent": 50}}
       ]}}
      """
    // 125 % scaled to 100: a = 60, b = 40.
    #expect(
      try lines(json) == [
        "root 0 0 100 1",
        "a 0 0 60 1",
        "b 60 0 40 1",
        "diagnostic: root: children's percentages add up to 125; scaled down to 100"
          + " (line 2, column 10)",
      ])
  }

  @Test("Labels list ids, or paths for nodes without one, in the tree's pre-order")
  func labels() throws {
    let document = try LayoutDocument.parse(
      """
      {"size": {"width": 1, "height": 1},
       "root": {"type": "group", "axis": "vertical", "children": [
         {"type": "flow", "children": [{"id": "x", "type": "leaf"}, {"type": "leaf"}]},
         {"id": "y", "type": "leaf"}
       ]}}
      """)
    #expect(
      document.labels == ["root", "root.children[0]", "x", "root.children[0].children[1]", "y"])
    let tree = document.makeTree()
    #expect(tree.preorder.map { document.label(of: $0) } == document.labels)
    #expect(tree.node(named: "x") == NodeID(2))
  }

  @Test("The document's size, scale and direction are read")
  func documentFields() throws {
    let document = try LayoutDocument.parse(
      """
      {"size": {"width": "infinity", "height": 12.5}, "scale": 3, "direction": "rightToLeft",
       "root": {"type": "leaf"}}
      """)
    #expect(document.size.width == .infinity)
    #expect(document.size.height == 12.5)
    #expect(document.scale == 3)
    #expect(document.direction == .rightToLeft)
  }

  @Test("A layout 1,000 levels deep is accepted and one 1,001 levels deep is refused")
  func depthLimit() throws {
    func nested(_ levels: Int) -> String {
      var node = #"{"type": "leaf"}"#
      for _ in 1..<levels {
        node = #"{"type": "group", "axis": "vertical", "children": ["# + node + "]}"
      }
      return #"{"size": {"width": 10, "height": 10}, "root": "# + node + "}"
    }
    let output = try LayoutDocument.parse(nested(1000)).run()
    #expect(output.split(separator: "\n").count == 1000)
    #expect(output.hasSuffix(".children[0] 0 0 10 10\n"))
    do {
      _ = try LayoutDocument.parse(nested(1001))
      Issue.record("1,001 levels were accepted")
    } catch {
      #expect(error.kind == .nestingTooDeep)
      #expect(error.message == "nesting deeper than 1,000 levels")
      #expect(error.path.hasPrefix("root.children[0]…"))
    }
  }

  @Test("Absurdly deep JSON is refused without exhausting the stack")
  func deepJSON() {
    let json = String(repeating: "[", count: 100_000)
    do {
      _ = try LayoutDocument.parse(json)
      Issue.record("the document was accepted")
    } catch {
      #expect(error.kind == .nestingTooDeep)
      #expect(error.description.contains("nesting deeper than 1,000 levels"))
    }
  }

  @Test("Numbers print without a trailing .0, and negative zero as 0")
  func numberFormat() throws {
    let json = """
      {"size": {"width": 0.5, "height": 1e2},
       "root": {"type": "group", "axis": "horizontal", "padding": {"leading": -0.0},
                "children": [{"id": "a", "type": "leaf"}]}}
      """
    #expect(try lines(json, exact: true) == ["root 0 0 0.5 100", "a 0 0 0.5 100"])
  }

  @Test("The full example in docs/layout-json.md prints the output shown there")
  func documentationExample() throws {
    let docs = URL(fileURLWithPath: #filePath)
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("docs/layout-json.md")
    let text = try String(contentsOf: docs, encoding: .utf8)
    // The first ```json block is the example; the next ``` block is its output.
    let afterExample = try #require(text.range(of: "```json\n"))
    let exampleEnd = try #require(
      text.range(of: "```", range: afterExample.upperBound..<text.endIndex))
    let example = String(text[afterExample.upperBound..<exampleEnd.lowerBound])
    let outputStart = try #require(
      text.range(of: "```\n", range: exampleEnd.upperBound..<text.endIndex))
    let outputEnd = try #require(
      text.range(of: "```", range: outputStart.upperBound..<text.endIndex))
    let output = String(text[outputStart.upperBound..<outputEnd.lowerBound])
    #expect(try LayoutDocument.parse(example).run() == output)
  }
}
