/// One line of a board file exactly as it was read: its bytes and its terminator.
struct BoardLine: Hashable, Sendable {
  /// How a line ends.
  enum Terminator: Hashable, Sendable {
    /// No terminator: the last line of a file without a final line break.
    case none
    /// `\n`.
    case lineFeed
    /// `\r\n`.
    case carriageReturnLineFeed
    /// `\r` alone (classic Mac OS files).
    case carriageReturn

    /// The terminator's bytes.
    var bytes: [UInt8] {
      switch self {
      case .none: return []
      case .lineFeed: return [0x0A]
      case .carriageReturnLineFeed: return [0x0D, 0x0A]
      case .carriageReturn: return [0x0D]
      }
    }
  }

  /// The line's bytes without its terminator.
  var content: [UInt8]
  /// How the line ends.
  var terminator: Terminator

  /// Whether the line is empty or holds only whitespace.
  var isBlank: Bool {
    content.allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D || $0 == 0x0B || $0 == 0x0C }
  }

  /// Whether the line starts with a space or a tab.
  var isIndented: Bool {
    guard let first = content.first else { return false }
    return first == 0x20 || first == 0x09
  }

  /// Splits `bytes` into lines, each with its own terminator; the last line may have none.
  ///
  /// Lines end as in CommonMark: at `\n`, at `\r\n`, or at a `\r` not followed by `\n`.
  static func split(_ bytes: [UInt8]) -> [BoardLine] {
    var lines: [BoardLine] = []
    var start = 0
    var index = 0
    while index < bytes.count {
      switch bytes[index] {
      case 0x0A:
        lines.append(BoardLine(content: Array(bytes[start..<index]), terminator: .lineFeed))
        start = index + 1
      case 0x0D:
        if index + 1 < bytes.count && bytes[index + 1] == 0x0A {
          lines.append(
            BoardLine(content: Array(bytes[start..<index]), terminator: .carriageReturnLineFeed))
          index += 1
        } else {
          lines.append(
            BoardLine(content: Array(bytes[start..<index]), terminator: .carriageReturn))
        }
        start = index + 1
      default:
        break
      }
      index += 1
    }
    if start < bytes.count {
      lines.append(BoardLine(content: Array(bytes[start...]), terminator: .none))
    }
    return lines
  }
}

extension String {
  /// The string without whitespace (and line breaks) at either end, judged by Unicode scalar.
  package var trimmingWhitespace: String {
    let scalars = unicodeScalars
    guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
      let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })
    else { return "" }
    return String(scalars[first...last])
  }
}
