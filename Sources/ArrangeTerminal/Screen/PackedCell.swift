/// A cell as ``CellBuffer`` stores it: plain bytes, so that copying, comparing and overwriting a
/// cell costs no reference counting.
///
/// A grapheme of up to 15 UTF-8 bytes (every letter, CJK character, flag and most emoji
/// sequences) sits inline; a longer one (a family emoji, text with many combining marks) is kept
/// in its buffer's overflow list, and the cell holds its index there.
struct PackedCell: Hashable, Sendable {
  /// UTF-8 bytes 0–7 of the grapheme, or its index in the overflow list.
  var low: UInt64
  /// UTF-8 bytes 8–14; the top byte holds the byte count (0–15), or 0xFF for an overflow index.
  var high: UInt64
  /// How it is drawn.
  var style: CellStyle
  /// 1, 2 for the first cell of a wide character, 0 for its continuation.
  var width: UInt8

  private static let overflowTag: UInt64 = 0xFF << 56

  /// A blank (one space) in `style`.
  static func blank(_ style: CellStyle) -> PackedCell {
    PackedCell(low: 0x20, high: 1 << 56, style: style, width: 1)
  }

  /// One printable ASCII character in `style`.
  static func ascii(_ byte: UInt8, style: CellStyle) -> PackedCell {
    PackedCell(low: UInt64(byte), high: 1 << 56, style: style, width: 1)
  }

  /// The second half of a wide character in `style`.
  static func continuation(_ style: CellStyle) -> PackedCell {
    PackedCell(low: 0, high: 0, style: style, width: 0)
  }

  /// A cell whose grapheme lives at `index` in the overflow list.
  static func overflow(_ index: Int, style: CellStyle, width: UInt8) -> PackedCell {
    PackedCell(low: UInt64(index), high: overflowTag, style: style, width: width)
  }

  /// Packs `bytes` inline, or returns `nil` when there are more than 15.
  init?(bytes: some Sequence<UInt8>, style: CellStyle, width: UInt8) {
    var low: UInt64 = 0
    var high: UInt64 = 0
    var count = 0
    for byte in bytes {
      if count == 15 { return nil }
      if count < 8 {
        low |= UInt64(byte) << (8 * UInt64(count))
      } else {
        high |= UInt64(byte) << (8 * UInt64(count - 8))
      }
      count += 1
    }
    self.init(low: low, high: high | UInt64(count) << 56, style: style, width: width)
  }

  private init(low: UInt64, high: UInt64, style: CellStyle, width: UInt8) {
    self.low = low
    self.high = high
    self.style = style
    self.width = width
  }

  /// Whether the grapheme is in the overflow list (at index ``low``).
  var isOverflow: Bool { high & Self.overflowTag == Self.overflowTag }

  /// Appends the inline grapheme's UTF-8 bytes (nothing for an overflow cell).
  func appendInlineBytes(to output: inout [UInt8]) {
    guard !isOverflow else { return }
    let count = Int(high >> 56)
    for index in 0..<count {
      let word = index < 8 ? low : high
      output.append(UInt8(truncatingIfNeeded: word >> (8 * UInt64(index % 8))))
    }
  }

  /// The inline grapheme as a string (empty for an overflow cell).
  var inlineText: String {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(15)
    appendInlineBytes(to: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }
}
