// The little C runtime the engines need in the browser: memory (blocks in power-of-two size
// classes, each class a free list, taken from the WebAssembly memory as it grows) and the mem*
// functions. No libc is linked.
//
// A freed block goes back to its class and serves the next request of that class, so a page
// that drags for hours reuses the same blocks instead of fragmenting its memory; a block wastes
// less than half its size.
#include <stddef.h>
#include <stdint.h>

extern unsigned char __heap_base;

typedef struct Block {
  size_t size_class;   // the block holds 1 << size_class bytes after the header
  struct Block *next;  // next free block of the class (free blocks only)
} Block;

static unsigned char *heap_end = 0;
static Block *free_lists[32];

#define ALIGN 16
#define HEADER ((sizeof(Block) + ALIGN - 1) & ~(size_t)(ALIGN - 1))

static size_t round_up(size_t n, size_t a) { return (n + a - 1) & ~(a - 1); }

static void *grow(size_t bytes) {
  if (!heap_end) heap_end = (unsigned char *)round_up((size_t)&__heap_base, ALIGN);
  size_t limit = __builtin_wasm_memory_size(0) * 65536;
  size_t needed = (size_t)heap_end + bytes;
  if (needed < (size_t)heap_end) return 0;
  if (needed > limit) {
    size_t pages = (needed - limit + 65535) / 65536;
    if (__builtin_wasm_memory_grow(0, pages) == (size_t)-1) return 0;
  }
  void *start = heap_end;
  heap_end += bytes;
  return start;
}

void *malloc(size_t size) {
  size_t size_class = 4;  // 16 bytes at least
  while (((size_t)1 << size_class) < size) {
    if (++size_class >= 31) return 0;
  }
  Block *block = free_lists[size_class];
  if (block) {
    free_lists[size_class] = block->next;
  } else {
    block = grow(HEADER + ((size_t)1 << size_class));
    if (!block) return 0;
    block->size_class = size_class;
  }
  return (unsigned char *)block + HEADER;
}

void free(void *pointer) {
  if (!pointer) return;
  Block *block = (Block *)((unsigned char *)pointer - HEADER);
  block->next = free_lists[block->size_class];
  free_lists[block->size_class] = block;
}

int posix_memalign(void **out, size_t alignment, size_t size) {
  if (alignment <= ALIGN) {
    *out = malloc(size);
    return *out ? 0 : 12;
  }
  // Larger alignments are not asked for by the engines; refuse them rather than waste memory.
  return 22;
}

void *memcpy(void *to, const void *from, size_t n) {
  unsigned char *d = to;
  const unsigned char *s = from;
  while (n--) *d++ = *s++;
  return to;
}

void *memmove(void *to, const void *from, size_t n) {
  unsigned char *d = to;
  const unsigned char *s = from;
  if (d < s) {
    while (n--) *d++ = *s++;
  } else {
    d += n;
    s += n;
    while (n--) *--d = *--s;
  }
  return to;
}

void *memset(void *to, int value, size_t n) {
  unsigned char *d = to;
  while (n--) *d++ = (unsigned char)value;
  return to;
}

int memcmp(const void *a, const void *b, size_t n) {
  const unsigned char *x = a, *y = b;
  for (; n; n--, x++, y++) {
    if (*x != *y) return *x - *y;
  }
  return 0;
}

// Swift's code guards its stack frames; a smashed guard stops the module.
uintptr_t __stack_chk_guard = 0x5f3759df;
void __stack_chk_fail(void) { __builtin_trap(); }

// Rounding half away from zero, as C's round.
double round(double x) {
  double t = __builtin_trunc(x);
  if (__builtin_fabs(x - t) >= 0.5) t += __builtin_copysign(1.0, x);
  return t;
}

// Seeds for hashing: the page has no entropy source to import, and hashing only needs the
// seeds to be fixed for the life of the module.
void arc4random_buf(void *buffer, size_t count) {
  static uint64_t state = 0x9e3779b97f4a7c15ull;
  unsigned char *bytes = buffer;
  for (size_t i = 0; i < count; i++) {
    state ^= state << 13;
    state ^= state >> 7;
    state ^= state << 17;
    bytes[i] = (unsigned char)state;
  }
}
