// Counts heap allocations by interposing the C allocator.
//
// On glibc the executable defines malloc, calloc, realloc, free, posix_memalign, aligned_alloc,
// memalign, valloc and pvalloc and forwards each to glibc's own implementation (`__libc_malloc`
// and friends). Because the definitions live in the executable and are exported to the dynamic
// symbol table, every shared library (libswiftCore, Foundation, libc itself) binds to them. All
// blocks still come from the same glibc heap, so `malloc_usable_size` and `free` stay consistent.
//
// Counting uses relaxed atomics: it costs a few nanoseconds per call and is thread-safe.

#include "AllocationCounter.h"

#include <stdatomic.h>
#include <stddef.h>

#if defined(__linux__) && defined(__GLIBC__)

#include <errno.h>
#include <malloc.h>
#include <unistd.h>

#define ARRANGE_INTERPOSING 1

extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *pointer, size_t size);
extern void __libc_free(void *pointer);
extern void *__libc_memalign(size_t alignment, size_t size);

static _Atomic uint64_t allocation_count;
static _Atomic uint64_t reallocation_count;
static _Atomic uint64_t free_count;
static _Atomic uint64_t byte_count;

static inline void count_allocation(size_t size) {
  atomic_fetch_add_explicit(&allocation_count, 1, memory_order_relaxed);
  atomic_fetch_add_explicit(&byte_count, size, memory_order_relaxed);
}

void *malloc(size_t size) {
  count_allocation(size);
  return __libc_malloc(size);
}

void *calloc(size_t count, size_t size) {
  count_allocation(count * size);
  return __libc_calloc(count, size);
}

void *realloc(void *pointer, size_t size) {
  if (pointer == NULL) {
    count_allocation(size);
  } else if (size == 0) {
    atomic_fetch_add_explicit(&free_count, 1, memory_order_relaxed);
  } else {
    atomic_fetch_add_explicit(&reallocation_count, 1, memory_order_relaxed);
    atomic_fetch_add_explicit(&byte_count, size, memory_order_relaxed);
  }
  return __libc_realloc(pointer, size);
}

void free(void *pointer) {
  if (pointer != NULL) {
    atomic_fetch_add_explicit(&free_count, 1, memory_order_relaxed);
  }
  __libc_free(pointer);
}

static int is_power_of_two(size_t value) { return value != 0 && (value & (value - 1)) == 0; }

int posix_memalign(void **result, size_t alignment, size_t size) {
  if (!is_power_of_two(alignment) || alignment % sizeof(void *) != 0) {
    return EINVAL;
  }
  count_allocation(size);
  void *pointer = __libc_memalign(alignment, size);
  if (pointer == NULL) {
    return ENOMEM;
  }
  *result = pointer;
  return 0;
}

void *aligned_alloc(size_t alignment, size_t size) {
  count_allocation(size);
  return __libc_memalign(alignment, size);
}

void *memalign(size_t alignment, size_t size) {
  count_allocation(size);
  return __libc_memalign(alignment, size);
}

void *valloc(size_t size) {
  count_allocation(size);
  return __libc_memalign((size_t)sysconf(_SC_PAGESIZE), size);
}

void *pvalloc(size_t size) {
  size_t page = (size_t)sysconf(_SC_PAGESIZE);
  size_t rounded = (size + page - 1) & ~(page - 1);
  count_allocation(rounded);
  return __libc_memalign(page, rounded == 0 ? page : rounded);
}

uint64_t arrange_allocation_counter_mallinfo_in_use(void) {
  struct mallinfo2 info = mallinfo2();
  return (uint64_t)(info.uordblks + info.hblkhd);
}

#else

#include <stdlib.h>

#define ARRANGE_INTERPOSING 0

static _Atomic uint64_t allocation_count;
static _Atomic uint64_t reallocation_count;
static _Atomic uint64_t free_count;
static _Atomic uint64_t byte_count;

uint64_t arrange_allocation_counter_mallinfo_in_use(void) { return 0; }

#endif

int arrange_allocation_counter_is_interposing(void) { return ARRANGE_INTERPOSING; }

void arrange_allocation_counter_reset(void) {
  atomic_store_explicit(&allocation_count, 0, memory_order_relaxed);
  atomic_store_explicit(&reallocation_count, 0, memory_order_relaxed);
  atomic_store_explicit(&free_count, 0, memory_order_relaxed);
  atomic_store_explicit(&byte_count, 0, memory_order_relaxed);
}

arrange_allocation_counts arrange_allocation_counter_read(void) {
  arrange_allocation_counts counts;
  counts.allocations = atomic_load_explicit(&allocation_count, memory_order_relaxed);
  counts.reallocations = atomic_load_explicit(&reallocation_count, memory_order_relaxed);
  counts.frees = atomic_load_explicit(&free_count, memory_order_relaxed);
  counts.bytes = atomic_load_explicit(&byte_count, memory_order_relaxed);
  return counts;
}

void arrange_allocation_counter_probe(void) {
  // A volatile pointer keeps the compiler from eliding the pair.
  void *volatile block = malloc(24);
  free(block);
}
