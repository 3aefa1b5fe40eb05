/// Finds out whether a terminal supports synchronized output (mode 2026), from its replies to
/// ``query``.
///
/// The query asks for the state of private mode 2026 (DECRQM) and then for the primary device
/// attributes (DA1). Every terminal answers DA1, and answers in order, so the DA1 reply is a
/// sentinel: a mode report that came before it says whether the mode is known, and a DA1 reply
/// with no mode report before it means the terminal ignored the question.
///
/// The probe is a value the host owns: it feeds whatever it reads, in chunks split anywhere, and
/// the result is the same however the bytes were split. Bytes that are not one of the two replies
/// (keys typed meanwhile, mouse reports, pastes, other replies) are kept byte for byte and in
/// order in ``leftover``, for the input decoder; text inside a bracketed paste is never taken for
/// a reply. Nothing is held back without bound: an unfinished sequence longer than a few hundred
/// bytes is given up and kept as leftover.
///
/// ```swift
/// var probe = SynchronizedOutputProbe()
/// write(SynchronizedOutputProbe.query)
/// probe.feed(Array("x\u{1B}[?2026;2$y".utf8))  // status is .waiting, leftover is "x"
/// probe.feed(Array("\u{1B}[?62;22c".utf8))     // status is .supported
/// ```
public struct SynchronizedOutputProbe: Hashable, Sendable {
  /// How far the probe has got.
  public enum Status: Hashable, Sendable {
    /// The DA1 reply has not arrived yet.
    case waiting
    /// The terminal reported mode 2026 as set, reset or permanently set.
    case supported
    /// The terminal does not know mode 2026, reported it permanently reset, or never answered.
    case unsupported
  }

  /// The bytes to write: DECRQM for private mode 2026 (`ESC [ ? 2026 $ p`), then DA1 (`ESC [ c`).
  public static let query: [UInt8] = Array("\u{1B}[?2026$p\u{1B}[c".utf8)

  /// The longest unfinished sequence the probe holds back before giving it up as leftover.
  static let maximumPendingLength = 256

  /// How far the probe has got; ``Status/waiting`` until the DA1 reply or ``finish()``.
  public private(set) var status: Status = .waiting

  /// The bytes fed so far that were not one of the probe's replies, in order and unchanged.
  ///
  /// After the probe has finished, everything fed goes here.
  public private(set) var leftover: [UInt8] = []

  /// The setting (`Ps`) of the last mode 2026 report, if one has arrived.
  private(set) var reportedSetting: Int?

  /// How many bytes were taken as replies (for checking that nothing is lost).
  private(set) var consumedCount = 0

  /// The start of what may be a reply, held back until it is complete or cannot be one.
  private var pending: [UInt8] = []

  /// Whether a bracketed paste is in progress, so that nothing in it is taken for a reply.
  private var isPasting = false

  /// How many bytes of the paste start (outside a paste) or end (inside one) marker the leftover
  /// currently ends with.
  private var markerProgress = 0

  /// Creates a probe that is waiting for replies.
  public init() {}

  /// Whether the probe has a result (the DA1 reply arrived, or ``finish()`` was called).
  public var isFinished: Bool { status != .waiting }

  /// How many bytes are held back as the possible start of a reply.
  var pendingCount: Int { pending.count }

  /// Feeds bytes read from the terminal, in any chunks.
  ///
  /// A reply may be split across calls. Once the probe has finished, bytes go straight to
  /// ``leftover``.
  public mutating func feed(_ bytes: [UInt8]) {
    for byte in bytes { feed(byte) }
  }

  /// Gives up waiting (the time allowed has passed): without the DA1 reply the answer is
  /// ``Status/unsupported``, and any bytes held back go to ``leftover``.
  ///
  /// A mode report without the DA1 sentinel after it is not trusted: a terminal that answers one
  /// but not the other is too odd to use the mode with. Calling it after the probe has finished
  /// changes nothing.
  public mutating func finish() {
    guard !isFinished else { return }
    release(pending)
    pending = []
    status = .unsupported
  }
}

// MARK: - Bytes

extension SynchronizedOutputProbe {
  private static let escape: UInt8 = 0x1B
  private static let pasteStart: [UInt8] = Array("\u{1B}[200~".utf8)
  private static let pasteEnd: [UInt8] = Array("\u{1B}[201~".utf8)

  /// Takes one byte: a reply is `ESC [ ?`, digits and semicolons, then `c` (DA1) or `$ y`
  /// (DECRPM); anything else is released as leftover as soon as it cannot be one.
  private mutating func feed(_ byte: UInt8) {
    guard !isFinished, !isPasting else {
      release(byte)
      return
    }
    guard !pending.isEmpty else {
      if byte == Self.escape { pending = [byte] } else { release(byte) }
      return
    }
    pending.append(byte)
    let isPossible: Bool
    switch pending.count {
    case 2: isPossible = byte == 0x5B  // [
    case 3: isPossible = byte == 0x3F  // ?
    default:
      if pending[pending.count - 2] == 0x24 {  // $ is only ever followed by y
        isPossible = byte == 0x79
        if isPossible {
          completeModeReport()
          return
        }
      } else if byte == 0x63 {  // c
        completeDeviceAttributes()
        return
      } else {
        isPossible = (0x30...0x39).contains(byte) || byte == 0x3B || byte == 0x24  // digits ; $
      }
    }
    guard isPossible else {
      giveUpPending()
      return
    }
    if pending.count >= Self.maximumPendingLength {
      // A runaway sequence: no reply is this long.
      release(pending)
      pending = []
    }
  }

  /// The pending bytes cannot be a reply: they are leftover, except a last Escape, which may
  /// start one (a reply only holds an Escape at its start).
  private mutating func giveUpPending() {
    if pending.count > 1, pending[pending.count - 1] == Self.escape {
      release(pending[..<(pending.count - 1)])
      pending = [Self.escape]
    } else {
      release(pending)
      pending = []
    }
  }

  /// The pending bytes end with `$ y`: a mode report, taken if it is about mode 2026.
  private mutating func completeModeReport() {
    let parameters = Self.numbers(pending[3..<(pending.count - 2)])
    guard parameters.count == 2, parameters[0] == 2026, let setting = parameters[1] else {
      release(pending)
      pending = []
      return
    }
    reportedSetting = setting
    consumedCount += pending.count
    pending = []
  }

  /// The pending bytes end with `c`: the DA1 reply, which ends the probe.
  private mutating func completeDeviceAttributes() {
    consumedCount += pending.count
    pending = []
    switch reportedSetting {
    case 1, 2, 3: status = .supported
    default: status = .unsupported
    }
  }

  /// Appends bytes to the leftover.
  private mutating func release(_ bytes: some Collection<UInt8>) {
    for byte in bytes { release(byte) }
  }

  /// Appends one byte to the leftover, following bracketed paste markers on the way.
  private mutating func release(_ byte: UInt8) {
    leftover.append(byte)
    let marker = isPasting ? Self.pasteEnd : Self.pasteStart
    // Only the markers' first byte is an Escape, so a mismatch restarts the match at this byte.
    if byte == marker[markerProgress] {
      markerProgress += 1
    } else {
      markerProgress = byte == Self.escape ? 1 : 0
    }
    if markerProgress == marker.count {
      isPasting.toggle()
      markerProgress = 0
    }
  }

  /// The `;`-separated numbers of a parameter string (`nil` for an empty one); no numbers at all
  /// when it holds anything else or a number too large to be meant.
  private static func numbers(_ bytes: ArraySlice<UInt8>) -> [Int?] {
    var numbers: [Int?] = []
    var current: Int?
    for byte in bytes {
      switch byte {
      case 0x30...0x39:
        let value = (current ?? 0) * 10 + Int(byte - 0x30)
        guard value <= 99_999 else { return [] }
        current = value
      case 0x3B:
        numbers.append(current)
        current = nil
      default:
        return []
      }
    }
    numbers.append(current)
    return numbers
  }
}
