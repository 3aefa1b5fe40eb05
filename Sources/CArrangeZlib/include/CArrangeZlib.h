#ifndef C_ARRANGE_ZLIB_H
#define C_ARRANGE_ZLIB_H

#include <stddef.h>
#include <stdint.h>

/// Compresses the `count` bytes at `bytes` as one gzip member (RFC 1952) at zlib's best level,
/// with no file name and no time in its header, so the same bytes always give the same output.
/// Writes at most `capacity` bytes to `out` and returns how many, or -1 when they do not fit or
/// zlib fails.
long arrange_gzip(const uint8_t *bytes, size_t count, uint8_t *out, size_t capacity);

/// The most bytes `arrange_gzip` can write for `count` bytes.
size_t arrange_gzip_bound(size_t count);

#endif
