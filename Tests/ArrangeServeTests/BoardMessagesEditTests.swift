import ArrangeBoard
import ArrangeServe
import Testing

/// The wire names of the page's requests, each read into the board's one vocabulary of edits
/// (``BoardEdit``) or a command of the session, and applied as the terminal applies it.
@Suite struct BoardMessagesEditTests {
  @Test("A page loaded before an upgrade still sends the former names: each is read as before")
  func everyOp() throws {
    let ops = [
      #"{"op":"move","card":1,"column":2,"index":0}"#,
      #"{"op":"moveColumn","from":2,"to":0}"#,
      #"{"op":"add","title":"New","column":1}"#,
      #"{"op":"add","title":"Top","column":0,"index":0}"#,
      #"{"op":"rename","card":3,"title":"Renamed"}"#,
      #"{"op":"delete","card":4}"#,
      #"{"op":"tick","card":5,"done":true}"#,
      #"{"op":"subtask","card":6,"index":1,"done":false}"#,
      #"{"op":"addSubtask","card":7,"title":"step"}"#,
      #"{"op":"deleteSubtask","card":8,"index":2}"#,
      #"{"op":"renameSubtask","card":9,"index":0,"title":"first"}"#,
      #"{"op":"moveSubtask","card":10,"from":3,"to":1}"#,
      #"{"op":"describe","card":11,"lines":["why","how"]}"#,
      #"{"op":"due","card":12,"due":"2026-12-24"}"#,
      #"{"op":"due","card":13,"due":""}"#,
      #"{"op":"addColumn","title":"Later"}"#,
      #"{"op":"renameColumn","column":1,"title":"Busy"}"#,
      #"{"op":"deleteColumn","column":2}"#,
      #"{"op":"deleteColumn","column":2,"withCards":true}"#,
      #"{"op":"undo"}"#,
      #"{"op":"redo"}"#,
      #"{"op":"reload"}"#,
      #"{"op":"overwrite"}"#,
    ]
    var expected: [BoardRequest] = [
      .edit(.moveCard(CardID(1), column: 2, index: 0)),
      .edit(.moveColumn(from: 2, to: 0)),
      .edit(.addCard(title: "New", column: 1, index: nil)),
      .edit(.addCard(title: "Top", column: 0, index: 0)),
      .edit(.setTitle(CardID(3), "Renamed")),
      .edit(.removeCard(CardID(4))),
      .edit(.setDone(CardID(5), true)),
      .edit(.setSubtask(CardID(6), index: 1, done: false)),
      .edit(.addSubtask(CardID(7), title: "step")),
      .edit(.removeSubtask(CardID(8), index: 2)),
      .edit(.renameSubtask(CardID(9), index: 0, title: "first")),
      .edit(.moveSubtask(CardID(10), from: 3, to: 1)),
      .edit(.setDescription(CardID(11), ["why", "how"])),
      .edit(.setDue(CardID(12), "2026-12-24")),
      .edit(.setDue(CardID(13), nil)),
      .edit(.addColumn(title: "Later", at: nil)),
      .edit(.renameColumn(1, title: "Busy")),
      .edit(.removeColumn(2, withCards: false)),
      .edit(.removeColumn(2, withCards: true)),
    ]
    expected += [.undo, .redo, .reload, .overwrite]
    #expect(ops.count == expected.count)
    for (op, request) in zip(ops, expected) {
      let body = Array(#"{"version":7,"requests":["#.utf8) + Array(op.utf8) + Array("]}".utf8)
      let parsed = try BoardMessages.requests(from: body)
      #expect(parsed.version == 7)
      #expect(parsed.requests == [request], "\(op)")
    }
  }

  @Test("A change from the page and the same edit made directly leave the same board")
  func wireAndDirectAgree() throws {
    let text = "## To Do\n\n- Plan\n- Build\n\n## Done\n\n- Ship\n"
    let body =
      Array(
        #"{"version":1,"requests":[{"op":"move","card":0,"column":1,"index":1},"#.utf8)
      + Array(#"{"op":"tick","card":0,"done":true},{"op":"addColumn","title":"Later"}]}"#.utf8)
    let parsed = try BoardMessages.requests(from: body)
    var direct = try BoardDocument.parse(Array(text.utf8))
    for case .edit(let edit) in parsed.requests { try direct.apply(edit) }
    #expect(
      String(decoding: direct.serialized(), as: UTF8.self)
        == "## To Do\n\n- Build\n\n## Done\n\n- Ship\n- [x] Plan\n\n## Later\n\n")
  }
}
