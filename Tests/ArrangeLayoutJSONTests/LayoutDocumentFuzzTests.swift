import ArrangeLayoutJSON
import ArrangeTestSupport
import Foundation
import Testing

@Suite struct LayoutDocumentFuzzTests {
  /// The documented full example, read from the repository.
  static let example: [UInt8] = {
    let url = URL(fileURLWithPath: #filePath)
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("docs/examples/board.json")
    return (try? Data(contentsOf: url)).map { [UInt8]($0) } ?? []
  }()

  @Test("Mangled documents never crash the reader: each is laid out or refused with a place")
  func mangledDocuments() throws {
    let example = Self.example
    try #require(!example.isEmpty)
    var random = SeededRandom(seed: 0x5EED_2026)
    var accepted = 0
    var refused = 0
    let alphabet = Array(#"{}[]",:0123456789.-eE "abcdefghijklmnopqrstuvwxyz\u{00e9}"#.utf8)
    for _ in 0..<3_000 {
      var bytes = example
      for _ in 0...random.integer(in: 0...6) {
        let index = random.integer(in: 0...(bytes.count - 1))
        switch random.integer(in: 0...3) {
        case 0: bytes[index] = random.pick(alphabet)
        case 1: bytes.remove(at: index)
        case 2: bytes.insert(random.pick(alphabet), at: index)
        default: bytes = Array(bytes[..<index])
        }
        if bytes.isEmpty { bytes = [UInt8(ascii: "{")] }
      }
      do {
        let document = try LayoutDocument.parse(bytes)
        let output = document.run()
        #expect(!output.isEmpty)
        accepted += 1
      } catch {
        #expect(!error.message.isEmpty)
        refused += 1
      }
    }
    // The mutations must exercise both paths, or the test proves little.
    #expect(accepted > 50)
    #expect(refused > 1_000)
  }
}
