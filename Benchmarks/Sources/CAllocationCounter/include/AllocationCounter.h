#ifndef ARRANGE_ALLOCATION_COUNTER_H
#define ARRANGE_ALLOCATION_COUNTER_H

#include <stdint.h>

/// Counts of heap operations seen by the interposed allocator since the last reset.
typedef struct {
  /// Calls that allocate: malloc, calloc, posix_memalign, aligned_alloc, memalign, valloc,
  /// pvalloc, and realloc with a null pointer.
  uint64_t allocations;
  /// realloc calls on an existing block (a new or moved block: counted separately).
  uint64_t reallocations;
  /// free calls (and realloc to size 0) on a non-null pointer.
  uint64_t frees;
  /// Bytes requested by the calls counted in `allocations` and `reallocations`.
  uint64_t bytes;
} arrange_allocation_counts;

/// Whether this build interposes the allocator (glibc); when 0 the counts stay at zero.
int arrange_allocation_counter_is_interposing(void);

/// Sets every count to zero.
void arrange_allocation_counter_reset(void);

/// The counts since the last reset.
arrange_allocation_counts arrange_allocation_counter_read(void);

/// Allocates and frees one block through `malloc`, so callers can check that counting works.
void arrange_allocation_counter_probe(void);

/// Bytes in use according to glibc's `mallinfo2()` (0 when unavailable): the fallback measure.
uint64_t arrange_allocation_counter_mallinfo_in_use(void);

#endif
