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

  /// Numbers from the smallest subnormal to the largest finite `Double`, and some negatives.
  static let numbers = [
    "0", "1e-320", "1e-300", "0.5", "1", "3", "10", "100", "1e6", "1e15", "1e100", "1e300",
    "1e307", "8.9e307", "1e308", "1.797e308", "1.7976931348623157e308", "-1", "-1e308",
  ]

  /// A random node as JSON text, at most `depth` levels deep.
  static func node(_ random: inout SeededRandom, depth: Int) -> String {
    func number() -> String { random.pick(numbers) }
    var keys: [String] = []
    switch random.integer(in: 0...3) {
    case 0: keys.append(#""size": {"points": \#(number())}"#)
    case 1: keys.append(#""size": {"percent": \#(number())}"#)
    case 2: keys.append(#""size": {"fill": \#(number())}"#)
    default: keys.append(#""size": "fit""#)
    }
    if random.chance(0.4) {
      keys.append(
        random.chance(0.5)
          ? #""crossSize": {"points": \#(number())}"# : #""crossSize": {"percent": \#(number())}"#)
    }
    if random.chance(0.3) { keys.append(#""minSize": \#(number())"#) }
    if random.chance(0.3) { keys.append(#""maxSize": \#(number())"#) }
    if random.chance(0.2) {
      keys.append(#""alignment": "\#(random.pick(["start", "center", "end", "stretch"]))""#)
    }
    let kind = depth == 0 ? 0 : random.integer(in: 0...3)
    if kind <= 1 {
      keys.append(#""type": "leaf""#)
      if random.chance(0.5) {
        keys.append(#""measure": {"width": \#(number()), "height": \#(number())}"#)
      } else if random.chance(0.5) {
        keys.append(#""text": "\#(random.pick(["a", "abcdefgh ab cd ef", "one two three four"]))""#)
      }
      return "{" + keys.joined(separator: ", ") + "}"
    }
    let children = (0..<random.integer(in: 0...4)).map { _ in node(&random, depth: depth - 1) }
    if random.chance(0.4) { keys.append(#""padding": \#(number())"#) }
    if kind == 2 {
      keys.append(#""type": "group", "axis": "\#(random.chance(0.5) ? "horizontal" : "vertical")""#)
      if random.chance(0.5) { keys.append(#""spacing": \#(number())"#) }
      if random.chance(0.1) { keys.append(#""margin": \#(number())"#) }
      keys.append(
        #""distribution": "\#(random.pick(["start", "center", "end", "spaceBetween", "spaceAround", "spaceEvenly"]))""#
      )
    } else {
      keys.append(#""type": "flow", "axis": "\#(random.chance(0.5) ? "horizontal" : "vertical")""#)
      keys.append(#""itemSpacing": \#(number()), "lineSpacing": \#(number())"#)
    }
    if random.chance(0.2) { keys.append(#""direction": "rightToLeft""#) }
    keys.append(#""children": ["# + children.joined(separator: ", ") + "]")
    return "{" + keys.joined(separator: ", ") + "}"
  }

  @Test("Random documents with extreme numbers end, and print no NaN and no infinity")
  func extremeDocuments() throws {
    var random = SeededRandom(seed: 0x2777)
    var laidOut = 0
    var unsound: [String] = []
    for _ in 0..<2_777 {
      let width = random.chance(0.2) ? #""infinity""# : random.pick(Self.numbers)
      let height = random.chance(0.2) ? #""infinity""# : random.pick(Self.numbers)
      let scale = random.pick(["1", "2", "3", "0.5"])
      let json =
        #"{"size": {"width": \#(width), "height": \#(height)}, "scale": \#(scale), "root": "#
        + Self.node(&random, depth: 4) + "}"
      let output = try LayoutDocument.parse(json).run()
      laidOut += 1
      if output.contains("nan") || output.contains("infinity") { unsound.append(json) }
    }
    #expect(laidOut == 2_777)
    #expect(unsound.isEmpty, "\(unsound.prefix(3))")
  }
}
