package import ArrangeBoard

/// The JSON the page and the server exchange.
///
/// The server sends the board as
/// `{"version":3,"file":"board.md","message":null,"columns":[{"title":"To Do","limit":null,
/// "complete":false,"cards":[{"id":1,"title":"…","done":null,"due":null,"description":[],
/// "subtasks":[{"title":"…","done":false}]}]}],"archive":["…"]}` (the Obsidian archive's card
/// titles), and the page asks for changes with
/// `{"version":3,"requests":[{"op":"move","card":1,"column":2,"index":0}]}` (see
/// ``BoardMessages/requests(from:)`` for every `op`).
package enum BoardMessages {
  /// The board of `shared` as the page reads it, with `message` for its status line.
  package static func board<Storage>(_ shared: SharedBoard<Storage>, message: String?) -> String {
    BoardSnapshot(shared, message: message, serial: 0).json
  }

  /// The JSON of one card.
  static func card(_ card: BoardCard, details: CardDetails) -> String {
    var json = "{\"id\":\(card.id.rawValue),\"title\":\(quoted(card.title))"
    json += ",\"done\":\(card.checkbox.map { "\($0)" } ?? "null")"
    json += ",\"due\":\(details.due.map(quoted) ?? "null")"
    json += ",\"description\":[\(details.description.map(quoted).joined(separator: ","))]"
    json += ",\"subtasks\":["
    json += details.subtasks.map {
      "{\"title\":\(quoted($0.title)),\"done\":\($0.isDone)}"
    }.joined(separator: ",")
    return json + "]}"
  }

  /// The answer to a change: whether it was refused, whether it is saved, and the board now,
  /// as the pieces of its body in order.
  static func answer(_ snapshot: BoardSnapshot, outcome: SharedBoardOutcome) -> [[UInt8]] {
    var json = "{\"refused\":\(outcome.refused),\"saved\":\(snapshot.isSaved)"
    json += ",\"pending\":\(snapshot.pending.map(quoted) ?? "null")"
    json += ",\"message\":\(outcome.message.map(quoted) ?? "null")"
    // The board's bytes are the snapshot's own, shared, not copied into each answer.
    return [Array((json + ",\"board\":").utf8), snapshot.bytes, [0x7D]]
  }

  /// `text` as a JSON string.
  static func quoted(_ text: String) -> String {
    // Most texts need no escape: copied whole, not scalar by scalar.
    let plain = text.utf8.allSatisfy { byte in
      byte >= 0x20 && byte != 0x22 && byte != 0x5C && byte != 0x3C && byte != 0xE2
    }
    if plain { return "\"" + text + "\"" }
    var out = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      // Never `<` as it is: the JSON may be read where HTML is.
      case "<": out += "\\u003c"
      case "\u{2028}": out += "\\u2028"
      case "\u{2029}": out += "\\u2029"
      default:
        if scalar.value < 0x20 {
          let hex = String(scalar.value, radix: 16)
          out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        } else {
          out.unicodeScalars.append(scalar)
        }
      }
    }
    return out + "\""
  }

  /// Why a change request could not be read.
  package struct Malformed: Error, Hashable, Sendable {
    /// What is wrong with it.
    package var message: String
  }

  /// The version and requests of a change request's JSON body.
  ///
  /// Each request is an object with an `op`: `move` (`card`, `column`, `index`),
  /// `moveColumn` (`from`, `to`), `add` (`title`, `column`, optional `index`), `rename`
  /// (`card`, `title`), `delete` (`card`), `tick` (`card`, `done`), `subtask` (`card`, `index`,
  /// `done`), `addSubtask` (`card`, `title`), `deleteSubtask` (`card`, `index`),
  /// `renameSubtask` (`card`, `index`, `title`), `moveSubtask` (`card`, `from`, `to`), `describe`
  /// (`card`, `lines`), `due` (`card`, `due`: a date, or empty to remove it), `addColumn`
  /// (`title`), `renameColumn` (`column`, `title`), `deleteColumn` (`column`, optional
  /// `withCards`), `undo`, `redo`, `reload`, `overwrite`. Each `op` but the last four is read
  /// into the ``BoardEdit`` it names (`move` is ``BoardEdit/moveCard(_:column:index:)``, and
  /// so on), the vocabulary the terminal speaks too; the last four are the session's. At most
  /// ``ServerLimits/requestsPerChange`` requests.
  package static func requests(from body: [UInt8]) throws(Malformed) -> (
    version: Int, requests: [BoardRequest]
  ) {
    let shape = "Expected {\"version\": number, \"requests\": [objects with an \"op\"]}."
    let object: StrictJSON
    do {
      object = try StrictJSON.parse(body)
    } catch {
      throw Malformed(message: "Not JSON (\(error.message)). " + shape)
    }
    guard let version = object["version"]?.integer, case .array(let list)? = object["requests"]
    else { throw Malformed(message: shape) }
    guard list.count <= ServerLimits.requestsPerChange else {
      throw Malformed(message: "At most \(ServerLimits.requestsPerChange) requests at once.")
    }
    var requests: [BoardRequest] = []
    for item in list {
      guard case .object = item else { throw Malformed(message: shape) }
      requests.append(try request(item))
    }
    return (version, requests)
  }

  /// One request object.
  static func request(_ item: StrictJSON) throws(Malformed) -> BoardRequest {
    var name: String?
    if case .string(let given)? = item["op"] { name = given }
    let op = String((name ?? "").unicodeScalars.prefix(40).filter { $0.value >= 0x20 })
    // Numbers are positions and identifiers: a whole number from 0 to 10⁹ (not 1.0, not
    // true, not "1"), checked here before any arithmetic on it.
    func int(_ key: String) throws(Malformed) -> Int {
      guard let value = item[key]?.wholeNumber, value <= 1_000_000_000 else {
        throw Malformed(
          message: "“\(op)” needs a whole number from 0 to 1000000000 as “\(key)”.")
      }
      return value
    }
    func optionalInt(_ key: String) throws(Malformed) -> Int? {
      item[key] == nil || item[key] == .null ? nil : try int(key)
    }
    func text(_ key: String) throws(Malformed) -> String {
      guard case .string(let value)? = item[key], value.utf8.count <= 10_000 else {
        throw Malformed(message: "“\(op)” needs a text “\(key)” of at most 10000 bytes.")
      }
      return value
    }
    func flag(_ key: String) throws(Malformed) -> Bool {
      guard case .bool(let value)? = item[key] else {
        throw Malformed(message: "“\(op)” needs true or false as “\(key)”.")
      }
      return value
    }
    let edit: BoardEdit
    switch name {
    case "move":
      edit = .moveCard(CardID(try int("card")), column: try int("column"), index: try int("index"))
    case "moveColumn": edit = .moveColumn(from: try int("from"), to: try int("to"))
    case "add":
      edit = .addCard(
        title: try text("title"), column: try int("column"), index: try optionalInt("index"))
    case "rename": edit = .setTitle(CardID(try int("card")), try text("title"))
    case "delete": edit = .removeCard(CardID(try int("card")))
    case "tick": edit = .setDone(CardID(try int("card")), try flag("done"))
    case "subtask":
      edit = .setSubtask(CardID(try int("card")), index: try int("index"), done: try flag("done"))
    case "addSubtask": edit = .addSubtask(CardID(try int("card")), title: try text("title"))
    case "deleteSubtask": edit = .removeSubtask(CardID(try int("card")), index: try int("index"))
    case "renameSubtask":
      edit = .renameSubtask(
        CardID(try int("card")), index: try int("index"), title: try text("title"))
    case "moveSubtask":
      edit = .moveSubtask(CardID(try int("card")), from: try int("from"), to: try int("to"))
    case "describe":
      var lines: [String] = []
      if case .array(let items)? = item["lines"], items.count <= 1000 {
        for line in items {
          guard case .string(let text) = line, text.utf8.count <= 10_000 else { break }
          lines.append(text)
        }
      }
      guard case .array(let given)? = item["lines"], given.count == lines.count else {
        throw Malformed(
          message: "“describe” needs “lines”, a list of at most 1000 texts of 10000 bytes.")
      }
      edit = .setDescription(CardID(try int("card")), lines)
    case "due":
      var due: String?
      switch item["due"] {
      case nil, .null?: due = nil
      case .string?: due = try text("due")
      default: throw Malformed(message: "“due” needs a date as text, or an empty text.")
      }
      edit = .setDue(CardID(try int("card")), due?.isEmpty == true ? nil : due)
    case "addColumn": edit = .addColumn(title: try text("title"))
    case "renameColumn": edit = .renameColumn(try int("column"), title: try text("title"))
    case "deleteColumn":
      edit = .removeColumn(
        try int("column"), withCards: item["withCards"] == nil ? false : try flag("withCards"))
    case "undo": return .undo
    case "redo": return .redo
    case "reload": return .reload
    case "overwrite": return .overwrite
    default: throw Malformed(message: "Unknown “op”: “\(op)”.")
    }
    return .edit(edit)
  }
}
