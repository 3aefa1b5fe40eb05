/// A small seedable random number generator (SplitMix64) for deterministic test data.
///
/// The same seed always gives the same sequence, on every platform, so a failing case can be
/// replayed from its seed alone.
public struct SeededRandom: RandomNumberGenerator, Sendable {
  /// The generator's state; a generator created with this value as its seed continues the
  /// sequence from here.
  public private(set) var state: UInt64

  /// Creates a generator from a seed.
  public init(seed: UInt64) {
    state = seed
  }

  /// The next 64 random bits.
  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

extension RandomNumberGenerator {
  /// `true` with probability `probability`.
  public mutating func chance(_ probability: Double) -> Bool {
    Double.random(in: 0..<1, using: &self) < probability
  }

  /// A random integer in `range`.
  public mutating func integer(in range: ClosedRange<Int>) -> Int {
    Int.random(in: range, using: &self)
  }

  /// A random element of `options`.
  ///
  /// - Precondition: `options` is not empty.
  public mutating func pick<T>(_ options: [T]) -> T {
    precondition(!options.isEmpty, "nothing to pick from")
    return options[Int.random(in: 0..<options.count, using: &self)]
  }

  /// A random length in `0...limit` that is usually "nice" (a whole number or a quarter), so
  /// that edges meet exactly, and sometimes an arbitrary double.
  public mutating func length(upTo limit: Double) -> Double {
    guard limit > 0 && limit.isFinite else { return 0 }
    let roll = Double.random(in: 0..<1, using: &self)
    let whole = Int(limit.rounded(.down))
    if roll < 0.6 { return Double(Int.random(in: 0...whole, using: &self)) }
    if roll < 0.8 { return Double(Int.random(in: 0...(whole * 4), using: &self)) / 4 }
    if roll < 0.9 { return Double(Int.random(in: 0...(whole * 3), using: &self)) / 3 }
    return Double.random(in: 0...limit, using: &self)
  }

  /// A byte string that looks like terminal input now and then, for fuzzing decoders.
  ///
  /// Up to 24 pieces, and in 2% of strings up to `longPieces` (so that runaway sequences and
  /// long pastes come up); each piece is one of `pieces` (4 times in 10), an ASCII digit
  /// (`digitWeight` times in 10) or a random byte.
  public mutating func terminalBytes(
    from pieces: [[UInt8]], longPieces: Int, digitWeight: Int
  ) -> [UInt8] {
    var bytes: [UInt8] = []
    let count = integer(in: 0...(chance(0.02) ? longPieces : 24))
    for _ in 0..<count {
      let roll = integer(in: 0...9)
      if roll < 4 {
        bytes += pick(pieces)
      } else if roll < 4 + digitWeight {
        bytes.append(UInt8(0x30 + integer(in: 0...9)))
      } else {
        bytes.append(UInt8(truncatingIfNeeded: next()))
      }
    }
    return bytes
  }

  /// A value that the layout engine must treat as invalid: negative, NaN or infinite.
  public mutating func garbage() -> Double {
    pick([-1, -0.5, -250, .nan, .infinity, -.infinity])
  }
}
