package import ArrangeBoard

/// The JSON the page and the server exchange.
///
/// The server sends the board as
/// `{"version":3,"file":"board.md","message":null,"columns":[{"title":"To Do","limit":null,
/// "complete":false,"cards":[{"id":1,"title":"…","done":null,"due":null,"description":[],
/// "subtasks":[{"title":"…","done":false}]}]}],"archive":["…"]}` (the Obsidian archive's card
/// titles), and the page asks for changes with
/// `{"version":3,"requests":[{"op":"moveCard","card":1,"column":2,"index":0}]}` (see
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
}
