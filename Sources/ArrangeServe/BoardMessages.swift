package import ArrangeBoard

/// The JSON the page and the server exchange.
///
/// The server sends the board as
/// `{"version":3,"file":"board.md","message":null,"columns":[{"title":"To Do","limit":null,
/// "complete":false,"cards":[{"id":1,"title":"…","done":null,"due":null,"description":[],
/// "subtasks":[{"title":"…","done":false}]}]}],"archive":["…"]}` (the Obsidian archive's card
/// titles; a card's title marks and what its due date means now are read here too, see
/// ``cardOpening(_:details:clock:)``), and the page asks for changes with
/// `{"version":3,"requests":[{"op":"moveCard","card":1,"column":2,"index":0}]}` (see
/// ``BoardMessages/requests(from:)`` for every `op`).
package enum BoardMessages {
  /// The board of `shared` as the page reads it, with `message` for its status line.
  package static func board<Storage>(_ shared: SharedBoard<Storage>, message: String?) -> String {
    BoardSnapshot(shared, message: message, serial: 0).json
  }

  /// The JSON of one card but its closing brace (``dueJSON(_:clock:)`` may follow), and when
  /// its date is due (seconds since 1970; `nil` for none, or a text in no form read as one).
  ///
  /// A title with marks (``CardMarks``) has them read here, by the rule the terminal reads
  /// them by: `"marks"` holds its runs — a string for plain words, else `[kind, …]`: `["code",
  /// text]`, `["strong"|"strike"|"highlight"|"emphasis", runs]`, `["wikiLink", shown]`,
  /// `["link", address, runs]`, `["tag", name, hue]`, `["time", text]`, `["date", text]`. A
  /// title without marks has no `"marks"`.
  static func cardOpening(_ card: BoardCard, details: CardDetails, clock: DueDateClock) -> (
    json: String, dueAt: Int?
  ) {
    var json = "{\"id\":\(card.id.rawValue),\"title\":\(quoted(card.title))"
    let runs = CardMarks.runs(of: card.title)
    if runs.count > 1 || runs.first.map({ if case .text = $0 { false } else { true } }) == true {
      json += ",\"marks\":" + runsJSON(runs)
    }
    json += ",\"done\":\(card.checkbox.map { "\($0)" } ?? "null")"
    json += ",\"due\":\(details.due.map(quoted) ?? "null")"
    let dueAt = details.due.flatMap { DueDate.instant(of: $0, clock: clock) }
    if let dueAt { json += ",\"dueAt\":\(dueAt)" }
    json += ",\"description\":[\(details.description.map(quoted).joined(separator: ","))]"
    json += ",\"subtasks\":["
    json += details.subtasks.map {
      "{\"title\":\(quoted($0.title)),\"done\":\($0.isDone)}"
    }.joined(separator: ",")
    return (json + "]", dueAt)
  }

  /// What a card's due date means now, as the card's last fields: `,"urgency":"soon",
  /// "dueMark":"◷ due in 2 days","dueSpoken":"in 2 days"` — words the terminal uses too
  /// (``DueDate/Urgency``); nothing for a date later than soon.
  static func dueJSON(_ urgency: DueDate.Urgency) -> String {
    guard let name = urgency.name, let mark = urgency.signedMark, let spoken = urgency.spoken
    else { return "" }
    return
      ",\"urgency\":\(quoted(name)),\"dueMark\":\(quoted(mark)),\"dueSpoken\":\(quoted(spoken))"
  }

  /// `runs` as JSON (see ``cardOpening(_:details:clock:)``).
  static func runsJSON(_ runs: [CardMarks.Run]) -> String {
    "["
      + runs.map { run in
        switch run {
        case .text(let text): quoted(text)
        case .code(let text): "[\"code\",\(quoted(text))]"
        case .strong(let inner): "[\"strong\",\(runsJSON(inner))]"
        case .strike(let inner): "[\"strike\",\(runsJSON(inner))]"
        case .highlight(let inner): "[\"highlight\",\(runsJSON(inner))]"
        case .emphasis(let inner): "[\"emphasis\",\(runsJSON(inner))]"
        case .wikiLink(let shown): "[\"wikiLink\",\(quoted(shown))]"
        case .link(let address, let label): "[\"link\",\(quoted(address)),\(runsJSON(label))]"
        case .tag(let name, let hue): "[\"tag\",\(quoted(name)),\(hue)]"
        case .time(let text): "[\"time\",\(quoted(text))]"
        case .date(let text): "[\"date\",\(quoted(text))]"
        }
      }.joined(separator: ",") + "]"
  }

  /// The answer to a change: whether it was refused, whether it is saved, and the board now,
  /// as the pieces of its body in order: `{"refused":false,"saved":true,"pending":null,
  /// "message":null,"serial":S,"board":{…}}`, or with `"patch":{…}` (a patch of `base`,
  /// ``BoardSnapshot/patch(from:)``) instead of `"board"` when the page said which snapshot
  /// it holds and it is `base`.
  static func answer(_ snapshot: BoardSnapshot, outcome: SharedBoardOutcome, base: BoardSnapshot?)
    -> [[UInt8]]
  {
    var json = "{\"refused\":\(outcome.refused),\"saved\":\(snapshot.isSaved)"
    json += ",\"pending\":\(snapshot.pending.map(quoted) ?? "null")"
    json += ",\"message\":\(outcome.message.map(quoted) ?? "null")"
    json += ",\"serial\":\(snapshot.serial)"
    if let base { return [Array((json + ",\"patch\":").utf8), snapshot.patch(from: base), [0x7D]] }
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
