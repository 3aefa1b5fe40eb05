/// A terminal that lives in memory: it interprets the bytes a renderer writes (cursor moves,
/// styles, text, clearing) into a grid of cells that tests read back as lines of text.
///
/// ```swift
/// var terminal = InMemoryTerminal(columns: 20, rows: 2)
/// var renderer = TerminalRenderer()
/// var frame = CellBuffer(columns: 20, rows: 2)
/// frame.write("Hello", column: 0, row: 0)
/// terminal.receive(renderer.render(frame))
/// terminal.lines  // ["Hello               ", "                    "]
/// ```
public struct InMemoryTerminal: Sendable {
  /// The screen as the terminal shows it.
  public private(set) var screen: CellBuffer
  /// Where the cursor is.
  public private(set) var cursor: (column: Int, row: Int) = (0, 0)
  /// Every byte received so far.
  public private(set) var received: [UInt8] = []
  private var style = CellStyle.plain
  private var pending: [UInt8] = []

  /// A blank terminal of `columns` × `rows`.
  public init(columns: Int, rows: Int) {
    screen = CellBuffer(columns: columns, rows: rows)
  }

  /// The screen as lines of text (a wide character shows once).
  public var lines: [String] { screen.lines }

  /// Interprets `bytes` (sequences split across calls are kept until complete).
  public mutating func receive(_ bytes: [UInt8]) {
    received.append(contentsOf: bytes)
    pending.append(contentsOf: bytes)
    var index = 0
    var text: [UInt8] = []
    func flushText() {
      guard !text.isEmpty else { return }
      for character in String(decoding: text, as: UTF8.self) {
        let used = screen.write(
          String(character), column: cursor.column, row: cursor.row, style: style)
        cursor.column += used
      }
      text.removeAll()
    }
    while index < pending.count {
      let byte = pending[index]
      if byte == 0x1B {
        flushText()
        guard index + 1 < pending.count else { break }
        guard pending[index + 1] == UInt8(ascii: "[") else {
          index += 2
          continue
        }
        var end = index + 2
        while end < pending.count, !(0x40...0x7E).contains(pending[end]) { end += 1 }
        guard end < pending.count else { break }
        let parameters = String(decoding: pending[(index + 2)..<end], as: UTF8.self)
        control(pending[end], parameters)
        index = end + 1
      } else if byte == 0x0A {
        flushText()
        cursor = (0, Swift.min(cursor.row + 1, screen.rows - 1))
        index += 1
      } else if byte == 0x0D {
        flushText()
        cursor.column = 0
        index += 1
      } else {
        // Keep a UTF-8 sequence whole even when it is split across calls.
        let length = byte < 0x80 ? 1 : byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : byte >= 0xC0 ? 2 : 1
        guard index + length <= pending.count else { break }
        text.append(contentsOf: pending[index..<(index + length)])
        index += length
      }
    }
    flushText()
    pending.removeFirst(index)
  }

  private mutating func control(_ final: UInt8, _ parameters: String) {
    let numbers = parameters.split(separator: ";", omittingEmptySubsequences: false).map {
      Int($0) ?? 0
    }
    switch final {
    case UInt8(ascii: "H"), UInt8(ascii: "f"):
      let row = Swift.max(1, numbers.first ?? 1) - 1
      let column = Swift.max(1, numbers.count > 1 ? numbers[1] : 1) - 1
      cursor = (Swift.min(column, screen.columns), Swift.min(row, screen.rows - 1))
    case UInt8(ascii: "J"):
      if numbers.first == 2 { screen.clear() }
    case UInt8(ascii: "m"):
      applySGR(numbers.isEmpty ? [0] : numbers)
    default:
      break  // modes, queries and the like do not change the grid
    }
  }

  private mutating func applySGR(_ numbers: [Int]) {
    var index = 0
    while index < numbers.count {
      let number = numbers[index]
      switch number {
      case 0: style = .plain
      case 1: style.isBold = true
      case 2: style.isDim = true
      case 3: style.isItalic = true
      case 4: style.isUnderlined = true
      case 7: style.isReversed = true
      case 22: (style.isBold, style.isDim) = (false, false)
      case 23: style.isItalic = false
      case 24: style.isUnderlined = false
      case 27: style.isReversed = false
      case 30...37: style.foreground = .basic(UInt8(number - 30))
      case 90...97: style.foreground = .basic(UInt8(number - 90 + 8))
      case 40...47: style.background = .basic(UInt8(number - 40))
      case 100...107: style.background = .basic(UInt8(number - 100 + 8))
      case 39: style.foreground = nil
      case 49: style.background = nil
      case 38, 48:
        var color: TerminalColor?
        if index + 2 < numbers.count, numbers[index + 1] == 5 {
          color = .indexed(UInt8(clamping: numbers[index + 2]))
          index += 2
        } else if index + 4 < numbers.count, numbers[index + 1] == 2 {
          color = .rgb(
            UInt8(clamping: numbers[index + 2]), UInt8(clamping: numbers[index + 3]),
            UInt8(clamping: numbers[index + 4]))
          index += 4
        }
        if number == 38 { style.foreground = color } else { style.background = color }
      default: break
      }
      index += 1
    }
  }
}
