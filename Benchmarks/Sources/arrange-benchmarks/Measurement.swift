#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The monotonic clock, in nanoseconds since an arbitrary start (`CLOCK_MONOTONIC`).
@inline(__always)
func monotonicNanoseconds() -> UInt64 {
  var time = timespec()
  clock_gettime(CLOCK_MONOTONIC, &time)
  return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
}

/// Runs `body` once and returns how long it took, in nanoseconds.
@inline(__always)
func measureNanoseconds(_ body: () -> Void) -> Double {
  let start = monotonicNanoseconds()
  body()
  return Double(monotonicNanoseconds() - start)
}

/// Minor page faults of this process so far (`getrusage`): touching memory the kernel has not
/// mapped yet, typically fresh `mmap`ed blocks.
func minorPageFaults() -> Int {
  var usage = rusage()
  getrusage(RUSAGE_SELF.rawValue, &usage)
  return usage.ru_minflt
}

/// A set of timings (or any other samples) and their order statistics.
struct Samples {
  /// The samples, in the order they were taken.
  private(set) var values: [Double] = []

  /// Creates an empty set with room for `capacity` samples.
  init(capacity: Int = 0) {
    values.reserveCapacity(capacity)
  }

  /// Creates a set from existing values.
  init(_ values: [Double]) {
    self.values = values
  }

  /// Adds a sample.
  mutating func append(_ value: Double) {
    values.append(value)
  }

  /// The number of samples.
  var count: Int { values.count }

  /// The nearest-rank percentile `p` (0...100); 0 when there are no samples.
  func percentile(_ p: Double) -> Double {
    guard !values.isEmpty else { return 0 }
    let sorted = values.sorted()
    let rank = Int((p / 100 * Double(sorted.count)).rounded(.up))
    return sorted[Swift.min(Swift.max(rank, 1), sorted.count) - 1]
  }

  /// The median (p50).
  var median: Double { percentile(50) }

  /// The 99th percentile.
  var p99: Double { percentile(99) }

  /// The smallest sample.
  var minimum: Double { values.min() ?? 0 }

  /// Every sample divided by `divisor` (per-node or per-query figures).
  func scaled(by divisor: Double) -> Samples {
    Samples(values.map { $0 / divisor })
  }
}

/// A small, fast, deterministic random number generator (SplitMix64), so every run measures the
/// same inputs.
struct SplitMix64: RandomNumberGenerator {
  private var state: UInt64

  /// Creates a generator from a seed.
  init(seed: UInt64) {
    state = seed
  }

  /// The next 64 random bits.
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
