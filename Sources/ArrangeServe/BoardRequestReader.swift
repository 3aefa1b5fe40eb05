package import ArrangeBoard
import ArrangeJSON

extension BoardMessages {
  /// Why a change request could not be read.
  package struct Malformed: Error, Hashable, Sendable {
    /// What is wrong with it.
    package var message: String
  }

  /// The names a page loaded before the wire took ``BoardEdit``'s names still sends, and the
  /// name each stands for now (read for as long as such a page may be open; see CHANGELOG.md).
  static let formerNames: [String: BoardRequest.Name] = [
    "move": .moveCard, "add": .addCard, "rename": .setTitle, "delete": .removeCard,
    "tick": .setDone, "subtask": .setSubtask, "deleteSubtask": .removeSubtask,
    "describe": .setDescription, "due": .setDue, "deleteColumn": .removeColumn,
  ]

  /// The version and requests of a change request's JSON body.
  ///
  /// Each request is an object whose `op` is a ``BoardRequest/Name``, with the fields of its
  /// case: `moveCard` (`card`, `column`, `index`), `exchangeCards` (`card`, `with`),
  /// `moveColumn` (`from`, `to`), `addCard` (`title`, `column`, optional `index`),
  /// `duplicateCard` (`card`), `setTitle` (`card`, `title`), `removeCard` (`card`), `setDone`
  /// (`card`, `done`), `setSubtask` (`card`, `index`, `done`), `addSubtask` (`card`, `title`),
  /// `removeSubtask` (`card`, `index`), `renameSubtask` (`card`, `index`, `title`),
  /// `moveSubtask` (`card`, `from`, `to`), `setDescription` (`card`, `lines`), `setDue`
  /// (`card`, `due`: a date, or empty or null to remove it), `addColumn` (`title`, optional
  /// `at`), `renameColumn` (`column`, `title`), `removeColumn` (`column`, optional
  /// `withCards`), and the session's `undo`, `redo`, `reload`, `overwrite`. The names pages sent
  /// before (``formerNames``: `move`, `add`, …) are read too. At most
  /// ``ServerLimits/requestsPerChange`` requests. The body is read by the package's one strict
  /// reader: a key given twice is refused. An optional `serial` names the snapshot of the
  /// board the page holds as the server sent it (the last its WebSocket gave): the answer then
  /// carries the board as a patch of it (``BoardSnapshot/patch(from:)``), not whole.
  package static func requests(from body: [UInt8]) throws(Malformed) -> (
    version: Int, requests: [BoardRequest], serial: Int?
  ) {
    let shape = "Expected {\"version\": number, \"requests\": [objects with an \"op\"]}."
    let object: JSONValue
    do {
      object = try JSONReader.parse(body, maximumDepth: maximumDepth)
    } catch {
      let reason = error.kind == .nestingTooDeep ? "nested too deeply" : error.message
      throw Malformed(message: "Not JSON (\(reason)). " + shape)
    }
    if let key = object.firstRepeatedKey {
      throw Malformed(message: "Not JSON (“\(key)” is given twice). " + shape)
    }
    guard let version = object["version"]?.integer, let list = object["requests"]?.array
    else { throw Malformed(message: shape) }
    // A serial that is not a whole number is only a page that gets the whole board.
    let serial = object["serial"]?.wholeNumber
    guard list.count <= ServerLimits.requestsPerChange else {
      throw Malformed(message: "At most \(ServerLimits.requestsPerChange) requests at once.")
    }
    var requests: [BoardRequest] = []
    for item in list {
      guard case .object = item.content else { throw Malformed(message: shape) }
      requests.append(try request(item))
    }
    return (version, requests, serial)
  }

  /// How deep a change request's JSON may nest.
  static let maximumDepth = 16

  /// One request object.
  static func request(_ item: JSONValue) throws(Malformed) -> BoardRequest {
    let given = item["op"]?.string ?? ""
    let fields = RequestFields(
      item: item, op: String(given.unicodeScalars.prefix(40).filter { $0.value >= 0x20 }))
    guard let name = BoardRequest.Name(rawValue: given) ?? formerNames[given] else {
      throw Malformed(message: "Unknown “op”: “\(fields.op)”.")
    }
    switch name {
    case .undo: return .undo
    case .redo: return .redo
    case .reload: return .reload
    case .overwrite: return .overwrite
    default: return .edit(try edit(name, fields))
    }
  }

  /// The edit named `name`, from its fields.
  static func edit(_ name: BoardRequest.Name, _ fields: RequestFields) throws(Malformed)
    -> BoardEdit
  {
    let card = { () throws(Malformed) in CardID(try fields.int("card")) }
    switch name {
    case .moveCard:
      return .moveCard(try card(), column: try fields.int("column"), index: try fields.int("index"))
    case .exchangeCards: return .exchangeCards(try card(), CardID(try fields.int("with")))
    case .moveColumn: return .moveColumn(from: try fields.int("from"), to: try fields.int("to"))
    case .addCard:
      return .addCard(
        title: try fields.text("title"), column: try fields.int("column"),
        index: try fields.optionalInt("index"))
    case .duplicateCard: return .duplicateCard(try card())
    case .setTitle: return .setTitle(try card(), try fields.text("title"))
    case .removeCard: return .removeCard(try card())
    case .setDone: return .setDone(try card(), try fields.flag("done"))
    case .setSubtask:
      return .setSubtask(try card(), index: try fields.int("index"), done: try fields.flag("done"))
    case .addSubtask: return .addSubtask(try card(), title: try fields.text("title"))
    case .removeSubtask: return .removeSubtask(try card(), index: try fields.int("index"))
    case .renameSubtask:
      return .renameSubtask(
        try card(), index: try fields.int("index"), title: try fields.text("title"))
    case .moveSubtask:
      return .moveSubtask(try card(), from: try fields.int("from"), to: try fields.int("to"))
    case .setDescription: return .setDescription(try card(), try fields.lines())
    case .setDue: return .setDue(try card(), try fields.due())
    case .addColumn:
      return .addColumn(title: try fields.text("title"), at: try fields.optionalInt("at"))
    case .renameColumn:
      return .renameColumn(try fields.int("column"), title: try fields.text("title"))
    case .removeColumn:
      return .removeColumn(
        try fields.int("column"),
        withCards: fields.item["withCards"] == nil ? false : try fields.flag("withCards"))
    case .undo, .redo, .reload, .overwrite:
      throw Malformed(message: "“\(fields.op)” is not an edit.")
    }
  }

  /// The fields of one request object, read strictly, each refusal naming the `op` and field.
  struct RequestFields {
    /// The request object.
    var item: JSONValue
    /// Its `op`, as given (printable, at most 40 characters), for messages.
    var op: String

    /// A position or identifier: a whole number from 0 to 10⁹ (not 1.0, not true, not "1"),
    /// checked here before any arithmetic on it.
    func int(_ key: String) throws(Malformed) -> Int {
      guard let value = item[key]?.wholeNumber, value <= 1_000_000_000 else {
        throw Malformed(
          message: "“\(op)” needs a whole number from 0 to 1000000000 as “\(key)”.")
      }
      return value
    }

    /// ``int(_:)``, or `nil` when the field is missing or null.
    func optionalInt(_ key: String) throws(Malformed) -> Int? {
      item[key] == nil || item[key]?.isNull == true ? nil : try int(key)
    }

    /// A text of at most 10,000 bytes.
    func text(_ key: String) throws(Malformed) -> String {
      guard let value = item[key]?.string, value.utf8.count <= 10_000 else {
        throw Malformed(message: "“\(op)” needs a text “\(key)” of at most 10000 bytes.")
      }
      return value
    }

    /// `true` or `false`.
    func flag(_ key: String) throws(Malformed) -> Bool {
      guard let value = item[key]?.bool else {
        throw Malformed(message: "“\(op)” needs true or false as “\(key)”.")
      }
      return value
    }

    /// A description's `lines`: at most 1,000 texts of at most 10,000 bytes.
    func lines() throws(Malformed) -> [String] {
      var lines: [String] = []
      let given = item["lines"]?.array
      if let given, given.count <= 1000 {
        for line in given {
          guard let text = line.string, text.utf8.count <= 10_000 else { break }
          lines.append(text)
        }
      }
      guard let given, given.count == lines.count else {
        throw Malformed(
          message: "“\(op)” needs “lines”, a list of at most 1000 texts of 10000 bytes.")
      }
      return lines
    }

    /// A due date as typed, or `nil` (missing, null or empty) to remove it.
    func due() throws(Malformed) -> String? {
      guard let value = item["due"], !value.isNull else { return nil }
      guard value.string != nil else {
        throw Malformed(message: "“\(op)” needs a date as text, or an empty text.")
      }
      let due = try text("due")
      return due.isEmpty ? nil : due
    }
  }
}
