import ArrangeLayout
import Testing

@testable import ArrangeLayoutJSON

/// The names the reader accepts for the engine's choices are spelled out (the gallery's layout
/// module is Embedded Swift, which cannot print a case): every case has its own name, the name
/// Swift gives the case.
@Suite struct SchemaNamesTests {
  @Test func everyCrossAlignmentHasItsName() {
    #expect(Schema.crossAlignments.map(\.1) == CrossAlignment.allCases)
    #expect(Schema.crossAlignments.map(\.0) == CrossAlignment.allCases.map { "\($0)" })
  }

  @Test func everyDistributionHasItsName() {
    #expect(Schema.distributions.map(\.1) == Distribution.allCases)
    #expect(Schema.distributions.map(\.0) == Distribution.allCases.map { "\($0)" })
  }

  @Test func everyFlowAlignmentHasItsName() {
    #expect(Schema.lineAlignments.map(\.1) == FlowLineAlignment.allCases)
    #expect(Schema.lineAlignments.map(\.0) == FlowLineAlignment.allCases.map { "\($0)" })
    #expect(Schema.itemAlignments.map(\.1) == FlowItemAlignment.allCases)
    #expect(Schema.itemAlignments.map(\.0) == FlowItemAlignment.allCases.map { "\($0)" })
  }

  @Test func aDocumentUsingEveryNameReads() throws {
    for (name, _) in Schema.distributions {
      let text = """
        {"size": {"width": 10, "height": 10}, "root": {"type": "group", "axis": "horizontal", "distribution": "\(name)",
         "children": [{"type": "leaf", "alignment": "center"}]}}
        """
      #expect(throws: Never.self) { try LayoutDocument.parse(text) }
    }
  }
}
