import ArrangeBoard
import ArrangeServe
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// The wire's `op` names are ``BoardEdit``'s: every case has one, each read into its case, and
/// the page's module of names is what the Swift list writes.
@Suite struct BoardWireNamesTests {
  /// A change request body holding the one request `op`.
  static func body(_ op: String) -> [UInt8] {
    Array(#"{"version":4,"requests":["#.utf8) + Array(op.utf8) + Array("]}".utf8)
  }

  @Test("Every BoardEdit case and session command is read from its own name")
  func everyName() throws {
    let cases: [(String, BoardRequest)] = [
      (
        #"{"op":"moveCard","card":1,"column":2,"index":0}"#,
        .edit(.moveCard(CardID(1), column: 2, index: 0))
      ),
      (#"{"op":"exchangeCards","card":1,"with":5}"#, .edit(.exchangeCards(CardID(1), CardID(5)))),
      (#"{"op":"moveColumn","from":2,"to":0}"#, .edit(.moveColumn(from: 2, to: 0))),
      (
        #"{"op":"addCard","title":"New","column":1}"#,
        .edit(.addCard(title: "New", column: 1, index: nil))
      ),
      (
        #"{"op":"addCard","title":"Top","column":0,"index":0}"#,
        .edit(.addCard(title: "Top", column: 0, index: 0))
      ),
      (#"{"op":"duplicateCard","card":3}"#, .edit(.duplicateCard(CardID(3)))),
      (#"{"op":"setTitle","card":3,"title":"Renamed"}"#, .edit(.setTitle(CardID(3), "Renamed"))),
      (#"{"op":"removeCard","card":4}"#, .edit(.removeCard(CardID(4)))),
      (#"{"op":"setDone","card":5,"done":false}"#, .edit(.setDone(CardID(5), false))),
      (
        #"{"op":"setSubtask","card":6,"index":1,"done":true}"#,
        .edit(.setSubtask(CardID(6), index: 1, done: true))
      ),
      (
        #"{"op":"addSubtask","card":7,"title":"step"}"#,
        .edit(.addSubtask(CardID(7), title: "step"))
      ),
      (#"{"op":"removeSubtask","card":8,"index":2}"#, .edit(.removeSubtask(CardID(8), index: 2))),
      (
        #"{"op":"renameSubtask","card":9,"index":0,"title":"a"}"#,
        .edit(.renameSubtask(CardID(9), index: 0, title: "a"))
      ),
      (
        #"{"op":"moveSubtask","card":10,"from":3,"to":1}"#,
        .edit(.moveSubtask(CardID(10), from: 3, to: 1))
      ),
      (
        #"{"op":"setDescription","card":11,"lines":["why"]}"#,
        .edit(.setDescription(CardID(11), ["why"]))
      ),
      (#"{"op":"setDue","card":12,"due":"2026-12-24"}"#, .edit(.setDue(CardID(12), "2026-12-24"))),
      (#"{"op":"setDue","card":12,"due":null}"#, .edit(.setDue(CardID(12), nil))),
      (#"{"op":"addColumn","title":"Later"}"#, .edit(.addColumn(title: "Later", at: nil))),
      (#"{"op":"addColumn","title":"First","at":0}"#, .edit(.addColumn(title: "First", at: 0))),
      (#"{"op":"renameColumn","column":1,"title":"Busy"}"#, .edit(.renameColumn(1, title: "Busy"))),
      (
        #"{"op":"removeColumn","column":2,"withCards":true}"#,
        .edit(.removeColumn(2, withCards: true))
      ),
      (#"{"op":"undo"}"#, .undo), (#"{"op":"redo"}"#, .redo),
      (#"{"op":"reload"}"#, .reload), (#"{"op":"overwrite"}"#, .overwrite),
    ]
    for (op, request) in cases {
      #expect(try BoardMessages.requests(from: Self.body(op)).requests == [request], "\(op)")
      #expect(request.name.rawValue == String(op.split(separator: "\"")[3]), "\(op)")
    }
    // Every name is one of them: a new case without a name on the wire fails here.
    let named = Set(cases.map { $0.1.name })
    #expect(named == Set(BoardRequest.Name.allCases))
  }

  @Test("Refusals: a missing field, a key given twice, an unknown name")
  func refusals() {
    let refused = [
      (#"{"op":"exchangeCards","card":1}"#, "“exchangeCards” needs a whole number"),
      (#"{"op":"duplicateCard","card":-1}"#, "“duplicateCard” needs a whole number"),
      (#"{"op":"setDone","card":1,"done":1}"#, "“setDone” needs true or false"),
      (#"{"op":"moveCard","card":1,"card":2,"column":0,"index":0}"#, "“card” is given twice"),
      (#"{"op":"MoveCard","card":1}"#, "Unknown “op”: “MoveCard”"),
      (#"{"op":"toString","card":1}"#, "Unknown “op”: “toString”"),
    ]
    for (op, words) in refused {
      #expect(throws: BoardMessages.Malformed.self, "\(op)") {
        try BoardMessages.requests(from: Self.body(op))
      }
      do {
        _ = try BoardMessages.requests(from: Self.body(op))
      } catch {
        #expect(error.message.contains(words), "\(op): \(error.message)")
      }
    }
  }

  @Test("Nesting deeper than 16 is refused; 16 is read")
  func nesting() throws {
    let sixteen = String(repeating: "[", count: 13) + String(repeating: "]", count: 13)
    let deep = String(repeating: "[", count: 14) + String(repeating: "]", count: 14)
    let ok = #"{"version":1,"requests":[{"op":"undo","x":"# + sixteen + "}]}"
    #expect(try BoardMessages.requests(from: Array(ok.utf8)).requests == [.undo])
    let tooDeep = #"{"version":1,"requests":[{"op":"undo","x":"# + deep + "}]}"
    do {
      _ = try BoardMessages.requests(from: Array(tooDeep.utf8))
      Issue.record("read a request nested 17 deep")
    } catch {
      #expect(error.message.contains("nested too deeply"))
    }
  }
}

/// The page's module of names (`Sources/ArrangeServe/Web/edits.js`) is what the Swift list
/// writes; with `ARRANGE_WRITE_GENERATED` set (Scripts/generate-edits.sh), this writes it.
@Suite struct EditsModuleTests {
  /// The module's path in the source tree.
  static let path: String = {
    var parts = #filePath.split(separator: "/", omittingEmptySubsequences: false)
    parts.removeLast(3)  // Tests/ArrangeServeTests/this file
    return parts.joined(separator: "/") + "/Sources/ArrangeServe/Web/edits.js"
  }()

  @Test("Web/edits.js is what BoardRequest.Name writes")
  func committedModuleIsGenerated() throws {
    let generated = BoardMessages.editsModule
    if getenv("ARRANGE_WRITE_GENERATED") != nil {
      let file = fopen(Self.path, "w")
      try #require(file != nil)
      fputs(generated, file)
      fclose(file)
    }
    let file = fopen(Self.path, "r")
    try #require(file != nil, "no \(Self.path)")
    defer { fclose(file) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 4096)
    while true {
      let count = fread(&chunk, 1, chunk.count, file)
      if count == 0 { break }
      bytes += chunk[0..<count]
    }
    #expect(
      String(decoding: bytes, as: UTF8.self) == generated,
      "Web/edits.js is not what BoardRequest.Name writes: run Scripts/generate-edits.sh")
    // The names a page sends, by hand, as the module must hold them.
    #expect(generated.contains(#"  moveCard: "moveCard","#))
    #expect(generated.contains(#"  exchangeCards: "exchangeCards","#))
    #expect(generated.contains(#"  overwrite: "overwrite","#))
  }
}
