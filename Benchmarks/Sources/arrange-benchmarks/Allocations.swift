import CAllocationCounter

/// Heap operations counted by the interposed allocator (see `CAllocationCounter`).
struct AllocationCounts: Equatable {
  /// Blocks allocated (malloc, calloc, the aligned variants, realloc of a null pointer).
  var allocations: UInt64
  /// Blocks grown or shrunk in place or moved by realloc.
  var reallocations: UInt64
  /// Blocks freed.
  var frees: UInt64
  /// Bytes requested by the allocations and reallocations.
  var bytes: UInt64

  /// Allocations plus reallocations: every call that may have taken memory from the heap.
  var total: UInt64 { allocations + reallocations }
}

/// Reads and resets the allocation counters of the interposed allocator.
enum AllocationCounter {
  /// How allocations are counted in this run.
  enum Method: CustomStringConvertible {
    /// Every call to malloc and friends is counted (glibc interposition works).
    case interposed
    /// Interposition did not take effect: only the net change of `mallinfo2()` bytes in use is
    /// visible, which misses blocks that are allocated and freed within the measured code.
    case mallinfoFallback
    /// Neither is available on this platform.
    case unavailable

    var description: String {
      switch self {
      case .interposed: return "interposed malloc/calloc/realloc/free/memalign (exact counts)"
      case .mallinfoFallback: return "mallinfo2() deltas (net bytes only; interposition failed)"
      case .unavailable: return "unavailable on this platform"
      }
    }
  }

  /// Checks that counting works: a probe allocation from C and an array allocation from Swift
  /// must both be seen.
  static let method: Method = {
    guard arrange_allocation_counter_is_interposing() != 0 else { return .unavailable }
    arrange_allocation_counter_reset()
    arrange_allocation_counter_probe()
    let afterProbe = arrange_allocation_counter_read()
    arrange_allocation_counter_reset()
    let array = makeProbeArray()
    let afterSwift = arrange_allocation_counter_read()
    consume(array.count)
    if afterProbe.allocations >= 1 && afterProbe.frees >= 1 && afterSwift.allocations >= 1 {
      return .interposed
    }
    return .mallinfoFallback
  }()

  /// Sets the counters to zero.
  @inline(__always)
  static func reset() {
    arrange_allocation_counter_reset()
  }

  /// The counts since the last reset.
  @inline(__always)
  static func read() -> AllocationCounts {
    let counts = arrange_allocation_counter_read()
    return AllocationCounts(
      allocations: counts.allocations, reallocations: counts.reallocations,
      frees: counts.frees, bytes: counts.bytes)
  }

  /// Bytes in use according to `mallinfo2()`.
  static func bytesInUse() -> UInt64 {
    arrange_allocation_counter_mallinfo_in_use()
  }

  /// Counts the heap operations of `body`: exact counts when interposing, otherwise the net
  /// growth of the heap reported as one "allocation" per growth.
  static func count(_ body: () -> Void) -> AllocationCounts {
    switch method {
    case .interposed:
      reset()
      body()
      return read()
    case .mallinfoFallback, .unavailable:
      let before = bytesInUse()
      body()
      let after = bytesInUse()
      let grown = after > before ? after - before : 0
      return AllocationCounts(
        allocations: grown > 0 ? 1 : 0, reallocations: 0, frees: 0, bytes: grown)
    }
  }

  @inline(never)
  private static func makeProbeArray() -> [Int] {
    Array(repeating: 7, count: Int(monotonicNanoseconds() % 5) + 3)
  }
}

/// Keeps a value alive and opaque to the optimizer, so the work that produced it is not removed.
@inline(never)
@_optimize(none)
func consume<T>(_ value: T) {}
