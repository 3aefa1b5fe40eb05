#include "CArrangeZlib.h"

#include <string.h>
#include <zlib.h>

size_t arrange_gzip_bound(size_t count) {
  // deflateBound's own worst case for these settings, plus the gzip header and trailer.
  return count + count / 1000 + 64 + 18;
}

long arrange_gzip(const uint8_t *bytes, size_t count, uint8_t *out, size_t capacity) {
  z_stream stream;
  memset(&stream, 0, sizeof stream);
  // 15 + 16: the largest window, wrapped as gzip; zlib's default header has no name and time 0.
  if (deflateInit2(&stream, 9, Z_DEFLATED, 15 + 16, 9, Z_DEFAULT_STRATEGY) != Z_OK) return -1;
  stream.next_in = (Bytef *)bytes;
  stream.next_out = out;
  size_t done = 0;
  int result = Z_OK;
  // zlib counts in 32-bit units: feed and drain at most 1 GiB at a time.
  while (result == Z_OK) {
    size_t in = count - (size_t)((const uint8_t *)stream.next_in - bytes);
    size_t room = capacity - (size_t)(stream.next_out - out);
    stream.avail_in = (uInt)(in > (1u << 30) ? (1u << 30) : in);
    stream.avail_out = (uInt)(room > (1u << 30) ? (1u << 30) : room);
    if (stream.avail_out == 0) break;
    result = deflate(&stream, stream.avail_in == in ? Z_FINISH : Z_NO_FLUSH);
  }
  done = (size_t)(stream.next_out - out);
  deflateEnd(&stream);
  return result == Z_STREAM_END ? (long)done : -1;
}
