/// Turns the bytes a terminal sends into keys, mouse events, pastes and resizes.
///
/// The decoder is a value the host owns: it feeds every read with the time it happened and gets
/// back the events those bytes completed. Bytes that may be the start of a longer sequence (an
/// Escape, half a UTF-8 character, an unfinished control sequence or bracketed paste) wait in the
/// decoder until more bytes arrive or until ``flush(at:)`` is called after a quiet spell, so a read
/// may end anywhere: the events are the same however the bytes are split.
///
/// It understands xterm-style keys (arrows, Home/End, Insert/Delete, Page Up/Down, F1–F12 in the
/// CSI, SS3 and Linux-console encodings, with modifier parameters), Control and Alt combinations,
/// UTF-8 text, SGR mouse reports (mode 1006), bracketed paste (mode 2004) and the xterm window-size
/// reports (`CSI 8 ; rows ; columns t` and the in-band `CSI 48 ; …` of mode 2048). Anything else
/// becomes ``TerminalEvent/unknown(_:)`` with its bytes, and decoding carries on after it; no input
/// makes it trap or stall.
///
/// ```swift
/// var decoder = InputDecoder()
/// decoder.feed(Array("\u{1B}[1;5C".utf8), at: 0)  // [.key(.right, .control)]
/// decoder.feed([0x1B], at: 1)                     // [] (maybe the start of a sequence)
/// decoder.flush(at: 1.1)                          // [.key(.escape, [])]
/// ```
///
/// A character made of several Unicode scalars (a letter and a combining accent, an emoji with a
/// skin tone or joiners) arrives as one key per scalar: waiting to see whether the next scalar
/// extends it would hold back every keystroke. Appending the keys to a `String` joins them again.
public struct InputDecoder: Sendable {
  /// How long, in seconds, an unfinished sequence (a lone Escape above all) may wait for its next
  /// byte before ``flush(at:)`` gives it up and reports what arrived.
  public let escapeTimeout: Double

  /// How long, in seconds, an unfinished bracketed paste may wait for its next byte before
  /// ``flush(at:)`` reports what was pasted so far.
  public let pasteTimeout: Double

  /// Bytes read but not yet turned into events (the start of an unfinished sequence).
  private var buffer: [UInt8] = []
  /// The time of the last read that left bytes waiting.
  private var pendingSince: Double = 0
  /// Whether a bracketed paste has begun and not yet ended.
  private var isPasting = false
  /// The pasted bytes gathered so far.
  private var pasted: [UInt8] = []

  /// Creates a decoder with nothing pending.
  ///
  /// - Parameters:
  ///   - escapeTimeout: Seconds a lone Escape or an unfinished sequence waits for more bytes.
  ///   - pasteTimeout: Seconds an unfinished bracketed paste waits for more bytes.
  public init(escapeTimeout: Double = 0.05, pasteTimeout: Double = 1) {
    // A NaN or negative timeout would keep bytes waiting forever, or make no sense: use zero.
    self.escapeTimeout = escapeTimeout >= 0 ? escapeTimeout : 0
    self.pasteTimeout = pasteTimeout >= 0 ? pasteTimeout : 0
  }

  /// Whether bytes are buffered waiting for more.
  public var hasPending: Bool { !buffer.isEmpty || isPasting }

  /// Feeds bytes read at `time` (seconds); returns the events completed by them.
  ///
  /// Bytes that may begin a longer sequence stay in the decoder; the next `feed` continues them,
  /// and ``flush(at:)`` reports them once no byte has come for the timeout.
  public mutating func feed(_ bytes: some Sequence<UInt8>, at time: Double) -> [TerminalEvent] {
    let countBefore = buffer.count
    buffer.append(contentsOf: bytes)
    guard buffer.count > countBefore else { return [] }
    let events = drain(isFinal: false)
    if hasPending { pendingSince = time }
    return events
  }

  /// Time passing with no input: a lone pending Escape (or a pending incomplete sequence older than
  /// the timeout) becomes events now.
  ///
  /// Call it when a read times out. Nothing happens before the timeout has passed since the last
  /// byte; after it, everything pending is reported and ``hasPending`` is `false`: a lone Escape
  /// becomes ``Key/escape``, `ESC [` and `ESC O` become Alt-`[` and Alt-`O`, an unfinished paste
  /// becomes ``TerminalEvent/paste(_:)`` with what arrived, and other unfinished bytes become
  /// ``TerminalEvent/unknown(_:)``.
  public mutating func flush(at time: Double) -> [TerminalEvent] {
    guard hasPending else { return [] }
    let timeout = isPasting ? pasteTimeout : escapeTimeout
    guard time - pendingSince >= timeout else { return [] }
    return drain(isFinal: true)
  }
}

// MARK: - Driving the steps

extension InputDecoder {
  /// The longest control sequence the decoder waits for; longer ones are garbage.
  static let maximumSequenceLength = 64

  /// The end of a bracketed paste: `ESC [ 2 0 1 ~`.
  static let pasteEnd: [UInt8] = [0x1B, 0x5B, 0x32, 0x30, 0x31, 0x7E]

  /// What the bytes at one position make.
  private enum Step {
    /// An event made of `length` bytes.
    case event(TerminalEvent, length: Int)
    /// The start of a bracketed paste, `length` bytes long.
    case pasteStart(length: Int)
    /// The bytes up to the end of the buffer begin a sequence that needs more.
    case needsMore
  }

  /// Decodes the buffer from the start; when `isFinal`, nothing is left waiting.
  private mutating func drain(isFinal: Bool) -> [TerminalEvent] {
    var events: [TerminalEvent] = []
    var index = 0
    decoding: while index < buffer.count || (isFinal && isPasting) {
      if isPasting {
        if let end = pasteEnd(from: index) {
          pasted.append(contentsOf: buffer[index..<end])
          events.append(finishPaste())
          index = end + Self.pasteEnd.count
          continue
        }
        // Keep back a tail that may be the first bytes of the end marker.
        let kept = isFinal ? 0 : pasteEndPrefixLength(from: index)
        pasted.append(contentsOf: buffer[index..<(buffer.count - kept)])
        index = buffer.count - kept
        if isFinal { events.append(finishPaste()) }
        break
      }
      switch step(at: index) {
      case .event(let event, let length):
        events.append(event)
        index += length
      case .pasteStart(let length):
        isPasting = true
        index += length
      case .needsMore:
        guard isFinal else { break decoding }
        events.append(incompleteEvent(from: index))
        index = buffer.count
      }
    }
    buffer.removeFirst(index)
    return events
  }

  /// Ends the paste in progress and returns its event.
  private mutating func finishPaste() -> TerminalEvent {
    let text = String(decoding: pasted, as: UTF8.self)
    isPasting = false
    pasted = []
    return .paste(text)
  }

  /// Where the end-of-paste marker starts at or after `start`, if it is in the buffer.
  private func pasteEnd(from start: Int) -> Int? {
    var index = start
    while let escape = buffer[index...].firstIndex(of: 0x1B) {
      guard escape + Self.pasteEnd.count <= buffer.count else { return nil }
      if buffer[escape..<(escape + Self.pasteEnd.count)].elementsEqual(Self.pasteEnd) {
        return escape
      }
      index = escape + 1
    }
    return nil
  }

  /// How many bytes at the end of the buffer (after `start`) begin the end-of-paste marker.
  private func pasteEndPrefixLength(from start: Int) -> Int {
    let available = buffer.count - start
    for length in stride(from: min(Self.pasteEnd.count - 1, available), to: 0, by: -1)
    where buffer[(buffer.count - length)...].elementsEqual(Self.pasteEnd[..<length]) {
      return length
    }
    return 0
  }

  /// The event for an unfinished sequence that runs to the end of the buffer, once the wait is over.
  private func incompleteEvent(from start: Int) -> TerminalEvent {
    let bytes = Array(buffer[start...])
    switch bytes {
    case [0x1B]: return .key(.escape, [])
    case [0x1B, 0x5B]: return .key(.character("["), .alt)
    case [0x1B, 0x4F]: return .key(.character("O"), .alt)
    default: return .unknown(bytes)
    }
  }

  /// Decodes the sequence that starts at `start`.
  private func step(at start: Int) -> Step {
    guard buffer[start] == 0x1B else {
      switch keyStep(at: start) {
      case .key(let key, let modifiers, let length):
        return .event(.key(key, modifiers), length: length)
      case .invalid(let length):
        return .event(.unknown(Array(buffer[start..<(start + length)])), length: length)
      case .needsMore:
        return .needsMore
      }
    }
    guard start + 1 < buffer.count else { return .needsMore }
    switch buffer[start + 1] {
    case 0x1B:
      // Escape typed twice, or Escape before a sequence: the first one stands alone.
      return .event(.key(.escape, []), length: 1)
    case 0x5B:
      return controlSequenceStep(at: start)
    case 0x4F:
      return singleShiftStep(at: start)
    default:
      switch keyStep(at: start + 1) {
      case .key(let key, let modifiers, let length):
        return .event(.key(key, modifiers.union(.alt)), length: length + 1)
      case .invalid:
        return .event(.key(.escape, []), length: 1)
      case .needsMore:
        return .needsMore
      }
    }
  }
}

// MARK: - Plain keys and UTF-8

extension InputDecoder {
  /// What the bytes at one position make when they are not an escape sequence.
  private enum KeyStep {
    /// A key made of `length` bytes.
    case key(Key, Modifiers, length: Int)
    /// `length` bytes that are not a key (invalid or control UTF-8).
    case invalid(length: Int)
    /// A UTF-8 character cut short by the end of the buffer.
    case needsMore
  }

  /// Decodes one key that does not start with Escape.
  private func keyStep(at start: Int) -> KeyStep {
    let byte = buffer[start]
    switch byte {
    case 0x0D, 0x0A: return .key(.enter, [], length: 1)
    case 0x09: return .key(.tab, [], length: 1)
    case 0x08, 0x7F: return .key(.backspace, [], length: 1)
    case 0x00: return .key(.character(" "), .control, length: 1)
    case 0x01...0x1A:
      let letter = Character(Unicode.Scalar(byte - 0x01 + 0x61))
      return .key(.character(letter), .control, length: 1)
    case 0x1B:
      // Only reached after an Escape (Escape itself is handled by the caller).
      return .invalid(length: 1)
    case 0x1C...0x1F:
      // Control with \ ] ^ _, the keys that make these codes.
      let symbol = Character(Unicode.Scalar(byte - 0x1C + 0x5C))
      return .key(.character(symbol), .control, length: 1)
    case 0x20...0x7E:
      return .key(.character(Character(Unicode.Scalar(byte))), [], length: 1)
    default:
      return utf8Step(at: start)
    }
  }

  /// Decodes one multi-byte UTF-8 character, following the Unicode table of well-formed sequences.
  private func utf8Step(at start: Int) -> KeyStep {
    let lead = buffer[start]
    let length: Int
    var second: ClosedRange<UInt8> = 0x80...0xBF
    switch lead {
    case 0xC2...0xDF: length = 2
    case 0xE0: length = 3; second = 0xA0...0xBF
    case 0xE1...0xEC, 0xEE...0xEF: length = 3
    case 0xED: length = 3; second = 0x80...0x9F
    case 0xF0: length = 4; second = 0x90...0xBF
    case 0xF1...0xF3: length = 4
    case 0xF4: length = 4; second = 0x80...0x8F
    default: return .invalid(length: 1)
    }
    var value = UInt32(lead) & (0x7F >> length)
    for offset in 1..<length {
      guard start + offset < buffer.count else { return .needsMore }
      let byte = buffer[start + offset]
      // A bad byte ends the invalid part before it, so it is decoded afresh (nothing is lost).
      guard (offset == 1 ? second : 0x80...0xBF).contains(byte) else {
        return .invalid(length: offset)
      }
      value = value << 6 | UInt32(byte & 0x3F)
    }
    // C1 control characters are not something anyone typed.
    guard value >= 0xA0, let scalar = Unicode.Scalar(value) else {
      return .invalid(length: length)
    }
    return .key(.character(Character(scalar)), [], length: length)
  }
}

// MARK: - Escape sequences

extension InputDecoder {
  /// The key that final byte `A`–`D`, `F`, `H` or `P`–`S` stands for, in CSI and SS3 sequences
  /// alike: an arrow, End, Home or F1–F4.
  private static func cursorKey(_ final: UInt8) -> Key {
    switch final {
    case 0x41: .up
    case 0x42: .down
    case 0x43: .right
    case 0x44: .left
    case 0x46: .end
    case 0x48: .home
    default: .function(Int(final) - 0x50 + 1)
    }
  }

  /// Decodes `ESC O x` (SS3), sent by many terminals for arrows, Home/End, F1–F4 and the keypad.
  private func singleShiftStep(at start: Int) -> Step {
    guard start + 2 < buffer.count else { return .needsMore }
    let final = buffer[start + 2]
    let key: Key
    switch final {
    case 0x41...0x44, 0x46, 0x48, 0x50...0x53: key = Self.cursorKey(final)
    case 0x4D: key = .enter
    case 0x58: key = .character("=")
    case 0x6A...0x79:
      // The application keypad: * + , - . / and the digits.
      key = .character(Character(Unicode.Scalar(final - 0x6A + 0x2A)))
    case 0x40...0x7E:
      return .event(.unknown(Array(buffer[start..<(start + 3)])), length: 3)
    default:
      // Not a sequence after all: Alt-O, then whatever follows.
      return .event(.key(.character("O"), .alt), length: 2)
    }
    return .event(.key(key, []), length: 3)
  }

  /// Decodes `ESC [ …` (CSI): parameter bytes, intermediate bytes, then one final byte.
  private func controlSequenceStep(at start: Int) -> Step {
    let limit = min(buffer.count, start + Self.maximumSequenceLength)
    var index = start + 2
    // The Linux console sends F1–F5 as `ESC [ [ A` … `ESC [ [ E`.
    if index < limit, buffer[index] == 0x5B {
      guard index + 1 < buffer.count else { return .needsMore }
      let letter = buffer[index + 1]
      if (0x41...0x45).contains(letter) {
        return .event(.key(.function(Int(letter - 0x41) + 1), []), length: 4)
      }
      return .event(.unknown(Array(buffer[start..<(start + 3)])), length: 3)
    }
    while index < limit, (0x30...0x3F).contains(buffer[index]) { index += 1 }
    let parametersEnd = index
    while index < limit, (0x20...0x2F).contains(buffer[index]) { index += 1 }
    guard index < limit else {
      guard limit == start + Self.maximumSequenceLength else { return .needsMore }
      // A runaway sequence: give up on it so the bytes after it still decode.
      return .event(.unknown(Array(buffer[start..<limit])), length: limit - start)
    }
    let final = buffer[index]
    guard (0x40...0x7E).contains(final) else {
      // Cut short by a byte that cannot be part of it; that byte starts the next event.
      if index == start + 2 { return .event(.key(.character("["), .alt), length: 2) }
      return .event(.unknown(Array(buffer[start..<index])), length: index - start)
    }
    let length = index + 1 - start
    let unknown = Step.event(.unknown(Array(buffer[start..<(index + 1)])), length: length)
    guard parametersEnd == index else { return unknown }  // intermediate bytes: none known
    let parameters = buffer[(start + 2)..<parametersEnd]
    if parameters.first == 0x3C {
      guard let event = Self.mouseEvent(parameters.dropFirst(), final: final) else {
        return unknown
      }
      return .event(event, length: length)
    }
    guard let numbers = Self.numbers(parameters) else { return unknown }
    if final == 0x7E, numbers.first == 200, numbers.count == 1 {
      return .pasteStart(length: length)
    }
    guard let event = Self.controlSequenceEvent(numbers, final: final) else { return unknown }
    return .event(event, length: length)
  }

  /// The event for a CSI sequence with numeric parameters, if it is one the decoder knows.
  private static func controlSequenceEvent(_ numbers: [Int?], final: UInt8) -> TerminalEvent? {
    let first = numbers.first ?? nil
    let modifiers = numbers.count > 1 ? self.modifiers(numbers[1]) : []
    switch final {
    case 0x41...0x44, 0x46, 0x48, 0x50...0x53:
      // `CSI A` or `CSI 1 ; 5 A`; anything else (such as a cursor position report) is unknown.
      guard numbers.count <= 2, first == nil || first == 1 else { return nil }
      return .key(Self.cursorKey(final), modifiers)
    case 0x5A:
      guard numbers.count <= 2 else { return nil }
      return .key(.backTab, modifiers.subtracting(.shift))
    case 0x7E:
      guard numbers.count <= 2, let first, let key = tildeKey(first) else { return nil }
      return .key(key, modifiers)
    case 0x74:
      // Window size reports: `CSI 8 ; rows ; columns t`, and `CSI 48 ; rows ; columns ; … t`.
      guard numbers.count >= 3, first == 8 || first == 48, let rows = numbers[1],
        let columns = numbers[2]
      else { return nil }
      guard first == 48 ? numbers.count == 5 : numbers.count == 3 else { return nil }
      return .resize(columns: columns, rows: rows)
    default:
      return nil
    }
  }

  /// The key for `CSI n ~`.
  private static func tildeKey(_ code: Int) -> Key? {
    switch code {
    case 1, 7: return .home
    case 2: return .insert
    case 3: return .delete
    case 4, 8: return .end
    case 5: return .pageUp
    case 6: return .pageDown
    case 11...15: return .function(code - 10)
    case 17...21: return .function(code - 11)
    case 23...26: return .function(code - 12)
    case 28, 29: return .function(code - 13)
    case 31...34: return .function(code - 14)
    default: return nil
    }
  }

  /// The modifiers of an xterm modifier parameter (1 + bits: 1 Shift, 2 Alt, 4 Control, 8 Meta).
  private static func modifiers(_ parameter: Int?) -> Modifiers {
    guard let parameter, parameter > 1 else { return [] }
    let bits = parameter - 1
    var modifiers: Modifiers = []
    if bits & 1 != 0 { modifiers.insert(.shift) }
    if bits & (2 | 8) != 0 { modifiers.insert(.alt) }
    if bits & 4 != 0 { modifiers.insert(.control) }
    return modifiers
  }

  /// The `;`-separated numbers of a parameter string (`nil` for an empty one), or `nil` if it holds
  /// anything but digits and semicolons or a number too large to be meant.
  private static func numbers(_ bytes: ArraySlice<UInt8>) -> [Int?]? {
    guard !bytes.isEmpty else { return [] }
    var numbers: [Int?] = []
    var current: Int?
    for byte in bytes {
      switch byte {
      case 0x30...0x39:
        let value = (current ?? 0) * 10 + Int(byte - 0x30)
        guard value <= 9_999_999 else { return nil }
        current = value
      case 0x3B:
        numbers.append(current)
        current = nil
      default:
        return nil
      }
    }
    numbers.append(current)
    return numbers
  }

  /// The event for an SGR mouse report `ESC [ < button ; x ; y M` (or `m` on release).
  private static func mouseEvent(_ parameters: ArraySlice<UInt8>, final: UInt8) -> TerminalEvent? {
    guard final == 0x4D || final == 0x6D, let numbers = numbers(parameters), numbers.count == 3,
      let code = numbers[0], let x = numbers[1], let y = numbers[2], code < 128
    else { return nil }
    var modifiers: Modifiers = []
    if code & 4 != 0 { modifiers.insert(.shift) }
    if code & 8 != 0 { modifiers.insert(.alt) }
    if code & 16 != 0 { modifiers.insert(.control) }
    let buttons: [MouseButton] = [.left, .middle, .right, .none]
    var button = buttons[code & 3]
    let isPress = final == 0x4D
    let action: MouseAction
    if code & 64 != 0 {
      // Wheel up and down; 66 and 67 (left and right) have no event, and wheels never release.
      guard isPress, code & 3 < 2 else { return nil }
      action = code & 1 == 0 ? .wheelUp : .wheelDown
      button = .none
    } else if !isPress {
      action = .release
    } else if code & 32 != 0 {
      action = .motion
    } else {
      // Button 3 "pressed" is the legacy encoding of a release.
      action = button == .none ? .release : .press
    }
    // SGR coordinates are 1-based; a 0 (never sent by a sane terminal) is clamped to the edge.
    let event = MouseEvent(
      action, button, column: max(x - 1, 0), row: max(y - 1, 0), modifiers: modifiers)
    return .mouse(event)
  }
}
