#if canImport(Glibc)
  import Glibc
#endif

/// How the server's memory is handed back to the system.
enum ServerMemory {
  /// The size from which a buffer gets pages of its own, given back when it is freed.
  static let ownPagesFrom: Int32 = 1024 * 1024

  /// Makes every buffer of a megabyte or more (a large board's JSON, its file's bytes, each
  /// version's message) get pages of its own, which go back to the system when it is freed.
  ///
  /// glibc otherwise raises that size to the largest buffer freed so far: after the first
  /// version of a 7 MB board, every later one is carved out of the heap, and the heap keeps
  /// what it once held (tens of megabytes more after a few hundred changes). Process-wide; a
  /// no-op elsewhere than glibc.
  static func giveBackLargeBuffers() {
    #if canImport(Glibc)
      // mallopt(M_MMAP_THRESHOLD, …): <malloc.h> is not part of the Glibc module.
      typealias Mallopt = @convention(c) (Int32, Int32) -> Int32
      let mmapThreshold: Int32 = -3
      if let mallopt = dlsym(nil, "mallopt").map({ unsafeBitCast($0, to: Mallopt.self) }) {
        _ = mallopt(mmapThreshold, ownPagesFrom)
      }
    #endif
  }
}
