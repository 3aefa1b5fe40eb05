import ArrangeJSON

/// The tag colours an Obsidian Kanban board's settings footer gives (`"tag-colors":
/// [{"tagKey":"#urgent","color":"rgba(…)","backgroundColor":"rgba(…)"}]`), as the page gets
/// them: `{"#urgent":["rgba(…)","rgba(…)"]}`, text colour then background.
///
/// Only colours written as `#rgb`, `#rrggbb` (with or without alpha), `rgb(…)` or `rgba(…)`
/// with numbers are passed on: anything else (a `url(…)`, a `var(…)`) is left out, so a board
/// file can never make the page fetch or run anything. A footer that is not JSON gives `{}`.
enum ObsidianTagColors {
  /// The most tags passed on, and the longest tag.
  static let maximumTags = 500
  static let maximumTagLength = 200

  /// The JSON object for the settings text `settings` (``BoardDocument/obsidianSettings``).
  static func json(_ settings: String?) -> String {
    guard let settings, settings.utf8.count <= 1 << 20,
      let value = try? JSONReader.parse(Array(settings.utf8), maximumDepth: 64),
      value.firstRepeatedKey == nil, let entries = value["tag-colors"]?.array
    else { return "{}" }
    // As the plugin reads them: a tag named twice takes its last entry.
    var order: [String] = []
    var found: [String: String] = [:]
    let quoted = BoardMessages.quoted
    for entry in entries.prefix(maximumTags) {
      guard let tag = entry["tagKey"]?.string, !tag.isEmpty,
        tag.utf8.count <= maximumTagLength
      else { continue }
      let color = entry["color"].flatMap(Self.colour)
      let background = entry["backgroundColor"].flatMap(Self.colour)
      guard color != nil || background != nil else { continue }
      if found[tag] == nil { order.append(tag) }
      found[tag] = "[\(color.map(quoted) ?? "null"),\(background.map(quoted) ?? "null")]"
    }
    return "{" + order.map { quoted($0) + ":" + (found[$0] ?? "null") }.joined(separator: ",") + "}"
  }

  /// `value` when it is a colour in a form passed on, else `nil`.
  static func colour(_ value: JSONValue) -> String? {
    guard let text = value.string else { return nil }
    let bytes = Array(text.utf8)
    guard !bytes.isEmpty, bytes.count <= 64 else { return nil }
    func isHex(_ byte: UInt8) -> Bool {
      (0x30...0x39).contains(byte) || (0x41...0x46).contains(byte) || (0x61...0x66).contains(byte)
    }
    if bytes[0] == UInt8(ascii: "#") {
      return [4, 5, 7, 9].contains(bytes.count) && bytes.dropFirst().allSatisfy(isHex) ? text : nil
    }
    let lower = text.lowercased()
    guard lower.hasPrefix("rgb(") || lower.hasPrefix("rgba("), lower.hasSuffix(")") else {
      return nil
    }
    let inside = lower.drop { $0 != "(" }.dropFirst().dropLast()
    let parts = inside.split(separator: ",", omittingEmptySubsequences: false)
    guard (3...4).contains(parts.count) else { return nil }
    for part in parts {
      let number = part.filter { $0 != " " }
      guard !number.isEmpty, number.utf8.count <= 12,
        number.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == "." || $0 == "%") })
      else { return nil }
    }
    return text
  }
}
